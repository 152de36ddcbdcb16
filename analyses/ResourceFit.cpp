//===- ResourceFit.cpp - footprints against a device -----------------------===//
#include "analyses/ResourceFit.h"

#include "llvm/Support/FormatVariadic.h"

#include <tuple>

using namespace aircheck;

namespace {
struct Fitter {
  const DeviceModel &dev;
  std::vector<FitLine> lines;

  void line(mlir::Operation *scope, std::string scopeName, unsigned depth,
            std::string resource, const Amount &need, int64_t capacity,
            std::string overMessage) {
    FitLine l{scope, std::move(scopeName), depth, std::move(resource), need, capacity};
    if (!need.known()) {
      l.status = FitLine::Status::Unknown;
      l.message = "the " + l.resource + " of " + l.scopeName + " is unknown: " + need.why;
    } else if (*need.value > capacity) {
      l.status = FitLine::Status::Over;
      l.message = std::move(overMessage);
    }
    lines.push_back(std::move(l));
  }

  static std::string amount(const Amount &a) {
    return a.known() ? std::to_string(*a.value) : std::string("?");
  }

  void herd(const HerdFootprint &h, unsigned depth, bool wavesPerCU) {
    const std::string &name = h.name;
    if (dev.isAIE()) {
      line(h.op, name, depth, "compute tiles", h.tiles, dev.computeTiles,
           llvm::formatv("{0} requires {1} compute tiles, but {2} has {3}",
                         h.name, amount(h.tiles), dev.name, dev.computeTiles));
      line(h.op, name, depth, "L1 bytes per tile", h.l1PerTile, dev.l1BufferBytes,
           llvm::formatv("{0} needs {1} bytes of L1 per tile at its peak, "
                         "but a compute tile of {2} has {3} for buffers ({4} "
                         "bytes less a {5}-byte stack)",
                         h.name, amount(h.l1PerTile), dev.name, dev.l1BufferBytes,
                         dev.l1Bytes, dev.stackBytes));
      auto perTile = [&](const char *what, const Amount &need, int64_t cap) {
        line(h.op, name, depth, what, need, cap,
             llvm::formatv("{0} needs {1} {2} per tile at once, but a "
                           "compute tile of {3} has {4}",
                           h.name, amount(need), what, dev.name, cap));
      };
      perTile("DMA channels in (S2MM)", h.dmaIn, dev.computeDmaS2MM);
      perTile("DMA channels out (MM2S)", h.dmaOut, dev.computeDmaMM2S);
      perTile("buffer descriptors", Amount::of(h.bds), dev.computeBDs);
      perTile("locks", Amount::of(h.locks), dev.computeLocks);
      placeHerd(h, name, depth);
    } else if (wavesPerCU) {
      // Under an XCD-granularity segment a herd runs on one CU, one wave per
      // instance (seed 000 2.3 and 4.2).
      line(h.op, name, depth, "herd instances (waves on one CU)", h.tiles,
           dev.maxWavesPerCu,
           llvm::formatv("{0} has {1} instances, but a CU of {2} runs at "
                         "most {3} waves (seed 000 2.3)",
                         h.name, amount(h.tiles), dev.name, dev.maxWavesPerCu));
    } else {
      // Otherwise the herd is a thread block (seed 000 4.1).
      line(h.op, name, depth, "herd instances (threads in a block)", h.tiles,
           dev.maxWorkgroupThreads,
           llvm::formatv("{0} has {1} instances, but a workgroup of {2} "
                         "has at most {3} threads (seed 000 4.1)",
                         h.name, amount(h.tiles), dev.name, dev.maxWorkgroupThreads));
      // Each tile's L1 is its thread's private memory (seed 000 4.3).
      if (dev.maxScratchBytesPerLane)
        line(h.op, name, depth, "private bytes per thread", h.l1PerTile,
             dev.maxScratchBytesPerLane,
             llvm::formatv("{0} needs {1} bytes of L1 (private memory) per "
                           "tile, but a thread of {2} has at most {3} bytes "
                           "of scratch (seed 000 4.3)",
                           h.name, amount(h.l1PerTile), dev.name,
                           dev.maxScratchBytesPerLane));
    }
  }

  void placeHerd(const HerdFootprint &h, const std::string &name, unsigned depth) {
    if (!h.xLoc || !h.yLoc || h.shape.empty())
      return;
    int64_t w = h.shape[0], ht = h.shape.size() > 1 ? h.shape[1] : 1;
    std::vector<int64_t> rows = dev.computeRows();
    bool inside = *h.xLoc >= 0 && *h.xLoc + w <= dev.columns;
    for (int64_t r = *h.yLoc; r < *h.yLoc + ht; ++r)
      inside = inside && std::find(rows.begin(), rows.end(), r) != rows.end();
    FitLine l{h.op, name, depth, "placement", Amount::of(0), 0};
    if (!inside) {
      l.status = FitLine::Status::Over;
      l.message = llvm::formatv(
          "{0} is placed at columns [{1}, {2}) and rows [{3}, {4}), "
          "outside the compute tiles of {5} (columns [0, {6}), compute rows "
          "[{7}, {8}])",
          h.name, *h.xLoc, *h.xLoc + w, *h.yLoc, *h.yLoc + ht, dev.name,
          dev.columns, rows.empty() ? 0 : rows.front(), rows.empty() ? 0 : rows.back());
      lines.push_back(std::move(l));
    }
  }

  void segment(const SegmentFootprint &s, unsigned depth, bool underXCD) {
    const std::string &name = s.name;
    std::string perInstance = llvm::formatv(
        "; per instance {0}, iteration space {1}", amount(s.tilesPerInstance),
        amount(s.instances));
    if (dev.isAIE()) {
      line(s.op, name, depth, "compute tiles", s.tiles, dev.computeTiles,
           llvm::formatv("{0} requires {1} compute tiles across all "
                         "iterations, but {2} has {3}{4}",
                         s.name, amount(s.tiles), dev.name, dev.computeTiles,
                         perInstance));
      for (auto [what, need, cap] :
           {std::tuple<const char *, int64_t, int64_t>{
                "memory-tile DMA channels in (S2MM)", s.memDmaIn,
                dev.memtileDmaS2MM * dev.memtiles},
            {"memory-tile DMA channels out (MM2S)", s.memDmaOut,
             dev.memtileDmaMM2S * dev.memtiles}})
        line(s.op, name, depth, what, Amount::of(need) * s.instances, cap,
             llvm::formatv("{0} needs {1} {2} across all iterations, "
                           "but the {3} memory tiles of {4} have {5}; per "
                           "instance {6}",
                           s.name, amount(Amount::of(need) * s.instances), what,
                           dev.memtiles, dev.name, cap, need));
      int64_t l2cap = dev.memtiles * dev.memtileBytes;
      line(s.op, name, depth, "L2 bytes", s.l2, l2cap,
           llvm::formatv("{0} requires {1} bytes of L2 across all "
                         "iterations, but {2} has {3} ({4} memory tiles of {5} "
                         "bytes); per instance {6}, iteration space {7}",
                         s.name, amount(s.l2), dev.name, l2cap, dev.memtiles,
                         dev.memtileBytes, amount(s.l2PerInstance), amount(s.instances)));
    } else if (s.granularity == "XCD") {
      // One instance per XCD, all at once (seed 000 4.2).
      line(s.op, name, depth, "instances (XCDs)", s.instances, dev.xcds,
           llvm::formatv("{0} has {1} instances at XCD granularity, "
                         "but {2} has {3} XCDs",
                         s.name, amount(s.instances), dev.name, dev.xcds));
    } else if (underXCD) {
      line(s.op, name, depth, "instances (CUs of one XCD)", s.instances,
           dev.cusPerXcd,
           llvm::formatv("{0} has {1} instances inside an XCD, but an "
                         "XCD of {2} has {3} CUs",
                         s.name, amount(s.instances), dev.name, dev.cusPerXcd));
    }
    if (dev.isGPU() && s.nested.empty())
      line(s.op, name, depth, "LDS bytes per instance", s.l2PerInstance,
           dev.ldsBytesPerCu,
           llvm::formatv("{0} needs {1} bytes of L2 (LDS) per instance, "
                         "but a CU of {2} has {3}",
                         s.name, amount(s.l2PerInstance), dev.name, dev.ldsBytesPerCu));
    bool xcd = underXCD || s.granularity == "XCD";
    for (const HerdFootprint &h : s.herds)
      herd(h, depth + 1, xcd);
    for (const SegmentFootprint &n : s.nested)
      segment(n, depth + 1, xcd);
  }

  void launch(const LaunchFootprint &l) {
    const std::string &name = l.name;
    if (dev.isAIE()) {
      line(l.op, name, 0, "compute tiles", l.tiles, dev.computeTiles,
           llvm::formatv("{0} requires {1} compute tiles for its "
                         "co-resident segments, but {2} has {3}",
                         l.name, amount(l.tiles), dev.name, dev.computeTiles));
      int64_t shimCols = dev.shimDmaColumns.size();
      line(l.op, name, 0, "shim DMA channels in (S2MM)", Amount::of(l.shimIn),
           shimCols * dev.shimDmaS2MM,
           llvm::formatv("{0} writes L3 through {1} flows, but {2} has "
                         "{3} shim DMA channels into L3 ({4} columns with a "
                         "shim DMA)",
                         l.name, l.shimIn, dev.name, shimCols * dev.shimDmaS2MM,
                         shimCols));
      line(l.op, name, 0, "shim DMA channels out (MM2S)", Amount::of(l.shimOut),
           shimCols * dev.shimDmaMM2S,
           llvm::formatv("{0} reads L3 through {1} flows, but {2} has "
                         "{3} shim DMA channels out of L3 ({4} columns with a "
                         "shim DMA)",
                         l.name, l.shimOut, dev.name, shimCols * dev.shimDmaMM2S,
                         shimCols));
      int64_t l2cap = dev.memtiles * dev.memtileBytes;
      line(l.op, name, 0, "L2 bytes", l.l2, l2cap,
           llvm::formatv("{0} requires {1} bytes of L2 for its "
                         "co-resident segments, but {2} has {3}",
                         l.name, amount(l.l2), dev.name, l2cap));
    }
    // On a GPU, segments map to workgroups and are checked one by one.
    for (const SegmentFootprint &s : l.segments)
      segment(s, 1, false);
  }
};
} // namespace

std::vector<FitLine> aircheck::checkFit(const ResourceFootprint &fp,
                                        const DeviceModel &dev) {
  Fitter f{dev, {}};
  for (const LaunchFootprint &l : fp.launches())
    f.launch(l);
  // One error per cause: a scope over capacity only because a scope inside
  // it is over, for the same resource, keeps its line but not its message.
  std::vector<FitLine> &lines = f.lines;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].status != FitLine::Status::Over)
      continue;
    for (size_t j = i + 1;
         j < lines.size() &&
         (lines[j].depth > lines[i].depth || lines[j].scope == lines[i].scope);
         ++j)
      if (lines[j].status == FitLine::Status::Over &&
          lines[j].resource == lines[i].resource) {
        lines[i].message.clear();
        break;
      }
  }
  return std::move(f.lines);
}
