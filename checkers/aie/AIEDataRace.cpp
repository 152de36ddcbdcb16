//===- AIEDataRace.cpp - no core touches a buffer a BD may be moving ------===//
//
// Issue 22 at the aie level: a core reading or writing an aie.buffer while
// a DMA BD of the same buffer may run (no lock between them) is a race: the
// core computes on half-arrived data, or the DMA sends half-written data.
// The agents are the dispatch model's (analyses/aie/DispatchModel): a core
// is at pc k while it runs the code between its lock steps k - 1 and k
// (Proc::touches), a BD chain holds its buffer while it is at the BD's
// Transfer step. A reachable state where a core is at a pc whose code
// touches buffer B and a chain is at a BD of B, one of them writing (an
// S2MM BD writes, a store or a call writes), is a race: the code between
// two lock operations takes any time, so it can overlap the transfer.
// The search interleaves the steps of the cores and chains involved in
// full (safeStep reduces only the others). Per buffer, not per element: a
// BD and a core on disjoint halves of one buffer count as a race here, and
// the finding says so.
//
//===----------------------------------------------------------------------===//
#include "analyses/PolyhedralModel.h"
#include "analyses/aie/DispatchModel.h"
#include "checkers/aie/DeviceChecker.h"
#include "checkers/Checker.h"

#include <set>

using namespace aircheck;
using namespace aircheck::aiecheck;
using namespace aircheck::aiecheck::dispatch;
using namespace mlir;

namespace {

std::string bufferName(Operation *buffer) {
  if (auto name = buffer->getAttrOfType<StringAttr>("sym_name"))
    return "buffer @" + name.getValue().str();
  return "the buffer at " + lineColOf(buffer);
}

Operation *bdBuffer(Operation *bd) {
  Value v = bd->getNumOperands() ? bd->getOperand(0) : Value();
  return v ? v.getDefiningOp<aie::BufferOp>() : nullptr;
}

class AIEDataRace : public DispatchChecker {
public:
  llvm::StringRef id() const override { return "aie-data-race"; }
  llvm::StringRef summary() const override {
    return "aie: no core touches a buffer while a BD of that buffer may "
           "move it, one of them writing (every interleaving explored)";
  }
private:
  struct Pair {
    size_t core, chain;
  };

  void check(CheckContext &ctx, Device &d) override {
    Model m = buildModel(d, ctx.options.hostPolling);
    // The core/chain pairs that share a buffer, one of them writing.
    std::vector<Pair> pairs;
    for (auto [c, core] : llvm::enumerate(m.procs)) {
      if (!core.isCore())
        continue;
      for (auto [p, chain] : llvm::enumerate(m.procs)) {
        if (chain.kind != AgentKind::Chain)
          continue;
        bool s2mm = isS2MM(chain);
        bool shared = false;
        for (const Step &st : chain.steps)
          if (st.kind == Step::Transfer)
            for (auto &seg : core.touches)
              for (const Touch &t : seg)
                shared |= t.buffer == bdBuffer(st.op) && (t.writes || s2mm);
        if (shared) {
          pairs.push_back({c, p});
        }
      }
    }
    // A core or chain that could not be modelled may lack its touches:
    // unknown wherever some BD could move a buffer, whatever the pairs
    // found. What the host does not matter here (lockClosure drops it).
    bool anyBD = llvm::any_of(m.procs, [](const Proc &p) {
      return llvm::any_of(p.steps, [](const Step &st) {
        return st.kind == Step::Transfer;
      });
    });
    // A chain the model stopped before (or left out: one on a tile placed
    // later) has no steps: any BD of a DMA program counts, where there is
    // a core to race with.
    bool coreHere = false;
    d.op.walk([&](aie::CoreOp) { coreHere = true; });
    if (coreHere)
      d.op.walk([&](aie::DMABDOp bd) {
        if (!aie::enclosingRuntimeSequence(bd))
          anyBD = true;
      });
    if (!m.unknown.empty() && !m.unknownInHost && anyBD) {
      auto diag = emitWarning(d.op.getLoc())
                  << "data race freedom of the array is unknown: " << m.unknown;
      diag.attachNote(m.unknownAt->getLoc()) << "the model of the array stops here";
      return;
    }
    // A runtime task's BD on a buffer of a tile moves it too, and the
    // search does not run runtime tasks (lock_pass_to_c's form): unknown.
    Operation *taskBD = nullptr;
    d.op.walk([&](aie::DMABDOp bd) {
      if (!taskBD && aie::enclosingRuntimeSequence(bd) &&
          bd.getBuffer().getDefiningOp<aie::BufferOp>())
        taskBD = bd;
    });
    bool anyCore = false;
    d.op.walk([&](aie::CoreOp) { anyCore = true; });
    // Runtime tasks' lock operations order what they share with the
    // cores, and the per-pair searches leave the host and its queues out.
    for (const Queue &q : m.queues)
      for (const Task &t : q.tasks)
        if (!taskBD && !t.steps.empty())
          taskBD = t.steps.front().op;
    if (taskBD && anyCore) {
      auto diag = emitWarning(d.op.getLoc())
                  << "data race freedom of the array is unknown: a runtime "
                     "task's BD moves a buffer of a tile, and runtime tasks "
                     "are not searched with the cores";
      diag.attachNote(taskBD->getLoc()) << "this BD";
      return;
    }
    if (pairs.empty())
      return;
    // One search per pair, with only its core and chain interleaved in full
    // (the others reduced as for deadlock): which pcs two agents can hold
    // at once is preserved for the two visible ones.
    std::set<std::pair<Operation *, Operation *>> reported;
    size_t explored = 0;
    for (const Pair &full : pairs) {
      // The two with what shares their locks, streams always ready.
      Model sm = lockClosure(m, full.core, full.chain);
      Pair pr{0, 1};
      std::vector<bool> vis(sm.procs.size(), false);
      vis[pr.core] = vis[pr.chain] = true;
      Search s(sm, vis);
      s.run();
      explored += s.states.size();
      if (!s.unknown.empty()) {
        auto diag = emitWarning(d.op.getLoc())
                    << "data race freedom of the array is unknown: "
                    << s.unknown << " (" << sm.procs[pr.core].name << " and "
                    << sm.procs[pr.chain].name << ")";
        if (s.unknownAt)
          diag.attachNote(s.unknownAt->getLoc()) << "the search stops here";
        return;
      }
      for (size_t i = 0; i < s.states.size(); ++i) {
        const State &st = s.states[i];
        const Proc &core = sm.procs[pr.core], &chain = sm.procs[pr.chain];
        int32_t pc = st[pr.chain];
        if (pc < 0 || chain.steps[pc].kind != Step::Transfer)
          continue;
        Operation *bd = chain.steps[pc].op;
        Operation *buf = bdBuffer(bd);
        int32_t cpc = st[pr.core];
        const auto &seg =
            core.touches[cpc < 0 ? core.steps.size() : (size_t)cpc];
        for (const Touch &t : seg) {
          if (t.buffer != buf || !(t.writes || isS2MM(chain)))
            continue;
          if (!reported.insert({t.at, bd}).second)
            continue;
          report(sm, core, chain, t, bd, cpc, st);
        }
      }
    }
    if (reported.empty())
      ctx.proved(d.op.getLoc(),
                 "no core touches a buffer while a BD of it may move it: " +
                     std::to_string(pairs.size()) +
                     " core/BD-chain pair(s) sharing a buffer, in every "
                     "interleaving (" +
                     std::to_string(explored) +
                     " states; the streams, task queues and host taken as "
                     "always ready)");
  }

  static bool isS2MM(const Proc &chain) {
    if (auto dma = dyn_cast_or_null<aie::DMAOp>(chain.op))
      return dma.getChannelDir() == aie::DMAChannelDir::S2MM;
    auto start = dyn_cast_or_null<aie::DMAStartOp>(chain.op);
    return start && start.getChannelDir() == aie::DMAChannelDir::S2MM;
  }

  void report(const Model &m, const Proc &core, const Proc &chain,
              const Touch &t, Operation *bd, int32_t cpc, const State &st) {
    bool s2mm = isS2MM(chain);
    auto diag = t.at->emitError()
                << "aie data race: " << core.name << " "
                << (t.writes ? "writes " : "reads ") << bufferName(t.buffer)
                << " here while " << chain.name << " may be "
                << (s2mm ? "writing into it" : "reading it")
                << " (its BD at " << lineColOf(bd)
                << "): no lock orders the two, so the code between the core's "
                   "lock operations can overlap the transfer";
    diag.attachNote(bd->getLoc())
        << "the BD that moves " << bufferName(t.buffer) << " at the same time";
    std::string after =
        cpc <= 0 ? std::string("before its first lock operation")
                 : "after its lock operation at " +
                       lineColOf(core.steps[cpc - 1].op);
    if (cpc < 0)
      after = "after its last lock operation";
    std::string locks;
    for (auto [l, info] : llvm::enumerate(m.locks)) {
      if (!locks.empty())
        locks += ", ";
      locks += info.name + " = " + std::to_string(st[m.procs.size() + l]);
    }
    diag.attachNote(t.at->getLoc())
        << "a reachable state: the core is " << after
        << ", the chain is at the BD" << (locks.empty() ? "" : "; locks: ")
        << locks;
    diag.attachNote(t.at->getLoc())
        << "hint: before touching the buffer, acquire the lock the chain "
           "releases after this BD, and release the one it acquires before "
           "it when done (the buffer per element is not modelled: disjoint "
           "parts of one buffer count as one)";
  }
};

} // namespace

std::unique_ptr<Checker> aircheck::createAIEDataRace() {
  return std::make_unique<AIEDataRace>();
}
