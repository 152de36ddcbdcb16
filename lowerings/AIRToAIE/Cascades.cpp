//===- Cascades.cpp - cascade channels as the cores' cascade streams ------===//
#include "lowerings/AIRToAIE/Cascades.h"

#include "lowerings/AIRToAIE/BDChains.h"
#include "lowerings/AIRToAIE/ChannelAccess.h"
#include "lowerings/AIRToAIE/Refusal.h"

using namespace mlir;
using namespace aircheck;
using namespace aircheck::npu;

std::string aircheck::npu::cascadeWordsProblem(MemRefType type) {
  if (!type || !type.hasStaticShape() || !type.getLayout().isIdentity())
    return "a buffer without a static shape and the default layout";
  if (!type.getElementType().isIntOrFloat())
    return "a buffer whose elements are not integers or floats";
  unsigned bits = type.getElementTypeBitWidth();
  if (bits == 0 || kCascadeBits % bits != 0)
    return "elements of " + std::to_string(bits) +
           " bits, which do not divide the cascade's " +
           std::to_string(kCascadeBits);
  if ((type.getNumElements() * bits) % kCascadeBits != 0)
    return "a buffer of " + std::to_string(type.getNumElements() * bits) +
           " bits, not a whole number of " + std::to_string(kCascadeBits) +
           "-bit cascade words";
  return "";
}

/// Why a cascade loop cannot move `a` of `type` whole (empty: it can).
static std::string cannotMove(const Access &a, MemRefType type) {
  if (std::string why = cascadeWordsProblem(type); !why.empty())
    return why;
  BDPattern p = bdPattern(a, type);
  if (p.offset != 0 || p.len != type.getNumElements() || !p.sizes.empty())
    return "part of a buffer (a cascade loop moves its buffer whole, in "
           "row-major order)";
  return "";
}

FailureOr<CascadePlan> aircheck::npu::takeCascades(TransferPlan &plan) {
  CascadePlan out;
  bool ok = true;
  for (const Endpoint &e : plan.endpoints) {
    if (!isCascade(e.channel))
      continue;
    out.channels.insert(e.name);
    if (e.level != Level::L1 || !e.herd) {
      refuse(e.accesses.front().op)
          << "a cascade put or get outside a herd's L1; a cascade joins "
             "two cores";
      ok = false;
      continue;
    }
    bool fine = true;
    for (const Access &a : e.accesses) {
      std::string why = cannotMove(a, plan.buffers[a.buffer].type);
      if (!why.empty()) {
        refuse(a.op) << "a cascade transfer of " << why
                     << "; the lowering moves whole buffers in "
                     << kCascadeBits << "-bit words";
        fine = false;
        break;
      }
    }
    ok &= fine;
    if (!e.isPut || !fine)
      continue;
    for (unsigned peer : e.peers) {
      const Endpoint &g = plan.endpoints[peer];
      if (g.level != Level::L1 || !g.herd)
        continue; // refused above
      // The k-th put meets the k-th get: both sides the same words.
      for (auto [pa, ga] : llvm::zip(e.accesses, g.accesses)) {
        MemRefType pt = plan.buffers[pa.buffer].type,
                   gt = plan.buffers[ga.buffer].type;
        if (pt && gt &&
            (pt.getElementType() != gt.getElementType() ||
             pt.getNumElements() != gt.getNumElements())) {
          auto diag = refuse(pa.op)
                      << "a cascade put and the get it meets move buffers "
                         "of different element types or sizes";
          diag.attachNote(ga.op->getLoc()) << "the get";
          ok = false;
          break;
        }
      }
      CascadeLinkPlan l;
      l.decl = e.decl;
      l.putHerd = e.herd;
      l.putIds = e.ids;
      l.getHerd = g.herd;
      l.getIds = g.ids;
      l.put = e.accesses.front().op;
      l.get = g.accesses.front().op;
      out.links.push_back(l);
    }
  }
  if (!ok)
    return failure();
  dropEndpoints(plan, [](const Endpoint &e) { return isCascade(e.channel); });
  return out;
}
