//===- BufferAccess.cpp - which op instances touch which elements ----------===//
#include "analyses/BufferAccess.h"
#include "analyses/MemrefEffects.h"
#include "analyses/MemrefRoots.h"

#include "dialects/AIR/AIRDialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/StringExtras.h"

using namespace aircheck;
using namespace mlir;

/// One step from a memref towards its root, or null at the root.
Value BufferAccesses::rootOf(Value v) { return memrefRoot(v); }

std::optional<SmallVector<int64_t>> BufferAccesses::shapeOf(Value root) {
  auto t = dyn_cast<MemRefType>(root.getType());
  if (!t || !t.hasStaticShape() || !t.getLayout().isIdentity())
    return std::nullopt;
  return SmallVector<int64_t>(t.getShape());
}

std::string BufferAccesses::elementText(Value root, int64_t linear) {
  auto shape = shapeOf(root);
  if (!shape || shape->empty())
    return "[" + std::to_string(linear) + "]";
  // The outermost index keeps the rest: a position past the end reads as
  // an index past the first dimension.
  SmallVector<int64_t> idx(shape->size());
  for (unsigned d = shape->size(); d-- > 1;) {
    idx[d] = (*shape)[d] ? linear % (*shape)[d] : 0;
    linear = (*shape)[d] ? linear / (*shape)[d] : 0;
  }
  idx[0] = linear;
  return "[" + llvm::join(llvm::map_range(idx, [](int64_t i) {
                            return std::to_string(i);
                          }),
                          ", ") +
         "]";
}

static std::optional<int64_t> constantOf(OpFoldResult f) {
  if (auto a = dyn_cast<Attribute>(f))
    if (auto i = dyn_cast<IntegerAttr>(a))
      return i.getInt();
  if (auto v = dyn_cast<Value>(f)) {
    APInt c;
    if (matchPattern(v, m_ConstantInt(&c)))
      return c.getSExtValue();
  }
  return std::nullopt;
}

BufferAccesses::BufferAccesses(Operation *module, AnalysisManager &am)
    : BufferAccesses(cast<ModuleOp>(module),
                     am.getAnalysis<PolyhedralModel>()) {}

BufferAccesses::BufferAccesses(ModuleOp module, PolyhedralModel &poly)
    : poly(poly) {
  module.walk([&](Operation *op) {
    if (auto c = dyn_cast<air::ChannelOpInterface>(op)) {
      addTransfer(op, c.getMemref(), c.getMixedOffsets(),
                  c.getMixedAccessSizes(), c.getMixedStrides(), c.isPut());
      return;
    }
    if (auto dma = dyn_cast<air::DmaMemcpyNdOp>(op)) {
      addTransfer(op, dma.getSrc(), dma.getMixedSrcOffsets(),
                  dma.getMixedSrcSizes(), dma.getMixedSrcStrides(), true);
      addTransfer(op, dma.getDst(), dma.getMixedDstOffsets(),
                  dma.getMixedDstSizes(), dma.getMixedDstStrides(), false);
      return;
    }
    if (isa<air::AIRDialect>(op->getDialect()) ||
        op->hasTrait<OpTrait::IsTerminator>() ||
        isa<ViewLikeOpInterface, CastOpInterface>(op))
      return;
    bool exactOp = !isa<vector::TransferReadOp, vector::TransferWriteOp,
                        vector::LoadOp, vector::StoreOp>(op);
    for (const MemrefEffect &e : memrefEffects(op))
      add(op, e.memref, e.read, e.write, e.free,
          e.free || (e.stated && exactOp));
  });
}

void BufferAccesses::relation(
    BufferAccess &a, Value view, std::vector<std::string> indices,
    const std::vector<std::pair<std::string, std::string>> &ks) {
  Operation *op = a.op;
  std::string &why = a.unknownWhy;
  const Instances &in = poly.instancesOf(op);
  if (in.unknown) {
    why = in.unknown->reason;
    return;
  }
  // Map the index tuple of `view` back to the root's.
  for (Value v = view, next; (next = memrefSource(v)); v = next) {
    auto sub = v.getDefiningOp<memref::SubViewOp>();
    if (!sub) {
      if (v.getDefiningOp<ViewLikeOpInterface>()) {
        why = "'" + v.getDefiningOp()->getName().getStringRef().str() +
              "' reshapes the buffer";
        return;
      }
      continue;
    }
    llvm::SmallBitVector dropped = sub.getDroppedDims();
    std::vector<std::string> source;
    unsigned r = 0;
    for (auto [d, off] : llvm::enumerate(sub.getMixedOffsets())) {
      std::string o;
      if (auto c = constantOf(off)) {
        o = std::to_string(*c);
      } else {
        AffineResult a = poly.affine(cast<Value>(off), in);
        if (a.unknown) {
          why = "a subview offset " + a.unknown->reason;
          return;
        }
        o = a.expr;
      }
      if (dropped.test(d)) {
        source.push_back(o);
        continue;
      }
      auto stride = constantOf(sub.getMixedStrides()[d]);
      if (!stride || r >= indices.size()) {
        why = "a subview stride is not a constant";
        return;
      }
      source.push_back("(" + o + " + " + std::to_string(*stride) + "*(" +
                       indices[r++] + "))");
    }
    indices = std::move(source);
  }
  Value root = rootOf(view);
  auto shape = shapeOf(root);
  std::string linear;
  if (!ks.empty() && ks.front().first == "lin") {
    linear = indices[0]; // a transfer pattern: already linear
  } else if (!shape) {
    why = "the buffer has no static shape with the identity layout";
    return;
  } else if (indices.size() != shape->size()) {
    why = "the access names " + std::to_string(indices.size()) +
          " indices of a buffer of rank " + std::to_string(shape->size());
    return;
  } else {
    int64_t rowStride = 1;
    std::vector<std::string> terms;
    for (unsigned d = shape->size(); d-- > 0;) {
      terms.push_back(std::to_string(rowStride) + "*(" + indices[d] + ")");
      rowStride *= (*shape)[d];
    }
    linear = terms.empty() ? "0" : llvm::join(terms, " + ");
  }
  std::vector<std::string> dims, exists, cons;
  for (const Dim &d : in.dims)
    dims.push_back(d.name);
  for (auto &[k, size] : ks) {
    if (k == "lin")
      continue;
    exists.push_back(k);
    cons.push_back("0 <= " + k + " < " + size);
  }
  // [instance] -> [outs...] : outs = exprs, over the instances.
  auto build = [&](llvm::ArrayRef<std::string> exprs) {
    std::vector<std::string> outs, all = cons;
    for (auto [d, x] : llvm::enumerate(exprs)) {
      outs.push_back("o" + std::to_string(d));
      all.push_back(outs.back() + " = " + x);
    }
    std::string body = llvm::join(all, " and ");
    if (!exists.empty())
      body = "exists (" + llvm::join(exists, ", ") + " : " + body + ")";
    isl::map m(poly.ctx(), poly.paramList() + " -> { [" +
                               llvm::join(dims, ", ") + "] -> [" +
                               llvm::join(outs, ", ") + "] : " + body + " }");
    isl::set domain = isl::set::empty(in.space(poly.ctx()));
    for (const Box &b : in.boxes)
      domain = domain.unite(poly.boxSet(in, b));
    return m.intersect_domain(domain);
  };
  try {
    a.elements = build({linear});
    if (ks.empty() || ks.front().first != "lin")
      a.tuples = build(indices);
  } catch (const isl::exception &e) {
    // The expressions are affine in form; isl rejects a product of a size
    // and an index (PolyhedralModel keeps those as text).
    why = "the element it touches is not an affine function of its "
          "instance and the sizes (a product of a size and an index?)";
    a.elements.reset();
    a.tuples.reset();
    return;
  }
}

void BufferAccesses::add(Operation *op, Value memref, bool reads, bool writes,
                         bool frees, bool exact) {
  BufferAccess a{op, rootOf(memref), reads, writes, frees};
  a.exact = exact;
  a.whole = exact && !isa<memref::LoadOp, memref::StoreOp>(op);
  for (Value v = memref, next; a.whole && (next = memrefSource(v)); v = next)
    if (Operation *def = v.getDefiningOp())
      if (isa<ViewLikeOpInterface>(def) && !isa<CastOpInterface>(def))
        a.whole = false;
  auto t = dyn_cast<MemRefType>(memref.getType());
  std::vector<std::string> indices;
  std::vector<std::pair<std::string, std::string>> ks;
  std::optional<ValueRange> named;
  if (auto load = dyn_cast<memref::LoadOp>(op))
    named = load.getIndices();
  else if (auto store = dyn_cast<memref::StoreOp>(op))
    named = store.getIndices();
  if (named) {
    for (Value i : *named) {
      AffineResult r = poly.affine(i, poly.instancesOf(op));
      if (r.unknown) {
        a.unknownWhy = "an index " + r.unknown->reason;
        break;
      }
      indices.push_back(r.expr);
    }
  } else if (t && t.hasStaticShape()) {
    for (auto [d, size] : llvm::enumerate(t.getShape())) {
      std::string k = "k" + std::to_string(d);
      indices.push_back(k);
      ks.push_back({k, std::to_string(size)});
    }
  } else {
    a.unknownWhy = "the view it touches has no static shape";
  }
  if (a.unknownWhy.empty())
    relation(a, memref, indices, ks);
  buffers[a.buffer].push_back(list.size());
  list.push_back(std::move(a));
}

void BufferAccesses::addTransfer(Operation *op, Value memref,
                                 ArrayRef<OpFoldResult> offsets,
                                 ArrayRef<OpFoldResult> sizes,
                                 ArrayRef<OpFoldResult> strides, bool reads) {
  if (offsets.empty() && sizes.empty() && strides.empty())
    return add(op, memref, reads, !reads, false, true);
  BufferAccess a{op, rootOf(memref), reads, !reads, false};
  const Instances &in = poly.instancesOf(op);
  std::vector<std::string> terms;
  std::vector<std::pair<std::string, std::string>> ks{{"lin", ""}};
  for (Value v = memref, next; (next = memrefSource(v)); v = next)
    if (v.getDefiningOp<ViewLikeOpInterface>())
      a.unknownWhy = "the transfer's pattern addresses a view of the buffer";
  // No offsets with sizes and strides: every offset 0 (docs/semantics.md 4b).
  SmallVector<OpFoldResult> zeros;
  if (offsets.empty() && !sizes.empty()) {
    zeros.assign(sizes.size(), Builder(op->getContext()).getIndexAttr(0));
    offsets = zeros;
  }
  auto text = [&](OpFoldResult f) -> std::optional<std::string> {
    if (auto c = constantOf(f))
      return std::to_string(*c);
    AffineResult r = poly.affine(cast<Value>(f), in);
    if (r.unknown) {
      a.unknownWhy = "in its pattern, " + r.unknown->reason;
      return std::nullopt;
    }
    return r.expr;
  };
  // One offset per dimension of the buffer: the offsets index the buffer
  // (its row-major start) and the pattern runs from there, whatever its
  // rank (docs/semantics.md 4b: upstream's GPU form `%As[%row, %k] [8] [8]`,
  // and size-1 dimensions whose strides are not the buffer's). Otherwise
  // upstream's BD lowering's reading, below.
  auto shape = shapeOf(a.buffer);
  bool perDim = sizes.size() == strides.size() && shape &&
                offsets.size() == shape->size();
  if (perDim) {
    int64_t rowStride = 1;
    for (unsigned d = shape->size(); a.unknownWhy.empty() && d-- > 0;) {
      if (auto off = text(offsets[d]))
        terms.push_back(std::to_string(rowStride) + "*(" + *off + ")");
      rowStride *= (*shape)[d];
    }
  } else if (offsets.size() != sizes.size() || sizes.size() != strides.size()) {
    a.unknownWhy = "the pattern's offsets, sizes and strides differ in length";
  }
  for (unsigned i = 0; a.unknownWhy.empty() && i < sizes.size(); ++i) {
    auto size = text(sizes[i]);
    auto stride = constantOf(strides[i]);
    if (!size)
      break;
    if (!stride) {
      a.unknownWhy = "a stride of the pattern is not a constant";
      break;
    }
    std::string k = "k" + std::to_string(i);
    ks.push_back({k, *size});
    if (perDim) {
      terms.push_back(std::to_string(*stride) + "*" + k);
      continue;
    }
    auto off = text(offsets[i]);
    if (!off)
      break;
    // Upstream's BD lowering (air::get1DOffset) scales every offset by its
    // stride but the innermost one, which it adds as it is
    // (docs/semantics.md 4b).
    if (i + 1 == sizes.size())
      terms.push_back("(" + *off + ") + " + std::to_string(*stride) + "*" + k);
    else
      terms.push_back(std::to_string(*stride) + "*((" + *off + ") + " + k +
                      ")");
  }
  if (a.unknownWhy.empty())
    relation(a, memref, {llvm::join(terms, " + ")}, ks);
  buffers[a.buffer].push_back(list.size());
  list.push_back(std::move(a));
}


/// "herd @h tile (1, 0), scf.for@12:5 trip 3" from the values of `dims`.
std::string BufferAccesses::instanceText(const std::vector<Dim> &dims,
                                         llvm::ArrayRef<std::string> values) {
  std::vector<std::string> parts;
  for (unsigned i = 0; i < dims.size();) {
    Operation *owner = dims[i].owner;
    std::vector<std::string> vs;
    unsigned j = i;
    for (; j < dims.size() && dims[j].owner == owner; ++j)
      vs.push_back(j < values.size() ? values[j] : "?");
    std::string where;
    if (auto h = dyn_cast<air::HerdOp>(owner))
      where = "herd" + (h.getSymName() ? " @" + h.getSymName()->str() : "") +
              " tile";
    else if (auto s = dyn_cast<air::SegmentOp>(owner))
      where = "segment" +
              (s.getSymName() ? " @" + s.getSymName()->str() : "");
    else if (isa<air::LaunchOp>(owner))
      where = "launch";
    else if (isa<scf::ForOp>(owner))
      where = "scf.for@" + lineColOf(owner) + " trip";
    else
      where = owner->getName().getStringRef().str() + "@" + lineColOf(owner);
    parts.push_back(where + " (" + llvm::join(vs, ", ") + ")");
    i = j;
  }
  return parts.empty() ? "its only instance" : llvm::join(parts, ", ");
}

