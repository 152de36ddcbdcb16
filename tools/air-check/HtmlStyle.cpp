//===- HtmlStyle.cpp - the stylesheet and palette of every page ------------===//
#include "tools/air-check/HtmlStyle.h"

using namespace aircheck;

std::string aircheck::htmlEscape(llvm::StringRef s) {
  std::string out;
  for (char c : s) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    default:
      out += c;
    }
  }
  return out;
}

static const char *const palette[] = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759",
                                      "#76b7b2", "#edc948", "#b07aa1", "#ff9da7",
                                      "#9c755f", "#bab0ac"};

const char *aircheck::paletteColor(unsigned n) { return palette[n % 10]; }

// One stylesheet: the AIR report's table, the tile maps (AIR placement and
// aie design), the flow and wait-for pictures, findings, and print.
static const char *const kStyle = R"(
body{font-family:sans-serif;margin:2em;color:#222;max-width:1500px}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.6em}
table{border-collapse:collapse}td,th{padding:3px 10px;text-align:left}
tr.over td{color:#b00020;font-weight:bold}tr.unknown td{color:#8a6d00}
.bar{background:#eee;width:120px;height:10px;display:inline-block}
.bar span{display:block;height:10px;background:#4e79a7}
tr.over .bar span{background:#b00020}.num{text-align:right}
.verdict{font-size:1.2em;font-weight:bold}td{white-space:nowrap}
.legend{list-style:none;padding-left:0;font-size:13px}
.legend li{margin:2px 0}.swatch{display:inline-block;width:22px;height:4px;
vertical-align:middle;margin-right:6px}.swatch.packet{border-top:3px dashed;
height:0;background:none!important}
.pictures{display:flex;gap:2em;align-items:flex-start}
.pictures>div{flex:0 1 auto;min-width:0}.pictures>.map-side{flex:0 0 auto}
.pictures>.design-side{flex:1 1 0}
.pictures svg{max-width:100%;height:auto}
li,p,.finding div{overflow-wrap:anywhere}
svg{font-family:sans-serif}svg.waitgraph,svg.design{max-width:100%;height:auto}svg text{fill:#222}
svg .tile{fill:#fff;stroke:#999}svg .tile.shim{fill:#e6e6e6}
svg .tile.memtile{fill:#dbe9f6}svg .tile.compute.used{fill:#fafafa}
svg .tile.over{stroke:#b00020;stroke-width:3}
svg .tile.unused{fill:#f7f7f7;stroke:#ccc}
svg .tilename{font-size:11px;font-weight:bold}
svg .figure{font-size:10px}svg .figure.over{fill:#b00020;font-weight:bold}
svg .barbg{fill:#e8e8e8}svg .barfg{fill:#4e79a7}svg .barfg.over{fill:#b00020}
svg .port{font-size:9px;fill:#555}
svg .flow{fill:none;stroke-width:2}svg .flow.packet{stroke-dasharray:6 3}
svg .flow.cascade{stroke-width:6;stroke-opacity:.8}.swatch.cascade{height:6px}
svg .side{font-size:10px}svg .side.head{font-weight:bold;font-size:11px}
svg .node rect{stroke:#b00020;stroke-width:2;fill:#fff3f3}
svg .node.behind rect{stroke:#bbb;stroke-width:1;fill:#f3f3f3}
svg .node.behind text{fill:#999}
svg .node.lock rect{fill:#fff8d8}svg .node.queue rect{fill:#e8f4e8}
svg .node.chain rect{fill:#fdeedd}svg .node.host rect{fill:#eee}
svg .node .label{font-size:12px;font-weight:bold}
svg .node .place{font-size:10px}
svg .wait{fill:none;stroke:#b00020;stroke-width:1.6}
svg .wait.behind{stroke:#bbb;stroke-dasharray:4 3}
svg .waitlabel{font-size:10px;fill:#b00020;paint-order:stroke;stroke:#fff;
stroke-width:3px;stroke-linejoin:round}
svg .waitlabel.behind{fill:#999}
.finding{margin:1em 0;padding:.5em 1em;border-left:4px solid #b00020}
.finding.warning{border-color:#c89000}.finding .rule{color:#666}
.finding .loc{font-family:monospace;color:#444}
.finding ul{margin:.3em 0;padding-left:1.2em;font-size:13px}
.clean{color:#2e7d32}
@media print{body{margin:0;max-width:none}svg,.finding,table{break-inside:avoid}
.pictures{display:block}}
)";

void aircheck::writeHtmlHead(llvm::raw_ostream &os, llvm::StringRef title) {
  os << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
     << "<title>" << htmlEscape(title) << "</title>\n<style>" << kStyle
     << "</style></head><body>\n";
}
