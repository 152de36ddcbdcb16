//===- Cascades.h - cascade channels as the cores' cascade streams -*- C++ -*-===//
//
// A channel of type cascade joins two cores directly (seed 000 2.5, 3): no
// DMA, BD, lock or flow. As upstream's air-to-aie lowers it
// (ConvertCascadeChannelIfToAIE and TileCascadeChannelIfUsingScfFor), the
// put becomes a loop in the putting core that reads its buffer, flattened,
// in chunks of the cascade's width (512 bits on AIE2) and puts each chunk
// on the cascade (aie.put_cascade); the get a loop in the getting core that
// gets each chunk (aie.get_cascade) and writes it into its buffer in the
// same order; and an aie.cascade_flow joins the two tiles. Each put and get
// moves its buffer whole, in row-major order, which is what the channel
// moves (seed 000 2.5: the k-th put meets the k-th get).
//
// The lowering checks what that needs and refuses the rest, by name:
//
//  * each put and get moves a whole L1 buffer of a static shape with the
//    default layout, whose element width divides 512 bits and whose size
//    is a whole number of 512-bit chunks;
//  * each tile has at most one cascade out and one in (the hardware's one
//    port each way), and the getting tile is east of, or south of, the
//    putting tile (placement puts it there: analyses/Placement.h).
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_LOWERINGS_AIRTOAIE_CASCADES_H
#define AIRCHECK_LOWERINGS_AIRTOAIE_CASCADES_H

#include "lowerings/AIRToAIE/TransferPlan.h"

#include <set>
#include <string>
#include <vector>

namespace aircheck::npu {

/// The cascade's width on AIE2, in bits (mlir-aie's
/// getAccumulatorCascadeSize for AIE2 devices).
inline constexpr unsigned kCascadeBits = 512;

struct CascadeLinkPlan {
  /// The channel declaration (where to report).
  mlir::Operation *decl = nullptr;
  /// The putting and the getting core: herd and tile ids.
  mlir::Operation *putHerd = nullptr, *getHerd = nullptr;
  llvm::SmallVector<int64_t, 2> putIds, getIds;
  /// A put and a get of it (where to report).
  mlir::Operation *put = nullptr, *get = nullptr;
};

struct CascadePlan {
  std::vector<CascadeLinkPlan> links;
  /// The cascade channels (the cores' puts and gets on them become loops).
  std::set<std::string> channels;
};

/// Takes the cascade endpoints out of `plan` and gives the links between
/// cores; refuses (errors at the ops) what a cascade loop would not move.
mlir::FailureOr<CascadePlan> takeCascades(TransferPlan &plan);

/// Why a cascade loop cannot move a whole buffer of `type` in
/// kCascadeBits-bit words (empty: it can): a static shape and the default
/// layout, integer or float elements whose width divides the word, a whole
/// number of words. takeCascades asks it of every transfer the run
/// reached, CoreBodies of each cascade op it rewrites.
std::string cascadeWordsProblem(mlir::MemRefType type);

} // namespace aircheck::npu

#endif
