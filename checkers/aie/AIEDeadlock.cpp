//===- AIEDeadlock.cpp - the array's cores and BD chains never deadlock ----===//
//
// Issue 10: the cores and the BD chains of an aie.device are processes over
// the lock semaphores and the stream flows. The model (the agents and their
// steps) and the state search are analyses/aie/DispatchModel.{h,cpp}; this
// checker explores it and reports.
//
// Every interleaving is explored (explicit states, a budget of
// kMaxStates), up to the order of steps that commute with every other
// (Search::safeStep): only acquires that compete for one lock interleave. A core that, from some reachable state, can never move again
// before its aie.end is a deadlock: one error at the acquire it waits on,
// with a note at every other blocked process and at every release of the
// locks they wait for. BD chains left waiting after every core finished
// are a normal end (they wait for data that no longer comes). Anything the
// model does not cover is `unknown` with the reason (a warning).
//
// An acquire that nothing can ever satisfy is aie-lock-protocol's finding,
// a lock value out of range aie-locks': this check does not run on a module
// where either rule reported an error.
//
//===----------------------------------------------------------------------===//
#include "analyses/aie/DispatchModel.h"
#include "checkers/aie/DeviceChecker.h"
#include "checkers/Checker.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <set>

using namespace aircheck;
using namespace aircheck::aiecheck;
using namespace aircheck::aiecheck::dispatch;
using namespace mlir;

namespace {

class AIEDeadlock : public Checker {
public:
  llvm::StringRef id() const override { return "aie-deadlock"; }
  llvm::StringRef summary() const override {
    return "aie: the cores and BD chains, over their locks and flows, "
           "never deadlock (every interleaving explored)";
  }
  CheckLevel level() const override { return CheckLevel::AIE; }

  void run(CheckContext &ctx) override {
    // An acquire nothing releases is aie-lock-protocol's finding; a lock
    // value out of range is aie-locks'.
    if (ctx.errorsOf("aie-lock-protocol") || ctx.errorsOf("aie-locks"))
      return;
    for (Device &d : collectDevices(ctx.module))
      if (d.model)
        check(ctx, d);
  }

private:
  void check(CheckContext &ctx, Device &d) {
    Model m = buildModel(d);
    size_t cores =
        llvm::count_if(m.procs, [](const Proc &p) { return p.isCore; });
    if (!cores && m.unknown.empty())
      return; // nothing a deadlock could stop
    if (!m.unknown.empty()) {
      auto diag = emitWarning(d.op.getLoc())
                  << "deadlock freedom of the array is unknown: " << m.unknown;
      diag.attachNote(m.unknownAt->getLoc()) << "here";
      return;
    }
    Search s(m);
    s.run();
    size_t n = m.procs.size();
    bool complete = s.unknown.empty();

    // A core is stuck in a state when it has not finished and no state
    // reachable from there lets it move.
    std::vector<llvm::BitVector> good(n);
    for (size_t c = 0; c < n; ++c) {
      if (!m.procs[c].isCore)
        continue;
      good[c].resize(s.states.size());
      std::vector<uint32_t> work;
      for (size_t i = 0; i < s.states.size(); ++i)
        if (s.states[i][c] < 0 || s.enabled(s.states[i], c)) {
          good[c].set(i);
          work.push_back(i);
        }
      if (!complete) // unexplored successors may lead anywhere
        for (size_t i = 0; i < s.states.size(); ++i)
          if (!s.terminal[i] && !good[c].test(i)) {
            good[c].set(i);
            work.push_back(i);
          }
      while (!work.empty()) {
        uint32_t i = work.back();
        work.pop_back();
        for (uint32_t p : s.preds[i])
          if (!good[c].test(p)) {
            good[c].set(p);
            work.push_back(p);
          }
      }
    }
    // Report the first state (breadth first: the shortest run) where a core
    // is stuck, preferring one where nothing can move any more (every
    // blocked process shows what it waits for).
    std::optional<size_t> bad, badTerminal;
    for (size_t i = 0; i < s.states.size() && !badTerminal; ++i)
      for (size_t c = 0; c < n; ++c)
        if (m.procs[c].isCore && !good[c].test(i)) {
          if (!bad)
            bad = i;
          if (s.terminal[i])
            badTerminal = i;
          break;
        }
    if (badTerminal)
      bad = badTerminal;
    if (bad) {
      report(m, s, good, *bad);
      return;
    }
    if (!complete) {
      auto diag = emitWarning(d.op.getLoc())
                  << "deadlock freedom of the array is unknown: " << s.unknown;
      if (s.unknownAt)
        diag.attachNote(s.unknownAt->getLoc()) << "here";
      return;
    }
    ctx.proved(d.op.getLoc(),
               "deadlock freedom of the array: in every interleaving of " +
                   std::to_string(cores) + " core(s) and " +
                   std::to_string(n - cores) +
                   " BD chain(s) over their locks and flows (" +
                   std::to_string(s.states.size()) +
                   " states), every core reaches aie.end or keeps running "
                   "(stream ends no BD chain drives taken as always ready)");
  }

  std::string waitText(const Model &m, const State &st, const Proc &p,
                       size_t n) {
    const Step &step = p.steps[st[&p - &m.procs[0]]];
    if (step.kind == Step::Transfer) {
      std::string who;
      if (p.fedBy >= 0)
        who = m.procs[p.fedBy].name;
      else
        for (int q : p.peers)
          who += (who.empty() ? "" : ", ") + m.procs[q].name;
      return "waits for its stream peer (" + who + ") at this BD";
    }
    const LockInfo &l = m.locks[step.lock];
    return std::string("waits to acquire ") + std::to_string(step.value) +
           (step.kind == Step::AcquireEqual ? " (equal)" : "") + " from " +
           l.name + " (value " + std::to_string(st[n + step.lock]) + ")";
  }

  void report(const Model &m, const Search &s,
              const std::vector<llvm::BitVector> &good, size_t bad) {
    size_t n = m.procs.size();
    const State &st = s.states[bad];
    std::vector<size_t> stuck, blocked;
    for (size_t i = 0; i < n; ++i) {
      if (m.procs[i].isCore && !good[i].test(bad))
        stuck.push_back(i);
      else if (!m.procs[i].isCore && st[i] >= 0 && !s.movesIn(st, i))
        blocked.push_back(i);
    }
    const Proc &first = m.procs[stuck.front()];
    Operation *at = first.steps[st[stuck.front()]].op;
    auto diag = at->emitError()
                << "deadlock: " << first.name << " "
                << waitText(m, st, first, n) << " and can never go on";
    std::set<int> awaited;
    auto releaserState = [&](size_t i) -> std::string {
      if (st[i] < 0)
        return ", which has finished";
      if (llvm::is_contained(stuck, i) || llvm::is_contained(blocked, i))
        return ", which is blocked";
      return "";
    };
    auto noteWait = [&](size_t i) {
      const Step &step = m.procs[i].steps[st[i]];
      if (step.kind != Step::Transfer)
        awaited.insert(step.lock);
    };
    noteWait(stuck.front());
    for (size_t k = 1; k < stuck.size(); ++k) {
      const Proc &p = m.procs[stuck[k]];
      diag.attachNote(p.steps[st[stuck[k]]].op->getLoc())
          << p.name << " " << waitText(m, st, p, n) << ", also forever";
      noteWait(stuck[k]);
    }
    for (size_t i : blocked) {
      const Proc &p = m.procs[i];
      diag.attachNote(p.steps[st[i]].op->getLoc())
          << p.name << " " << waitText(m, st, p, n);
      noteWait(i);
    }
    for (int l : awaited)
      for (size_t i = 0; i < n; ++i) {
        llvm::SmallPtrSet<Operation *, 4> seen;
        for (const Step &step : m.procs[i].steps)
          if (step.lock == l &&
              (step.kind == Step::Release || step.kind == Step::ReleaseSet) &&
              seen.insert(step.op).second)
            diag.attachNote(step.op->getLoc())
                << m.locks[l].name << " is released here, by "
                << m.procs[i].name << releaserState(i);
      }
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createAIEDeadlock() {
  return std::make_unique<AIEDeadlock>();
}
