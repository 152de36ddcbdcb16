//===- AIEMemory.cpp - buffers fit the memory of their tile ----------------===//
//
// A compute tile's buffers and its core's stack (stack_size, 1024 bytes by
// default, reserved at the bottom of data memory, where mlir-aie's buffer
// allocation starts) fit its data memory; a memory tile's buffers fit its
// memory; shim tiles have no data memory. Buffers placed at an explicit
// `address` stay inside the memory, above the stack, and do not overlap.
// Figures: compute_tile.data_memory_bytes, memtile.bytes,
// compute_tile.stack_reservation_bytes_default of the device model.
//
//===----------------------------------------------------------------------===//
#include "checkers/aie/DeviceChecker.h"
#include "checkers/Checker.h"

using namespace aircheck;
using namespace aircheck::aiecheck;
using namespace mlir;

namespace {
struct TileMemory {
  SmallVector<aie::BufferOp> buffers;
  aie::CoreOp core;
};

class AIEMemory : public DeviceChecker {
public:
  llvm::StringRef id() const override { return "aie-memory"; }
  llvm::StringRef summary() const override {
    return "aie: each tile's buffers (and its core's stack) fit its data "
           "memory; explicit addresses stay in range and do not overlap";
  }

  void check(Device &d) override {
    std::map<Coord, TileMemory> tiles;
    // Buffers anywhere in the device (mlir-aie's designs declare some inside
    // the DMA program that moves them), cores at its top level.
    d.op.walk([&](Operation *op) {
      std::optional<Coord> c =
          isa<aie::BufferOp, aie::CoreOp>(op) ? tileOfOp(op) : std::nullopt;
      if (!c)
        return;
      if (auto b = dyn_cast<aie::BufferOp>(op))
        tiles[*c].buffers.push_back(b);
      else if (auto core = dyn_cast<aie::CoreOp>(op))
        if (!tiles[*c].core)
          tiles[*c].core = core;
    });
    for (auto &[c, mem] : tiles) {
      TileKind kind = d.kindOf(c);
      if (mem.buffers.empty() || kind == TileKind::Outside)
        continue;
      if (kind == TileKind::ShimNoc || kind == TileKind::ShimPL) {
        for (aie::BufferOp b : mem.buffers)
          b.emitError() << "a buffer on " << describe(c, kind)
                        << ": shim tiles have no data memory; place it on a "
                           "memory or compute tile, or pass it in through the "
                           "runtime sequence";
        continue;
      }
      int64_t capacity =
          kind == TileKind::Compute ? d.model->l1Bytes : d.model->memtileBytes;
      if (capacity <= 0)
        continue;
      int64_t stack = kind == TileKind::Compute && mem.core
                          ? static_cast<int64_t>(mem.core.getStackSize())
                          : 0;
      int64_t total = stack;
      for (aie::BufferOp b : mem.buffers)
        total += aie::memrefBytes(b.getType()).value_or(0);
      if (total > capacity) {
        auto diag = mem.buffers.front().getTile().getDefiningOp()->emitError()
                    << describe(c, kind) << " needs " << total
                    << " bytes of data memory but has " << capacity << " ("
                    << aie::stringifyAIEDevice(d.op.getDevice()) << "): "
                    << (total - stack) << " bytes of buffers";
        if (stack)
          diag << " and the core's " << stack << "-byte stack";
        for (aie::BufferOp b : mem.buffers) {
          auto &note = diag.attachNote(b.getLoc());
          note << "buffer of " << aie::memrefBytes(b.getType()).value_or(0)
               << " bytes";
          if (b.getSymName())
            note << " (@" << *b.getSymName() << ")";
        }
        if (stack)
          diag.attachNote(mem.core.getLoc())
              << "the core reserves its stack_size (" << stack
              << " bytes) at the bottom of data memory";
      }
      checkAddresses(c, kind, mem, capacity, stack);
    }
  }

  void checkAddresses(Coord c, TileKind kind, TileMemory &mem, int64_t capacity,
                      int64_t stack) {
    struct Placed {
      aie::BufferOp op;
      int64_t lo, hi;
    };
    SmallVector<Placed> placed;
    for (aie::BufferOp b : mem.buffers) {
      std::optional<uint32_t> addr = b.getAddress();
      if (!addr)
        continue;
      int64_t size = aie::memrefBytes(b.getType()).value_or(0);
      int64_t lo = *addr, hi = lo + size;
      if (hi > capacity)
        b.emitError() << "buffer at address " << lo << " of " << size
                      << " bytes ends at " << hi << ", beyond the " << capacity
                      << " bytes of " << describe(c, kind);
      else if (lo < stack) {
        auto diag = b.emitError()
                    << "buffer at address " << lo << " overlaps the core's "
                    << "stack, which takes [0, " << stack << ") of "
                    << describe(c, kind);
        diag.attachNote(mem.core.getLoc()) << "the core is here";
      }
      for (Placed &p : placed)
        if (lo < p.hi && p.lo < hi) {
          auto diag = b.emitError()
                      << "buffer at [" << lo << ", " << hi
                      << ") overlaps another buffer at [" << p.lo << ", "
                      << p.hi << ") of " << describe(c, kind);
          diag.attachNote(p.op.getLoc()) << "the other buffer is here";
        }
      placed.push_back({b, lo, hi});
    }
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createAIEMemory() {
  return std::make_unique<AIEMemory>();
}
