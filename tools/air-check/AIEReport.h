//===- AIEReport.h - `air-check report` on aie modules -----------*- C++ -*-===//
#ifndef AIRCHECK_TOOLS_AIRCHECK_AIEREPORT_H
#define AIRCHECK_TOOLS_AIRCHECK_AIEREPORT_H

#include "tools/air-check/Lint.h"
#include "tools/air-check/SvgDesign.h"

#include "mlir/IR/BuiltinOps.h"

namespace aircheck {

/// The per-tile resources of each aie.device of `module` (buffers and
/// stack bytes, locks, BDs, DMA channels per direction) against the device
/// model of the device's name. Returns 0 when everything fits, 1 when a
/// figure is over capacity or a device has no model, 2 for --format=html.
int writeAIEReport(mlir::ModuleOp module, llvm::StringRef path,
                   OutputFormat format, llvm::raw_ostream &os);

/// Each tile's figures (memory, locks, BDs, DMA channels per direction)
/// against the device's limits, as the report lists them.
std::map<aiecheck::Coord, std::vector<TileFigure>>
tileFigures(const aiecheck::Device &d);

} // namespace aircheck

#endif
