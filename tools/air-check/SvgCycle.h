//===- SvgCycle.h - a deadlock's wait-for cycle as a picture -----*- C++ -*-===//
#ifndef AIRCHECK_TOOLS_AIRCHECK_SVGCYCLE_H
#define AIRCHECK_TOOLS_AIRCHECK_SVGCYCLE_H

#include "checkers/WaitGraph.h"

#include "llvm/Support/raw_ostream.h"

namespace aircheck {

/// An inline SVG of `g`: the cycle's nodes (each with its place) on a
/// circle in wait order, one arrow per wait labelled with what it waits for,
/// the nodes blocked behind it in grey in a row below.
void writeWaitGraphSvg(llvm::raw_ostream &os, const WaitGraph &g);

} // namespace aircheck

#endif
