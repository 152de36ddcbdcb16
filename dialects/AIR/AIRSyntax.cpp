//===- AIRSyntax.cpp - textual syntax of the AIR ops ----------------------===//
//
// Parsers accept upstream mlir-air's syntax and the compute model's (seed 000)
// additions; printers write upstream's syntax, with `[affinity = ...]` and
// `[concurrency = ...]` lists where an op has them, so that parse, print,
// parse again gives the same IR.
//
//===----------------------------------------------------------------------===//
#include "dialects/AIR/AIRDialect.h"

#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace aircheck::air;

using Unresolved = OpAsmParser::UnresolvedOperand;

namespace {

/// The token clauses an op may carry: `sync`/`async`, plain `[%deps]`, and
/// the named `[dependency = [...]]`, `[affinity = [...]]`,
/// `[concurrency = [...]]` lists.
struct TokenClauses {
  SmallVector<Unresolved> deps, affinity, concurrency;
  bool isAsync = false, isSync = false;
  SMLoc syncLoc;
};

} // namespace

/// Parses any number of `[...]` token lists. The opening bracket has to be
/// owned by a list in every position this is called from.
static ParseResult parseTokenLists(OpAsmParser &p, TokenClauses &t) {
  while (succeeded(p.parseOptionalLSquare())) {
    StringRef kw;
    if (succeeded(p.parseOptionalKeyword(
            &kw, {"dependency", "affinity", "concurrency"}))) {
      SmallVectorImpl<Unresolved> &dst = kw == "dependency" ? t.deps
                                         : kw == "affinity" ? t.affinity
                                                            : t.concurrency;
      if (p.parseEqual() ||
          p.parseOperandList(dst, OpAsmParser::Delimiter::Square) ||
          p.parseRSquare())
        return failure();
      continue;
    }
    // A plain dependency list: `[%a, %b]` or `[]`.
    if (failed(p.parseOptionalRSquare())) {
      if (p.parseOperandList(t.deps) || p.parseRSquare())
        return failure();
    }
  }
  return success();
}

/// `sync` | `async` followed by token lists.
static ParseResult parseAsyncClauses(OpAsmParser &p, TokenClauses &t) {
  SMLoc loc = p.getCurrentLocation();
  if (succeeded(p.parseOptionalKeyword("async")))
    t.isAsync = true;
  else if (succeeded(p.parseOptionalKeyword("sync"))) {
    t.isSync = true;
    t.syncLoc = loc;
  }
  return parseTokenLists(p, t);
}

/// The result follows the compute model: an op is asynchronous when its token
/// is bound (`async` is then optional); `async` needs a bound result and
/// `sync` forbids one.
static ParseResult addAsyncResult(OpAsmParser &p, OperationState &result,
                                  const TokenClauses &t, SMLoc opLoc) {
  bool bound = p.getNumResults() > 0;
  if (t.isAsync && !bound)
    return p.emitError(opLoc, "needs to be named when marked 'async'");
  if (t.isSync && bound)
    return p.emitError(t.syncLoc,
                       "a 'sync' op blocks and produces no token, but a "
                       "result is bound");
  if (bound)
    result.addTypes(AsyncTokenType::get(p.getContext()));
  return success();
}

static ParseResult resolveTokens(OpAsmParser &p, const TokenClauses &t,
                                 OperationState &result) {
  Type tok = AsyncTokenType::get(p.getContext());
  if (p.resolveOperands(t.deps, tok, result.operands) ||
      p.resolveOperands(t.affinity, tok, result.operands) ||
      p.resolveOperands(t.concurrency, tok, result.operands))
    return failure();
  return success();
}

static void printTokenList(OpAsmPrinter &p, StringRef name, OperandRange v) {
  if (v.empty())
    return;
  p << " [" << name << " = [";
  llvm::interleaveComma(v, p);
  p << "]]";
}

/// Upstream's ` async [%deps]` prefix.
static void printAsyncPrefix(OpAsmPrinter &p, Value token, OperandRange deps) {
  if (token)
    p << " async";
  if (!deps.empty()) {
    p << " [";
    llvm::interleaveComma(deps, p);
    p << "]";
  }
}

static void printAttrsExcept(OpAsmPrinter &p, Operation *op,
                             ArrayRef<StringRef> elided, bool keyword) {
  SmallVector<StringRef> all(elided.begin(), elided.end());
  all.push_back("operandSegmentSizes");
  if (keyword)
    p.printOptionalAttrDictWithKeyword(op->getAttrs(), all);
  else
    p.printOptionalAttrDict(op->getAttrs(), all);
}

//===----------------------------------------------------------------------===//
// launch, segment, herd
//===----------------------------------------------------------------------===//

namespace {
enum class HierKind { Launch, Segment, Herd };
}

/// `(%a=%v, ...)` or `()`: body arguments bound to operands.
static ParseResult parseBindings(OpAsmParser &p,
                                 SmallVectorImpl<OpAsmParser::Argument> &args,
                                 SmallVectorImpl<Unresolved> &values) {
  if (p.parseLParen())
    return failure();
  if (succeeded(p.parseOptionalRParen()))
    return success();
  do {
    OpAsmParser::Argument a;
    Unresolved v;
    if (p.parseArgument(a) || p.parseEqual() || p.parseOperand(v))
      return failure();
    args.push_back(a);
    values.push_back(v);
  } while (succeeded(p.parseOptionalComma()));
  return p.parseRParen();
}

/// `(%x, %y) in (%sx=%a, %sy=%b)`; the opening paren is already consumed.
static ParseResult parseIterationSpace(OpAsmParser &p,
                                       SmallVectorImpl<OpAsmParser::Argument> &ids,
                                       SmallVectorImpl<OpAsmParser::Argument> &sizeArgs,
                                       SmallVectorImpl<Unresolved> &sizes) {
  if (failed(p.parseOptionalRParen())) {
    do {
      OpAsmParser::Argument a;
      if (p.parseArgument(a))
        return failure();
      ids.push_back(a);
    } while (succeeded(p.parseOptionalComma()));
    if (p.parseRParen())
      return failure();
  }
  if (p.parseKeyword("in"))
    return failure();
  SMLoc loc = p.getCurrentLocation();
  if (parseBindings(p, sizeArgs, sizes))
    return failure();
  if (sizes.size() != ids.size())
    return p.emitError(loc, "iteration space has ")
           << ids.size() << " induction variables but " << sizes.size()
           << " sizes";
  return success();
}

template <typename OpT>
static ParseResult parseHierarchy(OpAsmParser &p, OperationState &result,
                                  HierKind kind) {
  SMLoc opLoc = p.getCurrentLocation();
  Builder &b = p.getBuilder();
  Type indexTy = b.getIndexType();

  StringAttr name;
  (void)p.parseOptionalSymbolName(name, SymbolTable::getSymbolAttrName(),
                                  result.attributes);
  TokenClauses t;
  if (parseAsyncClauses(p, t))
    return failure();

  SmallVector<OpAsmParser::Argument> ids, sizeArgs, kernelArgs;
  SmallVector<Unresolved> sizes, kernelOperands;
  SmallVector<Type> kernelTypes;
  switch (kind) {
  case HierKind::Herd:
    if (p.parseKeyword("tile") || p.parseLParen() ||
        parseIterationSpace(p, ids, sizeArgs, sizes))
      return failure();
    break;
  case HierKind::Segment:
    // Upstream writes `unroll(...)`; the compute model writes the bare form.
    if (succeeded(p.parseOptionalKeyword("unroll"))) {
      if (p.parseLParen() || parseIterationSpace(p, ids, sizeArgs, sizes))
        return failure();
    } else if (succeeded(p.parseOptionalLParen())) {
      if (parseIterationSpace(p, ids, sizeArgs, sizes))
        return failure();
    }
    break;
  case HierKind::Launch:
    // The iteration space is optional (compute model 4.2).
    if (succeeded(p.parseOptionalLParen()))
      if (parseIterationSpace(p, ids, sizeArgs, sizes))
        return failure();
    break;
  }

  if (parseTokenLists(p, t))
    return failure();

  if (succeeded(p.parseOptionalKeyword("args"))) {
    if (parseBindings(p, kernelArgs, kernelOperands))
      return failure();
    if (!kernelOperands.empty()) {
      SMLoc typesLoc;
      if (p.parseColon() ||
          (typesLoc = p.getCurrentLocation(), p.parseTypeList(kernelTypes)))
        return failure();
      // Upstream's parser resolves the bindings against the first types of
      // the list and ignores the rest (its airhost tests list more).
      if (kernelTypes.size() < kernelOperands.size())
        return p.emitError(typesLoc, "args(...) binds ")
               << kernelOperands.size() << " values but lists only "
               << kernelTypes.size() << " types";
      kernelTypes.resize(kernelOperands.size());
    }
  }

  // The compute model's placement clauses: `x_loc=<col>` and friends.
  while (true) {
    StringRef kw;
    if (failed(p.parseOptionalKeyword(
            &kw, {"x_loc", "y_loc", "x_size", "y_size", "link_with"})))
      break;
    if (p.parseEqual())
      return failure();
    if (kw == "link_with") {
      std::string s;
      if (p.parseString(&s))
        return failure();
      result.addAttribute(kw, b.getStringAttr(s));
    } else {
      int64_t v;
      if (p.parseInteger(v))
        return failure();
      result.addAttribute(kw, b.getI64IntegerAttr(v));
    }
  }

  if (parseTokenLists(p, t) ||
      p.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();

  if (addAsyncResult(p, result, t, opLoc) || resolveTokens(p, t, result) ||
      p.resolveOperands(sizes, indexTy, result.operands) ||
      p.resolveOperands(kernelOperands, kernelTypes, opLoc, result.operands))
    return failure();

  SmallVector<OpAsmParser::Argument> bodyArgs;
  for (auto &a : ids) {
    a.type = indexTy;
    bodyArgs.push_back(a);
  }
  for (auto &a : sizeArgs) {
    a.type = indexTy;
    bodyArgs.push_back(a);
  }
  for (auto [a, ty] : llvm::zip(kernelArgs, kernelTypes)) {
    a.type = ty;
    bodyArgs.push_back(a);
  }

  Region *body = result.addRegion();
  // Bodies are isolated from above, so args(%x=%x) may reuse an outer name
  // (the compute model writes it so).
  OptionalParseResult parsed =
      p.parseOptionalRegion(*body, bodyArgs, /*enableNameShadowing=*/true);
  if (parsed.has_value()) {
    if (failed(*parsed))
      return failure();
  } else {
    // Upstream elides the empty body of a named op.
    if (!name)
      return p.emitError(p.getNameLoc(), "expected a body region");
    Block *block = new Block();
    for (auto &a : bodyArgs)
      block->addArgument(a.type, result.location);
    body->push_back(block);
  }
  OpT::ensureTerminator(*body, b, result.location);

  result.addAttribute(
      OpT::getOperandSegmentSizeAttr(),
      b.getDenseI32ArrayAttr({static_cast<int32_t>(t.deps.size()),
                              static_cast<int32_t>(t.affinity.size()),
                              static_cast<int32_t>(t.concurrency.size()),
                              static_cast<int32_t>(sizes.size()),
                              static_cast<int32_t>(kernelOperands.size())}));
  return success();
}

template <typename OpT>
static void printHierarchy(OpAsmPrinter &p, OpT op, HierKind kind) {
  auto h = cast<HierarchyOpInterface>(op.getOperation());
  if (auto name = op.getSymNameAttr()) {
    p << ' ';
    p.printSymbolName(name.getValue());
  }
  printAsyncPrefix(p, op.getAsyncToken(), op.getAsyncDependencies());

  unsigned dims = h.getNumDims();
  auto printSpace = [&] {
    p << "(";
    llvm::interleaveComma(h.getIds(), p);
    p << ") in (";
    auto sizeArgs = h.getSizeArgs();
    auto sizes = h.getSizeOperands();
    for (unsigned i = 0; i < dims; ++i) {
      if (i)
        p << ", ";
      p << sizeArgs[i] << "=" << sizes[i];
    }
    p << ")";
  };
  switch (kind) {
  case HierKind::Herd:
    p << " tile ";
    printSpace();
    break;
  case HierKind::Segment:
    if (dims) {
      p << " unroll";
      printSpace();
    }
    break;
  case HierKind::Launch:
    p << " ";
    printSpace();
    break;
  }

  auto kernelOperands = h.getKernelOperands();
  if (!kernelOperands.empty()) {
    auto args = h.getKernelArguments();
    p << " args(";
    for (unsigned i = 0, e = kernelOperands.size(); i < e; ++i) {
      if (i)
        p << ", ";
      p << args[i] << "=" << kernelOperands[i];
    }
    p << ") : ";
    llvm::interleaveComma(kernelOperands.getTypes(), p);
  }
  printTokenList(p, "affinity", op.getAffinityTokens());
  printTokenList(p, "concurrency", op.getConcurrencyTokens());
  printAttrsExcept(p, op, {SymbolTable::getSymbolAttrName()}, true);

  Block &body = op.getBody().front();
  if (op.getSymNameAttr() && body.getOperations().size() == 1)
    return;
  p << ' ';
  p.printRegion(op.getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/false);
}

ParseResult LaunchOp::parse(OpAsmParser &p, OperationState &r) {
  return parseHierarchy<LaunchOp>(p, r, HierKind::Launch);
}
void LaunchOp::print(OpAsmPrinter &p) { printHierarchy(p, *this, HierKind::Launch); }

ParseResult SegmentOp::parse(OpAsmParser &p, OperationState &r) {
  return parseHierarchy<SegmentOp>(p, r, HierKind::Segment);
}
void SegmentOp::print(OpAsmPrinter &p) { printHierarchy(p, *this, HierKind::Segment); }

ParseResult HerdOp::parse(OpAsmParser &p, OperationState &r) {
  return parseHierarchy<HerdOp>(p, r, HierKind::Herd);
}
void HerdOp::print(OpAsmPrinter &p) { printHierarchy(p, *this, HierKind::Herd); }

//===----------------------------------------------------------------------===//
// Transfers: memref `[offsets] [sizes] [strides]`
//===----------------------------------------------------------------------===//

namespace {
/// One list of a pattern: its operands and, where the program wrote an
/// integer instead (upstream's newer printed form, `[0, 0] [32, 32] [64, 1]`),
/// the integer, with ShapedType::kDynamic at the operands' places.
struct PatternList {
  SmallVector<Unresolved> operands;
  SmallVector<int64_t> entries;
  bool anyStatic = false;
};
struct AccessPattern {
  Unresolved memref;
  PatternList offsets, sizes, strides;
};
} // namespace

static ParseResult parsePatternList(OpAsmParser &p, PatternList &l) {
  return p.parseCommaSeparatedList(
      OpAsmParser::Delimiter::Square, [&]() -> ParseResult {
        Unresolved operand;
        OptionalParseResult r = p.parseOptionalOperand(operand);
        if (r.has_value()) {
          if (failed(*r))
            return failure();
          l.operands.push_back(operand);
          l.entries.push_back(ShapedType::kDynamic);
          return success();
        }
        int64_t v;
        if (p.parseInteger(v))
          return failure();
        l.entries.push_back(v);
        l.anyStatic = true;
        return success();
      });
}

static ParseResult parseAccess(OpAsmParser &p, AccessPattern &a) {
  return failure(p.parseOperand(a.memref) || parsePatternList(p, a.offsets) ||
                 parsePatternList(p, a.sizes) || parsePatternList(p, a.strides));
}

static ParseResult resolveAccess(OpAsmParser &p, const AccessPattern &a,
                                 Type memrefTy, OperationState &result) {
  Type index = p.getBuilder().getIndexType();
  return failure(p.resolveOperand(a.memref, memrefTy, result.operands) ||
                 p.resolveOperands(a.offsets.operands, index, result.operands) ||
                 p.resolveOperands(a.sizes.operands, index, result.operands) ||
                 p.resolveOperands(a.strides.operands, index, result.operands));
}

/// The integer entries of a pattern, as `static_<prefix>offsets` and so on.
static void addStatics(OpAsmParser &p, const AccessPattern &a, StringRef prefix,
                       OperationState &result) {
  auto add = [&](const PatternList &l, StringRef what) {
    if (l.anyStatic)
      result.addAttribute(("static_" + prefix + what).str(),
                          p.getBuilder().getDenseI64ArrayAttr(l.entries));
  };
  add(a.offsets, "offsets");
  add(a.sizes, "sizes");
  add(a.strides, "strides");
}

static void printAccess(OpAsmPrinter &p, Value memref,
                        ArrayRef<SmallVector<OpFoldResult>> lists) {
  p << memref;
  llvm::interleave(
      lists,
      [&](const SmallVector<OpFoldResult> &r) {
        p << "[";
        llvm::interleaveComma(r, p, [&](OpFoldResult e) {
          if (auto v = dyn_cast<Value>(e))
            p << v;
          else
            p << cast<IntegerAttr>(cast<Attribute>(e)).getInt();
        });
        p << "]";
      },
      [&] { p << " "; });
}

static int32_t sz(size_t n) { return static_cast<int32_t>(n); }

ParseResult DmaMemcpyNdOp::parse(OpAsmParser &p, OperationState &result) {
  SMLoc opLoc = p.getCurrentLocation();
  TokenClauses t;
  AccessPattern dst, src;
  Type dstTy, srcTy;
  if (parseAsyncClauses(p, t) || p.parseLParen() || parseAccess(p, dst) ||
      p.parseComma() || parseAccess(p, src) || p.parseRParen() ||
      p.parseOptionalAttrDict(result.attributes))
    return failure();
  // Early upstream releases printed the type list without a colon.
  (void)p.parseOptionalColon();
  if (p.parseLParen() || p.parseType(dstTy) || p.parseComma() ||
      p.parseType(srcTy) || p.parseRParen())
    return failure();
  if (addAsyncResult(p, result, t, opLoc) || resolveTokens(p, t, result) ||
      resolveAccess(p, dst, dstTy, result) ||
      resolveAccess(p, src, srcTy, result))
    return failure();
  addStatics(p, dst, "dst_", result);
  addStatics(p, src, "src_", result);
  result.addAttribute(
      getOperandSegmentSizeAttr(),
      p.getBuilder().getDenseI32ArrayAttr(
          {sz(t.deps.size()), sz(t.affinity.size()), sz(t.concurrency.size()), 1,
           sz(dst.offsets.operands.size()), sz(dst.sizes.operands.size()),
           sz(dst.strides.operands.size()), 1, sz(src.offsets.operands.size()),
           sz(src.sizes.operands.size()), sz(src.strides.operands.size())}));
  return success();
}

void DmaMemcpyNdOp::print(OpAsmPrinter &p) {
  printAsyncPrefix(p, getAsyncToken(), getAsyncDependencies());
  printTokenList(p, "affinity", getAffinityTokens());
  printTokenList(p, "concurrency", getConcurrencyTokens());
  p << " (";
  printAccess(p, getDst(),
              {getMixedDstOffsets(), getMixedDstSizes(), getMixedDstStrides()});
  p << ", ";
  printAccess(p, getSrc(),
              {getMixedSrcOffsets(), getMixedSrcSizes(), getMixedSrcStrides()});
  p << ")";
  printAttrsExcept(p, *this,
                   {"static_dst_offsets", "static_dst_sizes",
                    "static_dst_strides", "static_src_offsets",
                    "static_src_sizes", "static_src_strides"},
                   false);
  p << " : (" << getDst().getType() << ", " << getSrc().getType() << ")";
}

template <typename OpT>
static ParseResult parseChannelAccess(OpAsmParser &p, OperationState &result) {
  SMLoc opLoc = p.getCurrentLocation();
  TokenClauses t;
  FlatSymbolRefAttr chan;
  SmallVector<Unresolved> indices;
  AccessPattern a;
  Type memrefTy;
  constexpr bool isPut = std::is_same_v<OpT, ChannelPutOp>;
  SmallVector<Unresolved, 1> dest;
  if (parseAsyncClauses(p, t) ||
      p.parseAttribute(chan, "chan_name", result.attributes) ||
      p.parseOperandList(indices, OpAsmParser::Delimiter::Square) ||
      parseTokenLists(p, t) || p.parseLParen() || parseAccess(p, a) ||
      p.parseRParen())
    return failure();
  // `dest(%d)`: a put's destination along the broadcast dimension.
  if (isPut && succeeded(p.parseOptionalKeyword("dest"))) {
    dest.emplace_back();
    if (p.parseLParen() || p.parseOperand(dest.back()) || p.parseRParen())
      return failure();
  }
  if (p.parseOptionalAttrDict(result.attributes) || p.parseColon() ||
      p.parseLParen() || p.parseType(memrefTy) || p.parseRParen())
    return failure();
  Type index = p.getBuilder().getIndexType();
  if (addAsyncResult(p, result, t, opLoc) || resolveTokens(p, t, result) ||
      p.resolveOperands(indices, index, result.operands) ||
      resolveAccess(p, a, memrefTy, result) ||
      p.resolveOperands(dest, index, result.operands))
    return failure();
  addStatics(p, a, "", result);
  SmallVector<int32_t, 9> segments = {
      sz(t.deps.size()), sz(t.affinity.size()), sz(t.concurrency.size()),
      sz(indices.size()), 1, sz(a.offsets.operands.size()),
      sz(a.sizes.operands.size()), sz(a.strides.operands.size())};
  if (isPut)
    segments.push_back(sz(dest.size()));
  result.addAttribute(OpT::getOperandSegmentSizeAttr(),
                      p.getBuilder().getDenseI32ArrayAttr(segments));
  return success();
}

template <typename OpT>
static void printChannelAccess(OpAsmPrinter &p, OpT op) {
  printAsyncPrefix(p, op.getAsyncToken(), op.getAsyncDependencies());
  p << ' ';
  p.printAttributeWithoutType(op.getChanNameAttr());
  p << "[";
  llvm::interleaveComma(op.getIndices(), p);
  p << "]";
  printTokenList(p, "affinity", op.getAffinityTokens());
  printTokenList(p, "concurrency", op.getConcurrencyTokens());
  p << " (";
  printAccess(p, op.getMemref(),
              {op.getMixedOffsets(), op.getMixedAccessSizes(),
               op.getMixedStrides()});
  p << ")";
  if constexpr (std::is_same_v<OpT, ChannelPutOp>)
    if (Value dest = op.getDest())
      p << " dest(" << dest << ")";
  printAttrsExcept(p, op,
                   {"chan_name", "static_offsets", "static_sizes",
                    "static_strides"},
                   false);
  p << " : (" << op.getMemref().getType() << ")";
}

ParseResult ChannelPutOp::parse(OpAsmParser &p, OperationState &r) {
  return parseChannelAccess<ChannelPutOp>(p, r);
}
void ChannelPutOp::print(OpAsmPrinter &p) { printChannelAccess(p, *this); }
ParseResult ChannelGetOp::parse(OpAsmParser &p, OperationState &r) {
  return parseChannelAccess<ChannelGetOp>(p, r);
}
void ChannelGetOp::print(OpAsmPrinter &p) { printChannelAccess(p, *this); }

//===----------------------------------------------------------------------===//
// wait_all
//===----------------------------------------------------------------------===//

ParseResult WaitAllOp::parse(OpAsmParser &p, OperationState &result) {
  SMLoc opLoc = p.getCurrentLocation();
  TokenClauses t;
  if (parseAsyncClauses(p, t) || p.parseOptionalAttrDict(result.attributes))
    return failure();
  if (!t.affinity.empty() || !t.concurrency.empty())
    return p.emitError(opLoc, "'air.wait_all' takes only dependency tokens");
  return failure(addAsyncResult(p, result, t, opLoc) ||
                 resolveTokens(p, t, result));
}

void WaitAllOp::print(OpAsmPrinter &p) {
  printAsyncPrefix(p, getAsyncToken(), getAsyncDependencies());
  printAttrsExcept(p, *this, {}, false);
}
