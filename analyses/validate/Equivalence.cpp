//===- Equivalence.cpp - does the design move the program's data ----------===//
#include "analyses/validate/Equivalence.h"
#include "analyses/validate/ArgumentCorrespondence.h"

#include "analyses/AsyncGraph.h"
#include "analyses/BlockOrder.h"
#include "analyses/FoldedInt.h"
#include "analyses/HoldsAIR.h"
#include "analyses/MemrefEffects.h"
#include "analyses/MemrefRoots.h"
#include "analyses/ResourceFootprint.h"
#include "analyses/aie/AIEDesign.h"
#include "analyses/aie/CascadeLoops.h"
#include "analyses/validate/CoreCode.h"
#include "analyses/validate/DesignRun.h"
#include "analyses/validate/ProgramRun.h"
#include "analyses/validate/SpecialisedCode.h"
#include "dialects/AIR/HierarchySizes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/StringExtras.h"

#include <functional>
#include <set>

using namespace mlir;
using namespace aircheck;
using namespace aircheck::validate;
using namespace aircheck::aiecheck;

namespace {

// Delivery.h's (PolyhedralModel.h, through BlockOrder.h, has one too).
using aircheck::validate::lineColOf;

std::string index(MemRefType type, int64_t e) {
  if (!type || !type.hasStaticShape() || type.getRank() == 0)
    return "[" + std::to_string(e) + "]";
  SmallVector<int64_t, 4> idx(type.getRank());
  for (int64_t k = type.getRank(); k-- > 0;) {
    idx[k] = e % type.getShape()[k];
    e /= type.getShape()[k];
  }
  return "[" + llvm::join(llvm::map_range(idx, [](int64_t v) {
                            return std::to_string(v);
                          }),
                          ", ") +
         "]";
}


/// Whether a herd's segment has more than one instance (or sizes that are
/// not constants): then its instances are named with the segment's.
bool segmentRepeats(air::HerdOp herd) {
  air::SegmentOp seg = segmentOf(herd);
  return seg && air::constantInstances(seg) != std::optional<int64_t>(1);
}

std::string joined(ArrayRef<int64_t> ids) {
  return llvm::join(
      llvm::map_range(ids, [](int64_t v) { return std::to_string(v); }), ", ");
}

/// "(1, 0)", with " of segment @s instance (1)" where the segment has
/// several.
std::string idsText(air::HerdOp herd, ArrayRef<int64_t> key) {
  size_t r = std::min(segmentRank(herd), key.size());
  std::string s = "(" + joined(key.drop_front(r)) + ")";
  if (segmentRepeats(herd))
    s += " of segment @" +
         segmentOf(herd).getSymName().value_or("segment").str() +
         " instance (" + joined(key.take_front(r)) + ")";
  return s;
}

/// "herd @h tile (1, 0)", with the segment instance where it has several.
std::string instanceText(air::HerdOp herd, ArrayRef<int64_t> key) {
  return "herd @" + herd.getSymName().value_or("herd").str() + " tile " +
         idsText(herd, key);
}

/// Whether the herd body's code (not only its transfers) depends on its
/// ids: some op other than index arithmetic and a transfer is reached from
/// them. Such a core's code was specialised for one instance, and which one
/// is not read from the design.
bool idDependent(air::HerdOp herd) {
  SmallVector<Value> work(
      cast<air::HierarchyOpInterface>(herd.getOperation()).getIds());
  // Kernel arguments bound to its segment instance's ids are ids too (the
  // values at ids 0 tell which; any instance's would).
  SmallVector<int64_t, 2> zeros(segmentRank(herd), 0);
  for (auto &[arg, value] : segmentBoundArgs(herd, zeros))
    work.push_back(arg);
  llvm::DenseSet<Value> seen(work.begin(), work.end());
  while (!work.empty()) {
    Value v = work.pop_back_val();
    for (Operation *user : v.getUsers()) {
      if (isa<air::ChannelOpInterface, air::DmaMemcpyNdOp>(user))
        continue; // a transfer's pattern: its data is compared
      // An air.execute's value: the execute's result (followed like any
      // value; one nothing uses does not matter).
      if (auto term = dyn_cast<air::ExecuteTerminatorOp>(user)) {
        auto exec = cast<air::ExecuteOp>(term->getParentOp());
        for (OpOperand &o : term->getOpOperands())
          if (o.get() == v && seen.insert(exec.getResults()[o.getOperandNumber()]).second)
            work.push_back(exec.getResults()[o.getOperandNumber()]);
        continue;
      }
      // A branch on the ids that only chooses transfers: its effect is in
      // the data, which is compared.
      if (user->getNumRegions() &&
          isa<affine::AffineIfOp, scf::IfOp, scf::IndexSwitchOp>(user)) {
        bool transfersOnly = true;
        user->walk([&](Operation *inner) {
          if (inner != user && !isa<air::AIRDialect>(inner->getDialect()) &&
              !inner->hasTrait<OpTrait::IsTerminator>() &&
              !isa<arith::ConstantOp, affine::AffineIfOp, scf::IfOp,
                   scf::IndexSwitchOp>(inner))
            transfersOnly = false;
        });
        if (transfersOnly)
          continue;
      }
      if (!isa<affine::AffineApplyOp, arith::AddIOp, arith::SubIOp,
               arith::MulIOp, arith::DivUIOp, arith::DivSIOp, arith::RemUIOp,
               arith::RemSIOp, arith::IndexCastOp>(user))
        return true;
      for (Value r : user->getResults())
        if (seen.insert(r).second)
          work.push_back(r);
    }
  }
  return false;
}

class Compare {
public:
  Compare(ProgramDelivery &p, DesignDelivery &d, Device &dev)
      : p(p), d(d), dev(dev) {
    memrefArgs = correspondingArguments(p.func, d.arguments.size())
                     .value_or(std::vector<int>());
  }

  Verdict run() {
    v.argumentOf = memrefArgs;
    if (!mapCores() || !compareTurns() || !compareFills() ||
        !compareResults())
      return std::move(v);
    v.kind = Verdict::Equivalent;
    for (auto &[b, place] : toPlace) {
      const Place &pl = p.places[place];
      if (pl.kind != Place::CoreBuffer)
        continue;
      Verdict::Pair pair{d.buffers[b].getOperation(), pl.alloc, {}};
      SmallVector<int64_t, 2> key = pl.key();
      pair.key.assign(key.begin(), key.end());
      v.pairedBuffers.push_back(pair);
      if (d.fills.count(b))
        v.paired.push_back(std::move(pair));
    }
    return std::move(v);
  }

private:
  ProgramDelivery &p;
  DesignDelivery &d;
  Device &dev;
  Verdict v;
  /// Per runtime-sequence argument, the function's (empty: they do not
  /// correspond).
  std::vector<int> memrefArgs;

  /// A design tag in the program's numbering of arguments.
  Tag fromDesign(Tag t) const {
    if (t.kind == Tag::Argument)
      t.who = t.who < (int)memrefArgs.size() ? memrefArgs[t.who] : -1;
    return t;
  }

  /// Design buffer index -> program place index, and back.
  std::map<int, int> toPlace, toBuffer;
  /// Places whose Computed values are the same (interchangeable
  /// instances): each to its class's first.
  std::map<int, int> rep;
  int repOf(int place) const {
    auto it = rep.find(place);
    return it == rep.end() ? place : it->second;
  }

  struct Candidate {
    air::HerdOp herd;
    SmallVector<int64_t, 2> ids;
    std::map<int, int> pairs; // design buffer -> place
  };

  /// Whether the candidate instances compute the same values: each buffer
  /// receives exactly the same elements in all of them, and they are of one
  /// herd whose body uses its ids only in transfers (which are compared),
  /// or of herds that compute nothing (no memory operation but transfers).
  bool interchangeable(const std::vector<Candidate> &fits) {
    air::HerdOp herd = fits.front().herd;
    bool computeNothing = llvm::all_of(
        fits, [&](const Candidate &c) { return herdCode[c.herd].empty(); });
    for (const Candidate &c : fits)
      if ((c.herd != herd && !computeNothing) ||
          c.pairs.size() != fits.front().pairs.size())
        return false;
    if (!computeNothing && idDependent(herd))
      return false;
    for (auto &[b, place] : fits.front().pairs) {
      auto first = p.fills.find(place);
      for (const Candidate &c : fits) {
        auto it = c.pairs.find(b);
        if (it == c.pairs.end())
          return false;
        auto other = p.fills.find(it->second);
        if ((first == p.fills.end()) != (other == p.fills.end()))
          return false;
        if (first != p.fills.end() &&
            first->second != other->second)
          return false;
      }
    }
    return true;
  }

  bool unknown(std::string why, Operation *at) {
    v.kind = Verdict::Unknown;
    v.message = std::move(why);
    v.at = at;
    return false;
  }

  std::string describe(Tag t, bool design) const {
    switch (t.kind) {
    case Tag::Undefined:
      return "nothing (no transfer wrote it)";
    case Tag::Argument: {
      if (design)
        t = fromDesign(t);
      MemRefType type;
      if (t.who < (int)p.func.getNumArguments())
        type = dyn_cast<MemRefType>(p.func.getArgument(t.who).getType());
      return "%arg" + std::to_string(t.who) + index(type, t.element);
    }
    case Tag::Computed:
      if (design) {
        auto it = toPlace.find(t.who);
        if (it == toPlace.end()) {
          aie::BufferOp b = d.buffers[t.who];
          std::optional<Coord> c = tileOfOp(b);
          return "what core (" + std::to_string(c ? c->first : -1) + ", " +
                 std::to_string(c ? c->second : -1) + ") computed in " +
                 bufferName(b) +
                 index(cast<MemRefType>(b.getType()), t.element) +
                 " for its hand-off #" + std::to_string(t.round);
        }
        t.who = it->second;
      }
      {
        Place &pl = p.places[t.who];
        return "what " + instanceText(pl.herd, pl.key()) +
               " computed in its alloc at " + lineColOf(pl.alloc) +
               index(pl.type, t.element) + " for its hand-off #" +
               std::to_string(t.round);
      }
    case Tag::Constant:
      return "the constant with bits " + std::to_string(t.element) + " (" +
             std::to_string(t.who) + "-bit)";
    case Tag::Initial: {
      aie::BufferOp b = d.buffers[t.who];
      return "the initial value of " +
             bufferName(b) +
             index(cast<MemRefType>(b.getType()), t.element);
    }
    }
    return "?";
  }

  /// Whether the design's tag `dt` is the program's `pt`. Computed tags
  /// compare through the core map; one of a core not identified yet agrees
  /// with any Computed tag of the same element unless `exact`.
  bool same(Tag pt, Tag dt, bool exact) const {
    dt = fromDesign(dt);
    if (pt.kind == Tag::Undefined)
      return true; // the program leaves it undefined: anything will do
    if (pt.kind != dt.kind || pt.element != dt.element)
      return false;
    if (pt.kind == Tag::Computed) {
      if (pt.round != dt.round)
        return false;
      auto it = toPlace.find(dt.who);
      if (it == toPlace.end())
        return !exact; // its core is not identified yet
      return repOf(it->second) == repOf(pt.who);
    }
    return pt.who == dt.who;
  }

  /// The first entry where the logs differ (their common length when one
  /// is a prefix of the other and they differ in length); -1: equal.
  int64_t firstDifference(const FillLog *pl, const FillLog *dl,
                          bool exact) const {
    return validate::firstDifference(
        pl, dl, [&](Tag pt, Tag dt) { return same(pt, dt, exact); });
  }

  using InstanceKey = std::pair<Operation *, SmallVector<int64_t, 2>>;
  using PlaceKey =
      std::tuple<Operation *, SmallVector<int64_t, 2>, Operation *>;

  /// The program's herds, their code, their instances, and each instance's
  /// core-buffer places (by alloc).
  std::vector<air::HerdOp> herds;
  std::map<Operation *, std::vector<MemOp>> herdCode;
  /// A herd whose branches on its ids hold memory operations: its code as
  /// each group of instances runs it (the branches decided), and which
  /// instances; none for a herd every instance runs alike.
  struct Variant {
    std::vector<MemOp> code;
    std::set<SmallVector<int64_t, 2>> instances;
  };
  std::map<Operation *, std::vector<Variant>> herdVariants;
  std::map<Operation *, std::set<SmallVector<int64_t, 2>>> instances;
  std::map<PlaceKey, int> placeAt;
  /// The places of instance `ids` of herd `h` (its allocs), in placeAt's
  /// order: a range of the map, keyed by herd and ids first.
  std::vector<int> placesOf(Operation *h,
                            const SmallVector<int64_t, 2> &ids) const {
    std::vector<int> out;
    for (auto it = placeAt.lower_bound({h, ids, nullptr});
         it != placeAt.end() && std::get<0>(it->first) == h &&
         std::get<1>(it->first) == ids;
         ++it)
      out.push_back(it->second);
    return out;
  }
  /// The instances identified so far, and per core and herd the instance
  /// it runs (a core that runs several herds may be identified herd by
  /// herd, over several passes).
  std::set<InstanceKey> taken;
  std::map<std::pair<Operation *, Operation *>, Candidate> done;
  /// Per core and herd it runs: the alloc -> buffer map its code is read by.
  std::map<std::pair<Operation *, Operation *>,
           std::map<Operation *, Operation *>>
      doneMap;
  /// The design has fewer cores than the program has instances: a tile may
  /// run several herds' instances one after another.
  bool sharing = false;
  /// L1 allocs from outside the herds that herds of one name transfer, one
  /// of which does not run exactly once: which run of which herd takes
  /// which of the tile copy's fills is not read.
  std::set<Operation *> sharedManyRuns;
  /// Per (segment-level L1 alloc, herd transferring it): the herds of that
  /// name in the segment that transfer it, the herd first, and whether one
  /// of several does not run exactly once.
  std::map<std::pair<Operation *, Operation *>,
           std::pair<std::vector<air::HerdOp>, bool>>
      sameNameUsers;

  /// One herd body in a core's code: the herd, and the alloc -> buffer map
  /// under which the code is its body.
  struct Segment {
    air::HerdOp herd;
    std::map<Operation *, Operation *> map;
    /// Which of the herd's variants (herdVariants) the code is; -1: the
    /// herd has none.
    int variant = -1;
  };
  const std::vector<MemOp> &codeOf(const Segment &seg) {
    return seg.variant < 0 ? herdCode[seg.herd]
                           : herdVariants[seg.herd][seg.variant].code;
  }
  using Split = std::vector<Segment>;
  /// The buffers of `filled` (a core's buffers a DMA fills) that no code
  /// of `split` names.
  std::vector<int> unnamedIn(const Split &split,
                             const std::vector<int> &filled) const {
    std::set<int> named;
    for (const Segment &seg : split)
      for (auto &[alloc, buf] : seg.map)
        named.insert(d.bufferIndex(buf));
    std::vector<int> unnamed;
    for (int b : filled)
      if (!named.count(b))
        unnamed.push_back(b);
    return unnamed;
  }
  /// The most ways of reading a core's code as herd bodies one after
  /// another that are tried.
  static constexpr size_t kMaxSplits = 64;

  /// The ways `code` is the bodies of herds one after another: one herd
  /// only unless tiles are shared; each herd once; herds without memory
  /// operations only for a core without any; the herds' buffers disjoint.
  std::vector<Split> splits(ArrayRef<MemOp> code) {
    std::vector<Split> out;
    Split cur;
    std::function<void(size_t)> go = [&](size_t at) {
      if (out.size() >= kMaxSplits)
        return;
      if (at == code.size() && !cur.empty()) {
        // One buffer for two herds' allocs is not compared; for one alloc
        // from outside the herds, the tile's copy, it is what they share.
        std::map<Operation *, Operation *> allocOf;
        for (const Segment &seg : cur)
          for (auto &[alloc, buf] : seg.map)
            if (allocOf.try_emplace(buf, alloc).first->second != alloc)
              return;
        out.push_back(cur);
        return;
      }
      if (!cur.empty() && !sharing)
        return;
      for (air::HerdOp h : herds) {
        if (llvm::any_of(cur, [&](const Segment &s) { return s.herd == h; }))
          continue;
        const std::vector<Variant> &vs = herdVariants[h];
        for (int variant = vs.empty() ? -1 : 0; variant < (int)vs.size();
             ++variant) {
          const std::vector<MemOp> &hc =
              variant < 0 ? herdCode[h] : vs[variant].code;
          if (hc.empty() != code.empty() || hc.size() > code.size() - at ||
              (!sharing && hc.size() != code.size()))
            continue;
          auto m = matchCode(hc, code.slice(at, hc.size()));
          if (!m)
            continue;
          cur.push_back(Segment{h, std::move(*m), variant});
          go(at + hc.size());
          cur.pop_back();
        }
      }
    };
    go(0);
    return out;
  }

  /// The first element where what the program's npu_mmio channels set in
  /// `place` before anything else is not design buffer `b`'s initial value
  /// (-1: none; an element the program does not set may hold anything).
  int64_t initialDifference(int place, int b) const {
    auto pi = p.initial.find(place);
    if (pi == p.initial.end())
      return -1;
    auto di = d.initial.find(b);
    for (auto [e, t] : llvm::enumerate(pi->second))
      if (t.kind != Tag::Undefined &&
          (di == d.initial.end() || e >= di->second.size() ||
           di->second[e] != t))
        return e;
    return -1;
  }

  /// The instances of `seg`'s herd not identified yet whose fills the
  /// core's buffers match; `unnamed`: the buffers of the tile a DMA fills
  /// that no code names, paired with the instance's places by their fills.
  std::vector<Candidate> fitting(aie::CoreOp core, const Segment &seg,
                                 const std::vector<int> &unnamed) {
    std::vector<Candidate> fits;
    air::HerdOp h = seg.herd;
    auto known = done.find({core, h});
    if (known != done.end())
      return {known->second};
    for (const auto &ids : instances[h]) {
      if (taken.count({h, ids}))
        continue;
      // A variant's code is what only its instances run.
      if (seg.variant >= 0 &&
          !herdVariants[h][seg.variant].instances.count(ids))
        continue;
      Candidate cand{h, ids, {}};
      bool fit = true;
      std::set<int> usedPlaces;
      for (auto &[alloc, buf] : seg.map) {
        int b = d.bufferIndex(buf);
        auto it = placeAt.find({h, ids, alloc});
        if (b < 0)
          continue;
        if (it == placeAt.end()) {
          if (d.fills.count(b)) // the design fills what the program does not
            fit = false;
          continue;
        }
        cand.pairs[b] = it->second;
        usedPlaces.insert(it->second);
        auto pf = p.fills.find(it->second);
        auto df = d.fills.find(b);
        if (firstDifference(pf == p.fills.end() ? nullptr : &pf->second,
                            df == d.fills.end() ? nullptr : &df->second,
                            false) >= 0 ||
            initialDifference(it->second, b) >= 0)
          fit = false;
      }
      // Filled buffers no code names: paired by their fills.
      for (int b : unnamed) {
        if (!fit)
          break;
        bool paired = false;
        for (int place : placesOf(h, ids)) {
          if (usedPlaces.count(place))
            continue;
          auto pf = p.fills.find(place);
          if (pf == p.fills.end())
            continue;
          if (firstDifference(&pf->second, &d.fills.at(b), false) < 0) {
            cand.pairs[b] = place;
            usedPlaces.insert(place);
            paired = true;
            break;
          }
        }
        fit = paired;
      }
      // Every filled place of the instance has its buffer.
      for (int place : placesOf(h, ids))
        if (fit && p.fills.count(place) && !usedPlaces.count(place))
          fit = false;
      if (fit)
        fits.push_back(std::move(cand));
    }
    return fits;
  }

  /// Whether the core's code for segment k of `split` is the herd body
  /// with the ids of instance `f` put in (SpecialisedCode.h).
  bool specialisedFor(ArrayRef<MemOp> code, const Split &split, size_t k,
                      const Candidate &f, std::string &why) {
    size_t at = 0;
    for (size_t j = 0; j < k; ++j)
      at += codeOf(split[j]).size();
    const std::vector<MemOp> &body = codeOf(split[k]);
    if (at + body.size() > code.size()) {
      why = "its code is shorter than the herd body";
      return false;
    }
    SmallVector<Operation *> herdOps, coreOps;
    for (size_t j = 0; j < body.size(); ++j) {
      herdOps.push_back(body[j].op);
      coreOps.push_back(code[at + j].op);
    }
    size_t r = std::min(segmentRank(f.herd), f.ids.size());
    ArrayRef<int64_t> key(f.ids);
    return sameComputation(herdOps, coreOps, split[k].map, f.herd,
                           key.drop_front(r),
                           segmentBoundArgs(f.herd, key.take_front(r)), why);
  }

  enum class Identified { Done, Progress, Waiting, Failed };

  /// Identifies the herd instances `core` runs (one per herd body its code
  /// holds). Waiting: ambiguous for now (unknown when `last`); Progress:
  /// some of its herds identified, others waiting; Failed: a difference or
  /// unknown was reported.
  Identified identify(aie::CoreOp core, bool last) {
    std::vector<MemOp> code = memOps(core.getBody(), true);
    std::optional<Coord> c = tileOfOp(core);
    std::string name = coreName(core);
    // The buffers of this core's tile that a DMA fills.
    std::vector<int> filled;
    for (auto &[b, log] : d.fills)
      if (tileOfOp(d.buffers[b]) == c)
        filled.push_back(b);
    std::vector<Split> ways = splits(code);
    if (ways.size() >= kMaxSplits) {
      unknown(name + "'s code reads as herd bodies one after another in " +
                  "more than " + std::to_string(kMaxSplits) + " ways",
              core);
      return Identified::Failed;
    }
    // A herd without memory operations leaves no trace in the code: on a
    // shared tile, the buffers a DMA fills that no code names may be one
    // such herd's.
    // `unpaired`: a way not tried, since which of its herds a buffer no code
    // names is of is not read (two herds without code on one tile).
    bool unpaired = false;
    if (sharing) {
      std::vector<Split> more;
      for (const Split &split : ways) {
        if (unnamedIn(split, filled).empty())
          continue;
        int hidden = 0;
        for (air::HerdOp h : herds)
          if (herdCode[h].empty() &&
              llvm::none_of(split,
                            [&](const Segment &s) { return s.herd == h; })) {
            more.push_back(split);
            more.back().push_back(Segment{h, {}});
            ++hidden;
          }
        if (hidden > 1)
          unpaired = true; // two of them on the tile: not tried
      }
      ways.insert(ways.end(), more.begin(), more.end());
    }
    // Per way of reading the code, per herd body: the fitting instances.
    std::vector<std::vector<std::vector<Candidate>>> viable;
    std::vector<const Split *> viableSplit;
    for (const Split &split : ways) {
      std::vector<int> unnamed = unnamedIn(split, filled);
      // The unnamed buffers go to the one herd without code, else to the
      // one herd.
      int takesUnnamed = split.size() == 1 ? 0 : -1;
      for (auto [k, seg] : llvm::enumerate(split))
        if (split.size() > 1 && seg.map.empty())
          takesUnnamed = takesUnnamed == -1 ? (int)k : -2;
      if (!unnamed.empty() && takesUnnamed < 0) {
        unpaired = true; // which herd such a buffer is of is not read
        continue;
      }
      std::vector<std::vector<Candidate>> per;
      for (auto [k, seg] : llvm::enumerate(split)) {
        per.push_back(fitting(core, seg,
                              (int)k == takesUnnamed ? unnamed
                                                     : std::vector<int>{}));
        if (per.back().empty())
          break;
      }
      if (per.size() == split.size() && !per.back().empty()) {
        viable.push_back(std::move(per));
        viableSplit.push_back(&split);
      }
    }
    if (viable.empty()) {
      if (unpaired) {
        unknown(name + "'s tile may run several herds without memory "
                       "operations, and a buffer of it that a DMA fills is "
                       "named by no code: which herd it is of is not read",
                core);
        return Identified::Failed;
      }
      firstMismatch(core, name, ways, filled);
      return Identified::Failed;
    }
    auto ambiguous = [&](std::string why, bool progressed) {
      if (!last)
        return progressed ? Identified::Progress : Identified::Waiting;
      unknown(name + " " + why, core);
      return Identified::Failed;
    };
    if (viable.size() > 1) {
      // Herds that compute nothing and receive the same data: which of
      // them the core runs is only a name.
      std::vector<Candidate> all;
      for (auto &per : viable)
        if (per.size() == 1)
          all.insert(all.end(), per.front().begin(), per.front().end());
      if (llvm::all_of(viable, [](auto &per) { return per.size() == 1; }) &&
          interchangeable(all)) {
        viable.resize(1);
        viable.front().front() = std::move(all);
      }
    }
    if (viable.size() > 1) {
      // Ways whose code is, op for op, the herd bodies' computation (the
      // forms of SpecialisedCode.h) are readings the code proves; one
      // such way is the core's, whatever others its data allows.
      std::vector<std::vector<std::vector<Candidate>>> proven;
      std::vector<const Split *> provenSplit;
      for (auto [w, per] : llvm::enumerate(viable)) {
        std::vector<std::vector<Candidate>> kept;
        for (auto [k, fits] : llvm::enumerate(per)) {
          std::vector<Candidate> same;
          for (const Candidate &f : fits) {
            std::string why;
            if (specialisedFor(code, *viableSplit[w], k, f, why))
              same.push_back(f);
          }
          if (same.empty())
            break;
          kept.push_back(std::move(same));
        }
        if (kept.size() == per.size()) {
          proven.push_back(std::move(kept));
          provenSplit.push_back(viableSplit[w]);
        }
      }
      if (proven.size() == 1) {
        viable = std::move(proven);
        viableSplit = std::move(provenSplit);
      }
    }
    if (viable.size() > 1)
      return ambiguous("receives what " + std::to_string(viable.size()) +
                           " ways of running herds one after another "
                           "receive; which it runs cannot be told from its "
                           "data",
                       false);
    const Split &split = *viableSplit.front();
    bool progressed = false;
    std::optional<size_t> waiting;
    for (auto [k, fits] : llvm::enumerate(viable.front())) {
      if (done.count({core, split[k].herd}))
        continue;
      // Instances its data does not tell apart, of a herd that computes
      // with its ids: the code tells them apart where it is the body with
      // the ids of one of them only (SpecialisedCode.h).
      if (fits.size() > 1 && idDependent(split[k].herd) &&
          !interchangeable(fits)) {
        std::vector<Candidate> proven;
        for (const Candidate &f : fits) {
          std::string why;
          if (specialisedFor(code, split, k, f, why))
            proven.push_back(f);
        }
        if (proven.size() == 1)
          fits = std::move(proven);
      }
      if (fits.size() > 1 && !interchangeable(fits)) {
        if (!waiting)
          waiting = fits.size();
        continue;
      }
      // Interchangeable instances: the same code on the same data computes
      // the same values, so their Computed tags are one class.
      for (size_t j = 1; j < fits.size(); ++j)
        for (auto &[b, place] : fits.front().pairs)
          if (fits[j].pairs.count(b))
            rep[fits[j].pairs.at(b)] = repOf(place);
      Candidate &f = fits.front();
      std::string why;
      // What the core computes: its code must be the herd body (with the
      // instance's ids put in, where the body computes with them), op for
      // op, else other code may compute other values.
      if (!specialisedFor(code, split, k, f, why)) {
        std::string herd = "@" + f.herd.getSymName().value_or("herd").str();
        if (instances[f.herd].size() > 1 && idDependent(f.herd))
          unknown(name + " runs herd " + herd +
                      ", whose code depends on its ids, and its code is not "
                      "the herd body with the ids of the instance its data "
                      "names " + idsText(f.herd, f.ids) + ": " + why,
                  core);
        else
          unknown(name + " runs herd " + herd + " by its data, and its code "
                      "does not compute what the herd body does (other code "
                      "may compute the same values; it is not compared "
                      "further): " + why,
                  core);
        return Identified::Failed;
      }
      ++v.code;
      taken.insert({f.herd, f.ids});
      done[{core, f.herd}] = f;
      doneMap[{core, f.herd}] = split[k].map;
      for (auto &[b, place] : f.pairs) {
        toPlace[b] = place;
        toBuffer[place] = b;
      }
      progressed = true;
    }
    if (waiting)
      return ambiguous("receives what " + std::to_string(*waiting) +
                           " herd instances receive; which one it runs "
                           "cannot be told from its data",
                       progressed);
    return Identified::Done;
  }

  /// The herd's code as its instances run it, grouped by instances that
  /// run the same ops: none where every instance runs its whole body (no
  /// branch on the ids holds a memory operation).
  std::vector<Variant> variantsOf(air::HerdOp h) {
    std::vector<Variant> out;
    auto hi = cast<air::HierarchyOpInterface>(h.getOperation());
    size_t r = segmentRank(h);
    std::map<std::vector<Operation *>, size_t> byOps;
    for (const SmallVector<int64_t, 2> &key : instances[h]) {
      if (key.size() < r + hi.getIds().size())
        return {};
      Bound bound;
      for (auto [k, id] : llvm::enumerate(hi.getIds()))
        bound[id] = key[r + k];
      for (auto &[arg, value] :
           segmentBoundArgs(h, ArrayRef<int64_t>(key).take_front(r)))
        bound[arg] = value;
      std::vector<MemOp> code = memOps(h.getBody(), false, &bound);
      std::vector<Operation *> ops;
      for (const MemOp &m : code)
        ops.push_back(m.op);
      auto [it, fresh] = byOps.try_emplace(ops, out.size());
      if (fresh)
        out.push_back(Variant{std::move(code), {}});
      out[it->second].instances.insert(key);
    }
    // All alike, and as the whole body: no variants.
    if (out.size() == 1 && out.front().code.size() == herdCode[h].size())
      return {};
    return out;
  }

  bool mapCores() {
    // The program's instances per herd, and their fills.
    for (const Place &pl : p.places)
      if (pl.kind == Place::CoreBuffer)
        instances[pl.herd].insert(pl.key());
    for (auto [i, pl] : llvm::enumerate(p.places))
      if (pl.kind == Place::CoreBuffer)
        placeAt[{pl.herd, pl.key(), pl.alloc}] = i;
    // An L1 alloc from outside the herds is one copy per tile (seed 000
    // 4b), and herds of one name in a segment run on the same tiles: the
    // copy a herd of that name transfers is each of their instances' with
    // those ids (ProgramRun names it by the herd that transferred it).
    for (auto [i, pl] : llvm::enumerate(p.places)) {
      if (pl.kind != Place::CoreBuffer || !pl.alloc ||
          pl.alloc->getParentOfType<air::HerdOp>() || !pl.herd.getSymNameAttr())
        continue;
      // The herds of the name that transfer the alloc, and whether each
      // runs exactly once, depend on the alloc and the herd alone: found
      // once per pair, not per instance.
      auto [found, fresh] =
          sameNameUsers.try_emplace({pl.alloc, pl.herd.getOperation()});
      std::vector<air::HerdOp> &users = found->second.first;
      bool &manyRuns = found->second.second;
      if (fresh) {
        users.push_back(pl.herd);
        p.func.walk([&](air::HerdOp h) {
          if (h == pl.herd || h.getSymNameAttr() != pl.herd.getSymNameAttr() ||
              segmentOf(h) != segmentOf(pl.herd))
            return;
          for (Value v : h.getKernelOperands())
            if (memrefRootOp(v, ExecuteLinks | KernelArgLinks) == pl.alloc) {
              users.push_back(h);
              return;
            }
        });
        auto once = [](air::HerdOp h) {
          for (Operation *up = h->getParentOp(); up && !isa<func::FuncOp>(up);
               up = up->getParentOp()) {
            if (isa<air::ExecuteOp>(up))
              continue;
            auto hi = dyn_cast<air::HierarchyOpInterface>(up);
            if (!hi || air::constantInstances(hi) != 1)
              return false;
          }
          return true;
        };
        manyRuns = users.size() > 1 && !llvm::all_of(users, once);
        if (manyRuns)
          sharedManyRuns.insert(pl.alloc);
      }
      if (manyRuns)
        continue;
      for (air::HerdOp h : llvm::drop_begin(users)) {
        instances[h].insert(pl.key());
        placeAt.try_emplace({h, pl.key(), pl.alloc}, i);
      }
    }
    p.func->getParentOfType<ModuleOp>().walk(
        [&](air::HerdOp h) { herds.push_back(h); });
    for (air::HerdOp h : herds) {
      herdCode[h] = memOps(h.getBody(), false);
      herdVariants[h] = variantsOf(h);
    }
    // A core runs one herd instance, or, in a design with fewer cores than
    // the program has instances, the instances of several herds one after
    // another (herds that share tiles).
    int64_t count = 0, cores = 0;
    for (air::HerdOp h : herds) {
      // Its segment's sizes first (Place::segment), then its own.
      SmallVector<int64_t, 2> sizes;
      auto append = [&](air::HierarchyOpInterface op, StringRef what) {
        auto own = air::constantSizes(op);
        if (!own)
          return unknown(("a " + what + " whose size is not a constant").str(),
                         op);
        sizes.append(own->begin(), own->end());
        return true;
      };
      air::SegmentOp seg = segmentOf(h);
      if ((seg && !append(seg, "segment")) || !append(h, "herd"))
        return false;
      // Every instance, whether or not a transfer reaches it.
      SmallVector<int64_t, 2> ids(sizes.size(), 0);
      int64_t n = 1;
      for (int64_t v : sizes)
        n *= v;
      for (int64_t k = 0; k < n; ++k) {
        instances[h].insert(ids);
        for (size_t j = ids.size(); j-- > 0;) {
          if (++ids[j] < sizes[j])
            break;
          ids[j] = 0;
        }
      }
      count += n;
    }
    dev.op.walk([&](aie::CoreOp) { ++cores; });
    if (cores > count)
      return unknown("the design has " + std::to_string(cores) +
                         " cores and the program " + std::to_string(count) +
                         " herd instances",
                     dev.op);
    sharing = cores < count;
    // Cores are identified in passes: a core whose data comes from cores
    // already identified is compared exactly (Computed tags through the
    // map); one whose instance is still ambiguous waits for the next pass.
    std::vector<aie::CoreOp> pending;
    dev.op.walk([&](aie::CoreOp core) { pending.push_back(core); });
    for (bool progress = true; progress && !pending.empty();) {
      progress = false;
      std::vector<aie::CoreOp> later;
      for (aie::CoreOp core : pending) {
        Identified r = identify(core, /*last=*/false);
        if (r == Identified::Failed)
          return false;
        if (r != Identified::Done)
          later.push_back(core);
        if (r != Identified::Waiting)
          progress = true;
      }
      pending = std::move(later);
    }
    if (!pending.empty()) {
      identify(pending.front(), /*last=*/true);
      return false;
    }
    // Every instance that receives data has a core.
    for (auto &[place, log] : p.fills)
      if (!toBuffer.count(place)) {
        Place &pl = p.places[place];
        Operation *writer = log.by.empty() ? pl.alloc : log.by.front().second;
        return different(
            "the program fills the alloc at " + lineColOf(pl.alloc) +
                " of " + instanceText(pl.herd, pl.key()) +
                ", and no core of the design runs that instance",
            writer, {});
      }
    return true;
  }

  /// How many times the block that holds `alloc` runs in one instance of
  /// the segments around it: the instances of the launches around it times
  /// the trips of the loops around it (nullopt: not constant, or another op
  /// around it, `why`). The segments' instances, which run at once (seed
  /// 000 2.2) and so each have an alloc of their own, go to `segments`.
  static std::optional<int64_t> runsOf(Operation *alloc, int64_t &segments,
                                       std::string &why) {
    int64_t runs = 1;
    segments = 1;
    for (Operation *up = alloc->getParentOp(); up && !isa<func::FuncOp>(up);
         up = up->getParentOp()) {
      std::optional<int64_t> n;
      if (isa<air::ExecuteOp>(up))
        continue;
      if (auto seg = dyn_cast<air::SegmentOp>(up)) {
        n = air::constantInstances(seg);
        if (n) {
          segments *= *n;
          n = 1;
        }
      } else if (auto l = dyn_cast<air::LaunchOp>(up)) {
        n = air::constantInstances(l);
      } else if (isa<scf::ForOp, affine::AffineForOp>(up)) {
        n = constantTripCount(up);
      } else {
        why = "it is allocated under a '" + up->getName().getStringRef().str() +
              "'";
        return std::nullopt;
      }
      if (!n) {
        why = "it is allocated in a '" + up->getName().getStringRef().str() +
              "' whose count is not a constant";
        return std::nullopt;
      }
      runs *= *n;
    }
    return runs;
  }

  /// Buffers cores of several tiles use (shared L1, DesignRun.h): in the
  /// program, an L1 alloc outside the herds that herds directly in its
  /// block use, each before the next (BlockOrder), so that in every run of
  /// the block each herd's instances see what the herds before them left
  /// in that run's buffer. In the design, the uses of the buffer, in the
  /// run's order, must then be turns of those herds in that order, once
  /// per run of the block: each turn one use by every core of the herd.
  /// Then each core reads what the program's instance reads (what the
  /// herds before it wrote in that round), since two uses one of which
  /// writes keep their order in every run; an element no herd of the round
  /// wrote is undefined in the program.
  bool compareTurns() {
    for (auto &[b, users] : d.sharedUsers) {
      aie::BufferOp buf = d.buffers[b];
      std::string name = "buffer " + bufferName(buf);
      // Each user core runs one herd, whose code names the buffer's alloc.
      Operation *alloc = nullptr;
      std::map<Operation *, air::HerdOp> herdOf;
      for (Operation *core : users) {
        air::HerdOp herd;
        int count = 0;
        for (auto &[key, f] : done)
          if (key.first == core) {
            herd = f.herd;
            ++count;
          }
        std::string who = coreName(core);
        if (count != 1)
          return unknown(who + " uses " + name + ", which cores of other "
                             "tiles use, and runs " + std::to_string(count) +
                             " herds: which of them takes which turn is not "
                             "read",
                         core);
        Operation *a = nullptr;
        for (auto &[x, y] : doneMap[{core, herd}])
          if (y == buf.getOperation())
            a = x;
        if (!a || (alloc && a != alloc) || a->getParentOfType<air::HerdOp>())
          return unknown(who + " uses " + name + ", which cores of other "
                             "tiles use, and the program's herd it runs "
                             "names no one alloc outside the herds there",
                         core);
        alloc = a;
        herdOf[core] = herd;
      }
      // The program's herds that use the alloc, in its block, in order.
      std::vector<air::HerdOp> order;
      p.func.walk([&](air::HerdOp h) {
        for (Value v : h.getKernelOperands())
          if (memrefRootOp(v, ViewLinks | CastLinks | ExecuteLinks |
                                  KernelArgLinks) == alloc) {
            order.push_back(h);
            break;
          }
      });
      auto unread = [&](const std::string &why, Operation *at) {
        return unknown(name + " is used by cores of several tiles, as the "
                              "alloc at " + lineColOf(alloc) +
                           " is by herds of the program, and " + why,
                       at);
      };
      if (order.empty())
        return unread("no herd takes it as an argument", alloc);
      std::set<Operation *> running;
      for (auto &[core, h] : herdOf)
        running.insert(h);
      // A herd that only reads the buffer into values nothing uses takes
      // nothing from it (its core may leave such reads out): no turn of its
      // is read, where no core of the design uses the buffer for it.
      auto deadReadsOnly = [&](air::HerdOp h) {
        bool dead = true;
        h.getBody().walk([&](Operation *op) {
          for (const MemrefEffect &e : memrefEffects(op))
            if (memrefRootOp(e.memref, ViewLinks | CastLinks | ExecuteLinks |
                                           KernelArgLinks) == alloc &&
                (e.write || e.free || op->getNumResults() == 0 ||
                 !op->use_empty() || op->getNumRegions()))
              dead = false;
        });
        return dead;
      };
      llvm::erase_if(order, [&](air::HerdOp h) {
        return !running.count(h) && deadReadsOnly(h);
      });
      if (order.empty())
        return unread("no herd takes it as an argument and uses it", alloc);
      for (air::HerdOp h : order)
        if (!running.count(h))
          return unread("no core that uses the buffer runs herd @" +
                            h.getSymName().value_or("herd").str(),
                        h);
      Block *block = order.front()->getBlock();
      if (!BlockOrder::ancestorIn(alloc, block) ||
          llvm::any_of(order,
                       [&](air::HerdOp h) { return h->getBlock() != block; }))
        return unread("its herds are not all in the block that allocates it",
                      order.front());
      llvm::stable_sort(order, [](air::HerdOp x, air::HerdOp y) {
        return x->isBeforeInBlock(y);
      });
      AsyncGraph graph(p.func->getParentOfType<ModuleOp>());
      BlockOrder blockOrder(graph);
      for (size_t i = 0; i + 1 < order.size(); ++i)
        if (!blockOrder.before(order[i], order[i + 1]))
          return unread("herd @" +
                            order[i + 1].getSymName().value_or("herd").str() +
                            " may start before the one before it completes",
                        order[i + 1]);
      std::string why;
      int64_t segments = 1;
      std::optional<int64_t> rounds = runsOf(alloc, segments, why);
      if (!rounds)
        return unread(why, alloc);
      // Per herd: its cores (one per instance) and whether it writes.
      std::map<Operation *, std::set<Operation *>> coresOf;
      for (auto &[core, h] : herdOf)
        coresOf[h].insert(core);
      std::map<Operation *, bool> writes;
      for (air::HerdOp h : order) {
        std::optional<int64_t> size = air::constantInstances(h);
        if (!size || *size != (int64_t)coresOf[h].size())
          return unread("herd @" + h.getSymName().value_or("herd").str() +
                            " has " + (size ? std::to_string(*size) : "?") +
                            " instances and " +
                            std::to_string(coresOf[h].size()) +
                            " cores that use the buffer",
                        h);
        h.getBody().walk([&](Operation *op) {
          for (const MemrefEffect &e : memrefEffects(op))
            if (e.write &&
                memrefRootOp(e.memref, ViewLinks | CastLinks | ExecuteLinks |
                                           KernelArgLinks) == alloc)
              writes[h] = true;
        });
      }
      auto herdText = [](air::HerdOp h) {
        return "@" + h.getSymName().value_or("herd").str();
      };
      // The uses, as turns: runs of uses by cores of one herd.
      const std::vector<aie::CoreOp> &uses = d.sharedUses[b];
      size_t n = order.size(), turn = 0;
      for (size_t u = 0; u < uses.size(); ++turn) {
        air::HerdOp h = herdOf[uses[u]];
        std::map<Operation *, int> by;
        size_t start = u;
        for (; u < uses.size() && herdOf[uses[u]] == h; ++u)
          ++by[uses[u]];
        Operation *at = uses[start];
        int64_t round = turn / n;
        air::HerdOp want = order[turn % n];
        if (round >= *rounds * segments)
          return different(name + " (shared by cores of several tiles): " +
                               coreName(at) + " (herd " + herdText(h) +
                               ") takes turn " + std::to_string(turn) +
                               " with it, after the program's " +
                               std::to_string(*rounds * segments) +
                               " rounds of " + std::to_string(n) + " herds",
                           at, {{alloc, "the program's alloc"}});
        if (h != want) {
          std::string msg =
              name + " (shared by cores of several tiles): turn " +
              std::to_string(turn) + " (round " + std::to_string(round) +
              ") is " + coreName(at) + "'s, of herd " + herdText(h) +
              ", where the program's round has herd " + herdText(want) +
              " there";
          if (!writes[h] && !writes[want])
            return unknown(msg + " (neither writes it: the order of two "
                                 "readers is not read)",
                           at);
          return different(msg + ", so a herd reads what the program's does "
                                 "not",
                           at,
                           {{want, "the herd whose turn it is in the program"},
                            {h, "the herd whose core takes it in the design"}});
        }
        for (Operation *core : coresOf[h])
          if (by[core] != 1)
            return unknown(coreName(core) + " uses " + name +
                               " (shared by cores of several tiles) " +
                               std::to_string(by[core]) + " times in turn " +
                               std::to_string(turn) + " of herd " +
                               herdText(h) +
                               ": only one use per turn is read",
                           core);
      }
      // A segment of several instances: each instance's alloc is a buffer
      // of its own in compile's designs; a design that runs the instances
      // one after another on one buffer takes all their turns, which are
      // not told apart.
      if (segments > 1 && turn == n * *rounds * segments)
        return unknown(name + " (shared by cores of several tiles) takes "
                              "the turns of " +
                           std::to_string(segments) +
                           " segment instances: which instance takes which "
                           "is not read",
                       buf);
      if (turn != n * *rounds)
        return different(name + " (shared by cores of several tiles): the "
                                "design's cores take " +
                             std::to_string(turn) + " turns with it, the "
                             "program's herds " +
                             std::to_string(n * *rounds) + " (" +
                             std::to_string(*rounds) + " rounds of " +
                             std::to_string(n) + " herds)",
                         buf, {{alloc, "the program's alloc"}});
    }
    return true;
  }

  /// "core (col, row)": the core of the tile `op` (a core or a buffer)
  /// names.
  static std::string coreName(Operation *op) {
    std::optional<Coord> c = tileOfOp(op);
    return "core (" + std::to_string(c ? c->first : -1) + ", " +
           std::to_string(c ? c->second : -1) + ")";
  }

  bool different(std::string message, Operation *at,
                 std::vector<std::pair<Operation *, std::string>> notes) {
    v.kind = Verdict::Different;
    v.message = std::move(message);
    v.at = at;
    v.notes = std::move(notes);
    return false;
  }

  /// No instance fits `core`: report the difference against the instance
  /// whose fills agree longest, over every way of reading its code.
  /// `filled`: the core's buffers a DMA fills; those no code names are
  /// set against every filled place of an instance of the herd that takes
  /// them (the split's one herd, or its herd without code), as `fitting`
  /// pairs them.
  void firstMismatch(aie::CoreOp core, const std::string &name,
                     const std::vector<Split> &ways,
                     const std::vector<int> &filled) {
    for (const Split &split : ways)
      for (const Segment &seg : split)
        for (auto &[alloc, buf] : seg.map)
          if (sharedManyRuns.count(alloc)) {
            unknown(name + " runs herds of one name that transfer the "
                           "alloc at " + lineColOf(alloc) +
                        " (one copy per tile), one of them not exactly once: "
                        "which run takes which of its fills is not read",
                    core);
            return;
          }
    int64_t best = -2;
    int bestPlace = -1, bestBuffer = -1;
    auto consider = [&](int place, int b) {
      auto pf = p.fills.find(place);
      auto df = d.fills.find(b);
      int64_t k = firstDifference(pf == p.fills.end() ? nullptr : &pf->second,
                                  df == d.fills.end() ? nullptr : &df->second,
                                  false);
      if (k >= 0 && k > best) {
        best = k;
        bestPlace = place;
        bestBuffer = b;
      }
    };
    for (const Split &split : ways) {
      std::vector<int> unnamed = unnamedIn(split, filled);
      for (const Segment &seg : split) {
        air::HerdOp h = seg.herd;
        bool takesUnnamed = split.size() == 1 || seg.map.empty();
        for (const auto &ids : instances[h]) {
          if (taken.count({h, ids}))
            continue;
          for (auto &[alloc, buf] : seg.map) {
            int b = d.bufferIndex(buf);
            auto it = placeAt.find({h, ids, alloc});
            if (b >= 0 && it != placeAt.end())
              consider(it->second, b);
          }
          if (!takesUnnamed)
            continue;
          for (int b : unnamed)
            for (int place : placesOf(h, ids))
              if (p.fills.count(place))
                consider(place, b);
        }
      }
    }
    if (ways.empty()) {
      unknown(name + "'s code is no herd body's (its memory operations do "
                     "not match any herd's, in order" +
                  std::string(sharing ? ", nor several herds' one after "
                                        "another"
                                      : "") +
                  ")",
              core);
      return;
    }
    if (bestPlace < 0) {
      // An initial value that is not what the program's npu_mmio channel
      // sets (in every instance the code fits).
      for (const Split &split : ways)
        for (const Segment &seg : split)
          for (const auto &ids : instances[seg.herd])
            for (auto &[alloc, buf] : seg.map) {
              int b = d.bufferIndex(buf);
              auto it = placeAt.find({seg.herd, ids, alloc});
              if (b >= 0 && it != placeAt.end() &&
                  initialDifference(it->second, b) >= 0) {
                reportInitial(it->second, b);
                return;
              }
            }
      different(name + " runs no instance of its herd: a buffer it fills "
                       "matches none of the program's",
                core, {});
      return;
    }
    reportFill(bestPlace, bestBuffer, best, name);
  }

  void reportFill(int place, int b, int64_t k, const std::string &name) {
    const FillLog *pl = p.fills.count(place) ? &p.fills.at(place) : nullptr;
    const FillLog *dl = d.fills.count(b) ? &d.fills.at(b) : nullptr;
    aie::BufferOp buf = d.buffers[b];
    std::string bname = buf.getSymName().value_or("buffer").str();
    auto type = cast<MemRefType>(buf.getType());
    std::vector<std::pair<Operation *, std::string>> notes;
    std::string msg;
    size_t pn = pl ? pl->size() : 0, dn = dl ? dl->size() : 0;
    // Fill #n: the program's n-th transfer into the buffer (from 0), its
    // round where the body fills it once per round.
    std::string fill =
        (size_t)k < pn ? ", fill #" + std::to_string(pl->fillOf(k)) : "";
    if ((size_t)k < pn && (size_t)k < dn && pl->elementAt(k) != dl->elementAt(k)) {
      msg = name + ", " + bname + fill + ": element #" + std::to_string(k) +
            " delivered into it lands at " +
            index(type, pl->elementAt(k)) + " in the program and at " +
            index(type, dl->elementAt(k)) + " in the design";
    } else if ((size_t)k < pn && (size_t)k < dn) {
      msg = name + ", " + bname + index(type, pl->elementAt(k)) + fill +
            " (element #" + std::to_string(k) +
            " delivered into it): the program delivers " +
            describe(pl->tagAt(k), false) + ", the design delivers " +
            describe(dl->tagAt(k), true);
    } else {
      msg = name + ", " + bname + ": the program delivers " +
            std::to_string(pn) + " elements into it, the design " +
            std::to_string(dn);
    }
    Operation *at = buf;
    if (dl && (size_t)k < dn) {
      auto [op, j] = dl->writerOf(k);
      at = op;
      (void)j;
    }
    if (pl && (size_t)k < pn) {
      auto [op, j] = pl->writerOf(k);
      notes.push_back({op, "the program's transfer, element #" +
                               std::to_string(j) + " of it"});
    }
    if (dl && (size_t)k < dn) {
      auto [op, j] = dl->writerOf(k);
      notes.push_back({op, "the design's BD, element #" + std::to_string(j) +
                               " of it, in the buffer's fill #" +
                               std::to_string(dl->fillOf(k))});
      // The stream that carried the element into the BD's channel.
      if (auto bd = dyn_cast_or_null<aie::DMABDOp>(op))
        if (aie::FlowOp flow = aiecheck::flowInto(bd))
          notes.push_back(
              {flow, flowNote(flow, "the flow that carries it into the BD's "
                                    "channel")});
    }
    different(msg, at, notes);
  }

  /// Reports the first element of design buffer `b` whose initial value is
  /// not what the program's npu_mmio channel sets in `place`.
  bool reportInitial(int place, int b) {
    int64_t e = initialDifference(place, b);
    aie::BufferOp buf = d.buffers[b];
    auto it = d.initial.find(b);
    return different(
        coreName(buf) + ", " +
            buf.getSymName().value_or("a buffer").str() +
            index(cast<MemRefType>(buf.getType()), e) +
            ": the program's npu_mmio channel sets it to " +
            describe(p.initial.at(place)[e], false) +
            ", the design's initial value is " +
            (it == d.initial.end() || e >= (int64_t)it->second.size()
                 ? std::string("none")
                 : describe(it->second[e], true)),
        buf, {});
  }

  bool compareFills() {
    for (auto &[b, place] : toPlace) {
      const FillLog *pl = p.fills.count(place) ? &p.fills.at(place) : nullptr;
      const FillLog *dl = d.fills.count(b) ? &d.fills.at(b) : nullptr;
      if (initialDifference(place, b) >= 0)
        return reportInitial(place, b);
      v.initial += p.initial.count(place) ? p.initial.at(place).size() : 0;
      ++v.buffers;
      v.filled += pl ? pl->size() : 0;
      int64_t k = firstDifference(pl, dl, true);
      if (k >= 0) {
        reportFill(place, b, k, coreName(d.buffers[b]));
        return false;
      }
    }
    for (auto &[b, log] : d.fills)
      if (!toPlace.count(b))
        return different("the design fills " +
                             d.buffers[b].getSymName().value_or("a buffer").str() +
                             ", which no instance of the program fills",
                         log.by.empty() ? d.buffers[b].getOperation()
                                        : log.by.front().second,
                         {});
    return true;
  }

  /// The runtime task that writes element `e` of the sequence's argument
  /// `k` last, in the host's order (an S2MM task whose pattern holds it):
  /// `at` becomes it, and a note names the flow into its shim channel.
  void lastTaskWriting(size_t k, int64_t e, Operation *&at,
                       std::vector<std::pair<Operation *, std::string>> &notes) {
    Value arg = d.sequence->getRegion(0).front().getArgument(k);
    aiex::NpuDmaMemcpyNdOp last;
    aie::ShimDMAAllocationOp lastAlloc;
    d.sequence->walk([&](aiex::NpuDmaMemcpyNdOp task) {
      if (task.getMemref() != arg)
        return;
      aie::ShimDMAAllocationOp alloc =
          allocationNamed(dev.op, task.getMetadata());
      if (!alloc || alloc.getChannelDir() != aie::DMAChannelDir::S2MM)
        return;
      std::string why;
      std::optional<std::vector<int64_t>> elems =
          runtimeTaskElements(task, why);
      if (elems && llvm::is_contained(*elems, e)) {
        last = task;
        lastAlloc = alloc;
      }
    });
    if (!last)
      return;
    at = last;
    std::string channel = "S2MM channel " +
                          std::to_string(lastAlloc.getChannelIndex());
    notes.push_back({last, "the runtime task that writes it last, through " +
                               channel + " @" +
                               lastAlloc.getSymName().str()});
    if (std::optional<Coord> shim = tileOfOp(lastAlloc))
      if (aie::FlowOp flow =
              flowInto(dev.op, *shim, lastAlloc.getChannelIndex()))
        notes.push_back(
            {flow, flowNote(flow, "the flow that carries it into that "
                                  "channel")});
  }

  /// `what`, and where the flow comes from: ", from tile (0, 2) DMA
  /// channel 0".
  std::string flowNote(aie::FlowOp flow, const std::string &what) const {
    aie::TileOp src = aie::getTileOf(flow.getSource());
    if (!src)
      return what;
    Coord c = coordOf(src);
    return what + ", from " + aiecheck::describe(c, dev.kindOf(c)) +
           " DMA channel " + std::to_string(flow.getSourceChannel());
  }

  bool compareResults() {
    if (!d.sequence) {
      // The design moves nothing in or out: neither may the program.
      for (auto [a, tags] : llvm::enumerate(p.arguments))
        for (int64_t e = 0; e < tags.size(); ++e)
          if (Tag t = tags[e]; t != Tag(Tag::Argument, a, e)) {
            auto type = dyn_cast<MemRefType>(p.func.getArgument(a).getType());
            return different("%arg" + std::to_string(a) + index(type, e) +
                                 " at the end: the program leaves " +
                                 describe(t, false) +
                                 ", and the design has no runtime sequence "
                                 "(it moves nothing in or out)",
                             dev.op, {{p.func, "the function whose argument "
                                               "it is"}});
          }
      return true;
    }
    if (memrefArgs.size() != d.arguments.size())
      return unknown("the runtime sequence takes " +
                         std::to_string(d.arguments.size()) +
                         " arguments, and the function " +
                         std::to_string(p.func.getNumArguments()) +
                         ", which they are not",
                     d.sequence);
    for (auto [k, a] : llvm::enumerate(memrefArgs)) {
      const TagArray &pt = p.arguments[a], &dt = d.arguments[k];
      if (pt.empty() && dt.empty())
        continue; // not a memref
      if (pt.size() != dt.size())
        return unknown("argument #" + std::to_string(a) +
                           " has another size in the runtime sequence",
                       d.sequence);
      v.results += pt.size();
      for (int64_t e = 0; e < pt.size(); ++e) {
        if (!same(pt[e], dt[e], true)) {
          auto type = dyn_cast<MemRefType>(p.func.getArgument(a).getType());
          std::vector<std::pair<Operation *, std::string>> notes{
              {p.func, "the function whose argument it is"}};
          Operation *at = d.sequence;
          lastTaskWriting(k, e, at, notes);
          return different(
              "%arg" + std::to_string(a) + index(type, e) +
                  " at the end: the program leaves " + describe(pt[e], false) +
                  ", the design leaves " + describe(dt[e], true),
              at, notes);
        }
      }
    }
    return true;
  }
};

} // namespace

/// The size of each unranked argument of the program's function: the host
/// sizes it, and the runtime sequence's argument names the size (its
/// arguments are the function's, in order: all, or the memrefs only).
static std::map<unsigned, int64_t>
unrankedSizes(ModuleOp program,
              const std::vector<TagArray> &sequenceArguments) {
  std::map<unsigned, int64_t> sizes;
  func::FuncOp func;
  program.walk([&](func::FuncOp f) {
    if (!func && f.walk([](Operation *op) {
                    return isa<air::AIRDialect>(op->getDialect())
                               ? WalkResult::interrupt()
                               : WalkResult::advance();
                  }).wasInterrupted())
      func = f;
  });
  if (!func)
    return sizes;
  for (auto [k, a] :
       llvm::enumerate(correspondingArguments(func, sequenceArguments.size())
                           .value_or(std::vector<int>())))
    if (isa<UnrankedMemRefType>(func.getArgument(a).getType()) &&
        !sequenceArguments[k].empty())
      sizes[a] = (int64_t)sequenceArguments[k].size();
  return sizes;
}

Verdict aircheck::validate::replayVerdict(ModuleOp program, Device &dev,
                                          const ValidateOptions &options) {
  Verdict v;
  if (!dev.model) {
    v.message = "no device model: " + dev.noModel;
    v.at = dev.op;
    return v;
  }
  DesignDelivery d = replayDesign(dev, options.budget, options.designSteps);
  ProgramDelivery p =
      replayProgram(program, options.maxSteps, options.budget,
                    unrankedSizes(program, d.arguments));
  if (p.unknown) {
    v.message = "the program: " + p.unknown.why;
    v.at = p.unknown.at;
    v.pastBudget = p.unknown.pastBudget;
    return v;
  }
  if (d.wrong) {
    v.kind = Verdict::Different;
    v.message = d.wrong.why + " (the program addresses none outside its "
                              "buffers)";
    v.at = d.wrong.at;
    return v;
  }
  if (d.unknown) {
    v.message = "the design: " + d.unknown.why;
    v.at = d.unknown.at;
    v.pastBudget = d.unknown.pastBudget;
    return v;
  }
  v = Compare(p, d, dev).run();
  // One run that differs is a difference of the design's; one that does
  // not stands for all only without a caveat.
  if (v.kind == Verdict::Equivalent && d.caveat) {
    v.kind = Verdict::Unknown;
    v.message = "the design: " + d.caveat.why;
    v.at = d.caveat.at;
  } else if (v.kind == Verdict::Different && d.caveat) {
    v.message += " (in one run the design can take: " + d.caveat.why + ")";
  }
  return v;
}
