//===- Passes.h - passes that expose the analyses ---------------*- C++ -*-===//
#ifndef AIRCHECK_ANALYSES_PASSES_H
#define AIRCHECK_ANALYSES_PASSES_H

namespace aircheck {
/// --air-print-async-graph.
void registerAnalysisPasses();
/// --air-run-skeleton.
void registerRunSkeletonPass();
void registerProveSymbolicPass();
} // namespace aircheck

#endif
