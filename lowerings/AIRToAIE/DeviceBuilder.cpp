//===- DeviceBuilder.cpp - the aie.device of a verified AIR program -------===//
//
// Puts the pieces together (docs/compile.md): the placement the placement
// solver found, the transfer plan of the verified run, its BD chains and
// lock pairs, the core bodies, flows, shim allocations and the runtime
// sequence.
//
//===----------------------------------------------------------------------===//
#include "lowerings/AIRToAIE/AIRToAIE.h"

#include "lowerings/AIRToAIE/BDChains.h"
#include "lowerings/AIRToAIE/Cascades.h"
#include "lowerings/AIRToAIE/CoreBodies.h"
#include "lowerings/AIRToAIE/L2Split.h"
#include "lowerings/AIRToAIE/FoldL3Views.h"
#include "lowerings/AIRToAIE/ForwardHostCopies.h"
#include "lowerings/AIRToAIE/MergeStreams.h"
#include "lowerings/AIRToAIE/UnrollSegments.h"
#include "lowerings/AIRToAIE/MmioInit.h"
#include "lowerings/AIRToAIE/Refusal.h"
#include "lowerings/AIRToAIE/SharedL1.h"
#include "lowerings/AIRToAIE/SupportedSubset.h"
#include "lowerings/AIRToAIE/TransferPlan.h"

#include "analyses/AsyncGraph.h"
#include "analyses/Placement.h"
#include "analyses/ResourceFootprint.h"
#include "dialects/AIE/AIEDialect.h"
#include "dialects/AIR/HierarchySizes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/EquivalenceClasses.h"

#include <map>

using namespace mlir;
using namespace aircheck;
using namespace aircheck::npu;

namespace {

class DesignBuilder {
public:
  DesignBuilder(ModuleOp air, const DeviceModel &dev,
                const AIRToAIEOptions &options)
      : air(air), dev(dev), options(options) {}
  OwningOpRef<ModuleOp> run();

private:
  ModuleOp air;
  const DeviceModel &dev;
  AIRToAIEOptions options;
  Design design;
  TransferPlan plan;
  /// The plan before any L2 split (the BD fallback splits it again).
  TransferPlan planBeforeSplit;
  /// npu_mmio channels: their buffers' initial values (MmioInit.h).
  MmioInit mmio;
  /// cascade channels: links between cores (Cascades.h).
  CascadePlan cascades;
  /// Each cascade stream: its tiles (put, get) and its channel.
  std::vector<std::tuple<Tile, Tile, Operation *>> cascadeTiles;
  bool placeCascades();
  /// Whether memory tiles are assigned by BDs too (the BD fallback).
  bool bdAware = false;
  /// L2 buffers that needed a split and have none: why.
  std::map<unsigned, std::string> unsplit;
  Chains chains;
  std::map<Operation *, Tile> herdOrigin;
  /// Each segment's columns: first, count.
  std::map<Operation *, std::pair<int64_t, int64_t>> segmentCols;
  std::pair<int64_t, int64_t> columnsOf(Operation *op) const {
    auto seg = isa<air::SegmentOp>(op) ? cast<air::SegmentOp>(op)
                                       : op->getParentOfType<air::SegmentOp>();
    auto it = seg ? segmentCols.find(seg) : segmentCols.end();
    if (it != segmentCols.end())
      return it->second;
    return segmentCols.empty() ? std::make_pair<int64_t, int64_t>(0, 1)
                               : segmentCols.begin()->second;
  }
  int64_t memtileRow = -1;

  OpBuilder *b = nullptr;
  std::map<Tile, Value> tiles;
  std::map<Tile, int> nextLock;
  std::vector<std::vector<Value>> lockValues; // per plan buffer
  std::vector<Value> bufferValues;       // per plan buffer (L1, L2)
  DenseMap<Value, unsigned> bufferIndex; // aie.buffer -> plan buffer
  std::map<std::tuple<Operation *, Tile, int>, Value> l1Buffers; // alloc, tile, part
  unsigned bufferCount = 0;

  bool place();
  bool assignTiles();
  bool fitBDs(bool refuseIfNot);
  bool fitMemtileBanks(Tile t, bool refuseIfNot);
  bool separateAndFold();
  /// Streams of a compute tile with more than its DMA channels, merged
  /// where that is the same program (MergeStreams.h).
  void mergeStreams() {
    mergeCoreStreams(
        plan, [&](const Endpoint &e) { return tileOf(e.herd, e.ids); },
        [&](bool isPut) {
          return isPut ? dev.computeDmaMM2S : dev.computeDmaS2MM;
        });
  }
  /// Where the tile of a placed herd with these ids sits.
  Tile tileOf(Operation *herd, ArrayRef<int64_t> ids);
  /// Each tile of a placed herd: its ids and where it sits.
  std::vector<std::pair<SmallVector<int64_t, 2>, Tile>> tilesOf(air::HerdOp h);
  /// The core's locks of an L1 buffer (null values without a DMA).
  LockPair locksOf(Value buffer);
  Value tile(Tile t);
  Value buffer(Operation *alloc, Tile t, MemRefType type, int part = -1);
  void makeLocks();
  bool dmaPrograms();
  bool cores();
  void flows();
  bool shimAndSequence(Block &device);
  bool fits(Tile t, StringRef what, int64_t need, int64_t have,
            Operation *at);
};

bool DesignBuilder::fits(Tile t, StringRef what, int64_t need, int64_t have,
                   Operation *at) {
  if (need <= have)
    return true;
  refuse(at) << "does not fit: tile (" << t.col << ", " << t.row << ") needs "
             << need << " " << what << ", and " << dev.name << " has " << have;
  return false;
}

bool DesignBuilder::place() {
  AsyncGraph graph(air);
  ResourceFootprint fp(air, graph);
  std::vector<PlacementResult> placed =
      placeLaunches(fp, dev, cascadeLinksOf(air));
  for (const PlacementResult &p : placed) {
    if (p.kind != PlacementResult::Kind::Placed) {
      refuse(p.launch ? p.launch : design.launches.front().getOperation())
          << "no placement: " << p.why;
      return false;
    }
    for (const PlacedRect &r : p.rects) {
      if (r.isHerd)
        herdOrigin[r.op] = Tile{r.x, r.y};
      else if (isa<air::SegmentOp>(r.op)) {
        segmentCols[r.op] = {r.x, std::max<int64_t>(1, r.width)};
      }
    }
  }
  for (air::HerdOp h : design.herds)
    if (!herdOrigin.count(h)) {
      refuse(h) << "the placement gave this herd no tiles";
      return false;
    }
  for (size_t r = 0; r < dev.rowKinds.size(); ++r)
    if (dev.rowKinds[r] == "memtile" && memtileRow < 0)
      memtileRow = r;
  FailureOr<TransferPlan> p = planTransfers(
      design.func, graph, options.mergeIdenticalSources, options.merged,
      options.maxSteps);
  if (failed(p))
    return false;
  plan = std::move(*p);
  FailureOr<MmioInit> m = takeMmio(plan);
  if (failed(m))
    return false;
  mmio = std::move(*m);
  FailureOr<CascadePlan> cp = takeCascades(plan);
  if (failed(cp))
    return false;
  cascades = std::move(*cp);
  if (!placeCascades())
    return false;
  planBeforeSplit = plan;
  unsplit = splitL2Buffers(plan, dev, [&](Operation *alloc) {
    return columnsOf(alloc).second;
  });
  mergeStreams();
  FailureOr<Chains> c = buildChains(plan, dev.memtileBdDims, /*phases=*/false,
                                    /*foldTurns=*/false,
                                    options.interleaveReads);
  if (failed(c))
    return false;
  chains = std::move(*c);
  return true;
}

/// Tiles of every endpoint: herd tiles for L1; memory tiles of the
/// segment's columns for L2 (first fit by bytes and DMA channels, the
/// buffers one endpoint touches kept together); shim tiles for L3.
bool DesignBuilder::assignTiles() {
  for (BufferRef &buf : plan.buffers)
    if (buf.level == Level::L1)
      buf.tile = tileOf(buf.herd, buf.ids);
  for (Endpoint &e : plan.endpoints)
    if (e.level == Level::L1)
      e.tile = tileOf(e.herd, e.ids);

  // L2: group buffers that share an endpoint; a group is named by its
  // leader (the buffer EquivalenceClasses picks).
  llvm::EquivalenceClasses<unsigned> groups;
  for (auto [i, buf] : llvm::enumerate(plan.buffers))
    if (buf.level == Level::L2)
      groups.insert(i);
  for (const Endpoint &e : plan.endpoints)
    if (e.level == Level::L2)
      for (const Access &a : e.accesses)
        groups.unionSets(a.buffer, e.accesses.front().buffer);
  auto find = [&](unsigned i) { return groups.getLeaderValue(i); };
  std::map<unsigned, int64_t> bytes, mm2s, s2mm, bdsOf;
  for (auto [i, buf] : llvm::enumerate(plan.buffers))
    if (buf.level == Level::L2)
      bytes[find(i)] += buf.type.getNumElements() * aie::elementBytes(buf.type);
  for (auto [i, e] : llvm::enumerate(plan.endpoints))
    if (e.level == Level::L2) {
      ++(e.isPut ? mm2s : s2mm)[find(e.accesses.front().buffer)];
      bdsOf[find(e.accesses.front().buffer)] += chains.chains[i].size();
    }
  std::map<unsigned, Tile> groupTile;
  std::map<int64_t, std::array<int64_t, 4>> used; // col -> bytes, mm2s, s2mm, BDs
  // First fit, the groups needing the most channels first (then the most
  // bytes): a memory tile's channels are the scarce resource, and a group
  // that needs four of them should not find every tile half taken by groups
  // of one.
  std::vector<std::pair<unsigned, int64_t>> byDemand(bytes.begin(), bytes.end());
  llvm::stable_sort(byDemand, [&](const auto &x, const auto &y) {
    int64_t cx = std::max(mm2s[x.first], s2mm[x.first]),
            cy = std::max(mm2s[y.first], s2mm[y.first]);
    return cx != cy ? cx > cy : x.second > y.second;
  });
  for (auto &[g, n] : byDemand) {
    bool placed = false;
    if (memtileRow < 0) {
      refuse(design.segments.front()) << dev.name << " has no memory tiles for L2";
      return false;
    }
    // The leader's alloc: its segment's columns, and where to report.
    Operation *at = plan.buffers[g].alloc;
    auto [segmentCol, segmentWidth] = columnsOf(at);
    for (int64_t c = segmentCol; c < segmentCol + segmentWidth && !placed; ++c) {
      auto &u = used[c];
      if (u[0] + n <= dev.memtileBytes && u[1] + mm2s[g] <= dev.memtileDmaMM2S &&
          u[2] + s2mm[g] <= dev.memtileDmaS2MM &&
          (!bdAware || u[3] + bdsOf[g] <= dev.memtileBDs)) {
        u[0] += n;
        u[1] += mm2s[g];
        u[2] += s2mm[g];
        u[3] += bdsOf[g];
        groupTile[g] = Tile{c, memtileRow};
        placed = true;
      }
    }
    if (!placed) {
      auto diag = refuse(at);
      diag << "does not fit: this L2 buffer (with the buffers its "
                    "streams share) needs "
                 << n << " bytes, " << mm2s[g] << " MM2S and " << s2mm[g]
                 << " S2MM channels of one memory tile, and none in the "
                    "segment's columns "
                 << segmentCol << "-" << segmentCol + segmentWidth - 1
                 << " has that much left (" << dev.memtileBytes << " bytes, "
                 << dev.memtileDmaMM2S << " + " << dev.memtileDmaS2MM
                 << " channels each)";
      for (auto &[u, why] : unsplit)
        if (find(u) == g) {
          diag << "; it cannot be split over memory tiles: " << why;
          break;
        }
      return false;
    }
  }
  for (auto [i, buf] : llvm::enumerate(plan.buffers))
    if (buf.level == Level::L2)
      buf.tile = groupTile[find(i)];
  for (Endpoint &e : plan.endpoints)
    if (e.level == Level::L2)
      e.tile = plan.buffers[e.accesses.front().buffer].tile;

  // DMA channels of core and memory tiles.
  std::map<std::pair<Tile, bool>, int> next;
  for (Endpoint &e : plan.endpoints) {
    if (e.level == Level::L3)
      continue;
    e.dmaChannel = next[{e.tile, e.isPut}]++;
    int64_t have = e.level == Level::L1
                       ? (e.isPut ? dev.computeDmaMM2S : dev.computeDmaS2MM)
                       : (e.isPut ? dev.memtileDmaMM2S : dev.memtileDmaS2MM);
    if (e.dmaChannel + 1 > have && e.level == Level::L1) {
      // MergeStreams merged what it could.
      refuse(e.accesses.front().op)
          << "does not fit: tile (" << e.tile.col << ", " << e.tile.row
          << ") needs " << e.dmaChannel + 1
          << (e.isPut ? " MM2S" : " S2MM") << " channels, and " << dev.name
          << " has " << have
          << "; streams share a channel only where each goes to one place, "
             "their other ends are both in L2 or both in L3, and their "
             "transfers interleave alike at both ends (upstream merges them "
             "into packet flows, which this lowering does not emit)";
      return false;
    }
    if (!fits(e.tile, e.isPut ? "MM2S channels" : "S2MM channels",
              e.dmaChannel + 1, have, e.accesses.front().op))
      return false;
  }

  // Shim channels: the columns of the issuing op's segment first (of the
  // first segment for the launch and function bodies), then the others.
  const std::vector<int64_t> &shimCols =
      dev.pinnedShimDmaColumns.empty() ? dev.shimDmaColumns : dev.pinnedShimDmaColumns;
  std::map<std::pair<int64_t, bool>, int> shimUsed;
  for (Endpoint &e : plan.endpoints) {
    if (e.level != Level::L3)
      continue;
    auto [segmentCol, segmentWidth] = columnsOf(e.accesses.front().op);
    std::vector<int64_t> cols;
    for (int64_t c : shimCols)
      if (c >= segmentCol && c < segmentCol + segmentWidth)
        cols.push_back(c);
    for (int64_t c : shimCols)
      if (!llvm::is_contained(cols, c))
        cols.push_back(c);
    bool placed = false;
    for (int64_t c : cols) {
      int &u = shimUsed[{c, e.isPut}];
      if (u < (e.isPut ? dev.shimDmaMM2S : dev.shimDmaS2MM)) {
        e.tile = Tile{c, 0};
        e.dmaChannel = u++;
        placed = true;
        break;
      }
    }
    if (!placed) {
      refuse(e.accesses.front().op)
          << "does not fit: every shim " << (e.isPut ? "MM2S" : "S2MM")
          << " channel of " << dev.name << " is taken";
      return false;
    }
  }
  return true;
}

/// The first answer to a memory tile out of BDs (turns kept, so the second
/// check's search stays as small as before): split the L2 buffers of
/// several readers or writers into parts that each serve fewer (L2Split's
/// `separate`), fold each turn's transfers into one BD where they step
/// through the buffer, and assign memory tiles by BDs too. On failure
/// (quietly: the phases come next) the plan, chains and tiles are as they
/// were.
bool DesignBuilder::separateAndFold() {
  TransferPlan kept = plan;
  Chains keptChains = chains;
  std::map<unsigned, std::string> keptUnsplit = unsplit;
  bool ok = false;
  {
    ScopedDiagnosticHandler quiet(air.getContext(),
                                  [](Diagnostic &) { return success(); });
    plan = planBeforeSplit;
    unsplit = splitL2Buffers(
        plan, dev,
        [&](Operation *alloc) { return columnsOf(alloc).second; },
        /*separate=*/true);
    mergeStreams();
    FailureOr<Chains> c =
        buildChains(plan, dev.memtileBdDims, /*phases=*/false,
                    /*foldTurns=*/true, options.interleaveReads);
    if (succeeded(c)) {
      chains = std::move(*c);
      bdAware = true;
      ok = assignTiles() && fitBDs(/*refuseIfNot=*/false);
      bdAware = false;
    }
  }
  if (!ok) {
    plan = std::move(kept);
    chains = std::move(keptChains);
    unsplit = std::move(keptUnsplit);
  }
  return ok;
}

/// BDs per tile: whether every tile's chains fit its BDs (refusing at the
/// first that does not when `refuse` is set).
bool DesignBuilder::fitBDs(bool refuseIfNot) {
  std::map<Tile, int64_t> bds;
  std::map<Tile, Operation *> firstOp;
  for (auto [i, e] : llvm::enumerate(plan.endpoints))
    if (e.level != Level::L3) {
      bds[e.tile] += chains.chains[i].size();
      firstOp.try_emplace(e.tile, e.accesses.front().op);
    }
  for (auto &[t, n] : bds) {
    int64_t have = t.row == memtileRow ? dev.memtileBDs : dev.computeBDs;
    if (!refuseIfNot && n > have)
      return false;
    if (!fits(t, "BDs", n, have, firstOp[t]))
      return false;
    if (t.row == memtileRow && !fitMemtileBanks(t, refuseIfNot))
      return false;
  }
  return true;
}

/// A memory tile's channels reach only their bank of BDs (the device's
/// `memtile.bd_channel_access`: even channels BDs 0-23, odd ones 24-47 on
/// AIE2), which aie-bds checks. Where the channels in the order they were
/// numbered put more BDs on one bank than it has, they are numbered again:
/// largest chains first, each to the bank with fewer BDs that still has a
/// channel of its direction free.
bool DesignBuilder::fitMemtileBanks(Tile t, bool refuseIfNot) {
  const auto &ranges = dev.memtileBdRanges;
  if (ranges.empty())
    return true;
  auto bankOf = [&](int64_t ch) { return dev.memtileBdBank(ch); };
  auto room = [&](int k) {
    return ranges[k].second.second - ranges[k].second.first + 1;
  };
  std::vector<unsigned> here;
  for (auto [i, e] : llvm::enumerate(plan.endpoints))
    if (e.level == Level::L2 && e.tile == t)
      here.push_back(i);
  auto overflow = [&]() -> int {
    std::vector<int64_t> load(ranges.size(), 0);
    for (unsigned i : here) {
      int k = bankOf(plan.endpoints[i].dmaChannel);
      if (k < 0)
        return -2;
      load[k] += chains.chains[i].size();
    }
    for (size_t k = 0; k < load.size(); ++k)
      if (load[k] > room(k))
        return (int)k;
    return -1;
  };
  if (overflow() == -1)
    return true;
  // Number again.
  std::vector<unsigned> order = here;
  llvm::stable_sort(order, [&](unsigned a, unsigned b) {
    return chains.chains[a].size() > chains.chains[b].size();
  });
  std::vector<int64_t> load(ranges.size(), 0);
  std::map<std::pair<bool, int>, std::vector<int64_t>> free; // (put, bank)
  for (bool put : {false, true}) {
    int64_t n = put ? dev.memtileDmaMM2S : dev.memtileDmaS2MM;
    for (int64_t ch = 0; ch < n; ++ch)
      if (int k = bankOf(ch); k >= 0)
        free[{put, k}].push_back(ch);
  }
  for (auto &[key, chs] : free)
    std::reverse(chs.begin(), chs.end()); // take the lowest first
  bool ok = true;
  for (unsigned i : order) {
    Endpoint &e = plan.endpoints[i];
    int best = -1;
    for (size_t k = 0; k < ranges.size(); ++k)
      if (!free[{e.isPut, (int)k}].empty() &&
          (best < 0 || load[k] < load[best]))
        best = (int)k;
    if (best < 0) {
      ok = false;
      break;
    }
    e.dmaChannel = free[{e.isPut, best}].back();
    free[{e.isPut, best}].pop_back();
    load[best] += chains.chains[i].size();
  }
  int over = ok ? overflow() : -2;
  if (over == -1)
    return true;
  if (!refuseIfNot)
    return false;
  Operation *at = here.empty() ? air.getOperation()
                               : plan.endpoints[here.front()].accesses.front().op;
  if (over >= 0) {
    int64_t need = 0;
    for (unsigned i : here)
      if (bankOf(plan.endpoints[i].dmaChannel) == over)
        need += chains.chains[i].size();
    refuse(at) << "does not fit: memory tile (" << t.col << ", " << t.row
               << ") needs " << need << " BDs on the channels that share BDs "
               << ranges[over].second.first << "-" << ranges[over].second.second
               << ", which has " << room(over)
               << " (a memory tile's channel reaches one bank of BDs)";
  } else {
    refuse(at) << "does not fit: memory tile (" << t.col << ", " << t.row
               << ") has no numbering of its DMA channels that the device's BD "
                  "banks serve";
  }
  return false;
}

Value DesignBuilder::tile(Tile t) { return tiles.at(t); }

Value DesignBuilder::buffer(Operation *alloc, Tile t, MemRefType type, int part) {
  auto [it, fresh] = l1Buffers.try_emplace({alloc, t, part});
  if (fresh) {
    OpBuilder::InsertionGuard g(*b);
    auto buf = aie::BufferOp::create(
        *b, alloc->getLoc(), type, tile(t),
        b->getStringAttr("buf" + std::to_string(bufferCount++)), IntegerAttr(),
        IntegerAttr(), ElementsAttr());
    it->second = buf.getResult();
  }
  return it->second;
}

void DesignBuilder::makeLocks() {
  lockValues.assign(plan.buffers.size(), {});
  bufferValues.assign(plan.buffers.size(), Value());
  for (auto [i, buf] : llvm::enumerate(plan.buffers)) {
    if (buf.level == Level::L3)
      continue;
    bufferValues[i] = buffer(buf.alloc, buf.tile, buf.type, buf.part);
    bufferIndex[bufferValues[i]] = i;
    if (auto v = mmio.initialValues.find(i); v != mmio.initialValues.end())
      cast<aie::BufferOp>(bufferValues[i].getDefiningOp())
          .setInitialValueAttr(v->second);
    const BufferLocks &bl = chains.locks[i];
    std::string name =
        cast<aie::BufferOp>(bufferValues[i].getDefiningOp()).getSymName()->str();
    for (auto [init, role] : llvm::zip(bl.init, bl.role)) {
      int id = nextLock[buf.tile]++;
      lockValues[i].push_back(
          aie::LockOp::create(*b, buf.alloc->getLoc(), b->getIndexType(),
                              tile(buf.tile), b->getI32IntegerAttr(id),
                              b->getI32IntegerAttr(init),
                              b->getStringAttr(name + "_" + role))
              .getResult());
    }
  }
}

LockPair DesignBuilder::locksOf(Value buffer) {
  auto it = bufferIndex.find(buffer);
  if (it == bufferIndex.end() || plan.buffers[it->second].level != Level::L1)
    return LockPair{};
  const std::vector<Value> &l = lockValues[it->second];
  if (l.size() < 2)
    return LockPair{};
  return {l[kProducer], l[kConsumer], l.size() > 2 ? l[kReady] : Value()};
}

bool DesignBuilder::dmaPrograms() {
  std::map<Tile, std::vector<unsigned>> byTile;
  for (auto [i, e] : llvm::enumerate(plan.endpoints))
    if (e.level != Level::L3)
      byTile[e.tile].push_back(i);
  for (auto &[t, eps] : byTile) {
    if (!fits(t, "locks", nextLock[t],
              t.row == memtileRow ? dev.memtileLocks : dev.computeLocks,
              plan.endpoints[eps.front()].accesses.front().op))
      return false;
    Location loc = plan.endpoints[eps.front()].accesses.front().op->getLoc();
    Operation *prog =
        t.row == memtileRow
            ? aie::MemTileDMAOp::create(*b, loc, b->getIndexType(), tile(t))
                  .getOperation()
            : aie::MemOp::create(*b, loc, b->getIndexType(), tile(t))
                  .getOperation();
    Region &region = prog->getRegion(0);
    OpBuilder::InsertionGuard g(*b);
    // One start block per channel, then the BD blocks, then the end.
    std::vector<Block *> starts;
    for (size_t k = 0; k < eps.size(); ++k)
      starts.push_back(b->createBlock(&region, region.end()));
    Block *end = b->createBlock(&region, region.end());
    aie::EndOp::create(*b, loc);
    for (auto [k, ei] : llvm::enumerate(eps)) {
      const Endpoint &e = plan.endpoints[ei];
      const std::vector<BD> &chain = chains.chains[ei];
      // A chain of a given number of passes ends after its last BD.
      int64_t passes = chains.passes.empty() ? 0 : chains.passes[ei];
      std::vector<Block *> bdBlocks;
      for (size_t j = 0; j < chain.size(); ++j)
        bdBlocks.push_back(b->createBlock(end));
      for (auto [j, bd] : llvm::enumerate(chain)) {
        b->setInsertionPointToEnd(bdBlocks[j]);
        Location bloc = bd.access.op->getLoc();
        const std::vector<Value> &bl = lockValues[bd.access.buffer];
        if (bd.acquireLock >= 0)
          aie::UseLockOp::create(
              *b, bloc, bl[bd.acquireLock],
              aie::LockActionAttr::get(b->getContext(),
                                       aie::LockAction::AcquireGreaterEqual),
              b->getI32IntegerAttr(bd.acquireValue));
        const BufferRef &buf = plan.buffers[bd.access.buffer];
        BDPattern p = bdPattern(bd.access, buf.type);
        int64_t maxDims = t.row == memtileRow ? dev.memtileBdDims : dev.computeBdDims;
        if (maxDims && static_cast<int64_t>(p.sizes.size()) > maxDims) {
          refuse(bd.access.op) << "needs a BD of " << p.sizes.size()
                               << " dimensions; tile (" << t.col << ", "
                               << t.row << ") walks at most " << maxDims;
          return false;
        }
        auto i32s = [&](ArrayRef<int64_t> v) {
          SmallVector<int32_t> out(v.begin(), v.end());
          return b->getDenseI32ArrayAttr(out);
        };
        aie::DMABDOp::create(
            *b, bloc, bufferValues[bd.access.buffer],
            b->getI32IntegerAttr(p.offset), b->getI32IntegerAttr(p.len),
            p.sizes.empty() ? DenseI32ArrayAttr() : i32s(p.sizes),
            p.sizes.empty() ? DenseI32ArrayAttr() : i32s(p.strides),
            p.padBefore.empty() ? DenseI32ArrayAttr() : i32s(p.padBefore),
            p.padAfter.empty() ? DenseI32ArrayAttr() : i32s(p.padAfter),
            IntegerAttr(), aie::PacketInfoAttr());
        if (bd.releaseLock >= 0)
          aie::UseLockOp::create(
              *b, bloc, bl[bd.releaseLock],
              aie::LockActionAttr::get(b->getContext(), aie::LockAction::Release),
              b->getI32IntegerAttr(bd.releaseValue));
        aie::NextBDOp::create(*b, bloc,
                              passes && j + 1 == chain.size()
                                  ? end
                                  : bdBlocks[(j + 1) % chain.size()]);
      }
      b->setInsertionPointToEnd(starts[k]);
      aie::DMAStartOp::create(
          *b, loc, b->getI1Type(),
          e.isPut ? aie::DMAChannelDir::MM2S : aie::DMAChannelDir::S2MM,
          e.dmaChannel,
          passes > 1 ? b->getI32IntegerAttr(passes - 1) : IntegerAttr(),
          bdBlocks.front(), k + 1 < starts.size() ? starts[k + 1] : end);
    }
  }
  return true;
}

std::vector<std::pair<SmallVector<int64_t, 2>, Tile>>
DesignBuilder::tilesOf(air::HerdOp h) {
  auto hi = cast<air::HierarchyOpInterface>(h.getOperation());
  SmallVector<int64_t, 3> sizes = *air::constantSizes(hi);
  std::vector<std::pair<SmallVector<int64_t, 2>, Tile>> out;
  for (int64_t x = 0; x < (sizes.size() > 0 ? sizes[0] : 1); ++x)
    for (int64_t y = 0; y < (sizes.size() > 1 ? sizes[1] : 1); ++y) {
      SmallVector<int64_t, 2> ids;
      if (sizes.size() > 0)
        ids.push_back(x);
      if (sizes.size() > 1)
        ids.push_back(y);
      out.push_back({ids, tileOf(h, ids)});
    }
  return out;
}

Tile DesignBuilder::tileOf(Operation *herd, ArrayRef<int64_t> ids) {
  Tile o = herdOrigin[herd];
  return Tile{o.col + (ids.size() > 0 ? ids[0] : 0),
              o.row + (ids.size() > 1 ? ids[1] : 0)};
}

/// Herds that never run at once may share tiles in the placement: such a
/// tile's core runs their bodies one after the other, in the order the
/// run started them (the first transfer of each; herds without one after
/// those, in program order).
bool DesignBuilder::cores() {
  DenseMap<Operation *, uint64_t> firstTransfer;
  for (const Endpoint &e : plan.endpoints)
    if (e.herd)
      for (const Access &a : e.accesses) {
        auto [it, fresh] = firstTransfer.try_emplace(e.herd, a.order);
        if (!fresh)
          it->second = std::min(it->second, a.order);
      }
  SmallVector<air::HerdOp> order(design.herds.begin(), design.herds.end());
  // A herd without transfers sorts after the others, in program order.
  auto key = [&](air::HerdOp h) {
    auto it = firstTransfer.find(h);
    return it == firstTransfer.end() ? ~0ull : it->second;
  };
  llvm::stable_sort(order, [&](air::HerdOp x, air::HerdOp y) {
    return key(x) < key(y);
  });
  std::map<Tile, std::vector<std::pair<air::HerdOp, SmallVector<int64_t, 2>>>> byTile;
  for (air::HerdOp h : order)
    for (auto &[ids, t] : tilesOf(h))
      byTile[t].push_back({h, ids});
  // An L1 buffer from outside the herds is one copy per tile where the
  // herds that use it run on the same tiles; herds on other tiles share one
  // buffer between their cores, and take turns with it (SharedL1.h).
  llvm::MapVector<Operation *,
                  std::vector<std::pair<air::HerdOp, std::vector<Tile>>>>
      outerUsers;
  for (air::HerdOp h : order) {
    auto hi = cast<air::HierarchyOpInterface>(h.getOperation());
    for (auto [k, arg] : llvm::enumerate(hi.getKernelArguments())) {
      Operation *alloc = arg.use_empty() ? nullptr : outerL1Alloc(h, k);
      if (!alloc)
        continue;
      auto &users = outerUsers[alloc];
      if (!users.empty() && users.back().first == h)
        continue;
      std::vector<Tile> tiles;
      for (auto &[ids, t] : tilesOf(h))
        tiles.push_back(t);
      users.push_back({h, tiles});
    }
  }
  // Per shared buffer: its aie.buffer and ring locks, and each user's part.
  struct Ring {
    SharedL1 plan;
    Value buffer;
    std::vector<Value> locks;
  };
  llvm::MapVector<Operation *, Ring> rings;
  for (auto &[alloc, users] : outerUsers) {
    std::set<Tile> first(users.front().second.begin(),
                         users.front().second.end());
    bool sameTiles = llvm::all_of(users, [&](auto &u) {
      return std::set<Tile>(u.second.begin(), u.second.end()) == first;
    });
    if (sameTiles)
      continue;
    std::set<Tile> seen;
    for (auto &[h, tiles] : users)
      for (Tile t : tiles)
        if (!seen.insert(t).second) {
          auto diag = refuse(h)
                      << "uses an L1 buffer from outside the herd on tile ("
                      << t.col << ", " << t.row
                      << "), which another herd that uses it shares, while "
                         "other herds use it on other tiles: neither a copy "
                         "per tile nor one shared buffer";
          diag.attachNote(alloc->getLoc()) << "the buffer";
          return false;
        }
    std::optional<SharedL1> s = planSharedL1(alloc, users);
    if (!s)
      return false;
    Ring r{*s, buffer(alloc, s->home,
                      cast<MemRefType>(alloc->getResult(0).getType())),
           {}};
    std::string name =
        cast<aie::BufferOp>(r.buffer.getDefiningOp()).getSymName()->str();
    for (auto [i, init] : llvm::enumerate(s->lockInit)) {
      int id = nextLock[s->home]++;
      r.locks.push_back(aie::LockOp::create(
                            *b, alloc->getLoc(), b->getIndexType(),
                            tile(s->home), b->getI32IntegerAttr(id),
                            b->getI32IntegerAttr(init),
                            b->getStringAttr(name + "_turn" + std::to_string(i)))
                            .getResult());
    }
    if (!fits(s->home, "locks", nextLock[s->home], dev.computeLocks, alloc))
      return false;
    rings.insert({alloc, std::move(r)});
  }

  std::set<Operation *> sharedAllocs;
  for (auto &[alloc, r] : rings)
    sharedAllocs.insert(alloc);

  // A shared tile runs its herds' bodies one after the other: a herd that
  // receives what a later one on the tile sends would wait for ever (herds
  // of one name may run at once in the program: docs/semantics.md 7).
  DenseMap<Operation *, std::set<std::string>> sentBy;
  for (air::HerdOp h : order)
    h.walk([&](air::ChannelOpInterface c) {
      if (c.isPut())
        sentBy[h].insert(c.getChanName().str());
    });
  for (auto &[t, herds] : byTile)
    for (size_t i = 0; i < herds.size(); ++i)
      for (size_t j = i + 1; j < herds.size(); ++j) {
        air::HerdOp early = herds[i].first, late = herds[j].first;
        if (early == late)
          continue;
        const std::set<std::string> &sent = sentBy[late];
        Operation *waits = nullptr;
        early.walk([&](air::ChannelOpInterface c) {
          if (!waits && !c.isPut() && sent.count(c.getChanName().str()))
            waits = c.getOperation();
        });
        if (waits) {
          auto diag = refuse(waits)
                      << "receives on @" << cast<air::ChannelOpInterface>(waits)
                                                .getChanName()
                      << " what a herd that shares tile (" << t.col << ", "
                      << t.row
                      << ") with this one sends; the tile's core runs this "
                         "herd's body first, and would wait for ever";
          diag.attachNote(late.getLoc()) << "the herd that sends it";
          return false;
        }
      }
  for (auto &[t, herds] : byTile) {
    air::HerdOp first = herds.front().first;
    StringAttr link;
    for (auto &[h, ids] : herds)
      if (auto l = h->getAttrOfType<StringAttr>("link_with")) {
        if (link && link != l) {
          auto diag = refuse(h) << "shares tile (" << t.col << ", " << t.row
                                << ") with a herd linked with another object "
                                   "file; a core links one";
          diag.attachNote(first.getLoc()) << "the other herd";
          return false;
        }
        link = l;
      }
    auto core = aie::CoreOp::create(
        *b, first.getLoc(), b->getIndexType(), tile(t),
        b->getI32IntegerAttr(dev.stackBytes ? dev.stackBytes : 1024),
        StringAttr(), StringAttr());
    if (link)
      core.setLinkWithAttr(link);
    Block *body = new Block();
    core.getBody().push_back(body);
    Tile at = t;
    auto bufferFor = [&](Operation *alloc) {
      if (auto r = rings.find(alloc); r != rings.end())
        return r->second.buffer;
      OpBuilder::InsertionGuard g(*b);
      b->setInsertionPoint(core);
      return buffer(alloc, at, cast<MemRefType>(alloc->getResult(0).getType()));
    };
    auto locks = [&](Value buf) { return locksOf(buf); };
    for (auto &[h, ids] : herds) {
      Operation *last = body->empty() ? nullptr : &body->back();
      // The herd's turns with the shared buffers it uses: acquired before
      // its body, handed on after it (SharedL1.h).
      std::vector<std::pair<Value, int64_t>> handOn;
      OpBuilder turns = OpBuilder::atBlockEnd(body);
      for (auto &[alloc, r] : rings)
        for (auto [i, g] : llvm::enumerate(r.plan.groups))
          if (g.herd == h) {
            aie::UseLockOp::create(
                turns, h.getLoc(), r.locks[g.lockOf(at)],
                aie::LockActionAttr::get(b->getContext(),
                                         aie::LockAction::AcquireGreaterEqual),
                turns.getI32IntegerAttr(g.acquire));
            const SharedL1Group &next = r.plan.next(i);
            for (unsigned l = 0; l < next.locks; ++l)
              handOn.push_back({r.locks[next.first + l], 1});
          }
      if (failed(buildCoreBody(*body, h, ids, bufferFor, locks, sharedAllocs,
                               mmio.channels, cascades.channels)))
        return false;
      turns.setInsertionPointToEnd(body);
      for (auto &[lock, value] : handOn)
        aie::UseLockOp::create(
            turns, h.getLoc(), lock,
            aie::LockActionAttr::get(b->getContext(), aie::LockAction::Release),
            turns.getI32IntegerAttr(value));
      // This herd's part runs once per instance of its launch and per trip
      // of the loops around it in its segment.
      Operation *from = last ? last->getNextNode() : (body->empty() ? nullptr : &body->front());
      if (from)
        repeatCoreBody(*body, from,
                       design.launchInstances.lookup(
                           h->getParentOfType<air::LaunchOp>()) *
                           std::max<int64_t>(1, design.herdTrips.lookup(h)),
                       h.getLoc());
    }
    OpBuilder end = OpBuilder::atBlockEnd(body);
    aie::EndOp::create(end, first.getLoc());
  }
  return true;
}

/// Each cascade joins a tile to its east or south neighbour, and a tile
/// has one cascade port each way.
bool DesignBuilder::placeCascades() {
  std::map<Tile, const CascadeLinkPlan *> out, in;
  for (const CascadeLinkPlan &l : cascades.links) {
    Tile p = tileOf(l.putHerd, l.putIds), g = tileOf(l.getHerd, l.getIds);
    std::pair<int64_t, int64_t> d{g.col - p.col, g.row - p.row};
    if (d != kCascadeEast && d != kCascadeSouth) {
      auto diag = refuse(l.put)
                  << "a cascade from tile (" << p.col << ", " << p.row
                  << ") to (" << g.col << ", " << g.row
                  << "): AIE2 cascades run only to the east or south "
                     "neighbour, and the placement did not put them there";
      diag.attachNote(l.get->getLoc()) << "the get";
      return false;
    }
    for (auto [map, t, op] : {std::tuple{&out, p, l.put}, {&in, g, l.get}}) {
      auto [it, fresh] = map->try_emplace(t, &l);
      if (!fresh && (it->second->putHerd != l.putHerd ||
                     it->second->getHerd != l.getHerd ||
                     (map == &out ? it->second->getIds != l.getIds
                                  : it->second->putIds != l.putIds))) {
        auto diag = refuse(op) << "tile (" << t.col << ", " << t.row
                               << ") would need two cascade streams "
                               << (map == &out ? "out" : "in")
                               << "; a core tile has one each way";
        diag.attachNote((map == &out ? it->second->put : it->second->get)
                            ->getLoc())
            << "the other";
        return false;
      }
    }
    if (llvm::none_of(cascadeTiles, [&](const auto &c) {
          return std::get<0>(c) == p && std::get<1>(c) == g;
        }))
      cascadeTiles.push_back({p, g, l.decl});
  }
  return true;
}

void DesignBuilder::flows() {
  for (auto [p, g, decl] : cascadeTiles)
    aie::CascadeFlowOp::create(*b, decl->getLoc(), tile(p), tile(g));
  for (const Endpoint &e : plan.endpoints) {
    if (!e.isPut)
      continue;
    for (unsigned peer : e.peers) {
      const Endpoint &g = plan.endpoints[peer];
      aie::FlowOp::create(*b, e.decl->getLoc(), tile(e.tile),
                          aie::WireBundle::DMA, e.dmaChannel, tile(g.tile),
                          aie::WireBundle::DMA, g.dmaChannel);
    }
  }
}

std::string symbolFor(const Endpoint &e) { return "air_" + e.streamName(); }

/// Issue 26: folds the pushes of one channel that follow each other with no
/// wait on that channel between them (so none had to wait for another
/// transfer), move the same shape, and differ in one offset by a constant
/// step, into one task whose outermost dimension (npu.dma_memcpy_nd's
/// iteration dimension, at most 64) repeats it. The folded pushes are issued
/// at the first one's place: earlier, which no wait ordered them after.
template <typename EmitT>
static void foldRepeatedTransfers(std::vector<EmitT> &plan) {
  constexpr int64_t kMaxRepeat = 64; // mlir-aie: the iteration size is 1..64
  std::vector<bool> gone(plan.size(), false);
  for (size_t i = 0; i < plan.size(); ++i) {
    EmitT &first = plan[i];
    if (gone[i] || first.isWait || first.sizes.size() != 4 ||
        first.sizes[0] != 1)
      continue;
    int dim = -1;
    int64_t step = 0, count = 1;
    for (size_t j = i + 1; j < plan.size() && count < kMaxRepeat; ++j) {
      const EmitT &x = plan[j];
      if (x.endpoint != first.endpoint)
        continue;
      // Waits: any wait between them ends the fold (it may order this push
      // after another channel's transfer).
      bool waited = false;
      for (size_t k = i + 1; k < j; ++k)
        if (plan[k].isWait)
          waited = true;
      if (waited || x.isWait || gone[j] || x.arg != first.arg ||
          x.sizes != first.sizes || x.strides != first.strides)
        break;
      int diff = -1;
      for (int d = 1; d < 4; ++d)
        if (x.offs[d] != first.offs[d]) {
          if (diff >= 0) {
            diff = -2;
            break;
          }
          diff = d;
        }
      if (diff < 0 || first.strides[diff] <= 0)
        break;
      if (dim < 0) {
        dim = diff;
        step = x.offs[diff] - first.offs[diff];
        if (step <= 0)
          break;
      }
      if (diff != dim || x.offs[dim] != first.offs[dim] + count * step)
        break;
      gone[j] = true;
      ++count;
    }
    if (count > 1) {
      first.sizes[0] = count;
      first.strides[0] = step * first.strides[dim];
    }
  }
  std::vector<EmitT> kept;
  for (size_t i = 0; i < plan.size(); ++i)
    if (!gone[i])
      kept.push_back(std::move(plan[i]));
  plan = std::move(kept);
}

bool DesignBuilder::shimAndSequence(Block &device) {
  // Allocations.
  std::map<unsigned, std::string> symbol;
  llvm::StringSet<> taken;
  for (auto [i, e] : llvm::enumerate(plan.endpoints)) {
    if (e.level != Level::L3)
      continue;
    // Both ends of a channel from L3 to L3 are in the shim: the second
    // one's name gets its direction.
    symbol[i] = symbolFor(e);
    if (!taken.insert(symbol[i]).second) {
      symbol[i] += e.isPut ? "_mm2s" : "_s2mm";
      for (unsigned n = 1; !taken.insert(symbol[i]).second; ++n)
        symbol[i] = symbolFor(e) + "_" + std::to_string(n);
    }
    aie::ShimDMAAllocationOp::create(
        *b, e.decl->getLoc(), b->getStringAttr(symbol[i]), tile(e.tile),
        e.isPut ? aie::DMAChannelDir::MM2S : aie::DMAChannelDir::S2MM,
        e.dmaChannel);
  }
  // The runtime sequence: every L3 transfer in the run's order; a transfer
  // first waits for the overlapping ones still in flight that it must
  // follow (a read after a write, a write after a read or write), and the
  // sequence ends waiting for every write.
  if (symbol.empty())
    return true;
  auto seq = aie::RuntimeSequenceOp::create(*b, design.func.getLoc(), StringAttr());
  Block *body = new Block();
  seq.getBody().push_back(body);
  SmallVector<Value> args;
  for (BlockArgument a : design.func.getArguments()) {
    // An unranked argument takes the 1-D type the plan gave it.
    Type type = a.getType();
    if (isa<UnrankedMemRefType>(type))
      for (const BufferRef &buf : plan.buffers)
        if (buf.level == Level::L3 && !buf.global &&
            buf.argIndex == a.getArgNumber())
          type = buf.type;
    args.push_back(body->addArgument(type, a.getLoc()));
  }
  OpBuilder::InsertionGuard g(*b);
  b->setInsertionPointToEnd(body);
  struct L3 {
    uint64_t order;
    unsigned endpoint;
    const Access *access;
  };
  std::vector<L3> all;
  for (auto [i, e] : llvm::enumerate(plan.endpoints))
    if (e.level == Level::L3)
      for (const Access &a : e.accesses)
        all.push_back({a.order, static_cast<unsigned>(i), &a});
  llvm::stable_sort(all, [](const L3 &x, const L3 &y) { return x.order < y.order; });
  // Transfers in flight: argument, element range [lo, hi], endpoint, and
  // whether it writes the argument.
  struct Flight {
    unsigned arg;
    int64_t lo, hi;
    unsigned endpoint;
    bool writes;
  };
  std::vector<Flight> inFlight;
  // The sequence is first planned (pushes and waits, in order), then
  // repeated pushes are folded into one task, then waits keep every
  // channel's queue within its depth, then the ops are built.
  struct Emit {
    bool isWait = false;
    unsigned endpoint = 0;
    unsigned arg = 0;
    SmallVector<int64_t> offs, sizes, strides;
    Location loc;
  };
  std::vector<Emit> steps;
  auto wait = [&](unsigned endpoint) {
    steps.push_back({true, endpoint, 0, {}, {}, {}, design.func.getLoc()});
    // A wait on a channel waits for everything issued on it.
    llvm::erase_if(inFlight, [&](const Flight &f) { return f.endpoint == endpoint; });
  };
  for (const L3 &x : all) {
    const Endpoint &e = plan.endpoints[x.endpoint];
    const BufferRef &buf = plan.buffers[x.access->buffer];
    BDPattern pat = bdPattern(*x.access, buf.type);
    int64_t lo = pat.offset, hi = pat.offset + std::max<int64_t>(pat.len, 1) - 1;
    if (!pat.sizes.empty()) {
      hi = lo;
      for (auto [size, stride] : llvm::zip(pat.sizes, pat.strides))
        hi += (size - 1) * std::max<int64_t>(stride, 0);
    }
    // Ordered like the run: a read waits for the overlapping writes still
    // in flight, a write for the overlapping reads and writes.
    bool writes = !e.isPut;
    std::set<unsigned> waitFor;
    for (const Flight &f : inFlight)
      if (f.arg == buf.argIndex && (f.writes || writes) && f.lo <= hi &&
          lo <= f.hi && f.endpoint != x.endpoint)
        waitFor.insert(f.endpoint);
    for (unsigned w : waitFor)
      wait(w);
    inFlight.push_back({buf.argIndex, lo, hi, x.endpoint, writes});
    // Four dimensions, outermost first, as npu.dma_memcpy_nd takes them.
    const Access &a = *x.access;
    // The whole buffer as one contiguous run; else AIR's explicit form.
    SmallVector<int64_t> offs{0}, sizes{buf.type.getNumElements()},
        strides{1};
    if (!a.sizes.empty()) {
      ExplicitPattern p = explicitPattern(a, buf.type);
      offs.assign(p.offs.begin(), p.offs.end());
      sizes.assign(p.sizes.begin(), p.sizes.end());
      strides.assign(p.strides.begin(), p.strides.end());
    }
    while (sizes.size() > 4 && sizes.front() == 1) {
      offs.erase(offs.begin());
      sizes.erase(sizes.begin());
      strides.erase(strides.begin());
    }
    if (sizes.size() > 4) {
      refuse(a.op) << "an L3 transfer of " << sizes.size()
                   << " dimensions; npu.dma_memcpy_nd takes four";
      return false;
    }
    while (sizes.size() < 4) {
      offs.insert(offs.begin(), 0);
      sizes.insert(sizes.begin(), 1);
      strides.insert(strides.begin(), 0);
    }
    steps.push_back({false, x.endpoint, buf.argIndex, offs, sizes, strides,
                    a.op->getLoc()});
  }
  {
    std::set<unsigned> pending;
    for (const Flight &f : inFlight)
      if (f.writes)
        pending.insert(f.endpoint);
    for (unsigned w : pending)
      wait(w);
  }
  foldRepeatedTransfers(steps);
  // Issue 26: a channel's task queue holds dma_task_queue_depth tasks
  // (unfinished ones, the running one included); a push beyond that is
  // dropped by the mlir-aie mlir-air pins. Wait on the channel first.
  if (int64_t depth = dev.dmaTaskQueueDepth; depth > 0) {
    std::vector<Emit> bounded;
    std::map<unsigned, int64_t> queued;
    for (Emit &x : steps) {
      if (x.isWait) {
        queued[x.endpoint] = 0;
      } else if (queued[x.endpoint] >= depth) {
        bounded.push_back({true, x.endpoint, 0, {}, {}, {}, x.loc});
        queued[x.endpoint] = 0;
      }
      if (!x.isWait)
        ++queued[x.endpoint];
      bounded.push_back(std::move(x));
    }
    steps = std::move(bounded);
  }
  int64_t id = 0;
  for (const Emit &x : steps) {
    if (x.isWait) {
      aiex::NpuDmaWaitOp::create(
          *b, x.loc, FlatSymbolRefAttr::get(b->getContext(), symbol[x.endpoint]));
      continue;
    }
    aiex::NpuDmaMemcpyNdOp::create(
        *b, x.loc, IntegerAttr(), IntegerAttr(), args[x.arg], ValueRange{},
        ValueRange{}, ValueRange{},
        b->getDenseI64ArrayAttr(x.offs), b->getDenseI64ArrayAttr(x.sizes),
        b->getDenseI64ArrayAttr(x.strides),
        FlatSymbolRefAttr::get(b->getContext(), symbol[x.endpoint]),
        b->getI64IntegerAttr(id++ % 16), b->getBoolAttr(true),
        aie::PacketInfoAttr());
  }
  return true;
}

OwningOpRef<ModuleOp> DesignBuilder::run() {
  FailureOr<Design> d = findSupportedDesign(air);
  if (failed(d))
    return nullptr;
  design = *d;
  // The pinned mlir-aie names the 4-column Phoenix partition `npu1` (its
  // enum has no npu1_4col); the aie checks read `npu1` with that geometry.
  std::optional<aie::AIEDevice> kind = aie::symbolizeAIEDevice(
      dev.name == "npu1_4col" ? StringRef("npu1") : StringRef(dev.name));
  if (!kind) {
    refuse(air.getOperation()) << "device '" << dev.name
                               << "' has no aie.device name in the pinned "
                                  "mlir-aie";
    return nullptr;
  }
  if (!place() || !assignTiles())
    return nullptr;
  // Memory-tile buffers whose streams take turns get a BD per transfer of a
  // turn. Where that is more than a tile has (a panel read at 32 offsets
  // per fill by four herd rows in turn), the streams of one phase run at
  // once, each with one BD per phase (BDChains.h). Phases are not the
  // default: their interleavings make the second check's search larger.
  if (!fitBDs(/*refuseIfNot=*/false) && !separateAndFold()) {
    FailureOr<Chains> c =
        buildChains(plan, dev.memtileBdDims, /*phases=*/true);
    if (failed(c))
      return nullptr;
    chains = std::move(*c);
    if (!fitBDs(/*refuseIfNot=*/true))
      return nullptr;
  }

  MLIRContext *ctx = air.getContext();
  // What the design is built of, whether or not the input used it.
  ctx->getOrLoadDialect<aie::AIEDialect>();
  ctx->getOrLoadDialect<aiex::AIEXDialect>();
  ctx->getOrLoadDialect<arith::ArithDialect>();
  ctx->getOrLoadDialect<scf::SCFDialect>();
  ctx->getOrLoadDialect<memref::MemRefDialect>();
  ctx->getOrLoadDialect<vector::VectorDialect>(); // cascade loops (Cascades.h)
  OpBuilder builder(ctx);
  b = &builder;
  OwningOpRef<ModuleOp> out = ModuleOp::create(air.getLoc());
  builder.setInsertionPointToEnd(out->getBody());
  // Named after the segment, as upstream names its devices.
  StringAttr name = design.segments.front().getSymNameAttr();
  auto device = aie::DeviceOp::create(
      builder, design.func.getLoc(), *kind,
      builder.getStringAttr(name ? name.getValue() : StringRef("segment_0")));
  Block *body = new Block();
  device.getBody().push_back(body);
  builder.setInsertionPointToEnd(body);

  std::set<Tile> needed;
  for (air::HerdOp h : design.herds)
    for (auto &[ids, t] : tilesOf(h))
      needed.insert(t);
  for (const Endpoint &e : plan.endpoints)
    needed.insert(e.tile);
  for (const BufferRef &buf : plan.buffers)
    if (buf.level != Level::L3)
      needed.insert(buf.tile);
  // Shim tiles first, then memory tiles, then cores: by row, then column.
  std::vector<Tile> order(needed.begin(), needed.end());
  llvm::sort(order, [](Tile x, Tile y) {
    return x.row != y.row ? x.row < y.row : x.col < y.col;
  });
  for (Tile t : order)
    tiles[t] = aie::TileOp::create(builder, design.func.getLoc(), builder.getIndexType(),
                                   builder.getI32IntegerAttr(t.col),
                                   builder.getI32IntegerAttr(t.row))
                   .getResult();
  makeLocks();
  if (!cores())
    return nullptr;
  // The functions the cores call, declared in the device as upstream's
  // designs declare them (a kernel in the core's object file).
  {
    SymbolTable airSymbols(air);
    llvm::SetVector<Operation *> callees;
    device.walk([&](func::CallOp call) {
      if (Operation *f = airSymbols.lookup(call.getCallee()))
        callees.insert(f);
    });
    OpBuilder::InsertionGuard g(builder);
    builder.setInsertionPointToStart(body);
    for (Operation *f : callees)
      builder.clone(*f);
  }
  builder.setInsertionPointToEnd(body);
  if (!dmaPrograms())
    return nullptr;
  builder.setInsertionPointToEnd(body);
  flows();
  if (!shimAndSequence(*body))
    return nullptr;
  // The ids and sizes each core body gets as constants repeat the body's
  // own: MLIR's CSE folds them.
  PassManager pm(ctx, ModuleOp::getOperationName());
  pm.addPass(createCSEPass());
  if (failed(pm.run(*out))) {
    refuse(design.func) << "CSE failed on the lowered design";
    return nullptr;
  }
  return out;
}

} // namespace

OwningOpRef<ModuleOp> aircheck::lowerAIRToAIE(ModuleOp air,
                                              const DeviceModel &device,
                                              const AIRToAIEOptions &options) {
  if (options.merged)
    *options.merged = false;
  npu::forwardHostCopies(air);
  npu::unrollSegments(air);
  npu::foldL3Views(air);
  DesignBuilder builder(air, device, options);
  return builder.run();
}
