//===- AIEBDs.cpp - buffer descriptors the tile's DMA can hold and run -----===//
//
// Per DMA program (aie.mem, aie.memtile_dma, aie.shim_dma): no more BDs
// than the tile has (buffer_descriptors), bd_id in range and unique, and on
// memory tiles the channel split of memtile.bd_channel_access (even
// channels BDs 0-23, odd channels 24-47): the BDs of one half's chains fit
// in it, a bd_id lies in it, and no BD is shared by the two halves.
// Per BD (also in runtime-sequence tasks): at most bd_max_dimensions
// dimensions (one more, the iteration dimension, in a runtime task);
// offset, length and the innermost dimension in whole 4-byte words; the
// addresses touched inside the buffer; padding as mlir-aie's verifier
// allows it (memory tiles only, one pad per dimension, within len, the
// innermost pads in whole words); and locality: a tile's DMA reaches
// only its own buffers and locks, a memory tile's also those of its
// east/west neighbour memory tiles on the channels
// memtile.neighbour_access.channels_mlir_aie allows.
//
//===----------------------------------------------------------------------===//
#include "checkers/aie/DeviceChecker.h"
#include "checkers/Checker.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

using namespace aircheck;
using namespace aircheck::aiecheck;
using namespace mlir;

namespace {
class AIEBDs : public DeviceChecker {
public:
  llvm::StringRef id() const override { return "aie-bds"; }
  llvm::StringRef summary() const override {
    return "aie: BDs per tile and per memory-tile channel half, bd_id "
           "ranges, BD dimensions, 4-byte alignment, bounds, and that a DMA "
           "touches only buffers and locks it can reach";
  }

  void check(Device &d) override {
    for (Operation *program : dmaPrograms(d.op))
      checkProgram(d, program);
    // Runtime-sequence tasks: per-BD rules on the tile the task runs on.
    d.op.walk([&](Operation *op) {
      std::optional<Coord> c;
      if (auto task = dyn_cast<aiex::DMAConfigureTaskForOp>(op)) {
        if (auto alloc = allocationNamed(d.op, task.getAlloc()))
          c = tileOfOp(alloc);
      } else if (isa<aiex::DMAConfigureTaskOp>(op)) {
        c = tileOfOp(op);
      } else {
        return;
      }
      if (!c)
        return;
      TileKind kind = d.kindOf(*c);
      op->walk([&](aie::DMABDOp bd) {
        checkBD(d, bd, *c, kind, /*runtime=*/true, op);
      });
    });
  }

  void checkProgram(Device &d, Operation *program) {
    std::optional<Coord> c = tileOfOp(program);
    if (!c)
      return;
    TileKind kind = d.kindOf(*c);
    if (kind == TileKind::Outside)
      return;
    SmallVector<aie::DMABDOp> all;
    program->walk([&](aie::DMABDOp bd) { all.push_back(bd); });
    SmallVector<BDChain> chains = chainsOf(program);
    // Which chains (channels) reach each BD.
    llvm::DenseMap<Operation *, SmallVector<BDChain *>> reach;
    for (BDChain &chain : chains)
      for (aie::DMABDOp bd : chain.bds)
        reach[bd].push_back(&chain);

    int64_t limit = d.bdLimit(kind);
    if (limit > 0 && static_cast<int64_t>(all.size()) > limit) {
      auto diag = program->emitError()
                  << describe(*c, kind) << " has " << limit
                  << " buffer descriptors, but its DMA program uses "
                  << all.size();
      diag.attachNote(all[limit].getLoc()) << "BD #" << limit
                                           << " (counting from 0) is here";
    }

    // bd_id: in range, unique.
    std::map<int64_t, aie::DMABDOp> ids;
    for (aie::DMABDOp bd : all) {
      auto idAttr = bd->getAttrOfType<IntegerAttr>("bd_id");
      if (!idAttr)
        continue;
      int64_t id = idAttr.getInt();
      if (limit > 0 && (id < 0 || id >= limit))
        bd.emitError() << "bd_id " << id << " does not exist on "
                       << describe(*c, kind) << ", which has BDs 0.."
                       << (limit - 1);
      auto [it, fresh] = ids.insert({id, bd});
      if (!fresh) {
        auto diag = bd.emitError() << "bd_id " << id << " is used twice on "
                                   << describe(*c, kind);
        diag.attachNote(it->second.getLoc()) << "first used here";
      }
    }

    if (kind == TileKind::MemTile && !d.model->memtileBdRanges.empty())
      checkParity(d, *c, chains, reach);

    for (aie::DMABDOp bd : all)
      checkBD(d, bd, *c, kind, /*runtime=*/false, program, &reach);
    // Locks of the program's blocks.
    program->walk([&](aie::UseLockOp use) {
      auto lock = use.getLock().getDefiningOp<aie::LockOp>();
      std::optional<Coord> lc = lock ? tileOfOp(lock) : std::nullopt;
      if (!lc)
        return;
      SmallVector<int64_t> channels;
      for (BDChain &chain : chains)
        if (llvm::is_contained(chain.locks, use))
          channels.push_back(chain.start.getChannelIndex());
      if (!reachable(d, *c, kind, *lc, channels))
        reportLocality(d, use, "lock", lock, *c, kind, *lc, channels);
    });
  }

  void checkParity(
      Device &d, Coord c, SmallVector<BDChain> &chains,
      llvm::DenseMap<Operation *, SmallVector<BDChain *>> &reach) {
    // BDs reached by the channels of each half.
    auto halves = memtileBankBDs(d, chains);
    std::map<std::pair<int64_t, int64_t>, aie::DMAStartOp> firstStart;
    for (BDChain &chain : chains) {
      int64_t ch = chain.start.getChannelIndex();
      std::optional<std::pair<int64_t, int64_t>> range = d.memtileBdRange(ch);
      if (!range)
        continue;
      firstStart.insert({*range, chain.start});
      for (aie::DMABDOp bd : chain.bds) {
        if (auto idAttr = bd->getAttrOfType<IntegerAttr>("bd_id")) {
          int64_t id = idAttr.getInt();
          if (id < range->first || id > range->second) {
            auto diag = bd.emitError()
                        << "bd_id " << id << " is not usable by channel " << ch
                        << " of " << describe(c, TileKind::MemTile)
                        << ": that channel's BDs are " << range->first << "-"
                        << range->second;
            diag.attachNote(chain.start.getLoc())
                << "channel " << ch << " (" << dirName(chain.start.getChannelDir())
                << ") is started here";
          }
        }
      }
    }
    for (auto &[range, bds] : halves) {
      int64_t room = range.second - range.first + 1;
      if (static_cast<int64_t>(bds.size()) > room) {
        aie::DMAStartOp start = firstStart[range];
        auto diag = start.emitError()
                    << "the channels of " << describe(c, TileKind::MemTile)
                    << " that share BDs " << range.first << "-" << range.second
                    << " need " << bds.size() << " BDs, but there are "
                    << room;
        for (BDChain &chain : chains)
          if (d.memtileBdRange(chain.start.getChannelIndex()) == range &&
              chain.start != start)
            diag.attachNote(chain.start.getLoc())
                << "channel " << chain.start.getChannelIndex() << " ("
                << dirName(chain.start.getChannelDir()) << ", "
                << chain.bds.size() << " BDs) shares them";
      }
    }
    for (auto &[op, from] : reach) {
      std::optional<std::pair<int64_t, int64_t>> first;
      for (BDChain *chain : from) {
        auto range = d.memtileBdRange(chain->start.getChannelIndex());
        if (!range)
          continue;
        if (!first) {
          first = range;
          continue;
        }
        if (*range != *first) {
          auto diag = op->emitError()
                      << "this BD is in the chains of channels that use "
                         "different BD ranges of "
                      << describe(c, TileKind::MemTile)
                      << " (0-23 for even channels, 24-47 for odd): no BD id "
                         "serves both";
          for (BDChain *ch : from)
            diag.attachNote(ch->start.getLoc())
                << "channel " << ch->start.getChannelIndex() << " ("
                << dirName(ch->start.getChannelDir()) << ") reaches it";
          break;
        }
      }
    }
  }

  /// Whether a DMA of tile `c` may use memory or locks of tile `target` on
  /// the given channels (empty: not reached by any channel).
  bool reachable(Device &d, Coord c, TileKind kind, Coord target,
                 ArrayRef<int64_t> channels) {
    if (target == c)
      return true;
    if (kind != TileKind::MemTile || d.kindOf(target) != TileKind::MemTile ||
        target.second != c.second ||
        std::abs(target.first - c.first) != 1)
      return false;
    for (int64_t ch : channels)
      if (!llvm::is_contained(d.model->memtileNeighbourChannels, ch))
        return false;
    return true;
  }

  void reportLocality(Device &d, Operation *user, StringRef what,
                      Operation *def, Coord c, TileKind kind, Coord target,
                      ArrayRef<int64_t> channels) {
    TileKind tkind = d.kindOf(target);
    auto diag = user->emitError()
                << "the DMA of " << describe(c, kind) << " uses a " << what
                << " of " << describe(target, tkind) << ", which it cannot reach";
    if (kind == TileKind::MemTile && tkind == TileKind::MemTile &&
        target.second == c.second && std::abs(target.first - c.first) == 1) {
      diag << " on channel";
      for (int64_t ch : channels)
        diag << " " << ch;
      diag << " (only channels";
      for (int64_t ch : d.model->memtileNeighbourChannels)
        diag << " " << ch;
      diag << " reach the neighbour memory tiles)";
    } else if (kind == TileKind::MemTile) {
      diag << " (a memory tile's DMA reaches its own memory and that of its "
              "east and west neighbour memory tiles)";
    } else {
      diag << " (a " << kindName(kind) << "'s DMA reaches only its own tile)";
    }
    diag.attachNote(def->getLoc()) << "the " << what << " is declared here";
  }

  void checkBD(Device &d, aie::DMABDOp bd, Coord c, TileKind kind,
               bool runtime, Operation *owner,
               llvm::DenseMap<Operation *, SmallVector<BDChain *>> *reach =
                   nullptr) {
    auto type = dyn_cast<MemRefType>(bd.getBuffer().getType());
    if (!type)
      return;
    int64_t eb = aie::elementBytes(type);
    std::optional<ArrayRef<int32_t>> sizes = bd.getSizes();
    std::optional<ArrayRef<int32_t>> strides = bd.getStrides();
    size_t ndims = sizes ? sizes->size() : 0;

    int64_t maxDims = kind == TileKind::Outside ? 0 : d.bdDims(kind);
    if (maxDims > 0 && runtime)
      ++maxDims; // the iteration (repeat) dimension of a task
    if (maxDims > 0 && static_cast<int64_t>(ndims) > maxDims) {
      auto diag = bd.emitError()
                  << "a BD of " << describe(c, kind) << " addresses at most "
                  << maxDims << " dimensions";
      if (runtime)
        diag << " (" << (maxDims - 1) << " plus the iteration dimension)";
      diag << ", but this one has " << ndims;
      diag.attachNote(owner->getLoc())
          << (runtime ? "in this task" : "in this DMA program");
    }

    int64_t offset = bd.getOffsetOrDefault();
    std::optional<int64_t> len;
    if (std::optional<uint32_t> l = bd.getLen())
      len = *l;
    if ((offset * eb) % 4 != 0)
      bd.emitError() << "offset " << offset << " is " << offset * eb
                     << " bytes into the buffer, not a whole number of 4-byte "
                        "words; DMA addresses are 32-bit word aligned";
    if (len && (*len * eb) % 4 != 0)
      bd.emitError() << "length " << *len << " is " << *len * eb
                     << " bytes, not a whole number of 4-byte words; a DMA "
                        "moves 32-bit words";
    if (ndims > 0 && eb < 4 && ((*sizes)[ndims - 1] * eb) % 4 != 0)
      bd.emitError() << "the innermost dimension moves "
                     << (*sizes)[ndims - 1] * eb
                     << " bytes, not a whole number of 4-byte words";

    // Padding (mlir-aie's dma_bd verifier): a memory tile's BD only, one
    // pad per dimension of explicit sizes, the padded sizes within len,
    // and the innermost pads in whole 32-bit words.
    if (std::optional<ArrayRef<int32_t>> before = bd.getPadBefore()) {
      std::optional<ArrayRef<int32_t>> after = bd.getPadAfter();
      if (kind != TileKind::MemTile && kind != TileKind::Outside) {
        bd.emitError() << "a padded BD on " << describe(c, kind)
                       << ": only memory-tile BDs pad (mlir-aie)";
      } else if (ndims == 0 || before->size() != ndims || !after ||
                 after->size() != ndims) {
        bd.emitError() << "a padded BD needs one pad per dimension of its "
                          "sizes and strides (mlir-aie)";
      } else {
        int64_t padded = 1;
        for (size_t i = 0; i < ndims; ++i)
          padded *= (*before)[i] + (*sizes)[i] + (*after)[i];
        if (len && padded > *len)
          bd.emitError() << "the padded sizes move " << padded
                         << " elements, more than its len " << *len
                         << " (mlir-aie: data exceeds len after padding)";
        if (((*before)[ndims - 1] * eb) % 4 || ((*after)[ndims - 1] * eb) % 4)
          bd.emitError() << "the innermost dimension is padded by "
                         << (*before)[ndims - 1] << " and "
                         << (*after)[ndims - 1] << " elements of " << eb
                         << " bytes, not whole 32-bit words (mlir-aie)";
      }
    }

    // Bounds (no padding: padded elements are not read).
    if (type.hasStaticShape() && !bd.getPadBefore()) {
      int64_t n = type.getNumElements(), last = -1;
      if (ndims > 0 && strides) {
        last = offset;
        for (size_t i = 0; i < ndims; ++i)
          last += int64_t((*sizes)[i] - 1) * (*strides)[i];
      } else if (len) {
        last = offset + *len - 1;
      }
      if (last >= n)
        bd.emitError() << "the BD reaches element " << last
                       << " of a buffer of " << n << " elements";
    }

    // Locality.
    if (runtime || !reach)
      return;
    auto buffer = bd.getBuffer().getDefiningOp<aie::BufferOp>();
    std::optional<Coord> bc = buffer ? tileOfOp(buffer) : std::nullopt;
    if (!bc)
      return;
    SmallVector<int64_t> channels;
    auto it = reach->find(bd);
    if (it != reach->end())
      for (BDChain *chain : it->second)
        channels.push_back(chain->start.getChannelIndex());
    if (!reachable(d, c, kind, *bc, channels))
      reportLocality(d, bd, "buffer", buffer, c, kind, *bc, channels);
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createAIEBDs() {
  return std::make_unique<AIEBDs>();
}
