//===- AIEDeadlock.cpp - the array's cores and BD chains never deadlock ----===//
//
// Issue 10: the cores and the BD chains of an aie.device are processes over
// the lock semaphores and the stream flows. The model (the agents and their
// steps) and the state search are analyses/aie/DispatchModel.{h,cpp}; this
// checker explores it and reports.
//
// With a runtime sequence, the host is an agent too: it pushes tasks onto
// DMA task queues and waits for them. Findings, one error each, in this
// order: a push onto a full queue (dropped at the mlir-aie mlir-air pins;
// with --host-polling it waits instead), an agent that must finish (a core,
// the host) stuck forever, and a dispatch that does not end clean (when
// the host has run its sequence to the end, a queue still holds words it
// can never move, or a chain is stuck in the middle of a BD).
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

#include <functional>
#include <map>
#include <set>

using namespace aircheck;
using namespace aircheck::aiecheck;
using namespace aircheck::aiecheck::dispatch;
using namespace mlir;

namespace {

class AIEDeadlock : public DispatchChecker {
public:
  llvm::StringRef id() const override { return "aie-deadlock"; }
  llvm::StringRef summary() const override {
    return "aie: the cores, BD chains, task queues and the host, over their "
           "locks, flows and queues, never deadlock, and the dispatch ends "
           "clean (every interleaving explored)";
  }
private:
  void check(CheckContext &ctx, Device &d) override {
    // Each runtime sequence is a dispatch of its own (mlir-aie runs the one
    // the host names); a device with several is checked once per sequence,
    // and each finding and proof names it.
    std::vector<Operation *> seqs = runtimeSequences(d);
    dispatchOf = nullptr;
    if (seqs.size() <= 1) {
      checkCascades(ctx, d, buildModel(d, ctx.options.hostPolling));
      return;
    }
    for (Operation *seq : seqs) {
      dispatchOf = seq;
      checkCascades(ctx, d, buildModel(d, ctx.options.hostPolling, seq));
    }
    dispatchOf = nullptr;
  }

  /// Cascade streams hold from 1 to kCascadeMaxValues values: more room can
  /// let a core run ahead and take a lock another needs first, less can
  /// block a put that more lets through. Every room is searched (quietly),
  /// and the first that deadlocks (or is unknown) is reported; proven only
  /// when every room is.
  void checkCascades(CheckContext &ctx, Device &d, const Model &m) {
    if (m.cascades.empty() || !m.unknown.empty()) {
      checkBuffered(ctx, d, m);
      return;
    }
    // Proven at this room, with rendezvous streams and (where the host
    // drives queues) with the fabric's buffering.
    auto provenAt = [&](int64_t room) {
      Model r = m.withCascadeRoom(room);
      for (int64_t words : {int64_t(0), r.streamBufferWords}) {
        if (words < 0 || (words > 0 && r.host < 0))
          continue;
        if (checkDispatch(ctx, d, r, words, false) != Verdict::Proven)
          return false;
      }
      return true;
    };
    int64_t report = 0;
    for (int64_t room = 1; room <= kCascadeMaxValues && !report; ++room)
      if (!provenAt(room))
        report = room;
    if (report) {
      // With the most room the hardware has, clean: the design relies on
      // the cascade's buffering (as on the fabric's, below).
      bool relies = report < kCascadeMaxValues && provenAt(kCascadeMaxValues);
      cascadeNote = "with each cascade stream holding " +
                    std::to_string(report) + " value(s); every room from 1 "
                    "to " + std::to_string(kCascadeMaxValues) +
                    " (two 2-deep FIFOs) is searched";
      if (!relies && report < kCascadeMaxValues)
        cascadeNote += ", and it happens with " +
                       std::to_string(kCascadeMaxValues) + " too";
      if (relies) {
        cascadeNote += "; with " + std::to_string(kCascadeMaxValues) +
                       " it does not happen: the design relies on the "
                       "cascade's buffering";
        cascadeWarning = ctx.options.allowFabricBuffering;
        cascadeNote += cascadeWarning
                           ? " (allowed by --allow-fabric-buffering)"
                           : "; hint: let the receiving core take the "
                             "values before the sender needs their room, "
                             "or accept it with --allow-fabric-buffering";
      }
      checkBuffered(ctx, d, m.withCascadeRoom(report));
      cascadeWarning = false;
    } else {
      cascadeProof = ", for every room of the cascade streams from 1 to " +
                     std::to_string(kCascadeMaxValues) + " values";
      checkBuffered(ctx, d, m);
    }
    cascadeNote.clear();
    cascadeProof.clear();
  }
  /// Set by checkCascades for the reports.
  std::string cascadeNote, cascadeProof;
  /// A deadlock that the cascade's full buffering avoids, allowed as a
  /// warning by --allow-fabric-buffering.
  bool cascadeWarning = false;

  /// The fabric's buffering (issue 26, part 2): with the host, the dispatch
  /// is searched with rendezvous streams (the least buffering) and with the
  /// words the device model says a stream from a task queue holds in front
  /// of the receiving BD (the most). Proven only when both are clean; a
  /// finding under both is reported as such; a deadlock with the least
  /// that the most avoids depends on the fabric: an error (a warning with
  /// --allow-fabric-buffering) naming the words it needs.
  void checkBuffered(CheckContext &ctx, Device &d, const Model &m) {
    int64_t most = m.streamBufferWords;
    bufferNote.clear();
    fabricNeeds = 0;
    asWarning = false;
    if (most <= 0 || m.host < 0 || !m.unknown.empty()) {
      if (m.host >= 0 && m.unknown.empty())
        bufferNote = " (streams as rendezvous: the device model gives no "
                     "measured buffering)";
      checkDispatch(ctx, d, m, 0, true);
      return;
    }
    Verdict withMost = checkDispatch(ctx, d, m, most, false);
    Verdict withLeast = checkDispatch(ctx, d, m, 0, false);
    std::string mostText =
        std::to_string(most) + " words buffered in front of each BD a task "
        "queue's stream feeds (the device model's stream_buffer_words, "
        "measured on npu2)";
    if (withLeast == Verdict::Finding && withMost == Verdict::Proven) {
      fabricNeeds = most;
      for (int64_t c = 1; c < most; ++c)
        if (checkDispatch(ctx, d, m, c, false) == Verdict::Proven) {
          fabricNeeds = c;
          break;
        }
      fabricMost = most;
      asWarning = ctx.options.allowFabricBuffering;
      checkDispatch(ctx, d, m, 0, true);
      return;
    }
    if (withLeast == Verdict::Finding) {
      if (withMost == Verdict::Finding)
        alsoNote = "the same holds with " + mostText;
      checkDispatch(ctx, d, m, 0, true);
      alsoNote.clear();
      return;
    }
    if (withMost == Verdict::Finding) {
      alsoNote = "with rendezvous streams this does not happen; it does "
                 "with " + mostText;
      checkDispatch(ctx, d, m, most, true);
      alsoNote.clear();
      return;
    }
    if (withLeast == Verdict::Unknown) {
      checkDispatch(ctx, d, m, 0, true);
      return;
    }
    if (withMost == Verdict::Unknown) {
      checkDispatch(ctx, d, m, most, true);
      return;
    }
    bufferNote = ", both with rendezvous streams (the least buffering) and "
                 "with " + mostText;
    alsoProvenWith = most;
    checkDispatch(ctx, d, m, 0, true);
    alsoProvenWith = 0;
    bufferNote.clear();
  }

  enum class Verdict { Nothing, Proven, Finding, Unknown };
  /// Set by checkBuffered for the reports of checkDispatch.
  std::string bufferNote, alsoNote;
  /// The most buffering the dispatch is also proven with (its later
  /// dispatches are searched with it too); 0: only the one searched.
  int64_t alsoProvenWith = 0;
  int64_t fabricNeeds = 0, fabricMost = 0;
  bool asWarning = false;

  /// An error, or a warning when the finding depends on the fabric and the
  /// user allowed that.
  InFlightDiagnostic emitFinding(Operation *at) const {
    InFlightDiagnostic diag = asWarning || cascadeWarning ? at->emitWarning()
                                                          : at->emitError();
    if (inLater)
      diag << "in a later dispatch: ";
    return diag;
  }
  /// Whether the search's step from state `from` to state `to` is the
  /// host starting the sequence again (a later dispatch).
  static bool restarts(const Model &m, const Search &s, size_t from,
                       size_t to) {
    return s.states[from][m.host] < 0 && s.states[to][m.host] >= 0;
  }

  /// The dispatch each state is in (Model::redispatch): 1, plus the
  /// host's restarts along the path the search found it by (each state's
  /// first predecessor is the one that found it).
  static std::vector<uint32_t> dispatchOfStates(const Model &m,
                                                const Search &s) {
    std::vector<uint32_t> k(s.states.size(), 1);
    if (m.host < 0)
      return k;
    for (size_t i = 1; i < s.states.size(); ++i) {
      uint32_t p = s.preds[i].front();
      k[i] = k[p] + restarts(m, s, p, i);
    }
    return k;
  }

  static std::string ordinal(uint32_t k) {
    const char *suffix = (k % 100 >= 11 && k % 100 <= 13) ? "th"
                         : k % 10 == 1                    ? "st"
                         : k % 10 == 2                    ? "nd"
                         : k % 10 == 3                    ? "rd"
                                                          : "th";
    return std::to_string(k) + suffix;
  }

  /// When the finding is in a later dispatch (state idx), a note at the
  /// sequence with how the dispatch before left the array.
  void noteLaterDispatch(InFlightDiagnostic &diag, const Model &m,
                         const Search &s, size_t idx) const {
    if (m.host < 0 || !m.redispatch)
      return;
    // Walk back to the state where the finding's dispatch began.
    uint32_t k = 1;
    std::optional<size_t> end; // the state the dispatch before ended in
    for (size_t i = idx; i > 0;) {
      size_t p = s.preds[i].front();
      if (restarts(m, s, p, i)) {
        ++k;
        if (!end)
          end = p;
      }
      i = p;
    }
    if (!end)
      return;
    const State &st = s.states[*end];
    size_t n = m.procs.size();
    std::string left;
    for (auto [l, lock] : llvm::enumerate(m.locks))
      if (st[n + l] != lock.init)
        left += (left.empty() ? "" : ", ") + lock.name + " at " +
                std::to_string(st[n + l]) + " (init " +
                std::to_string(lock.init) + ")";
    for (size_t p = 0; p < n; ++p)
      if ((int)p != m.host && !m.procs[p].isCore() && st[p] < 0 &&
          !m.procs[p].steps.empty())
        left += (left.empty() ? "" : ", ") + m.procs[p].name + " finished";
    diag.attachNote(m.sequence->getLoc())
        << "this happens in the " << ordinal(k)
        << " dispatch of this runtime sequence: every core loops forever "
           "and nothing resets the array between dispatches, so a dispatch "
           "starts where the one before left it; the " << ordinal(k - 1)
        << " left "
        << (left.empty() ? std::string("the cores and BD chains where they "
                                       "were (the locks at their init)")
                         : left)
        << "; a design the host dispatches once is not affected"
        << (asWarning ? " (--repeated-dispatch makes this an error)" : "")
        << "; hint: end each dispatch with the locks as the next expects "
           "them (release what it acquires) and let the chains it needs "
           "loop";
  }

  /// The notes every finding gets: the dispatch, the fabric.
  void noteDispatch(InFlightDiagnostic &diag) const {
    if (dispatchOf)
      diag.attachNote(dispatchOf->getLoc())
          << "in the dispatch that runs this runtime sequence (each of the "
             "device's sequences is checked as a dispatch of its own)";
    if (fabricNeeds > 0)
      diag.attachNote(m_sequence ? std::optional<Location>(m_sequence->getLoc())
                                 : std::nullopt)
          << "this happens with rendezvous streams (the least buffering); "
             "with " << fabricNeeds << " word(s) buffered in front of each BD "
             "a task queue's stream feeds it does not (the fabric is "
             "measured to hold " << fabricMost << " on npu2: mlir-aie "
             "docs/DeadlockModel.md): the design relies on the fabric's "
             "buffering"
          << (asWarning ? " (allowed by --allow-fabric-buffering)"
                        : "; hint: do not rely on it (reorder the tasks or "
                          "let the BDs take what the tasks send), or accept "
                          "it with --allow-fabric-buffering");
    if (!alsoNote.empty())
      diag.attachNote(m_sequence ? std::optional<Location>(m_sequence->getLoc())
                                 : std::nullopt)
          << alsoNote;
    if (!cascadeNote.empty())
      diag.attachNote(std::nullopt) << cascadeNote;
  }
  Operation *m_sequence = nullptr;

  /// The runtime sequence being checked when the device has several.
  Operation *dispatchOf = nullptr;

  std::string dispatchName() const {
    if (!dispatchOf)
      return "";
    auto name = dispatchOf->getAttrOfType<StringAttr>("sym_name");
    return " (dispatching @" + (name ? name.getValue().str() : "?") + ")";
  }
  /// Searches the dispatch with `buffer` words per stream from a task
  /// queue; reports (emit) or only says what it would report.
  Verdict checkDispatch(CheckContext &ctx, Device &d, const Model &m,
                        int64_t buffer, bool emit) {
    m_sequence = m.sequence;
    size_t cores =
        llvm::count_if(m.procs, [](const Proc &p) { return p.isCore(); });
    if (!cores && m.host < 0 && m.unknown.empty())
      return Verdict::Nothing; // nothing a deadlock could stop
    if (!m.unknown.empty()) {
      if (!emit)
        return Verdict::Unknown;
      auto diag = emitWarning(d.op.getLoc())
                  << "deadlock freedom of the array is unknown"
                  << dispatchName() << ": " << m.unknown;
      diag.attachNote(m.unknownAt->getLoc()) << "here";
      return Verdict::Unknown;
    }
    Search s(m, {}, buffer);
    s.run();
    Verdict v = judge(ctx, d, m, s, emit);
    if (v != Verdict::Proven || !emit)
      return v;
    std::string later = checkLaterDispatches(ctx, d, m, buffer);
    if (m.host < 0) {
      ctx.proved(d.op.getLoc(),
                 "deadlock freedom of the array: in every interleaving of " +
                     std::to_string(cores) + " core(s) and " +
                     std::to_string(m.procs.size() - cores) +
                     " BD chain(s) over their locks and flows (" +
                     std::to_string(s.states.size()) +
                     " states), every core reaches aie.end or keeps running "
                     "(stream ends no BD chain drives taken as always ready)" +
                     cascadeProof);
      return Verdict::Proven;
    }
    size_t tasks = 0;
    for (const Queue &q : m.queues)
      tasks += q.tasks.size();
    ctx.proved(d.op.getLoc(),
               "deadlock freedom of the dispatch" + dispatchName() +
                   ": in every interleaving of the host, " + std::to_string(cores) + " core(s), " +
                   std::to_string(m.procs.size() - cores - 1) + " BD chain(s) and " +
                   std::to_string(m.queues.size()) + " task queue(s) (" +
                   std::to_string(tasks) + " task(s); " +
                   std::to_string(s.states.size()) +
                   " states), every core reaches aie.end, keeps running or "
                   "waits in its forever loop for the next dispatch when "
                   "the run ends, every push finds room in its queue (depth " +
                   std::to_string(m.queueDepth) +
                   (m.hostPolls ? ", the host polling for room" : "") +
                   "), every wait returns, and the dispatch ends with every "
                   "queue empty and no BD in the middle of a transfer "
                   "(stream ends nothing in the device drives taken as "
                   "always ready)" + bufferNote + cascadeProof + later);
    return Verdict::Proven;
  }

  /// Whether the finding being reported is in a later dispatch (it is then
  /// a warning, an error with --repeated-dispatch).
  bool inLater = false;

  /// The dispatches after the first (Model::redispatch), once the first is
  /// proven: searched again with the host running its sequence again from
  /// where each dispatch left the array, with the buffering of the first's
  /// proof. A finding there is reported (a warning: a design the host
  /// dispatches once is not affected; an error with --repeated-dispatch)
  /// and the first's proof says nothing of later dispatches; otherwise the
  /// text the proof adds.
  std::string checkLaterDispatches(CheckContext &ctx, Device &d,
                                   const Model &m, int64_t buffer) {
    if (!m.redispatch)
      return "";
    std::vector<int64_t> buffers{buffer};
    if (alsoProvenWith > 0)
      buffers.push_back(alsoProvenWith);
    std::string text;
    for (int64_t b : buffers) {
      Search later(m, {}, b, /*laterDispatches=*/true);
      later.run();
      inLater = true;
      bool savedWarning = asWarning;
      asWarning = !ctx.options.repeatedDispatch;
      Verdict v = judge(ctx, d, m, later, true);
      asWarning = savedWarning;
      inLater = false;
      if (v != Verdict::Proven)
        return v == Verdict::Unknown
                   ? " (of the first dispatch; later ones are unknown, see "
                     "the warning)"
                   : " (of the first dispatch; a later one is not: see the "
                     "finding \"in a later dispatch\")";
      if (text.empty())
        text = laterDispatches(m, later);
    }
    return text;
  }

  /// The verdict of a search: reports a finding or an unknown (when
  /// `emit`); Proven when there is neither (the caller reports the proof).
  Verdict judge(CheckContext &ctx, Device &d, const Model &m, const Search &s,
                bool emit) {
    size_t n = m.procs.size(), agents = s.agents();
    bool complete = s.unknown.empty();

    if (s.overflow) {
      if (emit)
        reportOverflow(m, s, *s.overflow);
      return Verdict::Finding;
    }

    // An agent is stuck in a state when it has work left and no state
    // reachable from there lets it move. Computed for the agents that must
    // finish (cores, the host) and for the queues.
    std::vector<llvm::BitVector> good(agents);
    for (size_t c = 0; c < agents; ++c) {
      if (c < n && !m.procs[c].mustFinish())
        continue;
      good[c].resize(s.states.size());
      std::vector<uint32_t> work;
      // A core in mlir-aie's forever loop, anywhere in the loop, once the
      // host has run its sequence to the end waits for the next dispatch:
      // a normal end of this one (whether the queues and streams are
      // clean is checked apart). A loop body unrolled by two may have
      // taken this dispatch's last object in its first half
      // (upstream's adjacent_memtile_access, docs/aie.md).
      bool nextDispatch = c < n && m.procs[c].isCore() &&
                          m.procs[c].loopTo >= 0 && m.host >= 0;
      for (size_t i = 0; i < s.states.size(); ++i) {
        const State &st = s.states[i];
        // An agent that took a step on the path of safe steps out of the
        // state (Search keeps only the path's ends) could move from it.
        if (s.idle(st, c) || s.enabled(st, c) || s.stepsOnPath(i, c) ||
            (nextDispatch && st[m.host] < 0 && st[c] >= m.procs[c].loopTo)) {
          good[c].set(i);
          work.push_back(i);
        }
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
    auto stuckIn = [&](size_t i, size_t c) {
      return c < n && m.procs[c].mustFinish() && !good[c].test(i);
    };
    // Report the first state (breadth first: the shortest run) where a core
    // or the host is stuck, preferring one where nothing can move any more
    // (every blocked process shows what it waits for).
    std::optional<size_t> bad, badTerminal;
    for (size_t i = 0; i < s.states.size() && !badTerminal; ++i)
      for (size_t c = 0; c < n; ++c)
        if (stuckIn(i, c)) {
          if (!bad)
            bad = i;
          if (s.terminal[i])
            badTerminal = i;
          break;
        }
    if (badTerminal)
      bad = badTerminal;
    if (bad) {
      if (emit)
        ctx.drew(report(m, s, good, *bad));
      return Verdict::Finding;
    }
    // The dispatch ends clean: once the host has run its sequence to the
    // end, no queue keeps words it can never move and no chain at the end
    // of a queue's flow is left in the middle of a BD.
    if (m.host >= 0)
      for (size_t i = 0; i < s.states.size(); ++i) {
        const State &st = s.states[i];
        if (st[m.host] >= 0)
          continue;
        for (size_t q = 0; q < m.queues.size(); ++q)
          if (!good[n + q].test(i)) {
            if (emit)
              reportLeftQueue(m, s, i, q);
            return Verdict::Finding;
          }
        for (size_t p = 0; p < n; ++p)
          if (m.procs[p].queue >= 0 && st[p] >= 0 && s.moved(st, p) > 0 &&
              s.idle(st, n + m.procs[p].queue)) {
            if (emit)
              reportLeftBD(m, s, i, p);
            return Verdict::Finding;
          }
      }
    // With buffering, no stream may be left holding words its chain never
    // takes (mlir-aie docs/DeadlockModel.md, "When a run ends").
    if (m.host >= 0 && s.buffer() > 0)
      for (size_t p = 0; p < n; ++p) {
        if (m.procs[p].queue < 0)
          continue;
        llvm::BitVector drains(s.states.size());
        std::vector<uint32_t> work;
        for (size_t i = 0; i < s.states.size(); ++i)
          if (s.inStream(s.states[i], p) == 0 || (!complete && !s.terminal[i])) {
            drains.set(i);
            work.push_back(i);
          }
        while (!work.empty()) {
          uint32_t i = work.back();
          work.pop_back();
          for (uint32_t q : s.preds[i])
            if (!drains.test(q)) {
              drains.set(q);
              work.push_back(q);
            }
        }
        for (size_t i = 0; i < s.states.size(); ++i)
          if (s.states[i][m.host] < 0 && !drains.test(i)) {
            if (emit)
              reportLeftStream(m, s, i, p);
            return Verdict::Finding;
          }
      }
    if (!complete) {
      if (!emit)
        return Verdict::Unknown;
      auto diag = emitWarning(d.op.getLoc())
                  << (inLater ? "deadlock freedom of the dispatches after "
                                "the first (which is proven) is unknown"
                              : "deadlock freedom of the array is unknown")
                  << dispatchName() << ": " << s.unknown;
      if (s.unknownAt)
        diag.attachNote(s.unknownAt->getLoc()) << "here";
      return Verdict::Unknown;
    }
    return Verdict::Proven;
  }

  /// The proof's words on the dispatches after the first.
  static std::string laterDispatches(const Model &m, const Search &s) {
    if (!m.redispatch)
      return "";
    std::vector<uint32_t> k = dispatchOfStates(m, s);
    uint32_t most = *std::max_element(k.begin(), k.end());
    return "; so does every later dispatch of the sequence, each from "
           "where the one before left the locks, cores and chains (every "
           "core loops forever; " + std::to_string(most) +
           " dispatch(es) explored before the array's state repeats)";
  }

  static std::string words(int64_t w) {
    return std::to_string(w) + (w == 1 ? " word" : " words");
  }

  /// What queue q is doing in st, for a note.
  std::string queueText(const Model &m, const Search &s, const State &st,
                        size_t q) {
    const Queue &qu = m.queues[q];
    int32_t head = s.finished(st, q), left = s.pushed(st, q) - head;
    std::string verb = qu.dir == aie::DMAChannelDir::MM2S ? "sent" : "received";
    std::string text = qu.name + " has " + std::to_string(left) +
                       " unfinished task(s); the one at its head has " + verb +
                       " " + std::to_string(s.headMoved(st, q)) + " of its " +
                       words(qu.tasks[head].words);
    if (const Step *step = s.headTaskStep(st, q);
        step && step->kind != Step::Transfer && step->lock >= 0)
      text += " and waits to acquire " + std::to_string(step->value) +
              " from " + m.locks[step->lock].name + " (value " +
              std::to_string(st[m.procs.size() + step->lock]) + ")";
    return text;
  }

  std::string waitText(const Model &m, const Search &s, const State &st,
                       size_t i) {
    const Proc &p = m.procs[i];
    const Step &step = p.steps[st[i]];
    size_t n = m.procs.size();
    switch (step.kind) {
    case Step::Transfer: {
      if (p.queue >= 0) {
        const Queue &q = m.queues[p.queue];
        bool in = q.dir == aie::DMAChannelDir::MM2S;
        return std::string("waits at this BD (") +
               std::to_string(s.moved(st, i)) + " of its " +
               words(s.bdWords(st, i)) + (in ? " received" : " sent") +
               ") for " + (in ? "words from a task on " : "a task on ") +
               q.name + (in ? "" : " to take its words");
      }
      std::string who;
      if (p.fedBy >= 0)
        who = m.procs[p.fedBy].name;
      else
        for (int q : p.peers)
          who += (who.empty() ? "" : ", ") + m.procs[q].name;
      return "waits for its stream peer (" + who + ") at this BD";
    }
    case Step::Push:
      return "waits for room in the queue of " + m.queues[step.queue].name +
             " (" + std::to_string(s.pushed(st, step.queue) -
                                   s.finished(st, step.queue)) +
             " unfinished tasks, depth " + std::to_string(m.queueDepth) + ")";
    case Step::Wait: {
      size_t q = step.queue;
      return "waits here for " + m.queues[q].name + " to finish task " +
             std::to_string(step.value) + " of its " +
             std::to_string(s.pushed(st, q)) + " (" +
             std::to_string(s.finished(st, q)) + " finished, " +
             words(s.wordsLeft(st, q)) + " left to move)";
    }
    default:
      break;
    }
    const LockInfo &l = m.locks[step.lock];
    return std::string("waits to acquire ") + std::to_string(step.value) +
           (step.kind == Step::AcquireEqual ? " (equal)" : "") + " from " +
           l.name + " (value " + std::to_string(st[n + step.lock]) + ")";
  }

  /// Notes at every task of queue q still unfinished in st and at the
  /// chains at the other end of its flow.
  void noteQueue(InFlightDiagnostic &diag, const Model &m, const Search &s,
                 const State &st, size_t q) {
    const Queue &qu = m.queues[q];
    int32_t head = s.finished(st, q);
    for (int32_t t = head; t < s.pushed(st, q); ++t)
      diag.attachNote(qu.tasks[t].op->getLoc())
          << "task " << t + 1 << " of " << qu.name << " (" << words(qu.tasks[t].words)
          << "), pushed here, "
          << (t == head ? "is at the head of the queue, with " +
                              std::to_string(s.headMoved(st, q)) + " moved"
                        : std::string("waits behind it"));
    for (int p : qu.peersOf(head)) {
      const Proc &pr = m.procs[p];
      if (st[p] < 0)
        diag.attachNote(pr.op->getLoc())
            << pr.name << " at the other end of its flow has finished";
      else
        diag.attachNote(pr.steps[st[p]].op->getLoc())
            << pr.name << " at the other end of its flow "
            << waitText(m, s, st, p);
    }
    if (qu.peersOf(head).empty() && qu.decl)
      diag.attachNote(qu.decl->getLoc())
          << qu.name << " is declared here";
  }

  void reportOverflow(const Model &m, const Search &s, size_t idx) {
    const State &st = s.states[idx];
    const Step &push = m.procs[m.host].steps[st[m.host]];
    size_t q = push.queue;
    const Queue &qu = m.queues[q];
    auto diag = emitFinding(push.op)
                << "the host pushes a task onto " << qu.name
                << " while its queue holds "
                << s.pushed(st, q) - s.finished(st, q)
                << " unfinished tasks (depth " << m.queueDepth
                << "): the mlir-aie that mlir-air pins drops the push and the "
                   "design hangs";
    noteDispatch(diag);
    noteLaterDispatch(diag, m, s, idx);
    int32_t head = s.finished(st, q);
    for (int32_t t = head; t < s.pushed(st, q); ++t)
      diag.attachNote(qu.tasks[t].op->getLoc())
          << "task " << t + 1 << " of " << qu.name << " ("
          << words(qu.tasks[t].words) << ") is in front of it, pushed here";
    diag.attachNote(push.op->getLoc())
        << "hint: wait for the channel (npu.dma_wait"
        << (qu.symbol.empty() ? std::string("") : " {symbol = @" + qu.symbol + "}")
        << ") before it holds " << m.queueDepth
        << " tasks, or fold the transfers into one task with a repeat count; "
           "--host-polling checks for a later mlir-aie, whose host waits for "
           "room";
  }

  void reportLeftQueue(const Model &m, const Search &s, size_t idx, size_t q) {
    const State &st = s.states[idx];
    const Queue &qu = m.queues[q];
    int32_t head = s.finished(st, q);
    bool send = qu.dir == aie::DMAChannelDir::MM2S;
    auto diag = emitFinding(qu.tasks[head].op)
                << "the dispatch does not end clean: when the runtime "
                   "sequence has run to its end, "
                << qu.name << " still has " << words(s.wordsLeft(st, q))
                << " to " << (send ? "send" : "receive") << " in "
                << s.pushed(st, q) - head
                << " unfinished task(s), and nothing will ever move them";
    noteDispatch(diag);
    noteLaterDispatch(diag, m, s, idx);
    noteQueue(diag, m, s, st, q);
    diag.attachNote(m.sequence->getLoc())
        << "the runtime sequence ends without a wait for " << qu.name;
    diag.attachNote(qu.tasks[head].op->getLoc())
        << "hint: make the BDs at the other end of the flow "
        << (send ? "take" : "send") << " every word the task moves, and wait "
           "for the channel (npu.dma_wait) before the sequence ends";
  }

  void reportLeftBD(const Model &m, const Search &s, size_t idx, size_t p) {
    const State &st = s.states[idx];
    const Proc &pr = m.procs[p];
    const Queue &qu = m.queues[pr.queue];
    bool in = qu.dir == aie::DMAChannelDir::MM2S;
    auto diag = emitFinding(pr.steps[st[p]].op)
                << "the dispatch does not end clean: when the runtime "
                   "sequence has run to its end, "
                << pr.name << " is in the middle of this BD ("
                << s.moved(st, p) << " of its " << words(s.bdWords(st, p))
                << (in ? " received" : " sent") << ") and " << qu.name
                << " has no task left to " << (in ? "send" : "receive")
                << " the rest";
    noteDispatch(diag);
    noteLaterDispatch(diag, m, s, idx);
    for (int32_t t = 0; t < s.pushed(st, pr.queue); ++t)
      diag.attachNote(qu.tasks[t].op->getLoc())
          << "task " << t + 1 << " of " << qu.name << " ("
          << words(qu.tasks[t].words) << ") is pushed here";
    diag.attachNote(m.sequence->getLoc()) << "the runtime sequence ends here";
    diag.attachNote(pr.steps[st[p]].op->getLoc())
        << "hint: make the tasks on " << qu.name
        << " move a whole number of this chain's BDs";
  }

  void reportLeftStream(const Model &m, const Search &s, size_t idx,
                        size_t p) {
    const State &st = s.states[idx];
    const Proc &pr = m.procs[p];
    const Queue &qu = m.queues[pr.queue];
    Operation *at = st[p] >= 0 ? pr.steps[st[p]].op : pr.op;
    auto diag = emitFinding(at)
                << "the dispatch does not end clean: when the runtime "
                   "sequence has run to its end, the stream from "
                << qu.name << " leaves " << words(s.inStream(st, p))
                << " in front of " << pr.name
                << ", which never takes them";
    noteDispatch(diag);
    noteLaterDispatch(diag, m, s, idx);
    for (int32_t t = 0; t < s.pushed(st, pr.queue); ++t)
      diag.attachNote(qu.tasks[t].op->getLoc())
          << "task " << t + 1 << " of " << qu.name << " ("
          << words(qu.tasks[t].words) << ") is pushed here";
    diag.attachNote(m.sequence->getLoc())
        << "the runtime sequence ends here (with " << s.buffer()
        << " words buffered in front of each BD a task queue's stream "
           "feeds)";
    diag.attachNote(at->getLoc())
        << "hint: make the chain take every word the tasks send";
  }

  /// Emits the finding and returns its wait-for graph.
  WaitGraph report(const Model &m, const Search &s,
                   const std::vector<llvm::BitVector> &good, size_t idx) {
    size_t bad = idx;
    size_t n = m.procs.size();
    const State &st = s.states[bad];
    std::vector<size_t> stuck, blocked;
    std::vector<size_t> queues;
    // The host first: its wait is where the user sees the dispatch hang.
    if (m.host >= 0 && !good[m.host].test(bad))
      stuck.push_back(m.host);
    for (size_t i = 0; i < n; ++i) {
      if ((int)i == m.host)
        continue;
      if (m.procs[i].mustFinish() && !good[i].test(bad))
        stuck.push_back(i);
      else if (!m.procs[i].mustFinish() && st[i] >= 0 && !s.movesIn(st, i))
        blocked.push_back(i);
    }
    for (size_t q = 0; q < m.queues.size(); ++q)
      if (!s.idle(st, n + q) && !s.enabled(st, n + q))
        queues.push_back(q);
    const Proc &first = m.procs[stuck.front()];
    Operation *at = first.steps[st[stuck.front()]].op;
    auto diag = emitFinding(at)
                << (fabricNeeds > 0
                        ? "deadlock unless the fabric buffers " +
                              std::to_string(fabricNeeds) +
                              " word(s) in front of a BD: "
                        : std::string("deadlock: "))
                << first.name << " "
                << waitText(m, s, st, stuck.front()) << " and can never go on";
    noteDispatch(diag);
    noteLaterDispatch(diag, m, s, idx);
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
      if (step.lock >= 0)
        awaited.insert(step.lock);
    };
    noteWait(stuck.front());
    for (size_t k = 1; k < stuck.size(); ++k) {
      const Proc &p = m.procs[stuck[k]];
      diag.attachNote(p.steps[st[stuck[k]]].op->getLoc())
          << p.name << " " << waitText(m, s, st, stuck[k]) << ", also forever";
      noteWait(stuck[k]);
    }
    for (size_t i : blocked) {
      const Proc &p = m.procs[i];
      diag.attachNote(p.steps[st[i]].op->getLoc())
          << p.name << " " << waitText(m, s, st, i);
      noteWait(i);
    }
    for (size_t q : queues) {
      const Queue &qu = m.queues[q];
      int32_t head = s.finished(st, q);
      diag.attachNote(qu.tasks[head].op->getLoc()) << queueText(m, s, st, q);
      if (const Step *step = s.headTaskStep(st, q); step && step->lock >= 0)
        awaited.insert(step->lock);
      for (int p : qu.peersOf(head))
        if (st[p] < 0)
          diag.attachNote(m.procs[p].op->getLoc())
              << m.procs[p].name
              << " at the other end of its flow has finished";
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
    for (int l : awaited)
      for (const Queue &qu : m.queues) {
        llvm::SmallPtrSet<Operation *, 4> seen;
        for (const Task &t : qu.tasks)
          for (const Step &step : t.steps)
            if (step.lock == l &&
                (step.kind == Step::Release || step.kind == Step::ReleaseSet) &&
                seen.insert(step.op).second)
              diag.attachNote(step.op->getLoc())
                  << m.locks[l].name << " is released here, by a runtime task "
                  << "on " << qu.name;
      }
    bool queueAtLock = llvm::any_of(queues, [&](size_t q) {
      const Step *step = s.headTaskStep(st, q);
      return step && step->kind != Step::Transfer;
    });
    if ((int)stuck.front() == m.host && !queues.empty() && !queueAtLock)
      diag.attachNote(at->getLoc())
          << "hint: make the BDs at the other end of each flow move every "
             "word the tasks move (or the tasks only what they take)";
    diag.report();
    return waitGraph(m, s, st, stuck, blocked);
  }

  /// Who waits for whom when the search is stuck: each stuck or blocked
  /// agent (core, BD chain, host) waits for a lock, a task queue or its
  /// stream peer; a lock waits for the agents that release it, a queue for
  /// the chains that move its head task's words (or, for room, for itself).
  WaitGraph waitGraph(const Model &m, const Search &s, const State &st,
                      const std::vector<size_t> &stuck,
                      const std::vector<size_t> &blocked) {
    WaitGraph g;
    size_t n = m.procs.size();
    std::map<std::pair<int, size_t>, unsigned> nodeOf; // (kind, index)
    auto located = [](WaitGraph::Node &node, Operation *op) {
      if (auto loc = dyn_cast_or_null<FileLineColLoc>(op ? op->getLoc()
                                                         : Location(nullptr)))
        node.line = loc.getLine(), node.column = loc.getColumn();
    };
    // 0: an agent, 1: a lock, 2: a queue.
    std::function<unsigned(int, size_t)> node = [&](int kind,
                                                    size_t i) -> unsigned {
      auto it = nodeOf.find({kind, i});
      if (it != nodeOf.end())
        return it->second;
      WaitGraph::Node nd;
      if (kind == 0) {
        const Proc &p = m.procs[i];
        nd.kind = p.kind == AgentKind::Core   ? "core"
                  : p.kind == AgentKind::Host ? "host"
                                              : "chain";
        nd.label = p.name;
        if (st[i] < 0) {
          nd.place.push_back("finished");
          located(nd, p.op);
        } else {
          const Step &step = p.steps[st[i]];
          nd.place.push_back("at " + step.op->getName().getStringRef().str());
          located(nd, step.op);
        }
      } else if (kind == 1) {
        const LockInfo &l = m.locks[i];
        nd.kind = "lock";
        nd.label = l.name;
        nd.place.push_back("value " + std::to_string(st[n + i]));
        located(nd, l.op);
      } else {
        const Queue &q = m.queues[i];
        nd.kind = "queue";
        nd.label = q.name;
        nd.place.push_back(std::to_string(s.finished(st, i)) + " of " +
                           std::to_string(s.pushed(st, i)) +
                           " tasks finished");
        located(nd, q.decl);
      }
      unsigned id = g.nodes.size();
      nodeOf[{kind, i}] = id;
      g.nodes.push_back(std::move(nd));
      return id;
    };
    auto edge = [&](unsigned from, unsigned to, std::string label) {
      for (const WaitGraph::Edge &e : g.edges)
        if (e.from == from && e.to == to)
          return;
      g.edges.push_back({from, to, std::move(label)});
    };
    std::vector<size_t> agents = stuck;
    agents.insert(agents.end(), blocked.begin(), blocked.end());
    std::set<int> locksSeen;
    for (size_t i : agents) {
      const Proc &p = m.procs[i];
      if (st[i] < 0)
        continue;
      const Step &step = p.steps[st[i]];
      unsigned me = node(0, i);
      switch (step.kind) {
      case Step::Transfer:
        if (p.queue >= 0)
          edge(me, node(2, p.queue), "words of a task");
        else if (p.fedBy >= 0)
          edge(me, node(0, p.fedBy), "stream");
        else
          for (int q : p.peers)
            edge(me, node(0, q), "stream");
        break;
      case Step::Push:
        edge(me, node(2, step.queue), "room in the queue");
        break;
      case Step::Wait:
        edge(me, node(2, step.queue),
             "task " + std::to_string(step.value) + " finished");
        break;
      default:
        if (step.lock < 0)
          break;
        edge(me, node(1, step.lock),
             "acquire " + std::to_string(step.value) +
                 (step.kind == Step::AcquireEqual ? " (equal)" : ""));
        locksSeen.insert(step.lock);
        break;
      }
    }
    for (int l : locksSeen)
      for (size_t i = 0; i < n; ++i)
        for (const Step &step : m.procs[i].steps)
          if (step.lock == l &&
              (step.kind == Step::Release || step.kind == Step::ReleaseSet)) {
            edge(node(1, l), node(0, i), "released by");
            break;
          }
    for (auto [key, id] : std::map(nodeOf))
      if (key.first == 2) {
        size_t q = key.second;
        int32_t head = s.finished(st, q);
        if (head < s.pushed(st, q))
          for (int p : m.queues[q].peersOf(head))
            edge(id, node(0, p), "moves the words");
      }
    // The cycle: the nodes that reach themselves; without one, what the
    // first stuck agent reaches (the chain to what never comes).
    size_t count = g.nodes.size();
    std::vector<std::vector<bool>> reach(count, std::vector<bool>(count));
    for (const WaitGraph::Edge &e : g.edges)
      reach[e.from][e.to] = true;
    for (size_t k = 0; k < count; ++k)
      for (size_t a = 0; a < count; ++a)
        if (reach[a][k])
          for (size_t b = 0; b < count; ++b)
            if (reach[k][b])
              reach[a][b] = true;
    for (size_t a = 0; a < count; ++a)
      g.nodes[a].inCycle = reach[a][a];
    g.cycle = llvm::any_of(g.nodes, [](auto &nd) { return nd.inCycle; });
    if (!g.cycle && count) {
      g.nodes[0].inCycle = true;
      for (size_t b = 0; b < count; ++b)
        if (reach[0][b])
          g.nodes[b].inCycle = true;
    }
    return g;
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createAIEDeadlock() {
  return std::make_unique<AIEDeadlock>();
}
