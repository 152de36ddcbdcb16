//===- Equivalence.cpp - does the design move the program's data ----------===//
#include "analyses/validate/Equivalence.h"

#include "analyses/MemrefEffects.h"
#include "analyses/aie/AIEDesign.h"
#include "analyses/validate/DesignRun.h"
#include "analyses/validate/ProgramRun.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/StringExtras.h"

#include <set>

using namespace mlir;
using namespace aircheck;
using namespace aircheck::validate;
using namespace aircheck::aiecheck;

namespace {

/// What one op of a core (or a herd body) does to memory: its name and, per
/// memref operand, the buffer (alloc) it names, or null.
struct MemOp {
  Operation *op;
  SmallVector<Operation *, 3> roots;
};

Operation *rootThroughViews(Value v, bool design) {
  for (int guard = 0; v && guard < 64; ++guard) {
    Operation *def = v.getDefiningOp();
    if (!def)
      return nullptr;
    if (design && isa<aie::BufferOp>(def))
      return def;
    if (!design && isa<memref::AllocOp>(def))
      return def;
    if (!design)
      if (auto exec = dyn_cast<air::ExecuteOp>(def)) {
        unsigned r = cast<OpResult>(v).getResultNumber();
        Operation *term = exec->getRegion(0).front().getTerminator();
        if (r == 0 || r - 1 >= term->getNumOperands())
          return nullptr;
        v = term->getOperand(r - 1);
        continue;
      }
    if (auto view = dyn_cast<ViewLikeOpInterface>(def)) {
      v = view.getViewSource();
      continue;
    }
    return nullptr;
  }
  return nullptr;
}

std::vector<MemOp> memOps(Region &body, bool design) {
  std::vector<MemOp> out;
  body.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<air::AIRDialect>(op->getDialect()) ||
        isa<aie::AIEDialect>(op->getDialect()) ||
        isa<memref::AllocOp, memref::DeallocOp, ViewLikeOpInterface>(op))
      return;
    if (memrefEffects(op).empty())
      return;
    MemOp m{op, {}};
    for (Value v : op->getOperands())
      if (isa<BaseMemRefType>(v.getType()))
        m.roots.push_back(rootThroughViews(v, design));
    out.push_back(std::move(m));
  });
  return out;
}

/// The alloc -> buffer map under which the core's memory operations are the
/// herd body's, or nullopt.
std::optional<std::map<Operation *, Operation *>>
matchCode(const std::vector<MemOp> &herd, const std::vector<MemOp> &core) {
  if (herd.size() != core.size())
    return std::nullopt;
  std::map<Operation *, Operation *> fwd, back;
  for (size_t k = 0; k < herd.size(); ++k) {
    if (herd[k].op->getName() != core[k].op->getName() ||
        herd[k].roots.size() != core[k].roots.size())
      return std::nullopt;
    for (size_t j = 0; j < herd[k].roots.size(); ++j) {
      Operation *a = herd[k].roots[j], *b = core[k].roots[j];
      if (!a || !b) {
        if (a != b)
          return std::nullopt;
        continue;
      }
      auto [f, fn] = fwd.try_emplace(a, b);
      auto [r, rn] = back.try_emplace(b, a);
      if (f->second != b || r->second != a)
        return std::nullopt;
    }
  }
  return fwd;
}

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

std::string locOf(Operation *op) {
  if (auto l = dyn_cast<FileLineColLoc>(op->getLoc()))
    return std::to_string(l.getLine()) + ":" + std::to_string(l.getColumn());
  return "?";
}

/// Whether the herd body's code (not only its transfers) depends on its
/// ids: some op other than index arithmetic and a transfer is reached from
/// them. Such a core's code was specialised for one instance, and which one
/// is not read from the design.
bool idDependent(air::HerdOp herd) {
  SmallVector<Value> work(
      cast<air::HierarchyOpInterface>(herd.getOperation()).getIds());
  llvm::DenseSet<Value> seen(work.begin(), work.end());
  while (!work.empty()) {
    Value v = work.pop_back_val();
    for (Operation *user : v.getUsers()) {
      if (isa<air::ChannelOpInterface, air::DmaMemcpyNdOp>(user))
        continue; // a transfer's pattern: its data is compared
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
    // The runtime sequence's arguments are the function's, in order: all
    // of them, or its memrefs only.
    std::vector<int> all, memrefs;
    for (BlockArgument a : p.func.getArguments()) {
      all.push_back(a.getArgNumber());
      if (isa<MemRefType>(a.getType()))
        memrefs.push_back(a.getArgNumber());
    }
    if (d.arguments.size() == all.size())
      memrefArgs = all;
    else if (d.arguments.size() == memrefs.size())
      memrefArgs = memrefs;
  }

  Verdict run() {
    if (!mapCores() || !compareFills() || !compareResults())
      return std::move(v);
    v.kind = Verdict::Equivalent;
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

  /// Whether the candidate instances (of one herd) compute the same values:
  /// the herd body uses its ids only in transfers (which are compared), and
  /// each buffer receives exactly the same elements in all of them.
  bool interchangeable(air::HerdOp herd, const std::vector<Candidate> &fits) {
    for (const Candidate &c : fits)
      if (c.herd != herd || c.pairs.size() != fits.front().pairs.size())
        return false;
    if (idDependent(herd))
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
            (first->second.element != other->second.element ||
             first->second.tag != other->second.tag))
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
                 b.getSymName().value_or("its buffer").str() +
                 index(cast<MemRefType>(b.getType()), t.element) +
                 " for its hand-off #" + std::to_string(t.round);
        }
        t.who = it->second;
      }
      {
        Place &pl = p.places[t.who];
        std::string ids = llvm::join(llvm::map_range(pl.ids, [](int64_t v) {
                                       return std::to_string(v);
                                     }),
                                     ", ");
        return "what herd @" +
               pl.herd.getSymName().value_or("herd").str() + " tile (" + ids +
               ") computed in its alloc at " + locOf(pl.alloc) +
               index(pl.type, t.element) + " for its hand-off #" +
               std::to_string(t.round);
      }
    case Tag::Initial: {
      aie::BufferOp b = d.buffers[t.who];
      return "the initial value of " +
             b.getSymName().value_or("a buffer").str() +
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
    size_t pn = pl ? pl->size() : 0, dn = dl ? dl->size() : 0;
    for (size_t k = 0; k < std::min(pn, dn); ++k)
      if (pl->element[k] != dl->element[k] ||
          !same(pl->tag[k], dl->tag[k], exact))
        return k;
    return pn == dn ? -1 : (int64_t)std::min(pn, dn);
  }

  using PlaceKey =
      std::tuple<Operation *, SmallVector<int64_t, 2>, Operation *>;
  /// Identifies the herd instance `core` runs: 1 done, 0 ambiguous for now
  /// (unknown when `last`), -1 a difference or unknown was reported.
  int identify(aie::CoreOp core, const std::vector<air::HerdOp> &herds,
               std::map<Operation *, std::vector<MemOp>> &herdCode,
               std::map<Operation *, std::set<SmallVector<int64_t, 2>>> &instances,
               std::map<PlaceKey, int> &placeAt,
               std::set<std::pair<Operation *, SmallVector<int64_t, 2>>> &taken,
               bool last) {
    std::vector<MemOp> code = memOps(core.getBody(), true);
    std::optional<Coord> c = tileOfOp(core);
    std::string name = "core (" + std::to_string(c ? c->first : -1) + ", " +
                       std::to_string(c ? c->second : -1) + ")";
    // The buffers of this core's tile that a DMA fills.
    std::vector<int> filled;
    for (auto &[b, log] : d.fills)
      if (tileOfOp(d.buffers[b]) == c)
        filled.push_back(b);
    std::vector<Candidate> fits;
    for (air::HerdOp h : herds) {
      auto m = matchCode(herdCode[h], code);
      if (!m)
        continue;
      for (const auto &ids : instances[h]) {
        if (taken.count({h, ids}))
          continue;
        Candidate cand{h, ids, {}};
        bool fit = true;
        std::set<int> usedPlaces;
        for (auto &[alloc, buf] : *m) {
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
                              false) >= 0)
            fit = false;
        }
        // Filled buffers no code names: paired by their fills.
        for (int b : filled) {
          if (!fit || cand.pairs.count(b))
            continue;
          bool paired = false;
          for (auto &[key, place] : placeAt) {
            if (std::get<0>(key) != h.getOperation() ||
                std::get<1>(key) != ids || usedPlaces.count(place))
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
        for (auto &[key, place] : placeAt)
          if (fit && std::get<0>(key) == h.getOperation() &&
              std::get<1>(key) == ids && p.fills.count(place) &&
              !usedPlaces.count(place))
            fit = false;
        if (fit)
          fits.push_back(std::move(cand));
      }
    }
    if (fits.empty()) {
      firstMismatch(core, name, code, herds, herdCode, instances, placeAt,
                    taken);
      return -1;
    }
    if (fits.size() > 1 && !interchangeable(fits.front().herd, fits)) {
      if (!last)
        return 0;
      unknown(name + " receives what " + std::to_string(fits.size()) +
                  " herd instances receive; which one it runs cannot be "
                  "told from its data",
              core);
      return -1;
    }
    // Interchangeable instances: the same code on the same data computes
    // the same values, so their Computed tags are one class.
    for (size_t k = 1; k < fits.size(); ++k)
      for (auto &[b, place] : fits.front().pairs)
        if (fits[k].pairs.count(b))
          rep[fits[k].pairs.at(b)] = repOf(place);
    Candidate &f = fits.front();
    if (instances[f.herd].size() > 1 && idDependent(f.herd)) {
      unknown(name + " runs herd @" +
                  f.herd.getSymName().value_or("herd").str() +
                  ", whose code depends on its ids; which ids the core's "
                  "code was given is not read (its data says instance (" +
                  llvm::join(llvm::map_range(f.ids,
                                             [](int64_t v) {
                                               return std::to_string(v);
                                             }),
                             ", ") +
                  "))",
              core);
      return -1;
    }
    taken.insert({f.herd, f.ids});
    for (auto &[b, place] : f.pairs) {
      toPlace[b] = place;
      toBuffer[place] = b;
    }
    return 1;
  }

  bool mapCores() {
    // The program's instances per herd, and their fills.
    std::map<Operation *, std::set<SmallVector<int64_t, 2>>> instances;
    for (const Place &pl : p.places)
      if (pl.kind == Place::CoreBuffer)
        instances[pl.herd].insert(pl.ids);
    std::map<std::tuple<Operation *, SmallVector<int64_t, 2>, Operation *>,
             int>
        placeAt;
    for (auto [i, pl] : llvm::enumerate(p.places))
      if (pl.kind == Place::CoreBuffer)
        placeAt[{pl.herd, pl.ids, pl.alloc}] = i;
    std::set<std::pair<Operation *, SmallVector<int64_t, 2>>> taken;
    std::vector<air::HerdOp> herds;
    p.func->getParentOfType<ModuleOp>().walk(
        [&](air::HerdOp h) { herds.push_back(h); });
    std::map<Operation *, std::vector<MemOp>> herdCode;
    for (air::HerdOp h : herds)
      herdCode[h] = memOps(h.getBody(), false);
    // A core runs one herd instance: a design with fewer cores than the
    // program has instances runs several on one tile, one after another
    // (herds that share tiles), which this comparison does not split.
    int64_t count = 0, cores = 0;
    for (air::HerdOp h : herds) {
      SmallVector<int64_t, 2> sizes;
      for (Value size : cast<air::HierarchyOpInterface>(h.getOperation())
                            .getSizeOperands()) {
        APInt c;
        if (!matchPattern(size, m_ConstantInt(&c)))
          return unknown("a herd whose size is not a constant", h);
        sizes.push_back(c.getSExtValue());
      }
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
    if (cores != count)
      return unknown("the design has " + std::to_string(cores) +
                         " cores and the program " + std::to_string(count) +
                         " herd instances: tiles that run several instances "
                         "one after another are not compared",
                     dev.op);
    // Cores are identified in passes: a core whose data comes from cores
    // already identified is compared exactly (Computed tags through the
    // map); one whose instance is still ambiguous waits for the next pass.
    std::vector<aie::CoreOp> pending;
    dev.op.walk([&](aie::CoreOp core) { pending.push_back(core); });
    for (bool progress = true; progress && !pending.empty();) {
      progress = false;
      std::vector<aie::CoreOp> later;
      for (aie::CoreOp core : pending) {
        int r = identify(core, herds, herdCode, instances, placeAt, taken,
                         /*last=*/false);
        if (r < 0)
          return false;
        if (r == 0)
          later.push_back(core);
        else
          progress = true;
      }
      pending = std::move(later);
    }
    if (!pending.empty()) {
      identify(pending.front(), herds, herdCode, instances, placeAt, taken,
               /*last=*/true);
      return false;
    }
    // Every instance that receives data has a core.
    for (auto &[place, log] : p.fills)
      if (!toBuffer.count(place)) {
        Place &pl = p.places[place];
        Operation *writer = log.by.empty() ? pl.alloc : log.by.front().second;
        return different(
            "the program fills the alloc at " + locOf(pl.alloc) +
                " of herd @" + pl.herd.getSymName().value_or("herd").str() +
                " tile (" +
                llvm::join(llvm::map_range(pl.ids, [](int64_t v) {
                             return std::to_string(v);
                           }),
                           ", ") +
                "), and no core of the design runs that instance",
            writer, {});
      }
    return true;
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
  /// whose fills agree longest.
  void firstMismatch(
      aie::CoreOp core, const std::string &name, const std::vector<MemOp> &code,
      const std::vector<air::HerdOp> &herds,
      std::map<Operation *, std::vector<MemOp>> &herdCode,
      std::map<Operation *, std::set<SmallVector<int64_t, 2>>> &instances,
      std::map<std::tuple<Operation *, SmallVector<int64_t, 2>, Operation *>,
               int> &placeAt,
      const std::set<std::pair<Operation *, SmallVector<int64_t, 2>>> &taken) {
    int64_t best = -2;
    int bestPlace = -1, bestBuffer = -1;
    bool anyCode = false;
    for (air::HerdOp h : herds) {
      auto m = matchCode(herdCode[h], code);
      if (!m)
        continue;
      anyCode = true;
      for (const auto &ids : instances[h]) {
        if (taken.count({h, ids}))
          continue;
        for (auto &[alloc, buf] : *m) {
          int b = d.bufferIndex(buf);
          auto it = placeAt.find({h, ids, alloc});
          if (b < 0 || it == placeAt.end())
            continue;
          auto pf = p.fills.find(it->second);
          auto df = d.fills.find(b);
          int64_t k =
              firstDifference(pf == p.fills.end() ? nullptr : &pf->second,
                              df == d.fills.end() ? nullptr : &df->second,
                              false);
          if (k >= 0 && k > best) {
            best = k;
            bestPlace = it->second;
            bestBuffer = b;
          }
        }
      }
    }
    if (!anyCode) {
      unknown(name + "'s code is no herd body's (its memory operations do "
                     "not match any herd's, in order)",
              core);
      return;
    }
    if (bestPlace < 0) {
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
    if ((size_t)k < pn && (size_t)k < dn && pl->element[k] != dl->element[k]) {
      msg = name + ", " + bname + ": element #" + std::to_string(k) +
            " delivered into it lands at " +
            index(type, pl->element[k]) + " in the program and at " +
            index(type, dl->element[k]) + " in the design";
    } else if ((size_t)k < pn && (size_t)k < dn) {
      msg = name + ", " + bname + index(type, pl->element[k]) +
            " (element #" + std::to_string(k) +
            " delivered into it): the program delivers " +
            describe(pl->tag[k], false) + ", the design delivers " +
            describe(dl->tag[k], true);
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
                               " of it"});
    }
    different(msg, at, notes);
  }

  bool compareFills() {
    for (auto &[b, place] : toPlace) {
      const FillLog *pl = p.fills.count(place) ? &p.fills.at(place) : nullptr;
      const FillLog *dl = d.fills.count(b) ? &d.fills.at(b) : nullptr;
      ++v.buffers;
      v.filled += pl ? pl->size() : 0;
      int64_t k = firstDifference(pl, dl, true);
      if (k >= 0) {
        std::optional<Coord> c = tileOfOp(d.buffers[b]);
        reportFill(place, b, k,
                   "core (" + std::to_string(c ? c->first : -1) + ", " +
                       std::to_string(c ? c->second : -1) + ")");
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

  bool compareResults() {
    bool anyMemref = llvm::any_of(p.func.getArguments(), [](BlockArgument a) {
      return isa<MemRefType>(a.getType());
    });
    if (!d.sequence) {
      if (!anyMemref)
        return true; // nothing goes in or out: the fills are all there is
      return unknown("the design has no runtime sequence", dev.op);
    }
    if (memrefArgs.size() != d.arguments.size())
      return unknown("the runtime sequence takes " +
                         std::to_string(d.arguments.size()) +
                         " arguments, and the function " +
                         std::to_string(p.func.getNumArguments()) +
                         ", which they are not",
                     d.sequence);
    for (auto [k, a] : llvm::enumerate(memrefArgs)) {
      const std::vector<Tag> &pt = p.arguments[a], &dt = d.arguments[k];
      if (pt.empty() && dt.empty())
        continue; // not a memref
      if (pt.size() != dt.size())
        return unknown("argument #" + std::to_string(a) +
                           " has another size in the runtime sequence",
                       d.sequence);
      v.results += pt.size();
      for (size_t e = 0; e < pt.size(); ++e) {
        if (!same(pt[e], dt[e], true)) {
          auto type = dyn_cast<MemRefType>(p.func.getArgument(a).getType());
          return different(
              "%arg" + std::to_string(a) + index(type, e) +
                  " at the end: the program leaves " + describe(pt[e], false) +
                  ", the design leaves " + describe(dt[e], true),
              d.sequence, {{p.func, "the function whose argument it is"}});
        }
      }
    }
    return true;
  }
};

} // namespace

Verdict aircheck::validate::validateDesign(ModuleOp program, ModuleOp design,
                                           const ValidateOptions &options) {
  Verdict v;
  std::vector<Device> devices = collectDevices(design);
  if (devices.size() != 1) {
    v.message = "the design has " + std::to_string(devices.size()) +
                " aie.device ops; validation reads one";
    return v;
  }
  Device &dev = devices.front();
  if (!dev.model) {
    v.message = "no device model: " + dev.noModel;
    v.at = dev.op;
    return v;
  }
  ProgramDelivery p = replayProgram(program, options.maxSteps, options.budget);
  if (p.unknown) {
    v.message = "the program: " + p.unknown.why;
    v.at = p.unknown.at;
    return v;
  }
  DesignDelivery d = replayDesign(dev, options.budget);
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
    return v;
  }
  return Compare(p, d, dev).run();
}
