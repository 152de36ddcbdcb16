//===- Versions.cpp --------------------------------------------------------===//
//
// Here, in AIRCheckSolvers, so that isl_version binds as the other isl calls
// do: to the static libisl.a linked before libLLVM.so.
//
//===----------------------------------------------------------------------===//
#include "solvers/Versions.h"

#include <isl/version.h>
#include <z3.h>

std::string aircheck::islVersion() {
  std::string v = isl_version();
  while (!v.empty() && (v.back() == '\n' || v.back() == ' '))
    v.pop_back();
  return v;
}

std::string aircheck::z3Version() {
  unsigned major = 0, minor = 0, build = 0, revision = 0;
  Z3_get_version(&major, &minor, &build, &revision);
  return std::to_string(major) + "." + std::to_string(minor) + "." +
         std::to_string(build) + "." + std::to_string(revision);
}
