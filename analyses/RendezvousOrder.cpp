//===- RendezvousOrder.cpp - what a channel rendezvous orders -------------===//
//
// The part of the ordering model (docs/semantics.md 3a) that channels give,
// instance by instance, for the race and lifetime checks. Seed 000 2.5: on
// a channel of depth 1, put k completes once get k is issued and get k once
// put k is issued, so the two complete together; a get writes nothing
// before its put has been issued. Hence, for op instances a and b:
//   * a put or get `a` completes before `b` starts when every instance at
//     the other end that may meet it (the same channel index, the same
//     launch instance: FIFOs live per launch instance) completes before
//     `b` starts;
//   * a put or get `b` moves its data only after `a` has completed when
//     `a` completes before every instance at the other end that may meet
//     `b` starts (the data moves at the rendezvous, once both are issued;
//     the lowerings gate a BD on its buffer's lock, so a DMA does not read
//     ahead of it either).
// "Completes before" for the partners is the ordering model again, tokens
// and one more level of rendezvous (a put whose get precedes the put that
// feeds a later get: the C tile a GEMM sends to a herd and gets back). The
// k-th put meets the k-th get; taking every instance with the same index
// as a possible partner is a superset (narrowed to one trip where FIFO
// order fixes it, sameRound), so an order found holds whichever one meets. All of it is isl, so it holds for every size.
//
//===----------------------------------------------------------------------===//
#include "analyses/BlockOrder.h"
#include "analyses/ChannelIndices.h"

#include "dialects/AIR/AIRDialect.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SaveAndRestore.h"

using namespace aircheck;
using namespace mlir;

namespace {
std::vector<std::string> names(const char *prefix, unsigned n) {
  std::vector<std::string> out;
  for (unsigned d = 0; d < n; ++d)
    out.push_back(prefix + std::to_string(d));
  return out;
}

isl::set domainOf(PolyhedralModel &poly, const Instances &in) {
  isl::set s = isl::set::empty(in.space(poly.ctx()));
  for (const Box &b : in.boxes)
    s = s.unite(poly.boxSet(in, b));
  return s;
}

/// Every pair of instances of `x` and `y`.
isl::map allPairs(PolyhedralModel &poly, const Instances &x,
                  const Instances &y) {
  return isl::manage(isl_map_from_domain_and_range(
      domainOf(poly, x).release(), domainOf(poly, y).release()));
}

/// A map a0.. -> b0.. from a constraint over those names.
isl::map pairMap(PolyhedralModel &poly, unsigned na, unsigned nb,
                 const std::string &constraint) {
  return isl::map(poly.ctx(), poly.paramList() + " -> { [" +
                                  llvm::join(names("a", na), ", ") + "] -> [" +
                                  llvm::join(names("b", nb), ", ") + "] : " +
                                  constraint + " }");
}

/// The op's channel index as a map from its instances, one output per
/// index position in `keep`.
isl::map indexMap(PolyhedralModel &poly, air::ChannelOpInterface op,
                  const Instances &in, const std::vector<bool> &keep) {
  std::vector<std::string> dims, outs, cons{"true"};
  for (const Dim &d : in.dims)
    dims.push_back(d.name);
  auto indices = channelIndices(op);
  for (unsigned k = 0; k < keep.size(); ++k) {
    if (!keep[k])
      continue;
    outs.push_back("o" + std::to_string(k));
    cons.push_back(outs.back() + " = " +
                   poly.affine(indices[k], in).expr);
  }
  return isl::map(poly.ctx(), poly.paramList() + " -> { [" +
                                  llvm::join(dims, ", ") + "] -> [" +
                                  llvm::join(outs, ", ") + "] : " +
                                  llvm::join(cons, " and ") + " }")
      .intersect_domain(domainOf(poly, in));
}
} // namespace

const std::vector<Operation *> *BlockOrder::partnersOf(Operation *op) {
  auto chan = dyn_cast<air::ChannelOpInterface>(op);
  if (!chan)
    return nullptr;
  auto decl = SymbolTable::lookupNearestSymbolFrom<air::ChannelOp>(
      op, chan.getChanNameAttr());
  if (!decl || decl.getDepthOrDefault() != 1)
    return nullptr;
  Operation *module = SymbolTable::getNearestSymbolTable(decl);
  auto &slot = ends[module];
  if (!slot) {
    slot = std::make_unique<llvm::StringMap<std::vector<Operation *>>>();
    module->walk([&](air::ChannelOpInterface c) {
      (*slot)[(c.isPut() ? "put:" : "get:") + c.getChanName().str()]
          .push_back(c);
    });
  }
  const std::vector<Operation *> &partners =
      (*slot)[(chan.isPut() ? "get:" : "put:") + chan.getChanName().str()];
  return partners.empty() ? nullptr : &partners;
}

isl::map BlockOrder::orderedPairs(PolyhedralModel &poly, Operation *x,
                                  Operation *y) {
  Key key{x, y, rendezvousDepth};
  if (auto it = orderedMemo.find(key); it != orderedMemo.end())
    return it->second;
  const Instances &ix = poly.instancesOf(x), &iy = poly.instancesOf(y);
  isl::map out = pairMap(poly, ix.dims.size(), iy.dims.size(), "1 = 0");
  if (x == y)
    return orderedMemo[key] = out;
  // Pairs in another launch instance are in no case: unordered.
  Operation *scope = nullptr;
  if (auto launch = y->getParentOfType<air::LaunchOp>())
    scope = launch.getBody().front().getTerminator();
  for (const PairCase &c : instancePairs(poly, x, y, scope)) {
    isl::map link = pairMap(poly, ix.dims.size(), iy.dims.size(), c.constraint);
    if (c.aFirst)
      out = out.unite(link);
    else if (c.aFirstPart)
      out = out.unite(link.intersect(*c.aFirstPart));
  }
  return orderedMemo[key] = out.intersect(allPairs(poly, ix, iy)).coalesce();
}

isl::map BlockOrder::partnerPairs(PolyhedralModel &poly, Operation *x,
                                  Operation *p) {
  Key key{x, p, 0};
  if (auto it = partnerMemo.find(key); it != partnerMemo.end())
    return it->second;
  isl::map out = partnerPairsImpl(poly, x, p);
  out = out.coalesce();
  partnerMemo.emplace(key, out);
  return out;
}

isl::map BlockOrder::partnerPairsImpl(PolyhedralModel &poly, Operation *x,
                                      Operation *p) {
  const Instances &ix = poly.instancesOf(x), &ip = poly.instancesOf(p);
  // The same launch instance.
  std::vector<std::string> cons{"true"};
  for (unsigned k = 0; k < ix.dims.size() && k < ip.dims.size() &&
                       ix.dims[k].iv == ip.dims[k].iv;
       ++k)
    if (ix.dims[k].kind == Dim::Kind::LaunchId)
      cons.push_back("a" + std::to_string(k) + " = b" + std::to_string(k));
  isl::map out = pairMap(poly, ix.dims.size(), ip.dims.size(),
                         llvm::join(cons, " and "))
                     .intersect(allPairs(poly, ix, ip));
  // The same channel index, where both are affine (a broadcast put reaches
  // gets of other indices: every pair).
  auto cx = cast<air::ChannelOpInterface>(x);
  auto cp = cast<air::ChannelOpInterface>(p);
  auto decl = SymbolTable::lookupNearestSymbolFrom<air::ChannelOp>(
      x, cx.getChanNameAttr());
  auto xi = channelIndices(cx), pi = channelIndices(cp);
  if (!decl || decl.getBroadcastShape() || xi.size() != pi.size())
    return out;
  std::vector<bool> keep;
  for (unsigned k = 0; k < xi.size(); ++k)
    keep.push_back(!poly.affine(xi[k], ix).unknown &&
                   !poly.affine(pi[k], ip).unknown);
  if (llvm::is_contained(keep, true)) {
    isl::map same = indexMap(poly, cx, ix, keep)
                        .apply_range(indexMap(poly, cp, ip, keep).reverse());
    out = out.intersect(same);
  }
  // (A channel without indices is one FIFO: every index agrees.)
  if (llvm::all_of(keep, [](bool b) { return b; }))
    out = sameRound(poly, x, p, out);
  return out;
}

/// The k-th put meets the k-th get. Where `x` and `p` are the only ops on
/// their sides of the channel, each issues as many instances per trip of
/// the loops (and launch instance) around both and channel index (a one-to-
/// one map from instances to trips, index and the trips of loops of its own
/// onto one image for both), and each issues its trips in order (an
/// instance completes before the next trip's starts, in the shared loops
/// and its own), the k-th of each at an index is in the same trip and has
/// the same counters in its own loops: partners share all of those.
isl::map BlockOrder::sameRound(PolyhedralModel &poly, Operation *x,
                               Operation *p, isl::map pairs) {
  const auto *px = partnersOf(x), *pp = partnersOf(p);
  if (!px || !pp || px->size() != 1 || pp->size() != 1)
    return pairs;
  const Instances &ix = poly.instancesOf(x), &ip = poly.instancesOf(p);
  std::vector<unsigned> trips;
  for (unsigned k = 0; k < ix.dims.size() && k < ip.dims.size() &&
                       ix.dims[k].iv == ip.dims[k].iv;
       ++k) {
    const Dim &d = ix.dims[k];
    if (d.kind != Dim::Kind::ForIv && d.kind != Dim::Kind::LaunchId)
      continue;
    if (d.kind == Dim::Kind::ForIv) {
      Block *body = &d.owner->getRegion(0).front();
      for (Operation *op : {x, p}) {
        Operation *u = ancestorIn(op, body);
        if (!u || !closedIn(op, body) || !carriedBefore(u, u, d.owner))
          return pairs;
      }
    }
    trips.push_back(k);
  }
  // Instance -> (trips, index), one to one, the same image on both sides.
  auto rounds = [&](Operation *op, const Instances &in) {
    std::vector<std::string> dims, outs, cons{"true"};
    for (const Dim &d : in.dims)
      dims.push_back(d.name);
    for (unsigned k : trips) {
      outs.push_back("t" + std::to_string(k));
      cons.push_back(outs.back() + " = " + in.dims[k].name);
    }
    auto indices = channelIndices(cast<air::ChannelOpInterface>(op));
    for (auto [k, v] : llvm::enumerate(indices)) {
      outs.push_back("o" + std::to_string(k));
      cons.push_back(outs.back() + " = " + poly.affine(v, in).expr);
    }
    // Loops of one side only, counted from 0: a one-to-one map onto the
    // same image on both sides means as many instances per trip and index.
    unsigned j = 0;
    for (unsigned k = 0; k < in.dims.size(); ++k)
      if (in.dims[k].kind == Dim::Kind::ForIv &&
          !llvm::is_contained(trips, k)) {
        outs.push_back("f" + std::to_string(j++));
        cons.push_back(outs.back() + " = " + in.dims[k].name);
      }
    return isl::map(poly.ctx(), poly.paramList() + " -> { [" +
                                    llvm::join(dims, ", ") + "] -> [" +
                                    llvm::join(outs, ", ") + "] : " +
                                    llvm::join(cons, " and ") + " }")
        .intersect_domain(domainOf(poly, in));
  };
  auto ownLoops = [&](const Instances &in) {
    unsigned n = 0;
    for (unsigned k = 0; k < in.dims.size(); ++k)
      n += in.dims[k].kind == Dim::Kind::ForIv && !llvm::is_contained(trips, k);
    return n;
  };
  if (ownLoops(ix) != ownLoops(ip))
    return pairs;
  // Each side issues its own loops' trips in order too, so its k-th
  // instance at a trip and index is the k-th in those loops' order: the
  // partners share the own loops' counters as well.
  for (auto [op, in] : {std::make_pair(x, &ix), std::make_pair(p, &ip)})
    for (unsigned k = 0; k < in->dims.size(); ++k) {
      const Dim &d = in->dims[k];
      if (d.kind != Dim::Kind::ForIv || llvm::is_contained(trips, k))
        continue;
      Block *body = &d.owner->getRegion(0).front();
      Operation *u = ancestorIn(op, body);
      if (!u || !closedIn(op, body) || !carriedBefore(u, u, d.owner))
        return pairs;
    }
  isl::map rx = rounds(x, ix), rp = rounds(p, ip);
  if (!rx.is_injective() || !rp.is_injective() ||
      !rx.range().is_equal(rp.range()))
    return pairs;
  return pairs.intersect(rx.apply_range(rp.reverse()));
}

isl::map BlockOrder::channelOrdered(PolyhedralModel &poly, Operation *a,
                                    Operation *b, std::string &channel) {
  Key key{a, b, rendezvousDepth};
  if (auto it = channelMemo.find(key); it != channelMemo.end()) {
    channel = it->second.second;
    return it->second.first;
  }
  std::string name;
  isl::map out = channelOrderedImpl(poly, a, b, name);
  channelMemo.emplace(key, std::make_pair(out, name));
  channel = name;
  return out;
}

isl::map BlockOrder::channelOrderedImpl(PolyhedralModel &poly, Operation *a,
                                        Operation *b, std::string &channel) {
  const Instances &ia = poly.instancesOf(a), &ib = poly.instancesOf(b);
  isl::map none = pairMap(poly, ia.dims.size(), ib.dims.size(), "1 = 0");
  if (a == b || ia.unknown || ib.unknown || rendezvousDepth >= maxRendezvousDepth)
    return none;
  const auto *fromA = partnersOf(a);
  auto getB = dyn_cast<air::ChannelOpInterface>(b);
  const auto *toB = getB ? partnersOf(b) : nullptr;
  if (!fromA && !toB)
    return none;
  llvm::SaveAndRestore guard(rendezvousDepth, rendezvousDepth + 1);
  try {
    isl::map every = allPairs(poly, ia, ib), out = none;
    auto known = [&](const std::vector<Operation *> &ops) {
      return llvm::none_of(
          ops, [&](Operation *p) { return (bool)poly.instancesOf(p).unknown; });
    };
    // One rendezvous rule, for the channel op on either side: the pairs
    // (a, b) whose instance of `a` is paired (by `link`) with an instance
    // of a partner `p` that `open` leaves unordered are not ordered by it.
    auto rule = [&](const std::vector<Operation *> &partners,
                    llvm::function_ref<isl::map(Operation *)> unorderedVia,
                    llvm::StringRef name) {
      if (!known(partners))
        return;
      isl::map bad = none;
      for (Operation *p : partners)
        bad = bad.unite(unorderedVia(p)).coalesce();
      isl::map first = every.subtract(bad);
      if (first.is_empty())
        return;
      out = out.unite(first);
      if (channel.empty())
        channel = name.str();
    };
    // `a` completes with a partner, and every partner before `b` starts.
    if (fromA)
      rule(*fromA, [&](Operation *p) {
        isl::map open = allPairs(poly, poly.instancesOf(p), ib)
                            .subtract(orderedPairs(poly, p, b));
        return partnerPairs(poly, a, p).apply_range(open);
      }, cast<air::ChannelOpInterface>(a).getChanName());
    // `b` moves its data at the rendezvous, once a partner has started,
    // after `a` completed.
    if (toB)
      rule(*toB, [&](Operation *q) {
        isl::map open = allPairs(poly, ia, poly.instancesOf(q))
                            .subtract(orderedPairs(poly, a, q));
        return open.apply_range(partnerPairs(poly, b, q).reverse());
      }, getB.getChanName());
    return out;
  } catch (const isl::exception &) {
    return none; // no order claimed
  }
}
