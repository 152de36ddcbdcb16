//===- TransferPlan.cpp - every channel transfer, in the verified order ---===//
#include "lowerings/AIRToAIE/TransferPlan.h"

#include "lowerings/AIRToAIE/BDChains.h"
#include "lowerings/AIRToAIE/ChannelAccess.h"
#include "lowerings/AIRToAIE/CoreBodies.h"
#include "lowerings/AIRToAIE/Refusal.h"
#include "dialects/AIR/HierarchySizes.h"

#include "analyses/AsyncGraph.h"
#include "analyses/PatternStart.h"
#include "analyses/executor/SkeletonExecutor.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/StringExtras.h"

#include <limits>
#include <map>
#include <set>
#include <tuple>

using namespace mlir;
using namespace aircheck;
using namespace aircheck::npu;

static std::string tuple(ArrayRef<int64_t> v) {
  return "[" + llvm::join(llvm::map_range(v, [](int64_t x) { return std::to_string(x); }), ", ") + "]";
}

std::string Endpoint::label() const {
  if (!channel)
    return (isPut ? "the source side of " : "the destination side of ") +
           name + tuple(index);
  return (isPut ? "the puts on @" : "the gets on @") + name + tuple(index);
}

std::string Endpoint::streamName() const {
  // A channel of one index is named alone, as upstream names it.
  std::string s = name;
  if (namedByIndex)
    for (int64_t i : index)
      s += "_" + std::to_string(i);
  // A piece of a stream cut over a split L2 buffer (L2Split.h).
  if (part >= 0)
    s += "_part" + std::to_string(part);
  return s;
}

Value aircheck::npu::rootMemref(Value v) {
  for (unsigned guard = 0; guard < 64; ++guard) {
    if (auto r = dyn_cast<OpResult>(v)) {
      if (auto e = dyn_cast<air::ExecuteOp>(r.getOwner())) {
        if (r.getResultNumber() == 0)
          return v;
        auto term = e.getBody().getTerminator();
        v = term->getOperand(r.getResultNumber() - 1);
        continue;
      }
      return v;
    }
    auto arg = cast<BlockArgument>(v);
    auto h = dyn_cast<air::HierarchyOpInterface>(arg.getOwner()->getParentOp());
    if (!h)
      return v;
    unsigned n = 2 * h.getNumDims();
    if (arg.getArgNumber() < n)
      return v;
    v = h.getKernelOperands()[arg.getArgNumber() - n];
  }
  return v;
}

/// Makes the lowering's start of `a` (explicitPattern: the sum of its
/// offsets times its strides) the pattern's start as docs/semantics.md 4b
/// reads it (analyses/PatternStart): where the offsets index the buffer
/// (one per dimension), a dimension of size 1 takes the buffer's stride,
/// which changes no element it moves (upstream's test/xrt/49_triton_softmax
/// form, `%out[%x, %y, 0] [1, 1, 1024] [1024, 1024, 1]`); else a dimension
/// whose stride divides the start carries all of it. False where neither
/// can.
static bool startAsWritten(Access &a, MemRefType type) {
  if (a.sizes.empty() || !type || !type.hasStaticShape())
    return true;
  auto start = [&] {
    ExplicitPattern p = explicitPattern(a, type);
    return std::make_pair(p.base(),
                          patternStart(a.offsets, p.strides, type.getShape()));
  };
  auto [lowered, meant] = start();
  if (lowered == meant)
    return true;
  int64_t rank = type.getRank();
  if ((int64_t)a.offsets.size() != rank || (int64_t)a.sizes.size() != rank ||
      a.strides.size() != a.sizes.size())
    return false;
  SmallVector<int64_t, 4> rows = rowMajor(type.getShape());
  Access tried = a;
  for (int64_t k = 0; k < rank; ++k)
    if (tried.sizes[k] == 1)
      tried.strides[k] = rows[k];
  ExplicitPattern p = explicitPattern(tried, type);
  if (p.base() == meant) {
    a = std::move(tried);
    return true;
  }
  // Else one dimension whose stride divides the start carries all of it
  // (the innermost first).
  for (int64_t k = rank; k-- > 0;)
    if (a.strides[k] > 0 && meant % a.strides[k] == 0) {
      a.offsets.assign(rank, 0);
      a.offsets[k] = meant / a.strides[k];
      return explicitPattern(a, type).base() == meant;
    }
  return false;
}

namespace {
/// Collects what the run does.
class Recorder : public TransferObserver {
public:
  struct Pattern {
    SmallVector<int64_t, 4> offsets, sizes, strides;
  };
  struct Reached {
    Operation *op;
    SmallVector<SmallVector<int64_t, 4>, 1> destinations;
    /// Per side (ChannelAccess::sidesOf).
    SmallVector<Pattern, 2> sides;
    Operation *herd = nullptr;
    SmallVector<int64_t, 2> ids;
    bool concrete = true;
    uint64_t order = ~0ull;
  };
  std::map<unsigned, Reached> reached_;
  uint64_t starts = 0;

  void reached(unsigned id, Operation *op,
               ArrayRef<SmallVector<int64_t, 4>> destinations,
               function_ref<std::optional<int64_t>(Value)> valueOf) override {
    Reached r;
    r.op = op;
    r.destinations.assign(destinations.begin(), destinations.end());
    auto eval = [&](ArrayRef<OpFoldResult> in, SmallVector<int64_t, 4> &out) {
      for (OpFoldResult f : in) {
        if (auto a = dyn_cast<Attribute>(f)) {
          out.push_back(cast<IntegerAttr>(a).getInt());
          continue;
        }
        std::optional<int64_t> x = valueOf(cast<Value>(f));
        if (!x) {
          r.concrete = false;
          out.push_back(0);
        } else {
          out.push_back(*x);
        }
      }
    };
    for (const ChannelAccess &side : ChannelAccess::sidesOf(op)) {
      Pattern p;
      eval(side.offsets, p.offsets);
      eval(side.sizes, p.sizes);
      eval(side.strides, p.strides);
      r.sides.push_back(std::move(p));
    }
    if (auto herd = op->getParentOfType<air::HerdOp>()) {
      r.herd = herd;
      for (BlockArgument id :
           cast<air::HierarchyOpInterface>(herd.getOperation()).getIds()) {
        std::optional<int64_t> x = valueOf(id);
        r.ids.push_back(x ? *x : -1);
      }
    }
    reached_[id] = std::move(r);
  }
  void started(unsigned id) override { reached_[id].order = starts++; }
};
} // namespace

static Level levelOf(MemRefType t) {
  unsigned s = air::getMemorySpace(t).value_or(0);
  return s == unsigned(air::MemorySpace::L1)   ? Level::L1
         : s == unsigned(air::MemorySpace::L2) ? Level::L2
                                               : Level::L3;
}

/// Sources that send the same data: L2 or L3 put endpoints whose transfers
/// are the same op reading the same elements of the same buffer, transfer
/// for transfer (a 4x4 herd whose tiles in one row each copy the same panel
/// rows with one dma_memcpy_nd). One MM2S
/// channel with a flow to each destination (a broadcast) sends them once.
/// The destinations then take each transfer together, a schedule the AIR
/// program allows; should a program need one destination ahead of another,
/// the lowered design deadlocks and the second check says so.
bool aircheck::npu::mergeIdenticalSources(TransferPlan &plan) {
  std::vector<int> into(plan.endpoints.size(), -1);
  for (size_t i = 0; i < plan.endpoints.size(); ++i) {
    const Endpoint &a = plan.endpoints[i];
    if (!a.isPut || a.level == Level::L1 || into[i] >= 0)
      continue;
    for (size_t j = i + 1; j < plan.endpoints.size(); ++j) {
      const Endpoint &b = plan.endpoints[j];
      if (into[j] >= 0 || !b.isPut || b.level != a.level ||
          b.accesses.size() != a.accesses.size())
        continue;
      // The same op, transfer for transfer (one dma_memcpy_nd of a herd
      // body that several tiles issue alike): sources of different ops may
      // run at different times (two launches), and a broadcast would tie
      // their destinations together.
      bool same = true;
      for (size_t k = 0; same && k < a.accesses.size(); ++k)
        same = a.accesses[k] == b.accesses[k] &&
               a.accesses[k].op == b.accesses[k].op;
      if (same)
        into[j] = i;
    }
  }
  std::vector<unsigned> index(plan.endpoints.size());
  std::vector<Endpoint> kept;
  for (size_t i = 0; i < plan.endpoints.size(); ++i)
    if (into[i] < 0) {
      index[i] = kept.size();
      kept.push_back(plan.endpoints[i]);
    }
  for (size_t i = 0; i < plan.endpoints.size(); ++i)
    if (into[i] >= 0)
      index[i] = index[into[i]];
  for (size_t i = 0; i < plan.endpoints.size(); ++i)
    if (into[i] >= 0) {
      for (unsigned peer : plan.endpoints[i].peers)
        kept[index[i]].peers.push_back(peer);
      // The broadcast moves its k-th transfer when every destination takes
      // it: at the latest of the merged sources' k-th transfers in the run.
      // (The turns of an L2 buffer follow these places; the first source's
      // place would have the merged stream run ahead of a destination.)
      std::vector<Access> &merged = kept[index[i]].accesses;
      for (auto [k, a] : llvm::enumerate(plan.endpoints[i].accesses))
        merged[k].order = std::max(merged[k].order, a.order);
    }
  for (Endpoint &e : kept)
    for (unsigned &peer : e.peers)
      peer = index[peer];
  bool merged = kept.size() != plan.endpoints.size();
  plan.endpoints = std::move(kept);
  return merged;
}

/// Gives `a`, a source side of `op`, its padding (docs/semantics.md 4c),
/// one count per dimension of its explicit pattern; false (refused) where
/// the design cannot pad it: mlir-aie pads memory-tile MM2S BDs only, and
/// the innermost dimension's pads must fill whole 32-bit words (its
/// dma_bd verifier's rule).
static bool padSource(Access &a, const BufferRef &buf, Operation *op) {
  if (!op->hasAttr("pad_before") && !op->hasAttr("pad_after"))
    return true;
  ExplicitPattern e = explicitPattern(a, buf.type);
  std::optional<air::Padding> pad = air::getPadding(op, e.sizes.size());
  if (!pad || pad->before.empty()) {
    refuse(op) << "its padding (pad_before / pad_after) does not align with "
                  "the pattern's dimensions";
    return false;
  }
  if (llvm::all_of(pad->before, [](int64_t v) { return v == 0; }) &&
      llvm::all_of(pad->after, [](int64_t v) { return v == 0; }))
    return true;
  if (buf.level != Level::L2) {
    refuse(op) << "pads a transfer out of "
               << (buf.level == Level::L1 ? "L1" : "L3")
               << "; the design pads what a memory tile sends only (mlir-aie "
                  "writes padding into memory-tile MM2S BDs)";
    return false;
  }
  unsigned bytes = std::max(1u, buf.type.getElementTypeBitWidth() / 8);
  if ((pad->before.back() * bytes) % 4 || (pad->after.back() * bytes) % 4) {
    refuse(op) << "pads its innermost dimension by " << pad->before.back()
               << " and " << pad->after.back() << " elements of " << bytes
               << " bytes: mlir-aie pads in whole 32-bit words there";
    return false;
  }
  // The explicit pattern's dimensions, which the pads now index.
  a.offsets.assign(e.offs.begin(), e.offs.end());
  a.sizes.assign(e.sizes.begin(), e.sizes.end());
  a.strides.assign(e.strides.begin(), e.strides.end());
  a.padBefore = pad->before;
  a.padAfter = pad->after;
  return true;
}

/// The extent of each unranked argument of `func` the run's transfers
/// touch: one past the last element any of them reaches, each pattern read
/// as on a 1-D buffer (docs/semantics.md 4b: explicit strides address the
/// buffer linearly, which does not need its shape). The host's buffer is
/// at least as large; the runtime sequence names it as a 1-D memref of
/// this size. A transfer that names the whole buffer (no pattern) or leaves
/// the strides out has no meaning without the shape: refused.
static std::map<unsigned, int64_t>
unrankedExtents(func::FuncOp func, const Recorder &rec,
                std::set<Operation *> &refused) {
  std::map<unsigned, int64_t> extent;
  for (const auto &[id, r] : rec.reached_) {
    if (r.order == ~0ull || !r.concrete)
      continue;
    for (auto [k, side] : llvm::enumerate(ChannelAccess::sidesOf(r.op))) {
      auto arg = dyn_cast<BlockArgument>(rootMemref(side.memref));
      if (!arg || arg.getOwner()->getParentOp() != func.getOperation())
        continue;
      auto u = dyn_cast<UnrankedMemRefType>(arg.getType());
      if (!u)
        continue;
      const Recorder::Pattern &pat = r.sides[k];
      if (pat.sizes.empty() || pat.strides.size() != pat.sizes.size()) {
        if (!refused.insert(r.op).second)
          continue; // one error per op, not per instance
        refuse(r.op) << "a transfer of unranked argument #"
                     << arg.getArgNumber()
                     << (pat.sizes.empty() ? " that names the whole buffer"
                                           : " without strides")
                     << ": without a shape it has no extent (give the "
                        "sizes and strides, or a ranked memref type)";
        continue;
      }
      Access a{0, pat.offsets, pat.sizes, pat.strides, r.op, r.order};
      auto probe = MemRefType::get({std::numeric_limits<int32_t>::max()},
                                   u.getElementType());
      ExplicitPattern p = explicitPattern(a, probe);
      int64_t last = p.base();
      bool nonNegative = last >= 0;
      for (auto [size, stride] : llvm::zip(p.sizes, p.strides)) {
        if (size <= 0)
          continue;
        nonNegative &= stride >= 0;
        last += (size - 1) * stride;
      }
      if (p.count() <= 0)
        continue; // moves nothing
      if (!nonNegative) {
        if (refused.insert(r.op).second)
          refuse(r.op) << "a transfer of unranked argument #"
                       << arg.getArgNumber()
                       << " with a negative start or stride";
        continue;
      }
      int64_t &e = extent[arg.getArgNumber()];
      e = std::max(e, last + 1);
    }
  }
  return extent;
}

FailureOr<TransferPlan> aircheck::npu::planTransfers(func::FuncOp func,
                                                     const AsyncGraph &graph,
                                                     bool mergeSources,
                                                     bool *merged,
                                                     uint64_t maxSteps) {
  TransferPlan plan;
  plan.func = func;
  Recorder rec;
  SkeletonOptions options;
  options.launchMode = LaunchMode::Serial;
  options.observer = &rec;
  options.maxSteps = std::max(options.maxSteps, maxSteps);
  ModuleOp module = func->getParentOfType<ModuleOp>();
  SkeletonResult run = runSkeleton(module, options, graph);
  if (run.verdict != SkeletonResult::Verdict::Completed) {
    auto diag = refuse(func) << "the run the lowering follows did not complete (";
    if (run.verdict == SkeletonResult::Verdict::StepLimit)
      diag << "it passed its step limit of " << options.maxSteps
           << "; compile's --max-steps raises it";
    else
      diag << (run.reason.empty() ? "deadlock" : run.reason);
    diag << ")";
    return failure();
  }

  std::set<Operation *> refusedUnranked;
  std::map<unsigned, int64_t> unrankedExtent =
      unrankedExtents(func, rec, refusedUnranked);
  bool ok = refusedUnranked.empty();
  // Buffers, by what they are.
  std::map<std::tuple<Operation *, Operation *, SmallVector<int64_t, 2>>, unsigned>
      l1;
  std::map<Operation *, unsigned> l2;
  std::map<unsigned, unsigned> l3;
  std::map<Operation *, unsigned> globals;
  // Per L1 alloc from outside the herds: the herd ops that use it; those
  // refused.
  llvm::DenseMap<Operation *, SmallVector<air::HerdOp>> outerUsers;
  std::set<Operation *> refusedOuter;
  // A transfer reached by several instances is refused once: one error per
  // op, whichever instance met it first.
  std::set<Operation *> saidAt;
  auto refuseOnce = [&](Operation *op) {
    InFlightDiagnostic d = refuse(op);
    if (!saidAt.insert(op).second)
      d.abandon();
    return d;
  };
  // The index of the buffer `key` names in `index`, added as `b` the first
  // time.
  auto intern = [&](auto &index, const auto &key, const BufferRef &b) {
    auto [it, fresh] = index.try_emplace(key, plan.buffers.size());
    if (fresh)
      plan.buffers.push_back(b);
    return it->second;
  };
  // `mmio`: the side of an npu_mmio put, which may send a memref.global.
  auto bufferOf = [&](const Recorder::Reached &r, Value memref,
                      bool mmio) -> std::optional<unsigned> {
    Value root = rootMemref(memref);
    auto type = dyn_cast<MemRefType>(root.getType());
    // An unranked argument: the 1-D memref that holds every element the
    // run's transfers touch (unrankedExtents).
    if (auto u = dyn_cast<UnrankedMemRefType>(root.getType())) {
      auto arg = dyn_cast<BlockArgument>(root);
      if (arg && unrankedExtent.count(arg.getArgNumber()))
        type = MemRefType::get({unrankedExtent[arg.getArgNumber()]},
                               u.getElementType(), MemRefLayoutAttrInterface(),
                               u.getMemorySpace());
      else if (refusedUnranked.count(r.op))
        return std::nullopt; // said once, by unrankedExtents
    }
    if (!type || !type.hasStaticShape()) {
      refuseOnce(r.op) << "the memref it transfers has no static shape";
      return std::nullopt;
    }
    Level level = levelOf(type);
    if (level == Level::L3) {
      if (auto g = root.getDefiningOp<memref::GetGlobalOp>(); g && mmio) {
        Operation *global = SymbolTable::lookupNearestSymbolFrom(
            g, g.getNameAttr());
        BufferRef b{Level::L3};
        b.global = global;
        b.type = type;
        return intern(globals, global, b);
      }
      auto arg = dyn_cast<BlockArgument>(root);
      if (!arg || arg.getOwner()->getParentOp() != func.getOperation()) {
        refuseOnce(r.op) << "an L3 memref that is not an argument of @"
                         << func.getSymName()
                         << " (the runtime sequence can only name those)";
        return std::nullopt;
      }
      BufferRef b{Level::L3};
      b.argIndex = arg.getArgNumber();
      b.type = type;
      return intern(l3, arg.getArgNumber(), b);
    }
    auto alloc = root.getDefiningOp<memref::AllocOp>();
    if (!alloc) {
      refuseOnce(r.op)
          << "the " << (level == Level::L1 ? "L1" : "L2")
          << " memref it transfers is not a memref.alloc (a view or "
             "a block argument is not lowered)";
      return std::nullopt;
    }
    if (level == Level::L2) {
      if (!alloc->getParentOfType<air::SegmentOp>() ||
          alloc->getParentOfType<air::HerdOp>()) {
        refuse(alloc) << "an L2 alloc outside a segment body is not lowered";
        return std::nullopt;
      }
      BufferRef b{Level::L2};
      b.alloc = alloc;
      b.type = type;
      return intern(l2, alloc.getOperation(), b);
    }
    auto herd = alloc->getParentOfType<air::HerdOp>();
    // An L1 buffer from outside the herds is the tile's copy
    // (CoreBodies.h, outerL1Alloc): as the herd's own where one herd op
    // uses it, and as the first's where herds of one name in one segment
    // use it (they run on the same tiles, one after the other: one buffer
    // and one lock pair per tile, whichever herd transfers it). Herds of
    // other names run on other tiles, where the copy would not be theirs.
    bool outer = !herd && r.herd;
    if (outer) {
      auto [users, fresh] = outerUsers.try_emplace(alloc.getOperation());
      if (fresh)
        users->second = outerL1Users(alloc);
      SmallVector<air::HerdOp> &hs = users->second;
      // Said once per alloc, not per transfer that reaches it.
      if (refusedOuter.count(alloc.getOperation()))
        return std::nullopt;
      StringAttr name = hs.empty() ? StringAttr() : hs.front().getSymNameAttr();
      auto segment = [](air::HerdOp h) {
        return h->getParentOfType<air::SegmentOp>();
      };
      bool oneName = name && llvm::all_of(hs, [&](air::HerdOp h) {
                       return h.getSymNameAttr() == name &&
                              segment(h) == segment(hs.front());
                     });
      if (hs.size() != 1 && !oneName) {
        refusedOuter.insert(alloc.getOperation());
        refuseOnce(r.op) << "an L1 buffer from outside the herds that "
                         << hs.size()
                         << " herd ops of different names use, transferred in "
                            "one of them: a tile's copy with transfers from "
                            "herds on other tiles is not lowered";
        return std::nullopt;
      }
      // The core runs each herd's part as a loop of its own, over its
      // launch's instances and the loops around it (repeatCoreBody); with
      // one copy taking transfers from several herds, the DMA would fill
      // it in the run's order, instance by instance, and the parts would
      // take the fills part by part. Each herd must run once.
      if (hs.size() != 1)
        for (air::HerdOp h : hs)
          for (Operation *up = h->getParentOp(); up && !isa<func::FuncOp>(up);
               up = up->getParentOp()) {
            std::optional<int64_t> n = 1;
            if (auto hi = dyn_cast<air::HierarchyOpInterface>(up))
              n = air::constantInstances(hi);
            else if (!isa<air::ExecuteOp>(up))
              n = std::nullopt;
            if (n != 1) {
              refusedOuter.insert(alloc.getOperation());
              auto diag = refuseOnce(r.op)
                          << "an L1 buffer from outside the herds that "
                          << hs.size()
                          << " herd ops of one name transfer or use, and one "
                             "of them is under a '"
                          << up->getName().getStringRef()
                          << "' that does not run it exactly once: the "
                             "tile's copy would take the fills of every run "
                             "in the run's order, and the core runs each "
                             "herd's part in a loop of its own";
              diag.attachNote(h.getLoc()) << "the herd";
              return std::nullopt;
            }
          }
      herd = hs.front();
    }
    if (!herd || (herd != r.herd && !outer)) {
      refuseOnce(r.op)
          << "an L1 buffer is transferred outside the herd that "
             "allocates it (the lowering gives each core its own L1)";
      return std::nullopt;
    }
    BufferRef b{Level::L1};
    b.alloc = alloc;
    b.herd = herd;
    b.ids = r.ids;
    b.type = type;
    return intern(l1,
                  std::make_tuple(alloc.getOperation(), herd.getOperation(),
                                  r.ids),
                  b);
  };

  // Endpoints, by (put?, channel, index, place).
  using Key = std::tuple<bool, std::string, SmallVector<int64_t, 4>, Level,
                         Operation *, SmallVector<int64_t, 2>>;
  std::map<Key, unsigned> endpointOf;
  // FIFO (channel, destination index) -> its put endpoints and get endpoints.
  std::map<std::pair<std::string, SmallVector<int64_t, 4>>,
           std::pair<SmallVector<unsigned, 1>, SmallVector<unsigned, 1>>>
      fifos;

  std::vector<const Recorder::Reached *> inOrder;
  for (auto &[id, r] : rec.reached_)
    inOrder.push_back(&r);
  llvm::stable_sort(inOrder, [](auto *a, auto *b) { return a->order < b->order; });
  SymbolTableCollection symbols;
  llvm::DenseMap<Operation *, unsigned> memcpyIds;
  for (const Recorder::Reached *r : inOrder) {
    if (r->order == ~0ull)
      continue; // reached, never started: the run completed, so none
    if (!r->concrete) {
      refuseOnce(r->op)
          << "an offset, size or stride is not a constant in the run";
      ok = false;
      continue;
    }
    SmallVector<ChannelAccess, 2> sides = ChannelAccess::sidesOf(r->op);
    bool memcpy = isa<air::DmaMemcpyNdOp>(r->op);
    for (auto [k, access] : llvm::enumerate(sides)) {
      bool isPut = access.isPut;
      air::ChannelOp chan;
      std::string name;
      bool namedByIndex;
      SmallVector<int64_t, 4> index;
      if (memcpy) {
        // One FIFO of its own per dma_memcpy_nd and issuing instance.
        auto [it, fresh] = memcpyIds.try_emplace(r->op, memcpyIds.size());
        name = "memcpy" + std::to_string(it->second);
        index.assign(r->ids.begin(), r->ids.end());
        namedByIndex = !r->ids.empty();
      } else {
        chan = air::lookupChannel(r->op, access.name, symbols);
        name = chan.getSymName().str();
        namedByIndex = llvm::product_of(chan.getShape()) > 1;
        index = r->destinations.front();
        if (isPut && r->destinations.size() != 1)
          index.push_back(-1); // a broadcast source, keyed by its first FIFO
      }
      std::optional<unsigned> buf =
          bufferOf(*r, access.memref, isMmio(chan));
      if (!buf) {
        ok = false;
        continue;
      }
      Level level = plan.buffers[*buf].level;
      if (memcpy && level == Level::L1 && !r->herd) {
        refuseOnce(r->op) << "an L1 side outside a herd";
        ok = false;
        continue;
      }
      Key key{isPut, name, index, level,
              level == Level::L1 ? r->herd : nullptr,
              level == Level::L1 ? r->ids : SmallVector<int64_t, 2>{}};
      auto [it, fresh] = endpointOf.try_emplace(key, plan.endpoints.size());
      if (fresh) {
        Endpoint e;
        e.isPut = isPut;
        e.level = level;
        e.channel = chan;
        e.decl = memcpy ? r->op : chan.getOperation();
        e.name = name;
        e.namedByIndex = namedByIndex;
        e.index = index;
        if (!memcpy && isPut && r->destinations.size() != 1)
          e.index.pop_back();
        if (level == Level::L1) {
          e.herd = r->herd;
          e.ids = r->ids;
        }
        plan.endpoints.push_back(e);
        if (memcpy) {
          auto &f = fifos[{name, index}];
          (isPut ? f.first : f.second).push_back(it->second);
        } else {
          for (const auto &d : r->destinations) {
            auto &f = fifos[{name, d}];
            (isPut ? f.first : f.second).push_back(it->second);
          }
        }
      }
      const Recorder::Pattern &pat = r->sides[k];
      Access a{*buf, pat.offsets, pat.sizes, pat.strides, r->op, r->order};
      if (!startAsWritten(a, plan.buffers[*buf].type)) {
        refuseOnce(r->op)
            << "a pattern whose offsets index its buffer (one per "
               "dimension) while its strides are not the buffer's: it "
               "starts at the offsets' row-major position "
               "(docs/semantics.md 4b), and the lowering keeps a start per "
               "dimension, which cannot express it here (no dimension of "
               "size 1, and no stride that divides the start)";
        ok = false;
        continue;
      }
      if (isPut && !padSource(a, plan.buffers[*buf], r->op)) {
        ok = false;
        continue;
      }
      plan.endpoints[it->second].accesses.push_back(std::move(a));
    }
  }
  if (!ok)
    return failure();

  // Each FIFO: one place puts, one place gets.
  for (auto &[fifo, sides] : fifos) {
    auto &[puts, gets] = sides;
    llvm::sort(puts);
    puts.erase(std::unique(puts.begin(), puts.end()), puts.end());
    llvm::sort(gets);
    gets.erase(std::unique(gets.begin(), gets.end()), gets.end());
    if (puts.size() != 1 || gets.size() != 1) {
      const Endpoint &any = plan.endpoints[puts.empty() ? gets.front() : puts.front()];
      auto diag = refuse(any.decl)
                  << "@" << fifo.first << tuple(fifo.second) << " is "
                  << (puts.size() != 1 ? "fed" : "drained") << " from "
                  << (puts.size() != 1 ? puts.size() : gets.size())
                  << " places; the lowering gives each channel index one "
                     "DMA stream with one producer and one consumer (merging "
                     "streams needs packet switching, which it does not do)";
      for (unsigned e : puts.size() != 1 ? puts : gets)
        diag.attachNote(plan.endpoints[e].accesses.front().op->getLoc())
            << "one of them";
      ok = false;
      continue;
    }
    plan.endpoints[puts.front()].peers.push_back(gets.front());
    plan.endpoints[gets.front()].peers.push_back(puts.front());
  }
  if (!ok)
    return failure();
  bool any = mergeSources && mergeIdenticalSources(plan);
  if (merged)
    *merged = any;
  return plan;
}

void aircheck::npu::dropEndpoints(
    TransferPlan &plan, llvm::function_ref<bool(const Endpoint &)> drop) {
  std::vector<int> renumber(plan.endpoints.size(), -1);
  std::vector<Endpoint> kept;
  for (auto [i, e] : llvm::enumerate(plan.endpoints))
    if (!drop(e)) {
      renumber[i] = kept.size();
      kept.push_back(e);
    }
  for (Endpoint &e : kept)
    for (unsigned &p : e.peers)
      p = renumber[p];
  plan.endpoints = std::move(kept);
}
