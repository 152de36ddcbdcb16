//===- AIETiles.cpp - every tile exists and holds what its kind can hold ---===//
//
// Against the device model of the aie.device: a tile lies inside the array;
// aie.core and aie.mem sit on compute tiles, aie.memtile_dma on memory
// tiles, aie.shim_dma and aie.shim_dma_allocation on shim tiles with a
// shim DMA; a tile has at most one core and one DMA program. A device with
// no model makes every aie-level check unknown, said here once.
//
//===----------------------------------------------------------------------===//
#include "checkers/aie/DeviceChecker.h"
#include "checkers/Checker.h"

using namespace aircheck;
using namespace aircheck::aiecheck;
using namespace mlir;

namespace {
class AIETiles : public Checker {
public:
  llvm::StringRef id() const override { return "aie-tiles"; }
  llvm::StringRef summary() const override {
    return "aie: tiles lie in the device's array; cores, DMA programs and "
           "shim DMA allocations sit on tiles of their kind, one each";
  }
  CheckLevel level() const override { return CheckLevel::AIE; }

  void run(CheckContext &ctx) override {
    for (Device &d : collectDevices(ctx.module)) {
      if (!d.model) {
        d.op.emitWarning()
            << "the aie-level checks are unknown for this device: no device "
               "model ("
            << d.noModel << ")";
        continue;
      }
      check(d);
    }
  }

  void check(Device &d) {
    std::string dev = aie::stringifyAIEDevice(d.op.getDevice()).str();
    std::map<Coord, Operation *> cores, programs;
    d.op.walk([&](Operation *op) {
      if (auto tile = dyn_cast<aie::TileOp>(op)) {
        Coord c = coordOf(tile);
        if (d.kindOf(c) == TileKind::Outside)
          tile.emitError() << describe(c, TileKind::Outside)
                           << " is outside the array of " << dev << " ("
                           << d.columns() << " columns x " << d.model->rows
                           << " rows)";
        return;
      }
      std::optional<Coord> c = tileOfOp(op);
      if (!c)
        return;
      TileKind kind = d.kindOf(*c);
      if (kind == TileKind::Outside)
        return; // reported at the tile
      auto wrongKind = [&](StringRef needs) {
        auto diag = op->emitError()
                    << "'" << op->getName() << "' needs " << needs
                    << ", but " << describe(*c, kind) << " is a "
                    << kindName(kind) << " of " << dev;
        diag.attachNote(op->getOperand(0).getLoc()) << "the tile is declared here";
      };
      auto once = [&](std::map<Coord, Operation *> &seen, StringRef what) {
        auto [it, fresh] = seen.insert({*c, op});
        if (fresh)
          return;
        auto diag = op->emitError() << describe(*c, kind) << " has a second "
                                    << what << "; a tile has one";
        diag.attachNote(it->second->getLoc()) << "the first is here";
      };
      if (isa<aie::CoreOp>(op)) {
        if (kind != TileKind::Compute)
          wrongKind("a compute tile");
        once(cores, "core");
      } else if (isa<aie::MemOp>(op)) {
        if (kind != TileKind::Compute)
          wrongKind("a compute tile");
        once(programs, "DMA program");
      } else if (isa<aie::MemTileDMAOp>(op)) {
        if (kind != TileKind::MemTile)
          wrongKind("a memory tile");
        once(programs, "DMA program");
      } else if (isa<aie::ShimDMAOp>(op)) {
        if (kind != TileKind::ShimNoc)
          wrongKind("a shim tile with a shim DMA");
        once(programs, "DMA program");
      } else if (isa<aie::ShimDMAAllocationOp>(op)) {
        if (kind != TileKind::ShimNoc)
          wrongKind("a shim tile with a shim DMA");
      }
    });
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createAIETiles() {
  return std::make_unique<AIETiles>();
}
