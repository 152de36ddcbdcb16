//===- Run.cpp - the run, its order check and its report ------------------===//
//
// The run of a function (Executor::run), the order check over its
// happens-before relation, the blocked ops and their wait-for edges when it
// gets stuck, and the public entry points of SkeletonExecutor.h.
//
//===----------------------------------------------------------------------===//
#include "analyses/executor/Executor.h"

#include <queue>

using namespace mlir;
using namespace aircheck;
using namespace aircheck::executor;

namespace aircheck::executor {

/// The part of instance `of` below what it shares with instance `from`:
/// ("@f, segment @s, scf.for@3:5 = 2", "@f, segment @s") -> "scf.for@3:5 = 2".
static std::string relativeInstance(StringRef of, StringRef from) {
  SmallVector<StringRef> a, b;
  of.split(a, ", ");
  from.split(b, ", ");
  unsigned common = 0;
  while (common < a.size() && common < b.size() && a[common] == b[common])
    ++common;
  return llvm::join(ArrayRef<StringRef>(a).drop_front(common), ", ");
}

/// "waits for token of air.execute at 12:5 (scf.for@9:3 = 0)": each
/// producer not yet done, with its instance where it differs from the
/// waiter's.
std::string Executor::tokenWait(const Task &t) const {
  SmallVector<std::string> producers, earlier;
  // A loop's or branch's result token stands for the tokens it yielded:
  // name their producers (the op itself while it runs).
  SmallVector<unsigned, 4> deps;
  std::function<void(unsigned)> expand = [&](unsigned d) {
    int producer = tokens[d].task;
    if (producer >= 0 && !tokens[d].signalled && tasks[producer].forwarder &&
        !tasks[producer].depsPending) {
      for (unsigned e : tasks[producer].deps)
        expand(e);
      return;
    }
    deps.push_back(d);
  };
  for (unsigned d : t.deps)
    expand(d);
  for (unsigned d : deps)
    if (!tokens[d].signalled && llvm::is_contained(t.orderDeps, d)) {
      const Task &producer = tasks[tokens[d].task];
      std::string s = producer.op->getName().getStringRef().str() + " at " +
                      lineCol(producer.op);
      if (!llvm::is_contained(earlier, s))
        earlier.push_back(s);
    } else if (!tokens[d].signalled) {
      const Task &producer = tasks[tokens[d].task];
      std::string s = producer.op->getName().getStringRef().str() + " at " +
                      lineCol(producer.op);
      std::string instance = relativeInstance(whereOf(producer), whereOf(t));
      if (!instance.empty())
        s += " (" + instance + ")";
      if (!llvm::is_contained(producers, s))
        producers.push_back(s);
    }
  std::string text;
  if (!producers.empty())
    text = (producers.size() == 1 ? "waits for token of "
                                  : "waits for tokens of ") +
           llvm::join(producers, ", ");
  if (!earlier.empty())
    text += (text.empty() ? "" : "; ") +
            ("waits for " + llvm::join(earlier, ", ") +
             ", which the ordering model runs first");
  return text;
}

/// Every op that waits: in a channel transfer (where a deadlock starts), then
/// for tokens. A hierarchy op or scf.parallel that has started waits for what
/// runs inside it, which is listed instead.
std::vector<SkeletonResult::BlockedOp> Executor::blockedOps() const {
  // (waits for tokens, file, line, column, task, text)
  using Line = std::tuple<bool, std::string, unsigned, unsigned, unsigned,
                          std::string, std::string>;
  std::vector<Line> lines;
  for (unsigned id : pending) {
    const Task &t = tasks[id];
    if (t.done)
      continue;
    if (t.forwarder)
      continue; // its waiters name what it stands for
    std::string what, waits;
    if (!t.started) {
      what = tokenWait(t);
      waits = "token";
    } else if (t.kind == Task::Kind::Put) {
      for (unsigned i = 0; i < t.fifos.size() && what.empty(); ++i) {
        const Fifo &f = fifos[t.fifos[i]];
        if (!f.state.putCanComplete(t.numbers[i])) {
          std::string get =
              std::to_string(f.state.getAwaitedByPut(t.numbers[i]));
          what = "put #" + std::to_string(t.numbers[i]) + " on " + f.label +
                 " waits for get #" + get;
          waits = f.label + " get #" + get;
        }
      }
    } else if (t.kind == Task::Kind::Get) {
      what = "get #" + std::to_string(t.numbers[0]) + " on " +
             fifos[t.fifos[0]].label + " waits for put #" +
             std::to_string(t.numbers[0]);
      waits = fifos[t.fifos[0]].label + " put #" + std::to_string(t.numbers[0]);
    }
    if (what.empty())
      continue;
    FileLineColLoc loc = fileLoc(t.op);
    lines.emplace_back(
        !t.started, loc ? loc.getFilename().str() : std::string(),
        loc ? loc.getLine() : 0, loc ? loc.getColumn() : 0, id,
        t.op->getName().getStringRef().str() + " in " + whereOf(t) + ": " + what,
        waits);
  }
  // At one location, in the order the ops were reached.
  llvm::stable_sort(lines, [](const Line &a, const Line &b) {
    return std::tie(std::get<0>(a), std::get<1>(a), std::get<2>(a),
                    std::get<3>(a)) < std::tie(std::get<0>(b), std::get<1>(b),
                                               std::get<2>(b), std::get<3>(b));
  });
  std::vector<SkeletonResult::BlockedOp> out;
  llvm::DenseMap<unsigned, unsigned> index; // task -> its line
  for (Line &l : lines) {
    index[std::get<4>(l)] = out.size();
    const Task &t = tasks[std::get<4>(l)];
    SkeletonResult::BlockedOp b{t.op, std::move(std::get<5>(l)), {}, {}, {}};
    b.place = whereOf(t);
    b.waits = std::move(std::get<6>(l));
    out.push_back(std::move(b));
  }
  waitForEdges(out, index);
  return out;
}

/// The task that runs the process of `t`: an Item, an scf.parallel or a
/// hierarchy instance; -1 at the host.
int Executor::containerOf(unsigned task) const {
  const Process &p = processes[tasks[task].process];
  if (p.itemTask >= 0)
    return p.itemTask;
  if (p.iterationOf >= 0)
    return p.iterationOf;
  return scopes[p.scope].instanceOf;
}

/// Whether `op` is, or holds, a transfer on channel `chan` of the other
/// direction than `isPut`.
static bool holdsPartner(Operation *op, StringRef chan, bool isPut) {
  bool found = false;
  op->walk([&](Operation *inner) {
    if (auto c = dyn_cast<air::ChannelOpInterface>(inner))
      if (c.isPut() != isPut)
        if (c.getChanName() == chan)
          found = true;
    return found ? WalkResult::interrupt() : WalkResult::advance();
  });
  return found;
}

void Executor::waitForEdges(
    std::vector<SkeletonResult::BlockedOp> &out,
    const llvm::DenseMap<unsigned, unsigned> &index) const {
  // A started container waits for the blocked ops inside it.
  llvm::DenseMap<unsigned, SmallVector<unsigned, 4>> inside;
  for (auto [task, line] : index)
    for (int c = containerOf(task), depth = 0; c >= 0 && depth < 64;
         c = containerOf(c), ++depth)
      inside[c].push_back(line);
  auto waitFor = [&](unsigned line, unsigned task) {
    if (auto it = index.find(task); it != index.end()) {
      out[line].waitsFor.push_back(it->second);
      return;
    }
    if (auto it = inside.find(task); it != inside.end())
      for (unsigned l : it->second)
        out[line].waitsFor.push_back(l);
  };
  for (auto [task, line] : index) {
    const Task &t = tasks[task];
    if (!t.started) {
      std::function<void(unsigned)> producer = [&](unsigned d) {
        if (tokens[d].signalled || tokens[d].task < 0)
          return;
        const Task &p = tasks[tokens[d].task];
        if (p.forwarder) {
          for (unsigned e : p.deps)
            producer(e);
          return;
        }
        waitFor(line, p.id);
      };
      for (unsigned d : t.deps)
        producer(d);
      continue;
    }
    if (t.kind != Task::Kind::Put && t.kind != Task::Kind::Get)
      continue;
    // The partner has not been issued (an issued one would have matched):
    // what holds back every op that could issue it.
    bool isPut = t.kind == Task::Kind::Put;
    StringRef chan = cast<air::ChannelOpInterface>(t.op).getChanName();
    for (unsigned id : pending) {
      const Task &u = tasks[id];
      if (!u.started && !u.done && !u.forwarder &&
          holdsPartner(u.op, chan, isPut))
        waitFor(line, id);
    }
    for (const Process &p : processes) {
      if (p.finished || p.waitingOn < 0)
        continue;
      bool later = false;
      for (const Frame &f : p.frames) {
        Block::iterator end = f.end ? *f.end : f.block->end();
        bool again = f.loop && f.iv + f.step < f.ub;
        for (Block::iterator it = again ? f.block->begin() : f.next;
             it != end && !later; ++it)
          later = holdsPartner(&*it, chan, isPut);
      }
      if (later)
        waitFor(line, p.waitingOn);
    }
  }
  for (SkeletonResult::BlockedOp &b : out) {
    llvm::sort(b.waitsFor);
    b.waitsFor.erase(std::unique(b.waitsFor.begin(), b.waitsFor.end()),
                     b.waitsFor.end());
  }
}

void Executor::track(unsigned id) {
  Task &t = tasks[id];
  if (t.depsPending)
    return; // finish() learns its dependencies and tracks it again
  for (; t.depsSignalled < t.deps.size(); ++t.depsSignalled)
    if (unsigned d = t.deps[t.depsSignalled]; !tokens[d].signalled) {
      watchers[d].push_back(id);
      return;
    }
  woken.push_back(id);
}

bool Executor::sweepTasks(unsigned bound) {
  // The tasks awake as the sweep began, and those woken during it that a
  // visit of every pending task would still reach: made before the sweep
  // began (`bound`: not those its processes made), and after the last one
  // visited.
  std::vector<unsigned> ts = awake;
  std::priority_queue<unsigned, std::vector<unsigned>, std::greater<>> late;
  size_t seen = 0, i = 0;
  bool moved = false;
  int64_t last = -1;
  while (!stopped()) {
    for (; seen < woken.size(); ++seen)
      if (woken[seen] < bound && (int64_t)woken[seen] > last)
        late.push(woken[seen]);
    while (!late.empty() && (int64_t)late.top() <= last)
      late.pop();
    unsigned next;
    if (i < ts.size() && (late.empty() || ts[i] <= late.top()))
      next = ts[i++];
    else if (!late.empty()) {
      next = late.top();
      late.pop();
    } else
      break;
    if ((int64_t)next <= last)
      continue;
    last = next;
    moved |= stepTask(tasks[next]);
  }
  return moved;
}

SkeletonResult Executor::run() {
  unsigned host = newScope(-1);
  newEvent({}); // event 0: the run begins; air.token.alloc tokens date from it
  Env env;
  for (BlockArgument a : entry.getArguments())
    if (auto it = options.arguments.find(a); it != options.arguments.end())
      env[a] = Val::integer(it->second);
  Block &body = entry.getBody().front();
  spawn("@" + entry.getSymName().str(), host, std::move(env),
        Frame{&body, body.begin()}, -1, {0});
  SkeletonResult result;
  bool full = true; // a sweep that holds nothing back
  while (!stopped() && scopes[host].live != 0) {
    bool moved = false, random = options.scheduleSeed != 0;
    // The tasks made or woken before this sweep join the awake ones.
    if (!woken.empty()) {
      llvm::sort(woken);
      std::vector<unsigned> merged;
      merged.reserve(awake.size() + woken.size());
      std::merge(awake.begin(), awake.end(), woken.begin(), woken.end(),
                 std::back_inserter(merged));
      merged.erase(std::unique(merged.begin(), merged.end()), merged.end());
      awake = std::move(merged);
      woken.clear();
    }
    // A sweep visits every live process and every task it may move (all
    // those not done, in a random schedule): that work is bounded too (a
    // sweep can move little, with many tasks waiting).
    sweepWork += active.size() + (random ? notDone : awake.size());
    if (sweepWork / kVisitsPerStep > options.maxSteps) {
      limitReached = true;
      break;
    }
    std::vector<unsigned> ps = active, ts;
    unsigned bound = tasks.size();
    if (random) {
      llvm::copy_if(pending, std::back_inserter(ts),
                    [&](unsigned i) { return !tasks[i].done; });
      std::shuffle(ps.begin(), ps.end(), rng);
      std::shuffle(ts.begin(), ts.end(), rng);
    }
    for (unsigned i = 0; i < ps.size() && !stopped(); ++i)
      if (full || !holdBack())
        moved |= advance(processes[ps[i]]);
    if (random) {
      for (unsigned i = 0; i < ts.size() && !stopped(); ++i)
        if (full || !holdBack())
          moved |= stepTask(tasks[ts[i]]);
    } else {
      moved |= sweepTasks(bound);
    }
    llvm::erase_if(active, [&](unsigned i) { return processes[i].finished; });
    llvm::erase_if(awake, [&](unsigned i) { return tasks[i].done; });
    if (pending.size() > 2 * notDone + 1024)
      llvm::erase_if(pending, [&](unsigned i) { return tasks[i].done; });
    if (random && !moved && !full) {
      full = true;
      continue;
    }
    full = !random;
    if (!moved && !stopped()) {
      result.verdict = SkeletonResult::Verdict::Deadlock;
      result.blockedOps = blockedOps();
      for (const SkeletonResult::BlockedOp &b : result.blockedOps)
        result.blocked.push_back(fileLineCol(b.op) + ": " + b.what);
      break;
    }
  }
  result.transfers = transfers;
  // The order check's argument needs launch instances with FIFOs of their
  // own (it covers running them one at a time too).
  if (!unsupportedOp && !limitReached &&
      result.verdict == SkeletonResult::Verdict::Completed &&
      options.launchMode == LaunchMode::Parallel)
    checkOrder(result.order);
  if (unsupportedOp) {
    result.verdict = SkeletonResult::Verdict::Unsupported;
    result.reason = fileLineCol(unsupportedOp) + ": '" +
                    unsupportedOp->getName().getStringRef().str() + "' " +
                    unsupportedWhy;
    result.unsupportedOp = unsupportedOp;
    result.unsupportedWhy = unsupportedWhy;
  } else if (limitReached) {
    result.verdict = SkeletonResult::Verdict::StepLimit;
    result.maxSteps = options.maxSteps;
  }
  return result;
}

/// Whether event `a` happens before event `b` (a <= b in numbering) in the
/// run's happens-before relation: a search backwards from `b` that never
/// goes below `a`. Each event visited costs one unit of `budget`; false when
/// it runs out.
bool Executor::happensBefore(unsigned a, unsigned b, uint64_t &budget) {
  if (a == b)
    return true;
  if (visited.size() < events.size())
    visited.resize(events.size(), 0);
  ++visitStamp;
  SmallVector<unsigned, 16> stack{b};
  visited[b] = visitStamp;
  while (!stack.empty()) {
    unsigned e = stack.pop_back_val();
    for (unsigned q : events[e].preds) {
      if (q == a)
        return true;
      if (q < a || visited[q] == visitStamp)
        continue;
      if (budget == 0)
        return false;
      --budget;
      visited[q] = visitStamp;
      stack.push_back(q);
    }
  }
  return false;
}

/// Whether this completed run stands for every schedule. Each op's start and
/// completion wait for a fixed set of events (tokens, program order,
/// instances) except one: which put a get is matched with, and which get
/// frees a put, depend on the order in which the FIFO's transfers are issued.
/// If on every FIFO the puts are ordered by happens-before, and so are the
/// gets, that order is the same in every schedule; then so is the matching,
/// every op waits for the same events in every schedule, and a run that
/// completed shows that these waits have no cycle: no schedule gets stuck
/// (the argument for Kahn networks, with a full FIFO as a wait for a get).
/// Launch instances run here all at once, each with FIFOs of its own; when
/// every FIFO ends with as many gets as puts, running them one at a time in
/// any order, sharing FIFOs, matches the same transfers and adds no cycle
/// (an instance waits for nothing outside it). Transfers are matched whole,
/// so the k-th put and the k-th get on a FIFO must move as many elements.
void Executor::checkOrder(SkeletonResult::Order &order) {
  order.checked = true;
  uint64_t budget = options.maxOrderVisits;
  // "put #3 on @c[0], in herd @h tile (1, 0), scf.for@4:5 = 2"
  auto site = [&](unsigned id, uint64_t k, const Fifo &f) {
    const Task &t = tasks[id];
    return SkeletonResult::Order::Site{
        t.op, std::string(t.kind == Task::Kind::Put ? "put" : "get") + " #" +
                  std::to_string(k) + " on " + f.label + ", in " + whereOf(t)};
  };
  using Cause = SkeletonResult::Order::Cause;
  auto fail = [&](Cause cause, std::string why,
                  std::initializer_list<SkeletonResult::Order::Site> sites) {
    order.cause = cause;
    order.reason = std::move(why);
    order.sites.assign(sites.begin(), sites.end());
  };
  for (const Fifo &f : fifos) {
    if (f.puts.size() != f.gets.size()) {
      bool morePuts = f.puts.size() > f.gets.size();
      size_t k = std::min(f.puts.size(), f.gets.size());
      return fail(Cause::Leftover, "the run ends with " + std::to_string(f.puts.size()) +
                      " puts and " + std::to_string(f.gets.size()) +
                      " gets on " + f.label,
                  {site(morePuts ? f.puts[k] : f.gets[k], k, f)});
    }
    for (size_t k = 0; k < f.puts.size(); ++k) {
      const Task &put = tasks[f.puts[k]], &get = tasks[f.gets[k]];
      if (!put.volume || !get.volume)
        return fail(Cause::Sizes, std::string("how many elements ") +
                        (put.volume ? "get" : "put") + " #" +
                        std::to_string(k) + " on " + f.label +
                        " moves is not a constant",
                    {site(put.volume ? get.id : put.id, k, f)});
      if (*put.volume != *get.volume)
        return fail(Cause::Sizes,
                    "put #" + std::to_string(k) + " on " + f.label +
                        " moves " + std::to_string(*put.volume) +
                        " elements and get #" + std::to_string(k) + " " +
                        std::to_string(*get.volume) +
                        "; the run matches whole transfers, not elements",
                    {site(put.id, k, f), site(get.id, k, f)});
    }
    for (bool puts : {true, false}) {
      const std::vector<unsigned> &side = puts ? f.puts : f.gets;
      for (size_t k = 1; k < side.size(); ++k) {
        const Task &a = tasks[side[k - 1]], &b = tasks[side[k]];
        if (happensBefore(a.startEvent, b.startEvent, budget))
          continue;
        std::string kind = puts ? "put" : "get";
        if (budget == 0)
          return fail(Cause::Budget,
                      "checking the order of the transfers on " + f.label +
                          " took more than " +
                          std::to_string(options.maxOrderVisits) + " steps",
                      {site(a.id, k - 1, f)});
        return fail(Cause::Unordered,
                    kind + " #" + std::to_string(k - 1) + " and " + kind +
                        " #" + std::to_string(k) + " on " + f.label +
                        " are not ordered by tokens, program order or "
                        "earlier transfers, so which " +
                        (puts ? "get" : "put") +
                        " each meets depends on the schedule",
                    {site(a.id, k - 1, f), site(b.id, k, f)});
      }
    }
  }
  order.holds = true;
  order.fifos = fifos.size();
}

} // namespace aircheck::executor

static int severity(SkeletonResult::Verdict v) {
  switch (v) {
  case SkeletonResult::Verdict::Completed:
    return 0;
  case SkeletonResult::Verdict::Unsupported:
    return 1;
  case SkeletonResult::Verdict::StepLimit:
    return 2;
  case SkeletonResult::Verdict::Deadlock:
    return 3;
  }
  return 0;
}

SkeletonResult aircheck::runSkeleton(ModuleOp module,
                                     const SkeletonOptions &options) {
  return runSkeleton(module, options, AsyncGraph(module));
}

SkeletonResult aircheck::runSkeleton(ModuleOp module,
                                     const SkeletonOptions &options,
                                     const AsyncGraph &graph) {
  SkeletonResult total;
  for (func::FuncOp f : module.getOps<func::FuncOp>()) {
    if (f.isExternal())
      continue;
    SkeletonResult r = Executor(f, options, graph).run();
    uint64_t transfers = total.transfers + r.transfers;
    SkeletonResult::Order order = total.order;
    bool first = !order.checked;
    if (r.order.checked && (first || (order.holds && !r.order.holds)))
      order = r.order;
    else if (r.order.checked)
      order.fifos += r.order.fifos;
    if (severity(r.verdict) > severity(total.verdict))
      total = std::move(r);
    total.transfers = transfers;
    total.order = order;
  }
  return total;
}

void SkeletonResult::print(llvm::raw_ostream &os) const {
  os << "skeleton: ";
  switch (verdict) {
  case Verdict::Completed:
    os << "completed (" << transfers
       << (transfers == 1 ? " transfer)\n" : " transfers)\n");
    if (order.checked && order.holds)
      os << "  every schedule: the same (" << order.fifos
         << (order.fifos == 1 ? " FIFO" : " FIFOs")
         << ", each with its puts and its gets in a fixed order)\n";
    else if (order.checked) {
      os << "  every schedule: unknown: " << order.reason << "\n";
      for (const Order::Site &site : order.sites)
        os << "    " << fileLineCol(site.op) << ": " << site.what << "\n";
    }
    return;
  case Verdict::Deadlock:
    os << "deadlock\n";
    for (size_t i = 0; i < blocked.size() && i < kMaxPrintedBlocked; ++i)
      os << "  blocked: " << blocked[i] << "\n";
    if (blocked.size() > kMaxPrintedBlocked)
      os << "  ... and " << blocked.size() - kMaxPrintedBlocked
         << " more blocked ops\n";
    return;
  case Verdict::Unsupported:
    os << "unsupported: " << reason << "\n";
    return;
  case Verdict::StepLimit:
    os << "unknown: step limit of " << maxSteps << " steps reached\n";
    return;
  }
}
