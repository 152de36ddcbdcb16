//===- DispatchModel.h - the agents of an aie.device and their steps -*- C++ -*-===//
//
// The dispatch model of one aie.device (docs/aie.md, "The dispatch model"):
// its agents (the cores, the BD chains its DMA programs start, the DMA
// channels the host's task queues run, and the host running the runtime
// sequence) as processes of steps over the lock semaphores, the stream flows
// and the task queues, and an explicit state search over every
// interleaving of those steps. aie-deadlock
// (checkers/aie/AIEDeadlock.cpp) explores it and reports; this file decides
// nothing and reports nothing.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_AIE_DISPATCHMODEL_H
#define AIRCHECK_ANALYSES_AIE_DISPATCHMODEL_H

#include "analyses/aie/AIEDesign.h"
#include "analyses/aie/ObjectFifos.h"

#include "mlir/IR/Operation.h"

#include <cstdint>
#include <map>
#include <algorithm>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace aircheck::aiecheck::dispatch {

/// The state budget of a search: 200,000, or AIRCHECK_AIE_MAX_STATES (for
/// tests of what an `unknown` leads to, e.g. a compile that refuses).
size_t maxStates();

/// One step of an agent.
struct Step {
  enum Kind {
    Acquire, AcquireEqual, Release, ReleaseSet, // a lock operation
    Transfer,                                   // a BD
    Push,                                       // the host pushes a task
    Wait                                        // the host waits for tasks
  } kind;
  mlir::Operation *op;
  int lock = -1;
  /// A lock operation: its amount. Transfer: the BD's 32-bit words. Push:
  /// the task's index in its queue. Wait: how many of the queue's tasks
  /// must have finished.
  int64_t value = 0;
  int queue = -1; // Push, Wait: the queue
};

enum class AgentKind { Core, Chain, Host };

/// A core's access of an aie.buffer (aie-data-race).
struct Touch {
  mlir::Operation *buffer; // the aie.buffer
  bool writes;
  mlir::Operation *at; // the op that touches it
};

/// An agent that runs a program of steps: a core, a BD chain, the host.
struct Proc {
  std::string name;
  mlir::Operation *op;
  AgentKind kind = AgentKind::Chain;
  bool isCore() const { return kind == AgentKind::Core; }
  /// Cores and the host must get to their end (or run forever); a BD chain
  /// may wait forever for data that no longer comes.
  bool mustFinish() const { return kind != AgentKind::Chain; }
  std::vector<Step> steps;
  int loopTo = -1; // the step a chain repeats from; -1: it finishes
  /// A core: per pc value k (0..steps.size()), the buffers the code
  /// between step k - 1 and step k touches; k = steps.size() is the code
  /// after the last step (run while the core counts as finished). The tail
  /// of a forever loop's body joins the segment the loop wraps to.
  std::vector<std::vector<Touch>> touches;
  // Transfers: MM2S chains fire with these S2MM chains; an S2MM chain fed by
  // a modelled MM2S chain only moves with it (fedBy).
  std::vector<int> peers;
  int fedBy = -1;
  /// A chain at the other end of a task queue's flow: its transfers move
  /// word by word with that queue's tasks.
  int queue = -1;
};

/// A task the host pushes onto a queue.
struct Task {
  mlir::Operation *op; // npu.dma_memcpy_nd or dma_start_task
  int64_t words;       // 32-bit words it moves (repeats included)
  /// On a channel whose streams are packet flows: the packet id its words
  /// carry (the allocation's pkt_id), which picks the flow; -1 otherwise.
  int64_t packet = -1;
  /// A task whose BDs acquire and release locks (a runtime task on a tile
  /// DMA, mlir-aie's dma_configure_task with use_lock): its lock steps and
  /// transfers in order, repeats included; empty for a task that only moves
  /// its words.
  std::vector<Step> steps;
  /// Words of the transfers before step k (steps.size() + 1 entries).
  std::vector<int64_t> wordsBefore;
};

/// A DMA channel run by its task queue (a shim channel a
/// shim_dma_allocation names, or a channel a dma_configure_task names).
struct Queue {
  std::string name;          // "shim tile (0, 0) MM2S 0"
  std::string symbol;        // the allocation's name, when it has one
  mlir::Operation *decl;     // the allocation, or the first task
  Coord tile;
  aie::DMAChannelDir dir;
  int64_t channel = 0;
  std::vector<Task> tasks;   // in push order (the sequence unrolled)
  /// The chains task t moves its words into (or out of).
  const std::vector<int> &peersOf(size_t t) const {
    if (!packetPeers.empty() && t < tasks.size()) {
      auto it = packetPeers.find(tasks[t].packet);
      if (it != packetPeers.end())
        return it->second;
    }
    return peers;
  }
  /// The chains at the other end of its flows: for an MM2S queue the S2MM
  /// chains it feeds, for an S2MM queue the MM2S chain feeding it.
  std::vector<int> peers;
  /// Packet flows from this (MM2S) channel: per packet id, the S2MM chains
  /// its packets reach. A task moves into the chains of its packet id, so
  /// tasks of several packet ids share the channel in push order (a task
  /// waits behind the one at the head: head-of-line blocking).
  std::map<int64_t, std::vector<int>> packetPeers;
  /// A flow from one queue to another (a shim loopback): the MM2S queue
  /// moves its words into the S2MM queue's tasks, which move only with it.
  int feeds = -1, fedBy = -1;
};

struct LockInfo {
  /// The aie.lock, or the object FIFO (or link) whose lock pair it is of.
  mlir::Operation *op;
  std::string name;
  int64_t init = 0, max = 63;
};

/// The most values a cascade stream holds between two cores: two 2-deep
/// FIFOs, one at each end (AMD UG1079, "AI Engine Tile Interface"; AM020
/// for AIE-ML).
constexpr int64_t kCascadeMaxValues = 4;

struct Model {
  std::vector<Proc> procs;
  std::vector<LockInfo> locks;
  /// Per aie.cascade_flow, the lock counting the room left on it (its init
  /// the values it holds: kCascadeMaxValues unless a checker sets less) and
  /// the lock counting the values on it. A core's put_cascade acquires the
  /// room and releases a value; get_cascade the reverse. More room can let
  /// a core run ahead into a deadlock that less avoids: aie-deadlock
  /// searches every room from 1 value to kCascadeMaxValues.
  std::vector<std::pair<int, int>> cascades;
  /// This model with every cascade stream holding `room` values.
  Model withCascadeRoom(int64_t room) const;
  std::vector<Queue> queues;
  /// The host's process (the runtime sequence), -1 when the device has no
  /// runtime sequence: then every stream end a task would drive is taken as
  /// always ready.
  int host = -1;
  mlir::Operation *sequence = nullptr;
  /// Unfinished tasks a channel's queue holds (the device model's
  /// `dma_task_queue_depth`); 0: unknown.
  int64_t queueDepth = 0;
  /// The most words a stream from a task queue holds in front of the
  /// receiving BD (the device model's `stream_buffer_words`); 0: unknown.
  int64_t streamBufferWords = 0;
  /// A push onto a full queue waits for room (later mlir-aie, host polling)
  /// instead of being dropped (the mlir-aie mlir-air pins).
  bool hostPolls = false;
  /// The host runs the sequence again once a dispatch has ended clean (every
  /// queue empty, no stream holding words, no BD of a queue's flow half
  /// done), from where that dispatch left the array: set when every core
  /// loops forever (mlir-aie's shape for a design dispatched again and
  /// again; nothing resets the array between dispatches).
  bool redispatch = false;
  bool aie1 = false;
  std::string unknown; // why the model cannot be built
  /// The reason concerns the host, its runtime sequence or its queues only
  /// (the cores and BD chains, built first, are complete).
  bool unknownInHost = false;
  mlir::Operation *unknownAt = nullptr;
};

/// The runtime sequences of a device, in order: each is one dispatch.
std::vector<mlir::Operation *> runtimeSequences(Device &d);

/// The model of a device (with a device model) dispatched by `sequence`
/// (one of runtimeSequences(d)); null: the device's only sequence, if it
/// has one (several: unknown).
Model buildModel(Device &d, bool hostPolls = false,
                 mlir::Operation *sequence = nullptr);

/// Processes a and b (as processes 0 and 1) with every process that shares
/// a lock with them, transitively, and every stream end they drive taken
/// as always ready (no peers, queues or host). The processes left out touch
/// none of their locks and meet them only through streams, which this
/// model lets move at any time: every pair of pcs a and b can hold at once
/// in `m` they can hold in this one, which is usually much smaller.
Model lockClosure(const Model &m, size_t a, size_t b);

/// A state: the agents' pcs (-1: finished), the lock values, the words each
/// agent has moved of its current BD, the words each chain's stream holds
/// in front of it, then per queue the tasks pushed, the tasks finished, the
/// words moved of the task at its head and the step that task is at.
using State = std::vector<int32_t>;

struct StateHash {
  size_t operator()(const State &s) const {
    size_t h = 1469598103934665603ull;
    for (int32_t v : s)
      h = (h ^ (uint32_t)v) * 1099511628211ull;
    return h;
  }
};

/// The explicit-state search over every interleaving (up to steps that
/// commute with every other, see safeStep in DispatchModel.cpp).
class Search {
public:
  /// `visible`: per process, whether its steps must interleave in full
  /// (aie-data-race asks which pcs two agents can hold at once, which the
  /// reduction of safeStep does not preserve for the agents it reduces).
  /// `buffer`: the words a stream from a task queue holds in front of the
  /// receiving BD (0: a rendezvous, the least buffering).
  /// `laterDispatches`: the host runs its sequence again after each
  /// dispatch that ends clean (only with Model::redispatch).
  explicit Search(const Model &m, std::vector<bool> visible = {},
                  int64_t buffer = 0, bool laterDispatches = false);

  std::vector<State> states;
  std::vector<std::vector<uint32_t>> preds;
  std::vector<bool> terminal;
  /// Per state whose one successor is the end of a path of safe steps
  /// (expand keeps only the path's ends): the agents that took a step on
  /// the path, sorted (empty otherwise). Such an agent could move from the
  /// state, though it may be blocked again at both ends.
  std::vector<std::vector<uint32_t>> pathAgents;
  bool stepsOnPath(size_t state, size_t agent) const {
    return state < pathAgents.size() &&
           std::binary_search(pathAgents[state].begin(),
                              pathAgents[state].end(), (uint32_t)agent);
  }
  /// Set when the search stopped before exploring everything.
  std::string unknown;
  mlir::Operation *unknownAt = nullptr;

  /// The first state (breadth first) where the host is at a push onto a
  /// queue that holds `queueDepth` unfinished tasks (without host polling:
  /// the push is dropped; the search goes on as if it were not).
  std::optional<uint32_t> overflow;

  void run();

  /// The state every run starts from.
  State initial() const;
  /// The state after agent i's step from `s` (enabled(s, i)), or nullopt
  /// when a release would pass the lock's maximum (`unknown` is then set).
  /// One run of the model takes these steps one at a time (the data replay
  /// of analyses/validate/DesignRun.h).
  std::optional<State> step(const State &s, size_t i) {
    return successor(s, i);
  }
  const Model &model() const { return m; }

  /// The agents: the processes 0..n-1, then the queues n..n+Q-1.
  size_t agents() const { return n + m.queues.size(); }

  /// Can agent i take a step in state s (alone, or a transfer with its
  /// peers)? Value overflow is reported by expand.
  bool enabled(const State &s, size_t i) const;

  /// Can agent i ever move from state s on (it is a transfer's peer)?
  bool movesIn(const State &s, size_t i) const;

  /// Whether the host can run its sequence again from s (a search of later
  /// dispatches: it has finished and the dispatch ended clean).
  bool canRedispatch(const State &s) const;

  /// Whether agent i has nothing left to do in s (a process finished, a
  /// queue empty).
  bool idle(const State &s, size_t i) const;

  int32_t moved(const State &s, size_t proc) const { return s[n + nl + proc]; }
  /// Words the stream from its queue holds in front of chain `proc`'s BD.
  int32_t inStream(const State &s, size_t proc) const {
    return s[sbase + proc];
  }
  int64_t buffer() const { return buf; }
  int32_t pushed(const State &s, size_t q) const { return s[qbase + 4 * q]; }
  int32_t finished(const State &s, size_t q) const {
    return s[qbase + 4 * q + 1];
  }
  int32_t headMoved(const State &s, size_t q) const {
    return s[qbase + 4 * q + 2];
  }
  /// The step the head task of queue q is at (a task with lock steps).
  int32_t headStep(const State &s, size_t q) const {
    return s[qbase + 4 * q + 3];
  }
  /// The head task's step queue q is at, or null (a task of words only,
  /// or an idle queue).
  const Step *headTaskStep(const State &s, size_t q) const;
  /// Whether lock step `st` (of a process or a runtime task) can be taken
  /// in s.
  bool lockReady(const State &s, const Step &st) const;
  /// Takes lock step `st` in `next`; false (and `unknown` set) when a
  /// release would pass the lock's maximum.
  bool takeLock(State &next, const Step &st);
  /// The head task's words moved once its current transfer is done.
  int64_t transferEnd(const State &s, size_t q) const;
  /// Queue q's head task goes on to its next step (finishing after its
  /// last).
  void stepOn(State &s, size_t q) const;
  /// Words queue q still has to move in s (its unfinished tasks).
  int64_t wordsLeft(const State &s, size_t q) const;
  /// The words of the BD process p is at (its Transfer step).
  int64_t bdWords(const State &s, size_t p) const;

private:
  const Model &m;
  size_t n, nl, sbase, qbase;
  int64_t buf = 0;
  /// Words chain p's stream can take now: room in front of its BD, plus
  /// what its current BD still takes when it is at one.
  int64_t room(const State &s, int p) const;
  /// A chain at a BD takes what its stream holds (up to the BD's words).
  void drain(State &s) const;
  /// The host's last push that might find its queue full: before the
  /// host's own waits bound how many tasks are unfinished there (tasks
  /// pushed on the channel less those a wait made sure have finished), at
  /// least the depth. -1: none.
  int lastRiskyPush = -1;
  bool releasesCommute = false;
  bool laterDispatches = false;
  std::vector<bool> visible;
  std::vector<std::vector<int>> acquirers; // per lock, the processes
  std::unordered_map<State, uint32_t, StateHash> index;
  /// Safe steps taken between kept states (expand), against a budget.
  size_t pathSteps = 0;

  void add(const State &s, int64_t from);
  void advance(State &s, size_t i) const;
  std::optional<size_t> safeStep(const State &cur) const;
  std::optional<State> successor(const State &cur, size_t i);
  void expand(size_t idx);
};

} // namespace aircheck::aiecheck::dispatch

#endif
