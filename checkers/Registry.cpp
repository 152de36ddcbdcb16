//===- Registry.cpp - the checkers lint runs -------------------------------===//
#include "checkers/Checker.h"

using namespace aircheck;

const std::vector<std::unique_ptr<Checker>> &aircheck::allCheckers() {
  static const std::vector<std::unique_ptr<Checker>> checkers = [] {
    std::vector<std::unique_ptr<Checker>> v;
    return v;
  }();
  return checkers;
}
