//===- AIEDesign.h - an aie design read against its device ------*- C++ -*-===//
//
// The aie-level analyses and checks read one `aie.device` at a time against
// the device model of its name (analyses/devices/<name>.json). Tiles are identified by
// their coordinates, not by the `aie.tile` op, since mlir-air's output may
// declare one tile twice (`%tile_0_0` and `%shim_noc_tile_0_0`).
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_AIE_AIEDESIGN_H
#define AIRCHECK_ANALYSES_AIE_AIEDESIGN_H

#include "analyses/DeviceModel.h"
#include "dialects/AIE/AIEDialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"

#include <map>
#include <set>
#include <optional>
#include <string>

namespace aircheck::aiecheck {

using Coord = std::pair<int64_t, int64_t>; // (col, row)

enum class TileKind { Compute, MemTile, ShimNoc, ShimPL, Outside };

/// One aie.device with the device model of its name, when there is one.
struct Device {
  aie::DeviceOp op;
  std::optional<DeviceModel> model;
  std::string noModel; // why there is none
  int64_t columns() const;
  TileKind kindOf(Coord c) const;
  int64_t dmaChannels(TileKind kind, aie::DMAChannelDir dir) const;
  int64_t bdLimit(TileKind kind) const;
  int64_t lockLimit(TileKind kind) const;
  int64_t lockMax(TileKind kind) const;
  int64_t bdDims(TileKind kind) const;
  /// The BD id range a memory-tile channel may use, when restricted.
  std::optional<std::pair<int64_t, int64_t>> memtileBdRange(int64_t channel) const;
};

/// Every aie.device of the module, each with its device model loaded.
std::vector<Device> collectDevices(mlir::ModuleOp module);

bool hasAIE(mlir::ModuleOp module);

Coord coordOf(aie::TileOp tile);
/// "tile (0, 2)", "memory tile (0, 1)", "shim tile (0, 0)".
std::string describe(Coord c, TileKind kind);
std::string kindName(TileKind kind);
/// The tile an op names by its first operand (buffer, lock, core, DMA
/// program, shim_dma_allocation); nullopt when that is not an aie.tile.
std::optional<Coord> tileOfOp(mlir::Operation *op);
/// A buffer's name in messages: its symbol, or "an unnamed buffer" (the
/// symbol is optional in mlir-aie's syntax).
std::string bufferName(mlir::Operation *buffer);

/// A DMA channel program: one aie.dma_start and the BD chain it starts.
struct BDChain {
  aie::DMAStartOp start;
  llvm::SmallVector<aie::DMABDOp> bds;
  /// Lock operations of the chain's blocks, in order.
  llvm::SmallVector<aie::UseLockOp> locks;
  /// The chain's last BD leads back into the chain (it repeats forever).
  bool loops = false;
};

/// What one tile holds by the design's own ops.
struct TileUse {
  int64_t buffers = 0, bufferBytes = 0, stack = 0;
  int64_t locks = 0, bds = 0;
  /// A memory tile whose channels each reach one bank of its BDs (the
  /// device's memtile.bd_channel_access): per bank (its first and last BD
  /// id), the BDs its channels' chains reach, as aie-bds counts them.
  std::map<std::pair<int64_t, int64_t>, int64_t> bdsPerBank;
  std::set<std::pair<int, int64_t>> channels; // (dir, index)
  int64_t channelsIn() const {
    return llvm::count_if(channels, [](auto &c) { return c.first == 0; });
  }
  int64_t channelsOut() const {
    return llvm::count_if(channels, [](auto &c) { return c.first == 1; });
  }
};

/// What each tile the device declares or uses holds: buffers and locks
/// anywhere in the device (some designs declare them inside the DMA
/// program that uses them, as aie-memory and aie-locks count them), cores'
/// stacks, BDs and the channels DMA programs and allocations take.
std::map<Coord, TileUse> tileUses(const Device &d);

/// Whether a core at `core` (of kind `coreKind`) reaches the memory of the
/// tile `mem` (of kind `memKind`), by AIE2's rule (mlir-aie's
/// AIE2TargetModel::isLegalMemAffinity): a compute tile's own memory and its
/// west, north and south neighbours' (south only when that is not a memory
/// tile); a memory tile's own and its west and east neighbours'.
bool coreReaches(Coord core, TileKind coreKind, Coord mem, TileKind memKind);

/// The first op in a core of `device` that uses an aie.buffer on another
/// tile (by coordinates: a design may declare one tile twice), or null.
/// Such cores share memory (upstream's shared L1): they hand data to each
/// other without a DMA.
mlir::Operation *foreignBufferUse(aie::DeviceOp device);

/// The chains of an aie.mem / aie.memtile_dma / aie.shim_dma.
llvm::SmallVector<BDChain> chainsOf(mlir::Operation *dmaProgram);

/// A memory tile's BDs per bank (the device's memtile.bd_channel_access:
/// each channel reaches one range of BD ids): per range, every bank of the
/// model (empty where no chain reaches it), the BDs `chains` reach through
/// its channels, in order. Empty when the model has no banks.
std::map<std::pair<int64_t, int64_t>, llvm::SetVector<mlir::Operation *>>
memtileBankBDs(const Device &d, llvm::ArrayRef<BDChain> chains);

/// The aie.flow that ends at the DMA channel whose chain holds `bd` (an
/// S2MM BD: the flow that carries the words it writes), or null (an MM2S
/// BD, a packet flow, no flow).
aie::FlowOp flowInto(aie::DMABDOp bd);
/// The aie.flow that ends at DMA channel `channel` of tile `tile`, or null.
aie::FlowOp flowInto(aie::DeviceOp device, Coord tile, int64_t channel);
/// The DMA programs (mem, memtile_dma, shim_dma) of a device.
llvm::SmallVector<mlir::Operation *> dmaPrograms(aie::DeviceOp device);

std::string dirName(aie::DMAChannelDir dir);

/// The aie.shim_dma_allocation of `device` named `name` (the first, when
/// several share it), or null.
aie::ShimDMAAllocationOp allocationNamed(aie::DeviceOp device,
                                         llvm::StringRef name);

/// The first op at or under `op`, other than `aie.use_lock`, that takes a
/// lock as an operand: a kernel call the core hands the lock to (mlir-aie's
/// lock_pass_to_c form). What it acquires and releases is the kernel's:
/// unknown to the lock and deadlock models (no kernel contract is read).
mlir::Operation *lockHandOff(mlir::Operation *op);

/// One lock operation a kernel call performs, by its contract.
struct KernelLockOp {
  aie::LockOp lock;
  aie::LockAction action;
  int64_t value;
};

/// A kernel contract (docs/aie.md, "Kernel contracts"): the lock operations
/// one call performs, in order, as the callee's `aie.kernel_locks`
/// attribute declares them: `[{arg = 2, action = "AcquireGreaterEqual",
/// value = 1}, ...]`, `arg` the call operand that is the lock. nullopt: the
/// callee declares none, or one that names an operand that is not an
/// aie.lock or an unknown action (`why` says which).
std::optional<llvm::SmallVector<KernelLockOp>>
kernelContract(mlir::Operation *call, std::string *why = nullptr);

} // namespace aircheck::aiecheck

#endif
