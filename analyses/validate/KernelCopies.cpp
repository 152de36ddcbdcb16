//===- KernelCopies.cpp - do a GPU kernel's copy loops copy the program's --===//
//
// Both sides become isl maps of one shape,
//
//   [b0, b1, b2] -> { [i0, ..., (t0, t1)] -> [s0, ..., d0, ...] }
//
// the block (parameters), the values of the loops around the copy (and the
// tile, for a copy of a herd body) to the source and destination indices
// of one element moved. The program's map is written from the AIR op's
// pattern (docs/semantics.md 4b), the element number n projected out; the
// kernel's from its loads' and stores' index arithmetic, the copy loop's
// value (and, for a copy spread over the block, the thread) projected out.
// This reads the IR the lowering made, never the lowering's own helpers.
//
//===----------------------------------------------------------------------===//
#include "analyses/validate/KernelCopies.h"
#include "analyses/IndexExprs.h"
#include "analyses/validate/Delivery.h"

#include "dialects/AIR/AIRDialect.h"
#include "solvers/IslSupport.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IntegerSet.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <functional>
#include <map>
#include <set>
#include <sstream>

using namespace mlir;
using namespace aircheck;
using namespace aircheck::validate;

namespace {

/// "file:line:col" of a location the parser gave (nullopt for any other).
std::optional<std::string> locKey(Location loc) {
  if (auto f = dyn_cast<FileLineColLoc>(loc))
    return f.getFilename().str() + ":" + std::to_string(f.getLine()) + ":" +
           std::to_string(f.getColumn());
  return std::nullopt;
}

using Leaf = IndexExprReader::Leaf;

/// The text of an expression read (nullopt: not read).
std::optional<std::string> textOf(const std::optional<IndexExpr> &e) {
  if (!e)
    return std::nullopt;
  return e->text;
}

/// A loop's iterations as constraints on its value `dim`: lb + step * c
/// for some c >= 0, below ub.
std::string loopDomain(const std::string &dim, const std::string &lb,
                       const std::string &ub, int64_t step) {
  return "(exists c: c >= 0 and " + dim + " = " + lb + " + " +
         std::to_string(step) + " * c) and " + dim + " < " + ub;
}

/// One induction value of a loop around a copy.
struct LoopDim {
  Value iv;
  std::string lb, ub;
  int64_t step = 1;
};

/// The induction values of `p` (scf.for, scf.parallel, affine.for) with
/// their bounds; nullopt for another op; `read` false where a bound or step
/// is not read.
std::optional<std::vector<LoopDim>> loopDims(Operation *p,
                                             IndexExprReader &ex, bool &read) {
  std::vector<LoopDim> out;
  read = true;
  auto add = [&](Value iv, std::optional<IndexExpr> lb,
                 std::optional<IndexExpr> ub, std::optional<int64_t> step) {
    if (!lb || !ub || !step || *step <= 0)
      read = false;
    else
      out.push_back({iv, lb->text, ub->text, *step});
  };
  if (auto f = dyn_cast<scf::ForOp>(p)) {
    add(f.getInductionVar(), ex.expr(f.getLowerBound()),
        ex.expr(f.getUpperBound()), getConstantIntValue(f.getStep()));
    return out;
  }
  if (auto f = dyn_cast<scf::ParallelOp>(p)) {
    for (unsigned k = 0; k < f.getNumLoops(); ++k)
      add(f.getInductionVars()[k], ex.expr(f.getLowerBound()[k]),
          ex.expr(f.getUpperBound()[k]), getConstantIntValue(f.getStep()[k]));
    return out;
  }
  if (auto f = dyn_cast<affine::AffineForOp>(p)) {
    add(f.getInductionVar(),
        ex.mapResult(f.getLowerBoundMap(), f.getLowerBoundOperands()),
        ex.mapResult(f.getUpperBoundMap(), f.getUpperBoundOperands()),
        f.getStepAsInt());
    return out;
  }
  return std::nullopt;
}

/// The condition under which `p` (scf.if, affine.if) runs `at`, as isl
/// constraints; nullopt for another op; `read` false where the condition
/// is not read.
std::optional<std::string> guardOf(Operation *p, Region *at,
                                   IndexExprReader &ex, bool &read) {
  std::optional<IndexExpr> e;
  if (auto i = dyn_cast<scf::IfOp>(p))
    e = ex.condition(i.getCondition(), i.getElseRegion().isAncestor(at));
  else if (auto i = dyn_cast<affine::AffineIfOp>(p))
    e = ex.integerSet(i.getIntegerSet(), i.getOperands(),
                      i.getElseRegion().isAncestor(at));
  else
    return std::nullopt;
  read = e.has_value();
  return e ? e->text : std::string();
}

/// Loops are paired across the sides by location; the k-th induction value
/// at one location (a multi-dimensional scf.parallel) is `loc/k`.
std::optional<std::string> loopKey(Operation *p, unsigned k) {
  std::optional<std::string> l = locKey(p->getLoc());
  if (!l)
    return std::nullopt;
  return *l + "/" + std::to_string(k);
}

/// A value of the host code around a launch that the launch reads, named
/// as a parameter by where it is made: a loop's induction value (upstream
/// wraps a herd in loops in a launch of its own; the loops stay on the
/// host). Both sides name it the same way.
std::optional<std::string> hostParam(Value v, Operation *launch) {
  auto arg = dyn_cast<BlockArgument>(v);
  if (!arg)
    return std::nullopt;
  Operation *owner = arg.getOwner()->getParentOp();
  if (!owner || launch->isAncestor(owner) ||
      !isa<scf::ForOp, scf::ParallelOp, affine::AffineForOp>(owner))
    return std::nullopt;
  auto f = dyn_cast<FileLineColLoc>(owner->getLoc());
  if (!f)
    return std::nullopt;
  return "h" + std::to_string(f.getLine()) + "_" +
         std::to_string(f.getColumn()) + "_" +
         std::to_string(arg.getArgNumber());
}

/// One copy, as either side reads it.
struct Copy {
  Operation *op = nullptr; // the AIR op; the kernel's store
  std::vector<std::string> loopKeys; // the loops around it, outermost first
  bool inHerd = false;
  std::string src, dst;   // the buffers, paired across the sides
  std::string srcShape, dstShape; // their shapes and element types
  std::string srcName, dstName; // as a message names them
  // [in] -> [src indices, dst indices] where `cons` holds, the dims `drop`
  // (descending) projected out: [loops, tile] -> [src, dst].
  std::vector<std::string> in, srcIdx, dstIdx;
  std::string cons;
  std::vector<size_t> drop;
};

/// Why a side could not be read.
struct Unread {
  std::string why;
  Operation *at = nullptr;
};

std::string join(const std::vector<std::string> &v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i)
    s += (i ? ", " : "") + v[i];
  return s;
}


class Checker {
public:
  Checker(ModuleOp program, ModuleOp lowered, unsigned long maxOps)
      : program(program), lowered(lowered), isl(maxOps) {}

  Verdict run() {
    Verdict v;
    try {
      v = compare();
    } catch (const isl::exception &e) {
      v = Verdict{};
      v.kind = Verdict::Unknown;
      v.message = std::string("isl could not decide (") + islx::reason(e) + ")";
    }
    return v;
  }

private:
  ModuleOp program, lowered;
  IslContext isl;
  std::vector<std::string> params; // the launch's bounds, per copy

  Verdict unknown(const std::string &why, Operation *at) {
    Verdict v;
    v.kind = Verdict::Unknown;
    v.message = why;
    v.at = at;
    return v;
  }

  /// Program allocs by location; attributions whose location names none
  /// (a kernel printed without the attributions' locations) paired with
  /// the program's buffer of their first copy, one to one, same shape.
  std::set<std::string> programAllocs;
  std::map<std::string, std::string> boundTo;
  std::set<std::string> bound;

  void pairAttribution(std::string &k, const std::string &p,
                       const std::string &kShape, const std::string &pShape) {
    if (k == p || k.rfind("alloc@", 0) != 0 || programAllocs.count(k))
      return;
    auto it = boundTo.find(k);
    if (it != boundTo.end()) {
      k = it->second;
      return;
    }
    if (p.rfind("alloc@", 0) != 0 || bound.count(p) || kShape != pShape)
      return;
    boundTo[k] = p;
    bound.insert(p);
    k = p;
  }

  static std::string shapeOf(Value v) {
    auto t = dyn_cast<MemRefType>(v.getType());
    if (!t)
      return "?";
    std::string s;
    for (int64_t d : t.getShape())
      s += std::to_string(d) + "x";
    llvm::raw_string_ostream os(s);
    t.getElementType().print(os);
    return s;
  }

  static void setBuffers(Copy &c, std::string src, std::string dst,
                         Value srcMemref, Value dstMemref) {
    c.src = std::move(src);
    c.dst = std::move(dst);
    c.srcShape = shapeOf(srcMemref);
    c.dstShape = shapeOf(dstMemref);
  }

  Verdict compare() {
    program.walk([&](memref::AllocOp a) {
      if (std::optional<std::string> k = locKey(a.getLoc()))
        programAllocs.insert("alloc@" + *k);
    });
    // The program's copies, by location.
    std::map<std::string, air::DmaMemcpyNdOp> byLoc;
    std::vector<air::DmaMemcpyNdOp> order;
    Operation *twice = nullptr;
    program.walk([&](air::DmaMemcpyNdOp d) {
      if (!d->getParentOfType<air::LaunchOp>())
        return;
      std::optional<std::string> k = locKey(d.getLoc());
      if (!k || !byLoc.emplace(*k, d).second)
        twice = twice ? twice : d.getOperation();
      order.push_back(d);
    });
    if (twice)
      return unknown("the program's copies do not have distinct file "
                     "locations, which pair them with the kernel's loops",
                     twice);
    // The kernel must carry the program's locations (air-to-gpu keeps them;
    // a printed kernel has them with --mlir-print-debuginfo, under the
    // path it was lowered from): without them nothing pairs, and a missing
    // copy loop would say nothing.
    if (!order.empty()) {
      StringRef file =
          cast<FileLineColLoc>(order.front().getLoc()).getFilename();
      bool named = false;
      lowered.walk([&](Operation *op) {
        if (auto l = dyn_cast<FileLineColLoc>(op->getLoc()))
          named |= l.getFilename() == file;
        return named ? WalkResult::interrupt() : WalkResult::advance();
      });
      if (!named)
        return unknown("the kernel carries no location in " + file.str() +
                           " (air-opt --mlir-print-debuginfo, given the same "
                           "path, prints them): its copies cannot be paired "
                           "with the program's",
                       nullptr);
    }
    // The kernel's copy statements (a store of a load), by location.
    std::map<std::string, std::vector<memref::StoreOp>> stores;
    lowered.walk([&](gpu::LaunchOp l) {
      l.walk([&](memref::StoreOp s) {
        auto load = s.getValueToStore().getDefiningOp<memref::LoadOp>();
        if (!load || load->getBlock() != s->getBlock())
          return;
        if (std::optional<std::string> k = locKey(s.getLoc()))
          if (byLoc.count(*k))
            stores[*k].push_back(s);
      });
    });
    Verdict v;
    v.kind = Verdict::Equivalent;
    for (air::DmaMemcpyNdOp d : order) {
      std::string key = *locKey(d.getLoc());
      Copy prog;
      prog.op = d;
      int64_t count = 0;
      if (std::optional<Unread> u = readProgram(d, prog, count))
        return unknown(u->why, u->at ? u->at : d.getOperation());
      if (count == 0)
        continue;
      auto it = stores.find(key);
      if (it == stores.end() || it->second.empty()) {
        Verdict diff;
        diff.kind = Verdict::Different;
        diff.message = "the kernel has no copy loop for this transfer of " +
                       std::to_string(count) + " elements";
        diff.at = d;
        return diff;
      }
      if (it->second.size() > 1)
        return unknown("the kernel has " + std::to_string(it->second.size()) +
                           " copy statements at this transfer's location",
                       it->second[1]);
      memref::StoreOp store = it->second.front();
      Copy kern;
      kern.op = store;
      kern.inHerd = prog.inHerd;
      if (std::optional<Unread> u = readKernel(store, key, prog, kern))
        return unknown(u->why, u->at ? u->at : store.getOperation());
      pairAttribution(kern.src, prog.src, kern.srcShape, prog.srcShape);
      pairAttribution(kern.dst, prog.dst, kern.dstShape, prog.dstShape);
      if (std::optional<Verdict> diff = differ(prog, kern, d, store))
        return *diff;
      ++v.buffers;
    }
    return v;
  }

  /// The block ids and the host values the copies read.
  std::set<std::string> hostParams;
  std::string paramPrefix() const {
    std::vector<std::string> p{"b0", "b1", "b2"};
    p.insert(p.end(), hostParams.begin(), hostParams.end());
    return "[" + join(p) + "] -> ";
  }

  static Operation *launchOf(Operation *op) {
    return op->getParentOfType<air::LaunchOp>();
  }

  /// A side's relation, [loops, tile] -> [src, dst]; with `dstToSrc`,
  /// [loops, tile, dst] -> [src].
  isl::map build(const Copy &c, bool dstToSrc) {
    isl::map m = relation(c.in, c.cons, c.srcIdx, c.dstIdx, dstToSrc);
    for (size_t pos : c.drop)
      m = islx::projectOutIn(m, pos);
    return m;
  }

  /// `{ [in] -> [s..., d...] : cons, s = src, d = dst }`, or with
  /// `dstToSrc` `{ [in, d...] -> [s...] : ... }`.
  isl::map relation(const std::vector<std::string> &in,
                    const std::string &cons,
                    const std::vector<std::string> &src,
                    const std::vector<std::string> &dst, bool dstToSrc) {
    std::vector<std::string> ins = in, outs;
    std::string eqs;
    for (size_t k = 0; k < src.size(); ++k) {
      outs.push_back("s" + std::to_string(k));
      eqs += " and s" + std::to_string(k) + " = " + src[k];
    }
    for (size_t k = 0; k < dst.size(); ++k) {
      (dstToSrc ? ins : outs).push_back("d" + std::to_string(k));
      eqs += " and d" + std::to_string(k) + " = " + dst[k];
    }
    return isl::map(isl.get(), paramPrefix() + "{ [" + join(ins) +
                                   "] -> [" + join(outs) + "] : " + cons +
                                   eqs + " }");
  }

  //===------------------------------------------------------------------===//
  // The program side.
  //===------------------------------------------------------------------===//

  /// The buffer a memref operand of the program names: an argument of the
  /// function (through the hierarchy's kernel operands) or an alloc.
  std::optional<std::string> programBuffer(Value v, std::string &name) {
    for (int guard = 0; guard < 64; ++guard) {
      if (auto arg = dyn_cast<BlockArgument>(v)) {
        Operation *owner = arg.getOwner()->getParentOp();
        if (auto f = dyn_cast<func::FuncOp>(owner)) {
          name = "%arg" + std::to_string(arg.getArgNumber());
          return "arg" + std::to_string(arg.getArgNumber());
        }
        auto h = dyn_cast_or_null<air::HierarchyOpInterface>(owner);
        if (!h)
          return std::nullopt;
        ArrayRef<BlockArgument> ka = h.getKernelArguments();
        auto pos = llvm::find(ka, arg);
        if (pos == ka.end())
          return std::nullopt;
        v = h.getKernelOperands()[pos - ka.begin()];
        continue;
      }
      // A buffer an air.execute yields is the one its body names.
      if (auto exec = v.getDefiningOp<air::ExecuteOp>()) {
        unsigned idx = cast<OpResult>(v).getResultNumber();
        Operation *term = exec.getBody().getTerminator();
        if (idx == 0 || idx - 1 >= term->getNumOperands())
          return std::nullopt;
        v = term->getOperand(idx - 1);
        continue;
      }
      if (auto a = v.getDefiningOp<memref::AllocOp>()) {
        std::optional<std::string> k = locKey(a.getLoc());
        if (!k)
          return std::nullopt;
        name = "the alloc at " + lineColOf(a);
        return "alloc@" + *k;
      }
      return std::nullopt;
    }
    return std::nullopt;
  }

  std::optional<Unread> readProgram(air::DmaMemcpyNdOp d, Copy &c,
                                    int64_t &count) {
    // The ops around the copy, outermost first.
    SmallVector<Operation *> chain;
    for (Operation *p = d->getParentOp(); p; p = p->getParentOp()) {
      chain.push_back(p);
      if (isa<air::LaunchOp>(p))
        break;
    }
    std::reverse(chain.begin(), chain.end());
    llvm::DenseMap<Value, std::string> names;
    std::vector<std::string> dims, domain;
    // Leaves: the launch's and herd's ids and sizes and the loops' values
    // by name; a kernel argument of the hierarchy as the operand it is
    // tied to.
    IndexExprReader *self = nullptr;
    IndexExprReader ex([&](Value v) -> Leaf {
      auto n = names.find(v);
      if (n != names.end())
        return Leaf::named(n->second);
      if (std::optional<std::string> h = hostParam(v, launchOf(d))) {
        hostParams.insert(*h);
        return Leaf::named(*h);
      }
      // An index an air.execute yields: the value its body yields.
      if (auto exec = v.getDefiningOp<air::ExecuteOp>()) {
        unsigned idx = cast<OpResult>(v).getResultNumber();
        Operation *term = exec.getBody().getTerminator();
        if (idx == 0 || idx - 1 >= term->getNumOperands())
          return Leaf::opaque();
        std::optional<IndexExpr> e = self->expr(term->getOperand(idx - 1));
        return e ? Leaf::named(e->text) : Leaf::opaque();
      }
      auto arg = dyn_cast<BlockArgument>(v);
      if (!arg)
        return Leaf::notALeaf();
      auto h = dyn_cast_or_null<air::HierarchyOpInterface>(
          arg.getOwner()->getParentOp());
      if (!h)
        return Leaf::opaque();
      ArrayRef<BlockArgument> ka = h.getKernelArguments();
      auto pos = llvm::find(ka, arg);
      if (pos == ka.end())
        return Leaf::opaque();
      std::optional<IndexExpr> e =
          self->expr(h.getKernelOperands()[pos - ka.begin()]);
      return e ? Leaf::named(e->text) : Leaf::opaque();
    });
    self = &ex;
    std::function<std::optional<std::string>(Value)> value =
        [&](Value v) { return textOf(ex.expr(v)); };
    std::vector<std::string> bounds;
    for (Operation *p : chain) {
      if (auto l = dyn_cast<air::LaunchOp>(p)) {
        auto h = cast<air::HierarchyOpInterface>(p);
        if (h.getNumDims() > 3)
          return Unread{"a launch of more than three dimensions", p};
        for (unsigned i = 0; i < 3; ++i) {
          if (i >= h.getNumDims()) {
            bounds.push_back("b" + std::to_string(i) + " = 0");
            continue;
          }
          std::optional<int64_t> n = getConstantIntValue(h.getSizeOperands()[i]);
          if (!n)
            return Unread{"a launch of non-constant size", p};
          names[h.getIds()[i]] = "b" + std::to_string(i);
          names[h.getSizeArgs()[i]] = std::to_string(*n);
          bounds.push_back("0 <= b" + std::to_string(i) + " < " +
                           std::to_string(*n));
        }
        continue;
      }
      if (isa<air::SegmentOp>(p)) {
        // One segment per block: an iteration space of size 1 only.
        auto h = cast<air::HierarchyOpInterface>(p);
        for (unsigned i = 0; i < h.getNumDims(); ++i) {
          std::optional<int64_t> n = getConstantIntValue(h.getSizeOperands()[i]);
          if (!n || *n != 1)
            return Unread{"a segment with an iteration space", p};
          names[h.getIds()[i]] = "0";
          names[h.getSizeArgs()[i]] = "1";
        }
        continue;
      }
      if (isa<air::HerdOp>(p)) {
        auto h = cast<air::HierarchyOpInterface>(p);
        if (h.getNumDims() > 2)
          return Unread{"a herd of more than two dimensions", p};
        c.inHerd = true;
        for (unsigned i = 0; i < 2; ++i) {
          std::string t = "t" + std::to_string(i);
          if (i >= h.getNumDims()) {
            domain.push_back(t + " = 0");
            continue;
          }
          std::optional<int64_t> n = getConstantIntValue(h.getSizeOperands()[i]);
          if (!n)
            return Unread{"a herd of non-constant size", p};
          names[h.getIds()[i]] = t;
          names[h.getSizeArgs()[i]] = std::to_string(*n);
          domain.push_back("0 <= " + t + " < " + std::to_string(*n));
        }
        continue;
      }
      bool read = true;
      if (std::optional<std::vector<LoopDim>> ld = loopDims(p, ex, read)) {
        if (!read)
          return Unread{"a loop around the copy whose bounds or step the "
                        "check does not read",
                        p};
        for (auto [k, l] : llvm::enumerate(*ld)) {
          std::optional<std::string> key = loopKey(p, k);
          if (!key)
            return Unread{"a loop around the copy without a file location",
                          p};
          std::string dim = "i" + std::to_string(dims.size());
          names[l.iv] = dim;
          dims.push_back(dim);
          c.loopKeys.push_back(*key);
          domain.push_back(loopDomain(dim, l.lb, l.ub, l.step));
        }
        continue;
      }
      if (std::optional<std::string> g =
              guardOf(p, d->getParentRegion(), ex, read)) {
        if (!read)
          return Unread{"a condition around the copy the check does not read",
                        p};
        domain.push_back(*g);
        continue;
      }
      return Unread{"a copy inside '" + p->getName().getStringRef().str() +
                        "', which the check does not read",
                    p};
    }
    params = bounds;
    // The two sides' patterns.
    std::vector<std::string> srcIdx, dstIdx;
    int64_t ns = 0, nd = 0;
    if (!pattern(d, false, value, srcIdx, ns))
      return Unread{"a source pattern the check does not read", d};
    if (!pattern(d, true, value, dstIdx, nd))
      return Unread{"a destination pattern the check does not read", d};
    if (ns != nd)
      return Unread{"a copy whose sides count different elements", d};
    count = ns;
    std::optional<std::string> s =
        programBuffer(d.getSrc(), c.srcName),
        t = programBuffer(d.getDst(), c.dstName);
    if (!s || !t)
      return Unread{"a copy of a buffer that is neither a function argument "
                    "nor an alloc",
                    d};
    setBuffers(c, *s, *t, d.getSrc(), d.getDst());
    std::vector<std::string> in = dims;
    if (c.inHerd) {
      in.push_back("t0");
      in.push_back("t1");
    }
    std::vector<std::string> withN = in;
    withN.push_back("n");
    std::string cons = "0 <= n < " + std::to_string(count);
    for (const std::string &x : domain)
      cons += " and (" + x + ")";
    c.in = withN;
    c.cons = cons;
    c.srcIdx = srcIdx;
    c.dstIdx = dstIdx;
    c.drop = {withN.size() - 1}; // n
    return std::nullopt;
  }

  /// The indices of element n of one side of `d` (docs/semantics.md 4b):
  /// its start (the offsets' row-major position with one offset per
  /// dimension of the buffer, else each offset times its stride but the
  /// innermost, added as it is) plus n's digits over the sizes times the
  /// strides, as indices of the buffer's shape.
  bool pattern(air::DmaMemcpyNdOp d, bool dst,
               std::function<std::optional<std::string>(Value)> &value,
               std::vector<std::string> &idx, int64_t &count) {
    Value memref = dst ? d.getDst() : d.getSrc();
    auto type = dyn_cast<MemRefType>(memref.getType());
    if (!type || !type.hasStaticShape() || !type.getLayout().isIdentity())
      return false;
    SmallVector<OpFoldResult> offs =
        dst ? d.getMixedDstOffsets() : d.getMixedSrcOffsets();
    SmallVector<OpFoldResult> sizes =
        dst ? d.getMixedDstSizes() : d.getMixedSrcSizes();
    SmallVector<OpFoldResult> strides =
        dst ? d.getMixedDstStrides() : d.getMixedSrcStrides();
    auto text = [&](OpFoldResult f) -> std::optional<std::string> {
      if (std::optional<int64_t> c = getConstantIntValue(f))
        return std::to_string(*c);
      return value(cast<Value>(f));
    };
    ArrayRef<int64_t> shape = type.getShape();
    std::vector<int64_t> z, st;
    std::string start = "0";
    if (sizes.empty()) {
      if (!offs.empty())
        return false;
      z.push_back(type.getNumElements());
      st.push_back(1);
    } else {
      if (strides.size() != sizes.size() ||
          (!offs.empty() && offs.size() != sizes.size() &&
           offs.size() != shape.size()))
        return false;
      for (size_t k = 0; k < sizes.size(); ++k) {
        std::optional<int64_t> a = getConstantIntValue(sizes[k]),
                               b = getConstantIntValue(strides[k]);
        if (!a || !b || *a < 0)
          return false;
        z.push_back(*a);
        st.push_back(*b);
      }
      std::vector<std::string> o;
      for (OpFoldResult f : offs) {
        auto e = text(f);
        if (!e)
          return false;
        o.push_back(*e);
      }
      if (!o.empty() && o.size() == shape.size()) {
        int64_t row = 1;
        for (size_t k = shape.size(); k-- > 0;) {
          start += " + (" + o[k] + ") * " + std::to_string(row);
          row *= shape[k];
        }
      } else {
        for (size_t k = 0; k < o.size(); ++k)
          start += " + (" + o[k] + ")" +
                   (k + 1 == o.size() ? "" : " * " + std::to_string(st[k]));
      }
    }
    count = 1;
    for (int64_t v : z)
      count *= v;
    std::string lin = "(" + start;
    int64_t inner = 1;
    for (size_t k = z.size(); k-- > 0;) {
      std::string digit = "floor(n / " + std::to_string(inner) + ")";
      if (k > 0 && z[k] > 0)
        digit = "(" + digit + " mod " + std::to_string(z[k]) + ")";
      lin += " + " + digit + " * " + std::to_string(st[k]);
      inner *= std::max<int64_t>(z[k], 1);
    }
    lin += ")";
    int64_t below = 1;
    idx.assign(shape.size(), "");
    for (size_t j = shape.size(); j-- > 0;) {
      std::string e = "floor(" + lin + " / " + std::to_string(below) + ")";
      if (j > 0)
        e = "(" + e + " mod " + std::to_string(shape[j]) + ")";
      idx[j] = e;
      below *= shape[j];
    }
    if (shape.empty())
      idx.clear();
    return true;
  }

  //===------------------------------------------------------------------===//
  // The kernel side.
  //===------------------------------------------------------------------===//

  /// The buffer a memref of the kernel names: the host function's
  /// argument it uses, or the workgroup or private attribution at an
  /// alloc's location.
  std::optional<std::string> kernelBuffer(Value v, gpu::LaunchOp l,
                                          std::string &name) {
    // An L3 buffer the host function allocates.
    if (auto a = v.getDefiningOp<memref::AllocOp>()) {
      std::optional<std::string> k = locKey(a.getLoc());
      if (!k || l->isAncestor(a))
        return std::nullopt;
      name = "the alloc at " + lineColOf(a);
      return "alloc@" + *k;
    }
    auto arg = dyn_cast<BlockArgument>(v);
    if (!arg)
      return std::nullopt;
    if (arg.getOwner() == &l.getBody().front()) {
      if (!llvm::is_contained(l.getWorkgroupAttributions(), arg) &&
          !llvm::is_contained(l.getPrivateAttributions(), arg))
        return std::nullopt;
      std::optional<std::string> k = locKey(arg.getLoc());
      if (!k)
        return std::nullopt;
      if (auto f = dyn_cast<FileLineColLoc>(arg.getLoc()))
        name = "the attribution of the alloc at " +
               std::to_string(f.getLine()) + ":" +
               std::to_string(f.getColumn());
      return "alloc@" + *k;
    }
    if (!isa<func::FuncOp>(arg.getOwner()->getParentOp()) ||
        !arg.getParentRegion()->isAncestor(l->getParentRegion()))
      return std::nullopt;
    name = "%arg" + std::to_string(arg.getArgNumber());
    return "arg" + std::to_string(arg.getArgNumber());
  }

  std::optional<Unread> readKernel(memref::StoreOp store, const std::string &key,
                                   const Copy &prog, Copy &c) {
    auto load = store.getValueToStore().getDefiningOp<memref::LoadOp>();
    auto f = store->getParentOfType<gpu::LaunchOp>();
    // The block and the grid: constants.
    std::array<int64_t, 3> block{}, grid{};
    gpu::KernelDim3 bs = f.getBlockSizeOperandValues(),
                    gs = f.getGridSizeOperandValues();
    Value bv[3] = {bs.x, bs.y, bs.z}, gv[3] = {gs.x, gs.y, gs.z};
    for (int i = 0; i < 3; ++i) {
      std::optional<int64_t> b = getConstantIntValue(bv[i]),
                             g = getConstantIntValue(gv[i]);
      if (!b || !g)
        return Unread{"a gpu.launch of non-constant size", f};
      block[i] = *b;
      grid[i] = *g;
    }
    SmallVector<Operation *> chain;
    for (Operation *p = store->getParentOp(); p && p != f.getOperation();
         p = p->getParentOp())
      chain.push_back(p);
    std::reverse(chain.begin(), chain.end());
    llvm::DenseMap<Value, std::string> names;
    auto dimOf = [](gpu::Dimension d) {
      return d == gpu::Dimension::x ? 0 : d == gpu::Dimension::y ? 1 : 2;
    };
    // The launch region's ids and sizes.
    gpu::KernelDim3 ids[4] = {f.getBlockIds(), f.getThreadIds(),
                              f.getGridSize(), f.getBlockSize()};
    for (int i = 0; i < 3; ++i) {
      auto at = [&](const gpu::KernelDim3 &k) {
        return i == 0 ? k.x : i == 1 ? k.y : k.z;
      };
      names[at(ids[0])] = "b" + std::to_string(i);
      names[at(ids[1])] = "t" + std::to_string(i);
      names[at(ids[2])] = std::to_string(grid[i]);
      names[at(ids[3])] = std::to_string(block[i]);
    }
    IndexExprReader ex([&](Value v) -> Leaf {
      auto n = names.find(v);
      if (n != names.end())
        return Leaf::named(n->second);
      if (std::optional<std::string> h = hostParam(v, f)) {
        hostParams.insert(*h);
        return Leaf::named(*h);
      }
      if (isa<BlockArgument>(v))
        return Leaf::opaque();
      Operation *op = v.getDefiningOp();
      if (auto t = dyn_cast<gpu::ThreadIdOp>(op))
        return Leaf::named("t" + std::to_string(dimOf(t.getDimension())));
      if (auto b = dyn_cast<gpu::BlockIdOp>(op))
        return Leaf::named("b" + std::to_string(dimOf(b.getDimension())));
      if (auto b = dyn_cast<gpu::BlockDimOp>(op))
        return Leaf::named(std::to_string(block[dimOf(b.getDimension())]));
      if (auto g = dyn_cast<gpu::GridDimOp>(op))
        return Leaf::named(std::to_string(grid[dimOf(g.getDimension())]));
      return Leaf::notALeaf();
    });
    std::vector<std::string> dims, domain, keys;
    for (unsigned i = 0; i < 3; ++i)
      domain.push_back("0 <= t" + std::to_string(i) + " < " +
                       std::to_string(block[i]));
    bool sawCopyLoop = false;
    for (Operation *p : chain) {
      bool read = true;
      if (std::optional<std::string> g =
              guardOf(p, store->getParentRegion(), ex, read)) {
        if (!read)
          return Unread{"a condition around the kernel's copy the check does "
                        "not read",
                        p};
        domain.push_back(*g);
        continue;
      }
      std::optional<std::vector<LoopDim>> ld = loopDims(p, ex, read);
      if (!ld)
        return Unread{"a copy inside '" + p->getName().getStringRef().str() +
                          "', which the check does not read",
                      p};
      if (!read)
        return Unread{"a loop around the kernel's copy whose bounds or step "
                      "the check does not read",
                      p};
      // The copy loop: the scf.for that holds the load and the store, at
      // the transfer's location.
      std::optional<std::string> at = locKey(p->getLoc());
      bool copyLoop = !sawCopyLoop && isa<scf::ForOp>(p) &&
                      p == store->getParentOp() && at && *at == key &&
                      load->getParentOp() == p;
      for (auto [k, l] : llvm::enumerate(*ld)) {
        std::string dim = copyLoop ? "n" : "i" + std::to_string(dims.size());
        names[l.iv] = dim;
        if (!copyLoop) {
          std::optional<std::string> lk = loopKey(p, k);
          if (!lk)
            return Unread{"a loop of the kernel without a file location", p};
          dims.push_back(dim);
          keys.push_back(*lk);
        }
        domain.push_back(loopDomain(dim, l.lb, l.ub, l.step));
      }
      sawCopyLoop |= copyLoop;
    }
    if (!sawCopyLoop)
      return Unread{"the kernel's copy is not in a loop at the transfer's "
                    "location",
                    store};
    if (keys != prog.loopKeys)
      return Unread{"the loops around the kernel's copy are not those "
                    "around the program's (by location)",
                    store};
    std::vector<std::string> srcIdx, dstIdx;
    for (Value i : load.getIndices()) {
      auto e = textOf(ex.expr(i));
      if (!e)
        return Unread{"an index of the kernel's load the check does not read",
                      load};
      srcIdx.push_back(*e);
    }
    for (Value i : store.getIndices()) {
      auto e = textOf(ex.expr(i));
      if (!e)
        return Unread{"an index of the kernel's store the check does not "
                      "read",
                      store};
      dstIdx.push_back(*e);
    }
    std::optional<std::string> s = kernelBuffer(load.getMemRef(), f, c.srcName),
                               t = kernelBuffer(store.getMemRef(), f, c.dstName);
    if (!s || !t)
      return Unread{"a kernel copy of a buffer the check does not pair with "
                    "the program's",
                    store};
    setBuffers(c, *s, *t, load.getMemRef(), store.getMemRef());
    c.loopKeys = keys;
    // [loops, t0, t1, t2, n] -> [src, dst]; n and (outside a herd) the
    // thread projected out; in a herd the tile is the thread (t2 is 0).
    std::vector<std::string> in = dims;
    for (const char *t : {"t0", "t1", "t2"})
      in.push_back(t);
    in.push_back("n");
    std::string cons = "1 = 1";
    for (const std::string &x : domain)
      cons += " and (" + x + ")";
    c.in = in;
    c.cons = cons;
    c.srcIdx = srcIdx;
    c.dstIdx = dstIdx;
    size_t first = dims.size();
    // n; then t2 in a herd (the tile is the thread), every thread outside.
    c.drop = prog.inHerd ? std::vector<size_t>{first + 3, first + 2}
                         : std::vector<size_t>{first + 3, first + 2,
                                               first + 1, first};
    return std::nullopt;
  }

  //===------------------------------------------------------------------===//
  // The comparison.
  //===------------------------------------------------------------------===//

  std::optional<Verdict> differ(Copy &p, Copy &k, air::DmaMemcpyNdOp d,
                                memref::StoreOp store) {
    Verdict v;
    v.kind = Verdict::Different;
    v.at = store;
    v.notes.push_back({d, "the program's transfer"});
    if (p.src != k.src || p.dst != k.dst) {
      v.message = "the kernel's copy at " + *locKey(d.getLoc()) +
                  " moves from " + k.srcName + " into " + k.dstName +
                  "; the program's from " + p.srcName + " into " + p.dstName;
      return v;
    }
    isl::set context(isl.get(), paramPrefix() + "{ : " +
                                    [&] {
                                      std::string s = "1 = 1";
                                      for (const std::string &b : params)
                                        s += " and " + b;
                                      return s;
                                    }() +
                                    " }");
    isl::map pr = build(p, false).intersect_params(context);
    isl::map kr = build(k, false).intersect_params(context);
    if (!build(p, true).intersect_params(context).is_single_valued()) {
      Verdict u;
      u.kind = Verdict::Unknown;
      u.at = d;
      u.message = "the program's transfer writes one element twice, from "
                  "different sources: which the kernel's threads leave is "
                  "not compared";
      return u;
    }
    if (pr.is_equal(kr))
      return std::nullopt;
    isl::map only = pr.subtract(kr);
    bool programOnly = !only.is_empty();
    if (!programOnly)
      only = kr.subtract(pr);
    isl::point pt = isl::set(only.wrap()).sample_point();
    std::vector<std::string> par = islx::coordinates(pt, isl_dim_param);
    std::vector<std::string> xs = islx::coordinates(pt, isl_dim_set);
    size_t loops = p.loopKeys.size();
    size_t tile = p.inHerd ? 2 : 0;
    size_t ns = xs.size() - loops - tile;
    // Out dims: src indices then dst indices; their split is the program's
    // buffers' ranks.
    size_t srcRank = 0;
    {
      Value m = d.getSrc();
      if (auto t = dyn_cast<MemRefType>(m.getType()))
        srcRank = t.getRank();
    }
    auto slice = [&](size_t from, size_t n) {
      std::vector<std::string> s(xs.begin() + from, xs.begin() + from + n);
      return "[" + join(s) + "]";
    };
    std::ostringstream os;
    std::vector<std::string> blockIds(par.begin(),
                                      par.begin() + std::min<size_t>(3, par.size()));
    std::vector<std::string> host(par.begin() + blockIds.size(), par.end());
    os << "the kernel's copy loop does not move the program's elements: in "
          "block ("
       << join(blockIds) << ")";
    if (!host.empty())
      os << ", host values [" << join(host) << "]";
    if (loops)
      os << ", loop values " << slice(0, loops);
    if (tile)
      os << ", tile " << slice(loops, 2);
    os << ", " << (programOnly ? "the program copies " : "the kernel copies ")
       << p.srcName << (p.srcName.rfind("%", 0) == 0 ? "" : " ")
       << slice(loops + tile, srcRank) << " into " << p.dstName
       << (p.dstName.rfind("%", 0) == 0 ? "" : " ")
       << slice(loops + tile + srcRank, ns - srcRank) << ", "
       << (programOnly ? "the kernel does not" : "the program does not");
    v.message = os.str();
    return v;
  }
};

} // namespace

Verdict aircheck::validate::validateKernelCopies(ModuleOp program,
                                                 ModuleOp lowered,
                                                 unsigned long maxOperations) {
  return Checker(program, lowered, maxOperations).run();
}
