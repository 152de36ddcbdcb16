//===- CoreBodies.h - a herd tile's body as an aie.core ---------*- C++ -*-===//
//
// The core of one herd tile runs the herd body once, with the tile's ids as
// constants. Herd bodies run in program order (docs/semantics.md, section
// 3), so their tokens order nothing the block order does not: air.execute
// regions are inlined and tokens, air.wait_all and token loop arguments are
// dropped. Each channel op on an L1 buffer becomes the core's half of the
// buffer's lock pair:
//
//   get:  acquire the consumer lock where the get was; release the producer
//         lock after the last use of the buffer before the next get on it in
//         the same block (or the block's end);
//   put:  acquire the producer lock before the first use of the buffer after
//         the previous put on it in the same block (or the block's start);
//         release the consumer lock where the put was.
//
//   relay (a buffer received into and sent from in turn): acquire the
//         consumer lock at the get, release the ready lock at the put; the
//         buffer is the core's in between.
//
// A use of the buffer outside those windows would race with the DMA: it is
// refused, not lowered. A put or get on a cascade channel is the core's own
// loop over its buffer's 512-bit words (Cascades.h): no lock.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_LOWERINGS_AIRTOAIE_COREBODIES_H
#define AIRCHECK_LOWERINGS_AIRTOAIE_COREBODIES_H

#include "dialects/AIR/AIRDialect.h"

#include "mlir/IR/Block.h"
#include "llvm/ADT/DenseMap.h"

#include <functional>
#include <set>
#include <string>

namespace aircheck::npu {

struct LockPair {
  mlir::Value producer, consumer;
  /// A relay buffer's third lock (see Chains::relay); null otherwise.
  mlir::Value ready;
};

/// Fills `body` (an empty block of an aie.core) with the body of `herd` for
/// the tile with ids `ids`. `bufferFor` gives the tile's aie.buffer of an L1
/// alloc of the herd body; `locksOf` the lock pair of such a buffer (null
/// values when no DMA touches it). An L1 alloc from outside the herd is the
/// tile's copy (perTileCopyHolds), or, when in `sharedAllocs`, one buffer
/// cores of other herds use too (SharedL1.h). The body is appended to what
/// `body` already holds (herds that share a tile run one after the other in
/// one core). Refusals are errors at the ops.
mlir::LogicalResult
buildCoreBody(mlir::Block &body, air::HerdOp herd, llvm::ArrayRef<int64_t> ids,
              const std::function<mlir::Value(mlir::Operation *alloc)> &bufferFor,
              const std::function<LockPair(mlir::Value buffer)> &locksOf,
              const std::set<mlir::Operation *> &sharedAllocs = {},
              const std::set<std::string> &mmioChannels = {},
              const std::set<std::string> &cascadeChannels = {});

/// The memref.alloc of an L1 buffer from outside `herd` (a segment's,
/// through air.execute results and kernel arguments) that its kernel
/// operand #k names, or null. Such a buffer is one copy per tile
/// (docs/semantics.md 1.2): the tile's aie.buffer, shared by the herds the
/// tile runs.
mlir::Operation *outerL1Alloc(air::HerdOp herd, unsigned k);

/// The herd ops that name `alloc` (an L1 alloc from outside them) through
/// a kernel argument they use, in program order.
llvm::SmallVector<air::HerdOp> outerL1Users(mlir::Operation *alloc);

/// Whether a copy per tile of kernel operand #k's outer L1 buffer is what
/// upstream's lowering gives too (every tile uses it alike); a refusal
/// (an error at the use) where it would share one buffer between cores.
mlir::LogicalResult perTileCopyHolds(air::HerdOp herd, unsigned k);

/// Wraps the ops of `body` from `from` on (null: all) in an scf.for of
/// `times` trips (once per launch instance); nothing for one.
void repeatCoreBody(mlir::Block &body, mlir::Operation *from, int64_t times,
                    mlir::Location loc);

} // namespace aircheck::npu

#endif
