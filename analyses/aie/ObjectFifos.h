//===- ObjectFifos.h - what a device's object FIFOs stand for ----*- C++ -*-===//
//
// An `aie.objectfifo` is a bounded channel of `depth` objects from one
// producer tile to its consumer tiles (docs/aie.md, "Object FIFOs"). Its
// meaning on the array is what mlir-aie's objectFifo stateful transform
// makes of it, and this analysis states that without rewriting the design:
//   * sides: the sets of buffers with their lock pair (a producer lock that
//     starts at the side's depth, a consumer lock that starts at 0), one at
//     each end that is not a shim tile, or one in all when the two tiles
//     share memory (no DMA), or one at the memory tile a link forwards
//     through;
//   * DMA ends: the BD chain at each end that moves objects over a stream
//     (the MM2S end takes a full object: acquire the consumer lock, send,
//     release the producer lock; the S2MM end the other way round), or at
//     a shim tile the channel the host's tasks drive (named by the FIFO,
//     as the shim_dma_allocation mlir-aie generates is);
//   * per FIFO and core port, the side whose locks acquire and release
//     use.
// What this does not state (repeat counts, initial objects, joins and
// distributes, AIE1's one-lock-per-object protocol, ...) it names in
// `unknown`, so every consumer says unknown rather than prove past it.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_AIE_OBJECTFIFOS_H
#define AIRCHECK_ANALYSES_AIE_OBJECTFIFOS_H

#include "analyses/aie/AIEDesign.h"

#include "llvm/ADT/StringMap.h"

#include <string>
#include <vector>

namespace aircheck::aiecheck {

/// A set of buffers of an object FIFO with its lock pair.
struct FifoSide {
  mlir::Operation *op; // the objectfifo (or link) it belongs to
  std::string name;    // "@of at tile (0, 2)"
  Coord tile;
  int64_t depth = 0;       // objects (buffers), the producer lock's start
  int64_t objectBytes = 0; // bytes of one buffer
};

/// A DMA end of an object FIFO.
struct FifoDMA {
  mlir::Operation *op; // the objectfifo it moves
  std::string name;    // "the MM2S end of @of at memory tile (0, 1)"
  Coord tile;
  aie::DMAChannelDir dir;
  int64_t channel = 0; // as mlir-aie allocates it (first free)
  int side = -1;       // its buffers and locks; -1 at a shim tile
  int64_t words = 0;   // 32-bit words of one BD (one object)
  bool shim() const { return side < 0; }
};

struct ObjectFifoPlan {
  struct Fifo {
    aie::ObjectFifoCreateOp op;
    bool viaStream = false; // DMAs move it (not shared memory)
    int produceSide = -1;   // the side a producer core's port uses
    std::vector<int> consumeSide; // per consumer: its side
    int mm2s = -1;                // the producer's DMA end
    std::vector<int> s2mm;        // per consumer: its DMA end
  };
  std::vector<Fifo> fifos;
  std::vector<FifoSide> sides;
  std::vector<FifoDMA> dmas;
  llvm::StringMap<size_t> byName;
  /// Streams between DMA ends: from an MM2S end to the S2MM ends it feeds.
  std::vector<std::pair<int, std::vector<int>>> streams;
  /// Set when some object FIFO uses what the plan does not state.
  std::string unknown;
  mlir::Operation *unknownAt = nullptr;

  const Fifo *find(llvm::StringRef name) const {
    auto it = byName.find(name);
    return it == byName.end() ? nullptr : &fifos[it->second];
  }
  bool empty() const { return fifos.empty(); }
};

/// The plan of a device's object FIFOs (empty when it has none).
ObjectFifoPlan planObjectFifos(Device &d);

} // namespace aircheck::aiecheck

#endif
