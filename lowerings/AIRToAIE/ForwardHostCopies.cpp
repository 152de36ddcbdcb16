//===- ForwardHostCopies.cpp - host copies an NPU design need not run ----===//
#include "lowerings/AIRToAIE/ForwardHostCopies.h"

#include "analyses/AsyncGraph.h"
#include "analyses/MemrefEffects.h"
#include "dialects/AIR/AIRDialect.h"
#include "lowerings/AIRToAIE/TransferPlan.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace aircheck;
using namespace aircheck::npu;

namespace {

/// A host memory: no memory space, or space 0.
bool isL3(Value v) {
  auto t = dyn_cast<MemRefType>(v.getType());
  if (!t)
    return false;
  auto space = dyn_cast_or_null<IntegerAttr>(t.getMemorySpace());
  return !t.getMemorySpace() || (space && space.getInt() == 0);
}

/// How one op uses a buffer.
enum class Use { Skip, Read, Write, Free, Opaque };

Use classify(Operation *op, Value operand) {
  if (isa<air::HierarchyOpInterface, air::ExecuteTerminatorOp>(op))
    return Use::Skip; // the body's ops are looked at themselves
  if (isa<memref::DeallocOp>(op))
    return Use::Free;
  if (isa<ViewLikeOpInterface, CastOpInterface>(op) ||
      op->hasTrait<OpTrait::IsTerminator>() || op->getNumRegions())
    return Use::Opaque;
  bool write = false, found = false;
  for (const MemrefEffect &e : memrefEffects(op))
    if (e.memref == operand) {
      if (!e.stated)
        return Use::Opaque;
      found = true;
      write |= e.write;
    }
  if (!found)
    return Use::Opaque;
  return write ? Use::Write : Use::Read;
}

/// The ancestor of `op` in `block` (null if none).
Operation *topIn(Operation *op, Block *block) {
  for (; op; op = op->getParentOp())
    if (op->getBlock() == block)
      return op;
  return nullptr;
}

class Forwarder {
public:
  explicit Forwarder(func::FuncOp f) : f(f), graph(f) {}

  /// Whether `later` waits, through the ordering model, for `earlier`
  /// (both directly in one block).
  bool waitsFor(Operation *later, Operation *earlier) {
    llvm::SmallVector<Operation *> work{later};
    llvm::DenseSet<Operation *> seen{later};
    while (!work.empty()) {
      Operation *op = work.pop_back_val();
      if (op == earlier)
        return true;
      auto push = [&](Operation *p) {
        if (p && seen.insert(p).second)
          work.push_back(p);
      };
      if (int n = graph.nodeOf(op); n >= 0)
        for (unsigned e : graph.nodes()[n].in)
          push(topIn(graph.nodes()[graph.edges()[e].from].op, later->getBlock()));
      if (AsyncGraph::orderedByDependences(op->getBlock()))
        for (Operation *w : graph.waitsFor(op))
          push(w);
    }
    return false;
  }

  /// Every (op, operand) whose memref roots at `root`.
  std::vector<std::pair<Operation *, Value>> usesOf(Value root) {
    std::vector<std::pair<Operation *, Value>> out;
    f.walk([&](Operation *op) {
      for (Value v : op->getOperands())
        if (isa<MemRefType>(v.getType()) && rootMemref(v) == root)
          out.push_back({op, v});
    });
    return out;
  }

  bool tryCopy(memref::CopyOp copy);

private:
  func::FuncOp f;
  AsyncGraph graph;
};

/// Erases `op`; an air.execute left holding nothing becomes an
/// air.wait_all on its dependencies (its token kept for those that wait).
void eraseKeepingOrder(Operation *op) {
  auto exec = dyn_cast<air::ExecuteOp>(op->getParentOp());
  op->erase();
  if (!exec || exec.getBody().getOperations().size() != 1 ||
      exec.getNumResults() != 1)
    return;
  OpBuilder b(exec);
  Value token = exec.getAsyncToken();
  if (!token.use_empty()) {
    auto w = air::WaitAllOp::create(b, exec.getLoc(),
                                    air::AsyncTokenType::get(b.getContext()),
                                    exec.getAsyncDependencies());
    token.replaceAllUsesWith(w.getAsyncToken());
  }
  exec.erase();
}

bool Forwarder::tryCopy(memref::CopyOp copy) {
  // Only host code: a function or launch body (or an air.execute there).
  Operation *top = copy;
  if (auto e = dyn_cast<air::ExecuteOp>(copy->getParentOp()))
    top = e;
  Operation *owner = top->getParentOp();
  if (!isa<func::FuncOp, air::LaunchOp>(owner))
    return false;
  Block *block = top->getBlock();
  Value src = copy.getSource(), dst = copy.getTarget();
  if (src.getType() != dst.getType() || !isL3(src) || !isL3(dst))
    return false;
  Value srcRoot = rootMemref(src), dstRoot = rootMemref(dst);
  auto isArg = [&](Value v) {
    auto a = dyn_cast<BlockArgument>(v);
    return a && a.getOwner()->getParentOp() == f;
  };
  auto isAlloc = [&](Value v) { return v.getDefiningOp<memref::AllocOp>(); };
  bool out = isAlloc(srcRoot) && isArg(dstRoot);
  bool in = isArg(srcRoot) && isAlloc(dstRoot);
  if (!out && !in)
    return false;
  Value local = out ? srcRoot : dstRoot, arg = out ? dstRoot : srcRoot;
  // The argument as this block sees it: the copy's own operand, a block
  // argument of the function or the launch.
  Value argHere = out ? dst : src;
  auto ba = dyn_cast<BlockArgument>(argHere);
  if (!ba || ba.getOwner() != block)
    return false;
  // The local buffer as this block sees it: the alloc, or the result of
  // the air.execute holding it, directly in the block.
  Value localHere = out ? src : dst;
  Operation *localDef = localHere.getDefiningOp();
  if (!localDef || localDef->getBlock() != block)
    return false;

  // The uses of a buffer other than the copy, and how each uses it.
  auto usesBesides = [&](Value root) {
    std::vector<std::pair<Operation *, Use>> uses;
    for (auto &[op, v] : usesOf(root))
      if (op != copy)
        if (Use u = classify(op, v); u != Use::Skip)
          uses.push_back({op, u});
    return uses;
  };
  // The argument: copy-out, no other use at all; copy-in, never written.
  for (auto &[op, u] : usesBesides(arg))
    if (out || u != Use::Read)
      return false;
  // The local buffer: ordered around the copy, and (copy-in) only read.
  std::vector<Operation *> frees;
  for (auto &[op, u] : usesBesides(local)) {
    if (u == Use::Opaque)
      return false;
    if (u == Use::Free) {
      // Host memory never freed changes no data.
      frees.push_back(op);
      continue;
    }
    Operation *t = topIn(op, block);
    if (!t)
      return false;
    if (out ? !waitsFor(top, t) : (u != Use::Read || !waitsFor(t, top)))
      return false;
  }
  // Rewrite: every use of the local buffer in this block but the copy and
  // its deallocs names the argument instead.
  localHere.replaceUsesWithIf(argHere, [&](OpOperand &o) {
    return o.getOwner() != copy && !llvm::is_contained(frees, o.getOwner());
  });
  for (Operation *d : frees)
    eraseKeepingOrder(d);
  eraseKeepingOrder(copy);
  return true;
}

} // namespace

unsigned aircheck::npu::forwardHostCopies(ModuleOp module) {
  unsigned n = 0;
  for (auto f : llvm::make_early_inc_range(module.getOps<func::FuncOp>())) {
    if (f.isExternal())
      continue;
    // One copy at a time: each rewrite changes the uses (and the ordering
    // graph) the next looks at, so the graph is built again after one.
    for (bool changed = true; changed;) {
      changed = false;
      std::vector<memref::CopyOp> copies;
      f.walk([&](memref::CopyOp c) { copies.push_back(c); });
      if (copies.empty())
        break;
      Forwarder fw(f);
      for (memref::CopyOp c : copies) {
        if (fw.tryCopy(c)) {
          ++n;
          changed = true;
          break;
        }
      }
    }
  }
  return n;
}
