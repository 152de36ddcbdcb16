//===- ResourceFootprint.cpp - what each launch, segment, herd holds ------===//
#include "analyses/ResourceFootprint.h"

#include "analyses/PolyhedralModel.h"
#include "solvers/MaxConcurrency.h"

#include <isl/set.h>

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SetVector.h"

#include <map>
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace aircheck;

std::string aircheck::hierarchyName(Operation *op) {
  // "segment @seg", "herd @h", "launch @l": the kind and the symbol.
  if (auto name = op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName())) {
    StringRef kind = op->getName().getStringRef();
    kind.consume_front("air.");
    return (kind + " @" + name.getValue()).str();
  }
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "the " << op->getName() << " at ";
  if (auto loc = dyn_cast<FileLineColLoc>(op->getLoc()))
    os << loc.getLine() << ":" << loc.getColumn();
  else
    os << op->getLoc();
  return s;
}

Amount aircheck::operator*(const Amount &a, const Amount &b) {
  if (!a.known())
    return a;
  if (!b.known())
    return b;
  return Amount::of(*a.value * *b.value);
}

static std::optional<int64_t> constantIndexAt(Value v, unsigned depth);

std::optional<int64_t> aircheck::constantIndex(Value v) { return constantIndexAt(v, 0); }

static std::optional<int64_t> constantIndexAt(Value v, unsigned depth) {
  APInt c;
  if (matchPattern(v, m_ConstantInt(&c)))
    return c.getSExtValue();
  auto arg = dyn_cast<BlockArgument>(v);
  if (!arg || depth > 16)
    return std::nullopt;
  auto h = dyn_cast_or_null<air::HierarchyOpInterface>(arg.getOwner()->getParentOp());
  if (!h)
    return std::nullopt;
  unsigned n = h.getNumDims(), i = arg.getArgNumber();
  if (i >= 2 * n)
    return constantIndexAt(h.getKernelOperands()[i - 2 * n], depth + 1);
  if (i >= n)
    return constantIndexAt(h.getSizeOperands()[i - n], depth + 1);
  return std::nullopt;
}

static Amount instancesOf(air::HierarchyOpInterface h, std::vector<int64_t> *shape) {
  int64_t n = 1;
  for (Value s : h.getSizeOperands()) {
    auto c = constantIndex(s);
    if (!c)
      return Amount::unknown("the iteration space of " + hierarchyName(h) +
                             " is not constant");
    n *= *c;
    if (shape)
      shape->push_back(*c);
  }
  return Amount::of(n);
}

static Amount bytesOf(Type t) {
  auto m = dyn_cast<MemRefType>(t);
  if (!m || !m.hasStaticShape() || !m.getElementType().isIntOrFloat())
    return Amount::unknown("an allocation of " +
                           [&] {
                             std::string s;
                             llvm::raw_string_ostream os(s);
                             os << t;
                             return s;
                           }() +
                           " has no static size");
  return Amount::of(m.getNumElements() *
                    ((m.getElementTypeBitWidth() + 7) / 8));
}

static bool isToken(Value v) { return isa<air::AsyncTokenType>(v.getType()); }
static bool isAsync(Operation *op) { return llvm::any_of(op->getResults(), isToken) &&
                                            isa<air::AsyncOpInterface>(op); }

static std::optional<int64_t> tripCount(Value lb, Value ub, Value step) {
  auto l = constantIndex(lb), u = constantIndex(ub), s = constantIndex(step);
  if (!l || !u || !s || *s <= 0)
    return std::nullopt;
  return std::max<int64_t>(0, (*u - *l + *s - 1) / *s);
}

std::optional<int64_t> aircheck::constantTripCount(Operation *loop) {
  if (auto f = dyn_cast<scf::ForOp>(loop))
    return tripCount(f.getLowerBound(), f.getUpperBound(), f.getStep());
  if (auto f = dyn_cast<affine::AffineForOp>(loop)) {
    std::optional<uint64_t> n = affine::getConstantTripCount(f);
    if (!n || *n > uint64_t(INT64_MAX))
      return std::nullopt;
    return static_cast<int64_t>(*n);
  }
  if (auto par = dyn_cast<scf::ParallelOp>(loop)) {
    int64_t n = 1;
    for (unsigned i = 0; i < par.getNumLoops(); ++i) {
      std::optional<int64_t> k = tripCount(
          par.getLowerBound()[i], par.getUpperBound()[i], par.getStep()[i]);
      if (!k || (*k && n > INT64_MAX / *k))
        return std::nullopt;
      n *= *k;
    }
    return n;
  }
  return std::nullopt;
}

std::optional<int64_t> aircheck::constantInstanceCount(Operation *op) {
  int64_t n = 1;
  auto times = [&](std::optional<int64_t> k) {
    if (!k || *k > (int64_t(1) << 40) / std::max<int64_t>(n, 1))
      return false;
    n *= *k;
    return true;
  };
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp()) {
    bool ok = true;
    if (auto h = dyn_cast<air::HierarchyOpInterface>(p)) {
      for (Value s : h.getSizeOperands())
        ok = ok && times(constantIndex(s));
    } else if (isa<scf::ForOp, scf::ParallelOp, affine::AffineForOp>(p)) {
      ok = times(constantTripCount(p));
    }
    if (!ok)
      return std::nullopt;
  }
  return n;
}

/// How many copies of `op` a region may hold at once because of the loops
/// between it and `top`: a loop's pipeline depth (token iter_args) for
/// scf.for, all instances for scf.parallel.
static Amount multiplicity(Operation *op, Operation *top) {
  Amount m = Amount::of(1);
  for (Operation *p = op->getParentOp(); p && p != top; p = p->getParentOp()) {
    if (auto f = dyn_cast<scf::ForOp>(p)) {
      int64_t depth = llvm::count_if(f.getInitArgs(), isToken);
      bool asyncInside = false;
      f.getBody()->walk([&](Operation *x) { asyncInside |= isAsync(x); });
      if (depth == 0 && asyncInside) {
        // Nothing orders the iterations: all may be in flight.
        std::optional<int64_t> trips = constantTripCount(f);
        if (!trips)
          return Amount::unknown("the iterations of the scf.for around it may "
                                 "overlap and its trip count is not constant");
        depth = *trips;
      }
      m = m * Amount::of(std::max<int64_t>(depth, 1));
    } else if (auto par = dyn_cast<scf::ParallelOp>(p)) {
      for (unsigned i = 0; i < par.getNumLoops(); ++i) {
        auto trips = tripCount(par.getLowerBound()[i], par.getUpperBound()[i],
                               par.getStep()[i]);
        if (!trips)
          return Amount::unknown("the scf.parallel around it has a trip count "
                                 "that is not constant");
        m = m * Amount::of(*trips);
      }
    }
  }
  return m;
}

namespace {
/// The order a hierarchy body guarantees between its ops, as events.
class BodyOrder {
public:
  BodyOrder(Block &body, const AsyncGraph &graph) : graph(graph) {
    start = mc.addEvent();
    end = mc.addEvent();
    mc.order(start, end);
    visit(body, start, end, /*completesAfterAsync=*/true);
  }

  const AsyncGraph &graph;
  MaxConcurrency mc;
  unsigned start, end;
  llvm::DenseMap<Operation *, std::pair<unsigned, unsigned>> ev;

private:
  /// The op whose completion a token stands for. A token carried by an
  /// scf.for stands for its init when every iteration waits for the one
  /// before (the yielded token depends on the carried one): then all
  /// iterations come after the init's producer.
  static Operation *producer(Value t) {
    if (Operation *def = t.getDefiningOp())
      return def;
    auto arg = cast<BlockArgument>(t);
    auto f = dyn_cast_or_null<scf::ForOp>(arg.getOwner()->getParentOp());
    if (!f || arg.getArgNumber() == 0)
      return nullptr;
    unsigned i = arg.getArgNumber() - 1;
    if (!dependsOn(f.getBody()->getTerminator()->getOperand(i), arg))
      return nullptr;
    return f.getInitArgs()[i].getDefiningOp();
  }
  /// Whether token `t` waits (through dependency lists, and through every
  /// branch of a conditional that yields it) for `on`.
  static bool dependsOn(Value t, Value on, unsigned depth = 0) {
    if (t == on)
      return true;
    if (depth > 64)
      return false;
    Operation *def = t.getDefiningOp();
    if (auto async = dyn_cast_or_null<air::AsyncOpInterface>(def))
      return llvm::any_of(async.getAsyncDependencies(),
                          [&](Value d) { return dependsOn(d, on, depth + 1); });
    if (isa_and_nonnull<scf::IfOp, affine::AffineIfOp, scf::IndexSwitchOp>(def)) {
      unsigned idx = cast<OpResult>(t).getResultNumber();
      // Every path yields it: both branches of an if with an else, every
      // region of a switch (its default included).
      bool all = isa<scf::IndexSwitchOp>(def) ||
                 (def->getNumRegions() == 2 && !def->getRegion(1).empty());
      for (Region &r : def->getRegions())
        for (Block &b : r)
          all = all && dependsOn(b.getTerminator()->getOperand(idx), on, depth + 1);
      return all;
    }
    return false;
  }

  /// Ops without tokens follow the ordering model (AsyncGraph): program
  /// order, or in launch and segment bodies their dependences.
  void visit(Block &b, unsigned s, unsigned e, bool completesAfterAsync) {
    unsigned prevSync = s;
    bool byDependences = AsyncGraph::orderedByDependences(&b);
    for (Operation &op : b.without_terminator()) {
      unsigned S = mc.addEvent(), E = mc.addEvent();
      ev[&op] = {S, E};
      mc.order(S, E);
      mc.order(s, S);
      if (!byDependences)
        mc.order(prevSync, S);
      for (Operation *p : graph.waitsFor(&op))
        if (ev.count(p))
          mc.order(ev[p].second, S);
      mc.order(E, end); // the body completes after everything it started
      if (!isAsync(&op) || completesAfterAsync)
        mc.order(E, e);
      if (auto async = dyn_cast<air::AsyncOpInterface>(&op))
        for (Value t : async.getAsyncDependencies())
          if (Operation *p = producer(t); p && ev.count(p))
            mc.order(ev[p].second, S);
      if (!isAsync(&op))
        prevSync = E;
      if (isa<air::HierarchyOpInterface>(op))
        continue;
      bool inner = isa<air::ExecuteOp>(op);
      for (Region &r : op.getRegions())
        for (Block &blk : r)
          visit(blk, S, E, inner);
    }
  }
};
} // namespace

/// The allocation behind a memref value, through air.execute results.
static Operation *allocOf(Value v) {
  for (unsigned depth = 0; depth < 16 && v; ++depth) {
    Operation *def = v.getDefiningOp();
    if (!def)
      return nullptr;
    if (isa<memref::AllocOp, memref::AllocaOp>(def))
      return def;
    auto exec = dyn_cast<air::ExecuteOp>(def);
    if (!exec)
      return nullptr;
    unsigned idx = cast<OpResult>(v).getResultNumber();
    if (idx == 0)
      return nullptr;
    v = exec.getBody().getTerminator()->getOperand(idx - 1);
  }
  return nullptr;
}

/// Whether `a` and `b` sit in different branches of one conditional, so
/// that at most one of them runs.
static bool exclusiveBranches(Operation *a, Operation *b) {
  for (Operation *p = a->getParentOp(); p; p = p->getParentOp()) {
    if (!isa<scf::IfOp, affine::AffineIfOp, scf::IndexSwitchOp>(p) ||
        !p->isProperAncestor(b))
      continue;
    Region *ra = a->getParentRegion(), *rb = b->getParentRegion();
    while (ra->getParentOp() != p)
      ra = ra->getParentOp()->getParentRegion();
    while (rb->getParentOp() != p)
      rb = rb->getParentOp()->getParentRegion();
    return ra != rb;
  }
  return false;
}

/// Adds every hierarchy op directly inside `top` that has a weight as an
/// item live while it runs; an unknown weight is returned.
static std::optional<Amount>
addNestedItems(BodyOrder &order, Operation *top,
               const llvm::DenseMap<Operation *, Amount> &weights) {
  std::optional<Amount> failure;
  llvm::DenseMap<Operation *, unsigned> itemOf;
  top->getRegion(0).walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == top || !isa<air::HierarchyOpInterface>(op))
      return WalkResult::advance();
    auto it = weights.find(op);
    if (it != weights.end() && order.ev.count(op)) {
      Amount w = it->second * multiplicity(op, top);
      if (!w.known()) {
        failure = w;
      } else {
        itemOf[op] = order.mc.numItems();
        order.mc.addItem(order.ev[op].first, order.ev[op].second, *w.value);
      }
    }
    return WalkResult::skip();
  });
  // Members of one affinity group run one after the other (seed 000 1.5).
  for (auto &[token, members] : order.graph.affinityGroups())
    for (size_t a = 0; a < members.size(); ++a)
      for (size_t b = a + 1; b < members.size(); ++b) {
        auto ia = itemOf.find(members[a]), ib = itemOf.find(members[b]);
        if (ia != itemOf.end() && ib != itemOf.end() && ia->second != ib->second)
          order.mc.exclusive(ia->second, ib->second);
      }
  // So do herds of one symbol name in one segment, even where the program
  // lets them run at once: upstream's placement gives them the same tiles
  // and each tile's core runs their bodies one after the other
  // (docs/semantics.md 7), so they never hold two sets of tiles.
  std::map<std::pair<Operation *, std::string>, SmallVector<unsigned>> byName;
  for (auto &[op, item] : itemOf)
    if (auto herd = dyn_cast<air::HerdOp>(op))
      if (auto name = herd->getAttrOfType<StringAttr>(
              SymbolTable::getSymbolAttrName()))
        byName[{herd->getParentOfType<air::SegmentOp>(), name.str()}]
            .push_back(item);
  for (auto &[key, items] : byName)
    for (size_t a = 0; a < items.size(); ++a)
      for (size_t b = a + 1; b < items.size(); ++b)
        order.mc.exclusive(items[a], items[b]);
  return failure;
}

/// The peak of the items added to `order`.
static Amount peakOf(BodyOrder &order) {
  auto r = order.mc.solve();
  if (!r.peak)
    return Amount::unknown(r.why);
  return Amount::of(*r.peak);
}

/// Peak bytes of memory space `space` live at once in a hierarchy body, with
/// nested segments' totals (from `nestedBytes`) as items too. Conditionals
/// count their heaviest branch: allocations in different branches are never
/// live together.
static Amount peakMemory(const AsyncGraph &graph, Operation *top, unsigned space,
                         const llvm::DenseMap<Operation *, Amount> &nestedBytes) {
  Block &body = top->getRegion(0).front();
  BodyOrder order(body, graph);
  if (auto failure = addNestedItems(order, top, nestedBytes))
    return *failure;
  llvm::DenseMap<Operation *, unsigned> freedAt;
  body.walk([&](memref::DeallocOp d) {
    if (Operation *a = allocOf(d.getMemref()); a && order.ev.count(d))
      freedAt[a] = order.ev[d].first;
  });
  std::optional<Amount> failure;
  std::vector<std::pair<Operation *, unsigned>> allocItems;
  top->getRegion(0).walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op != top && isa<air::HierarchyOpInterface>(op))
      return WalkResult::skip();
    if (!isa<memref::AllocOp, memref::AllocaOp>(op) || !order.ev.count(op))
      return WalkResult::advance();
    auto ms = air::getMemorySpace(op->getResult(0).getType());
    if (!ms || *ms != space)
      return WalkResult::advance();
    Amount w = bytesOf(op->getResult(0).getType()) * multiplicity(op, top);
    if (!w.known()) {
      failure = w;
      return WalkResult::interrupt();
    }
    auto it = freedAt.find(op);
    for (auto [other, index] : allocItems)
      if (exclusiveBranches(op, other))
        order.mc.exclusive(index, order.mc.numItems());
    allocItems.push_back({op, order.mc.numItems()});
    order.mc.addItem(order.ev[op].first, it != freedAt.end() ? it->second : order.end,
                     *w.value);
    return WalkResult::advance();
  });
  if (failure)
    return *failure;
  return peakOf(order);
}

/// Peak compute tiles active at once in a segment body.
static Amount peakTiles(const AsyncGraph &graph, Operation *top,
                        const llvm::DenseMap<Operation *, Amount> &tiles) {
  BodyOrder order(top->getRegion(0).front(), graph);
  if (auto failure = addNestedItems(order, top, tiles))
    return *failure;
  return peakOf(order);
}

namespace {
/// Distinct DMA flows that move data into or out of one memory level in a
/// body (not in nested hierarchy ops): a channel is one flow per direction
/// however often it is used; a dma_memcpy_nd is one flow per buffer it
/// fills or drains. Cascade and MMIO channels use no DMA. Each flow keeps
/// its transfer ops, so that the flows active at once can be counted.
struct Flows {
  std::map<std::string, SmallVector<Operation *>> in, out;
  llvm::SetVector<const void *> buffers;
  int64_t transferOps = 0;
  void merge(const Flows &o) {
    for (auto &[k, ops] : o.in)
      in[k].append(ops.begin(), ops.end());
    for (auto &[k, ops] : o.out)
      out[k].append(ops.begin(), ops.end());
    buffers.insert(o.buffers.begin(), o.buffers.end());
    transferOps += o.transferOps;
  }
  int64_t weight() const {
    return in.size() + out.size() + transferOps + buffers.size();
  }
};
} // namespace

static bool inSpace(Value memref, unsigned space) {
  auto s = air::getMemorySpace(memref.getType());
  return s && *s == space;
}

/// The symbol tables of the module whose footprint is being built (set for
/// the ResourceFootprint constructor's duration): channel lookups are hash
/// probes, not walks over every channel of the module.
static thread_local SymbolTableCollection *channelTables = nullptr;

static bool usesDma(Operation *access, FlatSymbolRefAttr chan) {
  auto c = channelTables ? air::lookupChannel(access, chan, *channelTables)
                         : air::lookupChannel(access, chan);
  return !c || (c.getKind() != "cascade" && c.getKind() != "mmio");
}

/// What identifies a buffer: its allocation, else the value itself.
static const void *bufferOf(Value buf) {
  if (Operation *a = allocOf(buf))
    return a;
  return buf.getAsOpaquePointer();
}

/// Flows of a block. One branch of a conditional runs at a time, so a
/// conditional contributes its heaviest branch, not all of them.
static Flows flowsIn(Block &block, unsigned space) {
  Flows f;
  for (Operation &op : block) {
    if (isa<air::HierarchyOpInterface>(op))
      continue;
    auto bufKey = [](const void *b) {
      return "buffer " + std::to_string(reinterpret_cast<uintptr_t>(b));
    };
    // A put drains its buffer out, a get fills it in.
    auto channel = [&](auto access, bool in) {
      if (!inSpace(access.getMemref(), space) ||
          !usesDma(&op, access.getChanNameAttr()))
        return;
      (in ? f.in : f.out)["channel " + access.getChanName().str()].push_back(&op);
      ++f.transferOps;
      f.buffers.insert(bufferOf(access.getMemref()));
    };
    if (auto transfer = dyn_cast<air::ChannelOpInterface>(op)) {
      channel(transfer, !transfer.isPut());
      continue;
    }
    if (auto dma = dyn_cast<air::DmaMemcpyNdOp>(op)) {
      if (inSpace(dma.getDst(), space)) {
        f.in[bufKey(bufferOf(dma.getDst()))].push_back(&op);
        f.buffers.insert(bufferOf(dma.getDst()));
        ++f.transferOps;
      }
      if (inSpace(dma.getSrc(), space)) {
        f.out[bufKey(bufferOf(dma.getSrc()))].push_back(&op);
        f.buffers.insert(bufferOf(dma.getSrc()));
        ++f.transferOps;
      }
      continue;
    }
    if (isa<scf::IfOp, affine::AffineIfOp, scf::IndexSwitchOp>(op)) {
      std::optional<Flows> heaviest;
      for (Region &r : op.getRegions())
        for (Block &b : r) {
          Flows branch = f;
          branch.merge(flowsIn(b, space));
          if (!heaviest || branch.weight() > heaviest->weight())
            heaviest = branch;
        }
      if (heaviest)
        f = *heaviest;
      continue;
    }
    for (Region &r : op.getRegions())
      for (Block &b : r)
        f.merge(flowsIn(b, space));
  }
  return f;
}

static Flows flowsAt(Operation *top, unsigned space) {
  Flows f;
  for (Block &b : top->getRegion(0))
    f.merge(flowsIn(b, space));
  return f;
}

/// The most flows of one direction active at once in a hierarchy body: a
/// flow is active from its first transfer to its last.
/// The tiles of the herd around `op` that run it: its instances projected
/// onto the herd's ids; nullopt when the model cannot say.
static std::optional<isl::set> tilesRunning(PolyhedralModel &poly,
                                            Operation *op) {
  try {
    const Instances &in = poly.instancesOf(op);
    if (in.unknown)
      return std::nullopt;
    unsigned first = 0, n = 0;
    for (auto [i, d] : llvm::enumerate(in.dims))
      if (d.kind == Dim::Kind::HerdId) {
        if (n == 0)
          first = i;
        ++n;
      }
    if (n == 0)
      return std::nullopt;
    std::optional<isl::set> all;
    for (const Box &box : in.boxes) {
      isl::set s = poly.boxSet(in, box);
      unsigned total = in.dims.size();
      isl_set *raw = isl_set_project_out(s.release(), isl_dim_set, first + n,
                                         total - first - n);
      raw = isl_set_project_out(raw, isl_dim_set, 0, first);
      isl::set tiles = isl::manage(islx::checked(poly.ctx().get(), raw));
      all = all ? all->unite(tiles) : tiles;
    }
    return all;
  } catch (const isl::exception &) {
    return std::nullopt;
  }
}

/// Peak DMA channels of one direction live at once in a body. In a herd, two
/// flows that no tile runs both (their transfers sit under conditions on
/// disjoint tile ids) never need a channel of one tile together.
static Amount peakFlows(const AsyncGraph &graph, PolyhedralModel &poly,
                        Operation *top,
                        const std::map<std::string, SmallVector<Operation *>> &flows) {
  if (flows.empty())
    return Amount::of(0);
  BodyOrder order(top->getRegion(0).front(), graph);
  std::vector<std::pair<unsigned, std::optional<isl::set>>> items;
  for (auto &[key, ops] : flows) {
    std::vector<std::pair<unsigned, unsigned>> spans;
    std::optional<isl::set> tiles;
    bool known = isa<air::HerdOp>(top);
    for (Operation *op : ops) {
      if (order.ev.count(op))
        spans.push_back(order.ev[op]);
      if (!known)
        continue;
      std::optional<isl::set> t = tilesRunning(poly, op);
      if (!t) {
        known = false;
        continue;
      }
      tiles = tiles ? tiles->unite(*t) : *t;
    }
    if (spans.empty())
      continue;
    unsigned item = order.mc.numItems();
    order.mc.addSpanningItem(spans, 1);
    if (known && tiles) {
      for (auto &[other, otherTiles] : items)
        if (otherTiles) {
          try {
            if (tiles->is_disjoint(*otherTiles))
              order.mc.exclusive(other, item);
          } catch (const isl::exception &) {
          }
        }
      items.push_back({item, tiles});
    }
  }
  return peakOf(order);
}

static std::optional<int64_t> intAttr(Operation *op, StringRef name) {
  if (auto a = op->getAttrOfType<IntegerAttr>(name))
    return a.getInt();
  return std::nullopt;
}

static SegmentFootprint analyseSegment(const AsyncGraph &graph, PolyhedralModel &poly,
                                      air::SegmentOp seg) {
  SegmentFootprint f;
  f.op = seg;
  f.name = hierarchyName(seg);
  f.instances = instancesOf(cast<air::HierarchyOpInterface>(seg.getOperation()), nullptr);
  f.xLoc = intAttr(seg, "x_loc");
  f.yLoc = intAttr(seg, "y_loc");
  f.xSize = intAttr(seg, "x_size");
  f.ySize = intAttr(seg, "y_size");
  for (StringRef name : {"backend_granularity", "backend-granularity"})
    if (auto g = seg->getAttrOfType<StringAttr>(name))
      f.granularity = g.getValue().str();
  llvm::DenseMap<Operation *, Amount> tiles, l2;
  seg.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (auto herd = dyn_cast<air::HerdOp>(op)) {
      HerdFootprint h;
      h.op = herd;
      h.name = hierarchyName(herd);
      h.tiles = instancesOf(cast<air::HierarchyOpInterface>(op), &h.shape);
      h.l1PerTile = peakMemory(graph, herd, 2, llvm::DenseMap<Operation *, Amount>());
      // L1 buffers the segment allocates and hands to the herd live in its
      // tiles too, for the whole herd: at least one tile holds them all
      // (air-to-aie places them in the tiles that use them).
      llvm::SmallPtrSet<Operation *, 4> handed;
      for (Value v : cast<air::HierarchyOpInterface>(op).getKernelOperands()) {
        Operation *a = allocOf(v);
        auto ms = air::getMemorySpace(v.getType());
        if (!a || !ms || *ms != 2 || !handed.insert(a).second)
          continue;
        Amount bytes = bytesOf(a->getResult(0).getType());
        h.l1PerTile = h.l1PerTile.known() && bytes.known()
                          ? Amount::of(*h.l1PerTile.value + *bytes.value)
                          : (h.l1PerTile.known() ? bytes : h.l1PerTile);
      }
      Flows l1 = flowsAt(herd, 2);
      h.dmaIn = peakFlows(graph, poly, herd, l1.in);
      h.dmaOut = peakFlows(graph, poly, herd, l1.out);
      h.bds = l1.transferOps;
      h.locks = 2 * l1.buffers.size();
      h.xLoc = intAttr(herd, "x_loc");
      h.yLoc = intAttr(herd, "y_loc");
      tiles[op] = h.tiles;
      f.herds.push_back(std::move(h));
      return WalkResult::skip();
    }
    if (auto inner = dyn_cast<air::SegmentOp>(op)) {
      f.nested.push_back(analyseSegment(graph, poly, inner));
      tiles[op] = f.nested.back().tiles;
      l2[op] = f.nested.back().l2;
      return WalkResult::skip();
    }
    return WalkResult::advance();
  });
  // An L1 buffer the segment hands to herds on other tiles is one buffer
  // in the memory their cores share, with a ring of locks that gives them
  // turns, one lock per core (docs/compile.md, "Shared L1"): which tile
  // holds the buffer and its ring is the lowering's choice, so each user's
  // row counts the ring's locks as it counts the buffer's bytes, on its own
  // tiles (a bound; the report's lowering line gives the exact tile).
  // Herds of one name share their tiles (below) and count once.
  {
    std::map<Operation *, std::map<std::string, std::vector<unsigned>>> users;
    for (auto [i, h] : llvm::enumerate(f.herds)) {
      std::string key = h.op.getSymName()
                            ? h.op.getSymName()->str()
                            : "#" + std::to_string(i);
      for (Value v : cast<air::HierarchyOpInterface>(h.op.getOperation())
                         .getKernelOperands()) {
        Operation *a = allocOf(v);
        auto ms = air::getMemorySpace(v.getType());
        if (a && ms && *ms == 2)
          users[a][key].push_back(i);
      }
    }
    for (auto &[alloc, byName] : users) {
      if (byName.size() < 2)
        continue;
      int64_t ring = 0;
      for (auto &[key, herds] : byName) {
        const Amount &t = f.herds[herds.front()].tiles;
        ring += t.known() ? *t.value : 1;
      }
      for (auto &[key, herds] : byName)
        for (unsigned i : herds)
          f.herds[i].locks += ring;
    }
  }
  // Herds sharing an affinity token share a partition (transitively).
  {
    llvm::DenseMap<Operation *, unsigned> herdIndex;
    for (auto [i, h] : llvm::enumerate(f.herds))
      herdIndex[h.op] = i;
    std::vector<unsigned> parent(f.herds.size());
    for (unsigned i = 0; i < parent.size(); ++i)
      parent[i] = i;
    std::function<unsigned(unsigned)> find = [&](unsigned i) {
      return parent[i] == i ? i : parent[i] = find(parent[i]);
    };
    for (auto &[token, members] : graph.affinityGroups()) {
      int first = -1;
      for (Operation *m : members)
        if (auto it = herdIndex.find(m); it != herdIndex.end()) {
          if (first < 0)
            first = it->second;
          else
            parent[find(it->second)] = find(first);
        }
    }
    // Herds of one symbol name in a segment are one herd to upstream: its
    // placement (AIRHerdPlacementPass) gives them the same tiles, and its
    // cores run their bodies one after the other (docs/semantics.md 1.5).
    llvm::StringMap<unsigned> byName;
    for (auto [i, h] : llvm::enumerate(f.herds))
      if (auto name = h.op->getAttrOfType<StringAttr>(
              SymbolTable::getSymbolAttrName())) {
        auto [it, fresh] = byName.try_emplace(name.getValue(), i);
        if (!fresh)
          parent[find(i)] = find(it->second);
      }
    std::map<unsigned, std::vector<unsigned>> classes;
    for (unsigned i = 0; i < f.herds.size(); ++i)
      classes[find(i)].push_back(i);
    int next = 0;
    for (auto &[root, members] : classes)
      if (members.size() > 1) {
        for (unsigned i : members)
          f.herds[i].partition = next;
        ++next;
      }
  }
  f.tilesPerInstance = peakTiles(graph, seg, tiles);
  f.tiles = f.tilesPerInstance * f.instances;
  f.l2PerInstance = peakMemory(graph, seg, 1, l2);
  Flows l2flows = flowsAt(seg, 1);
  f.memDmaIn = l2flows.in.size();
  f.memDmaOut = l2flows.out.size();
  f.l2 = f.l2PerInstance * f.instances;
  return f;
}

ResourceFootprint::ResourceFootprint(Operation *module, const AsyncGraph &graph) {
  PolyhedralModel poly(module);
  SymbolTableCollection tables;
  SymbolTableCollection *outer = channelTables;
  channelTables = &tables;
  llvm::scope_exit restore([&] { channelTables = outer; });
  module->walk([&](air::LaunchOp launch) {
    LaunchFootprint lf;
    lf.op = launch;
    lf.name = hierarchyName(launch);
    lf.instances = instancesOf(cast<air::HierarchyOpInterface>(launch.getOperation()), nullptr);
    lf.tiles = Amount::of(0);
    lf.l2 = Amount::of(0);
    // Flows touching L3 anywhere in the launch go through shim DMAs.
    Flows shim = flowsAt(launch, 0);
    launch.getBody().walk([&](Operation *op) {
      if (auto seg = dyn_cast<air::SegmentOp>(op)) {
        shim.merge(flowsAt(seg, 0));
      }
    });
    // L3 is read by flows out of it (MM2S at the shim) and written by flows
    // into it (S2MM).
    lf.shimOut = shim.out.size();
    lf.shimIn = shim.in.size();
    launch.getBody().walk<WalkOrder::PreOrder>([&](air::SegmentOp seg) {
      lf.segments.push_back(analyseSegment(graph, poly, seg));
      return WalkResult::skip();
    });
    // Segments sharing an affinity token share a partition (transitively).
    std::vector<int> parent(lf.segments.size());
    for (unsigned i = 0; i < parent.size(); ++i)
      parent[i] = i;
    std::function<int(int)> find = [&](int i) {
      return parent[i] == i ? i : parent[i] = find(parent[i]);
    };
    llvm::DenseMap<Operation *, unsigned> segIndex;
    for (auto [i, s] : llvm::enumerate(lf.segments))
      segIndex[s.op] = i;
    for (auto &[token, members] : graph.affinityGroups()) {
      int first = -1;
      for (Operation *m : members)
        if (auto it = segIndex.find(m); it != segIndex.end()) {
          if (first < 0)
            first = it->second;
          else
            parent[find(it->second)] = find(first);
        }
    }
    std::map<int, std::vector<unsigned>> classes;
    for (unsigned i = 0; i < lf.segments.size(); ++i)
      classes[find(i)].push_back(i);
    lf.partitionOf.assign(lf.segments.size(), -1);
    int nextPartition = 0;
    for (auto &[root, segs] : classes) {
      if (segs.size() > 1)
        for (unsigned i : segs)
          lf.partitionOf[i] = nextPartition;
      nextPartition += segs.size() > 1;
      // All segments of a launch are co-resident (seed 000 2.1); those of
      // one partition one after the other: the largest counts.
      for (auto field : {&SegmentFootprint::tiles, &SegmentFootprint::l2}) {
        Amount part = Amount::of(0);
        for (unsigned i : segs) {
          const Amount &a = lf.segments[i].*field;
          if (!a.known()) {
            part = a;
            break;
          }
          part = Amount::of(std::max(*part.value, *a.value));
        }
        Amount *total = field == &SegmentFootprint::tiles ? &lf.tiles : &lf.l2;
        *total = total->known() && part.known()
                     ? Amount::of(*total->value + *part.value)
                     : (total->known() ? part : *total);
      }
    }
    all.push_back(std::move(lf));
  });
}
