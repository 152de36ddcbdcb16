//===- Placement.cpp - where segments and herds go on an AIE array --------===//
#include "analyses/Placement.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <climits>
#include <map>

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
  z3::expr x, y, w, h;
  std::vector<HerdVars> herds;
};
} // namespace

static PlacementResult placeLaunch(const LaunchFootprint &lf, const DeviceModel &dev,
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
  s.set(p);
  // Each group of constraints is tracked, so an unsat core says which runs out.
  const char *groups[] = {"array", "segment", "co-residency", "herds", "memory tiles"};
  std::map<std::string, z3::expr> track;
  for (const char *g : groups)
    track.emplace(g, c.bool_const(g));
  auto add = [&](const char *group, const z3::expr &e) {
    s.add(z3::implies(track.at(group), e));
  };

  std::vector<InstanceVars> insts;
  for (const SegmentFootprint &seg : lf.segments) {
    if (!seg.nested.empty()) {
      res.why = seg.name + " contains segments; nested segments are "
                "not placed on AIE arrays yet";
      return res;
    }
    if (!seg.instances.known()) {
      res.why = seg.instances.why;
      return res;
    }
    for (int64_t i = 0; i < *seg.instances.value; ++i) {
      std::string base = seg.name + "#" + std::to_string(i);
      InstanceVars iv{&seg, i, c.int_const((base + ".x").c_str()),
                      c.int_const((base + ".y").c_str()),
                      c.int_const((base + ".w").c_str()),
                      c.int_const((base + ".h").c_str()), {}};
      add("array", iv.w >= 1 && iv.h >= 1 && iv.x >= 0 &&
                       iv.x + iv.w <= c.int_val(dev.columns) &&
                       iv.y >= c.int_val(r0) && iv.y + iv.h <= c.int_val(r1 + 1));
      bool single = *seg.instances.value == 1;
      if (seg.xSize)
        add("segment", iv.w == c.int_val(*seg.xSize));
      if (seg.ySize)
        add("segment", iv.h == c.int_val(*seg.ySize));
      if (single && seg.xLoc)
        add("segment", iv.x == c.int_val(*seg.xLoc));
      if (single && seg.yLoc)
        add("segment", iv.y == c.int_val(*seg.yLoc));
      if (seg.l2PerInstance.known() && *seg.l2PerInstance.value > 0)
        add("memory tiles", iv.w * c.int_val(dev.memtileBytes) >=
                                c.int_val(*seg.l2PerInstance.value));
      for (const HerdFootprint &h : seg.herds) {
        if (h.shape.empty()) {
          res.why = "the shape of " + h.name + " is not constant";
          return res;
        }
        std::string hb = base + "." + h.name;
        HerdVars hv{&h, h.shape[0], h.shape.size() > 1 ? h.shape[1] : 1,
                    c.int_const((hb + ".x").c_str()), c.int_const((hb + ".y").c_str())};
        add("segment", hv.x >= iv.x && hv.x + c.int_val(hv.w) <= iv.x + iv.w &&
                           hv.y >= iv.y && hv.y + c.int_val(hv.h) <= iv.y + iv.h);
        if (single && h.xLoc)
          add("segment", hv.x == c.int_val(*h.xLoc));
        if (single && h.yLoc)
          add("segment", hv.y == c.int_val(*h.yLoc));
        iv.herds.push_back(hv);
      }
      insts.push_back(std::move(iv));
    }
  }
  auto disjoint = [&](const z3::expr &x1, const z3::expr &y1, const z3::expr &w1,
                      const z3::expr &h1, const z3::expr &x2, const z3::expr &y2,
                      const z3::expr &w2, const z3::expr &h2) {
    return x1 + w1 <= x2 || x2 + w2 <= x1 || y1 + h1 <= y2 || y2 + h2 <= y1;
  };
  auto usesL2 = [](const InstanceVars &iv) {
    return iv.seg->l2PerInstance.known() && *iv.seg->l2PerInstance.value > 0;
  };
  for (size_t a = 0; a < insts.size(); ++a)
    for (size_t b = a + 1; b < insts.size(); ++b) {
      add("co-residency", disjoint(insts[a].x, insts[a].y, insts[a].w, insts[a].h,
                                   insts[b].x, insts[b].y, insts[b].w, insts[b].h));
      // Memory tiles sit one per column: two segments holding L2 take
      // different columns, so neither shares the other's memory tiles. (A
      // finer split is possible; a failure that needs it is not a proof.)
      if (usesL2(insts[a]) && usesL2(insts[b]))
        add("memory tiles", insts[a].x + insts[a].w <= insts[b].x ||
                                insts[b].x + insts[b].w <= insts[a].x);
    }
  // Herds of one instance may run together: they get distinct tiles. (Herds
  // that run one after another could share; that is not used yet, so a
  // failure involving this group is reported as unknown, not impossible.)
  for (InstanceVars &iv : insts)
    for (size_t a = 0; a < iv.herds.size(); ++a)
      for (size_t b = a + 1; b < iv.herds.size(); ++b) {
        HerdVars &u = iv.herds[a], &v = iv.herds[b];
        add("herds", disjoint(u.x, u.y, c.int_val(u.w), c.int_val(u.h), v.x, v.y,
                              c.int_val(v.w), c.int_val(v.h)));
      }

  z3::expr_vector assumptions(c);
  for (auto &[name, lit] : track)
    assumptions.push_back(lit);
  z3::check_result verdict = s.check(assumptions);
  if (verdict == z3::unknown) {
    res.why = "z3 found no placement and no proof within " +
              std::to_string(timeoutMs) + " ms";
    return res;
  }
  if (verdict == z3::unsat) {
    std::vector<std::string> core;
    for (const z3::expr &e : s.unsat_core())
      core.push_back(e.to_string());
    bool herds = std::find(core.begin(), core.end(), "herds") != core.end();
    bool memtiles = std::find(core.begin(), core.end(), "memory tiles") != core.end();
    int64_t tiles = 0;
    for (const InstanceVars &iv : insts)
      for (const HerdVars &h : iv.herds)
        tiles += h.w * h.h;
    std::string what = llvm::join(core, ", ");
    std::string msg = llvm::formatv(
        "no placement of {0} on {1}: its {2} co-resident segment "
        "instance(s) with {3} herd tiles in all do not fit {4} columns x {5} "
        "compute rows; the constraints that clash: {6}",
        lf.name, dev.name, insts.size(), tiles, dev.columns, rows.size(), what);
    res.why = msg;
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
    std::string inst = iv.seg->name +
                       (*iv.seg->instances.value > 1
                            ? " instance " + std::to_string(iv.index)
                            : std::string());
    res.rects.push_back({inst, iv.seg->op, false, sx, sy, sw, sh});
    for (const HerdVars &h : iv.herds)
      res.rects.push_back({h.herd->name + " (" + inst + ")", h.herd->op, true,
                           val(h.x), val(h.y), h.w, h.h});
  }
  res.kind = PlacementResult::Kind::Placed;
  return res;
}

std::vector<PlacementResult> aircheck::placeLaunches(const ResourceFootprint &fp,
                                                     const DeviceModel &dev,
                                                     unsigned timeoutMs) {
  std::vector<PlacementResult> out;
  for (const LaunchFootprint &lf : fp.launches()) {
    try {
      out.push_back(placeLaunch(lf, dev, timeoutMs));
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
