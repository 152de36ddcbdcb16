//===- AIEDMAChannels.cpp - DMA channels exist and are started once --------===//
//
// A dma_start, a runtime task (aiex.dma_configure_task) and a
// shim_dma_allocation name a channel that exists on their tile in that
// direction (compute_tile.dma_channels, memtile.dma_channels,
// shim.dma_channels_per_noc_column); one channel is started by one
// dma_start; a shim channel driven statically by aie.shim_dma is not also
// handed to the runtime sequence through a shim_dma_allocation.
//
//===----------------------------------------------------------------------===//
#include "checkers/aie/DeviceChecker.h"
#include "checkers/Checker.h"

using namespace aircheck;
using namespace aircheck::aiecheck;
using namespace mlir;

namespace {
class AIEDMAChannels : public DeviceChecker {
public:
  llvm::StringRef id() const override { return "aie-dma-channels"; }
  llvm::StringRef summary() const override {
    return "aie: DMA channel numbers exist on their tile, each channel "
           "started by one dma_start";
  }

  bool inRange(Device &d, Operation *op, Coord c, aie::DMAChannelDir dir,
               int64_t channel) {
    TileKind kind = d.kindOf(c);
    if (kind == TileKind::Outside)
      return true; // reported by aie-tiles
    int64_t n = d.dmaChannels(kind, dir);
    if (channel < n)
      return true;
    auto diag = op->emitError() << dirName(dir) << " channel " << channel
                                << " does not exist on " << describe(c, kind);
    if (n == 0)
      diag << ", which has no DMA";
    else
      diag << ", which has " << dirName(dir) << " channels 0.." << (n - 1);
    return false;
  }

  void check(Device &d) override {
    using Key = std::tuple<Coord, aie::DMAChannelDir, int64_t>;
    std::map<Key, Operation *> started;
    std::map<Key, int64_t> onChannel; // dma_starts after the first
    for (Operation *program : dmaPrograms(d.op)) {
      std::optional<Coord> c = tileOfOp(program);
      if (!c)
        continue;
      // A channel started by aie.dma_start or by the region form aie.dma.
      auto start = [&](Operation *op, aie::DMAChannelDir dir, int64_t ch) {
        if (!inRange(d, op, *c, dir, ch))
          return;
        auto [it, fresh] = started.insert({{*c, dir, ch}, op});
        // On AIE2 a channel's task queue takes several dma_starts: each
        // runs after the one before it ends (mlir-aie's dmabd_task_queue),
        // as many as the queue holds.
        int64_t depth = d.model->dmaTaskQueueDepth;
        if (!fresh && d.model->arch != "AIE1" && depth > 0) {
          int64_t queued = ++onChannel[{*c, dir, ch}] + 1;
          if (queued <= depth)
            return;
          auto diag = op->emitError()
                      << dirName(dir) << " channel " << ch << " of "
                      << describe(*c, d.kindOf(*c)) << " is started "
                      << queued << " times, but its task queue holds "
                      << depth;
          diag.attachNote(it->second->getLoc()) << "first started here";
          return;
        }
        if (!fresh) {
          auto diag = op->emitError()
                      << dirName(dir) << " channel " << ch << " of "
                      << describe(*c, d.kindOf(*c))
                      << " is started twice; a channel runs one BD chain";
          diag.attachNote(it->second->getLoc()) << "first started here";
        }
      };
      program->walk([&](Operation *op) {
        if (auto s = dyn_cast<aie::DMAStartOp>(op))
          start(op, s.getChannelDir(), s.getChannelIndex());
        else if (auto dma = dyn_cast<aie::DMAOp>(op))
          start(op, dma.getChannelDir(), dma.getChannelIndex());
      });
    }
    d.op.walk([&](Operation *op) {
      if (auto alloc = dyn_cast<aie::ShimDMAAllocationOp>(op)) {
        std::optional<Coord> c = tileOfOp(op);
        if (!c || !inRange(d, op, *c, alloc.getChannelDir(),
                           alloc.getChannelIndex()))
          return;
        auto it = started.find(
            {*c, alloc.getChannelDir(), int64_t(alloc.getChannelIndex())});
        if (it != started.end()) {
          auto diag = alloc.emitError()
                      << "shim " << dirName(alloc.getChannelDir())
                      << " channel " << alloc.getChannelIndex() << " of "
                      << describe(*c, d.kindOf(*c))
                      << " is handed to the runtime sequence, but the static "
                         "aie.shim_dma program also starts it";
          diag.attachNote(it->second->getLoc()) << "started here";
        }
      } else if (auto task = dyn_cast<aiex::DMAConfigureTaskOp>(op)) {
        if (std::optional<Coord> c = tileOfOp(op))
          inRange(d, op, *c, task.getDirection(), task.getChannel());
      }
    });
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createAIEDMAChannels() {
  return std::make_unique<AIEDMAChannels>();
}
