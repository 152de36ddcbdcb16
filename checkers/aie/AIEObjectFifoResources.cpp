//===- AIEObjectFifoResources.cpp - object FIFOs fit their tiles -----------===//
//
// What a device's object FIFOs take on each tile once lowered, as mlir-aie's
// stateful transform allocates it (analyses/aie/ObjectFifos.h): per side,
// `depth` buffers of one object and a lock pair; per DMA end that is not at
// a shim tile, one BD per buffer of its side; per DMA end, a channel of its
// direction. Added to what the design declares itself, it must fit the
// tile: data memory (with the core's stack), locks, BDs, DMA channels. A
// tile whose own ops already exceed a limit is aie-memory's, aie-locks' or
// aie-bds' to report; this rule reports what the FIFOs push past it.
//
//===----------------------------------------------------------------------===//
#include "analyses/aie/ObjectFifos.h"
#include "checkers/aie/DeviceChecker.h"
#include "checkers/Checker.h"

using namespace aircheck;
using namespace aircheck::aiecheck;
using namespace mlir;

namespace {
struct Use {
  int64_t bytes = 0, locks = 0, bds = 0;
};

class AIEObjectFifoResources : public DeviceChecker {
public:
  llvm::StringRef id() const override { return "aie-objectfifo-resources"; }
  llvm::StringRef summary() const override {
    return "aie: the buffers, locks, BDs and DMA channels a design's object "
           "FIFOs take, added to the tile's own, fit the tile";
  }

  void check(Device &d) override {
    ObjectFifoPlan plan = planObjectFifos(d);
    if (plan.empty())
      return;
    // The design's own use per tile.
    std::map<Coord, Use> own;
    for (auto &[c, u] : tileUses(d))
      own[c] = {u.bufferBytes + u.stack, u.locks, u.bds};
    // The FIFOs' use per tile, with the sides and ends that make it.
    std::map<Coord, Use> fifo;
    std::map<Coord, SmallVector<const FifoSide *>> sidesAt;
    std::map<Coord, SmallVector<const FifoDMA *>> endsAt;
    for (const FifoSide &s : plan.sides) {
      fifo[s.tile].bytes += s.depth * s.objectBytes;
      fifo[s.tile].locks += 2;
      sidesAt[s.tile].push_back(&s);
    }
    for (const FifoDMA &e : plan.dmas) {
      if (!e.shim())
        fifo[e.tile].bds += plan.sides[e.side].depth;
      endsAt[e.tile].push_back(&e);
    }
    for (auto &[c, use] : fifo) {
      TileKind kind = d.kindOf(c);
      if (kind == TileKind::Outside)
        continue;
      Use mine = own[c];
      int64_t memory = kind == TileKind::Compute  ? d.model->l1Bytes
                       : kind == TileKind::MemTile ? d.model->memtileBytes
                                                   : 0;
      report(c, kind, "bytes of data memory", memory, mine.bytes, use.bytes,
             sidesAt[c], [](const FifoSide &s) {
               return std::to_string(s.depth) + " buffer(s) of " +
                      std::to_string(s.objectBytes) + " bytes";
             });
      report(c, kind, "locks", d.lockLimit(kind), mine.locks, use.locks,
             sidesAt[c], [](const FifoSide &) {
               return std::string("a producer and a consumer lock");
             });
      SmallVector<const FifoSide *> bdSides;
      for (const FifoDMA *e : endsAt[c])
        if (!e->shim())
          bdSides.push_back(&plan.sides[e->side]);
      report(c, kind, "BDs", d.bdLimit(kind), mine.bds, use.bds, bdSides,
             [](const FifoSide &s) {
               return "a DMA end of " + std::to_string(s.depth) + " BD(s)";
             });
    }
    // Channels: each end takes the first free one of its direction.
    for (const FifoDMA &e : plan.dmas) {
      TileKind kind = d.kindOf(e.tile);
      int64_t n = d.dmaChannels(kind, e.dir);
      if (kind == TileKind::Outside || e.channel < n)
        continue;
      auto diag = e.op->emitError()
                  << "'@" << cast<aie::ObjectFifoCreateOp>(e.op).getSymName()
                  << "' needs an " << dirName(e.dir) << " channel of "
                  << describe(e.tile, kind) << ", which has " << n
                  << (n ? " (all taken by the design's DMA programs and "
                          "earlier object FIFOs)"
                        : "");
      for (const FifoDMA *other : endsAt[e.tile])
        if (other != &e && other->dir == e.dir && other->channel < n)
          diag.attachNote(other->op->getLoc()) << other->name;
      diag.attachNote(e.op->getLoc())
          << "hint: place this " << dirName(e.dir)
          << " end on another tile, or route the FIFO through a memory tile";
    }
  }

private:
  template <typename Describe>
  void report(Coord c, TileKind kind, StringRef what, int64_t capacity,
              int64_t mine, int64_t theirs,
              ArrayRef<const FifoSide *> parts, Describe describePart) {
    if (capacity <= 0 || parts.empty() || mine > capacity ||
        mine + theirs <= capacity)
      return;
    auto diag = parts.front()->op->emitError()
                << describe(c, kind) << " has " << capacity << " " << what
                << ", but needs " << mine + theirs << ": " << mine
                << " for what the design declares and " << theirs
                << " for its object FIFOs (as mlir-aie lowers them)";
    for (const FifoSide *p : parts)
      diag.attachNote(p->op->getLoc()) << p->name << ": " << describePart(*p);
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createAIEObjectFifoResources() {
  return std::make_unique<AIEObjectFifoResources>();
}
