//===- AIEDialect.cpp - dialect glue of aie and aiex ------------------------===//
#include "dialects/AIE/AIEDialect.h"
#include "dialects/GuardedRegion.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;
using namespace aircheck::aie;
using aircheck::parseGuardedBlockRegion;
using aircheck::parseGuardedRegion;
using aircheck::printGuardedBlockRegion;
using aircheck::printGuardedRegion;

#include "dialects/AIE/AIEDialect.cpp.inc"
#include "dialects/AIE/AIEXDialect.cpp.inc"
#include "dialects/AIE/AIEEnums.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "dialects/AIE/AIETypes.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "dialects/AIE/AIEAttrs.cpp.inc"

// `= dense<...>` after an aie.buffer's type: the elements take the
// buffer's shape and element type, as mlir-aie prints them.
static ParseResult parseInitialValue(OpAsmParser &p, Type type,
                                     ElementsAttr &value) {
  if (failed(p.parseOptionalEqual()))
    return success();
  auto m = dyn_cast<MemRefType>(type);
  if (!m)
    return p.emitError(p.getCurrentLocation(), "expected a memref type");
  Attribute attr;
  if (p.parseAttribute(attr, RankedTensorType::get(m.getShape(),
                                                   m.getElementType())))
    return failure();
  value = dyn_cast<ElementsAttr>(attr);
  if (!value)
    return p.emitError(p.getCurrentLocation(), "expected an elements attribute");
  return success();
}

static void printInitialValue(OpAsmPrinter &p, Operation *, Type,
                              ElementsAttr value) {
  if (!value)
    return;
  p << "= ";
  p.printAttributeWithoutType(value);
}

/// `%tile, DMA : 0` (within `<...>`) of aie.packet_source and aie.packet_dest; the bundle
/// a keyword or a string, `"TileControl"` included (mlir-aie's spelling of
/// the control port).
static ParseResult parsePacketPort(OpAsmParser &p,
                                   OpAsmParser::UnresolvedOperand &tile,
                                   aircheck::aie::WireBundleAttr &bundle,
                                   IntegerAttr &channel) {
  std::string name;
  int32_t ch;
  if (p.parseOperand(tile) || p.parseComma())
    return failure();
  SMLoc at = p.getCurrentLocation();
  if (p.parseKeywordOrString(&name))
    return failure();
  std::optional<aircheck::aie::WireBundle> b =
      name == "TileControl" ? aircheck::aie::WireBundle::TileControl
                            : aircheck::aie::symbolizeWireBundle(name);
  if (!b)
    return p.emitError(at, "expected a stream-switch bundle, got '")
           << name << "'";
  if (p.parseColon() || p.parseInteger(ch))
    return failure();
  bundle = aircheck::aie::WireBundleAttr::get(p.getContext(), *b);
  channel = p.getBuilder().getI32IntegerAttr(ch);
  return success();
}

static void printPacketPort(OpAsmPrinter &p, Operation *, Value tile,
                            aircheck::aie::WireBundleAttr bundle,
                            IntegerAttr channel) {
  p << tile << ", " << aircheck::aie::stringifyWireBundle(bundle.getValue())
    << " : " << channel.getInt();
}

/// The memref of aiex.npu.dma_memcpy_nd, after the two integers earlier
/// mlir-aie wrote before it (`0, 0, %arg0`), when present.
static ParseResult parseLeadingXY(OpAsmParser &p, IntegerAttr &x,
                                  IntegerAttr &y,
                                  OpAsmParser::UnresolvedOperand &memref) {
  int64_t a, b;
  OptionalParseResult got = p.parseOptionalInteger(a);
  if (got.has_value()) {
    if (failed(*got) || p.parseComma() || p.parseInteger(b) || p.parseComma())
      return failure();
    x = p.getBuilder().getI64IntegerAttr(a);
    y = p.getBuilder().getI64IntegerAttr(b);
  }
  return p.parseOperand(memref);
}

static void printLeadingXY(OpAsmPrinter &p, Operation *, IntegerAttr x,
                           IntegerAttr y, Value memref) {
  if (x && y)
    p << x.getInt() << ", " << y.getInt() << ", ";
  p << memref;
}

#define GET_OP_CLASSES
#include "dialects/AIE/AIEOps.cpp.inc"

void AIEDialect::initialize() {
  addOperations<DeviceOp, TileOp, EndOp, BufferOp, LockOp, UseLockOp, CoreOp,
                MemOp, MemTileDMAOp, ShimDMAOp, DMAStartOp, DMABDOp, NextBDOp,
                FlowOp, ShimDMAAllocationOp, PacketFlowOp, PacketSourceOp,
                PacketDestOp, RuntimeSequenceOp, ObjectFifoCreateOp,
                ObjectFifoLinkOp, ObjectFifoAcquireOp, ObjectFifoReleaseOp,
                ObjectFifoSubviewAccessOp>();
  addOperations<LogicalTileOp, DMAOp, CascadeFlowOp, PutCascadeOp,
                GetCascadeOp>();
  addAttributes<PacketInfoAttr>();
  addTypes<
#define GET_TYPEDEF_LIST
#include "dialects/AIE/AIETypes.cpp.inc"
      >();
}

void aircheck::aiex::AIEXDialect::initialize() {
  addOperations<NpuDmaMemcpyNdOp, NpuDmaWaitOp, DMAConfigureTaskForOp,
                DMAConfigureTaskOp, DMAStartTaskOp, DMAAwaitTaskOp,
                DMAFreeTaskOp>();
  addOperations<aircheck::aiex::RuntimeSequenceOp, NpuWrite32Op,
                NpuMaskWrite32Op, NpuBlockWriteOp, NpuSyncOp,
                NpuAddressPatchOp, NpuPushQueueOp, ConfigureOp, RunOp,
                SetLockOp>();
}

// An op of mlir-aie that air-check does not model is a parse error that
// says so, never a crash and never an opaque "unknown op".
static ParseResult parseUnsupportedOp(OpAsmParser &parser,
                                      OperationState &state) {
  // MLIR prefixes this with "custom op '<name>' ".
  return parser.emitError(parser.getNameLoc())
         << "not supported by air-check (it models the aie and aiex ops "
            "listed in docs/aie.md; lower this op first or remove it)";
}

std::optional<Dialect::ParseOpHook>
AIEDialect::getParseOperationHook(StringRef opName) const {
  return ParseOpHook(parseUnsupportedOp);
}

std::optional<Dialect::ParseOpHook>
aircheck::aiex::AIEXDialect::getParseOperationHook(StringRef opName) const {
  return ParseOpHook(parseUnsupportedOp);
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

TileOp aircheck::aie::getTileOf(Value tile) {
  return tile ? tile.getDefiningOp<TileOp>() : TileOp();
}

bool aircheck::aie::isLogicalTile(Value tile) {
  return tile && tile.getDefiningOp<LogicalTileOp>();
}

bool aircheck::aie::isRuntimeSequence(Operation *op) {
  return isa<RuntimeSequenceOp, aircheck::aiex::RuntimeSequenceOp>(op);
}

Region &aircheck::aie::runtimeSequenceBody(Operation *sequence) {
  return sequence->getRegion(0);
}

Operation *aircheck::aie::enclosingRuntimeSequence(Operation *op) {
  for (Operation *p = op ? op->getParentOp() : nullptr; p;
       p = p->getParentOp())
    if (isRuntimeSequence(p))
      return p;
  return nullptr;
}

int64_t aircheck::aie::elementBytes(MemRefType type) {
  // getElementTypeBitWidth asserts on element types without a bit width
  // (index, vectors); index takes MLIR's default data layout (64 bits).
  mlir::Type elem = type.getElementType();
  int64_t count = 1;
  if (auto vec = llvm::dyn_cast<mlir::VectorType>(elem)) {
    count = vec.getNumElements();
    elem = vec.getElementType();
  }
  int64_t bits = elem.isIndex() ? 64
                 : elem.isIntOrFloat() ? elem.getIntOrFloatBitWidth()
                                       : 8;
  return std::max<int64_t>(1, count * ((bits + 7) / 8));
}

std::optional<int64_t> aircheck::aie::memrefBytes(MemRefType type) {
  if (!type.hasStaticShape())
    return std::nullopt;
  return type.getNumElements() * elementBytes(type);
}

void TileOp::getAsmResultNames(function_ref<void(Value, StringRef)> setName) {
  setName(getResult(), "tile_" + std::to_string(getCol()) + "_" +
                           std::to_string(getRow()));
}

void LogicalTileOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setName) {
  switch (getTileType()) {
  case AIETileType::CoreTile:
    return setName(getResult(), "logical_core");
  case AIETileType::MemTile:
    return setName(getResult(), "logical_mem");
  case AIETileType::ShimNOCTile:
    return setName(getResult(), "logical_shim_noc");
  case AIETileType::ShimPLTile:
    return setName(getResult(), "logical_shim_pl");
  }
}

// Result names as mlir-aie prints them: a buffer or lock by its sym_name,
// else by its tile; cores and DMA programs by kind and tile.
static std::string tileSuffix(Value tile) {
  if (TileOp t = getTileOf(tile))
    return "_" + std::to_string(t.getCol()) + "_" + std::to_string(t.getRow());
  return "";
}

void BufferOp::getAsmResultNames(function_ref<void(Value, StringRef)> setName) {
  setName(getResult(), getSymName() ? getSymName()->str()
                                    : "buffer" + tileSuffix(getTile()));
}
void LockOp::getAsmResultNames(function_ref<void(Value, StringRef)> setName) {
  setName(getResult(), getSymName() ? getSymName()->str()
                                    : "lock" + tileSuffix(getTile()));
}
void CoreOp::getAsmResultNames(function_ref<void(Value, StringRef)> setName) {
  setName(getResult(), "core" + tileSuffix(getTile()));
}
void MemOp::getAsmResultNames(function_ref<void(Value, StringRef)> setName) {
  setName(getResult(), "mem" + tileSuffix(getTile()));
}
void MemTileDMAOp::getAsmResultNames(function_ref<void(Value, StringRef)> setName) {
  setName(getResult(), "memtile_dma" + tileSuffix(getTile()));
}
void ShimDMAOp::getAsmResultNames(function_ref<void(Value, StringRef)> setName) {
  setName(getResult(), "shim_dma" + tileSuffix(getTile()));
}
