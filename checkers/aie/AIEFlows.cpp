//===- AIEFlows.cpp - flows join ports that exist, one source each ---------===//
//
// An aie.flow's DMA ports are channels the tile's DMA has (an MM2S channel
// at the source, an S2MM channel at the destination) and its Core ports
// stream ports a compute tile's core has (compute_tile.core_stream_ports);
// every destination port is fed by one flow. A flow whose DMA end no
// dma_start, runtime task or shim_dma_allocation drives carries nothing,
// and a started DMA channel that no flow connects can never finish: both
// are warnings, since either hangs whatever waits on that data (checked in
// a device with at least one aie.flow: one without is a partial design).
// A cascade stream joins a core to its east or south neighbour (AIE2).
//
//===----------------------------------------------------------------------===//
#include "checkers/aie/DeviceChecker.h"
#include "checkers/Checker.h"

#include "llvm/ADT/SmallPtrSet.h"
#include <set>

using namespace aircheck;
using namespace aircheck::aiecheck;
using namespace mlir;

namespace {
using Port = std::tuple<Coord, aie::WireBundle, int64_t>;

class AIEFlows : public DeviceChecker {
public:
  llvm::StringRef id() const override { return "aie-flows"; }
  llvm::StringRef summary() const override {
    return "aie: flow ports exist on their tiles, each destination port has "
           "one source, DMA channels and flows connect, cascades join "
           "neighbouring cores";
  }

  bool portExists(Device &d, Operation *flow, Coord c, aie::WireBundle bundle,
                  int64_t ch, bool source) {
    TileKind kind = d.kindOf(c);
    if (kind == TileKind::Outside)
      return false;
    int64_t n = -1;
    std::string what;
    if (bundle == aie::WireBundle::DMA) {
      auto dir = source ? aie::DMAChannelDir::MM2S : aie::DMAChannelDir::S2MM;
      n = d.dmaChannels(kind, dir);
      what = dirName(dir) + " DMA channels";
    } else if (bundle == aie::WireBundle::Core) {
      n = kind == TileKind::Compute
              ? (source ? d.model->coreStreamOut : d.model->coreStreamIn)
              : 0;
      what = source ? "core output streams" : "core input streams";
    }
    if (n < 0 || ch < n)
      return true;
    auto diag = flow->emitError()
                << "the flow's " << (source ? "source" : "destination") << " "
                << aie::stringifyWireBundle(bundle) << " : " << ch
                << " does not exist on " << describe(c, kind) << ", which has ";
    if (n == 0)
      diag << "no " << what;
    else
      diag << what << " 0.." << (n - 1);
    return false;
  }

  /// A cascade stream joins a compute tile's core to a neighbour's: on
  /// AIE2 a core takes its cascade from the north or the west and passes
  /// it south or east (AM020, "Cascade Streams"); on AIE1 along its row.
  /// A core has one cascade out and one in.
  void checkCascades(Device &d) {
    std::map<Coord, aie::CascadeFlowOp> out, in;
    bool aie1 = d.model->arch == "AIE1";
    for (Operation &op : d.op.getBodyBlock()) {
      auto flow = dyn_cast<aie::CascadeFlowOp>(op);
      if (!flow)
        continue;
      aie::TileOp st = flow.getSourceTile().getDefiningOp<aie::TileOp>(),
                  dt = flow.getDestTile().getDefiningOp<aie::TileOp>();
      if (!st || !dt)
        continue; // placed later
      Coord s = coordOf(st), t = coordOf(dt);
      if (d.kindOf(s) != TileKind::Compute || d.kindOf(t) != TileKind::Compute) {
        flow.emitError() << "a cascade stream from " << describe(s, d.kindOf(s))
                         << " to " << describe(t, d.kindOf(t))
                         << ": cascades join the cores of compute tiles";
        continue;
      }
      bool east = t.first == s.first + 1 && t.second == s.second;
      bool south = t.first == s.first && t.second == s.second - 1;
      bool west = t.first == s.first - 1 && t.second == s.second;
      if (aie1 ? !(east || west) : !(east || south)) {
        flow.emitError() << "a cascade stream from " << describe(s, d.kindOf(s))
                         << " to " << describe(t, d.kindOf(t))
                         << ": on " << d.model->arch
                         << (aie1 ? " a core's cascade goes to its east or "
                                    "west neighbour in its row"
                                  : " a core's cascade goes to its east or "
                                    "south neighbour")
                         << "; hint: place the receiving core there";
        continue;
      }
      for (auto [map, c, what] :
           {std::make_tuple(&out, s, "out of"), std::make_tuple(&in, t, "into")}) {
        auto [it, fresh] = map->try_emplace(c, flow);
        if (!fresh) {
          auto diag = flow.emitError()
                      << "a second cascade stream " << what << " "
                      << describe(c, d.kindOf(c)) << "; a core has one "
                      << "cascade in and one out";
          diag.attachNote(it->second.getLoc()) << "the other cascade stream";
        }
      }
    }
  }

  void check(Device &d) override {
    bool placedLater = false;
    std::map<Port, aie::FlowOp> dests;
    std::set<Port> sources, sinks;
    llvm::SmallPtrSet<Operation *, 4> bad;
    for (Operation &op : d.op.getBodyBlock()) {
      auto flow = dyn_cast<aie::FlowOp>(op);
      if (!flow)
        continue;
      // An end on a tile placed later (aie.logical_tile) has no coordinates
      // to check: the flow is left out, and so are the warnings below.
      if (!aie::getTileOf(flow.getSource()) || !aie::getTileOf(flow.getDest())) {
        bad.insert(&op);
        placedLater = true;
        continue;
      }
      Coord s = coordOf(aie::getTileOf(flow.getSource()));
      Coord t = coordOf(aie::getTileOf(flow.getDest()));
      Port src{s, flow.getSourceBundle(), flow.getSourceChannel()};
      Port dst{t, flow.getDestBundle(), flow.getDestChannel()};
      bool ok = portExists(d, flow, s, flow.getSourceBundle(),
                           flow.getSourceChannel(), true);
      ok &= portExists(d, flow, t, flow.getDestBundle(), flow.getDestChannel(),
                       false);
      if (!ok) {
        bad.insert(&op);
        continue;
      }
      sources.insert(src);
      sinks.insert(dst);
      auto [it, fresh] = dests.insert({dst, flow});
      if (!fresh) {
        auto diag = flow.emitError()
                    << aie::stringifyWireBundle(flow.getDestBundle()) << " : "
                    << flow.getDestChannel() << " of "
                    << describe(t, d.kindOf(t))
                    << " is the destination of two flows; a port has one "
                       "source (a circuit-switched stream cannot merge)";
        diag.attachNote(it->second.getLoc()) << "the other flow into it";
      }
    }
    checkCascades(d);
    // Packet flows: their ports are flow ends too (packets from several
    // flows may share a port; the packet ids keep them apart).
    for (Operation &op : d.op.getBodyBlock()) {
      auto pf = dyn_cast<aie::PacketFlowOp>(op);
      if (!pf)
        continue;
      for (Operation &port : pf.getPorts().front()) {
        aie::TileOp tile = aie::getTileOf(port.getOperand(0));
        if (!tile) {
          placedLater = true;
          continue;
        }
        if (auto src = dyn_cast<aie::PacketSourceOp>(port)) {
          if (!portExists(d, &port, coordOf(tile), src.getBundle(),
                          src.getChannel(), true))
            continue;
          sources.insert({coordOf(tile), src.getBundle(), src.getChannel()});
        } else if (auto dst = dyn_cast<aie::PacketDestOp>(port)) {
          if (!portExists(d, &port, coordOf(tile), dst.getBundle(),
                          dst.getChannel(), false))
            continue;
          sinks.insert({coordOf(tile), dst.getBundle(), dst.getChannel()});
        }
      }
    }

    // DMA channels driven: dma_start, runtime tasks, shim allocations.
    std::map<Port, Operation *> driven; // keyed with bundle DMA, MM2S/S2MM apart
    std::map<Port, Operation *> drivenS2MM;
    auto drive = [&](Operation *op, Coord c, aie::DMAChannelDir dir,
                     int64_t ch) {
      TileKind kind = d.kindOf(c);
      if (kind == TileKind::Outside || ch >= d.dmaChannels(kind, dir))
        return; // reported by aie-dma-channels
      Port p{c, aie::WireBundle::DMA, ch};
      (dir == aie::DMAChannelDir::MM2S ? driven : drivenS2MM).insert({p, op});
    };
    for (Operation *program : dmaPrograms(d.op))
      if (std::optional<Coord> c = tileOfOp(program))
        program->walk([&](Operation *op) {
          if (auto start = dyn_cast<aie::DMAStartOp>(op))
            drive(op, *c, start.getChannelDir(), start.getChannelIndex());
          else if (auto dma = dyn_cast<aie::DMAOp>(op))
            drive(op, *c, dma.getChannelDir(), dma.getChannelIndex());
        });
    d.op.walk([&](Operation *op) {
      if (auto alloc = dyn_cast<aie::ShimDMAAllocationOp>(op)) {
        if (std::optional<Coord> c = tileOfOp(op))
          drive(op, *c, alloc.getChannelDir(), alloc.getChannelIndex());
      } else if (auto task = dyn_cast<aiex::DMAConfigureTaskOp>(op)) {
        if (std::optional<Coord> c = tileOfOp(op))
          drive(op, *c, task.getDirection(), task.getChannel());
      }
    });

    for (Operation &op : d.op.getBodyBlock()) {
      auto flow = dyn_cast<aie::FlowOp>(op);
      if (!flow || bad.count(&op))
        continue;
      Coord s = coordOf(aie::getTileOf(flow.getSource()));
      Coord t = coordOf(aie::getTileOf(flow.getDest()));
      if (flow.getSourceBundle() == aie::WireBundle::DMA &&
          d.kindOf(s) != TileKind::Outside &&
          !driven.count({s, aie::WireBundle::DMA, flow.getSourceChannel()}))
        flow.emitWarning() << "the flow's source, MM2S channel "
                           << flow.getSourceChannel() << " of "
                           << describe(s, d.kindOf(s))
                           << ", is never started: the flow carries nothing";
      if (flow.getDestBundle() == aie::WireBundle::DMA &&
          d.kindOf(t) != TileKind::Outside &&
          !drivenS2MM.count({t, aie::WireBundle::DMA, flow.getDestChannel()}))
        flow.emitWarning() << "the flow's destination, S2MM channel "
                           << flow.getDestChannel() << " of "
                           << describe(t, d.kindOf(t))
                           << ", is never started: what the flow carries is "
                              "never received and its sender blocks";
    }
    auto unconnected = [&](std::map<Port, Operation *> &m, std::set<Port> &ends,
                           StringRef dir) {
      for (auto &[port, op] : m) {
        if (ends.count(port))
          continue;
        Coord c = std::get<0>(port);
        op->emitWarning()
            << dir << " channel " << std::get<2>(port) << " of "
            << describe(c, d.kindOf(c))
            << (dir == "MM2S" ? " sends into no flow: its BDs never finish"
                              : " is fed by no flow: its BDs wait forever");
      }
    };
    // A device without any aie.flow is a partial design (routing given
    // elsewhere or not yet written); only one that routes is held to it.
    if (sources.empty() && sinks.empty() && bad.empty())
      return;
    // A flow to or from a tile placed later may be the one a channel uses.
    if (placedLater)
      return;
    unconnected(driven, sources, "MM2S");
    unconnected(drivenS2MM, sinks, "S2MM");
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createAIEFlows() {
  return std::make_unique<AIEFlows>();
}
