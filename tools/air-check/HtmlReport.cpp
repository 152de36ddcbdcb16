//===- HtmlReport.cpp - `air-check report --format=html` -------------------===//
//
// One self-contained page: the device, a table of needs against capacities
// with a bar each, and an SVG map of the tile array with every herd and
// segment where it is placed.
//
//===----------------------------------------------------------------------===//
#include "tools/air-check/HtmlReport.h"

#include "tools/air-check/AIEReport.h"
#include "tools/air-check/HtmlLint.h"
#include "tools/air-check/HtmlStyle.h"
#include "tools/air-check/SvgDesign.h"

#include "llvm/Support/FormatVariadic.h"

using namespace aircheck;

static std::string escape(llvm::StringRef s) { return htmlEscape(s); }

static void writeMap(llvm::raw_ostream &os, const PlacementResult &p,
                     const DeviceModel &dev) {
  const int cell = 56, pad = 96;
  int width = pad + dev.columns * cell + 20, height = dev.rows * cell + 50;
  os << llvm::formatv("<svg class=\"map\" xmlns=\"http://www.w3.org/2000/svg\" "
                      "width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\">\n",
                      width, height);
  auto yOf = [&](int64_t row) { return 10 + (dev.rows - 1 - row) * cell; };
  for (int64_t row = 0; row < dev.rows; ++row) {
    std::string kind = row < (int64_t)dev.rowKinds.size() ? dev.rowKinds[row] : "";
    const char *fill = kind == "shim" ? "#d9d9d9" : kind == "memtile" ? "#dbe9f6" : "#ffffff";
    for (int64_t col = 0; col < dev.columns; ++col)
      os << llvm::formatv("<rect class=\"tile {0}\" x=\"{1}\" y=\"{2}\" width=\"{3}\" "
                          "height=\"{3}\" fill=\"{4}\" stroke=\"#999\"/>\n",
                          kind, pad + col * cell, yOf(row), cell - 2, fill);
    os << llvm::formatv("<text x=\"4\" y=\"{0}\" font-size=\"11\">{1} {2}</text>\n",
                        yOf(row) + cell / 2, kind == "memtile" ? "mem" : kind, row);
  }
  for (int64_t col = 0; col < dev.columns; ++col)
    os << llvm::formatv("<text x=\"{0}\" y=\"{1}\" font-size=\"11\" "
                        "text-anchor=\"middle\">{2}</text>\n",
                        pad + col * cell + cell / 2, dev.rows * cell + 26, col);
  unsigned color = 0;
  char letter = 'A';
  std::string legend;
  for (const PlacedRect &r : p.rects) {
    int x = pad + r.x * cell, y = yOf(r.y + r.height - 1);
    int w = r.width * cell - 2, h = r.height * cell - 2;
    if (r.isHerd) {
      const char *fill = paletteColor(color++);
      os << llvm::formatv("<g class=\"herd\"><rect x=\"{0}\" y=\"{1}\" width=\"{2}\" "
                          "height=\"{3}\" fill=\"{4}\" fill-opacity=\"0.8\"/>"
                          "<title>{5}</title><text x=\"{6}\" y=\"{7}\" "
                          "font-size=\"18\" font-weight=\"bold\" fill=\"#fff\" "
                          "text-anchor=\"middle\">{8}</text></g>\n",
                          x + 3, y + 3, w - 6, h - 6, fill, escape(r.label),
                          x + w / 2, y + h / 2 + 6, letter);
      legend += llvm::formatv("<li><span style=\"color:{0}\">&#9632;</span> <b>{1}</b> "
                              "{2}: columns {3}-{4}, rows {5}-{6}</li>\n",
                              fill, letter, escape(r.label), r.x, r.x + r.width - 1,
                              r.y, r.y + r.height - 1)
                    .str();
      letter = letter == 'Z' ? 'a' : letter + 1;
    } else {
      os << llvm::formatv("<rect class=\"segment\" x=\"{0}\" y=\"{1}\" width=\"{2}\" "
                          "height=\"{3}\" fill=\"none\" stroke=\"#333\" "
                          "stroke-width=\"2\" stroke-dasharray=\"6 3\"><title>{4}"
                          "</title></rect>\n",
                          x, y, w, h, escape(r.label));
    }
  }
  os << "</svg>\n<ul class=\"legend\">\n" << legend
     << "<li>dashed: a segment instance's rectangle; grey: shim row; blue: "
        "memory tiles</li>\n</ul>\n";
}

std::map<aiecheck::Coord, std::pair<unsigned, char>>
aircheck::herdTiles(const PlacementResult &p) {
  std::map<aiecheck::Coord, std::pair<unsigned, char>> out;
  unsigned color = 0;
  char letter = 'A';
  for (const PlacedRect &r : p.rects) {
    if (!r.isHerd)
      continue;
    for (int64_t x = r.x; x < r.x + r.width; ++x)
      for (int64_t y = r.y; y < r.y + r.height; ++y)
        out.insert({{x, y}, {color, letter}});
    ++color;
    letter = letter == 'Z' ? 'a' : letter + 1;
  }
  return out;
}

void aircheck::writeHtmlReport(llvm::raw_ostream &os, llvm::StringRef file,
                               const DeviceModel &dev,
                               llvm::ArrayRef<FitLine> lines,
                               llvm::ArrayRef<PlacementResult> placements,
                               llvm::StringRef verdict,
                               const TargetDesign *target) {
  writeHtmlHead(os, ("air-check report: " + file).str());
  os << "<h1>air-check report</h1>\n<p>" << escape(file) << " on <b>"
     << escape(dev.name) << "</b> (" << escape(dev.arch);
  if (dev.isAIE())
    os << llvm::formatv(", {0} columns x {1} rows, {2} compute tiles, {3} memory tiles",
                        dev.columns, dev.rows, dev.computeTiles, dev.memtiles);
  os << ")</p>\n<p class=\"verdict\" id=\"verdict\">verdict: " << escape(verdict)
     << "</p>\n";
  os << "<table id=\"resources\"><tr><th>scope</th><th>resource</th>"
        "<th class=\"num\">need</th><th class=\"num\">capacity</th><th>use</th></tr>\n";
  for (const FitLine &l : lines) {
    const char *cls = l.status == FitLine::Status::Over      ? "over"
                      : l.status == FitLine::Status::Unknown ? "unknown"
                                                             : "fits";
    double pct = l.need.known() && l.capacity > 0
                     ? 100.0 * double(*l.need.value) / double(l.capacity)
                     : 0.0;
    os << "<tr class=\"" << cls << "\"><td style=\"padding-left:" << 10 + 18 * l.depth
       << "px\">" << escape(l.scopeName) << "</td><td>" << escape(l.resource)
       << "</td><td class=\"num\">"
       << (l.need.known() ? std::to_string(*l.need.value) : std::string("unknown"))
       << "</td><td class=\"num\">" << l.capacity << "</td><td>";
    if (l.need.known() && l.capacity > 0)
      os << llvm::formatv("<span class=\"bar\"><span style=\"width:{0}%\"></span>"
                          "</span> {1:F1}%",
                          std::min(pct, 100.0), pct);
    os << "</td></tr>\n";
  }
  os << "</table>\n";
  bool anyMessage = false;
  for (const FitLine &l : lines)
    if (!l.message.empty()) {
      if (!anyMessage)
        os << "<h2>Findings</h2><ul id=\"findings\">\n";
      anyMessage = true;
      os << "<li>" << escape(l.message) << "</li>\n";
    }
  if (anyMessage)
    os << "</ul>\n";
  for (const PlacementResult &p : placements) {
    os << "<h2>Placement of " << escape(hierarchyName(p.launch)) << "</h2>\n";
    if (p.kind == PlacementResult::Kind::Placed && target &&
        &p == &placements.front()) {
      // Both levels side by side: the herds where they are placed, and the
      // design compile would write, its herd tiles in the same colours.
      os << "<div class=\"pictures\"><div class=\"map-side\"><h3>the AIR program on "
         << escape(dev.name) << "</h3>\n";
      writeMap(os, p, dev);
      os << "</div><div class=\"design-side\"><h3>the aie design <code>air-check compile "
            "--target="
         << escape(target->target) << "</code> writes</h3>\n";
      if (target->device) {
        DesignPictureOptions picture;
        picture.herds = herdTiles(p);
        picture.figures = tileFigures(*target->device);
        writeDesignSvg(os, *target->device, picture);
      } else {
        os << "<p class=\"placement-unknown\">no design: "
           << escape(target->why) << "</p>\n";
        if (!target->diagnostics.empty()) {
          os << "<ul>\n";
          for (const std::string &d : target->diagnostics)
            os << "<li>" << escape(d) << "</li>\n";
          os << "</ul>\n";
        }
      }
      os << "</div></div>\n";
    } else if (p.kind == PlacementResult::Kind::Placed)
      writeMap(os, p, dev);
    else
    {
      os << "<p class=\"placement-" << (p.kind == PlacementResult::Kind::Impossible ? "impossible" : "unknown")
         << "\">" << escape(p.why) << "</p>\n";
      if (!p.notes.empty()) {
        os << "<ul>\n";
        for (auto &[op, text] : p.notes)
          os << "<li>" << escape(text) << "</li>\n";
        os << "</ul>\n";
      }
    }
  }
  writeDeadlockPictures(os, file);
  os << "</body></html>\n";
}
