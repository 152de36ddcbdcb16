//===- ChannelModel.cpp - channels, accesses, balance ---------------------===//
#include "analyses/ChannelModel.h"
#include "analyses/TransferSizes.h"
#include "analyses/ChannelIndices.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <isl/point.h>
#include <isl/val.h>

using namespace mlir;
using namespace aircheck;

const ChannelAccess *ChannelInfo::firstUnknown() const {
  for (const auto *side : {&puts, &gets})
    for (const ChannelAccess &a : *side)
      if (a.unknown)
        return &a;
  return nullptr;
}

const ChannelAccess *ChannelInfo::firstVolumeUnknown() const {
  for (const auto *side : {&puts, &gets})
    for (const ChannelAccess &a : *side)
      if (a.volumeUnknown)
        return &a;
  return nullptr;
}

ChannelModel::ChannelModel(Operation *module, AnalysisManager &am)
    : polyModel(&am.getAnalysis<PolyhedralModel>()) {
  llvm::StringMap<unsigned> byName;
  module->walk([&](air::ChannelOp c) {
    byName[c.getSymName()] = infos.size();
    ChannelInfo info;
    info.decl = c;
    info.shape = c.getShape();
    if (auto b = c.getBroadcastShape())
      for (Attribute a : *b)
        info.broadcastShape.push_back(cast<IntegerAttr>(a).getInt());
    infos.push_back(std::move(info));
  });
  module->walk([&](Operation *op) {
    auto transfer = dyn_cast<air::ChannelOpInterface>(op);
    if (!transfer)
      return;
    bool put = transfer.isPut();
    auto it = byName.find(transfer.getChanName());
    if (it == byName.end())
      return; // undeclared: the verifier reports it
    ChannelInfo &info = infos[it->second];
    ChannelAccess acc;
    acc.op = op;
    acc.isPut = put;
    (put ? info.puts : info.gets).push_back(std::move(acc));
  });
  // Each access is one step of the isl budget: one that exhausts it is
  // `unknown` and leaves the others a fresh budget (a context past its
  // budget fails every later call, even allocating a space).
  for (ChannelInfo &info : infos) {
    for (ChannelAccess &a : info.puts) {
      polyModel->isl().resetBudget();
      buildAccess(info, a);
    }
    for (ChannelAccess &a : info.gets) {
      polyModel->isl().resetBudget();
      buildAccess(info, a);
    }
  }
  compareOpaqueBranches();
}

void ChannelModel::compareOpaqueBranches() {
  // Per scf.if and channel: the accesses of each branch.
  struct Sides {
    std::vector<ChannelAccess *> then, otherwise;
  };
  llvm::MapVector<std::pair<Operation *, ChannelInfo *>, Sides> byIf;
  for (ChannelInfo &info : infos)
    for (auto *side : {&info.puts, &info.gets})
      for (ChannelAccess &a : *side) {
        if (a.unknown || !a.instances || a.instances->opaqueBranches.empty())
          continue;
        auto [ifOp, inThen] = a.instances->opaqueBranches.front();
        if (a.instances->opaqueBranches.size() > 1) {
          a.unknown = Unknown{"it sits under several scf.if ops whose "
                              "conditions are not affine",
                              ifOp->getLoc()};
          continue;
        }
        // Per instance of the scf.if, one branch or the other runs: compare
        // them instance by instance, which needs no loop between the scf.if
        // and the access.
        if (a.instances->dims.size() != polyModel->instancesOf(ifOp).dims.size()) {
          a.unknown = Unknown{"a loop inside a branch of an scf.if whose "
                              "condition is not affine is not modelled",
                              ifOp->getLoc()};
          continue;
        }
        Sides &s = byIf[{ifOp, &info}];
        (inThen ? s.then : s.otherwise).push_back(&a);
      }
  for (auto &[key, sides] : byIf) {
    auto [ifOp, info] = key;
    // The branches match when their accesses pair up: same direction, same
    // index map over the scf.if's instances.
    std::vector<bool> used(sides.otherwise.size(), false);
    bool same = sides.then.size() == sides.otherwise.size();
    try {
      for (ChannelAccess *t : sides.then) {
        if (!same)
          break;
        bool found = false;
        for (unsigned k = 0; k < sides.otherwise.size() && !found; ++k) {
          ChannelAccess *e = sides.otherwise[k];
          if (!used[k] && e->isPut == t->isPut && e->indexMap && t->indexMap &&
              e->indexMap->is_equal(*t->indexMap))
            used[k] = found = true;
        }
        same = found;
      }
    } catch (const isl::exception &) {
      same = false;
    }
    if (same) {
      for (ChannelAccess *e : sides.otherwise)
        e->representedByOtherBranch = true;
      continue;
    }
    BranchMismatch m{ifOp, "@" + info->decl.getSymName().str(), {}, {}};
    for (ChannelAccess *t : sides.then) {
      m.thenOps.push_back(t->op);
      t->unknown = Unknown{"its branch of the scf.if differs from the other", ifOp->getLoc()};
    }
    for (ChannelAccess *e : sides.otherwise) {
      m.elseOps.push_back(e->op);
      e->unknown = Unknown{"its branch of the scf.if differs from the other", ifOp->getLoc()};
    }
    mismatches.push_back(std::move(m));
  }
}

isl::set ChannelModel::indexUniverse(const ChannelInfo &c) {
  return isl::set::universe(islx::setSpace(polyModel->ctx(), c.rank()));
}

static std::string dimList(const Instances &in) {
  std::string s;
  for (unsigned i = 0; i < in.dims.size(); ++i)
    s += (i ? ", " : "") + in.dims[i].name;
  return s;
}


std::vector<ChannelAccess::Part>
ChannelModel::computeParts(ChannelAccess &acc, const Instances &in, isl::map f,
                           const std::vector<bool> &keep, const std::string &lift,
                           const std::string &liftPrefix) {
  PolyhedralModel &poly = *polyModel;
  std::vector<ChannelAccess::Part> parts;
  isl::map fj = f;
  for (int i = static_cast<int>(in.dims.size()) - 1; i >= 0; --i)
    if (!keep[i])
      fj = islx::projectOutIn(fj, i);
  std::vector<bool> countDim(in.dims.size());
  for (unsigned i = 0; i < in.dims.size(); ++i)
    countDim[i] = !keep[i];
  std::optional<isl::map> liftMap;
  if (!lift.empty()) {
    // "[src] -> [dst] : c" with the launch ids carried through unchanged.
    std::string text = lift;
    text.insert(1, liftPrefix);
    size_t arrow = text.find("-> [");
    text.insert(arrow + 4, liftPrefix);
    liftMap = isl::map(poly.ctx(), "{ " + text + " }");
  }
  for (const Box &box : in.boxes) {
    isl::set d = poly.boxSet(in, box);
    isl::set dj = d;
    for (int i = static_cast<int>(in.dims.size()) - 1; i >= 0; --i)
      if (!keep[i])
        dj = islx::projectOut(dj, i);
    if (!fj.intersect_domain(dj).is_injective()) {
      acc.unknown = Unknown{
          "its channel index maps several instances to the same channel, "
          "so per-index counts are not computed",
          acc.op->getLoc()};
      return {};
    }
    isl::set image = f.intersect_domain(d).range();
    if (liftMap)
      image = image.apply(*liftMap);
    parts.push_back({image, poly.boxCount(in, box, countDim)});
  }
  return parts;
}

void ChannelModel::buildAccess(ChannelInfo &info, ChannelAccess &acc) {
  PolyhedralModel &poly = *polyModel;
  const Instances &in = poly.instancesOf(acc.op);
  acc.instances = &in;
  if (in.unknown) {
    acc.unknown = in.unknown;
    acc.volumeUnknown = in.unknown;
    return;
  }
  auto indices = channelIndices(acc.transfer());
  bool inBroadcastSpace = !acc.isPut && info.isBroadcast();
  llvm::ArrayRef<int64_t> space =
      inBroadcastSpace ? llvm::ArrayRef<int64_t>(info.broadcastShape)
                       : llvm::ArrayRef<int64_t>(info.shape);
  acc.indexDims.assign(in.dims.size(), false);

  // What channel-references reports, and a put whose destination is chosen
  // at run time, leave the access unknown.
  if (auto put = dyn_cast<air::ChannelPutOp>(acc.op); put && put.getDest()) {
    acc.unknown = Unknown{"its destination is chosen at run time (dest)",
                          acc.op->getLoc()};
    return;
  }
  if (!indices.empty() && indices.size() != space.size()) {
    acc.unknown = Unknown{"it names " + std::to_string(indices.size()) +
                              " channel indices for a channel of rank " +
                              std::to_string(space.size()),
                          acc.op->getLoc(), /*reportedElsewhere=*/true};
    return;
  }
  for (auto [k, idx] : llvm::enumerate(indices)) {
    APInt v;
    if (matchPattern(idx, m_ConstantInt(&v)) &&
        (v.isNegative() || (!(inBroadcastSpace && space[k] == 1) &&
                            v.getSExtValue() >= space[k]))) {
      acc.unknown = Unknown{"its channel index #" + std::to_string(k) +
                                " lies outside the channel's shape",
                            acc.op->getLoc(), /*reportedElsewhere=*/true};
      return;
    }
  }
  std::vector<std::string> exprs;
  if (indices.empty()) {
    int64_t n = 1;
    for (int64_t s : space)
      n *= s;
    if (n != 1) {
      acc.unknown = Unknown{"it names no channel index, but @" +
                                info.decl.getSymName().str() + " is a bundle of " +
                                std::to_string(n) + " channels",
                            acc.op->getLoc()};
      return;
    }
    exprs.assign(space.size(), "0");
  } else {
    for (auto [k, idx] : llvm::enumerate(indices)) {
      // A get's index in a dimension where broadcast_shape is 1 matches every
      // destination (air-to-aie zeroes it): whatever the op writes there, it
      // addresses index 0, and depends on no dim.
      if (inBroadcastSpace && k < space.size() && space[k] == 1) {
        exprs.push_back("0");
        continue;
      }
      AffineResult r = poly.affine(idx, in);
      if (r.unknown) {
        acc.unknown = Unknown{"channel index #" + std::to_string(k) + ": " +
                                  r.unknown->reason,
                              r.unknown->loc};
        return;
      }
      exprs.push_back(r.expr);
      for (unsigned i = 0; i < in.dims.size(); ++i)
        acc.indexDims[i] = acc.indexDims[i] || r.usesDim[i];
    }
  }

  try {
    isl::ctx ctx = poly.ctx();
    isl::map f(ctx, poly.paramList() + " -> { [" + dimList(in) + "] -> [" +
                        llvm::join(exprs, ", ") + "] }");
    acc.indexMap = f;
    // A put on a broadcast channel reaches every destination d whose source
    // s has s_i = (S_i == 1 ? 0 : d_i).
    std::string lift; // "[src] -> [dst] : constraints", without braces
    if (acc.isPut && info.isBroadcast()) {
      std::string dst, src, cons;
      for (unsigned i = 0; i < info.broadcastShape.size(); ++i) {
        dst += (i ? ", " : "") + ("b" + std::to_string(i));
        cons += (i ? " and " : "") + ("0 <= b" + std::to_string(i) + " < " +
                                      std::to_string(info.broadcastShape[i]));
      }
      for (unsigned i = 0; i < info.shape.size(); ++i)
        src += (i ? ", " : "") +
               (info.shape[i] == 1 ? std::string("0") : "b" + std::to_string(i));
      lift = "[" + src + "] -> [" + dst + "] : " +
             (cons.empty() ? std::string("true") : cons);
    }
    acc.parts = computeParts(acc, in, f, acc.indexDims, lift, "");
    if (acc.unknown)
      return;

    // The same per launch instance: launch ids lead the index.
    unsigned launchDims = 0;
    while (launchDims < in.dims.size() &&
           in.dims[launchDims].kind == Dim::Kind::LaunchId)
      ++launchDims;
    if (launchDims) {
      std::vector<std::string> lexprs;
      for (unsigned i = 0; i < launchDims; ++i)
        lexprs.push_back(in.dims[i].name);
      lexprs.insert(lexprs.end(), exprs.begin(), exprs.end());
      isl::map fl(ctx, poly.paramList() + " -> { [" + dimList(in) + "] -> [" +
                           llvm::join(lexprs, ", ") + "] }");
      std::vector<bool> keep = acc.indexDims;
      for (unsigned i = 0; i < launchDims; ++i)
        keep[i] = true;
      std::string prefix;
      for (unsigned i = 0; i < launchDims; ++i)
        prefix += "l" + std::to_string(i) + ", ";
      acc.launchParts = computeParts(acc, in, fl, keep, lift, prefix);
    }

    // Elements per transfer: a put moves its padding too
    // (docs/semantics.md 4c).
    std::optional<Unknown> why;
    std::optional<std::vector<isl::pw_aff>> elems = transferSizes(
        poly, acc.op, acc.transfer().getMixedAccessSizes(),
        acc.transfer().getMemref(), /*padded=*/acc.isPut, why);
    if (!elems) {
      acc.volumeUnknown = why;
      return;
    }
    acc.elements = *elems;
  } catch (const isl::exception &e) {
    acc.unknown = Unknown{std::string("isl gave up: ") + islx::reason(e), acc.op->getLoc()};
    acc.volumeUnknown = acc.unknown;
  }
}

const std::vector<BalanceRegion> &
ChannelModel::balance(const ChannelInfo &c, bool volume, bool perLaunch) {
  auto key = std::make_tuple(c.decl.getOperation(), volume, perLaunch);
  auto it = balances.find(key);
  if (it == balances.end())
    it = balances.emplace(key, computeBalance(c, volume, perLaunch)).first;
  return it->second;
}

std::vector<BalanceRegion> ChannelModel::computeBalance(const ChannelInfo &c,
                                                        bool volume, bool perLaunch) {
  isl::space params = polyModel->allParams();
  std::vector<BalanceRegion> regions;
  auto add = [&](const ChannelAccess &acc) {
    if (acc.representedByOtherBranch)
      return;
    for (const ChannelAccess::Part &part : perLaunch ? acc.launchParts : acc.parts) {
      std::vector<isl::pw_aff> factors = part.perIndex;
      if (volume)
        factors.insert(factors.end(), acc.elements.begin(), acc.elements.end());
      PwQPoly amount = polyModel->product(factors);
      isl::set rest = part.indices;
      std::vector<BalanceRegion> next;
      for (BalanceRegion &r : regions) {
        isl::set inside = r.indices.intersect(rest);
        isl::set outside = r.indices.subtract(rest);
        if (!inside.is_empty()) {
          BalanceRegion x = r;
          x.indices = inside;
          (acc.isPut ? x.puts : x.gets) = (acc.isPut ? x.puts : x.gets) + amount;
          (acc.isPut ? x.putOps : x.getOps).push_back(acc.op);
          next.push_back(std::move(x));
        }
        if (!outside.is_empty()) {
          BalanceRegion y = r;
          y.indices = outside;
          next.push_back(std::move(y));
        }
        rest = rest.subtract(r.indices);
      }
      if (!rest.is_empty()) {
        BalanceRegion n{rest, PwQPoly::zero(params), PwQPoly::zero(params), {}, {}};
        (acc.isPut ? n.puts : n.gets) = amount;
        (acc.isPut ? n.putOps : n.getOps).push_back(acc.op);
        next.push_back(std::move(n));
      }
      regions = std::move(next);
    }
  };
  for (const ChannelAccess &a : c.puts)
    add(a);
  for (const ChannelAccess &a : c.gets)
    add(a);
  return regions;
}


RegionVerdict ChannelModel::decide(const BalanceRegion &r) {
  RegionVerdict v;
  PwQPoly diff = r.puts - r.gets;
  if (diff.isZeroOn(polyModel->alignParams(r.indices.params())))
    return v;
  isl::point pt = r.indices.sample_point();
  if (pt.is_null()) {
    v.kind = RegionVerdict::Kind::Unknown;
    v.why = "isl found no sample of the region where the counts may differ";
    return v;
  }
  std::vector<std::string> indexText = islx::coordinates(pt, isl_dim_set);
  v.sample = isl::set(pt);
  v.paramValues = polyModel->paramValuesText(pt);
  v.index = "[" + llvm::join(indexText, ", ") + "]";
  isl::point paramPoint =
      polyModel->alignParams(isl::set(pt).params()).sample_point();
  auto p = r.puts.evalAt(paramPoint), g = r.gets.evalAt(paramPoint);
  if (!p || !g || *p == *g) {
    v.kind = RegionVerdict::Kind::Unknown;
    v.why = "the counts could not be shown equal for every value of the "
            "parameters";
    return v;
  }
  v.kind = RegionVerdict::Kind::Unbalanced;
  v.putValue = *p;
  v.getValue = *g;
  return v;
}

std::optional<std::pair<long, long>>
ChannelModel::valuesAt(const std::vector<BalanceRegion> &regions, isl::set sample) {
  isl::point paramPoint = polyModel->alignParams(sample.params()).sample_point();
  for (const BalanceRegion &r : regions) {
    if (r.indices.intersect(sample).is_empty())
      continue;
    auto p = r.puts.evalAt(paramPoint), g = r.gets.evalAt(paramPoint);
    if (!p || !g)
      return std::nullopt;
    return std::make_pair(*p, *g);
  }
  return std::make_pair(0L, 0L);
}
