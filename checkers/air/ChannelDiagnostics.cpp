//===- ChannelDiagnostics.cpp ----------------------------------------------===//
#include "checkers/air/ChannelDiagnostics.h"

using namespace aircheck;
using namespace mlir;

std::string aircheck::channelName(const ChannelInfo &c) {
  return "@" + c.decl.getSymName().str();
}

void aircheck::reportUnknown(const ChannelInfo &c, llvm::StringRef check,
                             const Unknown &why, Operation *at) {
  auto diag = c.decl.emitWarning()
              << check << " of channel " << channelName(c)
              << " is unknown: " << why.reason;
  if (at)
    diag.attachNote(at->getLoc()) << "the analysis stops at this "
                                  << at->getName();
  if (why.loc != (at ? at->getLoc() : Location(c.decl.getLoc())))
    diag.attachNote(why.loc) << "because of this";
}

std::string aircheck::whenClause(const RegionVerdict &v) {
  return v.paramValues.empty() ? std::string() : " when " + v.paramValues;
}

void aircheck::noteAccesses(InFlightDiagnostic &diag, const BalanceRegion &r) {
  for (Operation *op : r.putOps)
    diag.attachNote(op->getLoc()) << "put here";
  for (Operation *op : r.getOps)
    diag.attachNote(op->getLoc()) << "get here";
}
