//===- SvgDesign.h - an aie design drawn on its array -------------*- C++ -*-===//
#ifndef AIRCHECK_TOOLS_AIRCHECK_SVGDESIGN_H
#define AIRCHECK_TOOLS_AIRCHECK_SVGDESIGN_H

#include "analyses/aie/AIEDesign.h"

#include "llvm/Support/raw_ostream.h"

#include <map>
#include <string>
#include <vector>

namespace aircheck {

/// One figure of a tile against the device's limit (capacity < 0: no
/// model).
struct TileFigure {
  std::string resource; // "memory bytes", "locks", "BDs", ...
  int64_t used = 0, capacity = -1;
};

/// What the picture shows besides the design itself.
struct DesignPictureOptions {
  /// Per used tile: its figures, drawn as bars.
  std::map<aiecheck::Coord, std::vector<TileFigure>> figures;
  /// Tiles a herd of the AIR program runs on (report --target): the
  /// herd's colour index and letter, as the placement map draws them.
  std::map<aiecheck::Coord, std::pair<unsigned, char>> herds;
};

/// The array of `d` (top row first, as the AIR placement map draws it):
/// each tile with its figures as bars, every aie.flow and each destination
/// of every aie.packet_flow as an arrow from its source port to its
/// destination port (flows from one port share a colour and fan out;
/// packet flows dashed), the shim DMA allocations and the runtime
/// sequences' L3 transfers beside the shim row; then a legend naming each
/// flow's ports. SVG and an HTML list, no script.
void writeDesignSvg(llvm::raw_ostream &os, const aiecheck::Device &d,
                    const DesignPictureOptions &options);

} // namespace aircheck

#endif
