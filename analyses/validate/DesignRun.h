//===- DesignRun.h - replaying what an aie design moves ---------*- C++ -*-===//
//
// The design side of translation validation (docs/validate.md): one run of
// the dispatch model (analyses/aie/DispatchModel.h) with data. Every BD a
// channel runs reads or writes the elements its pattern addresses; a stream
// carries the tags an MM2S BD read, in order, to the S2MM BDs (or shim
// tasks) at the other end of its flow; a runtime task reads or writes its
// argument's elements by its four-dimensional pattern.
//
// One run stands for every run when the model is persistent: no step an
// agent can take is taken away by another's. With AIE2 semaphores (releases
// only raise a value) only a competing acquire can, so a lock with one
// acquiring agent is safe, and one with several is searched for states
// where two ready acquires do not both fit its value; every stream needs
// one sender. Runtime tasks must not overlap on an element one of them
// writes while both may be under way (read from the host's program order).
// With a race-free design (aie-data-race) a persistent model's runs then
// all deliver the same data (Keller: they differ by swaps of independent
// steps). Where competition or overlap is possible, the run is still one
// the design can take (`caveat`): a difference in it is the design's.
//
// An MM2S BD reads its buffer when its channel reaches it (it holds the
// buffer's lock from there to its release); an S2MM BD's elements are
// written when it completes. A buffer of a core tile that its core writes
// holds, for every DMA that reads it, values that core computed (Tag
// Computed); the others hold what was written into them. A core's loop
// over cascade words (analyses/aie/CascadeLoops.h) puts its buffer's words
// on its cascade stream, one word per put_cascade, and the getting core's
// loop writes them into its buffer: fills, as an S2MM BD's.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_VALIDATE_DESIGNRUN_H
#define AIRCHECK_ANALYSES_VALIDATE_DESIGNRUN_H

#include "analyses/aie/AIEDesign.h"
#include "analyses/validate/Delivery.h"

#include "llvm/ADT/DenseMap.h"

#include <map>
#include <set>

#include <limits>

namespace aircheck::validate {

struct DesignDelivery {
  Unknown unknown;
  /// Set (with `unknown`) when the design addresses an element outside its
  /// buffer or argument: a difference, whatever else it moves.
  Unknown wrong;
  /// Set when the replay's run is one the design can take, but other runs
  /// may deliver other data (agents that compete for a lock, runtime tasks
  /// that may overlap on an element one writes): a difference in this run
  /// is one of the design's, and no difference says nothing of the others.
  Unknown caveat;
  /// The device's buffers: Tag::who of Computed and Initial tags.
  std::vector<aie::BufferOp> buffers;
  /// Per buffer: on a core tile; written by its core.
  std::vector<bool> onCore, coreWrites;
  /// Per buffer of a core tile that a DMA writes: its fills.
  std::map<int, FillLog> fills;
  /// Per buffer with an initial value of dense constants: its elements'
  /// Constant tags (what an npu_mmio channel sets, as upstream lowers it).
  std::map<int, std::vector<Tag>> initial;
  /// The runtime sequence and, per argument, the tag of each element at
  /// the end (Tag::who of Argument tags: the argument's number).
  mlir::Operation *sequence = nullptr;
  std::vector<TagArray> arguments;
  /// Per buffer that cores of several tiles use (shared L1): the cores
  /// whose code touches it, and their uses in the run's order (a use: one
  /// part of a core's code between two of its lock steps that touches the
  /// buffer, named by the core). The order of two uses one of which writes is the
  /// same in every run of a race-free design (aie-data-race: no state has
  /// both under way), and no DMA moves such a buffer (else unknown).
  std::map<int, std::set<mlir::Operation *>> sharedUsers;
  std::map<int, std::vector<aie::CoreOp>> sharedUses;
  /// The index of an aie.buffer op in `buffers` (-1: not one of them).
  int bufferIndex(mlir::Operation *buffer) const;
  llvm::DenseMap<mlir::Operation *, int> indexOf;
};

/// The data the design `d` moves in one dispatch of its runtime sequence;
/// at most `budget` elements moved and `maxSteps` steps taken (else
/// unknown).
DesignDelivery replayDesign(aiecheck::Device &d, int64_t budget,
                            uint64_t maxSteps);

/// The elements a runtime task (aiex.npu.dma_memcpy_nd) addresses in its
/// argument, in order (nullopt: a pattern with runtime values, with `why`).
std::optional<std::vector<int64_t>>
runtimeTaskElements(aiex::NpuDmaMemcpyNdOp task, std::string &why);

/// What bdElements gives for a padding zero of a padded BD.
inline constexpr int64_t kPadElement = std::numeric_limits<int64_t>::min();

/// The elements `bd` addresses, in order (nullopt: a pattern the replay
/// does not read, with `why`). A padded BD (`pad [<const_pad_before = b,
/// const_pad_after = a>, ...]`, one per dimension of its sizes, mlir-aie's
/// memory-tile padding) walks the padded sizes, each dimension's b zeros,
/// its data, its a zeros: kPadElement at a zero.
std::optional<std::vector<int64_t>> bdElements(aie::DMABDOp bd,
                                               std::string &why);

} // namespace aircheck::validate

#endif
