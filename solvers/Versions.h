//===- Versions.h - the versions of the engines linked in -------*- C++ -*-===//
#ifndef AIRCHECK_SOLVERS_VERSIONS_H
#define AIRCHECK_SOLVERS_VERSIONS_H

#include <string>

namespace aircheck {

/// isl's own version string (isl_version()), e.g. "isl-0.25-GMP": the
/// static libisl.a this binary carries, not Polly's copy in libLLVM.so.
std::string islVersion();

/// z3's version at run time (Z3_get_version), e.g. "4.8.12.0".
std::string z3Version();

} // namespace aircheck

#endif
