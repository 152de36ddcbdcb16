//===- MmioInit.h - npu_mmio channels as buffers' initial values -*- C++ -*-===//
//
// A channel of type npu_mmio carries constant data from the host to cores.
// Upstream's air-to-aie lowers it without a stream: the source
// memref.global's initializer becomes the destination aie.buffer's
// `initial_value`, which the runtime writes into the tile before any core
// starts (no flow, shim DMA, BD or lock). That is the AIR program's meaning
// only where every fill writes the same constant into a buffer that nothing
// else writes: each get, whenever it runs, then finds the buffer already
// holding what it would write. The lowering checks exactly that and refuses
// the rest, by name:
//
//  * the put's source is a memref.get_global of a memref.global with a dense
//    initializer, sent whole;
//  * each get fills a core's L1 buffer whole, with the same element type
//    and count;
//  * nothing else writes that buffer: no other stream, and the core only
//    reads it (loads, transfer reads, linalg inputs, views of those).
//
// The channel's endpoints then leave the plan: BD chains, flows, locks and
// the runtime sequence never see them, and the cores drop their gets.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_LOWERINGS_AIRTOAIE_MMIOINIT_H
#define AIRCHECK_LOWERINGS_AIRTOAIE_MMIOINIT_H

#include "lowerings/AIRToAIE/ChannelAccess.h"
#include "lowerings/AIRToAIE/TransferPlan.h"

#include "mlir/IR/BuiltinAttributes.h"

#include <map>
#include <set>
#include <string>

namespace aircheck::npu {

struct MmioInit {
  /// Per plan buffer (an L1 buffer of one core): its initial value, typed
  /// as a tensor of the buffer's shape.
  std::map<unsigned, mlir::DenseElementsAttr> initialValues;
  /// The npu_mmio channels (their gets are dropped from the cores).
  std::set<std::string> channels;
};

/// Takes the npu_mmio endpoints out of `plan` and gives their buffers'
/// initial values; refuses (errors at the ops) what the initial value would
/// not mean.
mlir::FailureOr<MmioInit> takeMmio(TransferPlan &plan);

} // namespace aircheck::npu

#endif
