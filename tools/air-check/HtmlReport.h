//===- HtmlReport.h - the report as a page with a tile map ------*- C++ -*-===//
#ifndef AIRCHECK_TOOLS_AIRCHECK_HTMLREPORT_H
#define AIRCHECK_TOOLS_AIRCHECK_HTMLREPORT_H

#include "analyses/Placement.h"
#include "analyses/ResourceFit.h"
#include "analyses/aie/AIEDesign.h"

#include "llvm/Support/raw_ostream.h"

namespace aircheck {

/// With `report --target`: the design the lowering writes for the program,
/// or why there is none.
struct TargetDesign {
  std::string target;
  std::optional<aiecheck::Device> device;
  std::string why;
  std::vector<std::string> diagnostics;
};

/// The page; with `target`, the first launch's placement map and the
/// design side by side. Ends with the deadlock pictures of lint on `file`.
void writeHtmlReport(llvm::raw_ostream &os, llvm::StringRef file,
                     const DeviceModel &dev, llvm::ArrayRef<FitLine> lines,
                     llvm::ArrayRef<PlacementResult> placements,
                     llvm::StringRef verdict,
                     const TargetDesign *target = nullptr);

/// The compute tiles of each herd of a placement, with the herd's colour
/// index and letter as the map draws them.
std::map<aiecheck::Coord, std::pair<unsigned, char>>
herdTiles(const PlacementResult &p);

} // namespace aircheck

#endif
