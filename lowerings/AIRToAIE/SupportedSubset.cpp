//===- SupportedSubset.cpp - what the NPU lowering lowers -----------------===//
#include "lowerings/AIRToAIE/SupportedSubset.h"
#include "analyses/HoldsAIR.h"
#include "dialects/AIR/HierarchySizes.h"

#include <functional>

#include "lowerings/AIRToAIE/ChannelAccess.h"
#include "lowerings/AIRToAIE/Refusal.h"
#include "lowerings/AIRToAIE/UnrollSegments.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace aircheck;
using namespace aircheck::npu;

/// Instances of a hierarchy op's iteration space, when constant.
static std::optional<int64_t> instances(air::HierarchyOpInterface h) {
  return air::constantInstances(h);
}

/// Ops a launch, segment or function body may hold: the body only moves
/// data and computes indices; there is no core to run anything else on.
static bool movesOnly(Operation *op) {
  if (isa<air::AIRDialect>(op->getDialect()) ||
      isa<arith::ArithDialect, index::IndexDialect>(op->getDialect()))
    return true;
  return isa<memref::AllocOp, memref::DeallocOp, memref::GetGlobalOp,
             affine::AffineApplyOp,
             affine::AffineMinOp, affine::AffineMaxOp, scf::ForOp, scf::IfOp,
             scf::YieldOp, scf::IndexSwitchOp, scf::ParallelOp, scf::ReduceOp,
             scf::ReduceReturnOp, affine::AffineIfOp, affine::AffineYieldOp,
             func::ReturnOp>(op);
}

FailureOr<Design> aircheck::npu::findSupportedDesign(ModuleOp module) {
  Design d;
  bool ok = true;
  module.walk([&](func::FuncOp f) {
    if (!holdsAIR(f))
      return;
    if (d.func) {
      auto diag = refuse(f) << "a second function with AIR ops; the lowering "
                               "builds one aie.device for one function";
      diag.attachNote(d.func.getLoc()) << "the first";
      ok = false;
      return;
    }
    d.func = f;
  });
  if (!ok)
    return failure();
  if (!d.func) {
    refuse(module.getOperation()) << "no function holds an AIR program";
    return failure();
  }

  module.walk([&](Operation *op) {
    if (auto c = dyn_cast<air::ChannelOp>(op)) {
      if (!lowersAsStream(c) && !isMmio(c) && !isCascade(c)) {
        refuse(op) << "a channel of type '" << c.getKind()
                   << "'; the lowering builds circuit-switched DMA streams "
                      "(dma_packet ones among them), npu_mmio channels as "
                      "buffers' initial values and cascade channels as the "
                      "cores' cascade streams";
        ok = false;
      }
      return;
    }
    if (auto l = dyn_cast<air::LaunchOp>(op)) {
      d.launches.push_back(l);
      std::optional<int64_t> n = instances(l);
      if (!n) {
        refuse(op) << "a launch iteration space of a non-constant number of "
                      "instances";
        ok = false;
      } else {
        d.launchInstances[l] = *n;
      }
      if (l->getParentOp() != d.func.getOperation()) {
        refuse(op) << "a launch inside a loop or branch";
        ok = false;
      }
      return;
    }
    if (auto s = dyn_cast<air::SegmentOp>(op)) {
      if (s->getParentOfType<air::SegmentOp>()) {
        refuse(op) << "a nested segment";
        ok = false;
        return;
      }
      d.segments.push_back(s);
      std::optional<int64_t> n = instances(s);
      if (!n || *n != 1) {
        refuse(op) << "a segment iteration space of "
                   << (n ? std::to_string(*n) : std::string("a non-constant number of"))
                   << " instances; the lowering makes each instance a segment "
                      "of its own, up to "
                   << kMaxSegmentInstances << " of constant sizes";
        ok = false;
      }
      if (!isa<air::LaunchOp>(s->getParentOp())) {
        refuse(op) << "a segment that is not directly in its launch's body";
        ok = false;
      }
      return;
    }
    if (auto h = dyn_cast<air::HerdOp>(op)) {
      d.herds.push_back(h);
      if (!instances(h)) {
        refuse(op) << "a herd of non-constant size";
        ok = false;
      }
      // Directly in its segment's body, or in scf.for loops of constant
      // trip counts there: the herd then runs once per trip, and so does
      // its core's body.
      int64_t trips = 1;
      Operation *p = h->getParentOp();
      for (; p && !isa<air::SegmentOp>(p); p = p->getParentOp()) {
        auto loop = dyn_cast<scf::ForOp>(p);
        std::optional<int64_t> n;
        if (loop)
          if (std::optional<APInt> c = loop.getStaticTripCount())
            n = static_cast<int64_t>(c->getZExtValue());
        if (!n) {
          refuse(op) << "a herd inside "
                     << (loop ? "a loop whose trip count is not a constant"
                              : "a '" + p->getName().getStringRef().str() +
                                    "' of its segment")
                     << "; a core runs a herd body a fixed number of times";
          ok = false;
          break;
        }
        trips *= *n;
      }
      d.herdTrips[h] = trips;
      return;
    }
  });
  if (!ok)
    return failure();
  if (d.herds.empty() && d.segments.empty()) {
    refuse(d.func) << "no segment or herd: nothing of the program runs on "
                      "the array (transfers at function or launch level "
                      "alone, or a launch that computes in its own body, are "
                      "not an NPU design)";
    return failure();
  }
  if (d.launches.empty() || d.segments.empty()) {
    refuse(d.func) << "no launch with a segment (the lowering needs the "
                      "hierarchy; bare herds are wrapped before this step)";
    return failure();
  }

  // Launch, segment and function bodies only move data.
  auto checkBody = [&](Block &b, StringRef what) {
    for (Operation &op : b) {
      if (isa<air::HerdOp, air::SegmentOp, air::LaunchOp>(op))
        continue;
      Operation *bad = nullptr;
      op.walk<WalkOrder::PreOrder>([&](Operation *o) {
        if (bad || isa<air::HierarchyOpInterface>(o))
          return o == &op ? WalkResult::advance() : WalkResult::skip();
        if (!movesOnly(o) && !o->hasTrait<OpTrait::ConstantLike>() &&
            !o->getParentOfType<air::ExecuteOp>()) {
          bad = o;
          return WalkResult::interrupt();
        }
        // air.execute in these bodies: allocs, deallocs and index math.
        if (isa<air::ExecuteOp>(o))
          o->walk([&](Operation *inner) {
            if (inner != o && !bad && !movesOnly(inner) &&
                !inner->hasTrait<OpTrait::ConstantLike>())
              bad = inner;
          });
        return bad ? WalkResult::interrupt() : WalkResult::advance();
      });
      if (bad) {
        auto diag = refuse(bad)
                    << "'" << bad->getName() << "' in a " << what
                    << " body; only herds compute (a " << what
                    << " body becomes DMA programs, which cannot run it)";
        if (isa<memref::CopyOp>(bad))
          diag << "; a copy is left out only between an argument and a "
                  "host buffer of the program's own: to an argument nothing "
                  "else uses, after the last use of the buffer, or from an "
                  "argument nothing writes, into a buffer then only read";
        ok = false;
      }
    }
  };
  checkBody(d.func.getBody().front(), "function");
  for (air::LaunchOp l : d.launches)
    checkBody(l.getBody().front(), "launch");
  for (air::SegmentOp seg : d.segments)
    checkBody(seg.getBody().front(), "segment");
  // A value is used when something other than a hierarchy's argument list
  // reads it, or the argument it becomes there is used.
  std::function<bool(Value)> used = [&](Value v) {
    for (OpOperand &u : v.getUses()) {
      auto h = dyn_cast<air::HierarchyOpInterface>(u.getOwner());
      if (!h)
        return true;
      OperandRange kernel = h.getKernelOperands();
      if (kernel.empty())
        return true;
      unsigned at = u.getOperandNumber(), first = kernel.getBeginOperandIndex();
      if (at < first || at >= first + kernel.size() ||
          used(h.getKernelArguments()[at - first]))
        return true;
    }
    return false;
  };
  for (auto [k, a] : llvm::enumerate(d.func.getArguments()))
    // An unranked memref is one the host sizes: the runtime sequence
    // names it as a 1-D memref of the extent the transfers reach
    // (TransferPlan.cpp, unrankedExtents).
    if (!isa<BaseMemRefType>(a.getType()) && used(a)) {
      refuse(d.func) << "argument #" << k
                     << " is not a memref and is used; the runtime sequence "
                        "passes memrefs only";
      ok = false;
    }
  if (!ok)
    return failure();
  return d;
}
