//===- ProgramStreams.cpp - what an AIR program delivers, as isl ----------===//
#include "analyses/validate/ProgramStreams.h"
#include "analyses/validate/MixedRadix.h"

#include "analyses/AsyncGraph.h"
#include "analyses/ChannelModel.h"
#include "analyses/MemrefEffects.h"
#include "analyses/MemrefRoots.h"
#include "analyses/PolyhedralModel.h"
#include "analyses/symbolic/FifoMatching.h"
#include "analyses/symbolic/InstanceOrder.h"
#include "dialects/AIR/AIRDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Pass/AnalysisManager.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"

#include <optional>
#include <set>

using namespace mlir;
using namespace aircheck;
using namespace aircheck::validate;

namespace {

/// Why a buffer is not covered.
struct NotCovered {
  std::string why;
};

std::string dimList(const std::vector<Dim> &dims) {
  std::vector<std::string> n;
  for (const Dim &d : dims)
    n.push_back(d.name);
  return llvm::join(n, ", ");
}

/// The memory space of a memref type (0 without one).
int64_t spaceOf(Type t) {
  auto m = dyn_cast<MemRefType>(t);
  if (!m)
    return -1;
  auto s = dyn_cast_or_null<IntegerAttr>(m.getMemorySpace());
  return s ? s.getInt() : 0;
}

/// What a memref operand names, without views: a function argument or an
/// alloc (through execute results and hierarchy kernel arguments).
struct Buffer {
  int argument = -1;
  Operation *alloc = nullptr;
  MemRefType type;
};

std::optional<Buffer> bufferOf(Value v) {
  Value r = memrefRoot(v, KernelArgLinks | ExecuteLinks);
  Buffer b;
  if (auto a = dyn_cast_or_null<BlockArgument>(r)) {
    if (!isa_and_nonnull<func::FuncOp>(a.getOwner()->getParentOp()))
      return std::nullopt;
    b.argument = a.getArgNumber();
  } else if (Operation *def = r ? r.getDefiningOp() : nullptr) {
    if (!isa<memref::AllocOp, memref::AllocaOp>(def))
      return std::nullopt;
    b.alloc = def;
  } else {
    return std::nullopt;
  }
  b.type = dyn_cast<MemRefType>(r.getType());
  if (!b.type || !b.type.hasStaticShape() || !b.type.getLayout().isIdentity())
    return std::nullopt;
  return b;
}

/// The name of a map's range tuple.
std::string rangeName(const isl::map &m) {
  const char *n = isl_map_get_tuple_name(m.get(), isl_dim_out);
  return n ? n : "";
}

/// A transfer's pattern as walk() reads it: the element it starts at (isl
/// text over the instance's dims and the parameters), then per dimension,
/// outermost first, its size and stride.
struct WalkShape {
  std::string start;
  std::vector<int64_t> sizes, strides;
};

class Deriver {
public:
  Deriver(ModuleOp module, PolyhedralModel &poly, InstanceOrder &order,
          isl::union_map matches)
      : module(module), poly(poly), order(order), matches(matches) {}

  /// The fills of L1 alloc `alloc`, an explicit function of the instance
  /// and the entry; throws NotCovered.
  isl::pw_multi_aff fillsOf(Operation *alloc, unsigned &segmentDims);

  /// Per L1 alloc whose values its herd computes and transfers read: the
  /// kind-2 numbering of its instances (ProgramStreams::computed).
  std::map<Operation *, ProgramStreams::Numbering> computed;

private:
  /// A transfer's instances read as a place (segment and herd ids) and a
  /// sequence (the other dims, a lexicographic position of turns).
  struct Sequence {
    const Instances *in = nullptr;
    std::vector<std::string> key;
    std::vector<unsigned> keyDims;
    std::vector<int64_t> keySizes; // -1: not a constant
    unsigned segmentDims = 0;
    std::vector<unsigned> seqDims;
    std::vector<int64_t> trips; // per sequence dim but the outermost
  };
  Sequence sequenceOf(Operation *op, const char *what);
  /// What a transfer reading L1 alloc `alloc`, which its herd computes
  /// into, reads: { [T[d] -> Pos[p]] -> V[2, who, round, x] }.
  isl::pw_multi_aff computedTags(Operation *op, Operation *alloc);
  int64_t nextWho = 0;

  /// "T[d0, ...]" of an op.
  std::string tupleOf(Operation *op) {
    return order.node(op).name + "[" +
           dimList(poly.instancesOf(op).dims) + "]";
  }
  isl::set domainOf(Operation *op) { return order.node(op).domain; }

  /// The elements a transfer's pattern reaches, in order:
  /// { T[d] -> [Pos[p] -> NAME[x]] } (x linear in the buffer), and how many.
  /// `source`: a dma_memcpy_nd's source side (else its destination).
  isl::map walk(Operation *op, const std::string &name, int64_t &count,
                bool source = false, WalkShape *shape = nullptr);
  /// What a put or a dma_memcpy_nd reads, as tags, an explicit function:
  /// { [T[d] -> Pos[p]] -> V[k, w, r, x] }.
  isl::pw_multi_aff sourceTags(Operation *op, int depth);
  /// What a get or a dma_memcpy_nd writes, as tags, position by position of
  /// its pattern: { [T[d] -> Pos[p]] -> V[k, w, r, x] }.
  isl::pw_multi_aff writeTags(Operation *op, int depth);
  /// What a put reading L2 alloc `l2` reads:
  /// { [P[d] -> Pos[p]] -> V[k, w, r, x] }.
  isl::pw_multi_aff lastWrites(Operation *put, Operation *l2,
                               const isl::map &read, int depth);
  /// The same over `writers`, transfers below `anchor` (the process the
  /// buffer lives in; the function for an argument). Without `put`,
  /// `read` is { L[t] -> L[t] } and every write counts (what the buffer
  /// holds at the end). `reached`: the reads some write comes before.
  isl::pw_multi_aff lastWritesIn(Operation *put, Operation *anchor,
                                 ArrayRef<Operation *> writers,
                                 const isl::map &read, int depth,
                                 isl::set *reached = nullptr);
  /// The op with node name `name`.
  Operation *opNamed(const std::string &name) {
    if (byName.empty())
      module.walk([&](Operation *op) {
        if (isa<air::ChannelOpInterface>(op))
          byName[order.node(op).name] = op;
      });
    auto it = byName.find(name);
    return it == byName.end() ? nullptr : it->second;
  }
  /// Whether an op other than a transfer (AIR's ops) writes `alloc`.
  bool computedInto(Operation *alloc) {
    return llvm::any_of(writersOf(alloc), [](Operation *w) {
      return !isa<air::AIRDialect>(w->getDialect());
    });
  }
  /// The most buffers a source is read through (sourceTags' depth).
  static constexpr int kMaxLevels = 4;
  /// The ops whose memref effects write `alloc`.
  const std::vector<Operation *> &writersOf(Operation *alloc) {
    indexWrites();
    return writers[alloc];
  }
  /// Whether an op of the program writes function argument `n`.
  bool argumentWritten(int n) {
    indexWrites();
    return writtenArguments.count(n) > 0;
  }
  /// What every op of the module writes, in one walk: the allocs (by their
  /// op) and the function arguments (by number) its memref effects reach.
  void indexWrites() {
    if (indexed)
      return;
    indexed = true;
    module.walk([&](Operation *op) {
      llvm::SmallPtrSet<Operation *, 2> seen;
      for (const MemrefEffect &e : memrefEffects(op)) {
        if (!e.write)
          continue;
        Value root = memrefRoot(e.memref);
        if (auto a = dyn_cast_or_null<BlockArgument>(root)) {
          if (isa<func::FuncOp>(a.getOwner()->getParentOp()))
            if (writtenArguments.insert(a.getArgNumber()), true)
              if (argWriters[a.getArgNumber()].empty() ||
                  argWriters[a.getArgNumber()].back() != op)
                argWriters[a.getArgNumber()].push_back(op);
        } else if (Operation *def = root ? root.getDefiningOp() : nullptr) {
          if (seen.insert(def).second)
            writers[def].push_back(op);
        }
      }
    });
  }
  /// Program order below `anchor`: per level from the outermost, the op's
  /// place in its block, then its loop's dims or its region's number.
  std::vector<std::string> scheduleOf(Operation *op, Operation *anchor);

  ModuleOp module;
  PolyhedralModel &poly;
  InstanceOrder &order;
  isl::union_map matches;
  std::map<std::string, Operation *> byName;
  llvm::DenseMap<Operation *, unsigned> place;
  bool indexed = false;
  /// The transfers (puts, dma_memcpy_nd) reading `alloc`, from one walk of
  /// the module for all allocs.
  const std::vector<Operation *> &readersOf(Operation *alloc) {
    if (!readsIndexed) {
      readsIndexed = true;
      module.walk([&](Operation *r) {
        Value src;
        if (auto t = dyn_cast<air::ChannelOpInterface>(r); t && t.isPut())
          src = t.getMemref();
        else if (auto dma = dyn_cast<air::DmaMemcpyNdOp>(r))
          src = dma.getSrc();
        if (!src)
          return;
        std::optional<Buffer> rb = bufferOf(src);
        if (rb && rb->alloc)
          readersByAlloc[rb->alloc].push_back(r);
      });
    }
    return readersByAlloc[alloc];
  }
  bool readsIndexed = false;
  std::map<Operation *, std::vector<Operation *>> readersByAlloc;
  std::map<Operation *, std::vector<Operation *>> writers;
  std::set<int> writtenArguments;
  std::map<int, std::vector<Operation *>> argWriters;

public:
  /// What function argument `n` holds at the end, where transfers write
  /// it: { A[n, t] -> V[k, w, r, x] } on the elements written; throws
  /// NotCovered.
  isl::pw_multi_aff resultsOf(int n);
  /// Where each element has one writer: its walk inverted (radixInverse,
  /// else isl). Throws WrittenTwice where an element has several.
  isl::pw_multi_aff resultsOfWriters(int n);
  struct WrittenTwice {};
  /// Each element's last write over the function's schedule (lastWritesIn
  /// without a reader).
  isl::pw_multi_aff resultsBySchedule(int n);
  /// A transfer's writes inverted, { A[t] -> [T[d] -> Pos[p]] }, as the
  /// digits of a mixed radix (MixedRadix.h), where its instances are a box
  /// of constant bounds, its start is affine in their dims and its strides
  /// (the start's coefficients and the pattern's) nest; nullopt elsewhere
  /// (isl then inverts the walk). isl's own inversion of seed 003's
  /// 512x1024x512 GEMM's result has 37 pieces; this has one.
  std::optional<isl::pw_multi_aff> radixInverse(Operation *op,
                                                const WalkShape &shape);
  /// The arguments some op writes.
  const std::map<int, std::vector<Operation *>> &writtenArgs() {
    indexWrites();
    return argWriters;
  }
};

isl::map Deriver::walk(Operation *op, const std::string &name,
                       int64_t &count, bool source, WalkShape *read) {
  Value memref;
  SmallVector<OpFoldResult> offs, sizes, strides;
  if (auto t = dyn_cast<air::ChannelOpInterface>(op)) {
    memref = t.getMemref();
    offs = t.getMixedOffsets();
    sizes = t.getMixedAccessSizes();
    strides = t.getMixedStrides();
    source = t.isPut();
  } else if (auto dma = dyn_cast<air::DmaMemcpyNdOp>(op)) {
    memref = source ? dma.getSrc() : dma.getDst();
    offs = source ? dma.getMixedSrcOffsets() : dma.getMixedDstOffsets();
    sizes = source ? dma.getMixedSrcSizes() : dma.getMixedDstSizes();
    strides = source ? dma.getMixedSrcStrides() : dma.getMixedDstStrides();
  } else {
    throw NotCovered{"a write by '" + op->getName().getStringRef().str() +
                     "'"};
  }
  if (source && air::getPadding(op, 4))
    throw NotCovered{"a padded source"};
  std::optional<Buffer> b = bufferOf(memref);
  if (!b)
    throw NotCovered{"a transfer on a view, or on a buffer without a static "
                     "identity layout"};
  const Instances &in = poly.instancesOf(op);
  if (in.unknown || in.boxes.size() != 1 || !in.opaqueBranches.empty())
    throw NotCovered{"a transfer whose instances are not one box"};
  ArrayRef<int64_t> shape = b->type.getShape();
  std::vector<std::string> cons;
  std::string x;
  count = 1;
  if (sizes.empty()) {
    if (!offs.empty())
      throw NotCovered{"a pattern with offsets and no sizes"};
    count = b->type.getNumElements();
    cons.push_back("0 <= p < " + std::to_string(count));
    x = "p";
    if (read)
      *read = WalkShape{"0", {count}, {1}};
  } else {
    if (strides.size() != sizes.size() ||
        (!offs.empty() && offs.size() != sizes.size() &&
         offs.size() != shape.size()))
      throw NotCovered{"a pattern whose lists differ in length"};
    auto expr = [&](OpFoldResult f) -> std::string {
      if (std::optional<int64_t> c = getConstantIntValue(f))
        return std::to_string(*c);
      AffineResult r = poly.affine(cast<Value>(f), in);
      if (r.unknown)
        throw NotCovered{"an offset that is not affine: " + r.unknown->reason};
      return "(" + r.expr + ")";
    };
    std::vector<int64_t> z, st;
    for (size_t k = 0; k < sizes.size(); ++k) {
      std::optional<int64_t> s = getConstantIntValue(sizes[k]),
                             w = getConstantIntValue(strides[k]);
      if (!s || !w)
        throw NotCovered{"a pattern whose sizes or strides are not "
                         "constants"};
      z.push_back(std::max<int64_t>(*s, 0));
      st.push_back(*w);
      count *= z.back();
    }
    std::string start = "0";
    if (!offs.empty() && offs.size() == shape.size()) {
      int64_t stride = 1;
      for (size_t k = shape.size(); k-- > 0;) {
        start += " + " + std::to_string(stride) + " * " + expr(offs[k]);
        stride *= shape[k];
      }
    } else if (!offs.empty()) {
      for (size_t k = 0; k + 1 < offs.size(); ++k)
        start += " + " + std::to_string(st[k]) + " * " + expr(offs[k]);
      start += " + " + expr(offs.back());
    }
    // Position p's index along dimension k is floor(p / w_k) mod z_k (w_k
    // the elements of one step of k): known divisions, which isl handles
    // far better than existential indices.
    x = start;
    int64_t weight = 1;
    for (size_t k = z.size(); k-- > 0;) {
      if (z[k] > 1 && st[k] != 0) {
        std::string i = "floor(p / " + std::to_string(weight) + ")";
        if (k > 0)
          i = "(" + i + ") mod " + std::to_string(z[k]);
        x += " + " + std::to_string(st[k]) + " * (" + i + ")";
      }
      weight *= z[k];
    }
    cons.push_back("0 <= p < " + std::to_string(count));
    if (read)
      *read = WalkShape{start, z, st};
  }
  cons.push_back("x = " + x);
  std::string text = poly.paramList() + " -> { " + tupleOf(op) +
                     " -> [Pos[p] -> " + name + "[x]] : " +
                     llvm::join(cons, " and ") + " }";
  return isl::map(poly.ctx(), text).intersect_domain(domainOf(op));
}

std::vector<std::string> Deriver::scheduleOf(Operation *op,
                                             Operation *anchor) {
  std::vector<Operation *> chain;
  for (Operation *x = op; x && x != anchor; x = x->getParentOp())
    chain.push_back(x);
  const Instances &in = poly.instancesOf(op);
  std::vector<std::string> out;
  for (size_t k = chain.size(); k-- > 0;) {
    Operation *x = chain[k];
    auto [it, fresh] = place.try_emplace(x, 0);
    if (fresh) {
      unsigned i = 0;
      for (Operation &y : *x->getBlock())
        place[&y] = i++;
    }
    out.push_back(std::to_string(place.lookup(x)));
    if (k == 0)
      break;
    // What x adds below it: its dims (a loop), or which region.
    Operation *inner = chain[k - 1];
    bool dims = false;
    for (const Dim &d : in.dims)
      if (d.owner == x) {
        out.push_back(d.name);
        dims = true;
      }
    if (!dims && x->getNumRegions() > 1)
      out.push_back(std::to_string(
          inner->getParentRegion()->getRegionNumber()));
    if (!isa<scf::ForOp, scf::ParallelOp, affine::AffineForOp, scf::IfOp,
             affine::AffineIfOp, air::ExecuteOp, air::HerdOp,
             air::SegmentOp, air::LaunchOp>(x))
      throw NotCovered{"a buffer accessed inside '" +
                       x->getName().getStringRef().str() +
                       "' (program order not read there)"};
  }
  return out;
}

isl::pw_multi_aff Deriver::sourceTags(Operation *op, int depth) {
  Value memref = isa<air::DmaMemcpyNdOp>(op)
                     ? cast<air::DmaMemcpyNdOp>(op).getSrc()
                     : cast<air::ChannelOpInterface>(op).getMemref();
  std::optional<Buffer> b = bufferOf(memref);
  if (!b)
    throw NotCovered{"a source on a view, or on a buffer without a static "
                     "identity layout"};
  int64_t n = 0;
  if (b->argument >= 0) {
    std::string text = "{ [Pos[p] -> A[x]] -> [Pos[p] -> V[1, " +
                       std::to_string(b->argument) + ", 0, x]] }";
    // The walk's element is an explicit quasi-affine expression of the
    // position: as a function, it is read off, not searched for.
    isl::pw_multi_aff host = walk(op, "A", n, true)
                                 .apply_range(isl::map(poly.ctx(), text))
                                 .uncurry()
                                 .as_pw_multi_aff();
    if (!argumentWritten(b->argument))
      return host;
    // An argument transfers of the program also write: each element read
    // holds its last write before the read (over the function's
    // schedule), else the host's element.
    if (depth >= kMaxLevels)
      throw NotCovered{"a source reached through more than " +
                       std::to_string(kMaxLevels) + " buffers"};
    auto func = op->getParentOfType<func::FuncOp>();
    if (!func)
      throw NotCovered{"an argument read outside its function"};
    isl::set reached;
    isl::pw_multi_aff written =
        lastWritesIn(op, func, argWriters[b->argument],
                     walk(op, "L", n, true).uncurry(), depth + 1, &reached);
    return written.union_add(host.subtract_domain(reached));
  }
  // A buffer whose elements transfers wrote: what each element read
  // holds is its last write before the read. Each such buffer on the way
  // back to the host or a core is a level of composition; a chain of them
  // ends within kMaxLevels (a cycle of buffers never ends).
  if (depth >= kMaxLevels)
    throw NotCovered{"a source reached through more than " +
                     std::to_string(kMaxLevels) + " buffers"};
  isl::map read;
  if (spaceOf(b->type) == 2 && b->alloc->getParentOfType<air::HerdOp>()) {
    if (computedInto(b->alloc))
      return computedTags(op, b->alloc);
    // An L1 buffer its herd only passes on: what its gets wrote.
    read = walk(op, "L", n, true).uncurry();
    return lastWrites(op, b->alloc, read, depth + 1);
  }
  if (spaceOf(b->type) != 1 || b->alloc->getParentOfType<air::HerdOp>())
    throw NotCovered{"a source other than a function argument, an L2 "
                     "buffer or an L1 buffer of a herd"};
  read = walk(op, "L", n, true).uncurry();
  return lastWrites(op, b->alloc, read, depth + 1);
}

isl::pw_multi_aff Deriver::writeTags(Operation *w, int depth) {
  if (isa<air::DmaMemcpyNdOp>(w)) {
    int64_t from = 0, to = 0;
    (void)walk(w, "L", from, true);
    (void)walk(w, "L", to, false);
    if (from != to)
      throw NotCovered{"a dma_memcpy_nd whose sides move different counts"};
    return sourceTags(w, depth);
  }
  // A get: from the puts it meets. An npu_mmio channel sets a buffer's
  // initial value, not a fill (ProgramRun.h).
  auto get = cast<air::ChannelOpInterface>(w);
  air::ChannelOp decl = air::lookupChannel(w, get.getChanNameAttr());
  if (!decl || decl.getKind() == "mmio")
    throw NotCovered{"a get on an npu_mmio channel"};
  isl::union_map meet =
      matches.intersect_range(isl::union_set(domainOf(w))).reverse();
  std::optional<isl::pw_multi_aff> tags;
  std::optional<std::string> failed;
  isl::pw_multi_aff samePos(poly.ctx(), "{ Pos[p] -> Pos[p] }");
  meet.foreach_map([&](isl::map m) {
    if (failed)
      return;
    Operation *p = opNamed(rangeName(m));
    if (!p) {
      failed = "a get whose put the model does not name";
      return;
    }
    // The k-th get meets the k-th put: one put instance per get instance,
    // the get's position p the put's.
    if (!m.is_single_valued()) {
      failed = "a get instance that meets several put instances";
      return;
    }
    try {
      isl::pw_multi_aff t = sourceTags(p, depth).pullback(
          m.lexmax_pw_multi_aff().product(samePos));
      tags = tags ? tags->union_add(t) : t;
    } catch (const NotCovered &nc) {
      failed = nc.why;
    }
  });
  if (failed)
    throw NotCovered{*failed};
  if (!tags)
    throw NotCovered{"a get no put meets"};
  return *tags;
}

isl::pw_multi_aff Deriver::lastWrites(Operation *put, Operation *l2,
                                      const isl::map &read, int depth) {
  // The process both run in: the hierarchy op around the alloc.
  Operation *anchor = l2->getParentOp();
  while (anchor && !isa<air::HerdOp, air::SegmentOp, air::LaunchOp,
                        func::FuncOp>(anchor))
    anchor = anchor->getParentOp();
  if (!anchor || isa<func::FuncOp>(anchor))
    throw NotCovered{"an L2 buffer outside a segment or launch"};
  const std::vector<Operation *> &writers = writersOf(l2);
  if (writers.empty())
    throw NotCovered{"a buffer (L2, or L1 its herd passes on) no transfer "
                     "writes"};
  return lastWritesIn(put, anchor, writers, read, depth);
}

isl::pw_multi_aff Deriver::lastWritesIn(Operation *put, Operation *anchor,
                                        ArrayRef<Operation *> writers,
                                        const isl::map &read, int depth,
                                        isl::set *reached) {
  if (put && !anchor->isProperAncestor(put))
    throw NotCovered{"a buffer read outside the process that allocates "
                     "it"};
  auto keyDims = [&](Operation *op) {
    std::vector<std::string> k;
    for (const Dim &d : poly.instancesOf(op).dims)
      if (d.owner == anchor || d.owner->isProperAncestor(anchor))
        k.push_back(d.name);
    return k;
  };
  // A herd below the process around a writer (whose instances run at
  // once), or null.
  auto nestedHerd = [&](Operation *w) -> Operation * {
    auto h = w->getParentOfType<air::HerdOp>();
    return h && h.getOperation() != anchor ? h.getOperation() : nullptr;
  };
  // Its writers: transfers of the process, or of herds it launches (a
  // herd's dma_memcpy_nd from L1). The schedule below orders a herd's
  // instances by their ids, which run at once: no two of them may write
  // one element (checked below).
  for (Operation *w : writers) {
    auto g = dyn_cast<air::ChannelOpInterface>(w);
    if (!((g && !g.isPut()) || isa<air::DmaMemcpyNdOp>(w)) ||
        !anchor->isProperAncestor(w))
      throw NotCovered{"a buffer written by something other than "
                       "transfers of its process or of its herds"};
    if (Operation *h = nestedHerd(w); h && !anchor->isProperAncestor(h))
      throw NotCovered{"an L2 buffer a herd around its segment writes"};
  }
  // Schedules, padded to one length.
  std::vector<std::vector<std::string>> sched;
  size_t len = 0;
  for (Operation *w : writers) {
    sched.push_back(scheduleOf(w, anchor));
    len = std::max(len, sched.back().size());
  }
  std::vector<std::string> readerSched =
      put ? scheduleOf(put, anchor) : std::vector<std::string>{};
  len = std::max(len, readerSched.size());
  for (auto *s : {&readerSched})
    s->resize(len, "0");
  for (auto &s : sched)
    s.resize(len, "0");
  unsigned nk = put ? keyDims(put).size() : 0;
  auto sVars = [&](const char *c, size_t n) {
    std::vector<std::string> v;
    for (size_t i = 0; i < n; ++i)
      v.push_back(c + std::to_string(i));
    return v;
  };
  std::vector<std::string> kv = sVars("k", nk), sv = sVars("s", len);
  std::string sTuple = "S[" + llvm::join(kv, ", ") + (nk ? ", " : "") +
                       llvm::join(sv, ", ") + ", q]";
  isl::ctx ctx = poly.ctx();
  isl::union_map writtenU = isl::union_map::empty(ctx), schedU = writtenU;
  // Per writer: its schedule point back to the write (explicit: the
  // schedule holds the writer's dims and position), and its tags.
  std::vector<std::pair<isl::pw_multi_aff, isl::set>> back;
  std::map<Operation *, isl::map> herdWrites;
  for (size_t i = 0; i < writers.size(); ++i) {
    Operation *w = writers[i];
    int64_t n = 0;
    isl::map wk = walk(w, "L", n).uncurry();
    std::vector<std::string> key = keyDims(w);
    if (key.size() != nk)
      throw NotCovered{"a buffer's reader and writer in processes the "
                       "model does not pair"};
    std::vector<std::string> cons;
    for (unsigned k = 0; k < nk; ++k)
      cons.push_back(kv[k] + " = " + key[k]);
    for (size_t k = 0; k < len; ++k)
      cons.push_back(sv[k] + " = " + sched[i][k]);
    isl::map sm(ctx, poly.paramList() + " -> { [" + tupleOf(w) +
                         " -> Pos[q]] -> " + sTuple + " : " +
                         llvm::join(cons, " and ") + " }");
    sm = sm.intersect_domain(wk.domain());
    if (!sm.reverse().is_single_valued())
      throw NotCovered{"a buffer's writer whose schedule does not name "
                       "its instance"};
    back.push_back({sm.reverse().as_pw_multi_aff(), sm.range()});
    writtenU = writtenU.unite(wk);
    schedU = schedU.unite(sm);
    if (Operation *h = nestedHerd(w)) {
      // Which herd instance writes each element of the process's buffer:
      // { [L[x] -> K[k]] -> H[ids] }, per herd.
      std::vector<std::string> ids;
      for (const Dim &d : poly.instancesOf(w).dims)
        if (d.owner == h)
          ids.push_back(d.name);
      isl::map who(ctx, poly.paramList() + " -> { [" + tupleOf(w) +
                            " -> Pos[q]] -> [K[" + llvm::join(key, ", ") +
                            "] -> H[" + llvm::join(ids, ", ") + "]] }");
      isl::map byHerd = wk.reverse().apply_range(who).uncurry();
      auto [it, fresh] = herdWrites.try_emplace(h, byHerd);
      if (!fresh)
        it->second = it->second.unite(byHerd);
    }
  }
  for (auto &[h, byHerd] : herdWrites)
    if (!byHerd.is_single_valued())
      throw NotCovered{"a buffer whose element two instances of a herd "
                       "write"};
  // Before the put: same process, an earlier schedule (without a put:
  // every write, the end of the function).
  isl::union_map candidates = isl::union_map(read)
                                  .apply_range(writtenU.reverse())
                                  .apply_range(schedU);
  if (put) {
    std::vector<std::string> key = keyDims(put);
    std::vector<std::string> cons, lex;
    for (unsigned k = 0; k < nk; ++k)
      cons.push_back(kv[k] + " = " + key[k]);
    for (size_t k = 0; k < len; ++k) {
      std::vector<std::string> c;
      for (size_t j = 0; j < k; ++j)
        c.push_back(sv[j] + " = " + readerSched[j]);
      c.push_back(sv[k] + " < " + readerSched[k]);
      lex.push_back("(" + llvm::join(c, " and ") + ")");
    }
    cons.push_back("(" + llvm::join(lex, " or ") + ")");
    isl::map before(ctx, poly.paramList() + " -> { [" + tupleOf(put) +
                             " -> Pos[p]] -> " + sTuple + " : " +
                             llvm::join(cons, " and ") + " }");
    candidates = candidates.intersect(isl::union_map(before));
  }
  // The last of them (isl's parametric lexmax, an explicit function of
  // the read), back to the write and its tag.
  isl::pw_multi_aff none =
      isl::map(ctx, "{ " +
                        (put ? "[" + tupleOf(put) + " -> Pos[p]]"
                             : std::string("L[t]")) +
                        " -> V[k, w, r, x] : false }")
          .as_pw_multi_aff();
  if (reached)
    *reached = read.domain().empty(read.domain().get_space());
  if (candidates.is_empty())
    return none;
  isl::pw_multi_aff last =
      isl::manage(isl_map_from_union_map(candidates.release()))
          .lexmax_pw_multi_aff();
  if (reached)
    *reached = last.domain();
  // The tags of the writers some read takes its last write from (only
  // those: a writer whose every write comes after the reads may read
  // this buffer itself, as an in-place update of an argument does).
  isl::pw_multi_aff out = none;
  isl::set lastPoints = last.as_map().range();
  for (size_t i = 0; i < writers.size(); ++i) {
    auto &[schedToWrite, points] = back[i];
    if (points.intersect(lastPoints).is_empty())
      continue;
    out = out.union_add(
        writeTags(writers[i], depth).pullback(schedToWrite).pullback(last));
  }
  return out;
}

isl::pw_multi_aff Deriver::computedTags(Operation *op, Operation *alloc) {
  // A buffer its herd's code writes (not only its transfers): what a
  // transfer reads of it are the instance's values for that hand-off.
  if (!computedInto(alloc))
    throw NotCovered{"a source in an L1 buffer its herd does not compute "
                     "into"};
  // Its readers: the puts and dma_memcpy_nd reading it, in one block.
  std::vector<Operation *> readers = readersOf(alloc);
  for (Operation *r : readers)
    if (r->getBlock() != op->getBlock())
      throw NotCovered{"an L1 buffer its herd computes into, read at "
                       "several places"};
  llvm::sort(readers, [](Operation *a, Operation *b) {
    return a->isBeforeInBlock(b);
  });
  Sequence sq = sequenceOf(op, "that read it");
  // Hand-off of this transfer: R per turn, R the readers, this one the
  // idx-th of them (from 1): R * (the turn's position) + idx.
  int64_t R = (int64_t)readers.size(), idx = 0;
  for (Operation *r : readers) {
    ++idx;
    if (r == op)
      break;
  }
  const Instances &in = *sq.in;
  std::string turn = "0";
  int64_t weight = 1;
  for (size_t k = sq.seqDims.size(); k-- > 0;) {
    turn += " + " + std::to_string(weight) + " * " +
            in.dims[sq.seqDims[k]].name;
    if (k > 0)
      weight *= sq.trips[k - 1];
  }
  // The instance's number: the alloc's first, then its ids, the last
  // fastest.
  auto [it, fresh] = computed.try_emplace(alloc);
  ProgramStreams::Numbering &num = it->second;
  if (fresh) {
    int64_t n = 1;
    num.weights.assign(sq.keySizes.size(), 0);
    for (size_t k = sq.keySizes.size(); k-- > 0;) {
      if (sq.keySizes[k] <= 0) {
        computed.erase(it);
        throw NotCovered{"an L1 buffer its herd computes into, in a herd or "
                         "segment without constant sizes"};
      }
      num.weights[k] = n;
      n *= sq.keySizes[k];
    }
    num.first = nextWho;
    nextWho += n;
  }
  if (num.weights.size() != sq.key.size())
    throw NotCovered{"an L1 buffer read by transfers of other instances"};
  std::string who = std::to_string(num.first);
  for (size_t k = 0; k < sq.key.size(); ++k)
    who += " + " + std::to_string(num.weights[k]) + " * " + sq.key[k];
  isl::ctx ctx = poly.ctx();
  int64_t n = 0;
  isl::pw_multi_aff xs = walk(op, "L", n, true).uncurry().as_pw_multi_aff();
  isl::pw_multi_aff wr(
      ctx, poly.paramList() + " -> { [" + tupleOf(op) + " -> Pos[p]] -> W[" +
               who + ", " + std::to_string(R) + " * (" + turn + ") + " +
               std::to_string(idx) + "] }");
  isl::pw_multi_aff shape(ctx, "{ [W[w, r] -> L[x]] -> V[2, w, r, x] }");
  return shape.pullback(wr.intersect_domain(xs.domain()).range_product(xs));
}

/// The isl operations a transfer's walk may take to be inverted.
constexpr unsigned long kInverseOperations = 300000;

std::optional<isl::pw_multi_aff>
Deriver::radixInverse(Operation *op, const WalkShape &shape) {
  isl::ctx ctx = poly.ctx();
  isl_ctx *c = ctx.get();
  isl::set dom = domainOf(op);
  int nd = isl_set_dim(dom.get(), isl_dim_set);
  if (nd < 0)
    return std::nullopt;
  // The instances: a box of constant bounds.
  std::vector<int64_t> lbs, sizes;
  std::vector<std::string> dims, bounds;
  for (int j = 0; j < nd; ++j) {
    isl::val l = dom.dim_min_val(j), h = dom.dim_max_val(j);
    if (!l.is_int() || !h.is_int())
      return std::nullopt;
    lbs.push_back(l.get_num_si());
    sizes.push_back(h.get_num_si() - lbs.back() + 1);
    dims.push_back("d" + std::to_string(j));
    bounds.push_back(std::to_string(lbs.back()) + " <= " + dims.back() +
                     " <= " + std::to_string(h.get_num_si()));
  }
  std::string name = order.node(op).name;
  std::string params = poly.paramList();
  isl::set box(ctx, params + " -> { " + name + "[" + llvm::join(dims, ", ") +
                        "] : " +
                        (bounds.empty() ? "true" : llvm::join(bounds, " and ")) +
                        " }");
  if (!box.is_equal(dom))
    return std::nullopt;
  // The start: affine in the instance's dims, without divisions or
  // parameters.
  isl::aff start(ctx, params + " -> { " + tupleOf(op) + " -> [(" +
                          shape.start + ")] }");
  if (isl_aff_dim(start.get(), isl_dim_div) != 0 ||
      isl_aff_dim(start.get(), isl_dim_in) != nd)
    return std::nullopt;
  auto intOf = [&](isl_val *v) -> std::optional<int64_t> {
    isl::val val = isl::manage(islx::checked(c, v));
    if (!val.is_int())
      return std::nullopt;
    return val.get_num_si();
  };
  for (int q = 0, e = isl_aff_dim(start.get(), isl_dim_param); q < e; ++q) {
    std::optional<int64_t> k =
        intOf(isl_aff_get_coefficient_val(start.get(), isl_dim_param, q));
    if (!k || *k != 0)
      return std::nullopt;
  }
  std::optional<int64_t> first = intOf(isl_aff_get_constant_val(start.get()));
  if (!first)
    return std::nullopt;
  std::vector<std::pair<int64_t, int64_t>> walkDims;
  for (int j = 0; j < nd; ++j) {
    std::optional<int64_t> k =
        intOf(isl_aff_get_coefficient_val(start.get(), isl_dim_in, j));
    if (!k)
      return std::nullopt;
    *first += *k * lbs[j];
    walkDims.push_back({*k, sizes[j]});
  }
  for (size_t k = 0; k < shape.sizes.size(); ++k)
    walkDims.push_back({shape.strides[k], shape.sizes[k]});
  std::optional<RadixDigits> r =
      mixedRadixDigits("t - " + std::to_string(*first), walkDims);
  if (!r)
    return std::nullopt;
  std::vector<std::string> at;
  for (int j = 0; j < nd; ++j)
    at.push_back(std::to_string(lbs[j]) + " + " + r->digits[j]);
  std::string pos = "0";
  int64_t weight = 1;
  for (size_t k = shape.sizes.size(); k-- > 0;) {
    pos += " + " + std::to_string(weight) + " * " + r->digits[nd + k];
    weight *= shape.sizes[k];
  }
  return isl::pw_multi_aff(ctx, params + " -> { A[t] -> [" + name + "[" +
                                    llvm::join(at, ", ") + "] -> Pos[" + pos +
                                    "]] : " +
                                    llvm::join(r->conditions, " and ") + " }");
}

isl::pw_multi_aff Deriver::resultsOf(int n) {
  try {
    return resultsOfWriters(n);
  } catch (const WrittenTwice &) {
    return resultsBySchedule(n);
  }
}

isl::pw_multi_aff Deriver::resultsBySchedule(int n) {
  const std::vector<Operation *> &writers = argWriters[n];
  auto func = writers.front()->getParentOfType<func::FuncOp>();
  auto type = func ? dyn_cast<MemRefType>(func.getArgument(n).getType())
                   : MemRefType();
  if (!type || !type.hasStaticShape() || !type.getLayout().isIdentity())
    throw NotCovered{"an argument written twice that is not a memref of "
                     "static identity layout"};
  isl::ctx ctx = poly.ctx();
  std::string params = poly.paramList();
  isl::map every(ctx, params + " -> { L[t] -> L[t] : 0 <= t < " +
                          std::to_string(type.getNumElements()) + " }");
  isl::pw_multi_aff last = lastWritesIn(nullptr, func, writers, every, 0);
  return islx::reparsed(
      last.pullback(isl::pw_multi_aff(
                        ctx, params + " -> { A[g, t] -> L[t] : g = " +
                                 std::to_string(n) + " }"))
          .coalesce());
}

isl::pw_multi_aff Deriver::resultsOfWriters(int n) {
  indexWrites();
  isl::ctx ctx = poly.ctx();
  std::string N = std::to_string(n);
  isl::pw_multi_aff out =
      isl::map(ctx, poly.paramList() + " -> { A[g, t] -> V[k, w, r, x] : "
                                       "false }")
          .as_pw_multi_aff();
  isl::set written = out.domain();
  for (Operation *w : argWriters[n]) {
    auto t = dyn_cast<air::ChannelOpInterface>(w);
    if (!((t && !t.isPut()) || isa<air::DmaMemcpyNdOp>(w)))
      throw NotCovered{"an argument written by '" +
                       w->getName().getStringRef().str() + "'"};
    int64_t count = 0;
    // Each element written once: the writes inverted are a function. isl
    // inverts a walk whose start moves with the loops by a parametric
    // search that can run long (channel_wrap_and_stride's): it gets a
    // budget of its own, and past it the argument is not covered.
    WalkShape shape;
    isl::map inv = walk(w, "A", count, false, &shape).uncurry().reverse();
    std::optional<isl::pw_multi_aff> radix = radixInverse(w, shape);
    isl::pw_multi_aff at = radix ? *radix : [&] {
      isl_ctx *c = ctx.get();
      unsigned long before = isl_ctx_get_max_operations(c);
      isl_ctx_set_max_operations(c, kInverseOperations);
      isl_ctx_reset_operations(c);
      llvm::scope_exit restore([&] {
        isl_ctx_set_max_operations(c, before);
        isl_ctx_reset_operations(c);
      });
      if (!inv.is_single_valued())
        throw WrittenTwice{};
      return inv.as_pw_multi_aff(); // A[t] -> [W -> Pos]
    }();
    isl::pw_multi_aff value = islx::reparsed(
        writeTags(w, 0)
            .pullback(at)
            .pullback(isl::pw_multi_aff(
                ctx, poly.paramList() + " -> { A[g, t] -> A[t] : g = " + N +
                         " }")));
    if (!value.domain().intersect(written).is_empty())
      throw WrittenTwice{};
    written = written.unite(value.domain());
    out = out.union_add(value);
  }
  return islx::reparsed(out.coalesce());
}

Deriver::Sequence Deriver::sequenceOf(Operation *op, const char *what) {
  Sequence sq;
  const Instances &in = poly.instancesOf(op);
  sq.in = &in;
  std::string w = what;
  if (in.unknown || in.boxes.size() != 1 || !in.opaqueBranches.empty())
    throw NotCovered{"the instances of the transfers " + w +
                     " are not one box"};
  const Box &box = in.boxes.front();
  // The place (segment and herd ids, outer ops' first) and the sequence
  // (the rest, a lexicographic position: the outermost loop's trip count
  // may be anything, the inner ones' must be constants).
  for (unsigned d = 0; d < in.dims.size(); ++d) {
    const Dim &dim = in.dims[d];
    std::vector<bool> only(in.dims.size(), false);
    only[d] = true;
    if (dim.kind == Dim::Kind::SegmentId || dim.kind == Dim::Kind::HerdId) {
      sq.key.push_back(dim.name);
      sq.keyDims.push_back(d);
      sq.segmentDims += dim.kind == Dim::Kind::SegmentId;
      isl::pw_aff count = poly.boxCount(in, box, only).front();
      sq.keySizes.push_back(isl_pw_aff_is_cst(count.get())
                                ? count.max_val().get_num_si()
                                : -1);
      continue;
    }
    if (dim.kind == Dim::Kind::ParallelIv)
      throw NotCovered{"the transfers " + w + " run under an scf.parallel"};
    for (const isl::pw_aff &lb : box.lbs[d])
      if (!isl_pw_aff_is_cst(lb.get()) || lb.max_val().get_num_si() != 0)
        throw NotCovered{"a loop around the transfers " + w +
                         " does not start at its first trip"};
    isl::pw_aff count = poly.boxCount(in, box, only).front();
    if (!sq.seqDims.empty()) {
      if (!isl_pw_aff_is_cst(count.get()))
        throw NotCovered{"an inner loop around the transfers " + w +
                         " has no constant trip count"};
      sq.trips.push_back(count.max_val().get_num_si());
    }
    sq.seqDims.push_back(d);
  }
  return sq;
}

isl::pw_multi_aff Deriver::fillsOf(Operation *alloc,
                                   unsigned &segmentDims) {
  std::vector<Operation *> gets;
  for (Operation *w : writersOf(alloc)) {
    auto t = dyn_cast<air::ChannelOpInterface>(w);
    if (isa<air::DmaMemcpyNdOp>(w) || (t && !t.isPut()))
      gets.push_back(w);
  }
  if (gets.empty())
    throw NotCovered{"no transfer writes it"};
  for (Operation *g : gets)
    if (g->getBlock() != gets.front()->getBlock())
      throw NotCovered{"transfers at several places write it"};
  llvm::sort(gets, [](Operation *a, Operation *b) {
    return a->isBeforeInBlock(b);
  });
  Sequence sq = sequenceOf(gets.front(), "into it");
  const Instances &in = *sq.in;
  std::vector<std::string> &key = sq.key;
  segmentDims = sq.segmentDims;
  std::vector<unsigned> &seqDims = sq.seqDims;
  std::vector<int64_t> &trips = sq.trips;
  // Each transfer's elements, and all of them (a turn of the sequence).
  std::vector<std::pair<Operation *, int64_t>> counts;
  int64_t turn = 0;
  for (Operation *g : gets) {
    int64_t n = 0;
    (void)walk(g, "D", n);
    counts.push_back({g, n});
    turn += n;
  }
  if (turn <= 0)
    throw NotCovered{"transfers that move nothing"};
  // Entry e of an instance is, in turn floor(e / turn), position
  // e mod turn - offset of transfer g: the sequence dims read back from
  // the turn (floor(turn / w_k) mod trips_k, w_k the turns of one step of
  // dim k), the place's dims as they are. An explicit function of the
  // entry, so that what the transfer writes and carries, composed with
  // it, stays one. Without a sequence dim there is one turn.
  std::string T = std::to_string(turn);
  std::string seq = "floor(e / " + T + ")";
  std::map<unsigned, std::string> exprOf;
  int64_t weight = 1;
  for (size_t k = seqDims.size(); k-- > 0;) {
    std::string i = "floor((" + seq + ") / " + std::to_string(weight) + ")";
    if (k > 0) {
      i = "(" + i + ") mod " + std::to_string(trips[k - 1]);
      weight *= trips[k - 1];
    }
    exprOf[seqDims[k]] = i;
  }
  std::vector<std::string> dimExprs;
  for (unsigned d = 0; d < in.dims.size(); ++d)
    dimExprs.push_back(exprOf.count(d) ? exprOf[d] : in.dims[d].name);
  std::string xTuple =
      "X[" + llvm::join(key, ", ") + (key.empty() ? "" : ", ") + "e]";
  isl::ctx ctx = poly.ctx();
  isl::pw_multi_aff out =
      isl::map(ctx, poly.paramList() + " -> { " + xTuple +
                        " -> [D[a] -> V[k, w, r, x]] : false }")
          .as_pw_multi_aff();
  int64_t offset = 0;
  for (auto [g, n] : counts) {
    int64_t unused = 0;
    isl::pw_multi_aff into =
        walk(g, "D", unused).uncurry().as_pw_multi_aff(); // [G -> Pos] -> D
    std::string entry =
        poly.paramList() + " -> { " + xTuple + " -> [" +
        order.node(g).name + "[" + llvm::join(dimExprs, ", ") + "] -> Pos[e mod " +
        T + " - " + std::to_string(offset) + "]] : e >= 0 and " +
        (seqDims.empty() ? "e < " + T + " and " : std::string()) +
        std::to_string(offset) + " <= e mod " + T + " < " +
        std::to_string(offset + n) + " }";
    offset += n;
    isl::pw_multi_aff fill =
        into.range_product(writeTags(g, 0))
            .pullback(isl::pw_multi_aff(ctx, entry));
    out = out.union_add(fill);
  }
  return islx::reparsed(out.coalesce());
}

} // namespace

ProgramStreams aircheck::validate::deriveProgramStreams(ModuleOp module) {
  ProgramStreams out;
  auto mam = std::make_shared<ModuleAnalysisManager>(module, nullptr);
  out.keep = mam;
  AnalysisManager am = *mam;
  auto &poly = am.getAnalysis<PolyhedralModel>();
  auto &channels = am.getAnalysis<ChannelModel>();
  auto &graph = am.getAnalysis<AsyncGraph>();
  out.isl = &poly.isl();
  std::vector<Operation *> allocs;
  module.walk([&](Operation *op) {
    if (isa<memref::AllocOp, memref::AllocaOp>(op) &&
        op->getParentOfType<air::HerdOp>() &&
        spaceOf(op->getResult(0).getType()) == 2)
      allocs.push_back(op);
  });
  std::optional<InstanceOrder> order;
  std::optional<FifoMatching> fifos;
  try {
    poly.isl().resetBudget();
    order.emplace(module, poly, graph);
    fifos.emplace(module, *order, channels);
  } catch (const NotModelled &n) {
    out.outside = n.why;
  } catch (const isl::exception &e) {
    out.outside = std::string("isl gave up: ") + islx::reason(e);
  }
  if (!out.outside.empty()) {
    for (Operation *a : allocs)
      out.notCovered[a] = "the program is outside the symbolic model: " +
                          out.outside;
    return out;
  }
  Deriver deriver(module, poly, *order, fifos->matches());
  for (Operation *a : allocs) {
    poly.isl().resetBudget();
    try {
      unsigned seg = 0;
      isl::pw_multi_aff f = deriver.fillsOf(a, seg);
      out.functions.emplace(a, f);
      out.fills.emplace(a, f.as_map());
      out.segmentDims[a] = seg;
    } catch (const NotCovered &n) {
      if (n.why != "no transfer writes it")
        out.notCovered[a] = n.why;
    } catch (const NotModelled &n) {
      out.notCovered[a] = n.why;
    } catch (const isl::exception &e) {
      out.notCovered[a] = std::string("isl gave up: ") + islx::reason(e);
    }
  }
  // The results, argument by argument.
  std::map<int, std::vector<Operation *>> args = deriver.writtenArgs();
  for (auto &[n, writers] : args) {
    poly.isl().resetBudget();
    try {
      out.results.emplace(n, deriver.resultsOf(n));
    } catch (const NotCovered &nc) {
      out.resultsNotCovered[n] = nc.why;
    } catch (const NotModelled &nm) {
      out.resultsNotCovered[n] = nm.why;
    } catch (const isl::exception &e) {
      out.resultsNotCovered[n] = std::string("isl gave up: ") + islx::reason(e);
    }
  }
  out.computed = deriver.computed;
  return out;
}
