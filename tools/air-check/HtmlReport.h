//===- HtmlReport.h - the report as a page with a tile map ------*- C++ -*-===//
#ifndef AIRCHECK_TOOLS_AIRCHECK_HTMLREPORT_H
#define AIRCHECK_TOOLS_AIRCHECK_HTMLREPORT_H

#include "analyses/Placement.h"
#include "analyses/ResourceFit.h"

#include "llvm/Support/raw_ostream.h"

namespace aircheck {

void writeHtmlReport(llvm::raw_ostream &os, llvm::StringRef file,
                     const DeviceModel &dev, llvm::ArrayRef<FitLine> lines,
                     llvm::ArrayRef<PlacementResult> placements,
                     llvm::StringRef verdict);

} // namespace aircheck

#endif
