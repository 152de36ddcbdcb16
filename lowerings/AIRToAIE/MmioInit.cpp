//===- MmioInit.cpp - npu_mmio channels as buffers' initial values --------===//
#include "lowerings/AIRToAIE/MmioInit.h"

#include "analyses/MemrefEffects.h"
#include "lowerings/AIRToAIE/BDChains.h"
#include "lowerings/AIRToAIE/Refusal.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;
using namespace aircheck;
using namespace aircheck::npu;

/// Whether `a` moves the whole buffer of `type`, in order.
static bool whole(const Access &a, MemRefType type) {
  BDPattern p = bdPattern(a, type);
  return p.offset == 0 && p.len == type.getNumElements() && p.sizes.empty();
}

/// The first op that may write the memory `v` names, other than the
/// npu_mmio gets (null: it is only read). What an op does to a memref is
/// analyses/MemrefEffects' answer; views and casts are followed to their
/// uses, and a memref handed to a region op or a terminator counts as
/// written (what happens to it there is not followed).
static Operation *writerOf(Value v, const std::set<std::string> &mmio) {
  for (OpOperand &use : v.getUses()) {
    Operation *u = use.getOwner();
    if (auto g = dyn_cast<air::ChannelGetOp>(u))
      if (mmio.count(g.getChanName().str()))
        continue;
    if (isa<ViewLikeOpInterface, CastOpInterface>(u) &&
        u->getNumResults() == 1) {
      if (Operation *w = writerOf(u->getResult(0), mmio))
        return w;
      continue;
    }
    if (isa<air::ExecuteTerminatorOp>(u)) {
      // An alloc in an air.execute: its result past the token.
      Value r = u->getParentOp()->getResult(use.getOperandNumber() + 1);
      if (Operation *w = writerOf(r, mmio))
        return w;
      continue;
    }
    if (u->hasTrait<OpTrait::IsTerminator>() ||
        (u->getNumRegions() && !isa<MemoryEffectOpInterface>(u)))
      return u;
    for (const MemrefEffect &e : memrefEffects(u))
      if (e.memref == v && e.write)
        return u;
  }
  return nullptr;
}

FailureOr<MmioInit> aircheck::npu::takeMmio(TransferPlan &plan) {
  MmioInit out;
  for (const Endpoint &e : plan.endpoints)
    if (isMmio(e.channel))
      out.channels.insert(e.name);
  if (out.channels.empty())
    return out;
  bool ok = true;
  for (const Endpoint &put : plan.endpoints) {
    if (!put.isPut || !isMmio(put.channel))
      continue;
    const Access &first = put.accesses.front();
    const BufferRef &src = plan.buffers[first.buffer];
    auto global = dyn_cast_or_null<memref::GlobalOp>(src.global);
    auto init = global ? dyn_cast_or_null<DenseElementsAttr>(
                             global.getInitialValue().value_or(Attribute()))
                       : DenseElementsAttr();
    if (!init) {
      refuse(first.op) << "an npu_mmio put must send a memref.global with a "
                          "dense initializer (the lowering writes it into "
                          "the destination buffers before the cores start)";
      ok = false;
      continue;
    }
    bool fine = true;
    for (const Access &a : put.accesses)
      if (a.buffer != first.buffer || !whole(a, src.type)) {
        refuse(a.op) << "an npu_mmio put must send its memref.global whole";
        fine = false;
        break;
      }
    for (unsigned g : put.peers) {
      const Endpoint &get = plan.endpoints[g];
      for (const Access &a : get.accesses) {
        if (!fine)
          break;
        const BufferRef &dst = plan.buffers[a.buffer];
        if (dst.level != Level::L1) {
          refuse(a.op) << "an npu_mmio get must fill a core's L1 buffer";
          fine = false;
        } else if (!whole(a, dst.type)) {
          refuse(a.op) << "an npu_mmio get must fill its buffer whole";
          fine = false;
        } else if (dst.type.getElementType() != src.type.getElementType() ||
                   dst.type.getNumElements() != src.type.getNumElements()) {
          refuse(a.op) << "an npu_mmio get's buffer (" << dst.type
                       << ") must have the element type and count of the "
                          "memref.global it is sent ("
                       << src.type << ")";
          fine = false;
        } else if (Operation *w =
                       writerOf(dst.alloc->getResult(0), out.channels)) {
          auto diag = refuse(a.op)
                      << "the buffer an npu_mmio get fills is written by "
                         "something else; its initial value would not be "
                         "what the program reads";
          diag.attachNote(w->getLoc()) << "written here";
          fine = false;
        } else {
          DenseElementsAttr v = init.reshape(RankedTensorType::get(
              dst.type.getShape(), dst.type.getElementType()));
          auto [it, fresh] = out.initialValues.try_emplace(a.buffer, v);
          if (!fresh && it->second != v) {
            refuse(a.op) << "two npu_mmio gets fill one buffer with "
                            "different constants";
            fine = false;
          }
        }
      }
    }
    ok &= fine;
  }
  // No other stream may touch a buffer the initial value fills.
  for (const Endpoint &e : plan.endpoints) {
    if (isMmio(e.channel))
      continue;
    for (const Access &a : e.accesses)
      if (out.initialValues.count(a.buffer)) {
        refuse(a.op) << "transfers a buffer an npu_mmio channel fills; its "
                        "initial value would not be what the program reads";
        ok = false;
      }
  }
  if (!ok)
    return failure();

  // The endpoints leave the plan; peers are renumbered.
  dropEndpoints(plan, [](const Endpoint &e) { return isMmio(e.channel); });
  return out;
}
