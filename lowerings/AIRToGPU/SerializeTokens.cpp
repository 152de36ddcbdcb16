//===- SerializeTokens.cpp - dependency tokens inside a launch, in order ---===//
//
// Inside one air.launch the GPU back end runs everything in program order:
// the block body in every thread, herds one after another, each followed
// by a barrier. Program order is one schedule the tokens allow: a token is
// an SSA value, so the op that signals it comes before every op that waits
// for it (in an earlier iteration for a loop-carried token). Without
// channels (refused) nothing waits for an op that comes later, so the
// schedule cannot block. Dependency tokens inside a launch are therefore
// dropped, not lowered:
//
//   - every token value (a result, a loop-carried block argument) is
//     replaced by one placeholder per hierarchy body, an `air.wait_all
//     async` at its start;
//   - air.execute regions are inlined where they stand, air.wait_all ops
//     erased;
//   - scf.for / scf.if results and loop arguments left carrying only the
//     placeholder are removed by scf's own canonicalization patterns;
//   - a token still in use after that (a reduction, a while loop) is
//     refused, at the op that holds it.
//
// Tokens of an air.launch itself (between launches: stream events),
// affinity and concurrency tokens and air.token.alloc are refused before
// this runs (ConvertAIRToGPU.cpp).
//
//===----------------------------------------------------------------------===//
#include "lowerings/AIRToGPU/SerializeTokens.h"

#include "lowerings/AIRToGPU/AIRToGPU.h"

#include "dialects/AIR/AIRDialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace aircheck;

namespace {
bool isToken(Type t) { return isa<air::AsyncTokenType>(t); }

/// The hierarchy op whose body holds `block` (through scf regions).
Operation *hierarchyOf(Block *block) {
  for (Operation *op = block->getParentOp(); op; op = op->getParentOp())
    if (isa<air::LaunchOp, air::SegmentOp, air::HerdOp>(op))
      return op;
  return nullptr;
}
} // namespace

LogicalResult aircheck::serializeLaunchTokens(air::LaunchOp launch) {
  MLIRContext *ctx = launch.getContext();
  Type tokenType = air::AsyncTokenType::get(ctx);
  llvm::DenseMap<Operation *, Value> placeholders;
  auto placeholderFor = [&](Block *block) -> Value {
    Operation *h = hierarchyOf(block);
    Value &p = placeholders[h];
    if (!p) {
      Block &body = h->getRegion(0).front();
      OpBuilder b(ctx);
      b.setInsertionPointToStart(&body);
      OperationState st(h->getLoc(), air::WaitAllOp::getOperationName());
      st.addTypes(tokenType);
      p = b.create(st)->getResult(0);
    }
    return p;
  };

  // 1. Every token value inside the launch becomes its body's placeholder.
  SmallVector<Operation *> ops;
  launch.getBody().walk([&](Operation *op) { ops.push_back(op); });
  for (Operation *op : ops) {
    for (Value r : op->getResults())
      if (isToken(r.getType()) && !r.use_empty())
        r.replaceAllUsesWith(placeholderFor(op->getBlock()));
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument a : block.getArguments())
          if (isToken(a.getType()) && !a.use_empty())
            a.replaceAllUsesWith(placeholderFor(&block));
  }
  auto isPlaceholder = [&](Operation *op) {
    return op->getNumResults() == 1 &&
           llvm::any_of(placeholders, [&](auto &kv) {
             return kv.second == op->getResult(0);
           });
  };

  // 2. air.execute inlined, air.wait_all erased.
  IRRewriter rewriter(ctx);
  for (Operation *op : ops) {
    if (auto exec = dyn_cast<air::ExecuteOp>(op)) {
      Block &body = exec.getBody();
      Operation *term = body.getTerminator();
      SmallVector<Value> yielded(term->getOperands());
      rewriter.eraseOp(term);
      rewriter.inlineBlockBefore(&body, exec, {});
      for (auto [r, v] : llvm::zip(exec.getResults(), yielded))
        r.replaceAllUsesWith(v);
      rewriter.eraseOp(exec);
    } else if (isa<air::WaitAllOp>(op) && !isPlaceholder(op)) {
      rewriter.eraseOp(op);
    }
  }

  // 3. Loop arguments and results that only carried tokens: scf's own
  // canonicalization, on those scf ops alone (nothing else is touched).
  SmallVector<Operation *> carriers;
  launch.getBody().walk([&](Operation *op) {
    if (!isa<scf::ForOp, scf::IfOp, scf::IndexSwitchOp>(op))
      return;
    bool carries = llvm::any_of(op->getResultTypes(), isToken);
    for (Region &r : op->getRegions())
      for (Block &b : r)
        carries |= llvm::any_of(b.getArgumentTypes(), isToken);
    if (carries)
      carriers.push_back(op);
  });
  if (!carriers.empty()) {
    RewritePatternSet patterns(ctx);
    scf::ForOp::getCanonicalizationPatterns(patterns, ctx);
    scf::IfOp::getCanonicalizationPatterns(patterns, ctx);
    scf::IndexSwitchOp::getCanonicalizationPatterns(patterns, ctx);
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingOps);
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    (void)applyOpPatternsGreedily(carriers, std::move(patterns), config);
  }

  // 4. What still holds a token is not lowered.
  bool ok = true;
  for (auto &[h, p] : placeholders) {
    for (Operation *user : p.getUsers()) {
      if (isa<air::AsyncOpInterface>(user) && !isa<air::WaitAllOp>(user))
        continue; // a dependency list: the op is lowered without it
      user->emitError() << kGPUUnsupported << "a token flows through '"
                        << user->getName()
                        << "', which the GPU back end does not lower (it "
                           "runs a launch in program order and drops "
                           "dependency tokens)";
      ok = false;
    }
  }
  if (!ok)
    return failure();
  launch.getBody().walk([&](Operation *op) {
    for (Value r : op->getResults())
      if (isToken(r.getType()) && !r.use_empty() &&
          !isPlaceholder(op)) {
        op->emitError() << kGPUUnsupported << "a token of '" << op->getName()
                        << "' is still in use after the tokens of the launch "
                           "were dropped";
        ok = false;
      }
  });
  return success(ok);
}

void aircheck::erasePlaceholderTokens(Operation *root) {
  SmallVector<Operation *> dead;
  root->walk([&](air::WaitAllOp w) {
    if (w.getAsyncDependencies().empty())
      dead.push_back(w);
  });
  // Users (dependency lists of ops the lowering erased) are gone by now.
  for (Operation *op : dead)
    if (op->use_empty())
      op->erase();
}
