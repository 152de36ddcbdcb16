//===- ImplicitHierarchy.cpp - wrap bare herds and segments ---------------===//
#include "analyses/ImplicitHierarchy.h"

#include "analyses/Passes.h"
#include "dialects/AIR/AIRDialect.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace aircheck;

namespace {
enum class Level { Launch, Segment };
} // namespace

static Operation *enclosingHierarchy(Operation *op) {
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
    if (isa<air::HierarchyOpInterface>(p))
      return p;
  return nullptr;
}

/// An empty one-instance launch or segment whose body receives `operands`.
static Operation *createLevel(OpBuilder &b, Location loc, Level level,
                              Type token, ValueRange deps, ValueRange operands) {
  Operation *op;
  if (level == Level::Launch)
    op = air::LaunchOp::create(b, loc, token, StringAttr(), deps, ValueRange(),
                                 ValueRange(), ValueRange(), operands);
  else
    op = air::SegmentOp::create(b, loc, token, StringAttr(), deps, ValueRange(),
                                  ValueRange(), ValueRange(), operands);
  Region &region = op->getRegion(0);
  Block *body = new Block();
  region.push_back(body);
  for (Value v : operands)
    body->addArgument(v.getType(), loc);
  if (level == Level::Launch)
    air::LaunchOp::ensureTerminator(region, b, loc);
  else
    air::SegmentOp::ensureTerminator(region, b, loc);
  op->setAttr(kImplicitAttr, b.getUnitAttr());
  return op;
}

static void clearDependencies(Operation *op) {
  if (auto h = dyn_cast<air::HerdOp>(op))
    h.getAsyncDependenciesMutable().clear();
  else if (auto s = dyn_cast<air::SegmentOp>(op))
    s.getAsyncDependenciesMutable().clear();
}

/// Wraps `op` in the levels given, outermost first.
static void wrap(Operation *op, ArrayRef<Level> levels) {
  auto async = cast<air::AsyncOpInterface>(op);
  SmallVector<Value> deps(async.getAsyncDependencies());
  unsigned depBegin = deps.empty() ? 0 : async.getAsyncDependencies().getBeginOperandIndex();
  // What the body needs from outside: every other operand once; constants
  // are cloned inside so that sizes stay constant.
  llvm::SetVector<Value> carried;
  llvm::SetVector<Operation *> constants;
  for (OpOperand &use : op->getOpOperands()) {
    unsigned i = use.getOperandNumber();
    if (!deps.empty() && i >= depBegin && i < depBegin + deps.size())
      continue;
    Operation *def = use.get().getDefiningOp();
    if (def && def->hasTrait<OpTrait::ConstantLike>() && def->getNumOperands() == 0)
      constants.insert(def);
    else
      carried.insert(use.get());
  }

  OpBuilder b(op);
  Location loc = op->getLoc();
  Value token = async.getAsyncToken();
  Operation *outer = nullptr;
  SmallVector<Value> current(carried.begin(), carried.end());
  for (Level level : levels) {
    Operation *w =
        createLevel(b, loc, level, outer || !token ? Type() : token.getType(),
                    outer ? ValueRange() : ValueRange(deps), current);
    if (!outer)
      outer = w;
    Block &body = w->getRegion(0).front();
    current.assign(body.getArguments().begin(), body.getArguments().end());
    b.setInsertionPointToStart(&body);
  }
  IRMapping map;
  for (auto [v, arg] : llvm::zip(carried, current))
    map.map(v, arg);
  for (Operation *c : constants)
    b.clone(*c, map);
  if (token)
    token.replaceAllUsesWith(outer->getResult(0));
  op->moveBefore(b.getInsertionBlock(), b.getInsertionPoint());
  clearDependencies(op);
  for (OpOperand &use : op->getOpOperands())
    if (Value m = map.lookupOrNull(use.get()))
      use.set(m);
}

unsigned aircheck::wrapBareHierarchy(ModuleOp module) {
  SmallVector<std::pair<Operation *, SmallVector<Level, 2>>> todo;
  module.walk([&](Operation *op) {
    if (!isa<air::HerdOp, air::SegmentOp>(op))
      return;
    Operation *parent = enclosingHierarchy(op);
    if (isa<air::HerdOp>(op)) {
      if (!parent)
        todo.push_back({op, {Level::Launch, Level::Segment}});
      else if (isa<air::LaunchOp>(parent))
        todo.push_back({op, {Level::Segment}});
    } else if (!parent) {
      todo.push_back({op, {Level::Launch}});
    }
  });
  unsigned added = 0;
  for (auto &[op, levels] : todo) {
    wrap(op, levels);
    added += levels.size();
  }
  return added;
}

Operation *aircheck::wrappedOp(Operation *wrapper) {
  if (!wrapper->hasAttr(kImplicitAttr) || wrapper->getNumRegions() != 1 ||
      wrapper->getRegion(0).empty())
    return nullptr;
  for (Operation &op : wrapper->getRegion(0).front()) {
    if (!isa<air::HierarchyOpInterface>(op))
      continue;
    if (Operation *inner = wrappedOp(&op))
      return inner;
    return &op;
  }
  return nullptr;
}

namespace {
struct WrapHierarchyPass
    : PassWrapper<WrapHierarchyPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(WrapHierarchyPass)
  StringRef getArgument() const final { return "air-wrap-hierarchy"; }
  StringRef getDescription() const final {
    return "Wrap bare herds and segments in one-instance segments and "
           "launches, as air-check analyses them (docs/semantics.md)";
  }
  void runOnOperation() override { wrapBareHierarchy(getOperation()); }
};
} // namespace

void aircheck::registerWrapHierarchyPass() {
  PassRegistration<WrapHierarchyPass>();
}
