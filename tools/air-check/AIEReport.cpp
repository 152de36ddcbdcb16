//===- AIEReport.cpp - `air-check report` on an aie.device module ----------===//
//
// Per tile of each aie.device: the bytes of its buffers (and its core's
// stack) against its memory, its locks, its BDs and its DMA channels in use
// in each direction, each against the device model of the device's name
// (analyses/devices/<name>.json, as the aie-level lint checks read it).
//
//===----------------------------------------------------------------------===//
#include "tools/air-check/AIEReport.h"

#include "analyses/aie/AIEDesign.h"
#include "tools/air-check/HtmlLint.h"
#include "tools/air-check/HtmlStyle.h"
#include "tools/air-check/Output.h"
#include "tools/air-check/SvgDesign.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <map>
#include <set>

using namespace aircheck;
using namespace aircheck::aiecheck;
using namespace mlir;
namespace json = llvm::json;

namespace {

struct Row {
  std::string resource;
  int64_t used, capacity; // capacity < 0: no model
  bool over() const { return capacity >= 0 && used > capacity; }
};
} // namespace



/// A tile's figures against the device's limits.
static std::vector<Row> rowsOf(const Device &d, TileKind kind, const TileUse &u) {
  auto cap = [&](int64_t v) { return d.model ? v : -1; };
  int64_t mem = !d.model                       ? -1
                : kind == TileKind::Compute    ? d.model->l1Bytes
                : kind == TileKind::MemTile    ? d.model->memtileBytes
                                               : 0;
  std::vector<Row> rows = {
      {"memory bytes", u.bufferBytes + (kind == TileKind::Compute ? u.stack : 0),
       mem},
      {"locks", u.locks, cap(d.model ? d.lockLimit(kind) : 0)},
      {"BDs", u.bds, cap(d.model ? d.bdLimit(kind) : 0)},
  };
  // A memory tile's channels each reach one bank of its BDs: a row per
  // bank, as aie-bds and the lowering count them.
  for (auto &[range, used] : u.bdsPerBank)
    rows.push_back({"BDs " + std::to_string(range.first) + "-" +
                        std::to_string(range.second),
                    used, range.second - range.first + 1});
  rows.push_back({"S2MM channels", u.channelsIn(),
                  cap(d.model ? d.dmaChannels(kind, aie::DMAChannelDir::S2MM)
                              : 0)});
  rows.push_back({"MM2S channels", u.channelsOut(),
                  cap(d.model ? d.dmaChannels(kind, aie::DMAChannelDir::MM2S)
                              : 0)});
  return rows;
}

std::map<Coord, std::vector<TileFigure>> aircheck::tileFigures(const Device &d) {
  std::map<Coord, std::vector<TileFigure>> out;
  for (auto &[c, u] : tileUses(d)) {
    TileKind kind = d.model ? d.kindOf(c) : TileKind::Outside;
    for (const Row &r : rowsOf(d, kind, u))
      if (!(r.resource == "memory bytes" && r.capacity == 0 && !u.buffers))
        out[c].push_back({r.resource, r.used, r.capacity});
  }
  return out;
}

int aircheck::writeAIEReport(ModuleOp module, llvm::StringRef path,
                             OutputFormat format, llvm::raw_ostream &os) {
  auto esc = [](llvm::StringRef in) { return htmlEscape(in); };
  std::string html;
  llvm::raw_string_ostream hs(html);
  unsigned over = 0, unknownDevices = 0;
  json::Array devices;
  std::string text;
  llvm::raw_string_ostream ts(text);
  for (Device &d : collectDevices(module)) {
    std::map<Coord, TileUse> tiles = tileUses(d);
    std::string devName = aie::stringifyAIEDevice(d.op.getDevice()).str();
    std::string sym;
    if (auto s = d.op->getAttrOfType<StringAttr>("sym_name"))
      sym = s.getValue().str();
    ts << "device " << devName << (sym.empty() ? "" : " @" + sym);
    if (!d.model) {
      ++unknownDevices;
      ts << ": no device model (" << d.noModel << "); figures without "
         << "capacities\n";
    } else {
      ts << " (" << d.model->arch << ", " << d.columns() << " columns)\n";
    }
    json::Array jtiles;
    // HTML: the design drawn on its array, each tile's figures as bars.
    DesignPictureOptions picture;
    for (auto &[c, u] : tiles) {
      TileKind kind = d.model ? d.kindOf(c) : TileKind::Outside;
      std::vector<Row> rows = rowsOf(d, kind, u);
      std::string where = d.model ? describe(c, kind)
                                  : "tile (" + std::to_string(c.first) + ", " +
                                        std::to_string(c.second) + ")";
      ts << "  " << where << "\n";
      json::Array jrows;
      std::vector<TileFigure> &figures = picture.figures[c];
      for (const Row &r : rows) {
        // A shim tile has no data memory: no row unless it holds buffers.
        if (r.resource == "memory bytes" && r.capacity == 0 && !u.buffers)
          continue;
        over += r.over();
        figures.push_back({r.resource, r.used, r.capacity});
        ts << llvm::formatv("    {0,-14} {1,8}", r.resource, r.used);
        if (r.capacity >= 0) {
          ts << " / " << r.capacity;
          if (r.capacity > 0)
            ts << llvm::formatv(" ({0:F1}%)", 100.0 * r.used / r.capacity);
          if (r.over())
            ts << "  OVER";
        }
        if (r.resource == "memory bytes")
          ts << "  [" << u.buffers << " buffer(s)"
             << (kind == TileKind::Compute && u.stack
                     ? ", stack " + std::to_string(u.stack)
                     : std::string())
             << "]";
        ts << "\n";
        json::Object o{{"resource", r.resource}, {"used", r.used},
                       {"status", r.capacity < 0 ? "unknown"
                                  : r.over()     ? "over"
                                                 : "fits"}};
        o["capacity"] = r.capacity >= 0 ? json::Value(r.capacity)
                                        : json::Value(nullptr);
        jrows.push_back(std::move(o));
      }
      jtiles.push_back(json::Object{
          {"col", c.first},
          {"row", c.second},
          {"kind", d.model ? kindName(kind) : "unknown"},
          {"buffers", u.buffers},
          {"buffer_bytes", u.bufferBytes},
          {"stack_bytes", kind == TileKind::Compute ? u.stack : 0},
          {"resources", std::move(jrows)}});
    }
    hs << "<h2>device " << esc(devName) << (sym.empty() ? "" : " @" + esc(sym))
       << "</h2>\n";
    if (!d.model)
      hs << "<p>no device model (" << esc(d.noModel)
         << "): figures without capacities</p>\n";
    writeDesignSvg(hs, d, picture);
    json::Object jd{{"device", devName}, {"tiles", std::move(jtiles)}};
    jd["name"] = sym.empty() ? json::Value(nullptr) : json::Value(sym);
    jd["arch"] = d.model ? json::Value(d.model->arch) : json::Value(nullptr);
    devices.push_back(std::move(jd));
  }
  std::string verdict = over ? "over capacity" : unknownDevices ? "unknown" : "fits";
  if (format == OutputFormat::Html) {
    writeHtmlHead(os, ("air-check report: " + path).str());
    os << "<h1>air-check report</h1>\n<p>" << esc(path)
       << " (aie level, per tile)</p>\n<p class=\"verdict\" id=\"verdict\">"
       << "verdict: " << verdict << "</p>\n"
       << hs.str();
    writeDeadlockPictures(os, path);
    os << "</body></html>\n";
  } else if (format == OutputFormat::Json) {
    json::Value doc = json::Object{{"tool", "air-check"},
                                   {"version", kVersion},
                                   {"file", path},
                                   {"level", "aie"},
                                   {"devices", std::move(devices)},
                                   {"verdict", verdict}};
    os << llvm::formatv("{0:2}", doc) << "\n";
  } else {
    os << "air-check report: " << path << " (aie level, per tile)\n"
       << ts.str() << "verdict: " << verdict << "\n";
  }
  return over || unknownDevices ? 1 : 0;
}
