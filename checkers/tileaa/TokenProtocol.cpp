//===- TokenProtocol.cpp - nv_tileaa's token protocol ----------------------===//
//
// Seed 001: "every memory effect consumes the incoming token and returns a
// token representing the effect after the access" and "Every memory op with
// effects participates in the token protocol". Three rules:
//  * a memory effect without a token (it consumes none and produces none)
//    is an error: nothing orders it against the other effects;
//  * a token result nobody uses, while a later effect of the function may
//    touch the same memory (one of the two writing, isl over their
//    elements), is an error: nothing orders the later effect after it; where
//    provenance or the index sets cannot decide, a warning says `unknown`
//    and why;
//  * the seed's dominance rule: a token operand comes from an operation
//    that dominates its consumer. MLIR's SSA verifier enforces it in
//    function bodies; this check covers graph regions (a module body),
//    where the verifier does not.
//
//===----------------------------------------------------------------------===//
#include "checkers/Checker.h"

#include "analyses/tileaa/AccessOverlap.h"
#include "dialects/TileAA/TileAADialect.h"

#include "mlir/IR/Dominance.h"

using namespace aircheck;
using namespace aircheck::tileaa;
using namespace mlir;

namespace {
class TokenProtocol : public Checker {
public:
  CheckLevel level() const override { return CheckLevel::TileAA; }
  llvm::StringRef id() const override { return "token-protocol"; }
  llvm::StringRef summary() const override {
    return "nv_tileaa: every memory effect consumes and produces a token; no "
           "token dropped before a later effect on the same memory";
  }

  void run(CheckContext &ctx) override {
    unsigned effects = 0, findings = 0;
    // Effects per isolated scope (function), in program order.
    llvm::MapVector<Operation *, SmallVector<MemAccess>> scopes;
    ctx.module->walk([&](Operation *op) {
      if (std::optional<MemAccess> a = getMemAccess(op)) {
        Operation *scope = op->getParentWithTrait<OpTrait::IsIsolatedFromAbove>();
        scopes[scope].push_back(*a);
      }
    });
    DominanceInfo dom(ctx.module);
    for (auto &[scope, list] : scopes) {
      for (unsigned i = 0; i < list.size(); ++i) {
        const MemAccess &a = list[i];
        ++effects;
        StringRef name = a.op->getName().stripDialect();
        if (!a.tokenIn && !a.tokenOut) {
          ++findings;
          auto d = a.op->emitError()
                   << "this " << name
                   << " takes no part in the token protocol: it consumes no "
                      "!nv_tileaa.mem_token and produces none, so nothing "
                      "orders it against the other memory effects";
          d.attachNote(a.op->getLoc())
              << "hint: pass the previous effect's token (or a "
                 "create_mem_token) as its last operand and thread the token "
                 "it returns into the next effect";
          continue;
        }
        if (a.tokenIn) {
          Operation *def = a.tokenIn.getDefiningOp();
          if (def && !dom.properlyDominates(def, a.op)) {
            ++findings;
            auto d = a.op->emitError()
                     << "this " << name
                     << " consumes a token produced by an operation that does "
                        "not dominate it (seed 001: a token input must come "
                        "from an operation that dominates its consumer)";
            d.attachNote(def->getLoc()) << "the token is produced here";
            d.attachNote(a.op->getLoc())
                << "hint: move the producer before this " << name
                << ", or rewire the token edges";
          }
        }
        if (!a.tokenOut || !a.tokenOut.use_empty())
          continue;
        // A dropped token: which later effects may touch the same memory?
        SmallVector<std::pair<const MemAccess *, Overlap>> clashes, unknowns;
        for (unsigned j = i + 1; j < list.size(); ++j) {
          const MemAccess &b = list[j];
          if (!(a.writes || b.writes))
            continue;
          Overlap o = overlap(a, b);
          if (o.kind == Overlap::Overlaps)
            clashes.push_back({&b, o});
          else if (o.kind == Overlap::Unknown)
            unknowns.push_back({&b, o});
        }
        if (!clashes.empty()) {
          ++findings;
          auto d = a.op->emitError()
                   << "the token this " << name
                   << " returns is dropped, but " << clashes.size()
                   << " later memory effect(s) may touch the same memory, one "
                      "of the two writing: nothing orders them after this "
                   << a.verb();
          for (auto &[b, o] : clashes)
            d.attachNote(b->op->getLoc())
                << "a later " << b->op->getName().stripDialect()
                << " on the same memory, not ordered after it ("
                << o.witness << ")";
          d.attachNote(a.op->getLoc())
              << "hint: thread this token into the later effect's token "
                 "operand, or join it with join_mem_token";
        } else if (!unknowns.empty()) {
          ++findings;
          auto d = a.op->emitWarning()
                   << "token-protocol is unknown here: the token this " << name
                   << " returns is dropped and a later effect may touch the "
                      "same memory: "
                   << unknowns.front().second.reason;
          for (auto &[b, o] : unknowns)
            d.attachNote(b->op->getLoc())
                << "a later " << b->op->getName().stripDialect()
                << " not ordered after it";
        }
      }
    }
    if (effects && !findings)
      ctx.proved(programLoc(ctx.module),
                 "token protocol: " + std::to_string(effects) +
                     " memory effect(s) consume and produce tokens, none "
                     "drops a token before a later effect on the same memory");
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createTokenProtocol() {
  return std::make_unique<TokenProtocol>();
}
