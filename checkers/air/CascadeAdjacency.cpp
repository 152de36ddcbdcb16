//===- CascadeAdjacency.cpp - cascade channels join neighbouring tiles ----===//
//
// A cascade channel is a core-to-core connection between adjacent tiles
// (seed 000 2.5 and 3). Every put on it must reach its get in a tile next
// to the putting one. Tiles of one herd sit at (x_loc + x, y_loc + y), so
// within a herd adjacency follows from the tile ids alone; between two
// placed herds, from both herds' x_loc and y_loc. Decided with isl over all
// tiles at once: the relation from putting tile to getting tile, less the
// neighbour relation, must be empty. Between two herds without a placement,
// the offsets from put tile to get tile (in each herd's ids) decide which
// placements work: proven with those named, or an error when none can.
//
//===----------------------------------------------------------------------===//
#include "checkers/air/ChannelDiagnostics.h"
#include "checkers/Checker.h"

#include "analyses/CascadeLinks.h"
#include "analyses/ResourceFootprint.h"
#include "dialects/AIR/HierarchySizes.h"

#include "mlir/IR/Matchers.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <isl/map.h>
#include <isl/point.h>
#include <isl/set.h>
#include <isl/val.h>

using namespace aircheck;
using namespace mlir;

namespace {

/// (column, row, column, row) of a pair of tiles.
std::vector<std::string> tilePair(const isl::point &pt) {
  std::vector<std::string> c = islx::coordinates(pt, isl_dim_set);
  c.resize(4, "?");
  return c;
}

class CascadeAdjacency : public Checker {
public:
  llvm::StringRef id() const override { return "cascade-adjacency"; }
  llvm::StringRef summary() const override {
    return "Cascade channels connect only neighbouring tiles";
  }

  void run(CheckContext &ctx) override {
    auto &model = ctx.analyses.getAnalysis<ChannelModel>();
    for (ChannelInfo &c : model.channels()) {
      if (c.decl.getKind() != "cascade" || c.firstUnknown())
        continue;
      withIslBudget(model, c, "the cascade adjacency",
                    [&] { check(ctx, model, c); });
    }
  }

private:
  /// Two herds without x_loc and y_loc: their placement decides. Herds
  /// are placed by translation, so the puts' tiles reach the gets' at the
  /// offsets D (in each herd's own ids), and a placement with the get's
  /// herd at offset d from the put's joins neighbours iff D + d lies in the
  /// four neighbour offsets and the two herds do not overlap. Some d: a
  /// proof that names it (a constraint on the placement); none: an error,
  /// whatever the placement. False when it cannot be told (sizes that are
  /// not constants).
  bool placementDecides(CheckContext &ctx, PolyhedralModel &poly,
                        ChannelInfo &c, const ChannelAccess &p,
                        const ChannelAccess &g, air::HerdOp ph,
                        air::HerdOp gh) {
    auto from = cascadeTileToIndex(poly, p, ph, false);
    auto to = cascadeTileToIndex(poly, g, gh, false);
    auto ps = herdSize(ph), gs = herdSize(gh);
    if (!from || !to || !ps || !gs)
      return false;
    isl::set deltas = from->apply_range(to->reverse()).deltas();
    if (deltas.is_empty())
      return true; // no put meets a get
    isl::set near(poly.ctx(), "{ [1, 0]; [-1, 0]; [0, 1]; [0, -1] }");
    std::vector<std::string> d0 =
        islx::coordinates(deltas.sample_point(), isl_dim_set);
    if (d0.size() != 2)
      return false;
    int64_t x0 = std::stoll(d0[0]), y0 = std::stoll(d0[1]);
    std::vector<std::pair<int64_t, int64_t>> offsets;
    for (auto [nx, ny] : {std::pair<int64_t, int64_t>{1, 0}, {-1, 0}, {0, 1},
                          {0, -1}}) {
      int64_t dx = nx - x0, dy = ny - y0;
      // Overlapping herds share tiles: no placement.
      if (dx > -gs->first && dx < ps->first && dy > -gs->second &&
          dy < ps->second)
        continue;
      isl::map shift(poly.ctx(),
                     llvm::formatv("{ [a, b] -> [a + {0}, b + {1}] }", dx, dy)
                         .str());
      if (deltas.apply(shift).is_subset(near))
        offsets.push_back({dx, dy});
    }
    if (!offsets.empty()) {
      std::string list;
      for (auto [k, o] : llvm::enumerate(offsets))
        list += (k ? " or (" : "(") + std::to_string(o.first) + ", " +
                std::to_string(o.second) + ")";
      ctx.proved(p.op->getLoc(),
                 "cascade channel " + channelName(c) +
                     " joins neighbouring tiles wherever " +
                     hierarchyName(gh) + " is placed at the offset " + list +
                     " (columns, rows) from " + hierarchyName(ph) +
                     ": a constraint on their placement, since they have "
                     "no x_loc and y_loc");
      return true;
    }
    isl::set others = deltas.subtract(isl::set(
        poly.ctx(), llvm::formatv("{ [{0}, {1}] }", x0, y0).str()));
    auto diag = p.op->emitError()
                << "cascade channel " << channelName(c) << " joins "
                << hierarchyName(ph) << " and " << hierarchyName(gh)
                << " so that no placement makes every put's tile a "
                   "neighbour of its get's: a get's tile ids minus its put's "
                   "are ("
                << x0 << ", " << y0 << ")";
    if (!others.is_empty()) {
      std::vector<std::string> d1 =
          islx::coordinates(others.sample_point(), isl_dim_set);
      if (d1.size() == 2)
        diag << " for one pair and (" << d1[0] << ", " << d1[1]
             << ") for another";
    }
    diag << ", and herds are placed by translation without overlapping";
    diag.attachNote(g.op->getLoc()) << "the get";
    diag.attachNote(p.op->getLoc())
        << "hint: index the channel so that every tile sends to the tile "
           "with the same ids in the other herd, or to a fixed neighbour "
           "of it, or use a DMA channel";
    return true;
  }

  /// A herd's size (columns, rows; a 1-D herd is one row), when constant.
  static std::optional<std::pair<int64_t, int64_t>> herdSize(air::HerdOp h) {
    auto s = air::constantSizes(h);
    if (s && s->size() == 1)
      return std::make_pair((*s)[0], int64_t(1));
    if (s && s->size() == 2)
      return std::make_pair((*s)[0], (*s)[1]);
    return std::nullopt;
  }

  void check(CheckContext &ctx, ChannelModel &model, ChannelInfo &c) {
    PolyhedralModel &poly = model.poly();
    for (const ChannelAccess &p : c.puts)
      for (const ChannelAccess &g : c.gets) {
        auto ph = p.op->getParentOfType<air::HerdOp>();
        auto gh = g.op->getParentOfType<air::HerdOp>();
        if (!ph || !gh) {
          auto diag = c.decl.emitError()
                      << "cascade channel " << channelName(c)
                      << " connects cores, so its puts and gets must be in herds";
          diag.attachNote((ph ? g.op : p.op)->getLoc()) << "this one is not";
          return;
        }
        // Physical coordinates where both herds are placed; within one
        // herd, its own tile ids decide adjacency just as well.
        auto from = cascadeTileToIndex(poly, p, ph, true);
        auto to = cascadeTileToIndex(poly, g, gh, true);
        bool placed = from && to;
        if (!placed && ph == gh) {
          from = cascadeTileToIndex(poly, p, ph, false);
          to = cascadeTileToIndex(poly, g, gh, false);
        }
        if ((!from || !to) && ph != gh &&
            placementDecides(ctx, poly, c, p, g, ph, gh))
          continue;
        if (!from || !to) {
          auto diag = c.decl.emitWarning()
                      << "the cascade adjacency of channel " << channelName(c)
                      << " is unknown: " << hierarchyName(ph) << " and "
                      << hierarchyName(gh)
                      << " are not placed; give both x_loc and y_loc";
          diag.attachNote(p.op->getLoc()) << "put here";
          diag.attachNote(g.op->getLoc()) << "get here";
          continue;
        }
        isl::map reach = from->apply_range(to->reverse());
        isl::map near(poly.ctx(), "{ [x, y] -> [u, v] : (u = x + 1 and v = y) or "
                                  "(u = x - 1 and v = y) or (u = x and v = y + 1) or "
                                  "(u = x and v = y - 1) }");
        isl::map far = reach.subtract(near);
        if (far.is_empty())
          continue;
        isl::point pt =
            isl::manage(islx::checked(poly.ctx().get(), isl_map_sample(far.copy())))
                .wrap()
                .sample_point();
        std::vector<std::string> xy = tilePair(pt);
        auto diag = p.op->emitError()
                    << "cascade channel " << channelName(c) << " connects "
                    << (placed ? "tile" : "herd tile") << " (" << xy[0] << ", "
                    << xy[1] << ") to (" << xy[2] << ", " << xy[3]
                    << "), which are not neighbours; a cascade joins only "
                       "adjacent tiles";
        diag.attachNote(g.op->getLoc()) << "the get on the far tile";
        diag.attachNote(p.op->getLoc())
            << "hint: index the channel so that tile (x, y) sends to (x + 1, y) "
               "or (x, y - 1), or use a DMA channel";
        return;
      }
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createCascadeAdjacency() {
  return std::make_unique<CascadeAdjacency>();
}
