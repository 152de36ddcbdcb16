//===- MemoryRace.cpp - unordered nv_tileaa effects on one element ---------===//
//
// Seed 001: "later passes may reorder operations only when the token graph
// stays intact". So two memory effects of one function that no token path
// orders may run in either order, or at once; if they may touch one element
// and one of them writes, the program's result depends on that order. isl
// decides the element sets (analyses/tileaa/AccessOverlap) and gives the
// witness element; where provenance cannot separate two bases, or the
// element sets are not affine, the verdict is a warning saying `unknown`.
// Pairs token-protocol reports (an effect without a token; an effect after
// one whose token is dropped) are left to it.
//
//===----------------------------------------------------------------------===//
#include "checkers/Checker.h"

#include "analyses/tileaa/AccessOverlap.h"
#include "analyses/tileaa/TokenOrder.h"
#include "dialects/TileAA/TileAADialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace aircheck;
using namespace aircheck::tileaa;
using namespace mlir;

namespace {
class MemoryRace : public Checker {
public:
  CheckLevel level() const override { return CheckLevel::TileAA; }
  llvm::StringRef id() const override { return "memory-race"; }
  llvm::StringRef summary() const override {
    return "nv_tileaa: no two memory effects that no token orders touch one "
           "element, one of them writing";
  }

  void run(CheckContext &ctx) override {
    auto &order = ctx.analyses.getAnalysis<TokenOrder>();
    llvm::MapVector<Operation *, SmallVector<MemAccess>> scopes;
    ctx.module->walk([&](Operation *op) {
      if (std::optional<MemAccess> a = getMemAccess(op))
        scopes[op->getParentWithTrait<OpTrait::IsIsolatedFromAbove>()]
            .push_back(*a);
    });
    unsigned pairs = 0, findings = 0;
    for (auto &[scope, list] : scopes) {
      // An effect in a loop also meets the effects of the other iterations.
      // They are all ordered when it lies on a token chain the loop carries
      // (it is ordered before its own next instance); otherwise the pairs
      // across iterations are not modelled.
      auto inLoop = [&](const MemAccess &a) {
        auto loop = a.op->getParentOfType<LoopLikeOpInterface>();
        return loop && scope->isProperAncestor(loop);
      };
      auto carried = [&](const MemAccess &a) {
        return !inLoop(a) || order.before(a.op, a.op);
      };
      for (const MemAccess &a : list)
        if (a.writes && (a.tokenIn || a.tokenOut) && !carried(a)) {
          ++findings;
          a.op->emitWarning()
              << "memory-race is unknown for this "
              << a.op->getName().stripDialect()
              << ": it sits in a loop whose iterations its token does not "
                 "order, and air-check does not model the effects of "
                 "different iterations for nv_tileaa";
        }
      for (unsigned i = 0; i < list.size(); ++i) {
        const MemAccess &a = list[i];
        if (!a.tokenIn && !a.tokenOut)
          continue; // token-protocol
        for (unsigned j = i + 1; j < list.size(); ++j) {
          const MemAccess &b = list[j];
          if ((!b.tokenIn && !b.tokenOut) || !(a.writes || b.writes))
            continue;
          if (a.tokenOut && a.tokenOut.use_empty())
            continue; // token-protocol: a dropped token before a later effect
          ++pairs;
          bool loops = inLoop(a) || inLoop(b);
          if (order.ordered(a.op, b.op) && carried(a) && carried(b))
            continue;
          Overlap o = overlap(a, b);
          if (o.kind == Overlap::Disjoint && (!loops || o.byProvenance))
            continue;
          if (loops && o.kind != Overlap::Unknown) {
            o.kind = Overlap::Unknown;
            o.reason = "one of them sits in a loop, and the effects of "
                       "different iterations are not modelled";
          }
          ++findings;
          StringRef na = a.op->getName().stripDialect(),
                    nb = b.op->getName().stripDialect();
          if (o.kind == Overlap::Overlaps) {
            auto d = b.op->emitError()
                     << "memory race: this " << nb << " and the " << na
                     << " before it may touch the same element, "
                     << (a.writes && b.writes ? "both writing"
                                              : "one of them writing")
                     << ", and no token path orders them (" << o.witness << ")";
            d.attachNote(a.op->getLoc())
                << "the " << na << " it races with";
            d.attachNote(b.op->getLoc())
                << "hint: consume the token of the first effect (or a "
                   "join_mem_token of it) in the second one";
          } else {
            auto d = b.op->emitWarning()
                     << "memory-race is unknown for this " << nb
                     << " and the " << na
                     << " before it, which no token path orders: " << o.reason;
            d.attachNote(a.op->getLoc()) << "the other " << na;
          }
        }
      }
    }
    if (!scopes.empty() && !findings)
      ctx.proved(programLoc(ctx.module),
                 "no memory race: " + std::to_string(pairs) +
                     " pair(s) of effects with a writer, each ordered by "
                     "tokens or on disjoint elements (isl)");
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createMemoryRace() {
  return std::make_unique<MemoryRace>();
}
