//===- DesignRun.cpp - replaying what an aie design moves -----------------===//
#include "analyses/validate/DesignRun.h"

#include "analyses/MemrefEffects.h"
#include "analyses/MemrefRoots.h"
#include "analyses/aie/CascadeLoops.h"
#include "analyses/aie/DispatchModel.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/Support/MathExtras.h"

#include <deque>

using namespace mlir;
using namespace aircheck;
using namespace aircheck::validate;
using namespace aircheck::aiecheck;
using namespace aircheck::aiecheck::dispatch;

int DesignDelivery::bufferIndex(Operation *buffer) const {
  auto it = indexOf.find(buffer);
  return it == indexOf.end() ? -1 : it->second;
}

std::optional<std::vector<int64_t>>
aircheck::validate::bdElements(aie::DMABDOp bd, std::string &why) {
  auto type = dyn_cast<MemRefType>(bd.getBuffer().getType());
  if (!type || !type.hasStaticShape()) {
    why = "a BD on a buffer without a static shape";
    return std::nullopt;
  }
  if (bd.getPacket()) {
    why = "a BD with a packet header";
    return std::nullopt;
  }
  if (bd.getPadBefore() || bd.getPadAfter()) {
    auto sizes = bd.getSizes(), strides = bd.getStrides();
    auto before = bd.getPadBefore(), after = bd.getPadAfter();
    if (!sizes || !strides || !before || !after ||
        sizes->size() != strides->size() || before->size() != sizes->size() ||
        after->size() != sizes->size()) {
      why = "a padded BD whose pads, sizes and strides are not one per "
            "dimension";
      return std::nullopt;
    }
    int64_t offset = bd.getOffsetOrDefault(), count = 1;
    size_t n = sizes->size();
    SmallVector<int64_t, 4> padded(n);
    for (size_t k = 0; k < n; ++k) {
      padded[k] = (*before)[k] + (*sizes)[k] + (*after)[k];
      count *= padded[k];
    }
    if (!bd.getLen() || int64_t(*bd.getLen()) != count) {
      why = "a padded BD whose len is not its padded sizes' product";
      return std::nullopt;
    }
    std::vector<int64_t> out;
    SmallVector<int64_t, 4> idx(n, 0);
    for (int64_t c = 0; c < count; ++c) {
      int64_t a = offset;
      for (size_t k = 0; k < n && a != kPadElement; ++k) {
        int64_t i = idx[k] - (*before)[k];
        a = (i < 0 || i >= (*sizes)[k]) ? kPadElement
                                        : a + i * (*strides)[k];
      }
      out.push_back(a);
      for (size_t k = n; k-- > 0;) {
        if (++idx[k] < padded[k])
          break;
        idx[k] = 0;
      }
    }
    return out;
  }
  int64_t offset = bd.getOffsetOrDefault();
  int64_t len = bd.getLen() ? int64_t(*bd.getLen())
                            : type.getNumElements() - offset;
  std::vector<int64_t> out;
  auto sizes = bd.getSizes(), strides = bd.getStrides();
  if (!sizes || sizes->empty()) {
    for (int64_t k = 0; k < len; ++k)
      out.push_back(offset + k);
    return out;
  }
  if (!strides || strides->size() != sizes->size()) {
    why = "a BD whose sizes and strides differ in number";
    return std::nullopt;
  }
  int64_t count = 1;
  for (int32_t s : *sizes)
    count *= s;
  if (count != len) {
    why = "a BD whose sizes move " + std::to_string(count) +
          " elements and whose len is " + std::to_string(len);
    return std::nullopt;
  }
  std::vector<int64_t> idx(sizes->size(), 0);
  for (int64_t c = 0; c < count; ++c) {
    int64_t a = offset;
    for (size_t k = 0; k < idx.size(); ++k)
      a += idx[k] * (*strides)[k];
    out.push_back(a);
    for (size_t k = idx.size(); k-- > 0;) {
      if (++idx[k] < (*sizes)[k])
        break;
      idx[k] = 0;
    }
  }
  return out;
}

/// The elements a runtime task addresses in its argument (offsets, sizes
/// and strides static, four of each: outermost first, the innermost offset
/// unscaled).
std::optional<std::vector<int64_t>>
aircheck::validate::runtimeTaskElements(aiex::NpuDmaMemcpyNdOp copy,
                                        std::string &why) {
  if (!copy.getOffsets().empty() || !copy.getSizes().empty() ||
      !copy.getStrides().empty()) {
    why = "a runtime task whose pattern holds runtime values";
    return std::nullopt;
  }
  ArrayRef<int64_t> off = copy.getStaticOffsets(),
                    size = copy.getStaticSizes(),
                    stride = copy.getStaticStrides();
  if (off.size() != 4 || size.size() != 4 || stride.size() != 4) {
    why = "a runtime task without four offsets, sizes and strides";
    return std::nullopt;
  }
  SmallVector<int64_t, 4> st(stride.begin(), stride.end());
  if (st[3] == 0)
    st[3] = 1;
  int64_t base = off[3];
  for (int k = 0; k < 3; ++k)
    base += off[k] * st[k];
  std::vector<int64_t> out;
  for (int64_t a = 0; a < size[0]; ++a)
    for (int64_t b = 0; b < size[1]; ++b)
      for (int64_t c = 0; c < size[2]; ++c)
        for (int64_t e = 0; e < size[3]; ++e)
          out.push_back(base + a * st[0] + b * st[1] + c * st[2] + e * st[3]);
  return out;
}

/// The aie.buffer `v` views (through views and casts), or null.
static aie::BufferOp bufferOf(Value v) {
  return dyn_cast_or_null<aie::BufferOp>(
      memrefRootOp(v, ViewLinks | CastLinks));
}

namespace {

/// Elements in an affine progression (a BD's row).
struct Row {
  int64_t start = 0, step = 0, count = 0;
};

/// A BD's elements as rows: each longest progression, in order. A padding
/// zero (kPadElement) is a row of its own; a step that overflows ends a
/// row.
static std::vector<Row> rowsOf(const std::vector<int64_t> &elements) {
  std::vector<Row> rows;
  for (int64_t e : elements) {
    if (!rows.empty() && e != kPadElement && rows.back().start != kPadElement) {
      Row &r = rows.back();
      int64_t step, span, next;
      if (r.count == 1 && !llvm::SubOverflow(e, r.start, step)) {
        r.step = step;
        ++r.count;
        continue;
      }
      if (r.count > 1 && !llvm::MulOverflow(r.count, r.step, span) &&
          !llvm::AddOverflow(r.start, span, next) && e == next) {
        ++r.count;
        continue;
      }
    }
    rows.push_back(Row{e, 0, 1});
  }
  return rows;
}

/// Elements in a stream: a run of their tags and their width in bits (a
/// stream between buffers of different element widths is not replayed).
struct Words {
  TagRun run;
  unsigned bits;
};

/// What one MM2S BD or task sends, as runs.
struct Sent {
  std::vector<Words> runs;
  int64_t count = 0;
  void push(Tag t, unsigned bits) {
    if (runs.empty() || runs.back().bits != bits || !runs.back().run.extend(t))
      runs.push_back(Words{TagRun{t, 0, 1}, bits});
    ++count;
  }
};

class Replay {
public:
  Replay(Device &d, int64_t budget, uint64_t maxSteps)
      : d(d), budget(budget), maxSteps(maxSteps) {}

  DesignDelivery run() {
    Model m = buildModel(d);
    if (!m.unknown.empty()) {
      fail(m.unknown, m.unknownAt);
      return std::move(out);
    }
    model = &m;
    if (!collectCascades() || !collectBuffers() || !collectShared() || !checkPersistent() ||
        !collectArguments() || !checkHostOverlaps())
      return std::move(out);
    n = m.procs.size();
    if (!collectHandoffs())
      return std::move(out);
    collectReads();
    Search search(m);
    State s = search.initial();
    in.assign(search.agents(), {});
    queued.assign(search.agents(), 0);
    for (size_t p = 0; p < n; ++p) {
      logUses(p, s[p] >= 0 ? s[p] : (int)m.procs[p].steps.size());
      if (s[p] >= 0 && !arrive(p, s[p]))
        return std::move(out);
    }
    size_t next = 0;
    for (uint64_t steps = 0;; ++steps) {
      if (steps > maxSteps) {
        fail("the replay took more than " + std::to_string(maxSteps) +
                 " steps (its budget)",
             nullptr, /*pastBudget=*/true);
        return std::move(out);
      }
      // Without a host, chains whose other end is always ready would run
      // on: the run ends when the cores have.
      if (m.host < 0 &&
          llvm::all_of(llvm::seq<size_t>(0, n), [&](size_t p) {
            return !m.procs[p].isCore() || s[p] < 0;
          }))
        break;
      std::optional<size_t> agent;
      for (size_t k = 0; k < search.agents(); ++k) {
        size_t i = (next + k) % search.agents();
        if (search.enabled(s, i)) {
          agent = i;
          break;
        }
      }
      if (!agent)
        break;
      next = *agent + 1;
      std::optional<State> after = search.step(s, *agent);
      if (!after) {
        fail(search.unknown, search.unknownAt);
        return std::move(out);
      }
      if (!events(search, s, *after))
        return std::move(out);
      s = std::move(*after);
    }
    for (size_t p = 0; p < n; ++p)
      if (m.procs[p].mustFinish() && s[p] >= 0 &&
          m.procs[p].loopTo < 0) {
        fail("the replay stopped with " + m.procs[p].name +
                 " unfinished (the design does not complete; aie-deadlock "
                 "says why)",
             m.procs[p].op);
        return std::move(out);
      }
    return std::move(out);
  }

private:
  Device &d;
  int64_t budget;
  uint64_t maxSteps;
  Model *model = nullptr;
  size_t n = 0;
  DesignDelivery out;
  std::vector<std::vector<Tag>> content; // per buffer
  std::vector<std::deque<Words>> in; // per receiving agent
  /// bdElements per BD, read once (a BD runs round after round), and the
  /// same elements as rows.
  struct BDElements {
    std::optional<std::vector<int64_t>> elements;
    std::string why;
    std::vector<Row> rows;
  };
  std::map<Operation *, BDElements> bdCache;
  /// Per buffer: whether a DMA or a cascade may read what is written into
  /// it (an MM2S BD or a put_cascade reads it, and not its core's values).
  std::vector<bool> readLater;
  std::vector<int64_t> queued;       // per receiving agent: elements in `in`
  std::vector<TagRun> got;           // what a write takes (kept for its space)
  int64_t moved = 0;
  /// The loop each put_cascade and get_cascade moves its buffer's words in
  /// (CascadeLoops.h), how many of its steps have run, and per cascade
  /// stream (its values lock) the words on it with their width in bits.
  std::map<Operation *, CascadeLoop> cascadeLoops;
  std::map<Operation *, int64_t> cascadeSteps;
  std::map<int, std::deque<std::pair<Tag, unsigned>>> cascadeWords;

  /// readLater: the buffers an MM2S BD or a put_cascade reads, but for
  /// those of core tiles their cores write (those read their core's
  /// values).
  void collectReads() {
    readLater.assign(out.buffers.size(), false);
    auto mark = [&](aie::BufferOp buf) {
      if (!buf)
        return;
      int b = out.bufferIndex(buf);
      if (b >= 0 && !(out.onCore[b] && out.coreWrites[b]))
        readLater[b] = true;
    };
    for (size_t p = 0; p < n; ++p)
      if (isMM2S(p))
        for (const Step &st : model->procs[p].steps)
          if (auto bd = dyn_cast_or_null<aie::DMABDOp>(st.op))
            if (st.kind == Step::Transfer)
              mark(bufferOf(bd.getBuffer()));
    for (auto &[op, l] : cascadeLoops)
      if (l.put)
        mark(l.buffer);
  }

  bool collectCascades() {
    bool ok = true;
    d.op.walk([&](Operation *op) {
      if (!ok || !isa<aie::PutCascadeOp, aie::GetCascadeOp>(op))
        return;
      std::string why;
      std::optional<CascadeLoop> l = cascadeLoopOf(op, why);
      if (!l) {
        fail(why, op);
        ok = false;
        return;
      }
      cascadeLoops[op] = *l;
    });
    return ok;
  }

  /// A core's put_cascade (its release of the stream's values) puts the
  /// next word of its buffer on the stream; a get_cascade (its acquire of
  /// them) takes it and writes it into its buffer, a fill.
  bool cascadeWord(const Step &st) {
    auto found = cascadeLoops.find(st.op);
    if (found == cascadeLoops.end()) {
      fail("a cascade op the replay did not read", st.op);
      return false;
    }
    CascadeLoop &l = found->second;
    int64_t k = l.trips ? cascadeSteps[st.op]++ % l.trips : 0;
    int b = out.indexOf[l.buffer];
    unsigned bits =
        cast<MemRefType>(l.buffer.getType()).getElementTypeBitWidth();
    auto &words = cascadeWords[st.lock];
    if (l.put) {
      if (!charge(l.width, st.op))
        return false;
      // A buffer the core computes into: each put of it whole hands out
      // the values of one more round, as a DMA's read after the core's
      // release does.
      bool made = out.onCore[b] && out.coreWrites[b];
      if (made && k == 0 && ++rounds[b] > kMaxRounds) {
        fail("a core buffer handed out more than " +
                 std::to_string(kMaxRounds) + " times",
             st.op);
        return false;
      }
      for (int64_t j = 0; j < l.width; ++j) {
        int64_t e = l.first + k * l.width + j;
        words.push_back({made ? Tag(Tag::Computed, b, e, rounds[b])
                              : content[b][e],
                         bits});
      }
      return true;
    }
    if ((int64_t)words.size() < l.width) {
      fail("a get_cascade takes a word its stream does not carry (a sender "
           "the replay does not know of)",
           st.op);
      return false;
    }
    FillLog *log = out.onCore[b] ? &out.fills[b] : nullptr;
    if (log && k == 0)
      log->begin(st.op);
    for (int64_t j = 0; j < l.width; ++j) {
      auto [t, wbits] = words.front();
      words.pop_front();
      if (wbits != bits) {
        fail("a cascade between buffers of different element widths is "
             "not replayed",
             st.op);
        return false;
      }
      int64_t e = l.first + k * l.width + j;
      content[b][e] = t;
      if (log)
        log->add(e, t);
    }
    return true;
  }

  /// A definite fault: the design addresses an element outside a buffer
  /// (the program never does; the replay stops there).
  void wrongAccess(std::string what, Operation *at) {
    if (!out.unknown && out.wrong.why.empty()) {
      out.wrong = Unknown{std::move(what), at};
      out.unknown = Unknown{"stopped at an access outside a buffer", at};
    }
  }

  void fail(std::string why, Operation *at, bool pastBudget = false) {
    if (!out.unknown)
      out.unknown = Unknown{std::move(why), at, pastBudget};
  }

  /// The run goes on, and stands for itself only.
  void caveat(std::string why, Operation *at) {
    if (!out.caveat)
      out.caveat = Unknown{std::move(why), at};
  }

  bool collectBuffers() {
    d.op.walk([&](aie::BufferOp b) {
      auto type = dyn_cast<MemRefType>(b.getType());
      int idx = out.buffers.size();
      out.buffers.push_back(b);
      out.indexOf[b] = idx;
      std::optional<Coord> c = tileOfOp(b);
      out.onCore.push_back(c && d.kindOf(*c) == TileKind::Compute);
      out.coreWrites.push_back(false);
      int64_t count = type && type.hasStaticShape() ? type.getNumElements() : 0;
      std::vector<Tag> init(count);
      std::optional<std::vector<Tag>> constants;
      if (b.getInitialValue())
        constants = constantTags(*b.getInitialValue());
      if (constants && (int64_t)constants->size() == count) {
        init = *constants;
        out.initial[idx] = std::move(*constants);
      } else if (b.getInitialValue()) {
        for (int64_t e = 0; e < count; ++e)
          init[e] = Tag{Tag::Initial, idx, e};
      }
      content.push_back(std::move(init));
    });
    // The buffers a core writes (through any view).
    std::set<Operation *> cascadeAccesses;
    for (auto &[op, l] : cascadeLoops)
      cascadeAccesses.insert(l.access);
    d.op.walk([&](aie::CoreOp core) {
      core.walk([&](Operation *op) {
        // What a get_cascade receives is written, not computed.
        if (cascadeAccesses.count(op))
          return;
        for (const MemrefEffect &e : memrefEffects(op))
          if (e.write)
            if (aie::BufferOp b = bufferOf(e.memref))
              out.coreWrites[out.indexOf[b]] = true;
      });
    });
    return true;
  }

  /// Buffers that cores of other tiles use (shared L1): their users, and
  /// what makes their uses' order unreadable (unknown).
  bool collectShared() {
    std::map<int, std::set<size_t>> users;
    for (auto [p, proc] : llvm::enumerate(model->procs))
      if (proc.isCore())
        for (const std::vector<Touch> &seg : proc.touches)
          for (const Touch &t : seg)
            if (auto it = out.indexOf.find(t.buffer); it != out.indexOf.end())
              users[it->second].insert(p);
    for (auto &[b, procs] : users) {
      std::optional<Coord> home = tileOfOp(out.buffers[b]);
      if (llvm::all_of(procs, [&](size_t p) {
            return tileOfOp(model->procs[p].op) == home;
          }))
        continue;
      std::string name =
          "buffer " + out.buffers[b].getSymName().value_or("?").str();
      // What a DMA moves in or out of it would be another core's turn.
      aie::DMABDOp moved;
      d.op.walk([&](aie::DMABDOp bd) {
        if (!moved && bufferOf(bd.getBuffer()) == out.buffers[b])
          moved = bd;
      });
      if (moved) {
        fail("a DMA moves " + name + ", which cores of several tiles use: "
                 "its order with the cores' turns is not replayed",
             moved);
        return false;
      }
      for (size_t p : procs) {
        if (!oneUsePerRound(p, out.buffers[b], name))
          return false;
        out.sharedUsers[b].insert(model->procs[p].op);
      }
      sharedSet.insert(b);
      out.sharedUses[b];
    }
    return true;
  }
  std::set<int> sharedSet;

  /// The core's code touches `buf` in one part between two of its lock
  /// steps per pass of the loops around it: the ops that touch it are in
  /// one block, no lock operation is between the first and the last (nor
  /// inside them), and only loops are around that block. So the replay's
  /// uses of the buffer are the core's passes, one each.
  bool oneUsePerRound(size_t p, aie::BufferOp buf, const std::string &name) {
    std::vector<Operation *> ops;
    for (const std::vector<Touch> &seg : model->procs[p].touches)
      for (const Touch &t : seg)
        if (t.buffer == buf.getOperation())
          ops.push_back(t.at);
    auto core = cast<aie::CoreOp>(model->procs[p].op);
    auto unread = [&](const std::string &why, Operation *at) {
      fail(model->procs[p].name + " uses " + name +
               ", which cores of other tiles use, " + why +
               ": which turn of the others' it sees is not read",
           at);
      return false;
    };
    // The innermost block holding them all (at worst the core's body).
    Block *block = ops.front()->getBlock();
    while (!llvm::all_of(ops, [&](Operation *op) {
      return block->findAncestorOpInBlock(*op) != nullptr;
    }))
      block = block->getParentOp()->getBlock();
    Operation *first = nullptr, *last = nullptr;
    for (Operation *op : ops) {
      Operation *a = block->findAncestorOpInBlock(*op);
      if (!first || a->isBeforeInBlock(first))
        first = a;
      if (!last || last->isBeforeInBlock(a))
        last = a;
    }
    for (Operation *op = first;; op = op->getNextNode()) {
      Operation *lock = nullptr;
      op->walk([&](Operation *inner) {
        if (!lock && (isa<aie::UseLockOp>(inner) || lockHandOff(inner)))
          lock = inner;
      });
      if (lock)
        return unread("in parts with a lock operation between them", lock);
      if (op == last)
        break;
    }
    for (Operation *up = block->getParentOp(); up && up != core;
         up = up->getParentOp())
      if (!isa<scf::ForOp, affine::AffineForOp>(up))
        return unread("under a '" + up->getName().getStringRef().str() +
                          "' (only loops are read around its uses)",
                      up);
    return true;
  }

  /// Core p runs the code before its step `pc` (pc = its steps' count: the
  /// code after its last): its uses of shared buffers.
  void logUses(size_t p, int pc) {
    const Proc &proc = model->procs[p];
    if (!proc.isCore() || sharedSet.empty() || pc < 0 ||
        pc >= (int)proc.touches.size())
      return;
    std::set<int> used;
    for (const Touch &t : proc.touches[pc]) {
      auto it = out.indexOf.find(t.buffer);
      if (it != out.indexOf.end() && sharedSet.count(it->second))
        used.insert(it->second);
    }
    for (int b : used)
      out.sharedUses[b].push_back(cast<aie::CoreOp>(proc.op));
  }

  /// One run stands for all (see DesignRun.h): one acquiring agent per
  /// lock, one sender per stream, AIE2 semaphores.
  /// The locks an MM2S BD acquires before it reads a buffer its core
  /// computes into: the core's release of one hands the buffer out.
  bool collectHandoffs() {
    for (size_t p = 0; p < n; ++p) {
      if (!isMM2S(p))
        continue;
      int last = -1;
      for (const Step &st : model->procs[p].steps) {
        if (st.kind == Step::Acquire)
          last = st.lock;
        if (st.kind != Step::Transfer || last < 0)
          continue;
        auto bd = dyn_cast<aie::DMABDOp>(st.op);
        aie::BufferOp buf = bd ? bufferOf(bd.getBuffer()) : nullptr;
        if (!buf)
          continue;
        int b = out.indexOf[buf];
        if (out.onCore[b] && out.coreWrites[b])
          handoffLocks[last].insert(b);
      }
    }
    rounds.assign(out.buffers.size(), 0);
    // Each such buffer is handed out by its core's releases: else which
    // round of its values a DMA reads is not known.
    std::set<int> released;
    for (const Proc &proc : model->procs)
      if (proc.isCore())
        for (const Step &st : proc.steps)
          if (st.kind == Step::Release)
            released.insert(st.lock);
    for (auto &[lock, bufs] : handoffLocks)
      if (!released.count(lock)) {
        fail("a DMA reads buffer " +
                 out.buffers[*bufs.begin()].getSymName().value_or("?").str() +
                 ", which its core computes into, after a lock its core "
                 "never releases: which round of its values it reads is "
                 "not known",
             out.buffers[*bufs.begin()]);
        return false;
      }
    return true;
  }
  std::map<int, std::set<int>> handoffLocks;
  std::vector<int> rounds;

  bool checkPersistent() {
    std::vector<std::set<int>> acquirers(model->locks.size());
    for (auto [i, p] : llvm::enumerate(model->procs))
      for (const Step &st : p.steps) {
        if (st.kind == Step::AcquireEqual || st.kind == Step::ReleaseSet) {
          fail("an AIE1 lock operation (acquire or release at a value): "
               "the replay needs counting semaphores",
               st.op);
          return false;
        }
        if (st.kind == Step::Acquire)
          acquirers[st.lock].insert(i);
      }
    for (auto [q, qu] : llvm::enumerate(model->queues))
      for (const Task &t : qu.tasks)
        if (!t.steps.empty()) {
          fail("a runtime task with lock operations is not replayed", t.op);
          return false;
        }
    std::vector<int> shared;
    for (auto [l, a] : llvm::enumerate(acquirers))
      if (a.size() > 1)
        shared.push_back(l);
    if (!shared.empty() && !acquirersNeverCompete(shared, acquirers))
      return false;
    // One sender per receiver.
    std::vector<int> senders(model->procs.size() + model->queues.size(), 0);
    for (auto [p, proc] : llvm::enumerate(model->procs))
      if (isMM2S(p))
        for (int r : receivers(p))
          ++senders[r];
    for (auto [q, qu] : llvm::enumerate(model->queues))
      if (qu.dir == aie::DMAChannelDir::MM2S) {
        std::set<int> all(qu.peers.begin(), qu.peers.end());
        for (auto &kv : qu.packetPeers)
          all.insert(kv.second.begin(), kv.second.end());
        for (int r : all)
          ++senders[r];
        if (qu.feeds >= 0)
          ++senders[model->procs.size() + qu.feeds];
      }
    for (auto [r, c] : llvm::enumerate(senders))
      if (c > 1) {
        fail("a stream end with " + std::to_string(c) +
                 " senders: how their words interleave is not replayed",
             r < model->procs.size() ? model->procs[r].op
                                     : model->queues[r - model->procs.size()].decl);
        return false;
      }
    return true;
  }

  /// Runtime tasks that may be under way at once (pushed onto different
  /// queues, no wait for the earlier between the two pushes) share no
  /// element that one of them writes: else which sees the other's data, or
  /// which writes last, differs between runs (and the replay reads a task's
  /// argument when it is pushed and writes it when it finishes). Tasks of
  /// one queue run one after another. Read from the host's program order,
  /// whatever the replay's run does.
  bool checkHostOverlaps() {
    if (model->host < 0)
      return true;
    struct Pushed {
      int queue, task, arg;
      bool writes;
      std::vector<int64_t> elems;
    };
    std::vector<Pushed> underway;
    // Per argument: the elements of the task being pushed.
    std::map<int, std::vector<uint8_t>> mark;
    for (const Step &st : model->procs[model->host].steps) {
      if (st.kind == Step::Wait) {
        llvm::erase_if(underway, [&](const Pushed &u) {
          return u.queue == st.queue && u.task < st.value;
        });
        continue;
      }
      if (st.kind != Step::Push)
        continue;
      const Queue &qu = model->queues[st.queue];
      auto copy = dyn_cast<aiex::NpuDmaMemcpyNdOp>(qu.tasks[st.value].op);
      if (!copy)
        continue; // task() says unknown when it runs
      int arg = argumentOf(copy);
      std::string why;
      std::optional<std::vector<int64_t>> elems = runtimeTaskElements(copy, why);
      if (arg < 0 || !elems)
        continue;
      Pushed now{st.queue, (int)st.value, arg,
                 qu.dir == aie::DMAChannelDir::S2MM, std::move(*elems)};
      std::vector<uint8_t> &m = mark[arg];
      if ((int64_t)m.size() != out.arguments[arg].size())
        m.assign(out.arguments[arg].size(), 0);
      for (int64_t e : now.elems)
        if (e >= 0 && e < (int64_t)m.size())
          m[e] = 1;
      for (const Pushed &u : underway) {
        if (u.queue == now.queue || u.arg != arg || (!u.writes && !now.writes))
          continue;
        for (int64_t e : u.elems)
          if (e >= 0 && e < (int64_t)m.size() && m[e]) {
            caveat(std::string("a runtime task ") +
                       (now.writes ? "writes" : "reads") + " element " +
                       std::to_string(e) + " of an argument that the task " +
                       "at " +
                       lineColOf(model->queues[u.queue].tasks[u.task].op) +
                       ", which may still be under way (no wait between "
                       "them), " + (u.writes ? "writes" : "reads") +
                       ": which sees the other's data may differ between "
                       "runs",
                   copy);
            return true;
          }
      }
      for (int64_t e : now.elems) // cleared for the next task
        if (e >= 0 && e < (int64_t)m.size())
          m[e] = 0;
      underway.push_back(std::move(now));
    }
    return true;
  }

  /// A lock several agents acquire keeps the model persistent when no
  /// acquire of it takes what another's ready acquire needs: in no
  /// reachable state are two of its acquirers at acquires of it that are
  /// both ready and that its value does not cover together. Every state is
  /// searched with the agents that release such a lock interleaved in full
  /// (the others reduced as for aie-data-race, which keeps which pcs the
  /// visible agents can hold at once; the acquires of a lock several agents
  /// acquire are never reduced, safeStep in DispatchModel.cpp), with
  /// rendezvous streams and with the device model's buffering, as
  /// aie-deadlock does.
  bool acquirersNeverCompete(const std::vector<int> &shared,
                             const std::vector<std::set<int>> &acquirers) {
    std::set<int> locks(shared.begin(), shared.end());
    std::vector<bool> visible(model->procs.size(), false);
    for (auto [p, proc] : llvm::enumerate(model->procs))
      for (const Step &st : proc.steps)
        if (st.kind == Step::Release && locks.count(st.lock))
          visible[p] = true;
    std::vector<int64_t> buffers{0};
    if (model->host >= 0 && model->streamBufferWords > 0)
      buffers.push_back(model->streamBufferWords);
    for (int64_t buffer : buffers) {
      Search search(*model, visible, buffer);
      search.run();
      if (!search.unknown.empty()) {
        const LockInfo &l = model->locks[shared.front()];
        fail(l.name + " is acquired by " +
                 std::to_string(acquirers[shared.front()].size()) +
                 " agents, and the search for whether they compete for it "
                 "did not finish: " + search.unknown,
             l.op);
        return false;
      }
      for (const State &s : search.states)
        for (int l : shared) {
          std::vector<const Step *> ready;
          std::vector<size_t> who;
          for (int p : acquirers[l]) {
            if (s[p] < 0)
              continue;
            const Step &st = model->procs[p].steps[s[p]];
            if (st.kind == Step::Acquire && st.lock == l &&
                search.lockReady(s, st)) {
              ready.push_back(&st);
              who.push_back(p);
            }
          }
          for (size_t a = 0; a < ready.size(); ++a)
            for (size_t b = 0; b < ready.size(); ++b) {
              if (a == b)
                continue;
              State next = s;
              search.takeLock(next, *ready[a]);
              if (search.lockReady(next, *ready[b]))
                continue;
              caveat(model->locks[l].name + " is acquired by " +
                         std::to_string(acquirers[l].size()) +
                         " agents, and " + model->procs[who[a]].name +
                         " and " + model->procs[who[b]].name +
                         " can both be at an acquire of it that its value "
                         "covers for one only: which gets it may differ "
                         "between runs, and one run does not stand for all",
                     ready[b]->op);
              return true;
            }
        }
    }
    return true;
  }

  bool collectArguments() {
    out.sequence = model->sequence;
    if (!out.sequence)
      return true;
    Block &body = out.sequence->getRegion(0).front();
    for (BlockArgument a : body.getArguments())
      out.arguments.push_back(argumentTags(a));
    return true;
  }

  std::optional<aie::DMAChannelDir> dirOf(size_t p) const {
    const Proc &proc = model->procs[p];
    if (proc.kind != AgentKind::Chain || !proc.op)
      return std::nullopt;
    if (auto s = dyn_cast<aie::DMAStartOp>(proc.op))
      return s.getChannelDir();
    if (auto s = dyn_cast<aie::DMAOp>(proc.op))
      return s.getChannelDir();
    return std::nullopt;
  }
  bool isMM2S(size_t p) const { return dirOf(p) == aie::DMAChannelDir::MM2S; }
  bool isS2MM(size_t p) const { return dirOf(p) == aie::DMAChannelDir::S2MM; }

  /// The agents an MM2S chain's words go to.
  std::vector<int> receivers(size_t p) const {
    std::vector<int> r(model->procs[p].peers.begin(),
                       model->procs[p].peers.end());
    int q = model->procs[p].queue;
    if (q >= 0 && model->queues[q].dir == aie::DMAChannelDir::S2MM)
      r.push_back(model->procs.size() + q);
    return r;
  }

  /// Chain p reached step pc: an MM2S BD reads its buffer.
  bool arrive(size_t p, int pc) {
    const Step &st = model->procs[p].steps[pc];
    if (st.kind != Step::Transfer || !isMM2S(p))
      return true;
    auto bd = dyn_cast<aie::DMABDOp>(st.op);
    if (!bd) {
      fail("a transfer that is not an aie.dma_bd is not replayed", st.op);
      return false;
    }
    std::string why;
    const std::optional<std::vector<int64_t>> &elems = cached(bd, why).elements;
    aie::BufferOp buf = bufferOf(bd.getBuffer());
    if (!elems || !buf) {
      fail(elems ? "a BD on something other than an aie.buffer" : why, bd);
      return false;
    }
    int b = out.indexOf[buf];
    unsigned bits = cast<MemRefType>(buf.getType()).getElementTypeBitWidth();
    Sent words;
    for (int64_t e : *elems) {
      if (e == kPadElement) { // a padding zero (mlir-aie's padded BD)
        words.push(Tag(Tag::Constant, (int32_t)bits, 0), bits);
        continue;
      }
      if (e < 0 || e >= (int64_t)content[b].size()) {
        wrongAccess("a BD reads element " + std::to_string(e) +
                 ", outside its buffer",
             bd);
        return false;
      }
      Tag t = out.onCore[b] && out.coreWrites[b]
                  ? Tag(Tag::Computed, b, e, rounds[b])
                  : content[b][e];
      words.push(t, bits);
    }
    return send(words, receivers(p), bd);
  }

  /// bdElements(bd, why) and its rows, read once per BD.
  const BDElements &cached(aie::DMABDOp bd, std::string &why) {
    auto [it, fresh] = bdCache.try_emplace(bd.getOperation());
    BDElements &c = it->second;
    if (fresh && (c.elements = bdElements(bd, c.why)))
      c.rows = rowsOf(*c.elements);
    why = c.why;
    return c;
  }

  /// Counts `n` more elements moved against the budget.
  bool charge(int64_t n, Operation *at) {
    moved += n;
    if (moved <= budget)
      return true;
    fail("the design moves more than " + std::to_string(budget) +
             " elements (the replay's budget)",
         at, /*pastBudget=*/true);
    return false;
  }

  bool send(const Sent &words, const std::vector<int> &to, Operation *at) {
    if (!charge(words.count * std::max<int64_t>(1, to.size()), at))
      return false;
    for (int r : to) {
      in[r].insert(in[r].end(), words.runs.begin(), words.runs.end());
      queued[r] += words.count;
    }
    return true;
  }

  /// Takes `count` words of `bits` bits from agent r's stream, as runs.
  bool take(int r, size_t count, unsigned bits, Operation *at,
            std::vector<TagRun> &runs) {
    if (queued[r] < (int64_t)count) {
      fail("a transfer completes with " + std::to_string(count) +
               " elements, and its stream carried " +
               std::to_string(queued[r]) + " (a sender the replay does "
               "not know of)",
           at);
      return false;
    }
    queued[r] -= count;
    while (count > 0) {
      Words &w = in[r].front();
      if (w.bits != bits) {
        fail("a stream between buffers of different element widths is "
             "not replayed",
             at);
        return false;
      }
      int64_t k = std::min<int64_t>(count, w.run.count);
      TagRun part = w.run;
      part.count = k;
      runs.push_back(part);
      count -= k;
      if (k == w.run.count)
        in[r].pop_front();
      else
        w.run = w.run.drop(k);
    }
    return true;
  }

  /// Agent p completed step pc: an S2MM BD writes its buffer; a core's
  /// release hands a buffer out.
  bool complete(size_t p, int pc) {
    const Step &st = model->procs[p].steps[pc];
    if (model->procs[p].isCore() &&
        (isa_and_nonnull<aie::PutCascadeOp>(st.op)
             ? st.kind == Step::Release
             : isa_and_nonnull<aie::GetCascadeOp>(st.op) &&
                   st.kind == Step::Acquire))
      return cascadeWord(st);
    if (model->procs[p].isCore() && st.kind == Step::Release) {
      auto it = handoffLocks.find(st.lock);
      if (it != handoffLocks.end())
        for (int b : it->second)
          if (++rounds[b] > kMaxRounds) {
            fail("a core buffer handed out more than " +
                     std::to_string(kMaxRounds) + " times",
                 st.op);
            return false;
          }
    }
    if (st.kind != Step::Transfer || !isS2MM(p))
      return true;
    auto bd = dyn_cast<aie::DMABDOp>(st.op);
    if (!bd) {
      fail("a transfer that is not an aie.dma_bd is not replayed", st.op);
      return false;
    }
    std::string why;
    const BDElements &c = cached(bd, why);
    const std::optional<std::vector<int64_t>> &elems = c.elements;
    aie::BufferOp buf = bufferOf(bd.getBuffer());
    if (!elems || !buf) {
      fail(elems ? "a BD on something other than an aie.buffer" : why, st.op);
      return false;
    }
    if (llvm::is_contained(*elems, kPadElement)) {
      fail("a padded BD that writes (mlir-aie pads memory-tile reads only)",
           bd);
      return false;
    }
    int b = out.indexOf[buf];
    got.clear();
    if (!take(p, elems->size(),
              cast<MemRefType>(buf.getType()).getElementTypeBitWidth(), bd,
              got))
      return false;
    FillLog *log = out.onCore[b] ? &out.fills[b] : nullptr;
    if (log)
      log->begin(bd);
    // Row by row, a row in as many pieces as stream runs it spans; a
    // buffer nothing reads again keeps only its fills.
    std::vector<Tag> &data = content[b];
    bool keep = readLater[b];
    RunPieces pieces(got);
    for (const Row &row : c.rows) {
      int64_t last = row.start + (row.count - 1) * row.step;
      if (std::min(row.start, last) < 0 ||
          std::max(row.start, last) >= (int64_t)data.size()) {
        for (int64_t k = 0;; ++k)
          if (int64_t e = row.start + k * row.step;
              e < 0 || e >= (int64_t)data.size()) {
            wrongAccess("a BD writes element " + std::to_string(e) +
                            ", outside its buffer",
                        bd);
            return false;
          }
      }
      pieces.row(row.start, row.step, row.count,
                 [&](int64_t at, int64_t step, const TagRun &piece) {
                   if (log)
                     log->addRow(at, step, piece);
                   if (keep)
                     for (int64_t i = 0; i < piece.count; ++i)
                       data[at + i * step] = piece.at(i);
                 });
    }
    return true;
  }

  int argumentOf(aiex::NpuDmaMemcpyNdOp copy) {
    auto a = dyn_cast<BlockArgument>(copy.getMemref());
    if (!a || a.getOwner()->getParentOp() != out.sequence)
      return -1;
    return a.getArgNumber();
  }

  /// Queue q pushed task t or finished it. An MM2S task reads its
  /// argument when it is pushed, an S2MM task writes it when it finishes;
  /// that is when they do it in every run, since no two tasks that may be
  /// under way at once share an element one of them writes
  /// (checkHostOverlaps).
  bool task(size_t q, size_t t, bool finished) {
    const Queue &qu = model->queues[q];
    auto copy = dyn_cast<aiex::NpuDmaMemcpyNdOp>(qu.tasks[t].op);
    bool mm2s = qu.dir == aie::DMAChannelDir::MM2S;
    if (!copy) {
      fail("a runtime task that is not an npu.dma_memcpy_nd is not replayed",
           qu.tasks[t].op);
      return false;
    }
    int arg = argumentOf(copy);
    std::string why;
    std::optional<std::vector<int64_t>> elems = runtimeTaskElements(copy, why);
    if (arg < 0 || !elems) {
      fail(arg < 0 ? "a runtime task on something other than a sequence "
                     "argument"
                   : why,
           copy);
      return false;
    }
    TagArray &data = out.arguments[arg];
    for (int64_t e : *elems)
      if (e < 0 || e >= (int64_t)data.size()) {
        wrongAccess("a runtime task addresses element " + std::to_string(e) +
                 ", outside its argument",
             copy);
        return false;
      }
    unsigned bits =
        cast<MemRefType>(copy.getMemref().getType()).getElementTypeBitWidth();
    if (mm2s && !finished) {
      Sent words;
      for (int64_t e : *elems)
        words.push(data[e], bits);
      std::set<int> to;
      for (int p : qu.peersOf(t))
        to.insert(p);
      if (qu.feeds >= 0)
        to.insert(model->procs.size() + qu.feeds);
      return send(words, std::vector<int>(to.begin(), to.end()), copy);
    }
    if (!mm2s && finished) {
      got.clear();
      if (!take(model->procs.size() + q, elems->size(), bits, copy, got))
        return false;
      size_t k = 0;
      for (const TagRun &run : got)
        for (int64_t i = 0; i < run.count; ++i)
          data.set((*elems)[k++], run.at(i));
    }
    return true;
  }

  bool events(Search &search, const State &s, const State &next) {
    // Reads first (an MM2S BD reached, a task pushed), then writes: a
    // stream's words are queued before anything takes them.
    std::vector<std::pair<size_t, int>> completions;
    for (size_t p = 0; p < n; ++p) {
      int a = s[p], b = next[p];
      if (a == b || a < 0)
        continue;
      const Proc &proc = model->procs[p];
      int k = a;
      for (size_t guard = 0; k != b && guard <= proc.steps.size(); ++guard) {
        completions.push_back({p, k});
        k = k + 1 < (int)proc.steps.size() ? k + 1 : proc.loopTo;
        logUses(p, k < 0 ? (int)proc.steps.size() : k);
        if (k < 0)
          break;
        if (!arrive(p, k))
          return false;
      }
    }
    for (size_t q = 0; q < model->queues.size(); ++q)
      for (int32_t t = search.pushed(s, q); t < search.pushed(next, q); ++t)
        if (!task(q, t, false))
          return false;
    for (auto [p, k] : completions)
      if (!complete(p, k))
        return false;
    for (size_t q = 0; q < model->queues.size(); ++q)
      for (int32_t t = search.finished(s, q); t < search.finished(next, q);
           ++t)
        if (!task(q, t, true))
          return false;
    return true;
  }
};

} // namespace

DesignDelivery aircheck::validate::replayDesign(Device &d, int64_t budget,
                                               uint64_t maxSteps) {
  return Replay(d, budget, maxSteps).run();
}
