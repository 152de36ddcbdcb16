//===- ChannelReferences.cpp - a put or get names one channel of a bundle ---===//
//
// Seed 000 2.5: channels are declared once at module scope, and the indices
// of a put or get select one channel of the array. Upstream's verifiers
// check neither (its test fragments name undeclared channels), so these are
// lint errors, not verifier errors: the rest of the program is still
// analysed, and the analyses take such an access as unknown. Leading
// indices past the rank that are 0 in every instance are read away first
// (analyses/ChannelIndices.h): upstream's AIRToAIE tests give a 1-D
// broadcast bundle the two ids of a 1x2 herd, and the seed's NumPy
// broadcasting rule gives them that meaning.
//
// A get on a broadcast channel addresses the destination space,
// broadcast_shape; in a dimension where that is 1 its index matches every
// destination (air-to-aie zeroes it), so any non-negative value is accepted
// there (docs/semantics.md section 5).
//
//===----------------------------------------------------------------------===//
#include "checkers/Checker.h"

#include "analyses/ChannelIndices.h"

#include "dialects/AIR/AIRDialect.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"

using namespace aircheck;
using namespace mlir;

namespace {

void checkUse(air::ChannelOpInterface op, SymbolTableCollection &tables) {
  auto chan = air::lookupChannel(op, op.getChanNameAttr(), tables);
  if (!chan) {
    InFlightDiagnostic diag =
        op.emitError("'") << op->getName() << "' names channel "
                          << op.getChanNameAttr()
                          << ", which is not declared (seed 000 2.5: a channel "
                             "is declared once, at module scope)";
    diag.attachNote() << "hint: declare it with 'air.channel "
                      << op.getChanNameAttr() << " [...]'";
    return;
  }
  SmallVector<int64_t> shape = chan.getShape();
  bool broadcastGet = false;
  if (!op.isPut()) {
    if (auto bshape = chan.getBroadcastShape()) {
      broadcastGet = true;
      shape.clear();
      for (Attribute a : *bshape)
        shape.push_back(cast<IntegerAttr>(a).getInt());
    }
  }
  StringRef space = broadcastGet ? "the broadcast_shape of channel " : "channel ";
  // Leading indices past the rank that are 0 in every instance select
  // nothing (NumPy's leading dimensions of size 1; analyses/ChannelIndices.h).
  auto indices = channelIndices(op);
  if (indices.empty())
    return;
  if (indices.size() != shape.size()) {
    auto diag = op.emitError("'")
                << op->getName() << "' has " << indices.size()
                << " channel indices, but " << space << op.getChanNameAttr()
                << " has rank " << shape.size()
                << "; the indices select one channel of the array (seed 000 2.5)";
    diag.attachNote(chan.getLoc()) << "channel declared here";
    if (indices.size() > shape.size())
      diag.attachNote() << "hint: give no indices or exactly " << shape.size()
                        << "; leading indices past the rank are allowed only "
                           "where each is 0 in every instance (a constant 0, "
                           "or the id of a dimension of size 1)";
    else
      diag.attachNote() << "hint: give no indices or exactly " << shape.size();
    return;
  }
  for (auto [i, idx] : llvm::enumerate(indices)) {
    APInt v;
    if (!matchPattern(idx, m_ConstantInt(&v)))
      continue;
    bool matchesAll = broadcastGet && shape[i] == 1;
    if (!v.isNegative() && (matchesAll || v.getSExtValue() < shape[i]))
      continue;
    auto diag = op.emitError("'") << op->getName() << "' channel index #" << i
                                  << " is " << v.getSExtValue();
    if (matchesAll)
      diag << ", which is negative; dimension " << i << " of " << space
           << op.getChanNameAttr()
           << " is 1, where a get matches every destination, but its index "
              "must still be at least 0";
    else
      diag << ", outside [0, " << shape[i] << ") of " << space
           << op.getChanNameAttr();
    diag.attachNote(chan.getLoc()) << "channel declared here";
    return;
  }
}

class ChannelReferences : public Checker {
public:
  llvm::StringRef id() const override { return "channel-references"; }
  llvm::StringRef summary() const override {
    return "A put or get names a declared channel, with as many indices as "
           "its rank, constant ones inside its shape";
  }
  void run(CheckContext &ctx) override {
    SymbolTableCollection tables;
    ctx.module.walk([&](Operation *op) {
      if (auto transfer = dyn_cast<air::ChannelOpInterface>(op))
        checkUse(transfer, tables);
    });
  }
};

} // namespace

std::unique_ptr<Checker> aircheck::createChannelReferences() {
  return std::make_unique<ChannelReferences>();
}
