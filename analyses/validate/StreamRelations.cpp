//===- StreamRelations.cpp - a design's streams as isl relations ----------===//
#include "analyses/validate/StreamRelations.h"
#include "analyses/validate/MixedRadix.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <array>
#include <memory>

#include <optional>
#include <set>
#include <sstream>

using namespace mlir;
using namespace aircheck;
using namespace aircheck::validate;
using namespace aircheck::aiecheck;

namespace {

/// A runtime task as a shim channel streams it: argument, base element,
/// elements, sizes and strides (outermost first; the innermost stride 0
/// read as 1).
struct Task {
  unsigned arg = 0;
  int64_t base = 0, count = 0;
  std::array<int64_t, 4> size{}, st{};
  /// A read of an argument tasks write: which writes it sees (an index
  /// into Stream::epochs); -1: the host's elements.
  int epoch = -1;
  /// Its place in the runtime sequence (ops from 1).
  size_t at = 0;
};

/// A shim channel, (column, channel).
using ShimKey = std::pair<int64_t, int64_t>;

/// A stream as pieces of isl text over `S[p]` and its length.
struct Stream {
  Coord tile{0, 0};         // the shim tile
  std::set<unsigned> args;  // the arguments its tasks name
  std::vector<Task> tasks;
  std::string relation; // "S[p] -> V[1, g, 0, t] : ..." pieces, by ';'
  std::vector<std::string> inverse; // per piece, its writes the other way
  /// Pieces of tasks that read what tasks wrote: (epoch, piece), each to
  /// be composed with the argument's content at that epoch.
  std::vector<std::pair<int, std::string>> epochPieces;
  /// Per epoch: per shim S2MM channel, how many of its tasks (in its
  /// `tasks`) finished before the reads (a dma_wait on it since).
  std::vector<std::map<ShimKey, size_t>> epochs;
  int64_t length = 0;
  std::string notCovered; // why the stream is not modelled
};

std::string join(const std::vector<std::string> &parts, const char *sep) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i)
    out += (i ? sep : "") + parts[i];
  return out;
}

/// "c0 * v0 + c1 * v1 + ..." (0 when empty).
std::string linear(const std::vector<std::pair<int64_t, std::string>> &terms) {
  std::vector<std::string> parts;
  for (auto &[c, v] : terms)
    parts.push_back(std::to_string(c) + " * " + v);
  return parts.empty() ? "0" : join(parts, " + ");
}

/// The runtime sequence of `device` (one at most), or null.
Operation *runtimeSequence(aie::DeviceOp device, std::string &why) {
  Operation *found = nullptr;
  for (Operation &op : device.getBodyBlock())
    if (isa<aie::RuntimeSequenceOp, aiex::RuntimeSequenceOp>(op)) {
      if (found) {
        why = "a device with two runtime sequences";
        return nullptr;
      }
      found = &op;
    }
  return found;
}

/// The offsets from its start that a pattern (sizes and strides, outermost
/// first) reaches at its place `q` (an expression, within its length), as
/// " + stride * index" terms: its index along dimension k is
/// floor(q / w_k) mod size_k (w_k the elements of one step of k; the
/// outermost needs no mod). Runtime tasks and BDs walk alike.
template <typename Sizes>
std::string walkTerms(const Sizes &sizes, const Sizes &strides,
                      const std::string &q) {
  std::string out;
  int64_t weight = 1;
  for (size_t k = sizes.size(); k-- > 0;) {
    if (sizes[k] > 1 && strides[k] != 0) {
      std::string i = "floor((" + q + ") / " + std::to_string(weight) + ")";
      if (k > 0)
        i = "(" + i + ") mod " + std::to_string(sizes[k]);
      out += " + " + std::to_string(strides[k]) + " * (" + i + ")";
    }
    weight *= sizes[k];
  }
  return out;
}

/// The bases of a run of tasks as a mixed-radix nest, innermost level
/// first: base(n) = first + sum of step * (floor(n / weight) mod radix);
/// nullopt where they are not one. Compile's runtime sequences repeat a
/// task per launch iteration with bases affine in its ids, so a channel's
/// thousands of tasks are one nest: the stream's pieces, and all that is
/// composed with it, then do not grow with the launch.
struct Nest {
  int64_t first = 0;
  std::vector<std::array<int64_t, 3>> levels; // weight, radix, step
};
std::optional<Nest> nestOf(std::vector<int64_t> b) {
  Nest n;
  n.first = b.front();
  int64_t weight = 1;
  while (b.size() > 1) {
    bool found = false;
    for (size_t r = 2; r <= b.size() && !found; ++r) {
      if (b.size() % r)
        continue;
      int64_t d = b[1] - b[0];
      bool ok = true;
      for (size_t k = 0; ok && k < b.size(); k += r)
        for (size_t i = 1; ok && i < r; ++i)
          ok = b[k + i] == b[k] + d * int64_t(i);
      if (!ok)
        continue;
      n.levels.push_back({weight, int64_t(r), d});
      std::vector<int64_t> next;
      for (size_t k = 0; k < b.size(); k += r)
        next.push_back(b[k]);
      b = std::move(next);
      weight *= int64_t(r);
      found = true;
    }
    if (!found)
      return std::nullopt;
  }
  return n;
}

/// The last stream position at which a walk (per dimension: its stride
/// in the argument, its size, its weight in the stream) from `first` writes
/// an element t of argument `arg`, as an explicit function { V[1, arg, 0,
/// t] -> S[p] }, where the strides nest: sorted, each a multiple of the one
/// before, at least as large as that one's reach (a mixed radix, so that t
/// names its indices: floor((t - first) / stride) mod radix). A dimension
/// of stride 0 writes its elements again at each index: its last index
/// counts. Nullopt where the walk is not such a nest (the caller then takes
/// a lexmax).
std::optional<std::string>
invertWalk(unsigned arg, int64_t first, int64_t start,
           const std::vector<std::array<int64_t, 3>> &walk) {
  int64_t p = start;
  std::vector<std::pair<int64_t, int64_t>> dims;
  std::vector<int64_t> weights;
  for (auto [stride, size, w] : walk) {
    if (size <= 0 || stride < 0)
      return std::nullopt;
    if (size == 1)
      continue;
    if (stride == 0) {
      p += w * (size - 1);
      continue;
    }
    dims.push_back({stride, size});
    weights.push_back(w);
  }
  std::optional<RadixDigits> r =
      mixedRadixDigits("t - " + std::to_string(first), dims);
  if (!r)
    return std::nullopt;
  std::string pos = std::to_string(p);
  for (size_t m = 0; m < dims.size(); ++m)
    pos += " + " + std::to_string(weights[m]) + " * " + r->digits[m];
  return "V[1, " + std::to_string(arg) + ", 0, t] -> S[" + pos +
         "] : " + join(r->conditions, " and ");
}

/// The same walk as a relation { V[1, arg, 0, t] -> S[p] } over its own
/// indices (no divisions), for isl's lexmax where it does not nest.
std::string walkRelation(unsigned arg, int64_t first, int64_t start,
                         const std::vector<std::array<int64_t, 3>> &walk) {
  std::vector<std::string> dims, bounds;
  std::vector<std::pair<int64_t, std::string>> tTerms, pTerms;
  for (auto [k, dim] : llvm::enumerate(walk)) {
    auto [stride, size, w] = dim;
    std::string v = "i" + std::to_string(k);
    dims.push_back(v);
    bounds.push_back("0 <= " + v + " < " + std::to_string(size));
    tTerms.push_back({stride, v});
    pTerms.push_back({w, v});
  }
  return "V[1, " + std::to_string(arg) + ", 0, t] -> S[p] : exists (" +
         join(dims, ", ") + " : " + join(bounds, " and ") + " and t = " +
         std::to_string(first) + " + " + linear(tTerms) + " and p = " +
         std::to_string(start) + " + " + linear(pTerms) + ")";
}

/// A channel's tasks, one after another, as pieces of an explicit function
/// { S[p] -> V[1, g, 0, t] }: each maximal run of tasks of one argument and
/// shape whose bases nest is one piece (task n = floor((p - start) /
/// count), its place (p - start) mod count); other tasks a piece each.
///
/// `inverse` gets each piece's writes the other way, { V[1, g, 0, t] ->
/// S[p] }, over the nest's digits and the task's own dims (no divisions:
/// its last position per element is then a small lexmax).
std::string
piecesOf(const std::vector<Task> &tasks, int64_t &length,
         std::vector<std::string> *inverse = nullptr,
         std::vector<std::pair<int, std::string>> *epochPieces = nullptr) {
  std::vector<std::string> pieces;
  length = 0;
  for (size_t i = 0; i < tasks.size();) {
    size_t j = i + 1;
    while (j < tasks.size() && tasks[j].arg == tasks[i].arg &&
           tasks[j].epoch == tasks[i].epoch &&
           tasks[j].count == tasks[i].count &&
           tasks[j].size == tasks[i].size && tasks[j].st == tasks[i].st)
      ++j;
    // The whole run where its bases nest, else the longest prefix of at
    // most 256 tasks that does (a bounded search), else the task alone.
    auto nestUpTo = [&](size_t end) {
      std::vector<int64_t> bases;
      for (size_t k = i; k < end; ++k)
        bases.push_back(tasks[k].base);
      return nestOf(bases);
    };
    std::optional<Nest> nest = nestUpTo(j);
    for (size_t end = std::min(j - 1, i + 256); !nest && end > i + 1; --end)
      if ((nest = nestUpTo(end)))
        j = end;
    if (!nest)
      j = i + 1;
    const Task &t = tasks[i];
    int64_t n = int64_t(j - i), start = length;
    std::string rel = "(p - " + std::to_string(start) + ")";
    std::string C = std::to_string(t.count);
    std::string base = std::to_string(nest ? nest->first : t.base);
    if (nest)
      for (auto [w, r, d] : nest->levels)
        if (d != 0)
          base += " + " + std::to_string(d) + " * ((floor(" + rel + " / " +
                  std::to_string(t.count * w) + ")) mod " + std::to_string(r) +
                  ")";
    if (inverse) {
      // t = first + sum of step * digit + sum of stride * index; p = start +
      // count * (sum of weight * digit) + the place of the indices.
      std::vector<std::array<int64_t, 3>> walk; // stride, size, weight in p
      if (nest)
        for (auto [w, r, d] : nest->levels)
          walk.push_back({d, r, t.count * w});
      int64_t weight = 1;
      for (size_t k = 4; k-- > 0;) {
        walk.push_back({t.st[k], t.size[k], weight});
        weight *= t.size[k];
      }
      int64_t first = nest ? nest->first : t.base;
      std::optional<std::string> f = invertWalk(t.arg, first, start, walk);
      inverse->push_back(f ? *f : walkRelation(t.arg, first, start, walk));
    }
    std::string piece =
        "S[p] -> V[1, " + std::to_string(t.arg) + ", 0, " + base +
        walkTerms(t.size, t.st, rel + " mod " + C) + "] : " +
        std::to_string(start) + " <= p < " +
        std::to_string(start + n * t.count);
    if (t.epoch >= 0 && epochPieces)
      epochPieces->push_back({t.epoch, piece});
    else
      pieces.push_back(piece);
    length += n * t.count;
    i = j;
  }
  return join(pieces, "; ");
}

/// The elements a runtime task's pattern reaches in its argument: { [t] }.
isl::set elementsOf(isl::ctx ctx, const Task &t) {
  std::vector<std::string> dims, bounds;
  std::vector<std::pair<int64_t, std::string>> terms;
  for (size_t k = 0; k < 4; ++k) {
    std::string v = "i" + std::to_string(k);
    dims.push_back(v);
    bounds.push_back("0 <= " + v + " < " + std::to_string(t.size[k]));
    terms.push_back({t.st[k], v});
  }
  return isl::set(ctx, "{ [t] : exists (" + join(dims, ", ") + " : " +
                           join(bounds, " and ") + " and t = " +
                           std::to_string(t.base) + " + " + linear(terms) +
                           ") }");
}

/// A push of a task on an argument tasks write, or a wait, in the runtime
/// sequence.
struct ShimEvent {
  size_t at = 0;
  bool wait = false, reads = false;
  ShimKey key;
  unsigned arg = 0;
  std::optional<Task> task; // a wait has none
  isl_ctx *ctx = nullptr;
  Stream *stream = nullptr;
  /// The elements its task reaches in its argument, built at the first
  /// check of two tasks that needs them (most designs need none).
  const isl::set &elements() const {
    if (!reached)
      reached = elementsOf(isl::ctx(ctx), *task);
    return *reached;
  }
  mutable std::optional<isl::set> reached; // elements(), once built
};

/// Whether a wait on channel `key` (of direction `reads`) comes strictly
/// between places `from` and `to` of the sequence.
bool waitBetween(const std::vector<ShimEvent> &events, const ShimKey &key,
                 bool reads, size_t from, size_t to) {
  return llvm::any_of(events, [&](const ShimEvent &e) {
    return e.wait && e.key == key && e.reads == reads && from < e.at &&
           e.at < to;
  });
}

/// The shim channel a symbol's shim_dma_allocation names, and whether it
/// reads (MM2S); nullopt without one.
std::optional<std::pair<ShimKey, bool>>
shimChannelOf(aie::DeviceOp device, StringRef symbol) {
  aie::ShimDMAAllocationOp alloc = allocationNamed(device, symbol);
  if (!alloc)
    return std::nullopt;
  std::optional<Coord> tile;
  if (alloc.getTile()) {
    if (auto t = aie::getTileOf(alloc.getTile()))
      tile = coordOf(t);
  } else if (alloc.getCol()) {
    tile = Coord{*alloc.getCol(), 0};
  }
  if (!tile)
    return std::nullopt;
  return std::make_pair(ShimKey{tile->first, (int64_t)alloc.getChannelIndex()},
                        alloc.getChannelDir() == aie::DMAChannelDir::MM2S);
}

/// Per shim MM2S channel (column, channel), its stream from the runtime
/// sequence's tasks; per shim S2MM channel, in `results`, the same read of
/// the tasks that take its stream.
///
/// A task that reads an argument tasks write (dma_wait blocks until every
/// task pushed onto its channel so far has finished) sees the writes of
/// the tasks finished at the last wait on their channel before it (its
/// epoch), and the host's elements elsewhere, where no task that may still
/// be running at the time writes an element it reads: a write pushed
/// before it without a wait on its channel between, or pushed after it
/// without a wait on the read's channel between (else not covered).
std::map<ShimKey, Stream> shimStreams(aie::DeviceOp device, isl::ctx ctx,
                                      std::string &why,
                                      std::map<ShimKey, Stream> &results,
                                      std::vector<ShimEvent> &eventsOut) {
  std::map<ShimKey, Stream> out;
  Operation *seq = runtimeSequence(device, why);
  if (!seq) {
    if (why.empty())
      why = "a design without a runtime sequence";
    return out;
  }
  Block &body = seq->getRegion(0).front();
  // Arguments some task writes.
  llvm::DenseSet<Value> written;
  for (Operation &op : body)
    if (auto task = dyn_cast<aiex::NpuDmaMemcpyNdOp>(op)) {
      auto ch = shimChannelOf(device, task.getMetadata());
      if (!ch || !ch->second)
        written.insert(task.getMemref());
    }
  // The pushes of tasks on written arguments and every wait, in order.
  std::vector<ShimEvent> &events = eventsOut;
  events.clear();
  // Per S2MM channel: its tasks finished at the last wait on it.
  std::map<ShimKey, size_t> finished;
  size_t at = 0;
  for (Operation &op : body) {
    ++at;
    if (auto wait = dyn_cast<aiex::NpuDmaWaitOp>(op)) {
      if (auto ch = shimChannelOf(device, wait.getSymbol())) {
        events.push_back(
            {at, true, ch->second, ch->first, 0, std::nullopt, nullptr});
        if (!ch->second) {
          auto r = results.find(ch->first);
          finished[ch->first] = r == results.end() ? 0 : r->second.tasks.size();
        }
      }
      continue;
    }
    if (isa<aiex::NpuSyncOp>(op))
      continue;
    auto task = dyn_cast<aiex::NpuDmaMemcpyNdOp>(op);
    if (!task) {
      why = "the runtime sequence holds '" + op.getName().getStringRef().str() +
            "', which the stream relations do not read";
      out.clear();
      results.clear();
      return out;
    }
    std::optional<std::pair<ShimKey, bool>> ch =
        shimChannelOf(device, task.getMetadata());
    if (!ch) {
      for (auto *m : {&out, &results})
        for (auto &[channel, s] : *m)
          if (s.notCovered.empty())
            s.notCovered = "a runtime task without its shim channel";
      continue;
    }
    bool reads = ch->second;
    aie::ShimDMAAllocationOp alloc =
        allocationNamed(device, task.getMetadata());
    Stream &s = (reads ? out : results)[ch->first];
    s.tile = Coord{ch->first.first, 0};
    if (alloc.getTile())
      if (auto t = aie::getTileOf(alloc.getTile()))
        s.tile = coordOf(t);
    auto arg = dyn_cast<BlockArgument>(task.getMemref());
    if (arg && arg.getOwner() == &body)
      s.args.insert(arg.getArgNumber());
    if (!s.notCovered.empty())
      continue;
    if (!arg || arg.getOwner() != &body) {
      s.notCovered = "a runtime task on a memref that is not an argument of "
                     "the runtime sequence";
      continue;
    }
    if (task.getPacket() || alloc.getPktId() || alloc.getPktType()) {
      s.notCovered = "a runtime task whose words carry a packet header";
      continue;
    }
    if (!task.getOffsets().empty() || !task.getSizes().empty() ||
        !task.getStrides().empty()) {
      s.notCovered = "a runtime task with runtime values in its pattern";
      continue;
    }
    ArrayRef<int64_t> off = task.getStaticOffsets(),
                      size = task.getStaticSizes(),
                      stride = task.getStaticStrides();
    if (off.size() != 4 || size.size() != 4 || stride.size() != 4) {
      s.notCovered = "a runtime task without four offsets, sizes, strides";
      continue;
    }
    int64_t st[4] = {stride[0], stride[1], stride[2],
                     stride[3] == 0 ? 1 : stride[3]};
    int64_t base = off[3];
    for (int k = 0; k < 3; ++k)
      base += off[k] * st[k];
    int64_t count = 1;
    for (int64_t sz : size)
      count *= sz;
    if (count <= 0)
      continue;
    Task t{arg.getArgNumber(), base, count, {}, {}};
    t.at = at;
    for (int k = 0; k < 4; ++k) {
      t.size[k] = size[k];
      t.st[k] = st[k];
    }
    if (written.count(arg)) {
      if (reads) {
        // What it sees: the S2MM channels' tasks finished so far.
        std::map<ShimKey, size_t> epoch;
        for (auto &[key, n] : finished)
          if (n > 0)
            epoch[key] = n;
        if (!epoch.empty()) {
          auto e = llvm::find(s.epochs, epoch);
          t.epoch = int(e - s.epochs.begin());
          if (e == s.epochs.end())
            s.epochs.push_back(std::move(epoch));
        }
      }
      events.push_back(
          {at, false, reads, ch->first, t.arg, t, ctx.get(), &s});
    }
    s.tasks.push_back(t);
  }
  // Reads of written arguments that a running write may overlap.
  auto waitOn = [&](const ShimKey &key, bool reads, size_t from, size_t to) {
    return waitBetween(events, key, reads, from, to);
  };
  for (const ShimEvent &r : events) {
    if (r.wait || !r.reads || !r.stream->notCovered.empty())
      continue;
    for (const ShimEvent &w : events) {
      if (w.wait || w.reads || w.arg != r.arg)
        continue;
      bool ordered = w.at < r.at ? waitOn(w.key, false, w.at, r.at)
                                 : waitOn(r.key, true, r.at, w.at);
      if (ordered || w.elements().intersect(r.elements()).is_empty())
        continue;
      r.stream->notCovered =
          w.at < r.at ? "a runtime task reads elements a task may still be "
                        "writing"
                      : "a runtime task reads elements a later task may "
                        "write while it reads";
      break;
    }
  }
  for (auto *m : {&out, &results})
    for (auto &[channel, s] : *m)
      if (s.notCovered.empty())
        s.relation = piecesOf(s.tasks, s.length,
                              m == &results ? &s.inverse : nullptr,
                              &s.epochPieces);
  return out;
}

/// The buffer a BD writes, when it names an aie.buffer directly.
aie::BufferOp bdBuffer(aie::DMABDOp bd) {
  return bd.getBuffer().getDefiningOp<aie::BufferOp>();
}

/// The pattern of `bd` as ("q", "a") constraints over its dims j0, j1, ...:
/// position q within the BD and element a of its buffer; its length.
struct BDPattern {
  std::vector<std::string> dims;
  std::string bounds, q, a;
  int64_t length = 0;
  int64_t offset = 0;
  std::vector<int64_t> sizes, strides; // outermost first

  /// The element position `q` (an expression, 0 <= q < length) addresses,
  /// as an explicit quasi-affine expression: its index along dimension k
  /// is floor(q / w_k) mod size_k, w_k the elements of one step of k.
  std::string address(const std::string &q) const {
    return std::to_string(offset) + walkTerms(sizes, strides, q);
  }
};

std::optional<BDPattern> patternOf(aie::DMABDOp bd, std::string &why) {
  auto type = dyn_cast<MemRefType>(bd.getBuffer().getType());
  if (!type || !type.hasStaticShape()) {
    why = "a BD on a buffer without a static shape";
    return std::nullopt;
  }
  if (bd.getPacket() || bd.getPadBefore() || bd.getPadAfter()) {
    why = "a padded BD or one with a packet header";
    return std::nullopt;
  }
  BDPattern p;
  int64_t offset = bd.getOffsetOrDefault();
  int64_t len = bd.getLen() ? int64_t(*bd.getLen())
                            : type.getNumElements() - offset;
  auto sizes = bd.getSizes(), strides = bd.getStrides();
  std::vector<int64_t> sz, st;
  if (!sizes || sizes->empty()) {
    sz = {len};
    st = {1};
  } else {
    if (!strides || strides->size() != sizes->size()) {
      why = "a BD whose sizes and strides differ in number";
      return std::nullopt;
    }
    sz.assign(sizes->begin(), sizes->end());
    st.assign(strides->begin(), strides->end());
  }
  int64_t count = 1;
  for (int64_t s : sz)
    count *= s;
  if (count != len) {
    why = "a BD whose sizes do not move its len";
    return std::nullopt;
  }
  std::vector<std::pair<int64_t, std::string>> q, a;
  std::vector<std::string> bounds;
  int64_t weight = 1;
  for (size_t k = sz.size(); k-- > 0;) {
    std::string j = "j" + std::to_string(k);
    p.dims.push_back(j);
    bounds.push_back("0 <= " + j + " < " + std::to_string(sz[k]));
    q.push_back({weight, j});
    a.push_back({st[k], j});
    weight *= sz[k];
  }
  p.bounds = join(bounds, " and ");
  p.q = linear(q);
  p.a = std::to_string(offset) + " + " + linear(a);
  p.length = len;
  p.offset = offset;
  p.sizes = sz;
  p.strides = st;
  return p;
}


/// A step in the form a lock ring orders: `acquire(L, >= 1)` in the block
/// of its first BD, `release(L', 1)` in the block of its last, the BDs
/// between (each its own block) without a lock op; often one BD.
struct BDStep {
  std::vector<aie::DMABDOp> bds; // in chain order
  std::vector<size_t> at;        // each BD's place in the chain
  aie::UseLockOp acquire, release;
};

/// A ring of locks that passes one token (docs/validate.md, "Symbolic
/// validation"): the step at turn k acquires the lock the step at turn
/// k - 1 released (mod the turns), the locks have no other use, only the
/// lock of turn 0 starts at 1 and the others at 0, and the step the token
/// goes to is always one: the only step that acquires its lock (each
/// lock once), or of the chains whose next step acquires it, the one
/// (compile's interleaved L2 readers: a reader's eight steps acquire one
/// lock, taking turns with three other readers). The steps then run in turn order, over
/// and over: the k-th execution of the step at turn i is the token's k-th
/// visit of turn i (cycle k).
struct Ring {
  std::vector<Operation *> locks;            // by turn: the lock it acquires
  std::vector<std::pair<size_t, size_t>> at; // per turn: (chain, step)
  std::map<std::pair<size_t, size_t>, size_t> turnAt; // (chain, step) -> turn
};

/// A stream arriving at a channel: { S[p] -> V[k, w, r, x] } (a tag,
/// StreamRelations.h) and its length.
struct Source {
  std::optional<isl::pw_multi_aff> relation;
  int64_t length = 0;
  std::string why;
};

class Reader {
public:
  Reader(Device &d, IslContext &isl)
      : d(d), device(d.op), isl(isl), ctx(isl.get()) {}

  StreamRelations run() {
    StreamRelations out;
    std::string none;
    if (Operation *seq = runtimeSequence(d.op, none))
      out.sequenceArguments = seq->getRegion(0).front().getNumArguments();
    collect();
    for (auto &[bufferOp, bds] : writers) {
      auto buffer = cast<aie::BufferOp>(bufferOp);
      std::optional<Coord> tile = tileOfOp(buffer);
      if (!tile || d.kindOf(*tile) != TileKind::Compute)
        continue;
      isl.resetBudget(); // each buffer's relation has a budget of its own
      std::string why;
      try {
        why = coreBuffer(buffer, bds, out);
      } catch (const isl::exception &e) {
        why = std::string("isl gave up deriving it: ") + islx::reason(e);
        out.fills.erase(buffer);
      }
      if (!why.empty())
        out.notCovered[buffer] = why;
    }
    isl.resetBudget();
    try {
      results(out);
    } catch (const isl::exception &e) {
      out.results.clear();
      for (auto &[channel, s] : shimResults)
        for (unsigned g : s.args)
          out.resultsNotCovered[g] =
              std::string("isl gave up deriving it: ") + islx::reason(e);
    }
    out.computed = computed;
    out.cycleRounds = cycleRounds;
    return out;
  }

private:
  void collect() {
    for (Operation *program : dmaPrograms(device)) {
      std::optional<Coord> tile = tileOfOp(program);
      program->walk([&](aie::DMAOp) { regionForm = true; });
      if (!tile)
        continue;
      for (BDChain &chain : chainsOf(program))
        chains.push_back({*tile, std::move(chain)});
    }
    for (size_t c = 0; c < chains.size(); ++c) {
      BDChain &chain = chains[c].second;
      for (aie::DMABDOp bd : chain.bds) {
        chainOfBD[bd] = c;
        aie::BufferOp b = bdBuffer(bd);
        if (b)
          onBuffer[b].push_back(bd);
        if (chain.start.getChannelDir() != aie::DMAChannelDir::S2MM)
          continue;
        if (b)
          writers[b].push_back({bd, c});
        else
          viewedWrite = true;
      }
      steps.push_back(stepsOf(chain, stepWhy[c]));
      for (size_t i = 0; i < steps[c].size(); ++i) {
        stepOfAcquire[steps[c][i].acquire] = {c, i};
        stepOfRelease[steps[c][i].release] = {c, i};
        for (aie::DMABDOp bd : steps[c][i].bds)
          stepOfBD[bd] = {c, i};
      }
    }
    device.walk([&](aie::UseLockOp use) {
      if (Operation *lock = use.getLock().getDefiningOp())
        usesOf[lock].push_back(use);
    });
    // Cores that take cascade words write their buffers too (fills).
    device.walk([&](aie::GetCascadeOp g) {
      if (auto core = g->getParentOfType<aie::CoreOp>())
        if (auto t = tileOfOp(core))
          cascadeTiles.insert(*t);
    });
    // DMA channels packet flows end at (their words interleave by packet).
    device.walk([&](aie::PacketDestOp dest) {
      if (dest.getBundle() != aie::WireBundle::DMA)
        return;
      if (auto t = aie::getTileOf(dest.getTile()))
        packetDests.insert({coordOf(t), (int64_t)dest.getChannel()});
    });
    shim = shimStreams(device, ctx, seqWhy, shimResults, shimEvents);
  }

  /// The chain's steps in the lock-ring form, in order (empty, with `why`,
  /// when the chain is not in it).
  static std::vector<BDStep> stepsOf(BDChain &chain, std::string &why) {
    std::vector<BDStep> out;
    std::map<Operation *, size_t> index;
    for (size_t i = 0; i < chain.bds.size(); ++i)
      index[chain.bds[i]] = i;
    auto bad = [&] {
      why = "a BD chain that is not in steps of one acquire, its BDs, one "
            "release";
      return std::vector<BDStep>{};
    };
    llvm::SmallPtrSet<Block *, 8> seen;
    std::optional<BDStep> open;
    for (Block *b = chain.start.getDest(); b && seen.insert(b).second;) {
      aie::UseLockOp acquire, release;
      aie::DMABDOp bd;
      for (Operation &op : *b) {
        if (auto use = dyn_cast<aie::UseLockOp>(op)) {
          if (use.getKnownAmount() != std::optional<int64_t>(1))
            return bad();
          if (use.getAction() == aie::LockAction::AcquireGreaterEqual &&
              !acquire && !bd)
            acquire = use;
          else if (use.getAction() == aie::LockAction::Release && !release &&
                   bd)
            release = use;
          else
            return bad();
        } else if (auto d = dyn_cast<aie::DMABDOp>(op)) {
          if (bd || release)
            return bad();
          bd = d;
        } else if (!isa<aie::NextBDOp, aie::EndOp>(op)) {
          return bad();
        }
      }
      if (!bd || bool(acquire) == open.has_value())
        return bad();
      if (acquire) {
        open.emplace();
        open->acquire = acquire;
      }
      open->bds.push_back(bd);
      open->at.push_back(index.at(bd));
      if (release) {
        open->release = release;
        out.push_back(std::move(*open));
        open.reset();
      }
      auto next = dyn_cast_or_null<aie::NextBDOp>(b->getTerminator());
      b = next ? next.getDest() : nullptr;
    }
    if (open)
      return bad();
    return out;
  }

  /// The ring of `lock` (null, with `why`, when the lock is in none).
  /// A ring of turns (each turn's lock and BD step), rotated so that turn
  /// `first` (whose lock holds the token) comes first, registered for its
  /// locks.
  Ring *addRing(const std::vector<Operation *> &locks,
                const std::vector<std::pair<size_t, size_t>> &at,
                size_t first) {
    rings.push_back(std::make_unique<Ring>());
    Ring *made = rings.back().get();
    size_t n = locks.size();
    for (size_t k = 0; k < n; ++k) {
      made->locks.push_back(locks[(first + k) % n]);
      made->at.push_back(at[(first + k) % n]);
      made->turnAt[made->at.back()] = k;
    }
    for (Operation *x : made->locks)
      ringAt[x] = made;
    return made;
  }

  const Ring *ringOf(Operation *lock, std::string &why) {
    auto known = ringAt.find(lock);
    if (known != ringAt.end()) {
      if (!known->second)
        why = "a lock that does not pass one token around a ring of BDs";
      return known->second;
    }
    std::optional<Ring> walk = tokenWalk(lock);
    if (!walk) {
      ringAt[lock] = nullptr;
      why = "a lock that does not pass one token around a ring of BDs";
      return nullptr;
    }
    return addRing(walk->locks, walk->at, 0);
  }

  /// The turns of the token that `lock` passes, from the lock that holds
  /// it: each turn's lock and step, not yet registered (nullopt where it
  /// is not a ring). The
  /// ring's locks are `lock` and, closed over, the other lock of each step
  /// that acquires or releases one: every use of each is such a step's
  /// (by 1, as stepsOf reads them) and nothing else names it. One starts
  /// at 1, the others at 0: one token. A chain's steps in the ring run in
  /// its order (its steps in other rings between them), so the walk gives
  /// the token, turn by turn, to the one chain whose next step in the ring
  /// acquires its lock (two would race for it), until it is back at its
  /// first lock with every chain at its first step in the ring; each of
  /// the ring's steps must have had exactly one turn.
  std::optional<Ring> tokenWalk(Operation *lock) {
    auto lockOf = [](aie::UseLockOp u) { return u.getLock().getDefiningOp(); };
    std::set<Operation *> locks;
    std::map<size_t, std::set<size_t>> stepsIn; // chain -> its steps in it
    std::vector<Operation *> work{lock};
    while (!work.empty()) {
      Operation *l = work.back();
      work.pop_back();
      if (!l || !isa<aie::LockOp>(l))
        return std::nullopt;
      if (!locks.insert(l).second)
        continue;
      auto &uses = usesOf[l];
      if (std::distance(l->getResult(0).getUsers().begin(),
                        l->getResult(0).getUsers().end()) !=
              (std::ptrdiff_t)uses.size() ||
          aliased(cast<aie::LockOp>(l)))
        return std::nullopt;
      for (aie::UseLockOp u : uses) {
        auto &of = u.isAcquire() ? stepOfAcquire : stepOfRelease;
        auto step = of.find(u);
        if (step == of.end())
          return std::nullopt;
        auto [c, i] = step->second;
        if (!stepsIn[c].insert(i).second)
          continue;
        work.push_back(lockOf(steps[c][i].acquire));
        work.push_back(lockOf(steps[c][i].release));
      }
    }
    Operation *token = nullptr;
    for (Operation *l : locks) {
      auto lk = cast<aie::LockOp>(l);
      int64_t init = lk.getInit() ? *lk.getInit() : 0;
      if (init == 1 && !token)
        token = l;
      else if (init != 0)
        return std::nullopt;
    }
    if (!token)
      return std::nullopt;
    size_t total = 0;
    std::map<size_t, std::vector<size_t>> order; // chain -> its steps in it
    std::map<size_t, size_t> next; // chain -> place of its next one
    for (auto &[c, in] : stepsIn) {
      order[c].assign(in.begin(), in.end());
      next[c] = 0;
      total += in.size();
    }
    Ring ring;
    std::map<size_t, size_t> visits;
    Operation *at = token;
    do {
      std::optional<size_t> takes;
      for (auto [c, k] : next)
        if (lockOf(steps[c][order[c][k]].acquire) == at) {
          if (takes)
            return std::nullopt;
          takes = c;
        }
      if (!takes || ring.at.size() == total)
        return std::nullopt;
      size_t i = order[*takes][next[*takes]];
      ring.locks.push_back(at);
      ring.at.push_back({*takes, i});
      ++visits[*takes];
      at = lockOf(steps[*takes][i].release);
      next[*takes] = (next[*takes] + 1) % order[*takes].size();
    } while (at != token ||
             llvm::any_of(next, [](auto &n) { return n.second != 0; }));
    for (auto &[c, o] : order)
      if (visits[c] != o.size())
        return std::nullopt;
    return ring;
  }

  /// Whether another aie.lock of the tile has the same explicit id (the
  /// ids two locks of a tile share, read once).
  bool aliased(aie::LockOp lock) {
    if (!lock.getLockID())
      return false;
    if (lockIds.empty())
      device.walk([&](aie::LockOp l) {
        if (!l.getLockID())
          return;
        if (std::optional<Coord> t = tileOfOp(l)) {
          std::pair<Coord, int64_t> key{*t, *l.getLockID()};
          if (!lockIds.insert(key).second)
            aliasedIds.insert(key);
        }
      });
    std::optional<Coord> tile = tileOfOp(lock);
    return !tile || aliasedIds.count({*tile, *lock.getLockID()});
  }

  std::optional<size_t> chainAt(Coord tile, aie::DMAChannelDir dir,
                                int64_t channel) {
    for (size_t c = 0; c < chains.size(); ++c)
      if (chains[c].first == tile &&
          chains[c].second.start.getChannelDir() == dir &&
          chains[c].second.start.getChannelIndex() == channel)
        return c;
    return std::nullopt;
  }

  /// The stream that arrives at S2MM channel `channel` of `tile`.
  Source sourceInto(Coord tile, int64_t channel) {
    Source out;
    if (packetDests.count({tile, channel})) {
      out.why = "a channel a packet flow feeds";
      return out;
    }
    aie::FlowOp flow = flowInto(device, tile, channel);
    if (!flow) {
      out.why = "a channel no circuit flow feeds";
      return out;
    }
    aie::TileOp src = aie::getTileOf(flow.getSource());
    if (!src || flow.getSourceBundle() != aie::WireBundle::DMA) {
      out.why = "a channel fed from another port than a DMA";
      return out;
    }
    Coord from = coordOf(src);
    TileKind kind = d.kindOf(from);
    if (kind == TileKind::MemTile)
      return memtileStream(from, flow.getSourceChannel());
    if (kind == TileKind::Compute)
      return coreStream(from, flow.getSourceChannel());
    if (kind != TileKind::ShimNoc) {
      out.why = "a channel fed from another tile than a shim, memory or "
                "core tile";
      return out;
    }
    if (!seqWhy.empty()) {
      out.why = seqWhy;
      return out;
    }
    auto sit = shim.find({from.first, flow.getSourceChannel()});
    if (sit == shim.end()) {
      out.why = "a shim channel no runtime task drives";
      return out;
    }
    if (!sit->second.notCovered.empty()) {
      out.why = sit->second.notCovered;
      return out;
    }
    if (sit->second.length == 0) {
      out.why = "a shim channel whose tasks move nothing";
      return out;
    }
    // Parsed once per shim channel, whatever it feeds.
    auto parsed = shimParsed.find(sit->first);
    if (parsed == shimParsed.end()) {
      // While its tasks that read what tasks wrote are being read: the
      // stream up to them.
      auto stage = shimStages.find(sit->first);
      if (stage != shimStages.end())
        return stage->second;
      std::optional<isl::pw_multi_aff> rel = shimRelation(sit->second, sit->first, out.why);
      if (!rel)
        return out;
      parsed = shimParsed.emplace(sit->first, *rel).first;
    }
    out.relation = parsed->second;
    out.length = sit->second.length;
    return out;
  }

  /// A shim MM2S channel's stream. Tasks that read what tasks wrote read
  /// the argument's content at their epoch (contentAt), which may depend
  /// on this stream itself, through the cores whose results the epoch's
  /// writes are, but only on its part before those tasks: a stream's
  /// prefix determines the prefixes of the streams computed from it (each
  /// rule here is monotone so: a ring turns as often as its writers' streams
  /// fill, a BD reads what came before it). So epoch by epoch, in stream
  /// order: while the epoch's content is read, the stream is its part
  /// before the epoch's first task (`shimStages`), and what was derived
  /// from that part is dropped after (it stands for a prefix only).
  std::optional<isl::pw_multi_aff> shimRelation(Stream &s, ShimKey key,
                                                std::string &why) {
    isl::pw_multi_aff rel =
        s.relation.empty()
            ? isl::map(ctx, "{ S[p] -> V[k, w, r, x] : false }")
                  .as_pw_multi_aff()
            : isl::pw_multi_aff(ctx, "{ " + s.relation + " }");
    std::map<int, isl::pw_multi_aff> byEpoch;
    for (auto &[epoch, piece] : s.epochPieces) {
      isl::pw_multi_aff f(ctx, "{ " + piece + " }");
      auto [it, fresh] = byEpoch.try_emplace(epoch, f);
      if (!fresh)
        it->second = it->second.union_add(f);
    }
    for (auto &[epoch, reads] : byEpoch) {
      // Epochs only grow along the sequence, so their tasks come in order.
      isl::val first = reads.domain().dim_min_val(0);
      Source soFar;
      soFar.length = first.get_num_si();
      soFar.relation = rel.intersect_domain(isl::set(
          ctx, "{ S[p] : p < " + std::to_string(soFar.length) + " }"));
      // Streams being read further up (the ones that led here) are read
      // again within the stage, from the stream so far, and are being
      // read again after it. What exists now stays (callers may hold it);
      // what the stage adds goes.
      std::vector<std::pair<std::pair<Coord, int64_t>, Source>> reading;
      for (auto it = memo.begin(); it != memo.end();) {
        if (!it->second.relation && it->second.why.empty()) {
          reading.push_back(*it);
          it = memo.erase(it);
        } else {
          ++it;
        }
      }
      CacheMark before = mark();
      auto dropStage = [&] {
        shimStages.erase(key);
        dropSince(before);
        for (auto &[k, v] : reading)
          memo[k] = v;
      };
      shimStages[key] = soFar;
      std::optional<isl::pw_multi_aff> content;
      try {
        content = contentAt(s.epochs[epoch], why);
      } catch (...) {
        dropStage();
        throw;
      }
      dropStage();
      if (!content)
        return std::nullopt;
      rel = rel.union_add(islx::reparsed(content->pullback(reads)));
    }
    return rel.coalesce();
  }

  /// What the arguments hold once the given prefixes of shim S2MM
  /// channels' tasks have finished: { V[1, g, 0, t] -> V[k, w, r, x] },
  /// the last write of each element, the host's element where none wrote
  /// it (nullopt, with `why`, where it is not read: an element two
  /// channels wrote, whose last write depends on timing).
  std::optional<isl::pw_multi_aff>
  contentAt(const std::map<ShimKey, size_t> &epoch, std::string &why) {
    isl::pw_multi_aff content =
        isl::map(ctx, "{ V[k, g, r, t] -> V[k2, w, r2, x] : false }")
            .as_pw_multi_aff();
    for (auto &[key, n] : epoch) {
      Stream &s = shimResults[key];
      if (!s.notCovered.empty()) {
        why = s.notCovered;
        return std::nullopt;
      }
      const PrefixInverse &prefix = prefixInverse(key, n);
      int64_t length = prefix.length;
      if (length == 0)
        continue;
      Source src = sourceInto(s.tile, key.second);
      if (!src.relation) {
        why = src.why;
        return std::nullopt;
      }
      if (src.length < length) {
        why = "a shim channel whose stream does not fill its tasks";
        return std::nullopt;
      }
      isl::pw_multi_aff mine =
          islx::reparsed(src.relation->pullback(*prefix.last));
      if (!content.domain().intersect(mine.domain()).is_empty()) {
        why = "a runtime task reads elements two shim channels wrote "
              "(which is last depends on timing)";
        return std::nullopt;
      }
      content = content.union_add(mine);
    }
    isl::pw_multi_aff host(ctx, "{ V[k, g, r, t] -> V[k, g, r, t] }");
    return islx::reparsed(
        content.union_add(host.subtract_domain(content.domain())).coalesce());
  }

  /// A channel's first `n` tasks inverted: their stream's length and the
  /// last position that writes each element (lastPositions), once per
  /// channel and prefix (each epoch of each read asks again).
  struct PrefixInverse {
    int64_t length = 0;
    std::optional<isl::pw_multi_aff> last; // none where length is 0
  };
  std::map<std::pair<ShimKey, size_t>, PrefixInverse> prefixInverses;
  const PrefixInverse &prefixInverse(const ShimKey &key, size_t n) {
    if (auto it = prefixInverses.find({key, n}); it != prefixInverses.end())
      return it->second;
    const Stream &s = shimResults.at(key);
    std::vector<Task> prefix(s.tasks.begin(), s.tasks.begin() + n);
    for (Task &t : prefix)
      t.epoch = -1;
    std::vector<std::string> inverse;
    PrefixInverse out;
    (void)piecesOf(prefix, out.length, &inverse);
    if (out.length)
      out.last = lastPositions(inverse); // may throw: nothing is cached
    return prefixInverses[{key, n}] = std::move(out);
  }

  /// The last stream position that writes each element, of a channel's
  /// tasks inverted piece by piece (piecesOf's `inverse`): the latest
  /// piece's, each piece's its own lexmax, taken where no later piece
  /// writes. { V[1, g, 0, t] -> S[p] }.
  isl::pw_multi_aff lastPositions(const std::vector<std::string> &inverse) {
    isl::pw_multi_aff last =
        isl::map(ctx, "{ V[k, g, r, t] -> S[p] : false }").as_pw_multi_aff();
    isl::set taken(ctx, "{ V[k, g, r, t] : false }");
    for (auto piece = inverse.rbegin(); piece != inverse.rend(); ++piece) {
      // An explicit function (invertWalk) or, where the walk does not
      // nest, a relation whose lexmax is taken.
      isl::pw_multi_aff mine =
          piece->find("exists") == std::string::npos
              ? isl::pw_multi_aff(ctx, "{ " + *piece + " }")
              : isl::map(ctx, "{ " + *piece + " }").lexmax_pw_multi_aff();
      isl::set where = mine.domain().subtract(taken);
      last = last.union_add(mine.intersect_domain(where));
      taken = taken.unite(where);
    }
    return islx::reparsed(last.coalesce());
  }

  /// The chain's BD patterns, where each starts in one pass, the pass's
  /// length (nullopt, with `why`, when one is not read).
  struct Layout {
    std::vector<BDPattern> patterns;
    std::vector<int64_t> starts;
    int64_t pass = 0;
  };
  std::optional<Layout> layoutOf(BDChain &chain, std::string &why) {
    auto [it, fresh] = layouts.try_emplace(&chain);
    if (fresh)
      it->second.first = readLayout(chain, it->second.second);
    if (!it->second.first)
      why = it->second.second;
    return it->second.first;
  }
  std::optional<Layout> readLayout(BDChain &chain, std::string &why) {
    Layout l;
    for (aie::DMABDOp bd : chain.bds) {
      std::optional<BDPattern> p = patternOf(bd, why);
      if (!p)
        return std::nullopt;
      l.starts.push_back(l.pass);
      l.pass += p->length;
      l.patterns.push_back(std::move(*p));
    }
    if (l.pass <= 0) {
      why = "a chain that moves nothing";
      return std::nullopt;
    }
    return l;
  }

  /// BD i's reads of its buffer in a looping chain, as an explicit
  /// function of the stream position p: { S[p] -> R[u, a] }, u = floor(p /
  /// pass) the pass, a the element its pattern addresses at its place
  /// q = p mod pass - start; on the positions of BD i in passes below
  /// `passes`.
  isl::pw_multi_aff readOf(const Layout &l, size_t i, int64_t passes) {
    const BDPattern &b = l.patterns[i];
    std::string P = std::to_string(l.pass), S = std::to_string(l.starts[i]);
    std::string q = "p mod " + P + " - " + S;
    // No pass: no reads (isl's reader refuses a function with divisions
    // on an empty domain).
    if (passes <= 0)
      return readOf(l, i, 1).intersect_domain(
          isl::set(ctx, "{ S[p] : false }"));
    return isl::pw_multi_aff(
        ctx, "{ S[p] -> R[floor(p / " + P + "), " + b.address(q) +
                 "] : 0 <= p < " + std::to_string(l.pass * passes) + " and " +
                 S + " <= p mod " + P + " < " +
                 std::to_string(l.starts[i] + b.length) + " }");
  }

  /// What a memory tile's MM2S channel streams: each BD reads its buffer
  /// at its turn of its ring, and each element read holds what the last
  /// write before that turn (in the ring's order) put there.
  Source memtileStream(Coord tile, int64_t channel) {
    return memoised({tile, channel}, "a cycle of memory-tile streams",
                    [&] { return memtileStreamImpl(tile, channel); });
  }

  /// A channel's stream, read once: `read` the first time, its result
  /// after; `cycle` while it is being read (a stream that depends on
  /// itself). An isl failure inside leaves it unread.
  Source memoised(std::pair<Coord, int64_t> key, const char *cycle,
                  llvm::function_ref<Source()> read) {
    auto known = memo.find(key);
    if (known != memo.end()) {
      if (!known->second.relation && known->second.why.empty()) {
        // A stream that depends on itself: what it is so far.
        auto a = approx.try_emplace(key).first;
        if (!a->second.relation)
          a->second.relation =
              isl::map(ctx, "{ S[p] -> V[k, w, r, x] : false }")
                  .as_pw_multi_aff();
        selfUse.insert(key);
        return a->second;
      }
      return known->second;
    }
    memo[key] = Source(); // in progress
    // An outer reading of the same stream (a shim stage reads streams
    // again) keeps its own approximation.
    std::optional<Source> outer;
    if (auto o = approx.find(key); o != approx.end()) {
      outer = o->second;
      approx.erase(o);
    }
    bool outerSelfUse = selfUse.count(key);
    auto restoreOuter = [&] {
      approx.erase(key);
      selfUse.erase(key);
      if (outer)
        approx[key] = *outer;
      if (outerSelfUse)
        selfUse.insert(key);
    };
    CacheMark before = mark();
    Source out;
    // A stream read from its own prefix (a cycle of streams through a
    // memory tile and cores): Kleene's iteration from the empty stream.
    // Each rule is monotone in its streams' prefixes, so each round reads
    // a prefix of the stream, longer than the last until it settles: the
    // least fixpoint, what the design streams.
    bool outerUneven = unevenSeen;
    for (int round = 0;; ++round) {
      selfUse.erase(key);
      unevenSeen = false;
      try {
        out = read();
      } catch (...) {
        memo.erase(key); // not a cycle: isl gave up inside
        restoreOuter();
        unevenSeen = outerUneven;
        throw;
      }
      if (!selfUse.count(key))
        break;
      cycleRounds = std::max(cycleRounds, round + 1);
      auto a = approx.try_emplace(key).first;
      if (!out.relation) {
        out.why = std::string(cycle) + " (" + out.why + ")";
        break;
      }
      if (a->second.length == out.length && round > 0) {
        // Settled: the rings it read from must turn evenly now.
        if (unevenSeen) {
          out = Source();
          out.why = std::string(cycle) + " (a ring whose writers' streams "
                                         "fill different numbers of turns)";
          // What this round derived stands for prefixes only.
          dropSince(before);
          memo[key] = Source();
          unevenSeen = false;
        }
        break;
      }
      if (round + 1 == kCycleRounds) {
        out = Source();
        out.why = std::string(cycle) + " whose lengths do not settle in " +
                  std::to_string(kCycleRounds) + " rounds";
        break;
      }
      // The next round reads this one's stream; what was derived from the
      // last one goes.
      dropSince(before);
      memo[key] = Source();
      a->second = out;
    }
    restoreOuter();
    // An unevenness this stream's reading met, from an approximation
    // further up, is that one's to judge.
    unevenSeen = outerUneven || unevenSeen;
    return memo[key] = out;
  }
  static constexpr int kCycleRounds = 64;
  /// While a stream that depends on itself is read from an approximation,
  /// a ring's (or chain's) writers may fill different numbers of turns:
  /// the ring then turns as often as the slowest (a prefix of what it
  /// does), noted by noteUneven(); in the round that settles, that is not
  /// covered. Elsewhere turns that differ are not covered at once.
  bool readingApproximation() const { return !approx.empty(); }
  void noteUneven() { unevenSeen = true; }
  bool unevenSeen = false;
  int cycleRounds = 0;
  /// Per stream that depends on itself, being read: what it is so far.
  std::map<std::pair<Coord, int64_t>, Source> approx;
  std::set<std::pair<Coord, int64_t>> selfUse;
  template <typename M>
  static std::set<typename M::key_type> keysOf(const M &m) {
    std::set<typename M::key_type> k;
    for (auto &e : m)
      k.insert(e.first);
    return k;
  }
  /// Erases the entries of `m` whose keys are not in `keep`.
  template <typename M, typename K>
  static void dropAdded(M &m, const K &keep) {
    for (auto it = m.begin(); it != m.end();)
      it = keep.count(it->first) ? std::next(it) : m.erase(it);
  }

  Source memtileStreamImpl(Coord tile, int64_t channel) {
    Source out;
    std::optional<size_t> c = chainAt(tile, aie::DMAChannelDir::MM2S, channel);
    if (!c) {
      out.why = "a memory-tile channel without a chain";
      return out;
    }
    BDChain &chain = chains[*c].second;
    if (!chain.loops || steps[*c].empty()) {
      out.why = stepWhy[*c].empty() ? "a memory-tile chain that does not loop"
                                    : stepWhy[*c];
      return out;
    }
    std::optional<Layout> layout = layoutOf(chain, out.why);
    if (!layout)
      return out;
    std::optional<int64_t> cycles;
    std::map<const Ring *, int64_t> lastTurn;
    isl::pw_multi_aff stream =
        isl::map(ctx, "{ S[p] -> V[k, w, r, x] : false }").as_pw_multi_aff();
    for (size_t i = 0; i < steps[*c].size(); ++i) {
      BDStep &step = steps[*c][i];
      const Ring *ring =
          ringOf(step.acquire.getLock().getDefiningOp(), out.why);
      if (!ring)
        return out;
      int64_t turn = (int64_t)ring->turnAt.at({*c, i});
      auto lt = lastTurn.find(ring);
      if (lt != lastTurn.end() && lt->second >= turn) {
        out.why = "a chain that visits a ring's turns out of order";
        return out;
      }
      lastTurn[ring] = turn;
      RingContent *content = contentOf(ring, out.why);
      if (!content)
        return out;
      int64_t reads = content->cyclesAt(turn);
      if (cycles && *cycles != reads) {
        if (!readingApproximation()) {
          out.why = "a chain over rings that turn a different number of "
                    "times";
          return out;
        }
        noteUneven();
      }
      cycles = std::min(cycles.value_or(reads), reads);
      for (size_t m = 0; m < step.bds.size(); ++m) {
        Operation *buffer = bdBuffer(step.bds[m]);
        if (!buffer) {
          out.why = "a BD on a view of a buffer";
          return out;
        }
        stream = stream.union_add(
            lastWrites(*ring, turn, *content, buffer,
                       readOf(*layout, step.at[m], reads)));
      }
    }
    out.length = *cycles * layout->pass;
    isl::set positions(ctx, "{ S[p] : 0 <= p < " +
                                std::to_string(out.length) + " }");
    out.relation = stream.intersect_domain(positions).coalesce();
    // A position whose element no BD of the ring wrote before it streams
    // what the buffer held (not read here).
    if (!out.relation->domain().is_equal(positions)) {
      out.relation.reset();
      out.why = "a memory-tile stream that reads elements no BD of its "
                "ring wrote";
    }
    return out;
  }

  /// What a core tile's MM2S channel streams: each BD reads a buffer its
  /// core computes into, at its turn of a ring of locks whose turn before
  /// it is the core's (coreTurnOf); the values it reads are the core's for
  /// the hand-off of that cycle, V[2, who, round, a].
  Source coreStream(Coord tile, int64_t channel) {
    return memoised({tile, channel}, "a cycle of streams through cores", [&] {
      Source out;
      std::optional<size_t> c =
          chainAt(tile, aie::DMAChannelDir::MM2S, channel);
      if (!c)
        out.why = "a core channel without a chain";
      else if (cascadeTiles.count(tile))
        out.why = "a core that takes cascade words";
      else if (!chains[*c].second.loops || steps[*c].empty())
        out.why = stepWhy[*c].empty() ? "a core chain that does not loop"
                                      : stepWhy[*c];
      else
        out = coreStreamOf(*c);
      return out;
    });
  }

  Source coreStreamOf(size_t c) {
    Source out;
    BDChain &chain = chains[c].second;
    std::optional<Layout> layout = layoutOf(chain, out.why);
    if (!layout)
      return out;
    std::optional<int64_t> cycles;
    isl::pw_multi_aff stream =
        isl::map(ctx, "{ S[p] -> V[k, w, r, x] : false }").as_pw_multi_aff();
    for (const BDStep &step : steps[c]) {
      std::optional<CoreTurn> turn = coreTurnOf(chains[c].first, step, out.why);
      if (!turn)
        return out;
      if (cycles && *cycles != turn->cycles) {
        if (!readingApproximation()) {
          out.why = "a core chain whose steps are handed out different "
                    "numbers of times";
          return out;
        }
        noteUneven();
      }
      cycles = std::min(cycles.value_or(turn->cycles), turn->cycles);
      for (size_t m = 0; m < step.bds.size(); ++m) {
        Operation *buffer = bdBuffer(step.bds[m]);
        isl::pw_multi_aff read = readOf(*layout, step.at[m], turn->cycles);
        if (turn->passedOn.count(buffer)) {
          // A buffer its core only passes on: what the ring's S2MM turns
          // wrote there last, the core's turn between them a step that
          // moves nothing.
          const Ring *ring = passRingOf(*turn);
          RingContent *content = contentOf(ring, out.why);
          if (!content)
            return out;
          stream = stream.union_add(
              lastWrites(*ring, turn->passRingTurn, *content, buffer, read));
          continue;
        }
        // Pass u of the chain is cycle u of the step's ring: it reads the
        // core's values of hand-off u + 1 (u when the step's turn comes
        // first).
        isl::pw_multi_aff tag(
            ctx, "{ R[u, a] -> V[2, " + std::to_string(whoOf(buffer)) +
                     ", u + " + std::to_string(turn->coreFirst ? 1 : 0) +
                     ", a] }");
        stream = stream.union_add(islx::reparsed(tag.pullback(read)));
      }
    }
    int64_t length = 0;
    if (llvm::MulOverflow(*cycles, layout->pass, length) ||
        length > (int64_t(1) << 40)) {
      out.why = "a core that hands out more than 2^40 elements";
      return out;
    }
    out.relation =
        stream
            .intersect_domain(isl::set(
                ctx, "{ S[p] : p < " + std::to_string(length) + " }"))
            .coalesce();
    out.length = length;
    return out;
  }

  /// The ring of locks an MM2S step of a core tile takes its turn in, when
  /// the core is the turn before it: the step acquires lock L0, which only
  /// the core releases (by 1, in a block B of its code that runs `cycles`
  /// times: loops with constant trip counts around it, no other code);
  /// from L0 the ring's other turns are BD steps, each acquiring the lock
  /// the one before releases, up to a lock the core acquires in B before
  /// its release of L0; each lock has no other use; one lock starts at 1,
  /// the others at 0. The turns then run in ring order, cycle after cycle,
  /// and the step's k-th run (from 0) follows the core's k-th release of
  /// L0 (its (k+1)-th, when the token starts elsewhere than at L0). The
  /// ring turns as often as its slowest writer lets it: the core's cycles,
  /// and each S2MM step's passes its stream fills completely (MM2S turns
  /// are taken to be drained). Every BD of the step reads a buffer of the
  /// tile its core writes, which no MM2S BD reads after another lock: the
  /// core's releases of L0 count its hand-offs (Delivery.h's rounds).
  struct CoreTurn {
    int64_t cycles = 0;
    bool coreFirst = true;
    /// The step's buffers its core does not write (it passes on what the
    /// ring's S2MM turns wrote).
    std::set<Operation *> passedOn;
    /// The ring's BD turns from the step's (chain, step), and the lock
    /// each acquires, then the lock the core acquires.
    std::vector<std::pair<size_t, size_t>> bdTurns;
    std::vector<Operation *> locks;
    /// The step's turn in passRingOf's ring.
    size_t passRingTurn = 0;
  };

  /// The ring of a core turn's BD turns alone (a Ring, as memory tiles'),
  /// for buffers the core passes on: the core's turn moves nothing, so
  /// the BD turns keep their order, the token starting at the turn whose
  /// lock holds it (at the step's, when the core's lock holds it).
  /// Registered for its locks, so that contentOf reads it.
  const Ring *passRingOf(CoreTurn &turn) {
    size_t n = turn.bdTurns.size(), first = 0;
    for (size_t j = 0; j < n; ++j) {
      auto lk = cast<aie::LockOp>(turn.locks[j]);
      if (lk.getInit() && *lk.getInit() == 1)
        first = j;
    }
    turn.passRingTurn = (n - first) % n;
    auto known = ringAt.find(turn.locks[first]);
    if (known != ringAt.end() && known->second &&
        known->second->at.size() == n && known->second->at[0] ==
                                              turn.bdTurns[first])
      return known->second;
    return addRing(std::vector<Operation *>(turn.locks.begin(),
                                            turn.locks.begin() + n),
                   turn.bdTurns, first);
  }
  std::optional<CoreTurn> coreTurnOf(Coord tile, const BDStep &step,
                                     std::string &why) {
    auto lockOf = [](aie::UseLockOp u) { return u.getLock().getDefiningOp(); };
    auto notRing = [&](const char *what) {
      why = std::string("a core buffer handed out ") + what;
      return std::nullopt;
    };
    // The lock's two uses: its acquire and its release (else null).
    auto usesAre = [&](Operation *lock, aie::UseLockOp &acq,
                       aie::UseLockOp &rel) {
      if (!lock)
        return false;
      auto &uses = usesOf[lock];
      auto users = lock->getResult(0).getUsers();
      if (uses.size() != 2 ||
          std::distance(users.begin(), users.end()) != 2 ||
          aliased(cast<aie::LockOp>(lock)))
        return false;
      acq = rel = {};
      for (aie::UseLockOp u : uses) {
        if (u.getKnownAmount() != std::optional<int64_t>(1))
          return false;
        (u.getAction() == aie::LockAction::AcquireGreaterEqual ? acq : rel) =
            u;
      }
      return bool(acq) && bool(rel);
    };
    Operation *l0 = lockOf(step.acquire);
    aie::UseLockOp acq, coreRelease;
    if (!usesAre(l0, acq, coreRelease))
      return notRing("after a lock with other uses than one acquire and "
                     "one release by 1");
    auto core = coreRelease->getParentOfType<aie::CoreOp>();
    if (!core || tileOfOp(core) != std::optional<Coord>(tile))
      return notRing("after a lock its tile's core does not release");
    Block *block = coreRelease->getBlock();
    // From L0 around the ring: BD steps, up to the core's acquire in B.
    std::vector<Operation *> locks{l0};
    std::vector<std::pair<size_t, size_t>> bdTurns;
    aie::UseLockOp coreAcquire;
    for (Operation *l = l0;;) {
      aie::UseLockOp a, r;
      if (!usesAre(l, a, r) || (l != l0 && locks.size() > 64))
        return notRing("in a ring with a lock of other uses");
      auto st = stepOfAcquire.find(a);
      if (st == stepOfAcquire.end()) {
        if (a->getBlock() != block || !a->isBeforeInBlock(coreRelease))
          return notRing("in a ring whose core turn is not one block, its "
                         "acquire first");
        coreAcquire = a;
        break;
      }
      bdTurns.push_back(st->second);
      l = lockOf(steps[st->second.first][st->second.second].release);
      if (!l || llvm::is_contained(locks, l))
        return notRing("in a ring that does not pass through its core");
      locks.push_back(l);
    }
    // locks: L0, then the lock each BD turn releases; the last is the one
    // the core acquires.
    if (!core.getBody().hasOneBlock())
      return notRing("by a core of several blocks");
    CoreTurn turn;
    turn.cycles = 1;
    for (Operation *p = block->getParentOp(); p != core.getOperation();
         p = p->getParentOp()) {
      auto loop = dyn_cast<scf::ForOp>(p);
      std::optional<int64_t> lb, ub, st;
      if (loop) {
        lb = getConstantIntValue(loop.getLowerBound());
        ub = getConstantIntValue(loop.getUpperBound());
        st = getConstantIntValue(loop.getStep());
      }
      if (!lb || !ub || !st || *st <= 0)
        return notRing("inside code other than loops with constant trip "
                       "counts");
      int64_t trips = *ub > *lb ? (*ub - *lb - 1) / *st + 1 : 0;
      if (llvm::MulOverflow(turn.cycles, trips, turn.cycles) ||
          turn.cycles > (int64_t(1) << 40))
        return notRing("more than 2^40 times");
    }
    auto initOf = [](Operation *l) {
      auto lk = cast<aie::LockOp>(l);
      return lk.getInit() ? int64_t(*lk.getInit()) : int64_t(0);
    };
    size_t ones = 0;
    for (Operation *l : locks) {
      int64_t init = initOf(l);
      if (init == 1)
        ++ones;
      else if (init != 0)
        ones = 2;
    }
    if (ones != 1)
      return notRing("by a ring of locks that does not hold one token");
    turn.coreFirst = initOf(l0) == 0;
    turn.bdTurns = bdTurns;
    turn.locks = locks;
    // The ring's writers: each S2MM turn fills as many passes as its
    // stream fills completely.
    for (auto [c, i] : bdTurns) {
      BDChain &chain = chains[c].second;
      if (!chain.loops || (chain.start.getRepeatCount() &&
                           *chain.start.getRepeatCount() != 0))
        return notRing("in a ring with a BD of a chain that does not loop");
      if (chain.start.getChannelDir() != aie::DMAChannelDir::S2MM)
        continue;
      Source src = sourceInto(chains[c].first, chain.start.getChannelIndex());
      if (!src.relation) {
        why = src.why;
        return std::nullopt;
      }
      std::optional<Layout> layout = layoutOf(chain, why);
      if (!layout)
        return std::nullopt;
      for (size_t bi : steps[c][i].at) {
        int64_t need = layout->starts[bi] + layout->patterns[bi].length;
        int64_t done =
            src.length < need ? 0 : (src.length - need) / layout->pass + 1;
        turn.cycles = std::min(turn.cycles, done);
      }
    }
    for (aie::DMABDOp bd : step.bds) {
      Operation *buffer = bdBuffer(bd);
      if (!buffer || tileOfOp(buffer) != std::optional<Coord>(tile))
        return notRing("from a buffer of another tile, or a view");
      if (!coreWrites(core, buffer))
        turn.passedOn.insert(buffer);
      for (aie::DMABDOp other : onBuffer[buffer]) {
        auto st = stepOfBD.find(other);
        bool reads = chains[chainOfBD.at(other)].second.start.getChannelDir() ==
                     aie::DMAChannelDir::MM2S;
        if (reads &&
            (st == stepOfBD.end() ||
             lockOf(steps[st->second.first][st->second.second].acquire) !=
                 l0))
          return notRing("by BDs that acquire different locks");
      }
    }
    return turn;
  }

  /// Whether the core's code writes `buffer` (through any view): a write
  /// its ops state, or an op that does not say what it touches.
  bool coreWrites(aie::CoreOp core, Operation *buffer) {
    auto root = [](Value v) -> Operation * {
      while (Operation *def = v.getDefiningOp()) {
        auto view = dyn_cast<ViewLikeOpInterface>(def);
        if (!view)
          return def;
        v = view.getViewSource();
      }
      return nullptr;
    };
    bool writes = false;
    core.walk([&](Operation *op) {
      if (writes)
        return;
      if (auto effects = dyn_cast<MemoryEffectOpInterface>(op)) {
        SmallVector<MemoryEffects::EffectInstance> list;
        effects.getEffects(list);
        for (auto &e : list)
          if (isa<MemoryEffects::Write>(e.getEffect()) && e.getValue() &&
              root(e.getValue()) == buffer)
            writes = true;
        return;
      }
      if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
        return;
      for (Value v : op->getOperands())
        if (isa<BaseMemRefType>(v.getType()) && root(v) == buffer)
          writes = true;
    });
    return writes;
  }

  /// The buffer's number in Tag::who of the kind-2 tags.
  int64_t whoOf(Operation *buffer) {
    auto [it, fresh] = who.try_emplace(buffer, (int64_t)computed.size());
    if (fresh)
      computed.push_back(buffer);
    return it->second;
  }

  /// What a ring's writers put where, per writing turn j and BD of its
  /// step, in order: { W[v, a] -> V[k, w, r, x] } (cycle v, element a),
  /// the buffer and the BD's pattern; how many cycles the ring turns.
  struct Written {
    isl::pw_multi_aff value;
    Operation *buffer;
    BDPattern pattern;
  };
  struct RingContent {
    std::map<size_t, std::vector<Written>> byTurn;
    int64_t cycles = 0;
    /// Per writing turn, the cycles its stream fills.
    std::map<size_t, int64_t> done;
    /// The cycles in which turn k reads: those the writing turns before it
    /// filled, and one more than those after it filled (it reads cycle u
    /// after their cycle u - 1). All of `cycles` where writers fill alike.
    int64_t cyclesAt(size_t k) const {
      int64_t c = cycles;
      for (auto [j, d] : done)
        c = std::min(c, j < k ? d : d + 1);
      return c;
    }
  };
  /// What the reads `read` ({ S[p] -> R[u, a] }) of `buffer` at turn
  /// `turn` of `ring` stream: the last write before the read at (cycle u,
  /// turn k) of element a is, of the BDs writing the buffer, the latest
  /// (cycle, turn, BD in its turn's step) whose pattern addresses a: turn
  /// j < k at cycle u, else j > k at cycle u - 1, the step's later BDs
  /// first. Candidates are taken latest first, each where no later one
  /// addresses the element: the lexmax in closed form.
  isl::pw_multi_aff lastWrites(const Ring &ring, int64_t turn,
                               const RingContent &content, Operation *buffer,
                               const isl::pw_multi_aff &read) {
    std::vector<std::pair<size_t, int64_t>> turns; // (turn, lag)
    for (size_t j = (size_t)turn; j-- > 0;)
      turns.push_back({j, 0});
    for (size_t j = ring.at.size(); j-- > (size_t)turn + 1;)
      turns.push_back({j, 1});
    isl::pw_multi_aff out =
        isl::map(ctx, "{ S[p] -> V[k, w, r, x] : false }").as_pw_multi_aff();
    // No reads: nothing (isl's preimage under a function of no pieces
    // keeps the image's space).
    if (read.domain().is_empty())
      return out;
    isl::set taken = read.domain().empty(read.domain().get_space());
    for (auto [j, lag] : turns) {
      auto written = content.byTurn.find(j);
      if (written == content.byTurn.end())
        continue;
      std::string L = std::to_string(lag);
      for (auto w = written->second.rbegin(); w != written->second.rend();
           ++w) {
        if (w->buffer != buffer)
          continue;
        const BDPattern &wp = w->pattern;
        isl::set here(ctx, "{ R[u, a] : u >= " + L + " and exists (" +
                               join(wp.dims, ", ") + " : " + wp.bounds +
                               " and a = " + wp.a + ") }");
        isl::set where = here.preimage(read).subtract(taken);
        isl::pw_multi_aff at(ctx, "{ R[u, a] -> W[u - " + L + ", a] }");
        out = out.union_add(islx::reparsed(
            w->value.pullback(at.pullback(read.intersect_domain(where)))));
        taken = taken.unite(where);
      }
    }
    return out;
  }

  RingContent *contentOf(const Ring *ring, std::string &why) {
    auto known = contents.find(ring);
    if (known != contents.end())
      return &known->second;
    RingContent rc;
    std::optional<int64_t> cycles;
    for (size_t k = 0; k < ring->at.size(); ++k) {
      auto [wc, wi] = ring->at[k];
      BDChain &chain = chains[wc].second;
      if (!chain.loops || (chain.start.getRepeatCount() &&
                           *chain.start.getRepeatCount() != 0)) {
        why = "a ring with a BD of a chain that does not loop";
        return nullptr;
      }
      const BDStep &step = steps[wc][wi];
      for (aie::DMABDOp bd : step.bds) {
        Operation *buffer = bdBuffer(bd);
        if (!buffer) {
          why = "a BD on a view of a buffer";
          return nullptr;
        }
        // Every BD of the buffer takes its turns in this ring.
        for (aie::DMABDOp other : onBuffer[buffer]) {
          auto st = stepOfBD.find(other);
          if (st == stepOfBD.end() ||
              ringAt[steps[st->second.first][st->second.second]
                         .acquire.getLock()
                         .getDefiningOp()] != ring) {
            why = "a buffer whose BDs do not all take turns in one ring";
            return nullptr;
          }
        }
      }
      if (chain.start.getChannelDir() != aie::DMAChannelDir::S2MM) {
        if (k == 0) {
          why = "a ring whose first turn reads";
          return nullptr;
        }
        continue;
      }
      Source src = sourceInto(chains[wc].first,
                              chain.start.getChannelIndex());
      if (!src.relation) {
        why = src.why;
        return nullptr;
      }
      std::optional<Layout> layout = layoutOf(chain, why);
      if (!layout)
        return nullptr;
      for (size_t m = 0; m < step.bds.size(); ++m) {
        size_t bi = step.at[m];
        const BDPattern &p = layout->patterns[bi];
        int64_t need = layout->starts[bi] + p.length;
        int64_t done =
            src.length < need ? 0 : (src.length - need) / layout->pass + 1;
        // Writers that fill different numbers of turns: each reading turn
        // reads the cycles its ring reaches (RingContent::cyclesAt).
        cycles = std::max(cycles.value_or(done), done);
        auto [dk, fresh] = rc.done.try_emplace(k, done);
        if (!fresh)
          dk->second = std::min(dk->second, done);
        // The stream position that wrote element a at cycle v: the BD's
        // pattern inverted, its last position where it addresses an
        // element twice (a small lexmax over the BD's own dims).
        std::ostringstream at;
        at << "{ W[v, a] -> S[p] : 0 <= v < " << done << " and exists ("
           << join(p.dims, ", ") << " : " << p.bounds << " and a = " << p.a
           << " and p = " << layout->pass << " * v + " << layout->starts[bi]
           << " + " << p.q << ") }";
        isl::pw_multi_aff position =
            isl::map(ctx, at.str()).lexmax_pw_multi_aff();
        rc.byTurn[k].push_back(
            {islx::reparsed(src.relation->pullback(position)),
             bdBuffer(step.bds[m]), p});
      }
    }
    if (!cycles) {
      why = "a ring without a writer";
      return nullptr;
    }
    rc.cycles = *cycles;
    return &(contents[ring] = rc);
  }

  /// What each argument a shim S2MM channel writes holds at the end:
  /// { A[g, t] -> V[k, w, r, x] } on the elements written. A channel's
  /// tasks take its stream one after another, so of its writes of an
  /// element the last is the one at the latest stream position (isl's
  /// lexmax of the tasks' pattern inverted); an element two channels write
  /// is not covered (which one is last depends on timing).
  void results(StreamRelations &out) {
    std::map<unsigned, isl::pw_multi_aff> byArg;
    std::map<unsigned, std::vector<ChannelWrites>> byChannel;
    std::set<unsigned> overlapping;
    std::map<unsigned, std::string> &why = out.resultsNotCovered;
    for (auto &[channel, s] : shimResults) {
      std::string no = !seqWhy.empty() ? seqWhy : s.notCovered;
      std::optional<isl::pw_multi_aff> value;
      if (no.empty() && s.length > 0) {
        Source src = sourceInto(s.tile, channel.second);
        if (!src.relation)
          no = src.why;
        else if (src.length < s.length)
          no = "a shim channel whose stream does not fill its tasks";
        else
          value = src.relation;
      }
      if (!no.empty()) {
        for (unsigned g : s.args)
          why[g] = no;
        continue;
      }
      if (!value)
        continue; // tasks that move nothing
      // The last position writing an element.
      isl::pw_multi_aff last = lastPositions(s.inverse);
      // V[1, g, 0, t] -> A[g, t]
      isl::pw_multi_aff place(ctx, "{ A[g, t] -> V[1, g, 0, t] }");
      isl::pw_multi_aff written =
          islx::reparsed(value->pullback(last.pullback(place)));
      for (unsigned g : s.args) {
        isl::pw_multi_aff mine = written.intersect_domain(
            isl::set(ctx, "{ A[g, t] : g = " + std::to_string(g) + " }"));
        auto [it, fresh] = byArg.try_emplace(g, mine);
        byChannel[g].push_back({channel, mine, last});
        if (fresh)
          continue;
        if (!it->second.domain().intersect(mine.domain()).is_empty())
          overlapping.insert(g);
        it->second = it->second.union_add(mine);
      }
    }
    for (unsigned g : overlapping)
      if (!why.count(g)) {
        std::optional<isl::pw_multi_aff> f = lastAcross(g, byChannel[g]);
        if (f)
          byArg[g] = *f;
        else
          why[g] = "elements two shim channels write (which is last "
                   "depends on timing)";
      }
    for (auto &[g, f] : byArg)
      if (!why.count(g))
        out.results[g] = islx::reparsed(f.coalesce());
  }

  /// A channel's writes of an argument, { A[g, t] -> V[...] }, and its last
  /// stream position per element ({ V[1, g, 0, t] -> S[p] }).
  struct ChannelWrites {
    ShimKey key;
    isl::pw_multi_aff value, last;
  };
  /// What argument `g` holds at the end where several shim channels write
  /// an element: the write of the task latest in the sequence, where every
  /// two tasks of different channels that write one element are ordered
  /// (a wait on the earlier one's channel between them; the channel's own
  /// tasks run in order); nullopt where two are not.
  std::optional<isl::pw_multi_aff>
  lastAcross(unsigned g, const std::vector<ChannelWrites> &writes) {
    for (const ShimEvent &a : shimEvents)
      for (const ShimEvent &b : shimEvents)
        if (!a.wait && !b.wait && !a.reads && !b.reads && a.arg == g &&
            b.arg == g && a.key != b.key && a.at < b.at &&
            !waitBetween(shimEvents, a.key, false, a.at, b.at) &&
            !a.elements().intersect(b.elements()).is_empty())
          return std::nullopt;
    // Per channel, the place in the sequence of the task that wrote each
    // element last: { A[g, t] -> [at] }.
    std::optional<isl::pw_multi_aff> value;
    std::optional<isl::pw_aff> when;
    isl::pw_multi_aff place(ctx, "{ A[g, t] -> V[1, g, 0, t] }");
    for (const ChannelWrites &w : writes) {
      const Stream &s = shimResults.at(w.key);
      std::vector<std::string> pieces;
      int64_t start = 0;
      for (const Task &t : s.tasks) {
        pieces.push_back("S[p] -> [" + std::to_string(t.at) + "] : " +
                         std::to_string(start) + " <= p < " +
                         std::to_string(start + t.count));
        start += t.count;
      }
      isl::pw_aff at = isl::pw_multi_aff(ctx, "{ " + join(pieces, "; ") + " }")
                           .pullback(w.last.pullback(place))
                           .intersect_domain(w.value.domain())
                           .get_at(0);
      if (!value) {
        value = w.value;
        when = at;
        continue;
      }
      isl::set both = value->domain().intersect(w.value.domain());
      isl::set later = at.gt_set(*when).intersect(both);
      value = value->subtract_domain(later).union_add(w.value.subtract_domain(
          value->domain().subtract(later)));
      when = when->subtract_domain(later).union_add(
          at.subtract_domain(when->domain().subtract(later)));
    }
    return value;
  }

  std::string coreBuffer(aie::BufferOp buffer,
                         const std::vector<std::pair<Operation *, size_t>> &bds,
                         StreamRelations &out) {
    std::optional<Coord> tile = tileOfOp(buffer);
    if (regionForm)
      return "a design with aie.dma BD regions";
    if (viewedWrite)
      return "a design with an S2MM BD on a view of a buffer";
    if (cascadeTiles.count(*tile))
      return "a buffer of a core that takes cascade words";
    size_t c = bds.front().second;
    if (llvm::any_of(bds, [&](auto &w) { return w.second != c; }))
      return "a buffer several S2MM channels write";
    BDChain &chain = chains[c].second;
    if (chain.start.getRepeatCount() && *chain.start.getRepeatCount() != 0)
      return "a chain with a repeat count";
    Source src = sourceInto(chains[c].first, chain.start.getChannelIndex());
    if (!src.relation)
      return src.why;
    std::string why;
    std::optional<Layout> layout = layoutOf(chain, why);
    if (!layout)
      return why;
    // Where each of this buffer's BDs starts in its log, per pass.
    int64_t logPass = 0;
    std::vector<int64_t> logStarts;
    for (size_t i = 0; i < chain.bds.size(); ++i) {
      logStarts.push_back(logPass);
      if (bdBuffer(chain.bds[i]) == buffer)
        logPass += layout->patterns[i].length;
    }
    isl::pw_multi_aff fills =
        isl::map(ctx, "{ X[e] -> [D[a] -> V[k, w, r, x]] : false }")
            .as_pw_multi_aff();
    for (size_t i = 0; i < chain.bds.size(); ++i) {
      if (bdBuffer(chain.bds[i]) != buffer)
        continue;
      // Entry e of the log is, in pass u = floor(e / logPass), element
      // q = e mod logPass - logStart of BD i: stream position pass * u +
      // start + q, written where the BD's pattern addresses q; on the
      // entries of passes the stream fills BD i completely in.
      const BDPattern &p = layout->patterns[i];
      std::string LP = std::to_string(logPass);
      std::string u = "floor(e / " + LP + ")";
      std::string q = "e mod " + LP + " - " + std::to_string(logStarts[i]);
      std::ostringstream dom;
      dom << "0 <= e" << (chain.loops ? "" : " < " + LP) << " and "
          << logStarts[i] << " <= e mod " << LP << " < "
          << logStarts[i] + p.length << " and " << layout->pass << " * " << u
          << " + " << layout->starts[i] + p.length << " <= " << src.length;
      isl::pw_multi_aff position(
          ctx, "{ X[e] -> S[" + std::to_string(layout->pass) + " * " + u +
                   " + " + std::to_string(layout->starts[i]) + " + " + q +
                   "] : " + dom.str() + " }");
      isl::pw_multi_aff address(ctx, "{ X[e] -> D[" + p.address(q) + "] : " +
                                         dom.str() + " }");
      // Each composed function is reparsed (islx::reparsed): the
      // divisions a pullback nests make every later operation on it dear
      // (the product below: 1.5 s a BD on seed 003's GEMM, 70 ms so).
      isl::pw_multi_aff carried =
          islx::reparsed(src.relation->pullback(position));
      fills = fills.union_add(address.range_product(carried));
    }
    out.functions[buffer] = islx::reparsed(fills.coalesce());
    out.fills[buffer] = out.functions[buffer].as_map();
    return "";
  }

  Device &d;
  aie::DeviceOp device;
  IslContext &isl;
  isl::ctx ctx;
  std::vector<std::pair<Coord, BDChain>> chains;
  std::vector<std::vector<BDStep>> steps;
  std::map<size_t, std::string> stepWhy;
  std::map<Operation *, std::pair<size_t, size_t>> stepOfAcquire,
      stepOfRelease, stepOfBD;
  std::map<Operation *, std::vector<aie::UseLockOp>> usesOf;
  std::map<Operation *, std::vector<aie::DMABDOp>> onBuffer;
  std::map<Operation *, size_t> chainOfBD;
  // In the chains' order (not by address): which stream a cycle of
  // streams is found from, and so its reason, is the same in every run.
  llvm::MapVector<Operation *, std::vector<std::pair<Operation *, size_t>>>
      writers;
  std::map<Operation *, const Ring *> ringAt;
  std::vector<std::unique_ptr<Ring>> rings;
  std::map<const Ring *, RingContent> contents;
  std::map<std::pair<Coord, int64_t>, Source> memo;
  bool regionForm = false, viewedWrite = false;
  std::set<Coord> cascadeTiles;
  std::set<std::pair<Coord, int64_t>> packetDests;
  std::string seqWhy;
  std::map<ShimKey, Stream> shim, shimResults;
  std::map<std::pair<int64_t, int64_t>, isl::pw_multi_aff> shimParsed;
  /// The keys the derivation caches (memo, contents, shimParsed) held at
  /// one point: what was derived from an approximation or a staged prefix
  /// is dropped back to it (dropSince), as it stands for that prefix only.
  struct CacheMark {
    std::set<std::pair<Coord, int64_t>> memo;
    std::set<const Ring *> contents;
    std::set<std::pair<int64_t, int64_t>> parsed;
  };
  CacheMark mark() const {
    return {keysOf(memo), keysOf(contents), keysOf(shimParsed)};
  }
  void dropSince(const CacheMark &m) {
    dropAdded(memo, m.memo);
    dropAdded(contents, m.contents);
    dropAdded(shimParsed, m.parsed);
  }
  /// A shim channel's stream up to the tasks being read (shimRelation).
  std::map<ShimKey, Source> shimStages;
  /// The runtime sequence's pushes on written arguments and its waits.
  std::vector<ShimEvent> shimEvents;
  std::map<const BDChain *, std::pair<std::optional<Layout>, std::string>>
      layouts;
  std::set<std::pair<Coord, int64_t>> lockIds, aliasedIds;
  std::map<Operation *, int64_t> who;

public:
  std::vector<Operation *> computed;
};

} // namespace

StreamRelations aircheck::validate::deriveStreamRelations(Device &d,
                                                          IslContext &isl) {
  return Reader(d, isl).run();
}
