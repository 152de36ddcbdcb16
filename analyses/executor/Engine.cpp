//===- Engine.cpp - the process and task engine ---------------------------===//
//
// Scheduling: sweeps, scopes, events, processes, tasks and their start and
// completion (Executor.h).
//
//===----------------------------------------------------------------------===//
#include "analyses/executor/Executor.h"

using namespace mlir;
using namespace aircheck;

namespace aircheck::executor {

bool Executor::tick() {
  if (steps >= options.maxSteps) {
    limitReached = true;
    return false;
  }
  ++steps;
  return true;
}

unsigned Executor::newScope(int instanceOf) {
  Scope s;
  s.instanceOf = instanceOf;
  unsigned id = scopes.size();
  if (instanceOf >= 0)
    s.launchInstance = isa<air::LaunchOp>(tasks[instanceOf].op)
                           ? static_cast<int>(id)
                           : scopes[tasks[instanceOf].scope].launchInstance;
  scopes.push_back(std::move(s));
  return id;
}

unsigned Executor::newEvent(ArrayRef<unsigned> preds) {
  events.push_back(Event{SmallVector<unsigned, 2>(preds)});
  return events.size() - 1;
}

/// The event that signalled a token: its producer's completion; none for
/// air.token.alloc (signalled from the start).
unsigned Executor::tokenEvent(unsigned token) const {
  int producer = tokens[token].task;
  return producer < 0 ? 0 : tasks[producer].endEvent;
}

/// One process or task of `scope` is done. The last one completes the
/// instance; under LaunchMode::Serial that starts the next launch instance.
void Executor::release(unsigned scope) {
  Scope &s = scopes[scope];
  if (--s.live != 0)
    return;
  s.endEvent = newEvent(s.finals);
  if (s.instanceOf < 0)
    return;
  Task &h = tasks[s.instanceOf];
  --h.spread->running;
  if (h.spread->oneAtATime && h.spread->nextPoint < h.spread->points.size())
    startInstance(h, {s.endEvent});
}

void Executor::spawn(std::string where, unsigned scope, Env env, Frame frame,
                     int iterationOf, ArrayRef<unsigned> after) {
  Process p;
  p.id = processes.size();
  p.frontier = newEvent(after);
  p.where = std::move(where);
  p.scope = scope;
  p.iterationOf = iterationOf;
  p.env = std::move(env);
  p.frames.push_back(frame);
  ++scopes[scope].live;
  active.push_back(processes.size());
  processes.push_back(std::move(p));
}

/// Runs `p` until it blocks, finishes or the run stops; true if it moved.
bool Executor::advance(Process &p) {
  bool moved = false;
  // A random schedule interleaves processes a few ops at a time.
  unsigned budget = options.scheduleSeed ? 1 + rng() % 4 : ~0u;
  while (!p.finished && !stopped() && budget-- > 0) {
    if (p.waitingOn >= 0) {
      if (!tasks[p.waitingOn].done)
        break;
      p.frontier = tasks[p.waitingOn].endEvent;
      p.waitingOn = -1;
    }
    if (p.frames.back().end && p.frames.back().next == *p.frames.back().end) {
      finish(p);
      moved = true;
      break;
    }
    if (!tick())
      break;
    Operation &op = *p.frames.back().next++;
    moved = true;
    if (failed(exec(p, op)))
      break;
  }
  return moved;
}

void Executor::finish(Process &p) {
  if (p.itemTask >= 0) {
    // The tokens the op yielded: its forwarders wait for them.
    Task &item = tasks[p.itemTask];
    for (auto [r, fwd] : llvm::zip(item.op->getResults(), item.forwards)) {
      if (fwd < 0)
        continue;
      Task &f = tasks[fwd];
      Val v = lookup(p, r);
      if (v.kind == Val::Kind::Token)
        f.deps.push_back(static_cast<unsigned>(v.num));
      else
        (void)token(p, r, item.op); // records why the run cannot go on
      f.depsPending = false;
      track(fwd);
    }
  }
  p.finished = true;
  p.env = Env();
  if (p.iterationOf >= 0) {
    --tasks[p.iterationOf].spread->running;
    tasks[p.iterationOf].spread->iterationEnds.push_back(p.frontier);
  } else {
    scopes[p.scope].finals.push_back(p.frontier);
  }
  release(p.scope);
}

Task Executor::taskAt(Task::Kind kind, Operation *op,
                      const Process &p) const {
  Task t;
  t.kind = kind;
  t.op = op;
  t.id = tasks.size();
  t.process = p.id;
  for (const Frame &f : p.frames)
    if (f.loop)
      t.trips.push_back({f.loop, f.iv});
  t.scope = p.scope;
  t.dispatchEvent = p.frontier;
  if (kind == Task::Kind::Hierarchy || kind == Task::Kind::Parallel ||
      kind == Task::Kind::Item)
    t.spread = std::make_unique<Spread>();
  return t;
}

FailureOr<Task *> Executor::newTask(Task::Kind kind, Operation *op, Process &p,
                                    ValueRange deps) {
  Task t = taskAt(kind, op, p);
  for (Value d : deps) {
    FailureOr<unsigned> id = token(p, d, op);
    if (failed(id))
      return failure();
    t.deps.push_back(*id);
  }
  if (op == itemOp) {
    t.orderDeps.assign(itemDeps.begin(), itemDeps.end());
    t.deps.append(itemDeps.begin(), itemDeps.end());
  }
  t.token = tokens.size();
  tokens.push_back(Token{false, static_cast<int>(t.id)});
  ++scopes[p.scope].live;
  pending.push_back(t.id);
  ++notDone;
  tasks.push_back(std::move(t));
  track(tasks.back().id);
  return &tasks.back();
}

/// An op without a result token blocks its process until it completes; one
/// with a token is in flight and the process moves on. A ready op starts at
/// once, so a process issues its transfers in program order.
void Executor::dispatch(Process &p, Task &t, ValueRange tokenResults) {
  // An op of a launch or segment body does not block the body: the ops
  // after it wait for it only where the ordering model says so.
  bool blocking = tokenResults.empty() && t.op != itemOp;
  if (t.op == itemOp)
    p.itemTokens[t.op] = t.token;
  if (blocking || !holdBack())
    stepTask(t);
  if (blocking) {
    if (t.done)
      p.frontier = t.endEvent;
    else
      p.waitingOn = t.id;
    return;
  }
  for (Value r : tokenResults)
    p.env[r] = Val::token(t.token);
}

bool Executor::stepTask(Task &t) {
  bool moved = false;
  if (t.depsPending)
    return false;
  if (!t.started) {
    if (!llvm::all_of(t.deps,
                      [&](unsigned d) { return tokens[d].signalled; }) ||
        !tick())
      return false;
    start(t);
    moved = true;
  }
  if (!t.done && canComplete(t) && tick()) {
    complete(t);
    moved = true;
  }
  return moved;
}

void Executor::start(Task &t) {
  t.started = true;
  SmallVector<unsigned, 4> preds{t.dispatchEvent};
  for (unsigned d : t.deps)
    preds.push_back(tokenEvent(d));
  t.startEvent = newEvent(preds);
  if (options.observer &&
      (t.kind == Task::Kind::Put || t.kind == Task::Kind::Get ||
       (t.kind == Task::Kind::Join && t.observed)))
    options.observer->started(t.id);
  switch (t.kind) {
  case Task::Kind::Put:
    for (unsigned f : t.fifos) {
      t.numbers.push_back(fifos[f].state.issuePut());
      fifos[f].puts.push_back(t.id);
    }
    break;
  case Task::Kind::Get:
    t.numbers.push_back(fifos[t.fifos[0]].state.issueGet());
    fifos[t.fifos[0]].gets.push_back(t.id);
    break;
  case Task::Kind::Hierarchy:
  case Task::Kind::Parallel:
  case Task::Kind::Item:
    if (t.spread->oneAtATime && !t.spread->points.empty())
      startInstance(t);
    else
      while (t.spread->nextPoint < t.spread->points.size())
        startInstance(t);
    break;
  case Task::Kind::Join:
    break;
  }
}

bool Executor::canComplete(const Task &t) const {
  switch (t.kind) {
  case Task::Kind::Join:
    return true;
  case Task::Kind::Put:
    for (unsigned i = 0; i < t.fifos.size(); ++i)
      if (!fifos[t.fifos[i]].state.putCanComplete(t.numbers[i]))
        return false;
    return true;
  case Task::Kind::Get:
    return fifos[t.fifos[0]].state.getCanComplete(t.numbers[0]);
  case Task::Kind::Hierarchy:
  case Task::Kind::Item:
    return t.spread->running == 0 &&
           t.spread->nextPoint == t.spread->points.size();
  case Task::Kind::Parallel:
    return t.spread->running == 0 &&
           t.spread->nextPoint == t.spread->points.size() &&
           llvm::all_of(t.spread->reduced,
                        [&](unsigned d) { return tokens[d].signalled; });
  }
  return false;
}

void Executor::complete(Task &t) {
  t.done = true;
  if (t.spread)
    t.spread->captured = Env();
  SmallVector<unsigned, 4> preds{t.startEvent};
  switch (t.kind) {
  case Task::Kind::Put:
    // Put k waited for get k - (depth - 1) to be issued.
    for (auto [f, k] : llvm::zip(t.fifos, t.numbers))
      if (fifos[f].state.putAwaitsGet(k))
        preds.push_back(
            tasks[fifos[f].gets[fifos[f].state.getAwaitedByPut(k)]].startEvent);
    break;
  case Task::Kind::Get:
    // Get k waited for put k to be issued.
    preds.push_back(tasks[fifos[t.fifos[0]].puts[t.numbers[0]]].startEvent);
    break;
  case Task::Kind::Hierarchy:
  case Task::Kind::Item:
    for (unsigned s : t.spread->instanceScopes)
      preds.push_back(scopes[s].endEvent);
    break;
  case Task::Kind::Parallel:
    preds.append(t.spread->iterationEnds);
    for (unsigned d : t.spread->reduced)
      preds.push_back(tokenEvent(d));
    break;
  case Task::Kind::Join:
    break;
  }
  t.endEvent = newEvent(preds);
  scopes[t.scope].finals.push_back(t.endEvent);
  tokens[t.token].signalled = true;
  --notDone;
  if (auto w = watchers.find(t.token); w != watchers.end()) {
    SmallVector<unsigned, 2> waiting = std::move(w->second);
    watchers.erase(w);
    for (unsigned id : waiting)
      track(id);
  }
  if (t.kind == Task::Kind::Get)
    ++transfers;
  release(t.scope);
}

/// Starts the next instance of a hierarchy op (in a scope of its own) or the
/// next iteration of an scf.parallel (in the scope of the loop's process).
void Executor::startInstance(Task &t, ArrayRef<unsigned> after) {
  const Point &point = t.spread->points[t.spread->nextPoint++];
  ++t.spread->running;
  Env env = t.spread->captured;
  SmallVector<unsigned, 2> preds{t.startEvent};
  preds.append(after.begin(), after.end());
  if (auto par = dyn_cast<scf::ParallelOp>(t.op)) {
    for (auto [iv, v] : llvm::zip(par.getInductionVars(), point))
      env[iv] = Val::integer(v);
    spawn(whereOf(t) + ", scf.parallel@" + lineCol(t.op) + " = " + tuple(point),
          t.scope, std::move(env), Frame{par.getBody(), par.getBody()->begin()},
          t.id, preds);
    return;
  }
  if (t.kind == Task::Kind::Item) {
    unsigned scope = newScope(t.id);
    t.spread->instanceScopes.push_back(scope);
    Block::iterator at(t.op);
    spawn(whereOf(t), scope, std::move(env),
          Frame{t.op->getBlock(), at, nullptr, 0, 0, 1, std::next(at)}, -1,
          preds);
    processes.back().itemTask = static_cast<int>(t.id);
    return;
  }
  auto h = cast<air::HierarchyOpInterface>(t.op);
  std::string label = isa<air::LaunchOp>(t.op)    ? "launch"
                      : isa<air::SegmentOp>(t.op) ? "segment"
                                                  : "herd";
  if (auto name =
          t.op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
    label += " @" + name.getValue().str();
  if (isa<air::HerdOp>(t.op))
    label += " tile";
  if (!point.empty())
    label += " " + tuple(point);
  for (auto [id, v] : llvm::zip(h.getIds(), point))
    env[id] = Val::integer(v);
  unsigned scope = newScope(t.id);
  scopes[scope].point.assign(point.begin(), point.end());
  t.spread->instanceScopes.push_back(scope);
  spawn(whereOf(t) + ", " + label, scope, std::move(env),
        Frame{&h.getBodyBlock(), h.getBodyBlock().begin()}, -1, preds);
}

} // namespace aircheck::executor
