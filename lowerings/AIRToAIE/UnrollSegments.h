//===- UnrollSegments.h - a segment's instances as segments of their own -*- C++ -*-===//
//
// A segment with an iteration space of N instances (`unroll(%x, %y) in
// (%sx = 2, %sy = 1)`) runs N copies of its body at once, each on its own
// rectangle of the array (seed 000 2.2; the placement gives each instance
// its own columns). Upstream's air-to-aie makes an aie.device per instance
// (`air_segment_unroll_to_multi_device.mlir`); this lowering puts the
// instances side by side in one device: before it lowers, each instance
// becomes a segment of one instance, its ids and sizes constants, its
// placement left to the placer as the instances' was (a segment's and its
// herds' x_loc / y_loc place a single instance only), its herds renamed
// with the instance's ids (herds of one name would share tiles, and the
// instances' herds run at once). An asynchronous segment's token becomes
// an air.wait_all on the copies' tokens; the copies wait for what the
// segment waited for.
//
// The copies are the instances: the same bodies with the same ids, each
// running when its instance could. Compile runs this after the checks
// (which read the program as written) and before the lowering; translation
// validation compares the design with the program as rewritten.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_LOWERINGS_AIRTOAIE_UNROLLSEGMENTS_H
#define AIRCHECK_LOWERINGS_AIRTOAIE_UNROLLSEGMENTS_H

#include "mlir/IR/BuiltinOps.h"

namespace aircheck::npu {

/// The most instances a segment is unrolled into (beyond, the lowering
/// refuses it by name).
constexpr int64_t kMaxSegmentInstances = 64;

/// Unrolls every segment of constant iteration space with 2 to
/// kMaxSegmentInstances instances that is not inside another segment.
/// Returns how many it unrolled.
unsigned unrollSegments(mlir::ModuleOp module);

} // namespace aircheck::npu

#endif
