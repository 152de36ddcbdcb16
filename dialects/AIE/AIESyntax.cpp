//===- AIESyntax.cpp - hand-written syntax of aie.dma_bd and runtime_sequence ===//
//
// The two ops whose syntax the declarative format cannot express.
//
// aie.dma_bd, the keyword form the mlir-aie that mlir-air pins prints
// (7e00b579; printed here):
//   aie.dma_bd(%buf : memref<64xi32> offset = 0 len = 64)
//   aie.dma_bd(%buf : memref<64xi32> offset = 0 len = 64 sizes = [8, 8]
//              strides = [8, 1] pad [<const_pad_before = 0,
//              const_pad_after = 1>, ...] pad_value = 0) {bd_id = 0 : i32}
// any order, no commas; and, parsed too, the older positional form
// `(%buf : T, 0, 64, [<size = 8, stride = 8>, ...], [<const_pad_before = 0,
// const_pad_after = 1>, ...], pad_value = 0)`, with seed 004's `<8, 16>`
// for `<size = 8, stride = 16>`.
//
// aie.runtime_sequence [@name](%arg0: T, ...) { ... }, and the older
// spelling aiex.runtime_sequence, printed as read.
//
// aie.logical_tile<CoreTile>(?, ?); aie.dma(MM2S, 0) [{...}, {...}].
//
// aie.shim_dma_allocation @s(%tile, MM2S, 0[, <pkt_id = 1>]) and the older
// @s(MM2S, 0, col).
//
// aie.use_lock(%lock, Action[, amount]) with the amount an integer or an
// i32 value (later mlir-aie: `aie.use_lock(%l, AcquireGreaterEqual, %one)`).
//
//===----------------------------------------------------------------------===//
#include "dialects/AIE/AIEDialect.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace aircheck::aie;

static ParseResult parseI32(OpAsmParser &p, int32_t &v) {
  return p.parseInteger(v);
}

/// `[<size = a, stride = b>, ...]` or `[<a, b>, ...]`.
static ParseResult parseDims(OpAsmParser &p, SmallVectorImpl<int32_t> &sizes,
                             SmallVectorImpl<int32_t> &strides) {
  return p.parseCommaSeparatedList(OpAsmParser::Delimiter::Square, [&]() -> ParseResult {
    int32_t size, stride;
    if (p.parseLess())
      return failure();
    if (succeeded(p.parseOptionalKeyword("size"))) {
      if (p.parseEqual() || parseI32(p, size) || p.parseComma() ||
          p.parseKeyword("stride") || p.parseEqual() || parseI32(p, stride))
        return failure();
    } else if (parseI32(p, size) || p.parseComma() || parseI32(p, stride)) {
      return failure();
    }
    sizes.push_back(size);
    strides.push_back(stride);
    return ParseResult(p.parseGreater());
  });
}

/// `[<const_pad_before = a, const_pad_after = b>, ...]`.
static ParseResult parsePads(OpAsmParser &p, SmallVectorImpl<int32_t> &before,
                             SmallVectorImpl<int32_t> &after) {
  return p.parseCommaSeparatedList(OpAsmParser::Delimiter::Square, [&]() -> ParseResult {
    int32_t b, a;
    if (p.parseLess() || p.parseKeyword("const_pad_before") ||
        p.parseEqual() || parseI32(p, b) || p.parseComma() ||
        p.parseKeyword("const_pad_after") || p.parseEqual() ||
        parseI32(p, a) || p.parseGreater())
      return failure();
    before.push_back(b);
    after.push_back(a);
    return ParseResult(success());
  });
}

static ParseResult parseI32List(OpAsmParser &p, SmallVectorImpl<int32_t> &v) {
  return p.parseCommaSeparatedList(OpAsmParser::Delimiter::Square, [&]() -> ParseResult {
    int32_t x;
    if (parseI32(p, x))
      return failure();
    v.push_back(x);
    return ParseResult(success());
  });
}

ParseResult DMABDOp::parse(OpAsmParser &p, OperationState &result) {
  OpAsmParser::UnresolvedOperand buffer;
  Type type;
  std::optional<int32_t> offset, len, padValue;
  SmallVector<int32_t> sizes, strides, padBefore, padAfter;
  bool haveDims = false, havePads = false;
  if (p.parseLParen() || p.parseOperand(buffer) || p.parseColonType(type))
    return failure();

  if (succeeded(p.parseOptionalComma())) {
    // Positional: offset, len, dims, pads, pad_value = N.
    int32_t v;
    if (parseI32(p, v))
      return failure();
    offset = v;
    if (succeeded(p.parseOptionalComma())) {
      if (succeeded(p.parseOptionalKeyword("pad_value"))) {
        if (p.parseEqual() || parseI32(p, v))
          return failure();
        padValue = v;
      } else {
        if (parseI32(p, v))
          return failure();
        len = v;
      }
    }
    while (!padValue && succeeded(p.parseOptionalComma())) {
      if (succeeded(p.parseOptionalKeyword("pad_value"))) {
        if (p.parseEqual() || parseI32(p, v))
          return failure();
        padValue = v;
        break;
      }
      // A list: dims `[<size = a, stride = b>, ...]` (or `[<a, b>, ...]`),
      // or pads `[<const_pad_before = a, const_pad_after = b>, ...]`.
      SMLoc listLoc = p.getCurrentLocation();
      if (p.parseLSquare())
        return failure();
      bool first = true, pads = false;
      do {
        if (p.parseLess())
          return failure();
        if (first)
          pads = succeeded(p.parseOptionalKeyword("const_pad_before"));
        else if (pads && p.parseKeyword("const_pad_before"))
          return failure();
        first = false;
        if (pads) {
          int32_t before, after;
          if (p.parseEqual() || parseI32(p, before) || p.parseComma() ||
              p.parseKeyword("const_pad_after") || p.parseEqual() ||
              parseI32(p, after) || p.parseGreater())
            return failure();
          padBefore.push_back(before);
          padAfter.push_back(after);
          continue;
        }
        int32_t size, stride;
        if (succeeded(p.parseOptionalKeyword("size"))) {
          if (p.parseEqual() || parseI32(p, size) || p.parseComma() ||
              p.parseKeyword("stride") || p.parseEqual() || parseI32(p, stride))
            return failure();
        } else if (parseI32(p, size) || p.parseComma() || parseI32(p, stride)) {
          return failure();
        }
        if (p.parseGreater())
          return failure();
        sizes.push_back(size);
        strides.push_back(stride);
      } while (succeeded(p.parseOptionalComma()));
      if (p.parseRSquare())
        return failure();
      if (pads ? havePads : (haveDims || havePads))
        return p.emitError(listLoc, pads ? "a second padding list"
                                         : "a dimension list after the "
                                           "padding list or a second one");
      (pads ? havePads : haveDims) = true;
    }
  } else {
    // Keyword form.
    StringRef kw;
    while (succeeded(p.parseOptionalKeyword(
        &kw, {"offset", "len", "sizes", "strides", "dims", "dimensions",
              "pad", "pad_dims", "pad_dimensions", "pad_value"}))) {
      int32_t v;
      // `pad [<const_pad_before = a, const_pad_after = b>, ...]` (what the
      // pinned mlir-aie prints) takes no `=`.
      if (kw == "pad") {
        if (parsePads(p, padBefore, padAfter))
          return failure();
        continue;
      }
      if (p.parseEqual())
        return failure();
      if (kw == "offset" || kw == "len" || kw == "pad_value") {
        if (parseI32(p, v))
          return failure();
        (kw == "offset" ? offset : kw == "len" ? len : padValue) = v;
      } else if (kw == "sizes") {
        if (parseI32List(p, sizes))
          return failure();
      } else if (kw == "strides") {
        if (parseI32List(p, strides))
          return failure();
      } else if (kw == "dims" || kw == "dimensions") {
        if (parseDims(p, sizes, strides))
          return failure();
      } else if (parsePads(p, padBefore, padAfter)) {
        return failure();
      }
    }
  }
  if (p.parseRParen())
    return failure();
  SMLoc dictLoc = p.getCurrentLocation();
  if (p.parseOptionalAttrDict(result.attributes) ||
      p.resolveOperand(buffer, type, result.operands))
    return failure();
  // The attribute form of earlier mlir-aie: `aie.dma_bd(%buf : T) {len =
  // 64 : i32}` (and `offset`): read as if written inside the parentheses.
  for (StringRef name : {"offset", "len"}) {
    Attribute attr = result.attributes.erase(name);
    if (!attr)
      continue;
    auto v = dyn_cast<IntegerAttr>(attr);
    if (!v)
      return p.emitError(dictLoc, "'") << name << "' must be an integer";
    std::optional<int32_t> &slot = name == "len" ? len : offset;
    if (slot)
      return p.emitError(dictLoc, "'")
             << name << "' is given both inside the parentheses and as an "
                        "attribute";
    slot = static_cast<int32_t>(v.getInt());
  }

  Builder &b = p.getBuilder();
  // Defaults are made explicit, so the printed form is the same after a
  // second parse: offset 0, len the whole buffer.
  if (!offset)
    offset = 0;
  if (!len)
    if (auto m = dyn_cast<MemRefType>(type); m && m.hasStaticShape())
      len = static_cast<int32_t>(m.getNumElements() - *offset);
  result.addAttribute("offset", b.getI32IntegerAttr(*offset));
  if (len)
    result.addAttribute("len", b.getI32IntegerAttr(*len));
  if (!sizes.empty() || !strides.empty()) {
    result.addAttribute("sizes", b.getDenseI32ArrayAttr(sizes));
    result.addAttribute("strides", b.getDenseI32ArrayAttr(strides));
  }
  if (!padBefore.empty()) {
    result.addAttribute("pad_before", b.getDenseI32ArrayAttr(padBefore));
    result.addAttribute("pad_after", b.getDenseI32ArrayAttr(padAfter));
  }
  if (padValue)
    result.addAttribute("pad_value", b.getI32IntegerAttr(*padValue));
  return success();
}

void DMABDOp::print(OpAsmPrinter &p) {
  p << "(" << getBuffer() << " : " << getBuffer().getType();
  p << " offset = " << getOffsetOrDefault();
  if (getLen())
    p << " len = " << *getLen();
  if (auto sizes = getSizes()) {
    ArrayRef<int32_t> strides = getStrides() ? *getStrides() : ArrayRef<int32_t>();
    p << " sizes = [";
    llvm::interleaveComma(*sizes, p);
    p << "] strides = [";
    llvm::interleaveComma(strides, p);
    p << "]";
  }
  if (auto before = getPadBefore()) {
    ArrayRef<int32_t> after = getPadAfter() ? *getPadAfter() : ArrayRef<int32_t>();
    p << " pad [";
    for (size_t i = 0; i < before->size(); ++i) {
      if (i)
        p << ", ";
      p << "<const_pad_before = " << (*before)[i]
        << ", const_pad_after = " << (i < after.size() ? after[i] : 0) << ">";
    }
    p << "]";
  }
  if (auto v = getPadValue())
    p << " pad_value = " << *v;
  p << ")";
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {"offset", "len", "sizes", "strides", "pad_before",
                           "pad_after", "pad_value"});
}

// aie.runtime_sequence and its older spelling aiex.runtime_sequence share
// their syntax: `[@name](%arg: T, ...) { ... }`.
static ParseResult parseSequence(OpAsmParser &p, OperationState &result) {
  StringAttr name;
  if (succeeded(p.parseOptionalSymbolName(name)))
    result.addAttribute("sym_name", name);
  SmallVector<OpAsmParser::Argument> args;
  if (p.parseArgumentList(args, OpAsmParser::Delimiter::Paren,
                          /*allowType=*/true))
    return failure();
  Region *body = result.addRegion();
  if (p.parseRegion(*body, args))
    return failure();
  if (body->empty())
    body->emplaceBlock();
  return p.parseOptionalAttrDict(result.attributes);
}

static void printSequence(OpAsmPrinter &p, Operation *op,
                          std::optional<StringRef> name, Region &body) {
  if (name) {
    p << " ";
    p.printSymbolName(*name);
  }
  p << "(";
  Block &entry = body.front();
  llvm::interleaveComma(entry.getArguments(), p, [&](BlockArgument a) {
    p.printRegionArgument(a);
  });
  p << ") ";
  p.printRegion(body, /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/false);
  p.printOptionalAttrDict(op->getAttrs(), {"sym_name"});
}

ParseResult RuntimeSequenceOp::parse(OpAsmParser &p, OperationState &result) {
  return parseSequence(p, result);
}

void RuntimeSequenceOp::print(OpAsmPrinter &p) {
  printSequence(p, *this, getSymName(), getBody());
}

ParseResult aircheck::aiex::RuntimeSequenceOp::parse(OpAsmParser &p,
                                                     OperationState &result) {
  return parseSequence(p, result);
}

void aircheck::aiex::RuntimeSequenceOp::print(OpAsmPrinter &p) {
  printSequence(p, *this, getSymName(), getBody());
}

/// `aie.logical_tile<CoreTile>(col, row)`, either coordinate `?`.
ParseResult LogicalTileOp::parse(OpAsmParser &p, OperationState &result) {
  std::string kind;
  Builder &b = p.getBuilder();
  if (p.parseLess())
    return failure();
  SMLoc at = p.getCurrentLocation();
  if (p.parseKeywordOrString(&kind))
    return failure();
  std::optional<AIETileType> t = symbolizeAIETileType(kind);
  if (!t)
    return p.emitError(at, "expected a tile kind (CoreTile, MemTile, "
                           "ShimNOCTile or ShimPLTile), got '")
           << kind << "'";
  result.addAttribute("tile_type", AIETileTypeAttr::get(b.getContext(), *t));
  if (p.parseGreater() || p.parseLParen())
    return failure();
  for (StringRef name : {"col", "row"}) {
    if (name == "row" && p.parseComma())
      return failure();
    if (succeeded(p.parseOptionalQuestion()))
      continue;
    int32_t v;
    if (p.parseInteger(v))
      return failure();
    result.addAttribute(name, b.getI32IntegerAttr(v));
  }
  if (p.parseRParen() || p.parseOptionalAttrDict(result.attributes))
    return failure();
  result.addTypes(b.getIndexType());
  return success();
}

void LogicalTileOp::print(OpAsmPrinter &p) {
  p << "<" << stringifyAIETileType(getTileType()) << ">(";
  if (std::optional<uint32_t> c = getCol())
    p << *c;
  else
    p << "?";
  p << ", ";
  if (std::optional<uint32_t> r = getRow())
    p << *r;
  else
    p << "?";
  p << ")";
  p.printOptionalAttrDict((*this)->getAttrs(), {"tile_type", "col", "row"});
}

/// `aie.dma(MM2S, 0) {loop = false} [{ ... }, { ... }]`: one region per BD.
ParseResult DMAOp::parse(OpAsmParser &p, OperationState &result) {
  Builder &b = p.getBuilder();
  StringRef dir;
  int32_t channel;
  if (p.parseLParen())
    return failure();
  SMLoc at = p.getCurrentLocation();
  if (p.parseKeyword(&dir))
    return failure();
  std::optional<DMAChannelDir> d = symbolizeDMAChannelDir(dir);
  if (!d)
    return p.emitError(at, "expected MM2S or S2MM, got '") << dir << "'";
  result.addAttribute("channel_dir",
                      DMAChannelDirAttr::get(b.getContext(), *d));
  if (p.parseComma() || p.parseInteger(channel) || p.parseRParen())
    return failure();
  result.addAttribute("channel_index", b.getI32IntegerAttr(channel));
  if (p.parseOptionalAttrDict(result.attributes))
    return failure();
  // Each region is held by the OperationState, whose cleanup drops the
  // uses of what a failed region defines (dialects/GuardedRegion.h).
  if (p.parseCommaSeparatedList(OpAsmParser::Delimiter::Square,
                                [&]() -> ParseResult {
                                  Region *r = result.addRegion();
                                  if (p.parseRegion(*r))
                                    return failure();
                                  if (r->empty())
                                    r->emplaceBlock();
                                  return success();
                                }))
    return failure();
  result.addTypes(b.getI1Type());
  return success();
}

void DMAOp::print(OpAsmPrinter &p) {
  p << "(" << stringifyDMAChannelDir(getChannelDir()) << ", "
    << getChannelIndex() << ")";
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {"channel_dir", "channel_index"});
  p << " [";
  llvm::interleaveComma(getBds(), p, [&](Region &r) {
    p.printRegion(r, /*printEntryBlockArgs=*/false,
                  /*printBlockTerminators=*/false);
  });
  p << "]";
}

ParseResult UseLockOp::parse(OpAsmParser &p, OperationState &result) {
  OpAsmParser::UnresolvedOperand lock;
  std::string action;
  SMLoc actionLoc;
  if (p.parseLParen() || p.parseOperand(lock) || p.parseComma())
    return failure();
  actionLoc = p.getCurrentLocation();
  if (p.parseKeywordOrString(&action)) // `Acquire` or `"Acquire"`
    return failure();
  std::optional<LockAction> kind = symbolizeLockAction(action);
  if (!kind)
    return p.emitError(actionLoc, "expected a lock action (Acquire, "
                                  "AcquireGreaterEqual or Release), got '")
           << action << "'";
  Builder &b = p.getBuilder();
  if (p.resolveOperand(lock, b.getIndexType(), result.operands))
    return failure();
  result.addAttribute("action", LockActionAttr::get(b.getContext(), *kind));
  if (succeeded(p.parseOptionalComma())) {
    OpAsmParser::UnresolvedOperand amount;
    OptionalParseResult isOperand = p.parseOptionalOperand(amount);
    if (isOperand.has_value()) {
      if (failed(*isOperand) ||
          p.resolveOperand(amount, b.getI32Type(), result.operands))
        return failure();
    } else {
      int32_t v;
      if (p.parseInteger(v))
        return failure();
      result.addAttribute("value", b.getI32IntegerAttr(v));
    }
  }
  if (p.parseRParen() || p.parseOptionalAttrDict(result.attributes))
    return failure();
  return success();
}

void UseLockOp::print(OpAsmPrinter &p) {
  p << "(" << getLock() << ", " << stringifyLockAction(getAction());
  if (Value amount = getAmount())
    p << ", " << amount;
  else if (std::optional<uint32_t> v = getValue())
    p << ", " << *v;
  p << ")";
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {"action", "value"});
}

std::optional<int64_t> UseLockOp::getKnownAmount() {
  if (Value amount = getAmount()) {
    APInt v;
    if (matchPattern(amount, m_ConstantInt(&v)))
      return v.getSExtValue();
    return std::nullopt;
  }
  return getValue().value_or(1);
}

/// `<[pkt_type = T,] pkt_id = N>`.
static ParseResult parsePacketInfo(OpAsmParser &p, int32_t &type,
                                   int32_t &id) {
  type = 0;
  if (p.parseLess())
    return failure();
  if (succeeded(p.parseOptionalKeyword("pkt_type"))) {
    if (p.parseEqual() || p.parseInteger(type) || p.parseComma())
      return failure();
  }
  if (p.parseKeyword("pkt_id") || p.parseEqual() || p.parseInteger(id) ||
      p.parseGreater())
    return failure();
  return success();
}

ParseResult ShimDMAAllocationOp::parse(OpAsmParser &p,
                                       OperationState &result) {
  StringAttr name;
  Builder &b = p.getBuilder();
  if (p.parseSymbolName(name))
    return failure();
  result.addAttribute("sym_name", FlatSymbolRefAttr::get(name));
  if (p.parseLParen())
    return failure();
  OpAsmParser::UnresolvedOperand tile;
  OptionalParseResult hasTile = p.parseOptionalOperand(tile);
  if (hasTile.has_value()) {
    if (failed(*hasTile) ||
        p.resolveOperand(tile, b.getIndexType(), result.operands) ||
        p.parseComma())
      return failure();
  }
  StringRef dir;
  SMLoc at = p.getCurrentLocation();
  int32_t channel;
  if (p.parseKeyword(&dir))
    return failure();
  std::optional<DMAChannelDir> d = symbolizeDMAChannelDir(dir);
  if (!d)
    return p.emitError(at, "expected MM2S or S2MM, got '") << dir << "'";
  result.addAttribute("channel_dir",
                      DMAChannelDirAttr::get(b.getContext(), *d));
  if (p.parseComma() || p.parseInteger(channel))
    return failure();
  result.addAttribute("channel_index", b.getI32IntegerAttr(channel));
  if (!hasTile.has_value()) {
    int32_t col;
    if (p.parseComma() || p.parseInteger(col))
      return failure();
    result.addAttribute("col", b.getI32IntegerAttr(col));
  }
  if (succeeded(p.parseOptionalComma())) {
    int32_t type, id;
    if (parsePacketInfo(p, type, id))
      return failure();
    result.addAttribute("pkt_type", b.getI32IntegerAttr(type));
    result.addAttribute("pkt_id", b.getI32IntegerAttr(id));
  }
  if (p.parseRParen() || p.parseOptionalAttrDict(result.attributes))
    return failure();
  return success();
}

void ShimDMAAllocationOp::print(OpAsmPrinter &p) {
  p << " ";
  p.printSymbolName(getSymName());
  p << "(";
  if (Value tile = getTile())
    p << tile << ", ";
  p << stringifyDMAChannelDir(getChannelDir()) << ", " << getChannelIndex();
  if (std::optional<uint32_t> col = getCol())
    p << ", " << *col;
  if (std::optional<uint32_t> id = getPktId()) {
    p << ", <";
    if (uint32_t type = getPktType().value_or(0))
      p << "pkt_type = " << type << ", ";
    p << "pkt_id = " << *id << ">";
  }
  p << ")";
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {"sym_name", "channel_dir", "channel_index", "col",
                           "pkt_type", "pkt_id"});
}

/// `aiex.set_lock(%lock, 1)` or `aiex.set_lock(%lock, %v)`.
ParseResult aircheck::aiex::SetLockOp::parse(OpAsmParser &p,
                                            OperationState &result) {
  OpAsmParser::UnresolvedOperand lock, value;
  Builder &b = p.getBuilder();
  if (p.parseLParen() || p.parseOperand(lock) ||
      p.resolveOperand(lock, b.getIndexType(), result.operands) ||
      p.parseComma())
    return failure();
  OptionalParseResult isOperand = p.parseOptionalOperand(value);
  if (isOperand.has_value()) {
    if (failed(*isOperand) ||
        p.resolveOperand(value, b.getI32Type(), result.operands))
      return failure();
  } else {
    int32_t v;
    if (p.parseInteger(v))
      return failure();
    result.addAttribute("value", b.getI32IntegerAttr(v));
  }
  return failure(p.parseRParen() || p.parseOptionalAttrDict(result.attributes));
}

void aircheck::aiex::SetLockOp::print(OpAsmPrinter &p) {
  p << "(" << getLock() << ", ";
  if (Value v = getDynValue())
    p << v;
  else if (std::optional<uint32_t> v = getValue())
    p << static_cast<int32_t>(*v);
  p << ")";
  p.printOptionalAttrDict((*this)->getAttrs(), {"value"});
}
