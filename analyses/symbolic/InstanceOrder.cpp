//===- InstanceOrder.cpp - the ordering model, instance by instance -------===//
#include "analyses/symbolic/InstanceOrder.h"

#include "dialects/AIR/AIRDialect.h"

#include "solvers/IslSupport.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/StringExtras.h"

#include <isl/constraint.h>
#include <isl/local_space.h>
#include <isl/map.h>

using namespace mlir;
using namespace aircheck;

void InstanceOrder::fail(const std::string &why, Location loc) {
  throw NotModelled{why, loc};
}

bool InstanceOrder::isEvent(Operation *op) {
  // The wait_all ops of an scf.reduce's combining region only merge the
  // iterations' tokens: producers() follows the reduced operands instead.
  return isa<air::ChannelOpInterface, air::DmaMemcpyNdOp,
             air::WaitAllOp, air::ExecuteOp, air::HerdOp, air::SegmentOp,
             air::LaunchOp>(op) &&
         !op->getParentOfType<scf::ReduceOp>();
}

InstanceOrder::Node &InstanceOrder::addNode(Operation *anchor, isl::set dom) {
  std::string name = "o" + std::to_string(nodes.size());
  dom = isl::manage(isl_set_set_tuple_name(dom.release(), name.c_str()));
  nodes.push_back(
      Node{anchor, name, dom, polyModel.instancesOf(anchor).dims});
  return nodes.back();
}

const InstanceOrder::Node &InstanceOrder::node(Operation *op) {
  if (auto it = nodeIndex.find(op); it != nodeIndex.end())
    return nodes[it->second];
  const Instances &in = polyModel.instancesOf(op);
  if (in.unknown)
    fail(in.unknown->reason, in.unknown->loc);
  if (!in.opaqueBranches.empty())
    fail("it sits in a branch whose condition is not an affine function of "
         "the sizes and ids",
         op->getLoc());
  isl::set dom = isl::set::empty(in.space(polyModel.ctx()));
  for (const Box &b : in.boxes)
    dom = dom.unite(polyModel.boxSet(in, b));
  nodeIndex[op] = nodes.size();
  return addNode(op, dom);
}

isl::union_map InstanceOrder::empty() {
  return isl::union_map::empty(polyModel.ctx());
}

isl::union_map InstanceOrder::link(Operation *a, Operation *b, Trips trips,
                                   ArrayRef<Value> free) {
  const Node &na = node(a);
  const Node &nb = node(b);
  return link(na, nb, trips, free);
}

/// The position of the dim of `n` that `iv` counts.
static unsigned dimOf(const InstanceOrder::Node &n, Value iv) {
  for (size_t i = 0; i < n.dims.size(); ++i)
    if (n.dims[i].iv == iv)
      return i;
  throw NotModelled{"a loop's counter is not a dim of an op inside it",
                    n.op->getLoc()};
}

isl::union_map InstanceOrder::link(const Node &na, const Node &nb,
                                   Trips trips, ArrayRef<Value> free) {
  std::string key = na.name + ">" + nb.name + ":" +
                    std::to_string(trips.kind) + ":" +
                    std::to_string(reinterpret_cast<uintptr_t>(
                        trips.iv.getAsOpaquePointer()));
  for (Value f : free)
    key += "|" + std::to_string(reinterpret_cast<uintptr_t>(
                     f.getAsOpaquePointer()));
  if (auto it = linkCache.find(key); it != linkCache.end())
    return it->second;
  // Built with isl's API rather than its parser (the parser costs more
  // than everything else the model does with a relation).
  isl_map *m = isl_map_from_domain_and_range(na.domain.copy(),
                                             nb.domain.copy());
  for (size_t j = 0; j < nb.dims.size(); ++j) {
    Value iv = nb.dims[j].iv;
    if (llvm::is_contained(free, iv))
      continue;
    for (size_t i = 0; i < na.dims.size(); ++i)
      if (na.dims[i].iv == iv)
        m = isl_map_equate(m, isl_dim_in, i, isl_dim_out, j);
  }
  if (trips.kind == Trips::First) {
    m = isl_map_fix_si(m, isl_dim_out, dimOf(nb, trips.iv), 0);
  } else if (trips.kind == Trips::Later) {
    m = isl_map_order_gt(m, isl_dim_out, dimOf(nb, trips.iv), isl_dim_in,
                         dimOf(na, trips.iv));
  } else if (trips.kind == Trips::Next) {
    unsigned i = dimOf(na, trips.iv), j = dimOf(nb, trips.iv);
    isl_constraint *c =
        isl_constraint_alloc_equality(isl_local_space_from_space(
            isl_map_get_space(m)));
    c = isl_constraint_set_coefficient_si(c, isl_dim_out, j, 1);
    c = isl_constraint_set_coefficient_si(c, isl_dim_in, i, -1);
    c = isl_constraint_set_constant_si(c, -1);
    m = isl_map_add_constraint(m, c);
  }
  isl::map r = isl::manage(islx::checked(polyModel.ctx().get(), m));
  return linkCache.emplace(key, isl::union_map(r)).first->second;
}

isl::union_map InstanceOrder::identityOf(Operation *op) { return link(op, op); }

isl::union_set InstanceOrder::eventDomains() {
  isl::union_set s = isl::union_set::empty(polyModel.ctx());
  for (Operation *op : eventOps)
    s = s.unite(isl::union_set(node(op).domain));
  for (const Node *j : joins)
    s = s.unite(isl::union_set(j->domain));
  return s;
}

isl::union_map InstanceOrder::startOf(Operation *op) const {
  auto it = starts.find(op);
  return it == starts.end() ? isl::union_map::empty(waitEdges.ctx())
                            : it->second;
}

Operation *InstanceOrder::carrier(Block &b) {
  return b.empty() ? nullptr : &b.back();
}

bool InstanceOrder::relevant(Operation *op) {
  if (isEvent(op))
    return true;
  if (op->getNumRegions() == 0 || isa<scf::ReduceOp>(op))
    return false;
  bool holds = false;
  op->walk([&](Operation *inner) {
    if (inner != op && isEvent(inner)) {
      holds = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return holds;
}

isl::union_map InstanceOrder::retarget(const isl::union_map &r, Operation *from,
                                       Operation *to) {
  if (from == to)
    return r;
  return r.apply_range(link(from, to));
}


//===----------------------------------------------------------------------===//
// Tokens
//===----------------------------------------------------------------------===//

isl::union_map InstanceOrder::tokenDeps(Operation *op) {
  isl::union_map deps = empty();
  if (auto async = dyn_cast<air::AsyncOpInterface>(op))
    for (Value v : async.getAsyncDependencies())
      deps = deps.unite(producers(v, op));
  return deps;
}

isl::union_map InstanceOrder::producers(Value v, Operation *user) {
  if (auto r = dyn_cast<OpResult>(v)) {
    Operation *x = r.getOwner();
    if (isEvent(x))
      return link(x, user);
    if (isa<air::TokenAllocOp>(x))
      return empty(); // grouping tokens carry no completion
    if (isa<scf::ForOp, scf::ParallelOp, scf::IfOp, affine::AffineIfOp>(x))
      return link(join(v), node(user));
    fail("a token comes from '" + x->getName().getStringRef().str() +
             "', whose completion the model does not trace",
         x->getLoc());
  }
  auto arg = cast<BlockArgument>(v);
  Operation *owner = arg.getOwner()->getParentOp();
  if (isa<func::FuncOp>(owner))
    return empty(); // the host's tokens are signalled before the dispatch
  if (isa<scf::ForOp>(owner)) {
    if (arg.getArgNumber() == 0)
      fail("the loop counter is used as a token", owner->getLoc());
    return link(join(v), node(user));
  }
  if (auto h = dyn_cast<air::HierarchyOpInterface>(owner)) {
    auto args = h.getKernelArguments();
    for (auto [k, a] : llvm::enumerate(args))
      if (a == v)
        return producers(h.getKernelOperands()[k], owner)
            .apply_range(link(owner, user));
  }
  fail("a token is a block argument of '" +
           owner->getName().getStringRef().str() +
           "', which the model does not trace",
       owner->getLoc());
}

const InstanceOrder::Node &InstanceOrder::join(Value v) {
  if (auto it = joinIndex.find(v); it != joinIndex.end())
    return nodes[it->second];
  // The node first, so that a token that waits (through its iterations) for
  // itself refers to it rather than recursing.
  Operation *anchor;
  if (auto arg = dyn_cast<BlockArgument>(v))
    anchor = arg.getOwner()->getTerminator(); // an iteration of the loop
  else
    anchor = v.getDefiningOp();
  const Node &base = node(anchor);
  joinIndex[v] = nodes.size();
  Node &j = addNode(anchor, base.domain);
  joins.push_back(&j);
  isl::union_map in = empty();
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    // An iter_arg: the init value at the first trip, the value the
    // previous trip yielded at the others.
    auto loop = cast<scf::ForOp>(arg.getOwner()->getParentOp());
    unsigned k = arg.getArgNumber() - 1;
    Value iv = loop.getInductionVar();
    Operation *yield = loop.getBody()->getTerminator();
    in = producers(loop.getInitArgs()[k], loop)
             .apply_range(link(node(loop), j, {Trips::First, iv}));
    in = in.unite(producers(yield->getOperand(k), yield)
                      .apply_range(link(node(yield), j, {Trips::Next, iv},
                                        {iv})));
  } else {
    Operation *x = v.getDefiningOp();
    unsigned i = cast<OpResult>(v).getResultNumber();
    if (auto loop = dyn_cast<scf::ForOp>(x)) {
      // The last trip's yield; the init value when there is no trip.
      Operation *yield = loop.getBody()->getTerminator();
      isl::union_map last = link(x, yield).lexmax();
      in = producers(yield->getOperand(i), yield)
               .apply_range(last.reverse())
               .apply_range(link(node(x), j));
      isl::union_set zero =
          isl::union_set(node(x).domain).subtract(last.domain());
      in = in.unite(producers(loop.getInitArgs()[i], x)
                        .intersect_range(zero)
                        .apply_range(link(node(x), j)));
    } else if (auto par = dyn_cast<scf::ParallelOp>(x)) {
      // The init value and every iteration's reduced token.
      auto reduce = cast<scf::ReduceOp>(par.getBody()->getTerminator());
      in = producers(par.getInitVals()[i], x).apply_range(link(node(x), j));
      in = in.unite(producers(reduce->getOperand(i), reduce)
                        .apply_range(link(node(reduce), j)));
    } else {
      // A branch's yields (the instances of each region its condition
      // selects).
      for (Region &region : x->getRegions()) {
        if (region.empty())
          continue;
        Operation *yield = region.front().getTerminator();
        in = in.unite(producers(yield->getOperand(i), yield)
                          .apply_range(link(node(yield), j)));
      }
    }
  }
  waitEdges = waitEdges.unite(in);
  return j;
}

//===----------------------------------------------------------------------===//
// Bodies
//===----------------------------------------------------------------------===//

isl::union_map InstanceOrder::visit(Operation *op, const isl::union_map &start,
                                    const isl::union_map &ifNotBlocking,
                                    bool record) {
  if (record)
    starts[op] = startOf(op).unite(start);
  if (isEvent(op)) {
    if (record) {
      waitEdges = waitEdges.unite(start);
      if (!llvm::is_contained(eventOps, op))
        eventOps.push_back(op);
    }
    if (isa<air::HerdOp, air::SegmentOp, air::LaunchOp>(op))
      walkHierarchy(op, start, record);
    if (isa<air::ExecuteOp>(op) &&
        op->walk([](Operation *inner) {
            return isa<air::ExecuteOp>(inner) || !isEvent(inner)
                       ? WalkResult::advance()
                       : WalkResult::interrupt();
          }).wasInterrupted())
      fail("an air.execute holds transfers or hierarchy ops", op->getLoc());
    isl::union_map done = identityOf(op);
    ends[op] = done;
    auto async = cast<air::AsyncOpInterface>(op);
    bool blocks = !async.getAsyncToken();
    return blocks ? done : ifNotBlocking;
  }
  isl::union_map after;
  if (isa<scf::ForOp>(op))
    after = walkFor(op, start, record);
  else if (auto par = dyn_cast<scf::ParallelOp>(op))
    after = walkParallel(par, start, record);
  else if (isa<scf::IfOp, affine::AffineIfOp, scf::IndexSwitchOp>(op))
    after = walkBranches(op, start, record);
  else
    fail("'" + op->getName().getStringRef().str() +
             "' around transfers is not in the symbolic model",
         op->getLoc());
  ends[op] = after;
  return after;
}

InstanceOrder::Reach InstanceOrder::walkSequential(Block &b,
                                                   const isl::union_map &entry,
                                                   bool record) {
  Operation *c = carrier(b);
  Reach cur{entry, true};
  if (!c)
    return cur;
  for (Operation &op : b) {
    if (!relevant(&op))
      continue;
    isl::union_map reach = retarget(cur.rel, c, &op);
    isl::union_map start = reach.unite(tokenDeps(&op));
    isl::union_map after = visit(&op, start, reach, record);
    if (isEvent(&op) && !cast<air::AsyncOpInterface>(op).getAsyncToken())
      cur.passesEntry = false;
    cur.rel = retarget(after, &op, c);
  }
  return cur;
}

void InstanceOrder::walkOrdered(Block &b, const isl::union_map &bodyStart,
                                bool record) {
  Operation *c = carrier(b);
  if (!c)
    return;
  for (Operation &op : b) {
    if (!relevant(&op))
      continue;
    isl::union_map start =
        retarget(bodyStart, c, &op).unite(tokenDeps(&op));
    for (Operation *w : graph.blockingWaitsFor(&op)) {
      auto it = ends.find(w);
      if (it == ends.end())
        fail("an op it waits for under the ordering model is not in the "
             "symbolic model",
             op.getLoc());
      start = start.unite(it->second.apply_range(link(w, &op)));
    }
    (void)visit(&op, start, start, record);
    // A loop or branch of such a body runs as a task of its own that
    // completes once everything it dispatched has (the executor's Item):
    // that is what an op waiting for it under the ordering model waits for.
    if (isa<scf::ForOp, scf::IfOp, affine::AffineIfOp, scf::IndexSwitchOp>(
            op))
      op.walk([&](Operation *inner) {
        if (inner != &op && isEvent(inner))
          ends[&op] = ends[&op].unite(link(inner, &op));
      });
  }
}

isl::union_map InstanceOrder::walkFor(Operation *loop,
                                      const isl::union_map &start, bool record) {
  auto f = cast<scf::ForOp>(loop);
  Block &body = *f.getBody();
  Operation *c = carrier(body);
  Value iv = f.getInductionVar();
  // What one trip leaves done, independent of how it was entered.
  Reach trip = walkSequential(body, empty(), /*record=*/false);
  isl::union_map entry = start.apply_range(link(loop, c, {Trips::First, iv}));
  entry = entry.unite(
      trip.rel.apply_range(link(c, c, {Trips::Next, iv}, {iv})));
  if (trip.passesEntry) // a trip may block nowhere: keep every earlier one
    entry = entry.unite(start.apply_range(link(loop, c)))
                .unite(trip.rel.apply_range(link(c, c, {Trips::Later, iv}, {iv})));
  Reach done = walkSequential(body, entry, record);
  isl::union_map last = link(loop, c).lexmax();
  isl::union_map after = done.rel.apply_range(last.reverse());
  isl::union_set zero =
      isl::union_set(node(loop).domain).subtract(last.domain());
  return after.unite(start.intersect_range(zero));
}

isl::union_map InstanceOrder::walkParallel(scf::ParallelOp loop,
                                           const isl::union_map &start,
                                           bool record) {
  Block &body = *loop.getBody();
  Operation *c = carrier(body);
  Reach done = walkSequential(body, start.apply_range(link(loop, c)), record);
  isl::union_map into = link(loop, c);
  isl::union_map after = done.rel.apply_range(into.reverse());
  isl::union_set zero =
      isl::union_set(node(loop).domain).subtract(into.domain());
  return after.unite(start.intersect_range(zero));
}

isl::union_map InstanceOrder::walkBranches(Operation *op,
                                           const isl::union_map &start,
                                           bool record) {
  isl::union_map after = start;
  for (Region &region : op->getRegions()) {
    if (region.empty())
      continue;
    Operation *c = carrier(region.front());
    if (!c)
      continue;
    Reach done =
        walkSequential(region.front(), start.apply_range(link(op, c)), record);
    after = after.unite(done.rel.apply_range(link(c, op)));
  }
  return after;
}

void InstanceOrder::walkHierarchy(Operation *op, const isl::union_map &start,
                                  bool record) {
  Block &body = op->getRegion(0).front();
  Operation *c = carrier(body);
  if (!c)
    return;
  isl::union_map entry = start.apply_range(link(op, c));
  if (isa<air::HerdOp>(op))
    (void)walkSequential(body, entry, record);
  else
    walkOrdered(body, entry, record);
  if (!record)
    return;
  // Seed 000 1.5: a hierarchy op completes when everything nested in it
  // has.
  op->walk([&](Operation *inner) {
    if (inner != op && isEvent(inner))
      waitEdges = waitEdges.unite(link(inner, op));
  });
}

InstanceOrder::InstanceOrder(ModuleOp module, PolyhedralModel &poly,
                             const AsyncGraph &graph)
    : polyModel(poly), graph(graph),
      waitEdges(isl::union_map::empty(poly.ctx())) {
  // Herds and segments are read as the bodies of launches: a bare one (the
  // implicit hierarchy of docs/semantics.md 2) is wrapped first
  // (air-wrap-hierarchy; lint always does).
  module.walk([&](Operation *op) {
    if (isa<air::HerdOp, air::SegmentOp>(op) &&
        !op->getParentOfType<air::LaunchOp>())
      fail("a herd or segment outside a launch (run air-wrap-hierarchy "
           "first: the model reads the implicit hierarchy as launches)",
           op->getLoc());
  });
  for (func::FuncOp f : module.getOps<func::FuncOp>())
    if (!f.isExternal())
      walkOrdered(f.getBody().front(), empty(), /*record=*/true);
}
