//===- HierarchyNesting.cpp - launch, segment, herd nest as seed 000 says -===//
//
// Seed 000 2.1-2.3: a herd sits in a segment, a segment in a launch or
// another segment, a launch at the top, and nothing inside a herd. Upstream
// mlir-air's parser accepts a bare herd or segment and its pipeline wraps
// them (air-insert-launch-around-herd, insert-segment=true); air-check
// analyses them wrapped the same way (analyses/ImplicitHierarchy.h) and
// reports each wrapping here: a warning, an error under --strict. A launch
// inside another hierarchy op, or anything inside a herd, has no upstream
// meaning: an error.
//
//===----------------------------------------------------------------------===//
#include "checkers/Checker.h"

#include "analyses/ImplicitHierarchy.h"
#include "dialects/AIR/AIRDialect.h"

using namespace aircheck;
using namespace mlir;

static StringRef kindName(Operation *op) {
  if (isa<air::LaunchOp>(op))
    return "'air.launch'";
  if (isa<air::SegmentOp>(op))
    return "'air.segment'";
  return "'air.herd'";
}

static Operation *enclosingHierarchy(Operation *op) {
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
    if (isa<air::HierarchyOpInterface>(p) && !p->hasAttr(kImplicitAttr))
      return p;
  return nullptr;
}

namespace {
class HierarchyNesting : public Checker {
public:
  llvm::StringRef id() const override { return "hierarchy-nesting"; }
  llvm::StringRef summary() const override {
    return "Herds sit in segments, segments in launches (seed 000 2.1-2.3); "
           "a bare herd or segment is analysed as upstream wraps it";
  }

  void run(CheckContext &ctx) override {
    ctx.module.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (!isa<air::HierarchyOpInterface>(op))
        return;
      if (op->hasAttr(kImplicitAttr)) {
        // Report the wrapping once, at its outermost wrapper.
        Operation *parent = op->getParentOp();
        if (parent && parent->hasAttr(kImplicitAttr))
          return;
        if (Operation *inner = wrappedOp(op))
          reportWrapped(ctx, op, inner);
        return;
      }
      Operation *parent = enclosingHierarchy(op);
      if (parent && isa<air::HerdOp>(parent)) {
        auto diag = op->emitError()
                    << kindName(op)
                    << " is nested inside an 'air.herd', but a herd is the "
                       "innermost level of the hierarchy (seed 000 2.3)";
        diag.attachNote(parent->getLoc()) << "the enclosing 'air.herd'";
      } else if (parent && isa<air::LaunchOp>(op)) {
        auto diag = op->emitError()
                    << "'air.launch' is the outermost level of the hierarchy "
                       "but is nested inside "
                    << kindName(parent) << " (seed 000 2.1)";
        diag.attachNote(parent->getLoc()) << "the enclosing " << kindName(parent);
      }
    });
  }

private:
  static void reportWrapped(CheckContext &ctx, Operation *wrapper,
                            Operation *inner) {
    bool herd = isa<air::HerdOp>(inner);
    bool launchToo = isa<air::LaunchOp>(wrapper) && herd;
    Operation *parent = enclosingHierarchy(inner);
    auto diag = ctx.options.strict ? inner->emitError() : inner->emitWarning();
    diag << kindName(inner) << " is not nested inside "
         << (herd ? "an 'air.segment'" : "an 'air.launch'")
         << " (seed 000 " << (herd ? "2.3" : "2.2")
         << "); analysed as upstream's wrapping leaves it, in "
         << (launchToo ? "a one-instance 'air.launch' and 'air.segment' of "
                         "its own (air-insert-launch-around-herd, "
                         "insert-segment=true)"
             : herd    ? "a one-instance 'air.segment' of its own"
                       : "a one-instance 'air.launch' of its own");
    if (parent)
      diag.attachNote(parent->getLoc())
          << "the nearest enclosing hierarchy op is this " << kindName(parent);
    diag.attachNote(inner->getLoc())
        << "hint: wrap it yourself so the program means the same in every "
           "tool";
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createHierarchyNesting() {
  return std::make_unique<HierarchyNesting>();
}
