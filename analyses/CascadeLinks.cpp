//===- CascadeLinks.cpp - which herd tile a cascade put reaches -----------===//
#include "analyses/CascadeLinks.h"

#include "solvers/IslSupport.h"

#include "mlir/Pass/AnalysisManager.h"

#include "llvm/Support/FormatVariadic.h"

#include <isl/map.h>
#include <isl/set.h>

using namespace aircheck;
using namespace mlir;

std::optional<isl::map> aircheck::cascadeTileToIndex(PolyhedralModel &poly,
                                                     const ChannelAccess &a,
                                                     air::HerdOp herd,
                                                     bool physical) {
  if (!a.instances || !a.indexMap)
    return std::nullopt;
  const Instances &in = *a.instances;
  isl::map m = *a.indexMap;
  isl::set dom = isl::set::empty(m.domain().get_space());
  for (const Box &b : in.boxes)
    dom = dom.unite(poly.boxSet(in, b));
  m = m.intersect_domain(dom);
  // Keep the herd's own ids (x, then y), project out every other dim.
  unsigned herdDims = 0;
  for (unsigned i = 0; i < in.dims.size(); ++i)
    herdDims += in.dims[i].owner == herd.getOperation();
  for (int i = static_cast<int>(in.dims.size()) - 1; i >= 0; --i)
    if (in.dims[i].owner != herd.getOperation())
      m = islx::projectOutIn(m, i);
  if (herdDims < 1 || herdDims > 2)
    return std::nullopt;
  int64_t xl = 0, yl = 0;
  if (physical) {
    auto x = herd->getAttrOfType<IntegerAttr>("x_loc");
    auto y = herd->getAttrOfType<IntegerAttr>("y_loc");
    if (!x || !y)
      return std::nullopt;
    xl = x.getInt();
    yl = y.getInt();
  }
  // To (column, row); a 1-D herd is one row.
  std::string shift =
      herdDims == 1
          ? llvm::formatv("{ [a] -> [a + {0}, {1}] }", xl, yl).str()
          : llvm::formatv("{ [a, b] -> [a + {0}, b + {1}] }", xl, yl).str();
  return m.apply_domain(isl::map(poly.ctx(), shift));
}

std::vector<CascadeLink> aircheck::cascadeLinks(ChannelModel &model) {
  std::vector<CascadeLink> out;
  PolyhedralModel &poly = model.poly();
  for (ChannelInfo &c : model.channels()) {
    if (c.decl.getKind() != "cascade")
      continue;
    for (const ChannelAccess &p : c.puts)
      for (const ChannelAccess &g : c.gets) {
        CascadeLink l;
        l.channel = c.decl;
        l.put = p.op;
        l.get = g.op;
        l.putHerd = p.op->getParentOfType<air::HerdOp>();
        l.getHerd = g.op->getParentOfType<air::HerdOp>();
        if (!l.putHerd || !l.getHerd)
          continue; // cascade-adjacency reports it
        if (const ChannelAccess *u = c.firstUnknown()) {
          l.unknown = u->unknown ? u->unknown->reason : "not read";
          out.push_back(std::move(l));
          continue;
        }
        auto from = cascadeTileToIndex(poly, p, l.putHerd, false);
        auto to = cascadeTileToIndex(poly, g, l.getHerd, false);
        if (!from || !to) {
          l.unknown = "a herd that is not of one or two dimensions";
          out.push_back(std::move(l));
          continue;
        }
        isl::set deltas = from->apply_range(to->reverse()).deltas();
        // A herd has constant sizes on the array, so the offsets are a
        // small finite set; anything else is not read.
        if (isl_set_dim(deltas.get(), isl_dim_param) != 0 ||
            isl_set_is_bounded(deltas.get()) != isl_bool_true) {
          l.unknown = "the offsets from put tile to get tile are not bounded";
          out.push_back(std::move(l));
          continue;
        }
        bool tooMany = false;
        deltas.foreach_point([&](isl::point pt) {
          std::vector<std::string> d = islx::coordinates(pt, isl_dim_set);
          if (d.size() != 2 || l.offsets.size() >= 64) {
            tooMany = true;
            return;
          }
          l.offsets.push_back({std::stoll(d[0]), std::stoll(d[1])});
        });
        if (tooMany) {
          l.offsets.clear();
          l.unknown = "more than 64 offsets from put tile to get tile";
        }
        out.push_back(std::move(l));
      }
  }
  return out;
}

std::vector<CascadeLink> aircheck::cascadeLinksOf(Operation *module) {
  bool any = false;
  module->walk([&](air::ChannelOp c) { any |= c.getKind() == "cascade"; });
  if (!any)
    return {};
  ModuleAnalysisManager mam(module, nullptr);
  AnalysisManager am = mam;
  ChannelModel &model = am.getAnalysis<ChannelModel>();
  model.poly().isl().resetBudget();
  try {
    return cascadeLinks(model);
  } catch (const isl::exception &) {
    return {};
  }
}
