//===- Placement.cpp - where segments and herds go on an AIE array --------===//
#include "analyses/Placement.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <climits>
#include <map>
#include <set>

#include <z3++.h>

using namespace aircheck;

namespace {
struct HerdVars {
  const HerdFootprint *herd;
  int64_t w, h;
  z3::expr x, y;
};
struct InstanceVars {
  const SegmentFootprint *seg;
  int64_t index;
  std::string label; // "@seg" or "@seg instance 1"
  z3::expr x, y, w, h;
  std::vector<HerdVars> herds;
  int unit; // the rectangle kept apart from others: its own or a partition
};
/// A rectangle the others keep apart from: one segment instance, or the
/// partition of an affinity group.
struct Unit {
  z3::expr x, y, w, h;
  std::vector<unsigned> instances;
  bool usesL2 = false;
  /// Its instances' L2 bytes in all (-1: one of them is not known).
  int64_t l2Bytes = 0;
};
/// A tracked constraint: its literal, its words and the ops it concerns.
struct Fact {
  enum Kind { Array, Given, HerdGiven, Memory, Apart, MemoryApart, Herds, Partition, Cascade } kind;
  z3::expr lit;
  std::string text;
  std::vector<mlir::Operation *> ops;
  std::vector<unsigned> units; // Apart, MemoryApart: the two units
};
} // namespace

/// "columns 0-1, rows 2-5" for what is given of a segment's rectangle;
/// the width is x_size, else the widest herd (the least it can be).
static std::string givenRect(const SegmentFootprint &seg, std::string *attrs) {
  int64_t minW = 1, minH = 1;
  for (const HerdFootprint &h : seg.herds)
    if (!h.shape.empty()) {
      minW = std::max(minW, h.shape[0]);
      minH = std::max<int64_t>(minH, h.shape.size() > 1 ? h.shape[1] : 1);
    }
  std::vector<std::string> parts, names;
  auto range = [&](const char *what, std::optional<int64_t> at,
                   std::optional<int64_t> size, int64_t least) {
    if (at) {
      int64_t n = size ? *size : least;
      parts.push_back(n == 1 && std::string(what) == "columns"
                          ? "column " + std::to_string(*at)
                      : n == 1 ? "row " + std::to_string(*at)
                               : std::string(what) + " " + std::to_string(*at) +
                                     "-" + std::to_string(*at + n - 1));
    } else if (size) {
      parts.push_back(std::to_string(*size) + " " + what);
    }
  };
  range("columns", seg.xLoc, seg.xSize, minW);
  range("rows", seg.yLoc, seg.ySize, minH);
  for (auto [name, v] : {std::pair<const char *, std::optional<int64_t>>{"x_loc", seg.xLoc},
                         {"y_loc", seg.yLoc}, {"x_size", seg.xSize}, {"y_size", seg.ySize}})
    if (v)
      names.push_back(name);
  if (attrs)
    *attrs = llvm::join(names, ", ");
  return llvm::join(parts, ", ");
}

/// Where a cascade's getting herd may sit from its putting herd (origin
/// minus origin) so that every put's tile reaches its get's east or south.
static std::vector<std::pair<int64_t, int64_t>>
cascadeOrigins(const CascadeLink &l) {
  std::vector<std::pair<int64_t, int64_t>> out;
  for (auto dir : {kCascadeEast, kCascadeSouth}) {
    // tile(get) - tile(put) = (origin difference) + offset = dir.
    int64_t dx = dir.first - l.offsets.front().first,
            dy = dir.second - l.offsets.front().second;
    if (llvm::all_of(l.offsets, [&](auto o) {
          return o.first + dx == dir.first && o.second + dy == dir.second;
        }))
      out.push_back({dx, dy});
  }
  return out;
}

static PlacementResult placeLaunch(const LaunchFootprint &lf, const DeviceModel &dev,
                                   const std::vector<CascadeLink> &cascades,
                                   unsigned timeoutMs) {
  PlacementResult res;
  res.launch = lf.op;
  std::vector<int64_t> rows = dev.computeRows();
  if (rows.empty() || dev.columns == 0) {
    res.why = dev.name + " has no compute tiles to place on";
    return res;
  }
  int64_t r0 = rows.front(), r1 = rows.back();

  z3::context c;
  z3::solver s(c);
  z3::params p(c);
  p.set("timeout", timeoutMs);
  p.set("rlimit", 50000000u);
  s.set(p);
  std::vector<Fact> facts;
  auto fact = [&](Fact::Kind kind, std::string text,
                  std::vector<mlir::Operation *> ops) -> Fact & {
    facts.push_back({kind, c.bool_const(("f" + std::to_string(facts.size())).c_str()),
                     std::move(text), std::move(ops), {}});
    return facts.back();
  };
  auto add = [&](const Fact &f, const z3::expr &e) { s.add(z3::implies(f.lit, e)); };
  std::string array = llvm::formatv("the {0} columns x {1} compute rows of {2}",
                                    dev.columns, rows.size(), dev.name);

  std::vector<InstanceVars> insts;
  std::vector<Unit> units;
  std::map<int, int> partitionUnit;
  for (auto [segIndex, seg] : llvm::enumerate(lf.segments)) {
    if (!seg.nested.empty()) {
      res.why = seg.name + " contains segments; nested segments are "
                "not placed on AIE arrays yet";
      return res;
    }
    if (!seg.instances.known()) {
      res.why = seg.instances.why;
      return res;
    }
    bool single = *seg.instances.value == 1;
    int partition = segIndex < lf.partitionOf.size() ? lf.partitionOf[segIndex] : -1;
    for (int64_t i = 0; i < *seg.instances.value; ++i) {
      std::string base = seg.name + "#" + std::to_string(i);
      std::string label = seg.name + (single ? std::string()
                                             : " instance " + std::to_string(i));
      InstanceVars iv{&seg, i, label, c.int_const((base + ".x").c_str()),
                      c.int_const((base + ".y").c_str()),
                      c.int_const((base + ".w").c_str()),
                      c.int_const((base + ".h").c_str()), {}, -1};
      s.add(iv.w >= 1 && iv.h >= 1);
      add(fact(Fact::Array, label + " lies within " + array, {seg.op}),
          iv.x >= 0 && iv.x + iv.w <= c.int_val(dev.columns) &&
              iv.y >= c.int_val(r0) && iv.y + iv.h <= c.int_val(r1 + 1));
      if (seg.xSize || seg.ySize || (single && (seg.xLoc || seg.yLoc))) {
        std::string attrs;
        std::string where = givenRect(seg, &attrs);
        Fact &g = fact(Fact::Given, label + " at " + where + " (" + attrs + ")",
                       {seg.op});
        z3::expr e = c.bool_val(true);
        if (seg.xSize)
          e = e && iv.w == c.int_val(*seg.xSize);
        if (seg.ySize)
          e = e && iv.h == c.int_val(*seg.ySize);
        if (single && seg.xLoc)
          e = e && iv.x == c.int_val(*seg.xLoc);
        if (single && seg.yLoc)
          e = e && iv.y == c.int_val(*seg.yLoc);
        add(g, e);
      }
      if (seg.l2PerInstance.known() && *seg.l2PerInstance.value > 0) {
        int64_t need = (*seg.l2PerInstance.value + dev.memtileBytes - 1) / dev.memtileBytes;
        add(fact(Fact::Memory,
                 llvm::formatv("{0} holds {1} bytes of L2, so it spans at least {2} "
                               "column(s) of memory tiles",
                               label, *seg.l2PerInstance.value, need),
                 {seg.op}),
            iv.w * c.int_val(dev.memtileBytes) >= c.int_val(*seg.l2PerInstance.value));
      }
      for (const HerdFootprint &h : seg.herds) {
        if (h.shape.empty()) {
          res.why = "the shape of " + h.name + " is not constant";
          return res;
        }
        std::string hb = base + "." + h.name;
        HerdVars hv{&h, h.shape[0], h.shape.size() > 1 ? h.shape[1] : 1,
                    c.int_const((hb + ".x").c_str()), c.int_const((hb + ".y").c_str())};
        // A herd lies inside its segment's rectangle: the structure, not a
        // choice.
        s.add(hv.x >= iv.x && hv.x + c.int_val(hv.w) <= iv.x + iv.w &&
              hv.y >= iv.y && hv.y + c.int_val(hv.h) <= iv.y + iv.h);
        if (single && (h.xLoc || h.yLoc)) {
          std::string where;
          z3::expr e = c.bool_val(true);
          if (h.xLoc) {
            where += hv.w == 1 ? "column " + std::to_string(*h.xLoc)
                               : llvm::formatv("columns {0}-{1}", *h.xLoc,
                                               *h.xLoc + hv.w - 1).str();
            e = e && hv.x == c.int_val(*h.xLoc);
          }
          if (h.yLoc) {
            where += std::string(h.xLoc ? ", " : "") +
                     (hv.h == 1 ? "row " + std::to_string(*h.yLoc)
                                : llvm::formatv("rows {0}-{1}", *h.yLoc,
                                                *h.yLoc + hv.h - 1).str());
            e = e && hv.y == c.int_val(*h.yLoc);
          }
          add(fact(Fact::HerdGiven, h.name + " at " + where + " (x_loc, y_loc)",
                   {h.op}),
              e);
        }
        iv.herds.push_back(hv);
      }
      bool l2 = seg.l2PerInstance.known() && *seg.l2PerInstance.value > 0;
      // Members of one affinity group share a partition (single instances
      // only: the instances of a stamped segment overlap each other).
      if (partition >= 0 && single) {
        auto [it, fresh] = partitionUnit.try_emplace(partition, units.size());
        if (fresh) {
          std::string pb = "partition" + std::to_string(partition);
          units.push_back({c.int_const((pb + ".x").c_str()),
                           c.int_const((pb + ".y").c_str()),
                           c.int_const((pb + ".w").c_str()),
                           c.int_const((pb + ".h").c_str()), {}, false});
        }
        Unit &u = units[it->second];
        s.add(u.x <= iv.x && iv.x + iv.w <= u.x + u.w && u.y <= iv.y &&
              iv.y + iv.h <= u.y + u.h);
        iv.unit = it->second;
        u.usesL2 |= l2;
      } else {
        units.push_back({iv.x, iv.y, iv.w, iv.h, {}, l2});
        iv.unit = units.size() - 1;
      }
      Unit &mine = units[iv.unit];
      if (l2 && mine.l2Bytes >= 0)
        mine.l2Bytes += *seg.l2PerInstance.value;
      else if (!seg.l2PerInstance.known())
        mine.l2Bytes = -1;
      units[iv.unit].instances.push_back(insts.size());
      insts.push_back(std::move(iv));
    }
  }
  auto disjoint = [&](const z3::expr &x1, const z3::expr &y1, const z3::expr &w1,
                      const z3::expr &h1, const z3::expr &x2, const z3::expr &y2,
                      const z3::expr &w2, const z3::expr &h2) {
    return x1 + w1 <= x2 || x2 + w2 <= x1 || y1 + h1 <= y2 || y2 + h2 <= y1;
  };
  auto unitLabel = [&](const Unit &u) {
    std::vector<std::string> names;
    for (unsigned i : u.instances)
      names.push_back(insts[i].label);
    return names.size() == 1 ? names[0]
                             : "the partition of " + llvm::join(names, " and ");
  };
  auto unitOps = [&](const Unit &u) {
    std::vector<mlir::Operation *> ops;
    for (unsigned i : u.instances)
      ops.push_back(insts[i].seg->op);
    return ops;
  };
  for (size_t a = 0; a < units.size(); ++a)
    for (size_t b = a + 1; b < units.size(); ++b) {
      Unit &u = units[a], &v = units[b];
      std::vector<mlir::Operation *> ops = unitOps(u), vo = unitOps(v);
      ops.insert(ops.end(), vo.begin(), vo.end());
      Fact &f = fact(Fact::Apart,
                     unitLabel(u) + " and " + unitLabel(v) +
                         " must both be live at once, on distinct tiles",
                     ops);
      f.units = {unsigned(a), unsigned(b)};
      add(f, disjoint(u.x, u.y, u.w, u.h, v.x, v.y, v.w, v.h));
      // Memory tiles sit one per column: two segments holding L2 take
      // different columns, or share columns where all the L2 of both fits
      // one memory tile (each counted whole in every column it spans: the
      // lowering puts a segment's buffers on any memory tile of its
      // columns). A finer split is possible; a failure that needs it is not
      // a proof.
      if (u.usesL2 && v.usesL2) {
        bool share = u.l2Bytes >= 0 && v.l2Bytes >= 0 &&
                     u.l2Bytes + v.l2Bytes <= dev.memtileBytes;
        Fact &m = fact(Fact::MemoryApart,
                       unitLabel(u) + " and " + unitLabel(v) +
                           " both hold L2 and are given different columns of "
                           "memory tiles" +
                           (share ? ", or share columns where the L2 of "
                                    "every segment there fits one memory "
                                    "tile"
                                  : std::string()),
                       ops);
        m.units = {unsigned(a), unsigned(b)};
        add(m, u.x + u.w <= v.x || v.x + v.w <= u.x || c.bool_val(share));
      }
    }
  // Columns segments holding L2 share: all their L2 fits its memory tile.
  {
    std::vector<unsigned> l2Units;
    std::vector<mlir::Operation *> ops;
    for (auto [k, u] : llvm::enumerate(units))
      if (u.usesL2) {
        l2Units.push_back(k);
        for (mlir::Operation *op : unitOps(u))
          ops.push_back(op);
      }
    if (l2Units.size() > 2) {
      Fact &m = fact(Fact::MemoryApart,
                     "segments holding L2 share a column of memory tiles only "
                     "where the L2 of every segment there fits one memory tile",
                     ops);
      z3::expr all = c.bool_val(true);
      for (int64_t col = 0; col < dev.columns; ++col) {
        z3::expr users = c.int_val(0), bytes = c.int_val(0);
        bool unknownBytes = false;
        for (unsigned k : l2Units) {
          const Unit &u = units[k];
          z3::expr covers = u.x <= c.int_val(col) && c.int_val(col) < u.x + u.w;
          users = users + z3::ite(covers, c.int_val(1), c.int_val(0));
          unknownBytes |= u.l2Bytes < 0;
          bytes = bytes + z3::ite(covers, c.int_val(std::max<int64_t>(u.l2Bytes, 0)),
                                  c.int_val(0));
        }
        all = all && (users <= c.int_val(1) ||
                      (c.bool_val(!unknownBytes) &&
                       bytes <= c.int_val(dev.memtileBytes)));
      }
      add(m, all);
    }
  }
  // Herds of one instance may run together: they get distinct tiles, except
  // herds of one affinity group, which share theirs one after the other.
  // (Other herds that run one after another could share too; that is not
  // used yet, so a failure involving this is reported as unknown.)
  for (InstanceVars &iv : insts)
    for (size_t a = 0; a < iv.herds.size(); ++a)
      for (size_t b = a + 1; b < iv.herds.size(); ++b) {
        HerdVars &u = iv.herds[a], &v = iv.herds[b];
        // One affinity partition: one after the other, on shared tiles.
        if (u.herd->partition >= 0 && u.herd->partition == v.herd->partition)
          continue;
        add(fact(Fact::Herds,
                 "herds " + u.herd->name + " and " + v.herd->name + " of " +
                     iv.label + " are given distinct tiles",
                 {u.herd->op, v.herd->op}),
            disjoint(u.x, u.y, c.int_val(u.w), c.int_val(u.h), v.x, v.y,
                     c.int_val(v.w), c.int_val(v.h)));
      }

  // Cascades join a put's tile to its get's east or south neighbour:
  // within one herd its ids decide; between two, where they sit.
  for (InstanceVars &iv : insts)
    for (const CascadeLink &l : cascades) {
      if (l.unknown || l.offsets.empty())
        continue;
      const HerdVars *p = nullptr, *g = nullptr;
      for (const HerdVars &h : iv.herds) {
        if (h.herd->op == l.putHerd)
          p = &h;
        if (h.herd->op == l.getHerd)
          g = &h;
      }
      if (!p || !g)
        continue;
      air::ChannelOp channel = l.channel;
      std::string name = "@" + channel.getSymName().str();
      std::string text =
          p == g ? "cascade channel " + name + " of " + p->herd->name +
                       " joins each tile to its east or south neighbour "
                       "(AIE2 cascades run east or south)"
                 : "cascade channel " + name + " needs each tile of " +
                       g->herd->name + " east or south of the tile of " +
                       p->herd->name + " whose put it gets (AIE2 cascades "
                       "run east or south)";
      z3::expr e = c.bool_val(false);
      for (auto [dx, dy] : cascadeOrigins(l))
        e = e || (p == g ? c.bool_val(dx == 0 && dy == 0)
                         : (g->x - p->x == c.int_val(dx) &&
                            g->y - p->y == c.int_val(dy)));
      add(fact(Fact::Cascade, text, {l.put, l.get}), e);
    }

  auto check = [&](const std::vector<unsigned> &set) {
    z3::expr_vector as(c);
    for (unsigned f : set)
      as.push_back(facts[f].lit);
    return s.check(as);
  };
  auto coreOf = [&]() {
    std::vector<unsigned> core;
    for (const z3::expr &e : s.unsat_core())
      for (unsigned f = 0; f < facts.size(); ++f)
        if (z3::eq(e, facts[f].lit))
          core.push_back(f);
    std::sort(core.begin(), core.end());
    return core;
  };
  std::vector<unsigned> all(facts.size());
  for (unsigned f = 0; f < all.size(); ++f)
    all[f] = f;
  z3::check_result verdict = check(all);
  if (verdict == z3::unknown) {
    res.why = "z3 found no placement and no proof within " +
              std::to_string(timeoutMs) + " ms (" + s.reason_unknown() + ")";
    return res;
  }
  if (verdict == z3::unsat) {
    // A minimal core, by deletion.
    std::vector<unsigned> core = coreOf();
    for (unsigned f : std::vector<unsigned>(core)) {
      if (!std::binary_search(core.begin(), core.end(), f))
        continue;
      std::vector<unsigned> trial;
      for (unsigned g : core)
        if (g != f)
          trial.push_back(g);
      if (check(trial) == z3::unsat) {
        std::vector<unsigned> smaller = coreOf();
        core = smaller.size() < trial.size() ? smaller : trial;
      }
    }
    bool herds = false, memtiles = false;
    std::map<unsigned, std::string> given; // instance's unit -> where
    for (unsigned f : core) {
      herds |= facts[f].kind == Fact::Herds;
      memtiles |= facts[f].kind == Fact::MemoryApart;
    }
    // "@a at columns 0-1 and @b at columns 1-2 overlap, and both must be
    // live at once" where a pair clashes on given rectangles alone.
    std::vector<std::string> parts;
    std::set<unsigned> said;
    auto givenOf = [&](unsigned unit) -> std::optional<unsigned> {
      if (units[unit].instances.size() != 1)
        return std::nullopt;
      mlir::Operation *op = insts[units[unit].instances[0]].seg->op;
      for (unsigned f : core)
        if (facts[f].kind == Fact::Given && facts[f].ops[0] == op)
          return f;
      return std::nullopt;
    };
    for (unsigned f : core)
      if (facts[f].kind == Fact::Apart) {
        auto ga = givenOf(facts[f].units[0]), gb = givenOf(facts[f].units[1]);
        if (ga && gb) {
          auto strip = [&](unsigned g) {
            std::string t = facts[g].text;
            return t.substr(0, t.rfind(" ("));
          };
          parts.push_back(strip(*ga) + " and " + strip(*gb) +
                          " overlap, and both must be live at once");
          said.insert({f, *ga, *gb});
        }
      }
    for (unsigned f : core)
      if (!said.count(f))
        parts.push_back(facts[f].text);
    res.why = llvm::formatv("no placement of {0} on {1}: {2}", lf.name,
                            dev.name, llvm::join(parts, "; "));
    // A note at each op: what the core says of it.
    std::vector<mlir::Operation *> opsInCore;
    for (unsigned f : core)
      for (mlir::Operation *op : facts[f].ops)
        if (!llvm::is_contained(opsInCore, op))
          opsInCore.push_back(op);
    for (mlir::Operation *op : opsInCore) {
      std::vector<std::string> what;
      for (unsigned f : core)
        if (llvm::is_contained(facts[f].ops, op) &&
            (facts[f].kind == Fact::Given || facts[f].kind == Fact::HerdGiven ||
             facts[f].kind == Fact::Memory || facts[f].kind == Fact::Array))
          what.push_back(facts[f].text);
      std::vector<std::string> with;
      for (unsigned f : core)
        if (facts[f].kind == Fact::Apart && llvm::is_contained(facts[f].ops, op))
          for (unsigned u : facts[f].units)
            if (!llvm::is_contained(unitOps(units[u]), op))
              with.push_back(unitLabel(units[u]));
      if (!with.empty())
        what.push_back("live at once with " + llvm::join(with, ", "));
      if (what.empty())
        for (unsigned f : core)
          if (llvm::is_contained(facts[f].ops, op))
            what.push_back(facts[f].text);
      res.notes.push_back({op, llvm::join(what, "; ")});
    }
    // A cascade in the core: how to place its herds.
    for (unsigned f : core)
      if (facts[f].kind == Fact::Cascade) {
        res.notes.push_back(
            {facts[f].ops.back(),
             "hint: place the getting herd one row below (y_loc one less) "
             "or one column east (x_loc one more) of the putting herd, so "
             "that each tile gets from its north or west neighbour"});
        break;
      }
    res.kind = herds || memtiles ? PlacementResult::Kind::Unknown
                                 : PlacementResult::Kind::Impossible;
    if (herds)
      res.why += "; herds that run one after another could share tiles, which "
                 "placement does not use yet, so this is not a proof";
    if (memtiles)
      res.why += "; segments holding L2 are given whole columns of memory "
                 "tiles, a simplification, so this is not a proof";
    return res;
  }
  z3::model m = s.get_model();
  auto val = [&](const z3::expr &e) { return m.eval(e, true).get_numeral_int64(); };
  for (const InstanceVars &iv : insts) {
    int64_t sx = val(iv.x), sy = val(iv.y), sw = val(iv.w), sh = val(iv.h);
    // Any rectangle the solver picked is valid; shown tight around the
    // herds where nothing fixes its size and its L2 still fits.
    if (!iv.seg->xSize && !iv.seg->ySize && !iv.herds.empty()) {
      int64_t x0 = INT64_MAX, y0 = INT64_MAX, x1 = 0, y1 = 0;
      for (const HerdVars &h : iv.herds) {
        x0 = std::min(x0, val(h.x));
        y0 = std::min(y0, val(h.y));
        x1 = std::max(x1, val(h.x) + h.w);
        y1 = std::max(y1, val(h.y) + h.h);
      }
      bool l2ok = !iv.seg->l2PerInstance.known() ||
                  (x1 - x0) * dev.memtileBytes >= *iv.seg->l2PerInstance.value;
      if (l2ok) {
        sx = x0;
        sy = y0;
        sw = x1 - x0;
        sh = y1 - y0;
      }
    }
    // Members of an affinity partition say whom they share tiles with.
    std::string shares;
    if (units[iv.unit].instances.size() > 1) {
      std::vector<std::string> others;
      for (unsigned o : units[iv.unit].instances)
        if (insts[o].seg != iv.seg || insts[o].index != iv.index)
          others.push_back(insts[o].label);
      shares = "; shares its partition with " + llvm::join(others, ", ") +
               " by affinity, one after the other";
    }
    res.rects.push_back({iv.label, iv.seg->op, false, sx, sy, sw, sh});
    for (const HerdVars &h : iv.herds) {
      std::string herdShares;
      if (h.herd->partition >= 0) {
        std::vector<std::string> others;
        bool sameName = true;
        for (const HerdVars &o : iv.herds)
          if (&o != &h && o.herd->partition == h.herd->partition) {
            others.push_back(o.herd->name);
            sameName &= o.herd->name == h.herd->name;
          }
        herdShares = "; shares its tiles with " + llvm::join(others, ", ") +
                     (sameName ? " by name" : " by affinity") +
                     ", one after the other";
      }
      res.rects.push_back({h.herd->name + " (" + iv.label + shares + herdShares + ")",
                           h.herd->op, true, val(h.x), val(h.y), h.w, h.h});
    }
  }
  res.kind = PlacementResult::Kind::Placed;
  return res;
}

std::vector<PlacementResult> aircheck::placeLaunches(const ResourceFootprint &fp,
                                                     const DeviceModel &dev,
                                                     const std::vector<CascadeLink> &cascades,
                                                     unsigned timeoutMs) {
  std::vector<PlacementResult> out;
  for (const LaunchFootprint &lf : fp.launches()) {
    try {
      out.push_back(placeLaunch(lf, dev, cascades, timeoutMs));
    } catch (const z3::exception &e) {
      PlacementResult r;
      r.launch = lf.op;
      r.why = std::string("z3: ") + e.msg();
      out.push_back(r);
    }
  }
  return out;
}

std::string aircheck::placementMap(const PlacementResult &r, const DeviceModel &dev) {
  std::vector<std::string> grid(dev.rows, std::string(dev.columns, '.'));
  for (int64_t row = 0; row < dev.rows; ++row) {
    const std::string &kind = row < (int64_t)dev.rowKinds.size() ? dev.rowKinds[row] : "";
    if (kind == "memtile")
      grid[row] = std::string(dev.columns, 'm');
    else if (kind == "shim")
      grid[row] = std::string(dev.columns, 's');
  }
  std::string legend;
  char letter = 'A';
  for (const PlacedRect &p : r.rects) {
    if (!p.isHerd)
      continue;
    for (int64_t y = p.y; y < p.y + p.height && y < dev.rows; ++y)
      for (int64_t x = p.x; x < p.x + p.width && x < dev.columns; ++x)
        grid[y][x] = letter;
    legend += llvm::formatv("  {0}  {1}: columns {2}-{3}, rows {4}-{5}\n", letter,
                            p.label, p.x, p.x + p.width - 1, p.y, p.y + p.height - 1)
                  .str();
    letter = letter == 'Z' ? 'a' : letter + 1;
  }
  std::string out;
  for (int64_t row = dev.rows - 1; row >= 0; --row) {
    out += llvm::formatv("  row {0,2} |", row).str();
    for (char ch : grid[row])
      out += std::string(" ") + ch;
    out += "\n";
  }
  out += "          ";
  for (int64_t col = 0; col < dev.columns; ++col)
    out += " " + std::to_string(col % 10);
  out += "\n  (s shim, m memory tile, . free compute tile)\n" + legend;
  return out;
}
