//===- ObjectFifos.cpp - what a device's object FIFOs stand for ------------===//
//
// See ObjectFifos.h. The rules follow mlir-aie's objectFifo stateful
// transform (lib/Dialect/AIE/Transforms/AIEObjectFifoStatefulTransform.cpp,
// read with the search tool; docs/aie.md cites it point by point):
//   * shared memory (no DMA) when the FIFO has one consumer, neither
//     `via_DMA`, dimensions nor a link force DMAs, and the two tiles are
//     both compute tiles (or both memory tiles) one of which reaches the
//     other's memory (AIE2TargetModel::isLegalMemAffinity: its own, west,
//     north and south, the south one not a memory tile); the buffers sit
//     with the producer unless only the producer reaches the consumer's;
//   * otherwise a side at each end that is not a shim tile, with the depth
//     that end is given, and a DMA end there; a 1:1 link keeps one side at
//     its memory tile, of the larger of the two objects, whose both BD
//     chains move that larger object;
//   * a DMA end takes the first channel of its direction that no
//     aie.dma_start of the design and no earlier FIFO uses.
//
//===----------------------------------------------------------------------===//
#include "analyses/aie/ObjectFifos.h"

#include "mlir/IR/SymbolTable.h"

#include <map>
#include <set>

using namespace mlir;
using namespace aircheck;
using namespace aircheck::aiecheck;

namespace {

/// Whether a core at `core` reaches the memory of `mem` (AIE2).
bool reaches(const Device &d, Coord core, Coord mem) {
  return coreReaches(core, d.kindOf(core), mem, d.kindOf(mem));
}

class Planner {
public:
  Planner(Device &d, ObjectFifoPlan &plan) : d(d), plan(plan) {}

  void run() {
    for (Operation &op : d.op.getBodyBlock())
      if (auto f = dyn_cast<aie::ObjectFifoCreateOp>(op)) {
        plan.byName[f.getSymName()] = plan.fifos.size();
        plan.fifos.push_back({f});
      }
    if (plan.fifos.empty())
      return;
    if (d.model && d.model->arch == "AIE1")
      return setUnknown(plan.fifos.front().op,
                        "object FIFOs on AIE1 (one lock per object) are "
                        "not modelled");
    // Channels the design's own DMA programs use.
    for (Operation *program : dmaPrograms(d.op))
      if (std::optional<Coord> c = tileOfOp(program))
        for (BDChain &chain : chainsOf(program))
          used.insert({*c, (int)chain.start.getChannelDir(),
                       (int64_t)chain.start.getChannelIndex()});
    for (Operation &op : d.op.getBodyBlock())
      if (auto link = dyn_cast<aie::ObjectFifoLinkOp>(op))
        addLink(link);
    for (size_t i = 0; i < plan.fifos.size(); ++i)
      if (!linked.count(i))
        addFifo(i);
  }

private:
  Device &d;
  ObjectFifoPlan &plan;
  std::set<std::tuple<Coord, int, int64_t>> used;
  std::set<size_t> linked;

  void setUnknown(Operation *at, const std::string &why) {
    if (plan.unknown.empty()) {
      plan.unknown = why;
      plan.unknownAt = at;
    }
  }

  static int64_t words(int64_t bytes) { return std::max<int64_t>(1, (bytes + 3) / 4); }

  int64_t bytesOf(aie::ObjectFifoCreateOp f) {
    return aie::memrefBytes(f.getObjectType()).value_or(0);
  }

  std::string where(Coord c) { return describe(c, d.kindOf(c)); }

  /// What the plan does not state about FIFO `f`: the reason, or "".
  std::string unmodelled(aie::ObjectFifoCreateOp f) {
    for (StringRef attr : {"repeat_count", "iter_count", "disable_synchronization",
                           "aie_stream", "aie_stream_port", "padDimensions",
                           "plio", "consumer_elem_type", "bd_packet"})
      if (f->hasAttr(attr))
        return "an object FIFO with '" + attr.str() + "' is not modelled";
    if (f.getInitValues())
      return "an object FIFO that starts with objects (initial values) is "
             "not modelled";
    for (int32_t depth : f.getDepths())
      if (depth <= 0)
        return "an object FIFO of depth 0 is not modelled";
    if (bytesOf(f) <= 0)
      return "an object FIFO of 0-byte objects is not modelled";
    return "";
  }

  int addSide(Operation *op, StringRef fifo, Coord c, int64_t depth,
              int64_t bytes) {
    plan.sides.push_back(
        {op, "@" + fifo.str() + " at " + where(c), c, depth, bytes});
    return plan.sides.size() - 1;
  }

  int addDMA(aie::ObjectFifoCreateOp f, Coord c, aie::DMAChannelDir dir,
             int side, int64_t bytes) {
    FifoDMA e{f, "", c, dir, 0, side, words(bytes)};
    while (used.count({c, (int)dir, e.channel}))
      ++e.channel;
    used.insert({c, (int)dir, e.channel});
    e.name = "the " + dirName(dir) + " " + std::to_string(e.channel) +
             " end of @" + f.getSymName().str() + " at " + where(c);
    plan.dmas.push_back(e);
    return plan.dmas.size() - 1;
  }

  std::optional<Coord> tile(Value v) {
    if (aie::TileOp t = aie::getTileOf(v))
      return coordOf(t);
    return std::nullopt;
  }

  bool shimTile(Coord c) {
    TileKind k = d.kindOf(c);
    return k == TileKind::ShimNoc || k == TileKind::ShimPL;
  }

  /// FIFO i with no link.
  void addFifo(size_t i) {
    ObjectFifoPlan::Fifo &fifo = plan.fifos[i];
    aie::ObjectFifoCreateOp f = fifo.op;
    if (std::string why = unmodelled(f); !why.empty())
      return setUnknown(f, why);
    std::optional<Coord> p = tile(f.getProducer());
    SmallVector<Coord> cons;
    for (Value c : f.getConsumers())
      if (std::optional<Coord> t = tile(c))
        cons.push_back(*t);
    if (!p || cons.size() != f.getConsumers().size())
      return setUnknown(f, "an object FIFO whose tiles are not aie.tile ops");
    SmallVector<Coord> ends(cons);
    ends.push_back(*p);
    for (Coord c : ends)
      if (d.kindOf(c) == TileKind::Outside)
        return setUnknown(f, "an object FIFO end outside the device's array");
    int64_t bytes = bytesOf(f);
    StringRef name = f.getSymName();
    // Shared memory: one consumer, nothing forcing DMAs, neighbours.
    bool forced = f->hasAttr("via_DMA") || f.getToStream() ||
                  f.getFromStream() || cons.size() != 1;
    Coord c0 = cons.front();
    bool sameKind = d.kindOf(*p) == d.kindOf(c0) && !shimTile(*p);
    bool right = reaches(d, *p, c0), left = reaches(d, c0, *p);
    if (!forced && sameKind && (left || right)) {
      Coord at = (right && !left) ? c0 : *p;
      int side = addSide(f, name, at, f.depthAt(0), bytes);
      fifo.produceSide = side;
      fifo.consumeSide.assign(1, side);
      return;
    }
    fifo.viaStream = true;
    fifo.consumeSide.assign(cons.size(), -1);
    fifo.s2mm.assign(cons.size(), -1);
    if (!shimTile(*p))
      fifo.produceSide = addSide(f, name, *p, f.depthAt(0), bytes);
    fifo.mm2s = addDMA(f, *p, aie::DMAChannelDir::MM2S, fifo.produceSide,
                       bytes);
    for (size_t k = 0; k < cons.size(); ++k) {
      if (!shimTile(cons[k]))
        fifo.consumeSide[k] =
            addSide(f, name.str() + "_cons", cons[k], f.depthAt(k + 1), bytes);
      fifo.s2mm[k] = addDMA(f, cons[k], aie::DMAChannelDir::S2MM,
                            fifo.consumeSide[k], bytes);
    }
    plan.streams.push_back({fifo.mm2s, fifo.s2mm});
  }

  /// A 1:1 link: input FIFO `a` (into memory tile m) and output FIFO `b`
  /// (out of m) share one side at m.
  void addLink(aie::ObjectFifoLinkOp link) {
    auto index = [&](Attribute a) -> std::optional<size_t> {
      auto it = plan.byName.find(cast<FlatSymbolRefAttr>(a).getValue());
      if (it == plan.byName.end())
        return std::nullopt;
      return it->second;
    };
    for (ArrayAttr list : {link.getFifoIns(), link.getFifoOuts()})
      for (Attribute a : list)
        if (std::optional<size_t> i = index(a))
          linked.insert(*i);
    if (link.getFifoIns().size() != 1 || link.getFifoOuts().size() != 1)
      return setUnknown(link, "an object FIFO link that joins or "
                              "distributes is not modelled");
    std::optional<size_t> ai = index(link.getFifoIns()[0]),
                          bi = index(link.getFifoOuts()[0]);
    if (!ai || !bi || *ai == *bi)
      return setUnknown(link, "an object FIFO link of unknown FIFOs");
    if (link->hasAttr("repeat_count"))
      return setUnknown(link, "an object FIFO link with 'repeat_count' is "
                              "not modelled");
    ObjectFifoPlan::Fifo &A = plan.fifos[*ai], &B = plan.fifos[*bi];
    for (aie::ObjectFifoCreateOp f : {A.op, B.op})
      if (std::string why = unmodelled(f); !why.empty())
        return setUnknown(f, why);
    std::optional<Coord> ap = tile(A.op.getProducer()),
                         bp = tile(B.op.getProducer());
    if (!ap || !bp || A.op.getConsumers().size() != 1)
      return setUnknown(link, "an object FIFO link whose input has several "
                              "consumers is not modelled");
    std::optional<Coord> m = tile(A.op.getConsumers()[0]);
    if (!m || *m != *bp || d.kindOf(*m) != TileKind::MemTile)
      return setUnknown(link, "an object FIFO link that is not through one "
                              "memory tile (the input's consumer and the "
                              "output's producer) is not modelled");
    SmallVector<Coord> outs;
    for (Value c : B.op.getConsumers())
      if (std::optional<Coord> t = tile(c))
        outs.push_back(*t);
    if (outs.size() != B.op.getConsumers().size())
      return setUnknown(link, "an object FIFO whose tiles are not aie.tile ops");
    // The memory tile's buffers: those of the larger object.
    int64_t aBytes = bytesOf(A.op), bBytes = bytesOf(B.op);
    bool inIsTarget = aBytes >= bBytes;
    int64_t bytes = std::max(aBytes, bBytes);
    int64_t depth = inIsTarget ? A.op.depthAt(1) : B.op.depthAt(0);
    int side = addSide(link, (inIsTarget ? A : B).op.getSymName(), *m, depth,
                       bytes);
    // A: producer end -> the memory tile's S2MM.
    A.viaStream = B.viaStream = true;
    if (!shimTile(*ap))
      A.produceSide = addSide(A.op, A.op.getSymName(), *ap, A.op.depthAt(0),
                              aBytes);
    A.mm2s = addDMA(A.op, *ap, aie::DMAChannelDir::MM2S, A.produceSide,
                    aBytes);
    A.consumeSide.assign(1, side);
    A.s2mm.assign(1, addDMA(A.op, *m, aie::DMAChannelDir::S2MM, side, bytes));
    plan.streams.push_back({A.mm2s, A.s2mm});
    // B: the memory tile's MM2S -> each consumer.
    B.produceSide = side;
    B.mm2s = addDMA(B.op, *m, aie::DMAChannelDir::MM2S, side, bytes);
    B.consumeSide.assign(outs.size(), -1);
    B.s2mm.assign(outs.size(), -1);
    for (size_t k = 0; k < outs.size(); ++k) {
      if (!shimTile(outs[k]))
        B.consumeSide[k] = addSide(B.op, B.op.getSymName().str() + "_cons",
                                   outs[k], B.op.depthAt(k + 1), bBytes);
      B.s2mm[k] = addDMA(B.op, outs[k], aie::DMAChannelDir::S2MM,
                         B.consumeSide[k], bBytes);
    }
    plan.streams.push_back({B.mm2s, B.s2mm});
  }
};

} // namespace

ObjectFifoPlan aiecheck::planObjectFifos(Device &d) {
  ObjectFifoPlan plan;
  Planner(d, plan).run();
  return plan;
}
