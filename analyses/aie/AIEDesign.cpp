//===- AIEDesign.cpp - an aie design read against its device -------------===//
#include "analyses/aie/AIEDesign.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"

#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace aircheck;
using namespace aircheck::aiecheck;

bool aiecheck::hasAIE(ModuleOp module) {
  for (Operation &op : *module.getBody())
    if (isa<aie::DeviceOp>(op))
      return true;
  return false;
}

std::vector<Device> aiecheck::collectDevices(ModuleOp module) {
  std::vector<Device> out;
  for (Operation &op : *module.getBody()) {
    auto dev = dyn_cast<aie::DeviceOp>(op);
    if (!dev)
      continue;
    Device d;
    d.op = dev;
    std::string name = aie::stringifyAIEDevice(dev.getDevice()).str();
    auto model = loadDevice(name, deviceDirectory());
    if (model && model->isAIE())
      d.model = std::move(*model);
    else if (!model)
      d.noModel = llvm::toString(model.takeError());
    else
      d.noModel = "'" + name + "' is not an AIE device model";
    out.push_back(std::move(d));
  }
  return out;
}

int64_t Device::columns() const {
  return model->pinnedColumns ? model->pinnedColumns : model->columns;
}

TileKind Device::kindOf(Coord c) const {
  auto [col, row] = c;
  if (!model || col < 0 || row < 0 || col >= columns() || row >= model->rows ||
      row >= static_cast<int64_t>(model->rowKinds.size()))
    return TileKind::Outside;
  const std::string &k = model->rowKinds[row];
  if (k == "compute")
    return TileKind::Compute;
  if (k == "memtile")
    return TileKind::MemTile;
  const std::vector<int64_t> &noc = model->pinnedColumns
                                        ? model->pinnedShimDmaColumns
                                        : model->shimDmaColumns;
  return llvm::is_contained(noc, col) ? TileKind::ShimNoc : TileKind::ShimPL;
}

int64_t Device::dmaChannels(TileKind kind, aie::DMAChannelDir dir) const {
  bool s2mm = dir == aie::DMAChannelDir::S2MM;
  switch (kind) {
  case TileKind::Compute:
    return s2mm ? model->computeDmaS2MM : model->computeDmaMM2S;
  case TileKind::MemTile:
    return s2mm ? model->memtileDmaS2MM : model->memtileDmaMM2S;
  case TileKind::ShimNoc:
    return s2mm ? model->shimDmaS2MM : model->shimDmaMM2S;
  default:
    return 0;
  }
}

int64_t Device::bdLimit(TileKind kind) const {
  switch (kind) {
  case TileKind::Compute:
    return model->computeBDs;
  case TileKind::MemTile:
    return model->memtileBDs;
  case TileKind::ShimNoc:
    return model->shimBDs;
  default:
    return 0;
  }
}

int64_t Device::lockLimit(TileKind kind) const {
  switch (kind) {
  case TileKind::Compute:
    return model->computeLocks;
  case TileKind::MemTile:
    return model->memtileLocks;
  case TileKind::ShimNoc:
  case TileKind::ShimPL:
    return model->shimLocks;
  default:
    return 0;
  }
}

int64_t Device::lockMax(TileKind kind) const {
  switch (kind) {
  case TileKind::Compute:
    return model->computeLockMax;
  case TileKind::MemTile:
    return model->memtileLockMax;
  case TileKind::ShimNoc:
  case TileKind::ShimPL:
    return model->shimLockMax;
  default:
    return 0;
  }
}

int64_t Device::bdDims(TileKind kind) const {
  switch (kind) {
  case TileKind::Compute:
    return model->computeBdDims;
  case TileKind::MemTile:
    return model->memtileBdDims;
  case TileKind::ShimNoc:
    return model->shimBdDims;
  default:
    return 0;
  }
}

std::optional<std::pair<int64_t, int64_t>>
Device::memtileBdRange(int64_t channel) const {
  int bank = model->memtileBdBank(channel);
  if (bank < 0)
    return std::nullopt;
  return model->memtileBdRanges[bank].second;
}

Coord aiecheck::coordOf(aie::TileOp tile) {
  return {tile.getCol(), tile.getRow()};
}

std::string aiecheck::kindName(TileKind kind) {
  switch (kind) {
  case TileKind::Compute:
    return "compute tile";
  case TileKind::MemTile:
    return "memory tile";
  case TileKind::ShimNoc:
    return "shim tile";
  case TileKind::ShimPL:
    return "shim PL tile (no shim DMA)";
  case TileKind::Outside:
    return "tile outside the array";
  }
  return "tile";
}

std::string aiecheck::describe(Coord c, TileKind kind) {
  std::string k = kind == TileKind::Compute   ? "tile"
                  : kind == TileKind::MemTile ? "memory tile"
                  : kind == TileKind::Outside ? "tile"
                                              : "shim tile";
  return k + " (" + std::to_string(c.first) + ", " +
         std::to_string(c.second) + ")";
}

std::string aiecheck::bufferName(Operation *buffer) {
  auto b = dyn_cast_or_null<aie::BufferOp>(buffer);
  std::optional<llvm::StringRef> name = b ? b.getSymName() : std::nullopt;
  return name ? name->str() : "an unnamed buffer";
}

std::optional<Coord> aiecheck::tileOfOp(Operation *op) {
  // The older `shim_dma_allocation @s(MM2S, 0, col)`: the shim tile of
  // that column.
  if (auto alloc = dyn_cast<aie::ShimDMAAllocationOp>(op))
    if (std::optional<uint32_t> col = alloc.getCol())
      return Coord{(int64_t)*col, 0};
  if (op->getNumOperands() == 0)
    return std::nullopt;
  if (aie::TileOp t = aie::getTileOf(op->getOperand(0)))
    return coordOf(t);
  return std::nullopt;
}

std::string aiecheck::dirName(aie::DMAChannelDir dir) {
  return aie::stringifyDMAChannelDir(dir).str();
}

aie::ShimDMAAllocationOp aiecheck::allocationNamed(aie::DeviceOp device,
                                                  StringRef name) {
  for (Operation &op : device.getBodyBlock())
    if (auto alloc = dyn_cast<aie::ShimDMAAllocationOp>(op))
      if (alloc.getSymName() == name)
        return alloc;
  return {};
}

SmallVector<Operation *> aiecheck::dmaPrograms(aie::DeviceOp device) {
  SmallVector<Operation *> out;
  for (Operation &op : device.getBodyBlock())
    if (isa<aie::MemOp, aie::MemTileDMAOp, aie::ShimDMAOp>(op))
      out.push_back(&op);
  return out;
}

aie::FlowOp aiecheck::flowInto(aie::DMABDOp bd) {
  Operation *program = bd->getParentOp();
  while (program && !isa<aie::MemOp, aie::MemTileDMAOp, aie::ShimDMAOp>(program))
    program = program->getParentOp();
  auto device = bd->getParentOfType<aie::DeviceOp>();
  std::optional<Coord> tile = program ? tileOfOp(program) : std::nullopt;
  if (!tile || !device)
    return {};
  for (BDChain &chain : chainsOf(program)) {
    if (!llvm::is_contained(chain.bds, bd))
      continue;
    if (chain.start.getChannelDir() != aie::DMAChannelDir::S2MM)
      return {};
    return flowInto(device, *tile, chain.start.getChannelIndex());
  }
  return {};
}

aie::FlowOp aiecheck::flowInto(aie::DeviceOp device, Coord tile,
                               int64_t channel) {
  for (Operation &op : device.getBodyBlock()) {
    auto flow = dyn_cast<aie::FlowOp>(op);
    if (!flow || flow.getDestBundle() != aie::WireBundle::DMA ||
        flow.getDestChannel() != channel)
      continue;
    aie::TileOp dt = aie::getTileOf(flow.getDest());
    if (dt && coordOf(dt) == tile)
      return flow;
  }
  return {};
}

SmallVector<BDChain> aiecheck::chainsOf(Operation *program) {
  SmallVector<BDChain> out;
  if (program->getNumRegions() == 0)
    return out;
  for (Block &block : program->getRegion(0)) {
    auto start = dyn_cast_or_null<aie::DMAStartOp>(block.getTerminator());
    if (!start)
      continue;
    BDChain chain;
    chain.start = start;
    llvm::SmallPtrSet<Block *, 8> seen;
    Block *b = start.getDest();
    while (b && seen.insert(b).second) {
      for (Operation &op : *b) {
        if (auto bd = dyn_cast<aie::DMABDOp>(op))
          chain.bds.push_back(bd);
        else if (auto use = dyn_cast<aie::UseLockOp>(op))
          chain.locks.push_back(use);
      }
      auto next = dyn_cast_or_null<aie::NextBDOp>(b->getTerminator());
      b = next ? next.getDest() : nullptr;
    }
    chain.loops = b != nullptr;
    out.push_back(std::move(chain));
  }
  return out;
}

mlir::Operation *aircheck::aiecheck::lockHandOff(mlir::Operation *op) {
  mlir::Operation *found = nullptr;
  op->walk([&](mlir::Operation *nested) {
    if (llvm::isa<aie::UseLockOp>(nested))
      return mlir::WalkResult::advance();
    for (mlir::Value v : nested->getOperands())
      if (v.getDefiningOp<aie::LockOp>()) {
        found = nested;
        return mlir::WalkResult::interrupt();
      }
    return mlir::WalkResult::advance();
  });
  return found;
}

std::optional<llvm::SmallVector<aircheck::aiecheck::KernelLockOp>>
aircheck::aiecheck::kernelContract(mlir::Operation *call, std::string *why) {
  auto fail = [&](const std::string &reason)
      -> std::optional<llvm::SmallVector<KernelLockOp>> {
    if (why)
      *why = reason;
    return std::nullopt;
  };
  auto callOp = llvm::dyn_cast<mlir::CallOpInterface>(call);
  auto sym = callOp ? llvm::dyn_cast_if_present<mlir::SymbolRefAttr>(
                          callOp.getCallableForCallee())
                    : mlir::SymbolRefAttr();
  if (!sym)
    return fail("no kernel contract (not a call of a named function)");
  // The callee: in the device, or in the module around it.
  mlir::Operation *callee = nullptr;
  for (mlir::Operation *scope = call->getParentOp(); scope && !callee;
       scope = scope->getParentOp())
    if (scope->hasTrait<mlir::OpTrait::SymbolTable>())
      callee = mlir::SymbolTable::lookupSymbolIn(scope, sym);
  auto list = callee ? callee->getAttrOfType<mlir::ArrayAttr>("aie.kernel_locks")
                     : mlir::ArrayAttr();
  if (!list)
    return fail("no kernel contract");
  llvm::SmallVector<KernelLockOp> out;
  for (mlir::Attribute a : list) {
    auto entry = llvm::dyn_cast<mlir::DictionaryAttr>(a);
    auto arg = entry ? entry.getAs<mlir::IntegerAttr>("arg") : nullptr;
    auto action = entry ? entry.getAs<mlir::StringAttr>("action") : nullptr;
    auto value = entry ? entry.getAs<mlir::IntegerAttr>("value") : nullptr;
    if (!arg || !action)
      return fail("a kernel contract entry without 'arg' and 'action'");
    int64_t k = arg.getInt();
    if (k < 0 || k >= (int64_t)call->getNumOperands())
      return fail("a kernel contract names operand " + std::to_string(k) +
                  ", which the call does not have");
    auto lock = call->getOperand(k).getDefiningOp<aie::LockOp>();
    if (!lock)
      return fail("a kernel contract names operand " + std::to_string(k) +
                  ", which is not an aie.lock");
    std::optional<aie::LockAction> act =
        aie::symbolizeLockAction(action.getValue());
    if (!act)
      return fail("a kernel contract action '" + action.getValue().str() +
                  "' (expected Acquire, AcquireGreaterEqual or Release)");
    int64_t v = value ? value.getInt() : 1;
    if (v < 0)
      return fail("a kernel contract amount below 0");
    out.push_back({lock, *act, v});
  }
  return out;
}

std::map<std::pair<int64_t, int64_t>, llvm::SetVector<mlir::Operation *>>
aircheck::aiecheck::memtileBankBDs(const Device &d,
                                   llvm::ArrayRef<BDChain> chains) {
  std::map<std::pair<int64_t, int64_t>, llvm::SetVector<mlir::Operation *>>
      banks;
  if (!d.model)
    return banks;
  for (const auto &bank : d.model->memtileBdRanges)
    banks[bank.second];
  for (const BDChain &chain : chains) {
    auto start = chain.start; // its accessors are not const
    if (auto range = d.memtileBdRange(start.getChannelIndex()))
      for (aie::DMABDOp bd : chain.bds)
        banks[*range].insert(bd);
  }
  return banks;
}

std::map<aircheck::aiecheck::Coord, aircheck::aiecheck::TileUse>
aircheck::aiecheck::tileUses(const Device &d) {
  using namespace mlir;
  std::map<Coord, TileUse> tiles;
  aie::DeviceOp device = d.op;
  for (Operation &op : device.getBodyBlock())
    if (auto t = dyn_cast<aie::TileOp>(op))
      tiles[coordOf(t)];
  device.walk([&](Operation *op) {
    if (!isa<aie::BufferOp, aie::LockOp, aie::CoreOp, aie::MemOp,
             aie::MemTileDMAOp, aie::ShimDMAOp, aie::ShimDMAAllocationOp>(op))
      return;
    std::optional<Coord> c = tileOfOp(op);
    if (!c)
      return;
    TileUse &u = tiles[*c];
    if (auto b = dyn_cast<aie::BufferOp>(op)) {
      ++u.buffers;
      u.bufferBytes += aie::memrefBytes(b.getType()).value_or(0);
    } else if (auto core = dyn_cast<aie::CoreOp>(op)) {
      u.stack = core.getStackSize();
    } else if (isa<aie::LockOp>(op)) {
      ++u.locks;
    } else if (isa<aie::MemOp, aie::MemTileDMAOp, aie::ShimDMAOp>(op)) {
      op->walk([&](aie::DMABDOp) { ++u.bds; });
      if (isa<aie::MemTileDMAOp>(op) && d.model &&
          !d.model->memtileBdRanges.empty()) {
        for (auto &[range, bds] : memtileBankBDs(d, chainsOf(op)))
          u.bdsPerBank[range] = static_cast<int64_t>(bds.size());
      }
      op->walk([&](aie::DMAStartOp s) {
        u.channels.insert({(int)s.getChannelDir(), s.getChannelIndex()});
      });
      op->walk([&](aie::DMAOp s) { // the region form
        u.channels.insert({(int)s.getChannelDir(), s.getChannelIndex()});
      });
    } else if (auto a = dyn_cast<aie::ShimDMAAllocationOp>(op)) {
      u.channels.insert({(int)a.getChannelDir(), a.getChannelIndex()});
    }
  });
  return tiles;
}

bool aiecheck::coreReaches(Coord core, TileKind coreKind, Coord mem,
                           TileKind memKind) {
  auto [cc, cr] = core;
  auto [mc, mr] = mem;
  bool same = core == mem;
  bool west = mr == cr && mc == cc - 1;
  bool east = mr == cr && mc == cc + 1;
  bool north = mc == cc && mr == cr + 1;
  bool south = mc == cc && mr == cr - 1;
  if (coreKind == TileKind::MemTile)
    return same || west || east;
  return same || west || north || (south && memKind != TileKind::MemTile);
}

Operation *aiecheck::foreignBufferUse(aie::DeviceOp device) {
  Operation *found = nullptr;
  device.walk([&](aie::CoreOp core) {
    auto at = tileOfOp(core);
    core.walk([&](Operation *op) {
      for (Value v : op->getOperands())
        if (auto buf = v.getDefiningOp<aie::BufferOp>())
          if (!found && tileOfOp(buf) != at)
            found = op;
    });
  });
  return found;
}
