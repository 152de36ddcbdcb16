//===- L2Split.cpp - an L2 buffer over several memory tiles ---------------===//
#include "lowerings/AIRToAIE/L2Split.h"

#include "lowerings/AIRToAIE/BDChains.h"

#include "solvers/IslSupport.h"

#include "llvm/ADT/StringExtras.h"

#include <numeric>
#include <set>

using namespace mlir;
using namespace aircheck;
using namespace aircheck::npu;

namespace {

std::string var(char c, size_t i) { return std::string(1, c) + std::to_string(i); }

/// { [i] -> [x] : i in the box [lo, lo + size), the element at address
/// base + sum_k (i[k] - lo[k]) * strides[k] of a buffer of `shape`, moved by
/// `shift` }: what a pattern touches, in which order.
isl::map relation(isl::ctx ctx, ArrayRef<int64_t> lo, ArrayRef<int64_t> sizes,
                  ArrayRef<int64_t> strides, int64_t base,
                  ArrayRef<int64_t> shape, ArrayRef<int64_t> shift) {
  SmallVector<int64_t, 4> rs = rowMajor(shape);
  std::string in, out, c, addr = std::to_string(base), elem = "0";
  for (size_t k = 0; k < sizes.size(); ++k) {
    in += (k ? "," : "") + var('i', k);
    c += " and " + std::to_string(lo[k]) + " <= " + var('i', k) + " < " +
         std::to_string(lo[k] + sizes[k]);
    addr += " + (" + var('i', k) + " - " + std::to_string(lo[k]) + ") * " +
            std::to_string(strides[k]);
  }
  for (size_t j = 0; j < shape.size(); ++j) {
    out += (j ? "," : "") + var('x', j);
    // x is the element of the part; the buffer's is x + shift.
    c += " and 0 <= " + var('x', j) + " - " + std::to_string(shift[j]) +
         " < " + std::to_string(shape[j]);
    elem += " + (" + var('x', j) + " - " + std::to_string(shift[j]) + ") * " +
            std::to_string(rs[j]);
  }
  return isl::map(ctx, "{ [" + in + "] -> [" + out + "] : " + addr + " = " +
                           elem + c + " }");
}

/// { [i] : lo <= i < lo + sizes }.
isl::set iterationBox(isl::ctx ctx, ArrayRef<int64_t> lo, ArrayRef<int64_t> sizes) {
  std::string in, c = "true";
  for (size_t k = 0; k < sizes.size(); ++k) {
    in += (k ? "," : "") + var('i', k);
    c += " and " + std::to_string(lo[k]) + " <= " + var('i', k) + " < " +
         std::to_string(lo[k] + sizes[k]);
  }
  return isl::set(ctx, "{ [" + in + "] : " + c + " }");
}

/// The pattern, in the layout of a part of `partShape` whose element 0 is
/// `corner` of the whole, for iterations of `sizes` from `base` (the linear
/// address of the first, in the whole): digit by
/// digit, each stride and the base become the same step in the part's
/// dimensions. Empty when a stride is negative (the caller's isl check
/// rejects any other mistake).
std::optional<Access> rebase(const Access &a, ArrayRef<int64_t> shape,
                             ArrayRef<int64_t> partShape,
                             ArrayRef<int64_t> corner,
                             ArrayRef<int64_t> sizes,
                             ArrayRef<int64_t> strides, int64_t base,
                             unsigned partBuffer) {
  SmallVector<int64_t, 4> rs = rowMajor(shape), prs = rowMajor(partShape);
  auto digits = [&](int64_t v) -> std::optional<SmallVector<int64_t, 4>> {
    if (v < 0)
      return std::nullopt;
    SmallVector<int64_t, 4> d;
    for (int64_t r : rs) {
      d.push_back(v / r);
      v %= r;
    }
    return d;
  };
  auto inPart = [&](ArrayRef<int64_t> d) {
    int64_t v = 0;
    for (size_t j = 0; j < d.size(); ++j)
      v += d[j] * prs[j];
    return v;
  };
  std::optional<SmallVector<int64_t, 4>> b = digits(base);
  if (!b)
    return std::nullopt;
  for (size_t j = 0; j < b->size(); ++j)
    (*b)[j] -= corner[j];
  Access out = a;
  out.buffer = partBuffer;
  // A leading size-1 dimension of stride 1 carries the base; the others
  // start at their first iteration.
  out.offsets.assign(1, inPart(*b));
  out.sizes.assign(1, 1);
  out.strides.assign(1, 1);
  for (size_t k = 0; k < sizes.size(); ++k) {
    std::optional<SmallVector<int64_t, 4>> t = digits(strides[k]);
    if (!t)
      return std::nullopt;
    out.offsets.push_back(0);
    out.sizes.push_back(sizes[k]);
    out.strides.push_back(inPart(*t));
  }
  return out;
}

struct Split {
  unsigned dim = 0;
  int64_t parts = 0;
  /// Per endpoint touching the buffer: its part, or -1 when it spans them.
  std::map<unsigned, int64_t> partOf;
  /// Per spanning endpoint: the iteration dimension it is cut along, and
  /// whether that is its outermost (then its peers are cut along their own
  /// outermost, at the same stream elements; otherwise along the same
  /// dimension of the same iteration shape).
  std::map<unsigned, std::pair<int, bool>> cut;
};

class Splitter {
public:
  Splitter(TransferPlan &plan, const DeviceModel &dev, bool separate)
      : plan(plan), dev(dev), separate(separate), isl(1000000) {}

  std::map<unsigned, std::string> why;

  void run(llvm::function_ref<int64_t(Operation *)> memtilesOf) {
    size_t n = plan.buffers.size();
    for (unsigned b = 0; b < n; ++b) {
      if (plan.buffers[b].level != Level::L2)
        continue;
      std::vector<unsigned> eps;
      int64_t in = 0, out = 0;
      for (auto [i, e] : llvm::enumerate(plan.endpoints))
        if (e.level == Level::L2 &&
            llvm::any_of(e.accesses, [&](const Access &a) { return a.buffer == b; })) {
          eps.push_back(i);
          ++(e.isPut ? out : in);
        }
      if (in <= dev.memtileDmaS2MM && out <= dev.memtileDmaMM2S &&
          !(separate && (in > 1 || out > 1)))
        continue;
      std::string reason;
      std::optional<Split> s =
          find(b, eps, memtilesOf(plan.buffers[b].alloc), reason);
      if (!s) {
        why[b] = reason;
        continue;
      }
      if (!apply(b, *s, reason))
        why[b] = reason;
    }
  }

private:
  TransferPlan &plan;
  const DeviceModel &dev;
  /// Split buffers of several readers or writers too, into as many parts as
  /// serve them (the most first), so that each part's streams take turns
  /// on their own.
  bool separate;
  IslContext isl;
  /// isl's answers by the numbers they were asked with: the same patterns
  /// recur in every launch instance and every turn.
  std::map<std::string, std::vector<std::pair<int64_t, int64_t>>> boxes;
  std::map<std::string, bool> equalities;

  static std::string key(std::initializer_list<ArrayRef<int64_t>> parts) {
    std::string k;
    for (ArrayRef<int64_t> p : parts) {
      for (int64_t v : p)
        k += std::to_string(v) + ",";
      k += "|";
    }
    return k;
  }

  /// Per dimension of a buffer of `shape`, the [min, max] of the elements
  /// the pattern touches on iterations [lo, lo + sizes) from `base`; empty
  /// when it touches none.
  const std::vector<std::pair<int64_t, int64_t>> &
  elementBox(ArrayRef<int64_t> lo, ArrayRef<int64_t> sizes,
             ArrayRef<int64_t> strides, int64_t base, ArrayRef<int64_t> shape) {
    std::string k = key({lo, sizes, strides, ArrayRef<int64_t>(base), shape});
    auto it = boxes.find(k);
    if (it != boxes.end())
      return it->second;
    isl.resetBudget();
    SmallVector<int64_t, 4> zero(shape.size(), 0);
    isl::set range =
        relation(isl.get(), lo, sizes, strides, base, shape, zero).range();
    std::vector<std::pair<int64_t, int64_t>> box;
    if (!range.is_empty())
      for (unsigned d = 0; d < shape.size(); ++d)
        box.push_back({range.dim_min_val(d).get_num_si(),
                       range.dim_max_val(d).get_num_si()});
    return boxes[k] = std::move(box);
  }

  /// Whether a pattern (iterations from 0, base `base`, in a buffer of
  /// `shape`), restricted to the iterations [lo, lo + boxSizes), touches
  /// the same elements in the same order as `moved` (iterations from lo, in
  /// a buffer of `movedShape` whose element 0 is `corner` of the first).
  bool sameOn(ArrayRef<int64_t> sizes, ArrayRef<int64_t> strides, int64_t base,
              ArrayRef<int64_t> shape, ArrayRef<int64_t> lo,
              ArrayRef<int64_t> boxSizes, ArrayRef<int64_t> movedSizes,
              ArrayRef<int64_t> movedStrides, int64_t movedBase,
              ArrayRef<int64_t> movedShape, ArrayRef<int64_t> corner) {
    std::string k = key({sizes, strides, ArrayRef<int64_t>(base), shape, lo,
                         boxSizes, movedSizes, movedStrides,
                         ArrayRef<int64_t>(movedBase), movedShape, corner});
    auto it = equalities.find(k);
    if (it != equalities.end())
      return it->second;
    isl.resetBudget();
    SmallVector<int64_t, 4> zero(shape.size(), 0), from(sizes.size(), 0);
    isl::map original =
        relation(isl.get(), from, sizes, strides, base, shape, zero)
            .intersect_domain(iterationBox(isl.get(), lo, boxSizes));
    isl::map moved = relation(isl.get(), lo, movedSizes, movedStrides,
                              movedBase, movedShape, corner);
    return equalities[k] = original.is_equal(moved);
  }

  /// The part range [first, last] of dimension `dim` an access touches.
  std::pair<int64_t, int64_t> partsTouched(const ExplicitPattern &p,
                                           ArrayRef<int64_t> shape,
                                           unsigned dim, int64_t extent) {
    SmallVector<int64_t, 4> lo(p.sizes.size(), 0);
    const auto &box = elementBox(lo, p.sizes, p.strides, p.base(), shape);
    if (box.empty())
      return {0, -1};
    return {box[dim].first / extent, box[dim].second / extent};
  }

  std::optional<Split> find(unsigned b, ArrayRef<unsigned> eps,
                            int64_t memtiles, std::string &reason) {
    const BufferRef &buf = plan.buffers[b];
    ArrayRef<int64_t> shape = buf.type.getShape();
    reason = "no dimension of the buffer divides among at most " +
             std::to_string(memtiles) +
             " memory tiles so that each part's streams fit one tile";
    for (const Endpoint *e : llvm::map_range(eps, [&](unsigned i) { return &plan.endpoints[i]; }))
      for (const Access &a : e->accesses)
        if (a.buffer != b) {
          reason = e->label() + " also moves another buffer";
          return std::nullopt;
        }
    try {
      for (unsigned d = 0; d < shape.size(); ++d)
        for (int64_t n = 2; n <= std::min(memtiles, shape[d]); ++n) {
          int64_t parts = separate ? std::min(memtiles, shape[d]) + 2 - n : n;
          if (shape[d] % parts)
            continue;
          int64_t extent = shape[d] / parts;
          Split s{d, parts, {}};
          std::vector<int64_t> in(parts, 0), out(parts, 0);
          bool ok = true;
          for (unsigned i : eps) {
            const Endpoint &e = plan.endpoints[i];
            int64_t part = -2;
            for (const Access &a : e.accesses) {
              auto [first, last] = partsTouched(explicitPattern(a, buf.type),
                                                shape, d, extent);
              int64_t here = first == last ? first : -1;
              if (part == -2)
                part = here;
              else if (part != here)
                part = -3;
            }
            if (part == -3) {
              ok = false;
              break;
            }
            if (part == -1) {
              std::optional<std::pair<int, bool>> c = cutOf(i, parts, d, extent);
              if (!c) {
                ok = false;
                break;
              }
              s.cut[i] = *c;
            }
            s.partOf[i] = part;
            for (int64_t c = 0; c < parts; ++c)
              if (part < 0 || part == c)
                ++(e.isPut ? out : in)[c];
          }
          for (int64_t c = 0; ok && c < parts; ++c)
            ok = in[c] <= dev.memtileDmaS2MM && out[c] <= dev.memtileDmaMM2S;
          if (ok)
            return s;
        }
    } catch (const isl::exception &x) {
      reason = std::string("isl gave up (") + x.what() + ")";
    }
    return std::nullopt;
  }

  /// How endpoint `i`, which spans the parts, is cut into `parts` streams,
  /// one per part: along an iteration dimension j that each of its accesses
  /// (and its L3 peers' corresponding ones) divides into `parts`, such that
  /// piece c of every access lies in one part, the same for every access.
  /// Its outermost dimension first (the pieces are then consecutive stretches
  /// of the stream, and each peer is cut along its own outermost); another
  /// only where the peers' accesses have the same iteration shape (piece c
  /// is then the same iterations at both ends). Its peers must be L3
  /// endpoints it alone feeds or drains.
  std::optional<std::pair<int, bool>> cutOf(unsigned i, int64_t parts,
                                            unsigned d, int64_t extent) {
    const Endpoint &e = plan.endpoints[i];
    if (e.peers.empty())
      return std::nullopt;
    for (unsigned g : e.peers) {
      const Endpoint &peer = plan.endpoints[g];
      if (peer.level != Level::L3 || peer.peers.size() != 1 ||
          peer.accesses.size() != e.accesses.size())
        return std::nullopt;
    }
    auto pattern = [&](const Access &a) {
      return explicitPattern(a, plan.buffers[a.buffer].type);
    };
    ExplicitPattern first = pattern(e.accesses.front());
    std::vector<std::pair<int, bool>> candidates;
    if (first.outer() >= 0)
      candidates.push_back({first.outer(), true});
    for (int j = 0; j < static_cast<int>(first.sizes.size()); ++j)
      if (j != first.outer() && first.sizes[j] > 1)
        candidates.push_back({j, false});
    ArrayRef<int64_t> shape = plan.buffers[e.accesses.front().buffer].type.getShape();
    for (auto [j, outer] : candidates) {
      bool ok = true;
      std::vector<int64_t> landed(parts, -1);
      for (size_t k = 0; ok && k < e.accesses.size(); ++k) {
        ExplicitPattern p = pattern(e.accesses[k]);
        int pj = outer ? p.outer() : j;
        if (pj < 0 || pj >= static_cast<int>(p.sizes.size()) ||
            p.sizes[pj] % parts) {
          ok = false;
          break;
        }
        for (unsigned g : e.peers) {
          ExplicitPattern q = pattern(plan.endpoints[g].accesses[k]);
          int qj = outer ? q.outer() : j;
          if (qj < 0 || (!outer && q.sizes != p.sizes) ||
              q.sizes[qj] % parts)
            ok = false;
        }
        for (int64_t c = 0; ok && c < parts; ++c) {
          Chunk ch = chunk(p, c, parts, pj);
          int64_t base = p.base();
          for (size_t x = 0; x < ch.lo.size(); ++x)
            base += ch.lo[x] * p.strides[x];
          SmallVector<int64_t, 4> lo(p.sizes.size(), 0);
          const auto &box = elementBox(lo, ch.sizes, p.strides, base, shape);
          if (box.empty()) {
            ok = false;
            break;
          }
          int64_t f = box[d].first / extent;
          int64_t l = box[d].second / extent;
          if (f != l || (landed[c] >= 0 && landed[c] != f))
            ok = false;
          landed[c] = f;
        }
      }
      if (ok)
        return std::make_pair(j, outer);
    }
    return std::nullopt;
  }

  /// Access `a`'s chunk `c` of `parts`: iteration dimension k cut (its
  /// outermost when k < 0).
  struct Chunk {
    SmallVector<int64_t, 4> lo, sizes;
  };
  static Chunk chunk(const ExplicitPattern &p, int64_t c, int64_t parts, int k = -1) {
    Chunk ch{SmallVector<int64_t, 4>(p.sizes.size(), 0), p.sizes};
    if (parts > 1) {
      if (k < 0)
        k = p.outer();
      ch.sizes[k] = p.sizes[k] / parts;
      ch.lo[k] = c * ch.sizes[k];
    }
    return ch;
  }

  /// The part-`c` (of `s`) form of iterations `ch` of access `a` on buffer
  /// `b`, proven equal to the original by isl.
  std::optional<Access> partAccess(const Access &a, unsigned b, const Split &s,
                                   int64_t c, const Chunk &ch,
                                   unsigned partBuffer, std::string &reason) {
    const BufferRef &buf = plan.buffers[b];
    ArrayRef<int64_t> shape = buf.type.getShape();
    SmallVector<int64_t, 4> partShape(shape), corner(shape.size(), 0);
    partShape[s.dim] = shape[s.dim] / s.parts;
    corner[s.dim] = c * partShape[s.dim];
    ExplicitPattern p = explicitPattern(a, buf.type);
    int64_t base = p.base();
    for (size_t k = 0; k < p.sizes.size(); ++k)
      base += ch.lo[k] * p.strides[k];
    std::optional<Access> out = rebase(a, shape, partShape, corner,
                                       ch.sizes, p.strides, base, partBuffer);
    if (!out) {
      reason = "a pattern with a negative offset or stride";
      return std::nullopt;
    }
    // isl: the part's pattern, moved back by the corner, is the original on
    // these iterations.
    ExplicitPattern q = explicitPattern(*out, plan.buffers[partBuffer].type);
    // The part's pattern over the same iterations: its leading size-1
    // dimension dropped, the others shifted to start at lo.
    SmallVector<int64_t, 4> qs(q.sizes.begin() + 1, q.sizes.end()),
        qt(q.strides.begin() + 1, q.strides.end());
    if (!sameOn(p.sizes, p.strides, p.base(), shape, ch.lo, ch.sizes, qs, qt,
                q.base(), partShape, corner)) {
      reason = "the rewritten pattern of " + std::to_string(a.order) +
               " does not move the same elements";
      return std::nullopt;
    }
    return out;
  }

  bool apply(unsigned b, const Split &s, std::string &reason) {
    BufferRef whole = plan.buffers[b];
    SmallVector<int64_t, 4> partShape(whole.type.getShape());
    partShape[s.dim] /= s.parts;
    MemRefType partType =
        MemRefType::get(partShape, whole.type.getElementType(), nullptr,
                        whole.type.getMemorySpace());
    // Part 0 keeps the buffer's index; the others are appended.
    std::vector<unsigned> partBuffer;
    for (int64_t c = 0; c < s.parts; ++c) {
      BufferRef part = whole;
      part.type = partType;
      part.part = c;
      if (c == 0) {
        partBuffer.push_back(b);
        continue;
      }
      partBuffer.push_back(plan.buffers.size());
      plan.buffers.push_back(part);
    }
    std::vector<Endpoint> endpoints = plan.endpoints;
    // Endpoint index changes: spanning endpoints and their L3 peers become
    // `parts` endpoints; the first keeps the index.
    for (auto [i, part] : s.partOf) {
      Endpoint &e = endpoints[i];
      if (part >= 0) {
        for (Access &a : e.accesses) {
          ExplicitPattern p = explicitPattern(a, whole.type);
          std::optional<Access> r = partAccess(
              a, b, s, part, chunk(p, 0, 1), partBuffer[part], reason);
          if (!r)
            return rollback(b, partBuffer);
          a = *r;
        }
        continue;
      }
      // Cut into parts: chunk c of each access goes to the part its
      // elements lie in (the same for every access of the endpoint).
      const Endpoint e0 = plan.endpoints[i];
      std::vector<Endpoint> pieces(s.parts, e0);
      std::vector<std::vector<Endpoint>> peerPieces;
      for (unsigned g : e0.peers)
        peerPieces.emplace_back(s.parts, plan.endpoints[g]);
      std::vector<int64_t> landed(s.parts, -1);
      for (int64_t c = 0; c < s.parts; ++c) {
        pieces[c].accesses.clear();
        pieces[c].part = c;
        for (auto &pp : peerPieces) {
          pp[c].accesses.clear();
          pp[c].part = c;
        }
      }
      for (auto [k, a] : llvm::enumerate(e0.accesses)) {
        ExplicitPattern p = explicitPattern(a, whole.type);
        for (int64_t c = 0; c < s.parts; ++c) {
          auto [cutDim, outer] = s.cut.at(i);
          Chunk ch = chunk(p, c, s.parts, outer ? -1 : cutDim);
          int64_t chunkBase = p.base();
          for (size_t d = 0; d < ch.lo.size(); ++d)
            chunkBase += ch.lo[d] * p.strides[d];
          const auto &box = elementBox(ch.lo, ch.sizes, p.strides, chunkBase,
                                       whole.type.getShape());
          int64_t extent = partShape[s.dim];
          int64_t first = box.empty() ? 0 : box[s.dim].first / extent;
          int64_t last = box.empty() ? -1 : box[s.dim].second / extent;
          if (first != last || (landed[c] >= 0 && landed[c] != first)) {
            reason = e0.label() + " does not cut into one part per piece";
            return rollback(b, partBuffer);
          }
          landed[c] = first;
          // The chunk's iterations start at 0 in the rebased pattern, so
          // the chunk is proven over [lo, lo + size) against the original.
          std::optional<Access> r =
              partAccess(a, b, s, first, ch, partBuffer[first], reason);
          if (!r)
            return rollback(b, partBuffer);
          pieces[c].accesses.push_back(*r);
          // The L3 peer's k-th access, cut at the same element of the stream.
          for (auto [pi, g] : llvm::enumerate(e0.peers)) {
            const Access &pa = plan.endpoints[g].accesses[k];
            const BufferRef &l3 = plan.buffers[pa.buffer];
            ExplicitPattern q = explicitPattern(pa, l3.type);
            Chunk qc = chunk(q, c, s.parts, outer ? -1 : cutDim);
            Access cut = pa;
            cut.offsets = q.offs;
            cut.sizes = qc.sizes;
            cut.strides = q.strides;
            for (size_t d = 0; d < q.offs.size(); ++d)
              cut.offsets[d] += qc.lo[d];
            // isl: the cut is the original on those iterations.
            // Over the same iterations [lo, lo + size): the cut's pattern
            // starts at its first element.
            SmallVector<int64_t, 4> z(l3.type.getRank(), 0);
            if (!sameOn(q.sizes, q.strides, q.base(), l3.type.getShape(),
                        qc.lo, qc.sizes, qc.sizes, q.strides,
                        explicitPattern(cut, l3.type).base(),
                        l3.type.getShape(), z)) {
              reason = "the cut of " + plan.endpoints[g].label() +
                       " does not move the same elements";
              return rollback(b, partBuffer);
            }
            peerPieces[pi][c].accesses.push_back(cut);
          }
        }
      }
      // Splice: pieces[0] replaces e, the others are appended; likewise
      // for the peers, and the pieces are each other's peers.
      std::vector<unsigned> pieceIndex(s.parts);
      std::vector<std::vector<unsigned>> peerIndex(e0.peers.size(),
                                                  std::vector<unsigned>(s.parts));
      for (int64_t c = 0; c < s.parts; ++c) {
        pieceIndex[c] = i;
        if (c) {
          endpoints.push_back(pieces[c]);
          pieceIndex[c] = endpoints.size() - 1;
        }
        for (auto [pi, g] : llvm::enumerate(e0.peers)) {
          if (c == 0) {
            peerIndex[pi][c] = g;
          } else {
            endpoints.push_back(peerPieces[pi][c]);
            peerIndex[pi][c] = endpoints.size() - 1;
          }
        }
      }
      SmallVector<unsigned, 2> peers = e0.peers;
      endpoints[i] = pieces[0];
      for (auto [pi, g] : llvm::enumerate(peers))
        endpoints[g] = peerPieces[pi][0];
      for (int64_t c = 0; c < s.parts; ++c) {
        Endpoint &piece = endpoints[pieceIndex[c]];
        piece.peers.clear();
        for (auto [pi, g] : llvm::enumerate(peers)) {
          piece.peers.push_back(peerIndex[pi][c]);
          Endpoint &pp = endpoints[peerIndex[pi][c]];
          pp.peers.assign(1, pieceIndex[c]);
        }
      }
    }
    plan.endpoints = std::move(endpoints);
    plan.buffers[b].type = partType;
    plan.buffers[b].part = 0;
    return true;
  }

  bool rollback(unsigned b, ArrayRef<unsigned> partBuffer) {
    (void)b;
    if (partBuffer.size() > 1)
      plan.buffers.resize(partBuffer[1]);
    return false;
  }
};

} // namespace

std::map<unsigned, std::string> aircheck::npu::splitL2Buffers(
    TransferPlan &plan, const DeviceModel &dev,
    llvm::function_ref<int64_t(Operation *)> memtilesOf, bool separate) {
  Splitter s(plan, dev, separate);
  s.run(memtilesOf);
  return std::move(s.why);
}
