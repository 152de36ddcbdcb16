//===- SvgCycle.cpp - the wait-for cycle drawn -----------------------------===//
//
// Layout: the nodes of the cycle (or the chain) on a circle, in the order
// each waits for the next, clockwise from the top; a node waiting for itself
// gets a loop. Nodes blocked behind the cycle go in a grey row below. An
// arrow is a slightly bent quadratic curve from box border to box border,
// so that two nodes waiting for each other get two distinct arrows; its
// label sits at the curve's middle.
//
//===----------------------------------------------------------------------===//
#include "tools/air-check/SvgCycle.h"

#include "tools/air-check/HtmlStyle.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>

using namespace aircheck;

namespace {
struct Box {
  double x, y, w, h; // centre and size
};
} // namespace

/// The point where the ray from the centre of `b` towards (dx, dy) leaves it.
static std::pair<double, double> border(const Box &b, double dx, double dy) {
  double len = std::hypot(dx, dy);
  if (len == 0)
    return {b.x, b.y};
  double tx = dx == 0 ? 1e9 : (b.w / 2 + 3) / std::fabs(dx);
  double ty = dy == 0 ? 1e9 : (b.h / 2 + 3) / std::fabs(dy);
  double t = std::min(tx, ty);
  return {b.x + dx * t, b.y + dy * t};
}

static std::string shorten(const std::string &s, size_t max) {
  if (s.size() <= max)
    return s;
  return s.substr(0, max - 1) + "\xE2\x80\xA6"; // an ellipsis
}

/// The place parts a node shows: those after the prefix every node shares
/// (the function, the launch), but at least the two innermost; at most
/// three.
static std::vector<std::string> shownPlace(const WaitGraph &g,
                                           const WaitGraph::Node &n) {
  size_t common = n.place.size();
  for (const WaitGraph::Node &o : g.nodes) {
    size_t k = 0;
    while (k < common && k < o.place.size() && o.place[k] == n.place[k])
      ++k;
    common = std::min(common, k);
  }
  // Keep at least the two innermost parts (the herd tile and its loop
  // iteration, say), shared or not.
  common = std::min(common, n.place.size() < 2 ? 0 : n.place.size() - 2);
  std::vector<std::string> out(n.place.begin() + common, n.place.end());
  if (out.size() > 3)
    out.erase(out.begin(), out.end() - 3);
  return out;
}

void aircheck::writeWaitGraphSvg(llvm::raw_ostream &os, const WaitGraph &g) {
  const double boxW = 250, lineH = 13;
  std::vector<unsigned> ring, behind;
  // The cycle in wait order: follow the first unvisited successor on the
  // cycle; start again at the first unvisited cycle node.
  std::vector<bool> seen(g.nodes.size());
  for (unsigned s = 0; s < g.nodes.size(); ++s) {
    if (!g.nodes[s].inCycle || seen[s])
      continue;
    for (unsigned cur = s; !seen[cur];) {
      seen[cur] = true;
      ring.push_back(cur);
      for (const WaitGraph::Edge &e : g.edges)
        if (e.from == cur && g.nodes[e.to].inCycle && !seen[e.to]) {
          cur = e.to;
          break;
        }
    }
  }
  for (unsigned i = 0; i < g.nodes.size(); ++i)
    if (!g.nodes[i].inCycle)
      behind.push_back(i);

  std::vector<Box> box(g.nodes.size());
  std::vector<std::vector<std::string>> place(g.nodes.size());
  for (unsigned i = 0; i < g.nodes.size(); ++i) {
    place[i] = shownPlace(g, g.nodes[i]);
    box[i].w = boxW;
    box[i].h = 22 + lineH * place[i].size();
  }
  size_t n = ring.size();
  double radius = n <= 1 ? 0 : n == 2 ? 170 : std::max(150.0, 55.0 * n);
  double ringH = n <= 1 ? 110 : n == 2 ? 110 : 2 * radius * 0.55 + 90;
  // The nodes behind: rows of at most four.
  const size_t perRow = 4;
  size_t behindRows = (behind.size() + perRow - 1) / perRow;
  size_t rowLen = std::min(behind.size(), perRow);
  double width = std::max(n <= 1 ? 420.0 : n == 2 ? 2 * boxW + 180
                                                  : 2 * radius + boxW + 60,
                          rowLen * (boxW + 20) + 20);
  if (!g.cycle) { // a chain: one row, left to right
    ringH = 80;
    width = std::max(n * (boxW + 70) + 20, rowLen * (boxW + 20) + 20);
  }
  double cx = width / 2, cy = 44 + ringH / 2;
  for (size_t k = 0; k < n; ++k) {
    Box &b = box[ring[k]];
    if (!g.cycle) {
      b.x = 10 + boxW / 2 + k * (boxW + 70), b.y = cy;
    } else if (n == 1) {
      b.x = cx, b.y = cy;
    } else if (n == 2) {
      b.x = cx + (k ? 1 : -1) * (boxW / 2 + 70), b.y = cy;
    } else {
      double a = -M_PI / 2 + 2 * M_PI * k / n;
      b.x = cx + radius * std::cos(a);
      b.y = cy + radius * 0.55 * std::sin(a);
    }
  }
  double rowY = 44 + ringH + 60;
  double behindH = 0;
  for (unsigned i : behind)
    behindH = std::max(behindH, box[i].h);
  for (size_t k = 0; k < behind.size(); ++k) {
    Box &b = box[behind[k]];
    size_t inRow = std::min(perRow, behind.size() - k / perRow * perRow);
    b.x = 10 + boxW / 2 + (k % perRow) * (boxW + 20) +
          (width - 20 - inRow * (boxW + 20)) / 2;
    b.y = rowY + (k / perRow) * (behindH + 30);
  }
  double height = behind.empty()
                      ? 44 + ringH + 20
                      : rowY + (behindRows - 1) * (behindH + 30) + 50;
  if (g.omitted)
    height += 18;

  os << llvm::formatv("<svg class=\"waitgraph\" xmlns=\"http://www.w3.org/2000/svg\" "
                      "width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
                      "role=\"img\" aria-label=\"wait-for {2}\">\n",
                      int(width), int(height), g.cycle ? "cycle" : "chain");
  os << "<defs><marker id=\"wf-arrow\" viewBox=\"0 0 10 10\" refX=\"9\" "
        "refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\">"
        "<path d=\"M0,0 L10,5 L0,10 z\" fill=\"#b00020\"/></marker>"
        "<marker id=\"wf-arrow-grey\" viewBox=\"0 0 10 10\" refX=\"9\" "
        "refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\">"
        "<path d=\"M0,0 L10,5 L0,10 z\" fill=\"#bbb\"/></marker></defs>\n";
  os << llvm::formatv("<text x=\"10\" y=\"18\" font-size=\"12\" fill=\"#666\">"
                      "{0}</text>\n",
                      g.cycle ? "each waits for the one its arrow points to; "
                                "the cycle never breaks"
                              : "each waits for the one its arrow points to; "
                                "the last waits for what never comes");

  // Arrows first, boxes on top.
  for (const WaitGraph::Edge &e : g.edges) {
    const Box &a = box[e.from], &b = box[e.to];
    bool grey = !g.nodes[e.from].inCycle;
    std::string cls = grey ? "wait behind" : "wait";
    std::string marker = grey ? "wf-arrow-grey" : "wf-arrow";
    double lx, ly;
    std::string d;
    if (e.from == e.to) {
      // A loop over the top of the box.
      double x0 = a.x - 30, x1 = a.x + 30, y0 = a.y - a.h / 2 - 2;
      d = llvm::formatv("M{0:F1},{1:F1} C{0:F1},{2:F1} {3:F1},{2:F1} {3:F1},{1:F1}",
                        x0, y0, y0 - 50, x1)
              .str();
      lx = a.x, ly = y0 - 40;
    } else {
      double dx = b.x - a.x, dy = b.y - a.y, len = std::hypot(dx, dy);
      double bend = grey || !g.cycle ? 0 : 0.18 * len;
      // Bend to the left of the direction of travel: two opposite waits
      // become two arcs.
      double mx = (a.x + b.x) / 2 + (dy / len) * bend,
             my = (a.y + b.y) / 2 - (dx / len) * bend;
      auto [sx, sy] = border(a, mx - a.x, my - a.y);
      auto [tx, ty] = border(b, mx - b.x, my - b.y);
      d = llvm::formatv("M{0:F1},{1:F1} Q{2:F1},{3:F1} {4:F1},{5:F1}", sx, sy,
                        mx, my, tx, ty)
              .str();
      lx = 0.25 * sx + 0.5 * mx + 0.25 * tx;
      ly = 0.25 * sy + 0.5 * my + 0.25 * ty;
      // Beside the curve, on its outer side, so that the line does not
      // run through the text.
      if (!grey) {
        lx += (dy / len) * 9;
        ly -= (dx / len) * 9;
      } else {
        lx += 6;
      }
    }
    os << llvm::formatv("<path class=\"{0}\" d=\"{1}\" marker-end=\"url(#{2})\">"
                        "<title>{3}</title></path>\n",
                        cls, d, marker, htmlEscape(e.label));
    os << llvm::formatv("<text class=\"waitlabel{0}\" x=\"{1:F1}\" y=\"{2:F1}\" "
                        "text-anchor=\"middle\">{3}</text>\n",
                        grey ? " behind" : "", lx, ly + 4,
                        htmlEscape(shorten(e.label, 40)));
  }
  for (unsigned i = 0; i < g.nodes.size(); ++i) {
    const WaitGraph::Node &nd = g.nodes[i];
    const Box &b = box[i];
    std::string label = llvm::StringRef(nd.label).starts_with("the ")
                            ? nd.label.substr(4)
                            : nd.label;
    if (nd.line)
      label += " (" + std::to_string(nd.line) + ":" + std::to_string(nd.column) + ")";
    os << llvm::formatv("<g class=\"node {0}{1}\"><title>{2}</title>"
                        "<rect x=\"{3:F1}\" y=\"{4:F1}\" width=\"{5:F1}\" "
                        "height=\"{6:F1}\" rx=\"{7}\"/>"
                        "<text class=\"label\" x=\"{8:F1}\" y=\"{9:F1}\" "
                        "text-anchor=\"middle\">{10}</text>",
                        nd.kind, nd.inCycle ? "" : " behind",
                        htmlEscape(label), b.x - b.w / 2, b.y - b.h / 2, b.w,
                        b.h, nd.kind == "lock" ? 12 : 4, b.x,
                        b.y - b.h / 2 + 15, htmlEscape(shorten(label, 40)));
    for (size_t k = 0; k < place[i].size(); ++k)
      os << llvm::formatv("<text class=\"place\" x=\"{0:F1}\" y=\"{1:F1}\" "
                          "text-anchor=\"middle\">{2}</text>",
                          b.x, b.y - b.h / 2 + 15 + lineH * (k + 1),
                          htmlEscape(shorten(place[i][k], 40)));
    os << "</g>\n";
  }
  if (g.omitted)
    os << llvm::formatv("<text x=\"10\" y=\"{0:F1}\" font-size=\"11\" "
                        "fill=\"#999\">and {1} more blocked behind it, not "
                        "drawn</text>\n",
                        height - 8, g.omitted);
  os << "</svg>\n";
}
