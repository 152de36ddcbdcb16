//===- ProgramRun.cpp - replaying what an AIR program moves ---------------===//
#include "analyses/validate/ProgramRun.h"

#include "analyses/MemrefEffects.h"
#include "analyses/MemrefRoots.h"
#include "analyses/executor/SkeletonExecutor.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include <deque>
#include <limits>
#include <set>

using namespace mlir;
using namespace aircheck;
using namespace aircheck::validate;

namespace {

/// The root a memref value names, read statically: the function argument
/// or the alloc (through kernel arguments, air.execute results and, with
/// `views`, views).
struct Root {
  int argument = -1;
  Operation *alloc = nullptr;
  memref::GlobalOp global;
};

Root rootOf(Value v, bool views) {
  Value r = memrefRoot(v, KernelArgLinks | ExecuteLinks |
                              (views ? ViewLinks : 0u));
  if (auto a = dyn_cast_or_null<BlockArgument>(r)) {
    if (isa<func::FuncOp>(a.getOwner()->getParentOp()))
      return Root{(int)a.getArgNumber(), nullptr};
    return {};
  }
  Operation *def = r ? r.getDefiningOp() : nullptr;
  if (isa_and_nonnull<memref::AllocOp, memref::AllocaOp>(def))
    return Root{-1, def, {}};
  if (auto get = dyn_cast_or_null<memref::GetGlobalOp>(def))
    return Root{-1, nullptr,
                SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
                    get, get.getNameAttr())};
  return {};
}

/// One side of a transfer: a buffer and the elements its pattern
/// addresses, kept as the pattern (a start, sizes and strides), not as the
/// list: a transfer waiting for its other side holds no more than that.
struct Side {
  int place = -1;
  int64_t start = 0, count = 0;
  SmallVector<int64_t, 4> sizes, strides;
  /// A padded source (docs/semantics.md 4c): zeros before and after each
  /// dimension (empty: none). `count` includes them.
  SmallVector<int64_t, 4> padBefore, padAfter;
};

/// What Elements yields for a padding zero.
constexpr int64_t kPad = std::numeric_limits<int64_t>::min();

/// The elements of a side, in order (an odometer over its sizes, padded
/// ones where it pads: a padding position is kPad).
class Elements {
public:
  explicit Elements(const Side &s)
      : s(s), idx(s.sizes.size(), 0), at(s.start) {}
  int64_t operator*() const {
    if (s.padBefore.empty())
      return at;
    int64_t a = s.start;
    for (size_t k = 0; k < idx.size(); ++k) {
      int64_t i = idx[k] - s.padBefore[k];
      if (i < 0 || i >= s.sizes[k])
        return kPad;
      a += i * s.strides[k];
    }
    return a;
  }
  void next() {
    if (!s.padBefore.empty()) {
      for (size_t k = idx.size(); k-- > 0;) {
        if (++idx[k] < s.padBefore[k] + s.sizes[k] + s.padAfter[k])
          return;
        idx[k] = 0;
      }
      return;
    }
    for (size_t k = idx.size(); k-- > 0;) {
      at += s.strides[k];
      if (++idx[k] < s.sizes[k])
        return;
      at -= idx[k] * s.strides[k];
      idx[k] = 0;
    }
  }

private:
  const Side &s;
  SmallVector<int64_t, 4> idx;
  int64_t at;
};

struct Reached {
  Operation *op = nullptr;
  bool isPut = false, isDma = false;
  /// The hand-off of a core-computed source this transfer reads (0: none).
  int round = 0;
  Side from, to; // a put: from; a get: to; a dma_memcpy_nd: both
  /// Host copies (a memref.copy, or those of an air.execute), in order.
  std::vector<std::pair<Side, Side>> hostCopies;
  std::vector<std::pair<std::string, std::vector<int64_t>>> fifos;
  /// The FIFOs that still hold it (a broadcast put is in several).
  size_t queuedIn = 0;
  /// A put: what its source holds, read when it meets its first get (a
  /// broadcast put's later gets take the same: in a race-free program
  /// nothing writes its source while it is under way).
  std::optional<std::vector<TagRun>> read;
};

class Replay : public TransferObserver {
public:
  Replay(ModuleOp module, int64_t budget,
         const std::map<unsigned, int64_t> &unrankedSizes)
      : module(module), budget(budget), unrankedSizes(unrankedSizes) {}

  bool observesHostCopies() const override { return true; }
  bool observesInstances() const override { return true; }
  void instances(ArrayRef<std::pair<Operation *, SmallVector<int64_t, 2>>>
                     chain) override {
    where.assign(chain.begin(), chain.end());
  }

  ProgramDelivery run(uint64_t maxSteps) {
    module.walk([&](func::FuncOp f) {
      bool air = false;
      f.walk([&](Operation *op) {
        if (isa<air::AIRDialect>(op->getDialect()))
          air = true;
      });
      if (!air)
        return;
      if (out.func)
        fail("a second function with AIR ops", f);
      out.func = f;
    });
    if (out.unknown)
      return std::move(out);
    if (!out.func) {
      fail("no function with AIR ops", nullptr);
      return std::move(out);
    }
    for (BlockArgument a : out.func.getArguments()) {
      out.arguments.push_back(argumentTags(a));
      if (MemRefType t = unrankedAsRanked(a))
        out.arguments.back() =
            TagArray(t.getNumElements(), (int32_t)a.getArgNumber());
    }
    // Host code that writes memory other than by a memref.copy is not
    // replayed: what it writes would be missing from the program's side.
    out.func.walk([&](Operation *op) {
      if (out.unknown || op->hasTrait<OpTrait::IsTerminator>() ||
          isa<air::AIRDialect>(op->getDialect()) ||
          isa<memref::CopyOp, memref::DeallocOp>(op) ||
          op->getParentOfType<air::HerdOp>())
        return;
      for (const MemrefEffect &e : memrefEffects(op))
        if (e.write) {
          fail("host code that writes memory (" +
                   op->getName().getStringRef().str() +
                   ") is not replayed",
               op);
          return;
        }
    });
    if (out.unknown)
      return std::move(out);
    // The allocs a transfer reads: only their content is ever read (with
    // the arguments' and the globals').
    module.walk([&](Operation *op) {
      Value source;
      if (auto c = dyn_cast<air::ChannelOpInterface>(op))
        source = c.isPut() ? c.getMemref() : Value();
      else if (auto dma = dyn_cast<air::DmaMemcpyNdOp>(op))
        source = dma.getSrc();
      else if (auto c = dyn_cast<memref::CopyOp>(op))
        source = c.getSource();
      if (source)
        if (Operation *a = rootOf(source, false).alloc)
          sourced.insert(a);
    });
    // The L1 allocs a herd body computes into.
    module.walk([&](air::HerdOp herd) {
      herd.getBody().walk([&](Operation *op) {
        if (isa<air::AIRDialect>(op->getDialect()))
          return;
        for (const MemrefEffect &e : memrefEffects(op))
          if (e.write)
            if (Operation *a = rootOf(e.memref, true).alloc)
              computed.insert(a);
      });
    });
    SkeletonOptions options;
    options.maxSteps = maxSteps;
    options.observer = this;
    SkeletonResult r = runSkeleton(module, options);
    if (out.unknown)
      return std::move(out);
    if (r.verdict != SkeletonResult::Verdict::Completed) {
      fail("the program's run did not complete", out.func);
      return std::move(out);
    }
    // Arguments: their final content.
    for (auto [i, p] : llvm::enumerate(out.places))
      if (p.kind == Place::Argument)
        out.arguments[p.argument] = content[i];
    return std::move(out);
  }

  void reached(unsigned id, Operation *op,
               ArrayRef<SmallVector<int64_t, 4>> destinations,
               function_ref<std::optional<int64_t>(Value)> valueOf) override {
    if (out.unknown)
      return;
    Reached r;
    r.op = op;
    if (auto c = dyn_cast<air::ChannelOpInterface>(op)) {
      r.isPut = c.isPut();
      Side s;
      if (!padded(op, c.getMemref(), c.getMixedOffsets(),
                  c.getMixedAccessSizes(), c.getMixedStrides(), valueOf, s,
                  c.isPut()))
        return;
      (r.isPut ? r.from : r.to) = std::move(s);
      for (const auto &d : destinations)
        r.fifos.push_back(
            {c.getChanName().str(), std::vector<int64_t>(d.begin(), d.end())});
    } else if (auto dma = dyn_cast<air::DmaMemcpyNdOp>(op)) {
      r.isDma = true;
      if (!padded(op, dma.getSrc(), dma.getMixedSrcOffsets(),
                  dma.getMixedSrcSizes(), dma.getMixedSrcStrides(), valueOf,
                  r.from, /*source=*/true) ||
          !side(op, dma.getDst(), dma.getMixedDstOffsets(),
                dma.getMixedDstSizes(), dma.getMixedDstStrides(), valueOf,
                r.to))
        return;
      if (r.from.count != r.to.count) {
        fail("a dma_memcpy_nd whose sides move different element counts", op);
        return;
      }
    } else if (isa<memref::CopyOp, air::ExecuteOp>(op)) {
      // A host copy: every element of its source to its target.
      r.isDma = true;
      SmallVector<memref::CopyOp, 1> copies;
      if (auto c = dyn_cast<memref::CopyOp>(op))
        copies.push_back(c);
      else
        for (Operation &o : cast<air::ExecuteOp>(op).getBody())
          if (auto c = dyn_cast<memref::CopyOp>(o))
            copies.push_back(c);
      for (memref::CopyOp c : copies) {
        Side from, to;
        if (!side(c, c.getSource(), {}, {}, {}, valueOf, from) ||
            !side(c, c.getTarget(), {}, {}, {}, valueOf, to))
          return;
        if (from.count != to.count) {
          fail("a memref.copy between buffers of different sizes", c);
          return;
        }
        r.hostCopies.push_back({std::move(from), std::move(to)});
      }
    } else {
      return;
    }
    pending[id] = std::move(r);
  }

  void started(unsigned id) override {
    if (out.unknown)
      return;
    auto it = pending.find(id);
    if (it == pending.end())
      return;
    Reached &r = it->second;
    if (!r.hostCopies.empty()) {
      for (auto &[from, to] : r.hostCopies)
        copy(from, to, r.op, 0);
      pending.erase(it);
      return;
    }
    // A transfer that reads a buffer its core computes into is one more
    // hand-off of that buffer.
    if (r.isDma || r.isPut) {
      const Place &src = out.places[r.from.place];
      if (src.kind == Place::CoreBuffer && computed.count(src.alloc)) {
        r.round = ++handoffs[r.from.place];
        if (r.round > kMaxRounds) {
          fail("a core buffer handed out more than " +
                   std::to_string(kMaxRounds) + " times",
               r.op);
          return;
        }
      }
    }
    if (r.isDma) {
      copy(r.from, r.to, r.op, r.round);
      pending.erase(it);
      return;
    }
    // Matched transfers are dropped: the replay keeps only those still
    // waiting for their partner.
    bool isPut = r.isPut;
    auto fifoKeys = std::move(r.fifos);
    r.queuedIn = fifoKeys.size();
    if (fifoKeys.empty())
      pending.erase(it);
    for (const auto &f : fifoKeys) {
      auto &[puts, gets] = fifos[f];
      (isPut ? puts : gets).push_back(id);
      while (!puts.empty() && !gets.empty()) {
        unsigned putId = puts.front(), getId = gets.front();
        Reached &put = pending[putId], &get = pending[getId];
        if (put.from.count != get.to.count) {
          fail("a put and the get it meets move different element counts",
               get.op);
          return;
        }
        if (isMmio(get.op))
          setInitial(put.from, get.to, get.op);
        else
          copy(put.from, get.to, get.op, put.round, &put.read);
        puts.pop_front();
        gets.pop_front();
        if (--put.queuedIn == 0)
          pending.erase(putId);
        if (--get.queuedIn == 0)
          pending.erase(getId);
      }
    }
  }

private:
  ModuleOp module;
  int64_t budget, moved = 0;
  const std::map<unsigned, int64_t> &unrankedSizes;
  ProgramDelivery out;
  std::set<Operation *> computed;
  std::set<Operation *> sourced; // allocs some transfer reads
  std::map<int, int> handoffs; // per core buffer place
  std::vector<TagRun> runs;     // what copy() reads (kept for its space)
  std::vector<TagArray> content; // per place
  std::map<std::tuple<int, Operation *, SmallVector<int64_t, 2>>, int>
      placeOf;
  std::map<unsigned, Reached> pending;
  /// The hierarchy instances of the op being reached (outermost first).
  SmallVector<std::pair<Operation *, SmallVector<int64_t, 2>>, 3> where;
  std::map<Operation *, std::optional<std::vector<Tag>>> globals;
  std::map<std::pair<std::string, std::vector<int64_t>>,
           std::pair<std::deque<unsigned>, std::deque<unsigned>>>
      fifos;

  /// An unranked argument as the 1-D memref of the size the host gives
  /// it (null when it is ranked or its size is not given).
  MemRefType unrankedAsRanked(BlockArgument a) {
    auto u = dyn_cast<UnrankedMemRefType>(a.getType());
    auto it = unrankedSizes.find(a.getArgNumber());
    if (!u || it == unrankedSizes.end())
      return {};
    return MemRefType::get({it->second}, u.getElementType(),
                           MemRefLayoutAttrInterface(), u.getMemorySpace());
  }

  void fail(std::string why, Operation *at, bool pastBudget = false) {
    if (!out.unknown)
      out.unknown = Unknown{std::move(why), at, pastBudget};
  }

  /// The row-major strides of a shape, in elements.
  static SmallVector<int64_t, 4> rowMajorStrides(ArrayRef<int64_t> shape) {
    SmallVector<int64_t, 4> strides(shape.size());
    int64_t row = 1;
    for (size_t k = shape.size(); k-- > 0;) {
      strides[k] = row;
      row *= shape[k];
    }
    return strides;
  }

  /// A side, with its padding where it is a transfer's source
  /// (docs/semantics.md 4c).
  bool padded(Operation *op, Value memref, ArrayRef<OpFoldResult> offs,
              ArrayRef<OpFoldResult> sizes, ArrayRef<OpFoldResult> strides,
              function_ref<std::optional<int64_t>(Value)> valueOf, Side &s,
              bool source) {
    if (!side(op, memref, offs, sizes, strides, valueOf, s))
      return false;
    if (!source)
      return true;
    std::optional<air::Padding> pad;
    // The dimensions padding reads: the pattern's, or the buffer's shape
    // for a whole-buffer one (docs/semantics.md 4c).
    if (s.sizes.size() == 1 && sizes.empty()) {
      MemRefType type = out.places[s.place].type;
      if (!air::getPadding(op, type.getRank()))
        return true;
      s.sizes.assign(type.getShape().begin(), type.getShape().end());
      s.strides = rowMajorStrides(type.getShape());
    }
    pad = air::getPadding(op, s.sizes.size());
    if (!pad)
      return true;
    if (pad->before.empty()) {
      fail("padding that does not align with the pattern's dimensions is "
           "not replayed",
           op);
      return false;
    }
    s.padBefore = pad->before;
    s.padAfter = pad->after;
    s.count = 1;
    for (size_t k = 0; k < s.sizes.size(); ++k)
      s.count *= pad->before[k] + s.sizes[k] + pad->after[k];
    return true;
  }

  bool side(Operation *op, Value memref, ArrayRef<OpFoldResult> offs,
            ArrayRef<OpFoldResult> sizes, ArrayRef<OpFoldResult> strides,
            function_ref<std::optional<int64_t>(Value)> valueOf, Side &s) {
    // A subview of an argument (of static shape, identity layout),
    // transferred whole: its elements in row-major order, each the
    // argument's element at the offsets plus the index times the view's
    // strides. As a pattern on the argument: the view's offsets (one per
    // dimension: they start at their row-major position), its sizes, its
    // strides times the argument's row-major strides.
    SmallVector<OpFoldResult, 4> viewOffs, viewSizes, viewStrides;
    if (offs.empty() && sizes.empty() && strides.empty())
      if (Value r = memrefRoot(memref, KernelArgLinks | ExecuteLinks))
        if (auto sv = r.getDefiningOp<memref::SubViewOp>()) {
          auto st = dyn_cast<MemRefType>(sv.getSource().getType());
          if (rootOf(sv.getSource(), false).argument >= 0 && st &&
              st.hasStaticShape() && st.getLayout().isIdentity() &&
              llvm::none_of(sv.getStaticStrides(), ShapedType::isDynamic)) {
            Builder b(sv.getContext());
            SmallVector<int64_t, 4> rows = rowMajorStrides(st.getShape());
            viewOffs = sv.getMixedOffsets();
            viewSizes = sv.getMixedSizes();
            for (auto [k, stride] : llvm::enumerate(sv.getStaticStrides()))
              viewStrides.push_back(b.getIndexAttr(stride * rows[k]));
            memref = sv.getSource();
            offs = viewOffs;
            sizes = viewSizes;
            strides = viewStrides;
          }
        }
    Root root = rootOf(memref, false);
    auto type = dyn_cast<MemRefType>(memref.getType());
    if (root.argument >= 0 && isa<UnrankedMemRefType>(memref.getType()))
      type = unrankedAsRanked(out.func.getArgument(root.argument));
    if (root.global) {
      const std::optional<std::vector<Tag>> &init = globalContent(root.global);
      if (!init || !type || !type.hasStaticShape() ||
          (int64_t)init->size() != type.getNumElements()) {
        fail("a transfer from a memref.global that is not a dense constant "
             "(or that something writes) is not replayed",
             op);
        return false;
      }
    } else if ((!root.alloc && root.argument < 0) || !type ||
               !type.hasStaticShape()) {
      fail("a transfer on a view, a global or a buffer without a static "
           "shape is not replayed",
           op);
      return false;
    }
    // The place: an argument, an L1 alloc of one herd instance, another
    // alloc.
    Place p;
    p.type = type;
    std::vector<int64_t> ids;
    if (root.argument >= 0) {
      p.kind = Place::Argument;
      p.argument = root.argument;
    } else if (root.global) {
      p.kind = Place::Global;
      p.alloc = root.global;
    } else {
      p.alloc = root.alloc;
      auto space = dyn_cast_or_null<IntegerAttr>(type.getMemorySpace());
      auto herd = root.alloc->getParentOfType<air::HerdOp>();
      // An L1 buffer from outside the herd is one copy per tile
      // (docs/semantics.md 4b): the transferring tile's.
      if (!herd && space && space.getInt() == 2)
        herd = op->getParentOfType<air::HerdOp>();
      if (herd && space && space.getInt() == 2) {
        p.kind = Place::CoreBuffer;
        p.herd = herd;
        for (Value id :
             cast<air::HierarchyOpInterface>(herd.getOperation()).getIds()) {
          std::optional<int64_t> x = valueOf(id);
          if (!x) {
            fail("a herd id without a value in the run", op);
            return false;
          }
          ids.push_back(*x);
        }
        p.ids.assign(ids.begin(), ids.end());
      }
    }
    // An alloc in a segment is one buffer per segment instance: the
    // instance the transfer runs in.
    if (p.alloc && !root.global)
      if (auto seg = p.alloc->getParentOfType<air::SegmentOp>()) {
        auto it = llvm::find_if(where, [&](const auto &w) {
          return w.first == seg.getOperation();
        });
        if (it == where.end()) {
          fail("a transfer on a buffer of a segment instance it does not "
               "run in",
               op);
          return false;
        }
        p.segment = it->second;
      }
    auto key = std::make_tuple(p.argument, p.alloc, p.key());
    auto [it, fresh] = placeOf.try_emplace(key, (int)out.places.size());
    if (fresh) {
      TagArray init(type.getNumElements(),
                    p.kind == Place::Argument ? p.argument : -1);
      if (p.kind == Place::Global)
        init = TagArray(*globalContent(root.global));
      out.places.push_back(p);
      content.push_back(std::move(init));
    }
    s.place = it->second;
    // The pattern (docs/semantics.md 4b).
    auto eval = [&](ArrayRef<OpFoldResult> list,
                    SmallVectorImpl<int64_t> &vals) {
      for (OpFoldResult f : list) {
        if (auto a = dyn_cast<Attribute>(f)) {
          vals.push_back(cast<IntegerAttr>(a).getInt());
          continue;
        }
        std::optional<int64_t> x = valueOf(cast<Value>(f));
        if (!x)
          return false;
        vals.push_back(*x);
      }
      return true;
    };
    SmallVector<int64_t, 4> o, z, st;
    if (!eval(offs, o) || !eval(sizes, z) || !eval(strides, st)) {
      fail("a transfer pattern without values in the run", op);
      return false;
    }
    int64_t count = type.getNumElements();
    s.start = 0;
    s.sizes.clear();
    s.strides.clear();
    if (z.empty()) {
      if (!o.empty()) {
        fail("a transfer with offsets and no sizes is not replayed", op);
        return false;
      }
      s.count = count;
      s.sizes.push_back(count);
      s.strides.push_back(1);
      return true;
    }
    if (st.size() != z.size() || (!o.empty() && o.size() != z.size())) {
      fail("a transfer pattern whose lists differ in length is not replayed",
           op);
      return false;
    }
    // The start, read here and not through analyses/PatternStart: the
    // lowering asks that, and an oracle does not share the code it judges.
    int64_t start = 0;
    ArrayRef<int64_t> shape = type.getShape();
    if (o.size() == shape.size()) {
      int64_t stride = 1;
      for (size_t k = shape.size(); k-- > 0;) {
        start += o[k] * stride;
        stride *= shape[k];
      }
    } else if (!o.empty()) {
      for (size_t k = 0; k + 1 < o.size(); ++k)
        start += o[k] * st[k];
      start += o.back();
    }
    int64_t n = 1;
    for (int64_t v : z)
      n *= std::max<int64_t>(v, 0);
    s.start = start;
    s.count = n;
    s.sizes.assign(z.begin(), z.end());
    s.strides.assign(st.begin(), st.end());
    if (n == 0)
      return true;
    // Every element lies between the pattern's least and greatest, and
    // both are reached.
    int64_t lo = start, hi = start;
    for (size_t k = 0; k < z.size(); ++k) {
      int64_t span = (z[k] - 1) * st[k];
      (span < 0 ? lo : hi) += span;
    }
    if (lo < 0 || hi >= count) {
      fail("a transfer reaches element " + std::to_string(lo < 0 ? lo : hi) +
               ", outside its buffer",
           op);
      return false;
    }
    return true;
  }

  /// A memref.global's content as the program starts: its dense
  /// initializer's elements (a splat's repeated), where nothing writes it;
  /// nullopt otherwise. Read once per global.
  const std::optional<std::vector<Tag>> &globalContent(memref::GlobalOp g) {
    auto [it, fresh] = globals.try_emplace(g.getOperation());
    if (fresh) {
      std::optional<Attribute> init = g.getInitialValue();
      if (init && (g.getConstant() || !written(g)))
        it->second = constantTags(*init);
    }
    return it->second;
  }

  /// Whether an op of the module writes `global` (through get_global and
  /// views): its initializer is then not its content.
  bool written(memref::GlobalOp global) {
    bool any = false;
    module.walk([&](Operation *op) {
      for (const MemrefEffect &e : memrefEffects(op))
        if (e.write)
          if (auto get = dyn_cast_or_null<memref::GetGlobalOp>(
                  memrefRootOp(e.memref)))
            if (get.getName() == global.getSymName())
              any = true;
    });
    return any;
  }

  static bool isMmio(Operation *op) {
    auto c = dyn_cast<air::ChannelOpInterface>(op);
    if (!c)
      return false;
    auto decl = SymbolTable::lookupNearestSymbolFrom<air::ChannelOp>(
        op, c.getChanNameAttr());
    return decl && decl.getKind() == "mmio";
  }

  /// An npu_mmio channel sets a core buffer's elements before the core
  /// runs (upstream lowers it to the buffer's initial value): its content,
  /// not a fill. Only as the first write of the buffer.
  void setInitial(const Side &from, const Side &to, Operation *writer) {
    const Place &dst = out.places[to.place];
    if (dst.kind != Place::CoreBuffer || out.fills.count(to.place) ||
        out.initial.count(to.place)) {
      fail("an npu_mmio channel that sets anything but a core buffer "
           "nothing wrote before is not replayed",
           writer);
      return;
    }
    std::vector<Tag> &init = out.initial[to.place];
    init.assign(content[to.place].size(), Tag());
    if (!from.padBefore.empty()) {
      fail("a padded npu_mmio put is not replayed", writer);
      return;
    }
    Elements src(from), at(to);
    for (int64_t k = 0; k < to.count; ++k, src.next(), at.next()) {
      int64_t e = *at;
      Tag t = content[from.place][*src];
      if (t.kind != Tag::Constant) {
        fail("an npu_mmio channel that sends anything but a constant is not "
             "replayed",
             writer);
        return;
      }
      content[to.place].set(e, init[e] = t);
    }
  }

  /// Whether a transfer may read what is written into place p: an
  /// argument's content is the result, a global's or a buffer's is read by
  /// the transfers whose source it is, except a core buffer its core
  /// computes into (those read its core's values, Tag::Computed).
  bool readLater(int p) const {
    const Place &pl = out.places[p];
    if (pl.kind == Place::Argument || pl.kind == Place::Global || !pl.alloc)
      return true;
    if (pl.kind == Place::CoreBuffer && computed.count(pl.alloc))
      return false;
    return sourced.count(pl.alloc) > 0;
  }

  /// The rows of an unpadded side, in order: (first element, step, count)
  /// along its last dimension.
  static void forEachRow(const Side &s,
                         function_ref<void(int64_t, int64_t, int64_t)> row) {
    if (s.count <= 0)
      return;
    size_t d = s.sizes.size();
    SmallVector<int64_t, 4> idx(d, 0);
    int64_t at = s.start;
    for (bool more = true; more;) {
      row(at, s.strides.back(), s.sizes.back());
      more = false;
      for (size_t k = d - 1; k-- > 0;) {
        at += s.strides[k];
        if (++idx[k] < s.sizes[k]) {
          more = true;
          break;
        }
        at -= idx[k] * s.strides[k];
        idx[k] = 0;
      }
    }
  }

  void copy(const Side &from, const Side &to, Operation *writer, int round,
            std::optional<std::vector<TagRun>> *read = nullptr) {
    moved += to.count;
    if (moved > budget) {
      fail("the program moves more than " + std::to_string(budget) +
               " elements (the replay's budget)",
           writer, /*pastBudget=*/true);
      return;
    }
    if (out.places[to.place].kind == Place::Global) {
      fail("a transfer into a memref.global is not replayed", writer);
      return;
    }
    const Place &src = out.places[from.place];
    bool made = src.kind == Place::CoreBuffer && computed.count(src.alloc);
    // What the source holds, as runs (a put's, once).
    const std::vector<TagRun> *source = read && *read ? &**read : nullptr;
    if (!source) {
      std::vector<TagRun> &into = read ? read->emplace() : runs;
      into.clear();
      unsigned bits = src.type.getElementTypeBitWidth();
      int64_t n = 0;
      for (Elements e(from); n < from.count; e.next(), ++n) {
        Tag t = *e == kPad ? Tag(Tag::Constant, (int32_t)bits, 0)
                : made     ? Tag(Tag::Computed, from.place, *e, round)
                           : content[from.place][*e];
        if (into.empty() || !into.back().extend(t))
          into.push_back(TagRun{t, 0, 1});
      }
      source = &into;
    }
    FillLog *log = out.places[to.place].kind == Place::CoreBuffer
                       ? &out.fills[to.place]
                       : nullptr;
    if (log)
      log->begin(writer);
    // Written row by row, a row in as many pieces as source runs it spans;
    // a buffer nothing reads again keeps only its fills.
    TagArray *keep = readLater(to.place) ? &content[to.place] : nullptr;
    auto write = [&](int64_t at, int64_t step, const TagRun &piece) {
      if (log)
        log->addRow(at, step, piece);
      if (keep)
        for (int64_t i = 0; i < piece.count; ++i)
          keep->set(at + i * step, piece.at(i));
    };
    RunPieces pieces(*source);
    forEachRow(to, [&](int64_t at, int64_t step, int64_t count) {
      pieces.row(at, step, count, write);
    });
  }
};

} // namespace

ProgramDelivery aircheck::validate::replayProgram(ModuleOp module,
                                                  uint64_t maxSteps,
                                                  int64_t budget,
    const std::map<unsigned, int64_t> &unrankedSizes) {
  return Replay(module, budget, unrankedSizes).run(maxSteps);
}

std::string aircheck::validate::keyText(llvm::ArrayRef<int64_t> key) {
  std::string out;
  for (int64_t x : key)
    out += (out.empty() ? "" : ", ") + std::to_string(x);
  return out;
}
