//===- SharedL1.cpp - one L1 buffer that herds on other tiles use ---------===//
#include "lowerings/AIRToAIE/SharedL1.h"
#include "lowerings/AIRToAIE/Refusal.h"

#include "analyses/AsyncGraph.h"
#include "analyses/aie/AIEDesign.h"
#include "analyses/aie/CoreFootprint.h"
#include "analyses/BlockOrder.h"
#include "analyses/MemrefEffects.h"
#include "analyses/MemrefRoots.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/STLExtras.h"

#include <set>

using namespace mlir;
using namespace aircheck;
using namespace aircheck::npu;

/// The largest value an AIE2 semaphore lock holds.
static constexpr int64_t kMaxLockValue = 63;

bool aircheck::npu::coreReaches(Tile core, Tile mem) {
  return aiecheck::coreReaches({core.col, core.row}, aiecheck::TileKind::Compute,
                               {mem.col, mem.row}, aiecheck::TileKind::Compute);
}

/// Where `herd` writes `alloc`: an op of it that touches `alloc` (reads
/// count too: a core's reads meet its neighbours' writes) whose elements
/// CoreFootprint does not read; null when every one is read.
static Operation *unreadWrite(air::HerdOp herd, Operation *alloc) {
  bool writes = false;
  Operation *unread = nullptr;
  SmallVector<Value> ids(herd.getIds().begin(), herd.getIds().end());
  herd.getBody().walk([&](Operation *op) {
    for (const MemrefEffect &e : memrefEffects(op)) {
      if (memrefRootOp(e.memref, ViewLinks | CastLinks | ExecuteLinks |
                                     KernelArgLinks) != alloc)
        continue;
      writes |= e.write || e.free;
      // On the herd's argument itself: the core's code names the buffer
      // there (through a cast or a view it would not).
      auto arg = dyn_cast<BlockArgument>(e.memref);
      bool direct = arg && arg.getOwner() == &herd.getBody().front();
      if (!unread &&
          (!direct || !aiecheck::elementsRead(herd, op, e.memref, ids)))
        unread = op;
    }
  });
  return writes ? unread : nullptr;
}

static std::string tileText(Tile t) {
  return "(" + std::to_string(t.col) + ", " + std::to_string(t.row) + ")";
}

std::optional<SharedL1> aircheck::npu::planSharedL1(
    Operation *alloc,
    std::vector<std::pair<air::HerdOp, std::vector<Tile>>> users) {
  auto herdName = [](air::HerdOp h) {
    return "@" + h.getSymName().value_or("herd").str();
  };
  // A refusal at `at`, with notes at the other herd (if any) and the
  // buffer.
  auto refused = [&](Operation *at, const std::string &why,
                     air::HerdOp other = {}) -> std::optional<SharedL1> {
    auto diag = refuse(at) << why;
    if (other)
      diag.attachNote(other.getLoc()) << "the other herd";
    diag.attachNote(alloc->getLoc()) << "the buffer";
    return std::nullopt;
  };
  // Every user directly in the block that allocates it (through an
  // air.execute around the alloc).
  Block *block = users.front().first->getBlock();
  Operation *allocInBlock = BlockOrder::ancestorIn(alloc, block);
  for (auto &[h, tiles] : users)
    if (h->getBlock() != block || !allocInBlock)
      return refused(h, "uses an L1 buffer from outside the herd that herds "
                        "on other tiles use, and is not in the block that "
                        "allocates it: a shared L1 buffer is lowered for "
                        "herds that take turns in that block");
  llvm::stable_sort(users, [](auto &x, auto &y) {
    return x.first->isBeforeInBlock(y.first);
  });
  // Each before the next, in the ordering model.
  AsyncGraph graph(alloc->getParentOfType<ModuleOp>());
  BlockOrder order(graph);
  for (size_t i = 0; i + 1 < users.size(); ++i) {
    air::HerdOp a = users[i].first, b = users[i + 1].first;
    if (!order.before(a, b))
      return refused(b,
                     "shares an L1 buffer with " + herdName(a) +
                         ", on other tiles, and may start before it "
                         "completes (no token or program order puts it "
                         "after): the shared buffer's lock ring gives its "
                         "herds turns in program order",
                     a);
  }
  // Group sizes: one core hands on to several, or several to one.
  size_t n = users.size();
  for (size_t i = 0; i < n; ++i) {
    auto &[a, ta] = users[i];
    auto &[b, tb] = users[(i + 1) % n];
    if (ta.size() > 1 && tb.size() > 1)
      return refused(b,
                     "shares an L1 buffer with " + herdName(a) +
                         ", and both have several tiles: one group of cores "
                         "handing the buffer to another would need a "
                         "barrier, which the lock ring does not build",
                     a);
    // The cores of one herd run at once; where they write the buffer, the
    // design's race check proves their elements apart (aie-data-race reads
    // each core's footprint, analyses/aie/CoreFootprint.h), as lint proved
    // the herd's instances' apart. It reads indexed accesses on the buffer
    // itself, in loops of bounds it reads, with the tile's ids (constants
    // in the core); anything else counts the whole buffer there, and the
    // check could not tell the cores apart: refused here by name.
    if (ta.size() > 1)
      if (Operation *w = unreadWrite(a, alloc))
        return refused(w, "writes an L1 buffer that herds on other tiles "
                          "share, on each of the herd's tiles at once, "
                          "through an access whose elements the design's "
                          "race check does not read (it reads loads and "
                          "stores on the buffer itself, with indices affine "
                          "in the tile's ids and the loops' values; not a "
                          "view, a call or another op)");
    if (int64_t(ta.size()) > kMaxLockValue)
      return refused(a, "shares an L1 buffer with more cores than a lock "
                        "counts");
  }
  // A tile every core reaches.
  std::set<Tile> all;
  for (auto &[h, tiles] : users)
    all.insert(tiles.begin(), tiles.end());
  std::optional<Tile> home;
  for (Tile t : all)
    if (llvm::all_of(all, [&](Tile c) { return coreReaches(c, t); })) {
      home = t;
      break;
    }
  if (!home) {
    auto diag = refuse(users.back().first)
                << "shares an L1 buffer with herds whose cores reach no "
                   "common memory: the tiles";
    for (Tile t : all)
      diag << " " << tileText(t);
    diag << " are not all neighbours of one of them (a core reaches its "
            "own memory and its west, north and south neighbours')";
    for (auto &[h, tiles] : users)
      diag.attachNote(h.getLoc()) << "a herd that uses it";
    diag.attachNote(alloc->getLoc())
        << "hint: place the herds (x_loc, y_loc) next to each other";
    return std::nullopt;
  }
  SharedL1 s;
  s.alloc = alloc;
  s.home = *home;
  for (size_t i = 0; i < n; ++i) {
    int64_t size = users[i].second.size();
    int64_t before = users[(i + n - 1) % n].second.size();
    SharedL1Group g;
    g.herd = users[i].first;
    g.tiles = users[i].second;
    g.first = s.lockInit.size();
    g.locks = size;
    // One core takes a turn from every core before it; each of several
    // cores takes the one the core before released for it.
    g.acquire = size == 1 ? before : 1;
    s.groups.push_back(g);
    for (int64_t k = 0; k < size; ++k)
      s.lockInit.push_back(i == 0 ? g.acquire : 0);
  }
  return s;
}

unsigned SharedL1Group::lockOf(Tile t) const {
  for (auto [k, tile] : llvm::enumerate(tiles))
    if (tile == t)
      return first + k;
  return first;
}
