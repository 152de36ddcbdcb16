//===- AIRDialect.cpp - dialect, type and interface glue -------------------===//
#include "dialects/AIR/AIRDialect.h"
#include "dialects/GuardedRegion.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

#include <limits>

using namespace mlir;
using namespace aircheck::air;

#include "dialects/AIR/AIRDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/AIR/AIRAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "dialects/AIR/AIRTypes.cpp.inc"

#include "dialects/AIR/AIRInterfaces.cpp.inc"

// air.execute's region: guarded (dialects/GuardedRegion.h), with its
// terminator implicit when it carries nothing, as ODS's `regions` prints it.
static ParseResult parseExecuteRegion(OpAsmParser &p, Region &region) {
  if (failed(aircheck::parseGuardedRegion(p, region)))
    return failure();
  ExecuteOp::ensureTerminator(region, p.getBuilder(),
                              p.getEncodedSourceLoc(p.getNameLoc()));
  return success();
}

static void printExecuteRegion(OpAsmPrinter &p, Operation *, Region &region) {
  bool printTerminator = true;
  if (Operation *term = region.empty() ? nullptr : region.front().getTerminator())
    printTerminator = !term->getAttrDictionary().empty() ||
                      term->getNumOperands() != 0 || term->getNumResults() != 0;
  p.printRegion(region, /*printEntryBlockArgs=*/true, printTerminator);
}

#define GET_OP_CLASSES
#include "dialects/AIR/AIROps.cpp.inc"

void AIRDialect::initialize() {
  addTypes<AsyncTokenType>();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/AIR/AIRAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "dialects/AIR/AIROps.cpp.inc"
      >();
}

// Both spellings name the one token type (compute model 1.5).
Type AIRDialect::parseType(DialectAsmParser &parser) const {
  StringRef keyword;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseKeyword(&keyword))
    return Type();
  if (keyword == "async.token" || keyword == "token")
    return AsyncTokenType::get(getContext());
  parser.emitError(loc, "unknown AIR type '")
      << keyword << "'; expected 'async.token' or 'token'";
  return Type();
}

void AIRDialect::printType(Type type, DialectAsmPrinter &printer) const {
  if (isa<AsyncTokenType>(type))
    printer << "async.token";
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

std::optional<unsigned> aircheck::air::getMemorySpace(Type type) {
  Attribute space;
  if (auto m = dyn_cast<MemRefType>(type))
    space = m.getMemorySpace();
  else if (auto u = dyn_cast<UnrankedMemRefType>(type))
    space = u.getMemorySpace();
  else
    return std::nullopt;
  if (!space)
    return 0u;
  if (auto i = dyn_cast<IntegerAttr>(space)) {
    if (i.getValue().isNegative())
      return std::nullopt;
    return static_cast<unsigned>(i.getValue().getZExtValue());
  }
  if (isa<SymmetricHeapMemorySpaceAttr>(space))
    return static_cast<unsigned>(MemorySpace::L3);
  return std::nullopt;
}

bool aircheck::air::isSymmetricHeap(Type type) {
  Attribute space;
  if (auto m = dyn_cast<MemRefType>(type))
    space = m.getMemorySpace();
  else if (auto u = dyn_cast<UnrankedMemRefType>(type))
    space = u.getMemorySpace();
  return isa_and_nonnull<SymmetricHeapMemorySpaceAttr>(space);
}

std::string aircheck::air::describeMemorySpace(unsigned space) {
  switch (space) {
  case 0:
    return "L3 (memory space 0)";
  case 1:
    return "L2 (memory space 1)";
  case 2:
    return "L1 (memory space 2)";
  default:
    return "memory space " + std::to_string(space);
  }
}

ChannelOp aircheck::air::lookupChannel(Operation *access, FlatSymbolRefAttr name) {
  if (!name)
    return {};
  return SymbolTable::lookupNearestSymbolFrom<ChannelOp>(access, name);
}

ChannelOp aircheck::air::lookupChannel(Operation *access, FlatSymbolRefAttr name,
                                       SymbolTableCollection &tables) {
  if (!name)
    return {};
  return tables.lookupNearestSymbolFrom<ChannelOp>(access, name);
}


//===----------------------------------------------------------------------===//
// Channel ops
//===----------------------------------------------------------------------===//

SmallVector<int64_t> ChannelOp::getShape() {
  SmallVector<int64_t> shape;
  for (Attribute a : getSize())
    shape.push_back(cast<IntegerAttr>(a).getInt());
  return shape;
}

StringRef ChannelOp::getKind() {
  StringRef kind = getChannelType().value_or("dma_stream");
  kind.consume_front("npu_");
  return kind;
}

SmallVector<OpFoldResult> aircheck::air::mixedPattern(DenseI64ArrayAttr statics,
                                                     OperandRange values) {
  SmallVector<OpFoldResult> out;
  if (!statics) {
    out.assign(values.begin(), values.end());
    return out;
  }
  Builder b(statics.getContext());
  auto next = values.begin();
  for (int64_t v : statics.asArrayRef()) {
    if (ShapedType::isDynamic(v)) {
      if (next == values.end())
        break; // malformed; the verifier reports it
      out.push_back(*next++);
    } else {
      out.push_back(b.getIndexAttr(v));
    }
  }
  return out;
}

#define AIRCHECK_DMA_MIXED(NAME, ATTR, OPERANDS)                               \
  SmallVector<OpFoldResult> DmaMemcpyNdOp::NAME() {                            \
    return mixedPattern(ATTR(), OPERANDS());                                   \
  }
AIRCHECK_DMA_MIXED(getMixedDstOffsets, getStaticDstOffsetsAttr, getDstOffsets)
AIRCHECK_DMA_MIXED(getMixedDstSizes, getStaticDstSizesAttr, getDstSizes)
AIRCHECK_DMA_MIXED(getMixedDstStrides, getStaticDstStridesAttr, getDstStrides)
AIRCHECK_DMA_MIXED(getMixedSrcOffsets, getStaticSrcOffsetsAttr, getSrcOffsets)
AIRCHECK_DMA_MIXED(getMixedSrcSizes, getStaticSrcSizesAttr, getSrcSizes)
AIRCHECK_DMA_MIXED(getMixedSrcStrides, getStaticSrcStridesAttr, getSrcStrides)
#undef AIRCHECK_DMA_MIXED

// Operand groups of put and get: 0 deps, 1 affinity, 2 concurrency,
// 3 indices, 4 memref, 5 offsets, 6 sizes, 7 strides.
#define AIRCHECK_CHANNEL_ACCESSORS(OP)                                         \
  unsigned OP::getMemrefOperandIndex() {                                       \
    return getODSOperandIndexAndLength(4).first;                               \
  }                                                                            \
  OperandRange OP::getOffsets() { return getODSOperands(5); }                  \
  OperandRange OP::getAccessSizes() { return getODSOperands(6); }              \
  OperandRange OP::getStrides() { return getODSOperands(7); }                  \
  SmallVector<OpFoldResult> OP::getMixedOffsets() {                            \
    return mixedPattern(getStaticOffsetsAttr(), getOffsets());                 \
  }                                                                            \
  SmallVector<OpFoldResult> OP::getMixedAccessSizes() {                        \
    return mixedPattern(getStaticSizesAttr(), getAccessSizes());               \
  }                                                                            \
  SmallVector<OpFoldResult> OP::getMixedStrides() {                            \
    return mixedPattern(getStaticStridesAttr(), getStrides());                 \
  }
AIRCHECK_CHANNEL_ACCESSORS(ChannelPutOp)
AIRCHECK_CHANNEL_ACCESSORS(ChannelGetOp)
#undef AIRCHECK_CHANNEL_ACCESSORS

std::optional<aircheck::air::Padding>
aircheck::air::getPadding(Operation *transfer, size_t dims) {
  auto before = transfer->getAttrOfType<DenseI32ArrayAttr>("pad_before");
  auto after = transfer->getAttrOfType<DenseI32ArrayAttr>("pad_after");
  if (!before && !after)
    return std::nullopt;
  Padding p;
  if (!before || !after || before.size() != after.size())
    return p;
  ArrayRef<int32_t> b = before.asArrayRef(), a = after.asArrayRef();
  size_t n = b.size();
  for (size_t i = 0; i < n; ++i)
    if (b[i] < 0 || a[i] < 0 || (i + dims < n && (b[i] || a[i])))
      return p;
  p.before.assign(dims, 0);
  p.after.assign(dims, 0);
  for (size_t i = 0; i < std::min(n, dims); ++i) {
    p.before[dims - 1 - i] = b[n - 1 - i];
    p.after[dims - 1 - i] = a[n - 1 - i];
  }
  return p;
}

std::optional<int64_t> aircheck::air::movedElements(Operation *transfer,
                                                    bool source,
                                                    ArrayRef<int64_t> sizes,
                                                    Type memref) {
  SmallVector<int64_t, 4> dims(sizes.begin(), sizes.end());
  if (dims.empty()) {
    auto t = dyn_cast<MemRefType>(memref);
    if (!t || !t.hasStaticShape())
      return std::nullopt;
    dims.assign(t.getShape().begin(), t.getShape().end());
    if (dims.empty())
      dims.push_back(1);
  }
  if (source)
    if (std::optional<Padding> pad = getPadding(transfer, dims.size())) {
      if (pad->before.empty())
        return std::nullopt;
      for (size_t d = 0; d < dims.size(); ++d)
        dims[d] += pad->before[d] + pad->after[d];
    }
  int64_t n = 1;
  for (int64_t d : dims) {
    if (d < 0 || (d && n > std::numeric_limits<int64_t>::max() / d))
      return std::nullopt;
    n *= d;
  }
  return n;
}
