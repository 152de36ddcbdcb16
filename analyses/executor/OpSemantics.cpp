//===- OpSemantics.cpp - what each op does in a run -----------------------===//
//
// Executing one op when a process reaches it, and the values it reads
// (Executor.h).
//
//===----------------------------------------------------------------------===//
#include "analyses/executor/Executor.h"
#include "analyses/ChannelIndices.h"
#include "analyses/MemrefRoots.h"

using namespace mlir;
using namespace aircheck;

namespace aircheck::executor {

/// Whether `op` is an op of a launch or segment body that the body's own
/// process reaches (not a process that runs one op of it).
bool Executor::isBodyItem(const Process &p, Operation &op) const {
  return p.frames.size() == 1 && !p.frames[0].end &&
         AsyncGraph::orderedByDependences(op.getBlock());
}

LogicalResult Executor::exec(Process &p, Operation &op) {
  if (op.hasTrait<OpTrait::IsTerminator>())
    return execTerminator(p, op);
  itemOp = nullptr;
  itemDeps.clear();
  // A host copy the observer is told of moves data: it waits for what
  // the ordering model orders before it, as the ops that take time do.
  if (isBodyItem(p, op) && (graph.takesTime(&op) || observesHostCopy(&op))) {
    itemOp = &op;
    for (Operation *w : graph.blockingWaitsFor(&op))
      if (auto it = p.itemTokens.find(w); it != p.itemTokens.end())
        itemDeps.push_back(it->second);
    // A loop or branch runs beside the rest of the body, once the ops the
    // ordering model runs before it have completed; the ops after it wait
    // for it only through its tokens or the ordering model (docs/semantics.md
    // section 3). Its results other than tokens are not known to later ops.
    if (isa<scf::ForOp, scf::IfOp, affine::AffineIfOp, scf::IndexSwitchOp>(op) &&
        isSkeleton(&op))
      return execItem(p, op);
  }
  // Loops and branches without AIR ops or tokens are compute: skipped.
  if (isa<scf::ForOp, scf::ParallelOp, scf::IfOp, affine::AffineIfOp,
          scf::IndexSwitchOp>(op) &&
      !isSkeleton(&op)) {
    opaqueResults(p, op);
    return success();
  }
  return TypeSwitch<Operation *, LogicalResult>(&op)
      .Case<air::LaunchOp, air::SegmentOp, air::HerdOp>([&](Operation *h) {
        return execHierarchy(p, cast<air::HierarchyOpInterface>(h));
      })
      .Case([&](air::ChannelOpInterface t) {
        return execChannel(p, t, t.isPut());
      })
      .Case<air::DmaMemcpyNdOp, air::WaitAllOp>([&](Operation *o) {
        return execJoin(p, cast<air::AsyncOpInterface>(o));
      })
      .Case([&](air::ExecuteOp e) { return execExecute(p, e); })
      .Case([&](air::TokenAllocOp a) {
        // Affinity and concurrency groups impose no waiting here.
        p.env[a.getToken()] = Val::token(tokens.size());
        tokens.push_back(Token{true, -1});
        return success();
      })
      .Case([&](scf::ForOp f) { return execFor(p, f); })
      .Case([&](scf::ParallelOp par) { return execParallel(p, par); })
      .Case([&](scf::IfOp i) -> LogicalResult {
        FailureOr<int64_t> c = integer(p, i.getCondition(), i, "condition");
        if (failed(c))
          return failure();
        enter(p, *c ? i.getThenRegion() : i.getElseRegion());
        return success();
      })
      .Case([&](affine::AffineIfOp i) { return execAffineIf(p, i); })
      .Case([&](scf::IndexSwitchOp sw) -> LogicalResult {
        FailureOr<int64_t> v = integer(p, sw.getArg(), sw, "switch value");
        if (failed(v))
          return failure();
        for (auto [value, region] : llvm::zip(sw.getCases(), sw.getCaseRegions()))
          if (value == *v) {
            enter(p, region);
            return success();
          }
        enter(p, sw.getDefaultRegion());
        return success();
      })
      .Default([&](Operation *o) { return execOther(p, *o); });
}

LogicalResult Executor::execTerminator(Process &p, Operation &op) {
  Operation *parent = op.getParentOp();
  SmallVector<Val> values;
  for (Value v : op.getOperands())
    values.push_back(lookup(p, v));
  if (auto loop = dyn_cast<scf::ForOp>(parent)) {
    // The next iteration receives the yielded values; the last one's are
    // the loop's results.
    Frame &f = p.frames.back();
    f.iv += f.step;
    if (f.iv < f.ub) {
      p.env[loop.getInductionVar()] = Val::integer(f.iv);
      bind(p, loop.getRegionIterArgs(), values);
      f.next = f.block->begin();
    } else {
      p.frames.pop_back();
      bind(p, loop.getResults(), values);
    }
    return success();
  }
  if (isa<scf::IfOp, affine::AffineIfOp, scf::IndexSwitchOp>(parent)) {
    p.frames.pop_back();
    bind(p, parent->getResults(), values);
    return success();
  }
  if (isa<scf::ReduceOp>(op)) {
    // An iteration's reduce operands join the loop's result token.
    Task &par = tasks[p.iterationOf];
    for (Value v : op.getOperands()) {
      FailureOr<unsigned> t = token(p, v, &op);
      if (failed(t))
        return failure();
      par.spread->reduced.push_back(*t);
    }
    finish(p);
    return success();
  }
  if (isa<func::ReturnOp, air::LaunchTerminatorOp, air::SegmentTerminatorOp,
          air::HerdTerminatorOp>(op)) {
    finish(p);
    return success();
  }
  return unsupported(&op, "is a terminator the executor does not run");
}

LogicalResult Executor::execHierarchy(Process &p, air::HierarchyOpInterface h) {
  Operation *op = h;
  SmallVector<int64_t> sizes;
  for (auto [i, s] : llvm::enumerate(h.getSizeOperands())) {
    FailureOr<int64_t> v = integer(p, s, op, "size #" + Twine(i));
    if (failed(v))
      return failure();
    if (*v < 0)
      return unsupported(op, "size #" + Twine(i) + " is negative (" +
                                 Twine(*v) + ")");
    sizes.push_back(*v);
  }
  SmallVector<int64_t> zeros(sizes.size(), 0), ones(sizes.size(), 1);
  if (boxSize(zeros, sizes, ones, options.maxSteps + 1) >
      options.maxSteps - steps) {
    // Every instance takes at least one step.
    limitReached = true;
    return failure();
  }
  FailureOr<Task *> t =
      newTask(Task::Kind::Hierarchy, op, p,
              cast<air::AsyncOpInterface>(op).getAsyncDependencies());
  if (failed(t))
    return failure();
  (*t)->spread->points = boxPoints(zeros, sizes, ones);
  for (auto [arg, v] : llvm::zip(h.getSizeArgs(), sizes))
    (*t)->spread->captured[arg] = Val::integer(v);
  for (auto [arg, v] : llvm::zip(h.getKernelArguments(), h.getKernelOperands()))
    (*t)->spread->captured[arg] = lookup(p, v);
  // A view passed in carries the values its offsets, sizes and strides
  // have here: an observer reads them where the view is transferred
  // (translation validation's replay of a subview of an L3 argument).
  for (Value v : h.getKernelOperands())
    if (isa<BaseMemRefType>(v.getType()))
      if (Value r = memrefRoot(v, KernelArgLinks | ExecuteLinks))
        if (auto view = r.getDefiningOp<memref::SubViewOp>())
          for (Value x : view->getOperands().drop_front())
            if (auto it = p.env.find(x); it != p.env.end())
              (*t)->spread->captured[x] = it->second;
  bool serial = isa<air::LaunchOp>(op) && options.launchMode == LaunchMode::Serial;
  (*t)->spread->oneAtATime = serial;
  dispatch(p, **t, op->getResults());
  return success();
}

LogicalResult Executor::execChannel(Process &p, Operation *op, bool isPut) {
  auto transfer = cast<air::ChannelOpInterface>(op);
  FlatSymbolRefAttr name = transfer.getChanNameAttr();
  auto indices = channelIndices(transfer);
  auto chan = symbolTables.lookupNearestSymbolFrom<air::ChannelOp>(op, name);
  if (!chan)
    return unsupported(op,
                       "names " + name.getValue() + ", which is not declared");
  SmallVector<int64_t> shape = chan.getShape(), broadcastShape;
  if (auto b = chan.getBroadcastShape())
    for (Attribute a : *b)
      broadcastShape.push_back(cast<IntegerAttr>(a).getInt());
  // Gets of a broadcast channel address the destination space.
  ArrayRef<int64_t> space = !isPut && !broadcastShape.empty()
                                ? broadcastShape
                                : ArrayRef<int64_t>(shape);

  // In a dimension where broadcast_shape is 1 a get's index matches every
  // destination (air-to-aie zeroes it): it addresses 0, whatever its value.
  auto matchesAll = [&](unsigned k) {
    return !isPut && !broadcastShape.empty() && k < space.size() && space[k] == 1;
  };
  Point index;
  if (indices.empty())
    index.assign(space.size(), 0);
  for (auto [k, v] : llvm::enumerate(indices)) {
    if (matchesAll(k)) {
      index.push_back(0);
      continue;
    }
    FailureOr<int64_t> i = integer(p, v, op, "channel index #" + Twine(k));
    if (failed(i))
      return failure();
    index.push_back(*i);
  }
  bool inside = index.size() == space.size();
  for (unsigned i = 0; inside && i < space.size(); ++i)
    inside = index[i] >= 0 && index[i] < space[i];
  if (!inside)
    return unsupported(op, "addresses " + name.getValue() + tuple(index) +
                               ", outside its shape " + tuple(space));

  std::vector<Point> destinations;
  Value dest = isPut ? cast<air::ChannelPutOp>(op).getDest() : Value();
  if (dest) {
    // Upstream's packet demux: one destination, chosen at run time along
    // the broadcast dimension (where the bundle is 1 and broadcast_shape is
    // not).
    SmallVector<unsigned, 1> dims;
    for (unsigned k = 0; k < broadcastShape.size() && k < shape.size(); ++k)
      if (shape[k] == 1 && broadcastShape[k] != 1)
        dims.push_back(k);
    if (dims.size() != 1)
      return unsupported(op, "has dest(...), but " + name.getValue() +
                                 " has no single broadcast dimension");
    FailureOr<int64_t> d = integer(p, dest, op, "dest(...)");
    if (failed(d))
      return failure();
    if (*d < 0 || *d >= broadcastShape[dims[0]])
      return unsupported(op, "has dest(" + Twine(*d) +
                                 "), outside the broadcast dimension of " +
                                 name.getValue());
    Point to = index;
    to[dims[0]] = *d;
    destinations.push_back(to);
  } else if (isPut && !broadcastShape.empty()) {
    destinations = broadcastDestinations(shape, broadcastShape, index);
  } else {
    destinations.push_back(index);
  }

  FailureOr<Task *> t =
      newTask(isPut ? Task::Kind::Put : Task::Kind::Get, op, p,
              cast<air::AsyncOpInterface>(op).getAsyncDependencies());
  if (failed(t))
    return failure();
  for (const Point &d : destinations)
    (*t)->fifos.push_back(fifoFor(chan, d, p));
  (*t)->volume = transferVolume(p, op, isPut);
  observe(p, **t, destinations);
  dispatch(p, **t, op->getResults());
  return success();
}

/// Elements one transfer moves: the product of its sizes, or the whole
/// memref's when it has none; nullopt when that is not concrete.
std::optional<uint64_t> Executor::transferVolume(Process &p, Operation *op,
                                                 bool isPut) {
  auto transfer = cast<air::ChannelOpInterface>(op);
  SmallVector<int64_t, 4> values;
  for (OpFoldResult size : transfer.getMixedAccessSizes()) {
    Val x = isa<Attribute>(size)
                ? Val::integer(cast<IntegerAttr>(cast<Attribute>(size)).getInt())
                : lookup(p, cast<Value>(size));
    if (x.kind != Val::Kind::Int || x.num < 0)
      return std::nullopt;
    values.push_back(x.num);
  }
  // With its padding, for a put (docs/semantics.md 4c).
  std::optional<int64_t> n = air::movedElements(
      op, isPut, values, transfer.getMemref().getType());
  if (!n)
    return std::nullopt;
  return static_cast<uint64_t>(*n);
}

void Executor::observe(Process &p, const Task &t,
                       ArrayRef<Point> destinations) {
  if (!options.observer)
    return;
  if (options.observer->observesInstances()) {
    SmallVector<std::pair<Operation *, SmallVector<int64_t, 2>>, 3> chain;
    for (int s = p.scope; s >= 0 && scopes[s].instanceOf >= 0;) {
      const Task &h = tasks[scopes[s].instanceOf];
      if (isa<air::HierarchyOpInterface>(h.op))
        chain.push_back({h.op, scopes[s].point});
      s = h.scope;
    }
    std::reverse(chain.begin(), chain.end());
    options.observer->instances(chain);
  }
  options.observer->reached(t.id, t.op, destinations,
                            [&](Value v) -> std::optional<int64_t> {
                              Val x = lookup(p, v);
                              if (x.kind != Val::Kind::Int)
                                return std::nullopt;
                              return x.num;
                            });
}

LogicalResult Executor::execJoin(Process &p, air::AsyncOpInterface op) {
  FailureOr<Task *> t =
      newTask(Task::Kind::Join, op, p, op.getAsyncDependencies());
  if (failed(t))
    return failure();
  if (isa<air::DmaMemcpyNdOp>(op.getOperation())) {
    (*t)->observed = true;
    observe(p, **t, {});
  }
  dispatch(p, **t, op->getResults());
  return success();
}

/// The body is bookkeeping: its index results are evaluated when the op is
/// reached (they do not depend on timing), and the op completes once its
/// dependencies are signalled.
LogicalResult Executor::execExecute(Process &p, air::ExecuteOp e) {
  if (holdsAirOps(e))
    return unsupported(e, "holds AIR ops, which the executor does not run");
  Block &body = e.getBody();
  for (Operation &o : body.without_terminator()) {
    if (o.getNumRegions())
      opaqueResults(p, o);
    else
      evaluate(p, o);
  }
  SmallVector<Val> values;
  for (Value v : body.getTerminator()->getOperands())
    values.push_back(lookup(p, v));
  bind(p, e->getResults().drop_front(), values);
  FailureOr<Task *> t =
      newTask(Task::Kind::Join, e, p, e.getAsyncDependencies());
  if (failed(t))
    return failure();
  if (observesHostCopy(e)) {
    (*t)->observed = true;
    observe(p, **t, {});
  }
  dispatch(p, **t, e->getResults().take_front());
  return success();
}

/// Whether the observer is told of `op` as a host copy: a memref.copy
/// outside herds, or an air.execute there holding one.
bool Executor::observesHostCopy(Operation *op) const {
  if (!options.observer || !options.observer->observesHostCopies() ||
      op->getParentOfType<air::HerdOp>())
    return false;
  if (isa<memref::CopyOp>(op))
    return true;
  auto e = dyn_cast<air::ExecuteOp>(op);
  return e && llvm::any_of(e.getBody().getOperations(), [](Operation &o) {
           return isa<memref::CopyOp>(o);
         });
}

/// Unrolled in the process: tokens carried through iter_args order the
/// iterations' async ops, the loop itself waits for nothing.
LogicalResult Executor::execFor(Process &p, scf::ForOp f) {
  FailureOr<int64_t> lb = integer(p, f.getLowerBound(), f, "lower bound");
  if (failed(lb))
    return failure();
  FailureOr<int64_t> ub = integer(p, f.getUpperBound(), f, "upper bound");
  if (failed(ub))
    return failure();
  FailureOr<int64_t> step = integer(p, f.getStep(), f, "step");
  if (failed(step))
    return failure();
  if (*step <= 0)
    return unsupported(f, "has step " + Twine(*step));
  SmallVector<Val> inits;
  for (Value v : f.getInitArgs())
    inits.push_back(lookup(p, v));
  if (*lb >= *ub) {
    bind(p, f.getResults(), inits);
    return success();
  }
  p.env[f.getInductionVar()] = Val::integer(*lb);
  bind(p, f.getRegionIterArgs(), inits);
  p.frames.push_back(
      Frame{f.getBody(), f.getBody()->begin(), f, *lb, *ub, *step});
  return success();
}

/// All iterations run at once, each as a process, once the init tokens are
/// signalled (the init is broadcast to every iteration). The results are
/// one token: signalled when every iteration has reached scf.reduce and the
/// tokens reduced there are signalled.
LogicalResult Executor::execParallel(Process &p, scf::ParallelOp par) {
  if (!llvm::all_of(par.getResultTypes(), llvm::IsaPred<air::AsyncTokenType>))
    return unsupported(par, "reduces values that are not tokens");
  SmallVector<int64_t> lbs, ubs, strides;
  for (unsigned i = 0; i < par.getNumLoops(); ++i) {
    FailureOr<int64_t> lb =
        integer(p, par.getLowerBound()[i], par, "lower bound #" + Twine(i));
    if (failed(lb))
      return failure();
    FailureOr<int64_t> ub =
        integer(p, par.getUpperBound()[i], par, "upper bound #" + Twine(i));
    if (failed(ub))
      return failure();
    FailureOr<int64_t> step =
        integer(p, par.getStep()[i], par, "step #" + Twine(i));
    if (failed(step))
      return failure();
    if (*step <= 0)
      return unsupported(par, "has step " + Twine(*step));
    lbs.push_back(*lb);
    ubs.push_back(*ub);
    strides.push_back(*step);
  }
  if (boxSize(lbs, ubs, strides, options.maxSteps + 1) >
      options.maxSteps - steps) {
    limitReached = true;
    return failure();
  }
  FailureOr<Task *> t =
      newTask(Task::Kind::Parallel, par, p, par.getInitVals());
  if (failed(t))
    return failure();
  (*t)->spread->points = boxPoints(lbs, ubs, strides);
  llvm::SetVector<Value> used;
  getUsedValuesDefinedAbove(par.getRegion(), used);
  for (Value v : used)
    (*t)->spread->captured[v] = lookup(p, v);
  dispatch(p, **t, par.getResults());
  return success();
}

LogicalResult Executor::execAffineIf(Process &p, affine::AffineIfOp op) {
  SmallVector<int64_t> operands;
  for (auto [k, v] : llvm::enumerate(op.getOperands())) {
    FailureOr<int64_t> x = integer(p, v, op, "condition operand #" + Twine(k));
    if (failed(x))
      return failure();
    operands.push_back(*x);
  }
  IntegerSet set = op.getIntegerSet();
  ArrayRef<int64_t> dims =
      ArrayRef<int64_t>(operands).take_front(set.getNumDims());
  ArrayRef<int64_t> syms =
      ArrayRef<int64_t>(operands).drop_front(set.getNumDims());
  bool holds = true;
  for (unsigned i = 0; holds && i < set.getNumConstraints(); ++i) {
    std::optional<int64_t> v = evalAffine(set.getConstraint(i), dims, syms);
    if (!v)
      return unsupported(op, "has a condition that divides by zero");
    holds = set.isEq(i) ? *v == 0 : *v >= 0;
  }
  enter(p, holds ? op.getThenRegion() : op.getElseRegion());
  return success();
}

/// A loop or branch without results in a launch or segment body: a task
/// that runs it in a process of its own once the ops it waits for have
/// completed, so that the body goes on beside it (AsyncGraph).
LogicalResult Executor::execItem(Process &p, Operation &op) {
  FailureOr<Task *> t = newTask(Task::Kind::Item, &op, p, ValueRange());
  if (failed(t))
    return failure();
  unsigned id = (*t)->id;
  tasks[id].spread->points.push_back(Point());
  tasks[id].spread->captured = p.env;
  // A token result is signalled when the token the op yields last is (a
  // Join that forwards it); other results are not known to later ops.
  for (Value r : op.getResults()) {
    int fwd = -1;
    if (isa<air::AsyncTokenType>(r.getType())) {
      fwd = static_cast<int>(newForwarder(p, op));
      p.env[r] = Val::token(tasks[fwd].token);
    } else {
      p.env[r] = Val::opaque(r);
    }
    tasks[id].forwards.push_back(fwd);
  }
  dispatch(p, tasks[id], ValueRange());
  return success();
}

unsigned Executor::newForwarder(Process &p, Operation &op) {
  Task t = taskAt(Task::Kind::Join, &op, p);
  t.depsPending = true;
  t.forwarder = true;
  t.token = tokens.size();
  tokens.push_back(Token{false, static_cast<int>(t.id)});
  ++scopes[p.scope].live;
  pending.push_back(t.id);
  ++notDone;
  tasks.push_back(std::move(t));
  track(tasks.back().id);
  return tasks.back().id;
}

/// Executes a branch of scf.if / affine.if next; a missing else does nothing.
void Executor::enter(Process &p, Region &region) {
  if (!region.empty())
    p.frames.push_back(Frame{&region.front(), region.front().begin()});
}

LogicalResult Executor::execOther(Process &p, Operation &op) {
  if (isa_and_nonnull<air::AIRDialect>(op.getDialect()))
    return unsupported(&op, "is not run by the executor");
  if (op.getNumRegions()) {
    if (holdsAirOps(&op))
      return unsupported(&op, "holds AIR ops, which the executor does not run "
                              "inside this op");
    opaqueResults(p, op);
    return success();
  }
  if (auto call = dyn_cast<CallOpInterface>(op)) {
    Operation *callee = call.resolveCallableInTable(&symbolTables);
    if (callee && holdsAirOps(callee))
      return unsupported(&op, "calls a function that holds AIR ops; the "
                              "executor does not run calls");
  }
  if (observesHostCopy(&op)) {
    // Moves data once what the ordering model runs before it has completed
    // (in a launch or segment body; elsewhere, at once), and the process
    // waits for it: the ops after it take no time in the ordering model
    // (AsyncGraph::blockingWaitsFor passes through it), so nothing else
    // would hold back a later op that reads what it copies.
    FailureOr<Task *> t = newTask(Task::Kind::Join, &op, p, {});
    if (failed(t))
      return failure();
    (*t)->observed = true;
    observe(p, **t, {});
    itemOp = nullptr; // blocking
    dispatch(p, **t, {});
    return success();
  }
  evaluate(p, op);
  return success();
}

void Executor::evaluate(Process &p, Operation &op) {
  std::optional<int64_t> folded;
  Value cause; // the operand's origin that leaves the result without a value
  if (isIndexMath(&op) && op.getNumResults() == 1) {
    SmallVector<int64_t> in;
    for (Value v : op.getOperands()) {
      Val x = lookup(p, v);
      if (x.kind == Val::Kind::Int)
        in.push_back(x.num);
      else if (!cause)
        cause = x.kind == Val::Kind::Opaque ? x.origin : v;
    }
    if (!cause)
      folded = foldIndexMath(&op, in);
  }
  for (Value r : op.getResults())
    p.env[r] = folded ? Val::integer(*folded) : Val::opaque(cause ? cause : r);
}

void Executor::opaqueResults(Process &p, Operation &op) {
  for (Value r : op.getResults())
    p.env[r] = Val::opaque(r);
}


Val Executor::lookup(Process &p, Value v) const {
  auto it = p.env.find(v);
  return it == p.env.end() ? Val::opaque(v) : it->second;
}

void Executor::bind(Process &p, ValueRange to, ArrayRef<Val> values) {
  for (auto [v, x] : llvm::zip(to, values))
    p.env[v] = x;
}

FailureOr<int64_t> Executor::integer(Process &p, Value v, Operation *user,
                                     const Twine &what) {
  Val x = lookup(p, v);
  if (x.kind == Val::Kind::Int)
    return x.num;
  return unsupported(
      user, what + " is not a constant: it depends on " +
                describeOrigin(x.kind == Val::Kind::Opaque ? x.origin : v));
}

FailureOr<unsigned> Executor::token(Process &p, Value v, Operation *user) {
  Val x = lookup(p, v);
  if (x.kind == Val::Kind::Token)
    return static_cast<unsigned>(x.num);
  return unsupported(
      user, "waits for a token the program does not produce: "
            "it depends on " +
                describeOrigin(x.kind == Val::Kind::Opaque ? x.origin : v));
}

LogicalResult Executor::unsupported(Operation *op, const Twine &why) {
  if (!unsupportedOp) {
    unsupportedOp = op;
    unsupportedWhy = why.str();
  }
  return failure();
}

/// Whether an op nested in `op` is an AIR op other than a terminator.
bool Executor::holdsAirOps(Operation *op) {
  auto [it, inserted] = airInside.try_emplace(op, false);
  if (inserted)
    it->second =
        op->walk([&](Operation *inner) {
            if (inner != op &&
                isa_and_nonnull<air::AIRDialect>(inner->getDialect()) &&
                !inner->hasTrait<OpTrait::IsTerminator>())
              return WalkResult::interrupt();
            return WalkResult::advance();
          }).wasInterrupted();
  return it->second;
}

/// Loops and branches belong to the skeleton when they hold AIR ops or
/// carry tokens.
bool Executor::isSkeleton(Operation *op) {
  return holdsAirOps(op) ||
         llvm::any_of(op->getResultTypes(), llvm::IsaPred<air::AsyncTokenType>);
}

/// Launch instances are independent (seed 000 2.1): when they run at once,
/// each has FIFOs of its own, so that traffic between two instances never
/// meets. A channel the host itself puts to or gets from (a transfer outside
/// every launch, as in upstream's add-one) is one FIFO for the host and
/// every instance: the host's transfers are there to meet the launch's.
/// One at a time, instances use the same FIFOs in turn.
bool Executor::hostUses(air::ChannelOp chan) {
  if (!hostChannels) {
    hostChannels.emplace();
    entry->getParentOfType<ModuleOp>()->walk([&](Operation *op) {
      if (auto t = dyn_cast<air::ChannelOpInterface>(op);
          t && !op->getParentOfType<air::LaunchOp>())
        hostChannels->insert(t.getChanName());
    });
  }
  return hostChannels->contains(chan.getSymName());
}

unsigned Executor::fifoFor(air::ChannelOp chan, ArrayRef<int64_t> index,
                           const Process &p) {
  std::string label =
      "@" + chan.getSymName().str() + "[" +
      llvm::join(
          llvm::map_range(index, [](int64_t v) { return std::to_string(v); }),
          ", ") +
      "]";
  std::string key = label;
  if (options.launchMode == LaunchMode::Parallel && !hostUses(chan))
    key += "#" + std::to_string(scopes[p.scope].launchInstance);
  auto [it, inserted] = fifoIndex.try_emplace(key, fifos.size());
  if (inserted) {
    fifos.push_back(Fifo{
        label, ChannelFifo(static_cast<uint64_t>(chan.getDepthOrDefault())),
        {}, {}});
  }
  return it->second;
}

/// The instance a task was reached in, with the trip of each scf.for.
std::string Executor::whereOf(const Task &t) const {
  std::string s = processes[t.process].where;
  for (auto [loop, iv] : t.trips)
    s += ", scf.for@" + lineCol(loop) + " = " + std::to_string(iv);
  return s;
}

} // namespace aircheck::executor
