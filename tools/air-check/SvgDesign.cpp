//===- SvgDesign.cpp - the flows of an aie design on its array -------------===//
//
// Layout: one cell per tile of the device (top row first), a gutter to the
// right of each column and above each row. Every stream port a flow uses
// sits on the right edge of its tile (inputs above outputs). An arrow leaves
// its source port to the right, runs in the source column's gutter up or
// down to the gutter above the destination's row, across to the
// destination column's gutter, and into the destination port from the
// right: arrows never cross a tile. Flows from one source port share a
// lane and a colour, so a broadcast is one line fanning out.
//
//===----------------------------------------------------------------------===//
#include "tools/air-check/SvgDesign.h"

#include "tools/air-check/HtmlStyle.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <set>

using namespace aircheck;
using namespace aircheck::aiecheck;
using namespace mlir;

namespace {
struct Port {
  Coord tile;
  aie::WireBundle bundle;
  int32_t channel;
  bool out;
  bool operator<(const Port &o) const {
    return std::tie(tile, out, bundle, channel) <
           std::tie(o.tile, o.out, o.bundle, o.channel);
  }
  bool operator==(const Port &o) const { return !(*this < o) && !(o < *this); }
};

/// One arrow: an aie.flow, or one destination of an aie.packet_flow.
struct Arrow {
  Port src, dst;
  bool packet = false;
  int64_t id = 0;
};

/// The arrows from one source port.
struct Group {
  Port src;
  std::vector<unsigned> arrows;
  const char *color = nullptr;
};
} // namespace

static std::optional<Coord> tileOf(Value v) {
  if (auto t = v.getDefiningOp<aie::TileOp>())
    return coordOf(t);
  return std::nullopt;
}

static std::string portName(const Port &p) {
  return aie::stringifyWireBundle(p.bundle).str() + " " +
         std::to_string(p.channel);
}

static std::string tileName(const Device &d, Coord c) {
  return d.model ? describe(c, d.kindOf(c))
                 : "tile (" + std::to_string(c.first) + ", " +
                       std::to_string(c.second) + ")";
}

/// "64 KiB" or "512 B".
static std::string bytes(int64_t b) {
  if (b >= 1024 && b % 1024 == 0)
    return std::to_string(b / 1024) + " KiB";
  if (b >= 1024)
    return llvm::formatv("{0:F1} KiB", b / 1024.0).str();
  return std::to_string(b) + " B";
}

static std::string shortResource(llvm::StringRef r) {
  if (r == "memory bytes")
    return "mem";
  if (r == "S2MM channels")
    return "S2MM";
  if (r == "MM2S channels")
    return "MM2S";
  return r.str();
}

/// The L3 transfers and tasks of the runtime sequences, one line each.
static std::vector<std::string> l3Lines(const Device &d) {
  std::vector<std::string> out;
  aie::DeviceOp dev = d.op;
  dev.walk([&](aie::RuntimeSequenceOp seq) {
    seq.walk([&](Operation *op) {
      std::string line;
      if (auto m = dyn_cast<aiex::NpuDmaMemcpyNdOp>(op)) {
        std::string arg = "%buffer";
        if (auto ba = dyn_cast<BlockArgument>(m.getMemref()))
          arg = "%arg" + std::to_string(ba.getArgNumber());
        std::string sizes;
        for (int64_t s : m.getStaticSizes())
          sizes += (sizes.empty() ? "" : "x") +
                   (ShapedType::isDynamic(s) ? std::string("?")
                                             : std::to_string(s));
        line = "dma_memcpy_nd " + arg + " [" + sizes + "] on @" +
               m.getMetadata().str();
      } else if (auto t = dyn_cast<aiex::DMAConfigureTaskForOp>(op)) {
        line = "task on @" + t.getAlloc().str();
      } else if (auto t = dyn_cast<aiex::DMAConfigureTaskOp>(op)) {
        if (auto c = tileOf(t.getTile()))
          line = "task on " + tileName(d, *c) + " " +
                 dirName(t.getDirection()) + " " +
                 std::to_string(t.getChannel());
      } else if (auto w = dyn_cast<aiex::NpuDmaWaitOp>(op)) {
        line = "dma_wait @" + w.getSymbol().str();
      }
      if (!line.empty())
        out.push_back(line);
    });
  });
  return out;
}

void aircheck::writeDesignSvg(llvm::raw_ostream &os, const Device &d,
                              const DesignPictureOptions &options) {
  // The design: tiles, arrows, allocations.
  std::set<Coord> tiles;
  std::vector<Arrow> arrows;
  std::vector<std::pair<Coord, Coord>> cascades;
  std::vector<std::string> allocs;
  aie::DeviceOp dev = d.op;
  for (Operation &op : dev.getBodyBlock()) {
    if (auto t = dyn_cast<aie::TileOp>(op)) {
      tiles.insert(coordOf(t));
    } else if (auto f = dyn_cast<aie::FlowOp>(op)) {
      auto s = tileOf(f.getSource()), t = tileOf(f.getDest());
      if (s && t)
        arrows.push_back({{*s, f.getSourceBundle(), (int32_t)f.getSourceChannel(), true},
                          {*t, f.getDestBundle(), (int32_t)f.getDestChannel(), false}});
    } else if (auto pf = dyn_cast<aie::PacketFlowOp>(op)) {
      std::optional<Port> src;
      std::vector<Port> dsts;
      for (Operation &p : pf.getPorts().front()) {
        if (auto s = dyn_cast<aie::PacketSourceOp>(p)) {
          if (auto c = tileOf(s.getTile()))
            src = Port{*c, s.getBundle(), (int32_t)s.getChannel(), true};
        } else if (auto t = dyn_cast<aie::PacketDestOp>(p)) {
          if (auto c = tileOf(t.getTile()))
            dsts.push_back(Port{*c, t.getBundle(), (int32_t)t.getChannel(), false});
        }
      }
      if (src)
        for (const Port &dst : dsts)
          arrows.push_back({*src, dst, true, (int64_t)pf.getId()});
    } else if (auto cf = dyn_cast<aie::CascadeFlowOp>(op)) {
      auto s = tileOf(cf.getSourceTile()), t = tileOf(cf.getDestTile());
      if (s && t)
        cascades.push_back({*s, *t});
    } else if (auto a = dyn_cast<aie::ShimDMAAllocationOp>(op)) {
      std::string where;
      if (auto c = tileOfOp(a))
        where = "(" + std::to_string(c->first) + ", " + std::to_string(c->second) + ")";
      else if (a.getCol())
        where = "column " + std::to_string(*a.getCol());
      std::string line = "@" + a.getSymName().str() + ": " +
                         dirName(a.getChannelDir()) + " " +
                         std::to_string(a.getChannelIndex()) + " of " + where;
      if (a.getPktId())
        line += ", packet id " + std::to_string(*a.getPktId());
      allocs.push_back(line);
    }
  }
  std::vector<std::string> l3 = l3Lines(d);

  // Groups: one per source port, in order of first appearance.
  std::vector<Group> groups;
  std::vector<unsigned> groupOf(arrows.size());
  for (unsigned i = 0; i < arrows.size(); ++i) {
    auto it = llvm::find_if(groups, [&](const Group &g) {
      return g.src == arrows[i].src && arrows[g.arrows[0]].packet ==
                                           arrows[i].packet;
    });
    if (it == groups.end()) {
      groups.push_back({arrows[i].src, {}, nullptr});
      it = std::prev(groups.end());
    }
    it->arrows.push_back(i);
    groupOf[i] = it - groups.begin();
  }
  // Herd tiles are tinted in the herds' colours; flows take the palette's
  // colours after them, so that no flow reads as a herd.
  unsigned herdColours = 0;
  for (auto &[c, h] : options.herds)
    herdColours = std::max(herdColours, h.first + 1);
  unsigned next = herdColours;
  for (Group &g : groups)
    g.color = paletteColor(next++);

  // Ports per tile, inputs first.
  std::map<Coord, std::vector<Port>> ports;
  for (const Arrow &a : arrows)
    for (const Port &p : {a.src, a.dst}) {
      auto &v = ports[p.tile];
      if (!llvm::is_contained(v, p))
        v.push_back(p);
    }
  for (auto &[c, v] : ports)
    llvm::sort(v);

  // Geometry.
  int64_t cols = d.model ? d.model->columns : 0, rows = d.model ? d.model->rows : 0;
  for (Coord c : tiles) {
    cols = std::max<int64_t>(cols, c.first + 1);
    rows = std::max<int64_t>(rows, c.second + 1);
  }
  // Columns right of the last one the design uses are left out (said in a
  // caption): the lowering's npu1 device has five, a design may use one.
  int64_t usedCols = 0;
  for (Coord c : tiles)
    usedCols = std::max<int64_t>(usedCols, c.first + 1);
  for (const Arrow &a : arrows)
    usedCols = std::max<int64_t>({usedCols, a.src.tile.first + 1,
                                  a.dst.tile.first + 1});
  for (auto [from, to] : cascades)
    usedCols = std::max<int64_t>({usedCols, from.first + 1, to.first + 1});
  int64_t allCols = cols;
  if (usedCols > 0 && usedCols < cols)
    cols = usedCols;
  const double W = 176, H = 104, rowGap = 24, left = 72, top = 30;
  double colGap = 14 + 5 * std::min<size_t>(groups.size(), 12);
  auto xOf = [&](int64_t col) { return left + col * (W + colGap); };
  auto yOf = [&](int64_t row) { return top + rowGap + (rows - 1 - row) * (H + rowGap); };
  auto lane = [&](unsigned g) { return 7 + (g * 5) % int(colGap - 10); };
  auto portY = [&](const Port &p) {
    const auto &v = ports[p.tile];
    size_t k = llvm::find(v, p) - v.begin();
    double step = std::min(11.0, (H - 28) / std::max<size_t>(v.size(), 1));
    return yOf(p.tile.second) + 24 + k * step;
  };
  double gridW = left + cols * (W + colGap);
  std::vector<std::string> side;
  if (!allocs.empty()) {
    side.push_back("!shim DMA allocations");
    side.insert(side.end(), allocs.begin(), allocs.end());
  }
  if (!l3.empty()) {
    side.push_back("!L3 transfers (runtime sequence)");
    for (size_t i = 0; i < l3.size() && i < 24; ++i)
      side.push_back(l3[i]);
    if (l3.size() > 24)
      side.push_back("... and " + std::to_string(l3.size() - 24) + " more");
  }
  size_t sideChars = 0;
  for (const std::string &s : side)
    sideChars = std::max(sideChars, s.size());
  double sideW = side.empty() ? 0 : 20 + 5.6 * std::min<size_t>(sideChars, 70);
  double width = gridW + sideW + 10;
  double gridH = top + rowGap + rows * (H + rowGap) + 10;
  double shimBottom = yOf(0) + H;
  double sideTop = std::max(top, shimBottom - 13.0 * side.size());
  double height = std::max(gridH, sideTop + 13.0 * side.size() + 20);

  os << llvm::formatv("<svg class=\"design\" xmlns=\"http://www.w3.org/2000/svg\" "
                      "width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
                      "role=\"img\" aria-label=\"aie design\">\n",
                      int(width), int(height));
  os << "<defs>";
  for (const Group &g : groups)
    os << llvm::formatv("<marker id=\"fl-{0}\" viewBox=\"0 0 10 10\" refX=\"9\" "
                        "refY=\"5\" markerWidth=\"6\" markerHeight=\"6\" "
                        "orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" "
                        "fill=\"{1}\"/></marker>",
                        &g - groups.data(), g.color);
  if (!cascades.empty())
    os << "<marker id=\"fl-cascade\" viewBox=\"0 0 10 10\" refX=\"9\" "
          "refY=\"5\" markerWidth=\"4\" markerHeight=\"4\" "
          "orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#555\"/>"
          "</marker>";
  os << "</defs>\n";

  // Tiles.
  for (int64_t row = rows - 1; row >= 0; --row) {
    std::string rowKind = d.model && row < (int64_t)d.model->rowKinds.size()
                              ? d.model->rowKinds[row]
                              : "";
    os << llvm::formatv("<text x=\"6\" y=\"{0:F1}\" font-size=\"11\">{1} {2}"
                        "</text>\n",
                        yOf(row) + H / 2, rowKind == "memtile" ? "mem" : rowKind,
                        row);
    for (int64_t col = 0; col < cols; ++col) {
      Coord c{col, row};
      double x = xOf(col), y = yOf(row);
      bool declared = tiles.count(c);
      auto fig = options.figures.find(c);
      bool over = fig != options.figures.end() &&
                  llvm::any_of(fig->second, [](const TileFigure &f) {
                    return f.capacity >= 0 && f.used > f.capacity;
                  });
      std::string kind = rowKind.empty() ? "unknown" : rowKind;
      os << llvm::formatv("<g class=\"tilecell\"><rect class=\"tile {0}{1}{2}\" "
                          "x=\"{3:F1}\" y=\"{4:F1}\" width=\"{5}\" height=\"{6}\"/>",
                          kind, declared ? " used" : " unused", over ? " over" : "",
                          x, y, W, H);
      auto herd = options.herds.find(c);
      if (herd != options.herds.end())
        os << llvm::formatv("<rect x=\"{0:F1}\" y=\"{1:F1}\" width=\"{2}\" "
                            "height=\"{3}\" fill=\"{4}\" fill-opacity=\"0.22\"/>"
                            "<text x=\"{5:F1}\" y=\"{6:F1}\" font-size=\"16\" "
                            "font-weight=\"bold\" fill=\"{4}\" "
                            "text-anchor=\"end\">{7}</text>",
                            x, y, W, H, paletteColor(herd->second.first),
                            x + W - 5, y + H - 6, herd->second.second);
      if (declared) {
        os << llvm::formatv("<text class=\"tilename\" x=\"{0:F1}\" y=\"{1:F1}\">"
                            "({2}, {3}){4}</text>",
                            x + 5, y + 14, col, row, over ? " OVER" : "");
        if (fig != options.figures.end()) {
          double fy = y + 27;
          for (const TileFigure &f : fig->second) {
            bool fOver = f.capacity >= 0 && f.used > f.capacity;
            std::string text = shortResource(f.resource) + " ";
            if (f.resource == "memory bytes")
              text += f.capacity >= 0 ? bytes(f.used) + " / " + bytes(f.capacity)
                                      : bytes(f.used);
            else
              text += std::to_string(f.used) +
                      (f.capacity >= 0 ? " / " + std::to_string(f.capacity) : "");
            os << llvm::formatv("<text class=\"figure{0}\" x=\"{1:F1}\" "
                                "y=\"{2:F1}\">{3}</text>",
                                fOver ? " over" : "", x + 5, fy, htmlEscape(text));
            if (f.capacity > 0) {
              double frac = std::min(1.0, double(f.used) / double(f.capacity));
              os << llvm::formatv("<rect class=\"barbg\" x=\"{0:F1}\" y=\"{1:F1}\" "
                                  "width=\"80\" height=\"4\"/><rect class=\"barfg{2}\" "
                                  "x=\"{0:F1}\" y=\"{1:F1}\" width=\"{3:F1}\" "
                                  "height=\"4\"/>",
                                  x + 5, fy + 2, fOver ? " over" : "", 80 * frac);
            }
            fy += 15;
          }
        }
        for (const Port &p : ports[c])
          os << llvm::formatv("<text class=\"port\" x=\"{0:F1}\" y=\"{1:F1}\" "
                              "text-anchor=\"end\">{2} {3}</text>",
                              x + W - 4, portY(p) + 3, portName(p),
                              p.out ? "out" : "in");
      }
      os << "</g>\n";
    }
  }
  for (int64_t col = 0; col < cols; ++col)
    os << llvm::formatv("<text x=\"{0:F1}\" y=\"{1:F1}\" font-size=\"11\" "
                        "text-anchor=\"middle\">col {2}</text>\n",
                        xOf(col) + W / 2, top + 10, col);

  if (cols < allCols)
    os << llvm::formatv("<text x=\"{0:F1}\" y=\"{1:F1}\" font-size=\"10\" "
                        "fill=\"#666\">{2} of the device: no tile used, not "
                        "drawn</text>\n",
                        left, top - 14,
                        cols + 1 == allCols
                            ? "column " + std::to_string(cols)
                            : "columns " + std::to_string(cols) + "-" +
                                  std::to_string(allCols - 1));

  // Arrows.
  for (unsigned i = 0; i < arrows.size(); ++i) {
    const Arrow &a = arrows[i];
    unsigned g = groupOf[i];
    double sx = xOf(a.src.tile.first) + W, sy = portY(a.src);
    double tx = xOf(a.dst.tile.first) + W, ty = portY(a.dst);
    double lx = sx + lane(g), dx = tx + lane(g);
    std::string path = llvm::formatv("M{0:F1},{1:F1} H{2:F1}", sx, sy, lx).str();
    if (a.src.tile.first == a.dst.tile.first) {
      path += llvm::formatv(" V{0:F1}", ty).str();
    } else {
      double hy = yOf(a.dst.tile.second) - rowGap + 5 + (g * 3) % int(rowGap - 9);
      path += llvm::formatv(" V{0:F1} H{1:F1} V{2:F1}", hy, dx, ty).str();
    }
    path += llvm::formatv(" H{0:F1}", tx + 1).str();
    std::string title = tileName(d, a.src.tile) + " " + portName(a.src) +
                        " \xE2\x86\x92 " + tileName(d, a.dst.tile) + " " +
                        portName(a.dst) +
                        (a.packet ? " (packet flow, id " + std::to_string(a.id) + ")"
                                  : std::string(" (flow)"));
    os << llvm::formatv("<path class=\"flow{0}\" d=\"{1}\" stroke=\"{2}\" "
                        "marker-end=\"url(#fl-{3})\"><title>{4}</title></path>\n",
                        a.packet ? " packet" : "", path, groups[g].color, g,
                        htmlEscape(title));
  }
  // Cascades: a thick grey arrow straight from a core's tile to its
  // neighbour's, through the gap between them.
  for (auto [from, to] : cascades) {
    double fx = xOf(from.first) + W * 0.4, fy = yOf(from.second) + H / 2;
    double tx = xOf(to.first) + W * 0.4, ty = yOf(to.second) + H / 2;
    if (from.second == to.second) { // east or west: at mid-height
      fx = from.first < to.first ? xOf(from.first) + W : xOf(from.first);
      tx = from.first < to.first ? xOf(to.first) : xOf(to.first) + W;
    } else { // north or south
      fy = from.second > to.second ? yOf(from.second) + H : yOf(from.second);
      ty = from.second > to.second ? yOf(to.second) : yOf(to.second) + H;
    }
    os << llvm::formatv("<path class=\"flow cascade\" d=\"M{0:F1},{1:F1} "
                        "L{2:F1},{3:F1}\" stroke=\"#555\" "
                        "marker-end=\"url(#fl-cascade)\"><title>{4}</title>"
                        "</path>\n",
                        fx, fy, tx, ty,
                        htmlEscape(tileName(d, from) + " \xE2\x86\x92 " +
                                   tileName(d, to) + " (cascade)"));
  }
  // Sources as dots, so that a fan-out reads as one source.
  for (const Group &g : groups)
    os << llvm::formatv("<circle cx=\"{0:F1}\" cy=\"{1:F1}\" r=\"3\" fill=\"{2}\"/>\n",
                        xOf(g.src.tile.first) + W, portY(g.src), g.color);

  // Beside the shim row.
  double y = sideTop;
  for (const std::string &s : side) {
    bool head = !s.empty() && s[0] == '!';
    os << llvm::formatv("<text class=\"side{0}\" x=\"{1:F1}\" y=\"{2:F1}\">{3}"
                        "</text>\n",
                        head ? " head" : "", gridW + 10, y + 10,
                        htmlEscape(head ? s.substr(1) : s.substr(0, 70)));
    y += 13;
  }
  os << "</svg>\n";

  // The legend: each flow's channel.
  os << "<ul class=\"legend flows\">\n";
  for (const Group &g : groups) {
    const Arrow &first = arrows[g.arrows.front()];
    std::string dsts;
    for (unsigned a : g.arrows)
      dsts += (dsts.empty() ? "" : ", ") + tileName(d, arrows[a].dst.tile) + " " +
              portName(arrows[a].dst) +
              (first.packet ? " (id " + std::to_string(arrows[a].id) + ")" : "");
    os << llvm::formatv("<li><span class=\"swatch{0}\" style=\"background:{1};"
                        "border-color:{1}\"></span>{2} {3} \xE2\x86\x92 {4}{5}</li>\n",
                        first.packet ? " packet" : "", g.color,
                        htmlEscape(tileName(d, g.src.tile)),
                        htmlEscape(portName(g.src)), htmlEscape(dsts),
                        first.packet ? " <i>packet flow</i>"
                        : g.arrows.size() > 1 ? " <i>broadcast</i>"
                                              : "");
  }
  for (auto [from, to] : cascades)
    os << "<li><span class=\"swatch cascade\" style=\"background:#555\">"
          "</span>"
       << htmlEscape(tileName(d, from)) << " \xE2\x86\x92 "
       << htmlEscape(tileName(d, to)) << " <i>cascade</i></li>\n";
  if (groups.empty() && cascades.empty())
    os << "<li>no aie.flow or aie.packet_flow in this device</li>\n";
  os << "<li>solid: aie.flow (circuit-switched); dashed: aie.packet_flow; "
        "thick grey: cascade; a dot marks a source port, an arrowhead a "
        "destination port</li>\n</ul>\n";
}
