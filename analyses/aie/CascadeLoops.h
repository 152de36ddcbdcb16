//===- CascadeLoops.h - a core's loops over cascade words -------*- C++ -*-===//
//
// A core moves a buffer over its cascade stream one word at a time: a loop
// whose body reads a vector of the buffer, flattened, at the loop's
// variable and puts it (aie.put_cascade), or gets one (aie.get_cascade) and
// writes it there. This reads that form, the one upstream's air-to-aie
// writes for a cascade channel and air-check's lowering too, so that the
// design replay (analyses/validate/DesignRun.h) can follow what a core puts
// on the cascade into the core that gets it:
//
//   scf.for %i = lb to ub step W {
//     %v = vector.transfer_read %flat[%i], %pad {in_bounds = [true]}
//     aie.put_cascade(%v : vector<W x t>)
//   }
//
// or the get_cascade and a vector.transfer_write of it at [%i]; %flat is an
// aie.buffer of rank 1 or a memref.collapse_shape of one into one
// dimension; every bound a constant, the step W (the vector's length), and
// every word inside the buffer. Anything else is not read.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_AIE_CASCADELOOPS_H
#define AIRCHECK_ANALYSES_AIE_CASCADELOOPS_H

#include "dialects/AIE/AIEDialect.h"

#include "mlir/IR/Operation.h"

#include <optional>
#include <string>

namespace aircheck::aiecheck {

struct CascadeLoop {
  mlir::Operation *loop = nullptr;
  /// The put_cascade or get_cascade, and the vector read or write.
  mlir::Operation *cascade = nullptr, *access = nullptr;
  bool put = false;
  aie::BufferOp buffer;
  /// The words: trip k moves elements [first + k * width, + width) of the
  /// buffer in row-major order.
  int64_t first = 0, width = 0, trips = 0;
};

/// The loop `cascadeOp` (an aie.put_cascade or aie.get_cascade) moves a
/// buffer's words in; nullopt with `why` for any other form.
std::optional<CascadeLoop> cascadeLoopOf(mlir::Operation *cascadeOp,
                                         std::string &why);

} // namespace aircheck::aiecheck

#endif
