//===- AIEVerifiers.cpp - what makes an aie op well-formed ----------------===//
//
// Only what no tool could give a meaning to: an operand that must name a
// tile or a lock and does not, negative counts, dimension lists of unequal
// length. Everything that depends on the device (array bounds, memory,
// locks, BDs, channels, flows) is a lint check (checkers/AIE*.cpp), so a
// program that breaks one is still analysed.
//
//===----------------------------------------------------------------------===//
#include "dialects/AIE/AIEDialect.h"

using namespace mlir;
using namespace aircheck::aie;

static LogicalResult expectTile(Operation *op, Value v, StringRef what) {
  if (getTileOf(v) || isLogicalTile(v))
    return success();
  return op->emitOpError() << what << " must be the result of an 'aie.tile' "
                                      "or an 'aie.logical_tile'";
}

LogicalResult LogicalTileOp::verify() {
  for (std::optional<uint32_t> v : {getCol(), getRow()})
    if (v && static_cast<int32_t>(*v) < 0)
      return emitOpError("coordinates must be non-negative, got ")
             << static_cast<int32_t>(*v);
  return success();
}

LogicalResult BufferOp::verify() {
  if (failed(expectTile(*this, getTile(), "the tile operand")))
    return failure();
  if (!getType().hasStaticShape())
    return emitOpError("must have a statically shaped memref type");
  return success();
}

LogicalResult LockOp::verify() {
  if (failed(expectTile(*this, getTile(), "the tile operand")))
    return failure();
  if (auto id = getLockID(); id && *id < 0)
    return emitOpError("lock id must be non-negative, got ") << *id;
  if (auto init = getInit(); init && *init < 0)
    return emitOpError("init must be non-negative, got ") << *init;
  return success();
}

LogicalResult UseLockOp::verify() {
  if (!getLock().getDefiningOp<LockOp>())
    return emitOpError("the lock operand must be the result of an 'aie.lock'");
  if (getValue() && getAmount())
    return emitOpError("takes its amount as an integer or as an operand, "
                       "not both");
  if (std::optional<int64_t> v = getKnownAmount(); v && *v < 0)
    return emitOpError("value must be non-negative, got ") << *v;
  return success();
}

LogicalResult CoreOp::verify() {
  if (failed(expectTile(*this, getTile(), "the tile operand")))
    return failure();
  if (getStackSize() < 0)
    return emitOpError("stack_size must be non-negative");
  return success();
}

#define AIRCHECK_DMA_PROGRAM_VERIFIER(OP)                                      \
  LogicalResult OP::verify() {                                                 \
    return expectTile(*this, getTile(), "the tile operand");                   \
  }
AIRCHECK_DMA_PROGRAM_VERIFIER(MemOp)
AIRCHECK_DMA_PROGRAM_VERIFIER(MemTileDMAOp)
AIRCHECK_DMA_PROGRAM_VERIFIER(ShimDMAOp)
#undef AIRCHECK_DMA_PROGRAM_VERIFIER

LogicalResult DMABDOp::verify() {
  if (getOffsetOrDefault() < 0)
    return emitOpError("offset must be non-negative");
  if (auto len = getLen(); len && *len < 0)
    return emitOpError("len must be non-negative");
  size_t nSizes = getSizes() ? getSizes()->size() : 0;
  size_t nStrides = getStrides() ? getStrides()->size() : 0;
  if (nSizes != nStrides)
    return emitOpError("has ") << nSizes << " sizes but " << nStrides
                               << " strides";
  if (std::optional<ArrayRef<int32_t>> sizes = getSizes())
    for (int32_t s : *sizes)
      if (s < 1)
        return emitOpError("dimension sizes must be positive, got ") << s;
  if (std::optional<ArrayRef<int32_t>> strides = getStrides())
    for (int32_t s : *strides)
      if (s < 0)
        return emitOpError("strides must be non-negative, got ") << s;
  size_t nBefore = getPadBefore() ? getPadBefore()->size() : 0;
  size_t nAfter = getPadAfter() ? getPadAfter()->size() : 0;
  if (nBefore != nAfter)
    return emitOpError("padding lists differ in length");
  return success();
}

LogicalResult FlowOp::verify() {
  if (failed(expectTile(*this, getSource(), "the source")) ||
      failed(expectTile(*this, getDest(), "the destination")))
    return failure();
  return success();
}

LogicalResult ShimDMAAllocationOp::verify() {
  if (!getTile()) {
    if (!getCol())
      return emitOpError("names its shim tile by a tile operand or a column");
    return success();
  }
  if (getCol())
    return emitOpError("names its shim tile by a tile operand or a column, "
                       "not both");
  return expectTile(*this, getTile(), "the tile operand");
}

LogicalResult PacketFlowOp::verify() {
  unsigned sources = 0, dests = 0;
  for (Operation &op : getPorts().front()) {
    if (isa<PacketSourceOp>(op))
      ++sources;
    else if (isa<PacketDestOp>(op))
      ++dests;
    else
      return op.emitOpError("is not a port of a packet flow (expected "
                            "aie.packet_source or aie.packet_dest)");
    if (failed(expectTile(&op, op.getOperand(0), "the tile operand")))
      return failure();
  }
  // Several sources merge into the flow (mlir-aie's packet fan-in, as in
  // its hardware-run multi_source_packet_flow).
  if (sources == 0 || dests == 0)
    return emitOpError("needs at least one aie.packet_source and one "
                       "aie.packet_dest, got ")
           << sources << " and " << dests;
  return success();
}
