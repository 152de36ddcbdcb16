//===- DeadlockFreedom.cpp - no schedule deadlocks -------------------------===//
//
// Proves that no schedule the compute model allows gets stuck, or shows one
// that does (seed 000 1.4, 2.1, 2.5; issue 5).
//
// Without channels, nothing blocks but tokens and nested bodies: an op waits
// for tokens defined before it (SSA dominance), for the previous iteration
// of its loop, or for the instances of its own body. That order is
// well-founded, so the program is deadlock-free for every size.
//
// With channels, the reference executor (analyses/SkeletonExecutor) runs the
// synchronisation skeleton on the program's concrete sizes, launch instances
// one at a time and all at once:
//   - a run that gets stuck is a deadlock; the error shows the wait-for
//     cycle (analyses/WaitForCycle), each op with its instance and what it
//     waits for, and counts the ops blocked behind it: the counterexample;
//   - a run that completes proves every schedule when its order check holds:
//     on every FIFO the puts, and the gets, are ordered by happens-before,
//     so every schedule matches the same transfers and waits for the same
//     events (SkeletonResult::Order);
//   - anything else (a symbolic size, a runtime branch condition, transfers
//     in no fixed order, a run longer than the step budget) is `unknown`,
//     with the reason and a note at the op concerned.
//
// The executor matches whole transfers, so after an earlier warning (a
// count-versus-volume mismatch, an unknown balance) a stuck run may be the
// executor's mismatch: then only a proof is reported (its order check
// compares matched transfers' sizes itself), and nothing else is added to a
// program that is not verified anyway.
// Lint stays bounded: the runs stop after --max-steps steps (CheckOptions).
//
//===----------------------------------------------------------------------===//
#include "checkers/Checker.h"

#include "analyses/AsyncGraph.h"
#include "analyses/ResourceFootprint.h"
#include "analyses/executor/SkeletonExecutor.h"
#include "analyses/WaitForCycle.h"
#include "dialects/AIR/AIRDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "analyses/symbolic/SymbolicDeadlock.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <map>

using namespace aircheck;
using namespace mlir;

namespace {
// The order check may visit this many events per step of the budget
// (CheckOptions::maxSteps, kDefaultMaxSteps in checkers/Checker.h).
constexpr uint64_t kOrderVisitsPerStep = 20;
/// Random schedules tried for a counterexample when transfers race.
constexpr uint64_t kRandomSchedules = 16;
/// Steps each of them may take (small programs race visibly).
constexpr uint64_t kMaxRandomSteps = 20000;
/// The checks whose findings make a stuck run doubtful (see run()).
constexpr llvm::StringLiteral kChannelRules[] = {
    "channel-references",     "channel-pairing",        "channel-count-balance",
    "channel-volume-balance", "channel-index-resolution",
    "broadcast-coverage",     "cascade-adjacency",
    "sync-order-deadlock",    "launch-crossing"};
/// Boolean function arguments whose values are all tried (2^n runs).
constexpr unsigned kMaxFlags = 4;

const char *modeText(LaunchMode mode) {
  return mode == LaunchMode::Serial ? "launch instances run one at a time"
                                    : "all launch instances run at once";
}

void reportStepLimit(ModuleOp module, uint64_t maxSteps,
                     const std::string &symbolicWhy = "") {
  auto diag = emitWarning(programLoc(module))
              << "deadlock freedom is unknown: running the program on its "
                 "concrete sizes takes more than "
              << maxSteps << " steps";
  if (!symbolicWhy.empty())
    diag.attachNote(programLoc(module))
        << "the proof for every size does not apply: " << symbolicWhy;
  diag.attachNote(programLoc(module))
      << "hint: `--max-steps=N` raises lint's (and compile's) budget of "
      << maxSteps
      << " steps; a smaller configuration of the same program can be proven";
}

/// A lower bound on the steps of a run: two per execution of each channel
/// transfer outside conditionals (saturating).
uint64_t transferStepsAtLeast(ModuleOp module) {
  uint64_t steps = 0;
  module.walk([&](Operation *op) {
    if (!isa<air::ChannelOpInterface>(op))
      return;
    for (Operation *p = op->getParentOp(); p && !isa<func::FuncOp>(p);
         p = p->getParentOp())
      if (isa<scf::IfOp, affine::AffineIfOp, scf::IndexSwitchOp>(p))
        return;
    std::optional<int64_t> n = constantInstanceCount(op);
    if (!n || *n < 0)
      return;
    uint64_t add = 2 * static_cast<uint64_t>(*n);
    steps = steps > UINT64_MAX - add ? UINT64_MAX : steps + add;
  });
  return steps;
}

class DeadlockFreedom : public Checker {
public:
  llvm::StringRef id() const override { return "deadlock-freedom"; }
  llvm::StringRef summary() const override {
    return "No schedule deadlocks: proven by a run on concrete sizes whose "
           "transfers are matched alike in every schedule; a deadlock comes "
           "with every blocked instance";
  }

  void run(CheckContext &ctx) override {
    // Findings of the channel checks mean the run would match transfers the
    // program does not balance: after an error the program is rejected
    // already; after a warning only a proof is reported (below). Findings of
    // other rules (nesting, memory levels, token scope, source order) leave
    // the run as meaningful as without them.
    unsigned errors = 0, warnings = 0;
    for (llvm::StringRef rule : kChannelRules) {
      errors += ctx.errorsOf(rule);
      warnings += ctx.warningsOf(rule);
    }
    if (errors > 0)
      return;
    bool channels = ctx.module
                        .walk([](Operation *op) {
                          return isa<air::ChannelOpInterface>(op)
                                     ? WalkResult::interrupt()
                                     : WalkResult::advance();
                        })
                        .wasInterrupted();
    if (!channels) {
      ctx.proved(programLoc(ctx.module),
                 "deadlock freedom, for every size: without channels every "
                 "op waits only for tokens defined before it, for an earlier "
                 "loop iteration, or for its own body");
      return;
    }

    // After a warning (an unknown balance, transfers balanced in volume but
    // not in count) the program is not verified anyway, and a stuck run
    // may come from matching transfers the executor cannot match: only a
    // proof, which checks the matching itself, is reported then.
    bool doubtful = warnings > 0;

    // For every size at once: an affine schedule of the instance-level
    // wait-for graph (analyses/symbolic). Where it does not apply, the run
    // on the program's concrete sizes decides.
    std::string symbolicWhy;
    auto provedSymbolically = [&](const SymbolicVerdict &sym) {
      if (!sym.proven) {
        symbolicWhy = sym.why;
        return false;
      }
      std::string scope =
          sym.parameters.empty()
              ? std::string("for every schedule")
              : "for every value of " + llvm::join(sym.parameters, ", ") +
                    " and every schedule";
      ctx.proved(programLoc(ctx.module),
                 "deadlock freedom, " + scope +
                     " (symbolic: an affine schedule puts every wait of " +
                     std::to_string(sym.eventOps) + " transfer and "
                     "hierarchy ops over " +
                     std::to_string(sym.fifoSides) +
                     " FIFO sides forward in time)");
      return true;
    };
    // A FIFO fed from several places (a ping and a pong loop) makes the
    // symbolic proof several times dearer than a run at the program's
    // sizes: such programs are run first, and proven symbolically only
    // where the run cannot decide (symbolic sizes, the step budget).
    bool severalPlaces = false;
    if (!doubtful) {
      SymbolicVerdict sym = proveDeadlockFreedomSymbolically(
          ctx.module, ctx.analyses, /*severalPlaces=*/false);
      if (provedSymbolically(sym))
        return;
      severalPlaces = sym.needsSeveralPlaces;
      if (sym.cycle && reportAtSmallest(ctx, *sym.cycle))
        return;
    }
    auto provedWithSeveralPlaces = [&]() {
      if (!severalPlaces)
        return false;
      severalPlaces = false;
      return provedSymbolically(proveDeadlockFreedomSymbolically(
          ctx.module, ctx.analyses, /*severalPlaces=*/true));
    };
    auto whySymbolic = [&](InFlightDiagnostic &diag) {
      if (!symbolicWhy.empty())
        diag.attachNote(programLoc(ctx.module))
            << "the proof for every size does not apply: " << symbolicWhy;
    };
    // A boolean function argument holds one value for the whole run: every
    // combination is run (a runtime flag choosing between branches).
    SmallVector<BlockArgument> flags;
    for (func::FuncOp f : ctx.module.getOps<func::FuncOp>())
      if (!f.isExternal())
        for (BlockArgument a : f.getArguments())
          if (a.getType().isInteger(1))
            flags.push_back(a);
    if (flags.size() > kMaxFlags)
      flags.clear(); // left without a value: unknown if a branch needs one
    // Each transfer a run issues takes at least two steps (its start and
    // its completion): when the transfers outside conditionals alone run
    // more often than the budget allows, no run can finish within it, and
    // the answer is unknown without running (lint stays fast on large
    // configurations).
    const uint64_t maxSteps = ctx.options.maxSteps;
    if (transferStepsAtLeast(ctx.module) > maxSteps) {
      if (provedWithSeveralPlaces())
        return;
      reportStepLimit(ctx.module, maxSteps, symbolicWhy);
      return;
    }
    SkeletonResult parallel;
    SkeletonOptions options;
    std::string when;
    uint64_t transfers = 0;
    for (unsigned bits = 0; bits < (1u << flags.size()); ++bits) {
      options = budgetedOptions(ctx);
      when.clear();
      for (auto [i, a] : llvm::enumerate(flags)) {
        options.arguments[a] = (bits >> i) & 1;
        when += (i ? ", " : ", with ") + argumentName(a) + " = " +
                ((bits >> i) & 1 ? "true" : "false");
      }
      for (LaunchMode mode : {LaunchMode::Serial, LaunchMode::Parallel}) {
        options.launchMode = mode;
        SkeletonResult r = runSkeleton(ctx.module, options, ctx.analyses.getAnalysis<AsyncGraph>());
        if (r.verdict == SkeletonResult::Verdict::Deadlock &&
            !r.blockedOps.empty()) {
          if (!doubtful)
            reportDeadlock(ctx, r,
                           std::string("the program deadlocks when ") +
                               modeText(mode) + when,
                           kCycleHint);
          return;
        }
        // A run that cannot finish (the step budget, IR the executor does
        // not run) decides the answer, unknown: the other mode is not run.
        bool unfinished = r.verdict == SkeletonResult::Verdict::StepLimit ||
                          r.verdict == SkeletonResult::Verdict::Unsupported;
        if (mode == LaunchMode::Parallel || unfinished) {
          parallel = std::move(r);
          if (unfinished)
            break;
        }
      }
      transfers += parallel.transfers;
      if (parallel.verdict != SkeletonResult::Verdict::Completed ||
          !parallel.order.checked || !parallel.order.holds)
        break;
    }

    bool proven = parallel.verdict == SkeletonResult::Verdict::Completed &&
                  parallel.order.checked && parallel.order.holds;
    if (doubtful && !proven)
      return;
    switch (parallel.verdict) {
    case SkeletonResult::Verdict::Deadlock:
      return; // without blocked ops: nothing ran
    case SkeletonResult::Verdict::Unsupported: {
      if (provedWithSeveralPlaces())
        return;
      Operation *at = parallel.unsupportedOp;
      auto diag = (at ? at->emitWarning() : emitWarning(programLoc(ctx.module)))
                  << "deadlock freedom is unknown: the proof runs the "
                     "program on concrete sizes, and here '"
                  << (at ? at->getName().getStringRef() : StringRef("?"))
                  << "' " << parallel.unsupportedWhy;
      whySymbolic(diag);
      // The hint fits a value that is not a constant; IR the executor does
      // not run needs rewriting instead.
      if (StringRef(parallel.unsupportedWhy).contains("not a constant"))
        diag.attachNote(programLoc(ctx.module))
            << "hint: a specialised copy with constant sizes, trip counts and "
             "conditions can be proven";
      else
        diag.attachNote(programLoc(ctx.module))
            << "hint: the proof runs the program's synchronisation skeleton; "
               "this construct is outside what it runs (docs/lint.md)";
      return;
    }
    case SkeletonResult::Verdict::StepLimit:
      if (provedWithSeveralPlaces())
        return;
      reportStepLimit(ctx.module, maxSteps, symbolicWhy);
      return;
    case SkeletonResult::Verdict::Completed:
      break;
    }

    const SkeletonResult::Order &order = parallel.order;
    if (proven) {
      std::string runs =
          flags.empty() ? std::string("a run")
                        : std::to_string(1u << flags.size()) +
                              " runs, one per value of the boolean "
                              "argument" +
                              (flags.size() == 1 ? "," : "s,");
      ctx.proved(programLoc(ctx.module),
                 "deadlock freedom, for every schedule at these sizes: " +
                     runs + " completed " + std::to_string(transfers) +
                     " transfer" + (transfers == 1 ? "" : "s") +
                     ", each FIFO with its puts and its gets in an order "
                     "every schedule keeps");
      return;
    }
    // Transfers in no fixed order: some schedule may match them otherwise.
    // Random schedules look for one that gets stuck, the counterexample;
    // finding none proves nothing.
    using Cause = SkeletonResult::Order::Cause;
    if (order.cause == Cause::Unordered) {
      options.launchMode = LaunchMode::Parallel;
      options.maxSteps = kMaxRandomSteps;
      for (uint64_t seed = 1; seed <= kRandomSchedules; ++seed) {
        options.scheduleSeed = seed;
        SkeletonResult r = runSkeleton(ctx.module, options, ctx.analyses.getAnalysis<AsyncGraph>());
        if (r.verdict == SkeletonResult::Verdict::Deadlock &&
            !r.blockedOps.empty())
          return reportDeadlock(
              ctx, r,
              "the program can deadlock" + when + ": " + order.reason +
                  ", and in another schedule",
              "hint: order the racing transfers with a token (the later one "
              "waiting for the earlier) or issue them from one sequential "
              "body");
      }
    }
    if (provedWithSeveralPlaces()) // (for its reason, in practice)
      return;
    Operation *at = order.sites.empty() ? nullptr : order.sites.back().op;
    auto diag = (at ? at->emitWarning() : emitWarning(programLoc(ctx.module)))
                << "deadlock freedom is unknown: a run completed, but "
                << order.reason;
    for (const SkeletonResult::Order::Site &site : order.sites)
      diag.attachNote(site.op->getLoc()) << site.what;
    whySymbolic(diag);
    const char *hint = "";
    switch (order.cause) {
    case Cause::Unordered:
      hint = "hint: order the transfers with a token (the later one waiting "
             "for the earlier) or issue them from one sequential body";
      break;
    case Cause::Sizes:
      hint = "hint: give the k-th put and the k-th get on each FIFO the "
             "same constant size";
      break;
    case Cause::Leftover:
      hint = "hint: every put needs a get on the same FIFO";
      break;
    case Cause::Budget:
      hint = "hint: a smaller configuration of the same program can be "
             "proven";
      break;
    }
    diag.attachNote(at ? at->getLoc() : programLoc(ctx.module)) << hint;
  }

private:
  static std::string argumentName(BlockArgument a) {
    auto f = cast<func::FuncOp>(a.getOwner()->getParentOp());
    return "argument #" + std::to_string(a.getArgNumber()) + " of @" +
           f.getSymName().str();
  }

  static constexpr const char *kCycleHint =
      "hint: break the cycle: reorder the ops, make one transfer "
      "asynchronous, or deepen the channel";

  /// The wait-for cycle first (the shortest, each op once: the error at its
  /// first op, a note at each next one), or without a cycle the chain from
  /// the first blocked op to one that waits for nothing blocked; then how
  /// many more ops are blocked behind it, and the hint.
  /// A run within lint's step budget (and the order check's share of it).
  static SkeletonOptions budgetedOptions(CheckContext &ctx) {
    SkeletonOptions options;
    options.maxSteps = ctx.options.maxSteps;
    options.maxOrderVisits = kOrderVisitsPerStep * ctx.options.maxSteps;
    return options;
  }

  /// The waits close a cycle for some values of the parameters (the
  /// symbolic model): the program is run at the smallest of them, and a
  /// deadlock that run shows is reported with the values it holds for.
  static bool reportAtSmallest(CheckContext &ctx,
                               const SymbolicVerdict::Witness &w) {
    for (const SymbolicVerdict::Witness::Point &p : w.smallest) {
      SkeletonOptions options = budgetedOptions(ctx);
      for (auto &[arg, value] : p.values)
        options.arguments[arg] = value;
      for (LaunchMode mode : {LaunchMode::Serial, LaunchMode::Parallel}) {
        options.launchMode = mode;
        SkeletonResult r = runSkeleton(ctx.module, options,
                                       ctx.analyses.getAnalysis<AsyncGraph>());
        if (r.verdict != SkeletonResult::Verdict::Deadlock ||
            r.blockedOps.empty())
          continue;
        std::string lead =
            w.exact && &p == &w.smallest.front()
                ? "the program deadlocks for " + w.when +
                      " (exactly those values: isl's exact transitive "
                      "closure of the waits); at the smallest, " + p.text
                : "the program deadlocks at " + p.text +
                      " (among the smallest values for which the waits may "
                      "close a cycle: isl's closure of the waits)";
        reportDeadlock(ctx, r, lead + ", when " + modeText(mode), kCycleHint);
        return true;
      }
    }
    return false;
  }

  static void reportDeadlock(CheckContext &ctx, const SkeletonResult &r,
                             const std::string &lead, const char *hint) {
    WaitChain chain = findWaitChain(r.blockedOps);
    emitDeadlock(r, chain, lead, hint);
    ctx.drew(waitGraph(r, chain));
  }

  /// At most this many ops blocked behind the cycle are drawn.
  static constexpr unsigned kDrawnBehind = 6;

  /// The cycle (or chain) as data, with a few of the ops behind it, each
  /// waiting for the first op it waits for.
  static WaitGraph waitGraph(const SkeletonResult &r, const WaitChain &chain) {
    WaitGraph g;
    g.cycle = chain.cycle;
    const auto &ops = r.blockedOps;
    std::map<unsigned, unsigned> nodeOf; // blocked op -> node
    auto add = [&](unsigned i, bool inCycle) {
      WaitGraph::Node n;
      n.kind = "op";
      n.label = ops[i].op->getName().getStringRef().str();
      llvm::SmallVector<llvm::StringRef> parts;
      llvm::StringRef(ops[i].place).split(parts, ", ", -1, false);
      for (llvm::StringRef p : parts)
        n.place.push_back(p.str());
      if (auto loc = dyn_cast<FileLineColLoc>(ops[i].op->getLoc())) {
        n.line = loc.getLine();
        n.column = loc.getColumn();
      }
      n.inCycle = inCycle;
      nodeOf[i] = g.nodes.size();
      g.nodes.push_back(std::move(n));
    };
    for (unsigned i : chain.ops)
      add(i, true);
    for (size_t k = 0; k + 1 < chain.ops.size(); ++k)
      g.edges.push_back({nodeOf[chain.ops[k]], nodeOf[chain.ops[k + 1]],
                         ops[chain.ops[k]].waits});
    if (chain.cycle)
      g.edges.push_back({nodeOf[chain.ops.back()], nodeOf[chain.ops.front()],
                         ops[chain.ops.back()].waits});
    unsigned drawn = 0;
    for (unsigned i = 0; i < ops.size(); ++i) {
      if (nodeOf.count(i))
        continue;
      if (drawn == kDrawnBehind) {
        ++g.omitted;
        continue;
      }
      ++drawn;
      add(i, false);
    }
    for (auto [i, node] : nodeOf)
      if (!g.nodes[node].inCycle && !ops[i].waitsFor.empty()) {
        auto to = nodeOf.find(ops[i].waitsFor.front());
        if (to != nodeOf.end())
          g.edges.push_back({node, to->second, ops[i].waits});
      }
    return g;
  }

  static void emitDeadlock(const SkeletonResult &r, const WaitChain &chain,
                           const std::string &lead, const char *hint) {
    const auto &ops = r.blockedOps;
    const SkeletonResult::BlockedOp &first = ops[chain.ops.front()];
    size_t n = ops.size();
    auto diag = first.op->emitError()
                << lead << ": " << n << " op" << (n == 1 ? "" : "s")
                << " wait forever";
    if (chain.cycle)
      diag << ", in a cycle of " << chain.ops.size() << " where each waits "
           << "for the next";
    diag << "; first " << first.what;
    for (unsigned i : llvm::drop_begin(chain.ops))
      diag.attachNote(ops[i].op->getLoc()) << "which waits for: " << ops[i].what;
    if (chain.cycle && chain.ops.size() > 1)
      diag.attachNote(first.op->getLoc())
          << "and that one waits for the first: the cycle closes";
    size_t behind = n - chain.ops.size();
    std::string more =
        behind ? "and " + std::to_string(behind) + " more op" +
                     (behind == 1 ? "" : "s") + " blocked behind it; "
               : std::string();
    diag.attachNote(first.op->getLoc())
        << more << (!chain.cycle && hint == kCycleHint ? kChainHint : hint);
  }

  static constexpr const char *kChainHint =
      "hint: the last op waits for a transfer that no op will issue: add "
      "its partner, or remove it";
};
} // namespace

std::unique_ptr<Checker> aircheck::createDeadlockFreedom() {
  return std::make_unique<DeadlockFreedom>();
}
