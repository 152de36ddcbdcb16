//===- TransferPlan.h - every channel transfer, in the verified order -*- C++ -*-===//
//
// The NPU lowering builds its BD chains from a run of the program on the
// ordering model (analyses/SkeletonExecutor over analyses/AsyncGraph), the
// same run deadlock-freedom proved stands for every schedule. Each put or
// get becomes an Access with its offsets, sizes and strides made concrete;
// accesses are grouped into endpoints: the puts of one channel index from
// one place, or the gets of one FIFO at one place (a core tile for L1, the
// segment's memory tiles for L2, the shim for L3), each in FIFO order.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_LOWERINGS_AIRTOAIE_TRANSFERPLAN_H
#define AIRCHECK_LOWERINGS_AIRTOAIE_TRANSFERPLAN_H

#include "dialects/AIR/AIRDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SmallVector.h"

#include <string>
#include <vector>

namespace aircheck {
class AsyncGraph;
}

namespace aircheck::npu {

enum class Level { L1, L2, L3 };

struct Tile {
  int64_t col = 0, row = 0;
  bool operator==(const Tile &o) const { return col == o.col && row == o.row; }
  bool operator<(const Tile &o) const {
    return col != o.col ? col < o.col : row < o.row;
  }
};

/// A memory the design gives a place: an L1 alloc in one herd tile, an L2
/// alloc of the segment, an L3 argument of the function.
struct BufferRef {
  Level level;
  mlir::Operation *alloc = nullptr; // L1, L2
  unsigned argIndex = 0;            // L3
  /// L3: the memref.global an npu_mmio put sends (MmioInit.h), instead of
  /// an argument.
  mlir::Operation *global = nullptr;
  /// L1: the herd and the tile's ids.
  mlir::Operation *herd = nullptr;
  llvm::SmallVector<int64_t, 2> ids;
  mlir::MemRefType type;
  /// Where it lives: L1 the core's tile, L2 a memory tile, L3 unused.
  Tile tile;
  /// L2 split over memory tiles (L2Split.h): which part of the alloc this
  /// is (its type is the part's); -1 for a whole buffer.
  int part = -1;
};

/// One transfer, with its access pattern concrete.
struct Access {
  unsigned buffer;
  /// As written on the AIR op (empty: the whole buffer).
  llvm::SmallVector<int64_t, 4> offsets, sizes, strides;
  mlir::Operation *op;
  /// Its place in the run's order of transfer starts.
  uint64_t order = 0;
  /// A padded source (docs/semantics.md 4c; a memory tile's MM2S only):
  /// zeros before and after each dimension of the explicit pattern
  /// (explicitPattern's), one per dimension; empty when it does not pad.
  llvm::SmallVector<int64_t, 4> padBefore, padAfter;
  bool operator==(const Access &o) const {
    return buffer == o.buffer && offsets == o.offsets && sizes == o.sizes &&
           strides == o.strides && padBefore == o.padBefore &&
           padAfter == o.padAfter;
  }
};

/// One side of a stream.
struct Endpoint {
  bool isPut;
  Level level;
  /// The channel, or null for a side of an air.dma_memcpy_nd (which is a
  /// FIFO of its own per issuing instance).
  air::ChannelOp channel;
  /// The channel declaration or the dma_memcpy_nd: where to report.
  mlir::Operation *decl = nullptr;
  /// The channel's name, or memcpy<N>.
  std::string name;
  /// Whether its shim allocation's name carries the index: a bundle of
  /// several indices, or a dma_memcpy_nd that herd tiles issue (a channel
  /// of one index is named alone, as upstream names it).
  bool namedByIndex = false;
  /// The source index of a put, the FIFO index of a get.
  llvm::SmallVector<int64_t, 4> index;
  /// L1: the herd and tile ids of the core.
  mlir::Operation *herd = nullptr;
  llvm::SmallVector<int64_t, 2> ids;
  /// Its accesses, in FIFO order.
  std::vector<Access> accesses;
  /// A put: the get endpoints it feeds (one per destination of a
  /// broadcast). A get: the put endpoint that feeds it.
  llvm::SmallVector<unsigned, 2> peers;
  /// Set by the lowering: the tile and DMA channel.
  Tile tile;
  int dmaChannel = -1;
  /// One of the pieces a stream over a split L2 buffer was cut into
  /// (L2Split.h); -1 for a whole stream.
  int part = -1;
  std::string label() const;
  /// The stream's name in the design (its shim allocation is `air_` and
  /// this): the channel's name, with its index where the name alone does
  /// not tell the stream (namedByIndex), and its part of a split L2 buffer.
  std::string streamName() const;
};

struct TransferPlan {
  mlir::func::FuncOp func;
  std::vector<BufferRef> buffers;
  std::vector<Endpoint> endpoints;
};

/// Runs `func` on the ordering model and groups its transfers. Refuses
/// (errors at the ops) what it cannot give a place: a memref that is not an
/// alloc or a function argument, an L1 transfer outside its herd, a FIFO
/// fed or drained from more than one place.
mlir::FailureOr<TransferPlan> planTransfers(mlir::func::FuncOp func,
                                            const AsyncGraph &graph,
                                            bool mergeSources = true,
                                            bool *merged = nullptr,
                                            uint64_t maxSteps = 0);

/// Merges L2 and L3 sources that send the same elements of the same
/// buffer by the same op, transfer for transfer, into one (a broadcast to all their
/// destinations). planTransfers calls it.
/// Returns whether it merged any.
bool mergeIdenticalSources(TransferPlan &plan);

/// Takes the endpoints `drop` picks out of `plan`, renumbering the others'
/// peers (an endpoint dropped must only be the peer of endpoints dropped).
void dropEndpoints(TransferPlan &plan,
                   llvm::function_ref<bool(const Endpoint &)> drop);

/// The memref a transfer names, traced through air.execute results and
/// hierarchy arguments to its memref.alloc or function argument.
mlir::Value rootMemref(mlir::Value v);

} // namespace aircheck::npu

#endif
