//===- MemoryLevels.cpp - memory is allocated at its level ----------------===//
//
// Seed 000 1.2 and 2.2-2.3: a herd allocates L1 (memory space 2), a segment
// L2 or L1 (1 or 2), and a core reads and writes only L1 directly; transfers
// move memrefs of the AIR levels L3, L2 and L1 (0, 1, 2). Upstream mlir-air's herd and segment verifiers enforce the
// first rule for memref.alloc (memory space >= 2 in a herd, >= 1 in a
// segment); air-check checks memref.alloc the same way, directly in the
// body (a nested hierarchy op checks its own).
//
//===----------------------------------------------------------------------===//
#include "analyses/MemrefEffects.h"
#include "checkers/Checker.h"

#include "dialects/AIR/AIRDialect.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace aircheck;
using namespace mlir;

static StringRef kindName(Operation *op) {
  return isa<air::HerdOp>(op) ? "'air.herd'" : "'air.segment'";
}

static void checkAllocs(Operation *op) {
  bool herd = isa<air::HerdOp>(op);
  op->getRegion(0).walk<WalkOrder::PreOrder>([&](Operation *inner) {
    if (isa<air::HierarchyOpInterface>(inner))
      return WalkResult::skip();
    if (!isa<memref::AllocOp>(inner))
      return WalkResult::advance();
    std::optional<unsigned> space =
        air::getMemorySpace(inner->getResult(0).getType());
    if (space && (herd ? *space == 2 : (*space == 1 || *space == 2)))
      return WalkResult::advance();
    auto diag = inner->emitOpError("inside ")
                << kindName(op) << " must allocate in "
                << (herd ? "L1 (memory space 2)"
                         : "L2 or L1 (memory space 1 or 2)")
                << ", but allocates in "
                << (space ? air::describeMemorySpace(*space)
                          : std::string("a non-AIR memory space"));
    diag.attachNote(op->getLoc()) << "enclosing " << kindName(op) << " is here";
    return WalkResult::advance();
  });
}

/// A core reads and writes only its L1 directly (upstream's herd verifier:
/// "AIE core tiles can only access L1 directly"); L2 and L3 data reach it
/// through channels and dma_memcpy_nd (or copies, which the pipeline turns
/// into them) and linalg ops (which the pipeline tiles into L1 first). Ops
/// that say what they read and write (memref.load/store, vector transfers,
/// affine loads and stores) are checked.
static void checkCoreAccesses(air::HerdOp herd) {
  herd.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<air::HierarchyOpInterface>(op) && op != herd.getOperation())
      return WalkResult::skip();
    // AIR transfers move data between levels; so do copies, which the
    // pipeline turns into them (air-copy-to-dma).
    // Structured (linalg) ops on L2 are a form upstream's herd verifier
    // allows: the pipeline tiles them and moves their operands to L1 first.
    if (isa_and_nonnull<air::AIRDialect>(op->getDialect()) ||
        isa<memref::CopyOp>(op) ||
        op->getName().getDialectNamespace() == "linalg")
      return WalkResult::advance();
    for (const MemrefEffect &e : memrefEffects(op)) {
      // Only what the op states: an op that says nothing is not blamed.
      if (!e.stated || !(e.read || e.write))
        continue;
      Value v = e.memref;
      std::optional<unsigned> space = air::getMemorySpace(v.getType());
      // The symmetric heap is L3 that a herd reaches directly (upstream's
      // SymmetricHeapMemorySpace: GPU kernels load from HBM).
      if ((space && *space == 2) || air::isSymmetricHeap(v.getType()))
        continue;
      auto diag = op->emitOpError()
                  << (e.read ? "reads "
                                                              : "writes ")
                  << (space ? air::describeMemorySpace(*space)
                            : std::string("a non-AIR memory space"))
                  << " directly inside 'air.herd', but a core reads and "
                     "writes only L1 (memory space 2) directly (seed 000 1.2; "
                     "upstream's herd verifier rejects it)";
      diag.attachNote(herd.getLoc()) << "enclosing 'air.herd' is here";
      diag.attachNote(op->getLoc())
          << "hint: bring the data into an L1 buffer with a channel or "
             "air.dma_memcpy_nd";
      return WalkResult::advance();
    }
    return WalkResult::advance();
  });
}

static void checkTransferMemref(Operation *op, Value memref, StringRef role) {
  std::optional<unsigned> space = air::getMemorySpace(memref.getType());
  if (space && *space <= 2)
    return;
  auto diag = op->emitOpError() << role << " memref has ";
  if (space)
    diag << "memory space " << *space;
  else
    diag << "a non-integer memory space";
  diag << "; AIR memory spaces are 0 (L3), 1 (L2) and 2 (L1)";
}

namespace {
class MemoryLevels : public Checker {
public:
  llvm::StringRef id() const override { return "memory-levels"; }
  llvm::StringRef summary() const override {
    return "Herds allocate and touch only L1, segments allocate L2 or L1; "
           "transfers move L3, L2 or L1 memrefs (seed 000 1.2, 2.2, 2.3)";
  }
  void run(CheckContext &ctx) override {
    ctx.module.walk([&](Operation *op) {
      if (isa<air::HerdOp, air::SegmentOp>(op))
        checkAllocs(op);
      if (auto herd = dyn_cast<air::HerdOp>(op))
        checkCoreAccesses(herd);
      else if (auto dma = dyn_cast<air::DmaMemcpyNdOp>(op)) {
        checkTransferMemref(op, dma.getDst(), "destination");
        checkTransferMemref(op, dma.getSrc(), "source");
      } else if (auto t = dyn_cast<air::ChannelOpInterface>(op))
        checkTransferMemref(op, t.getMemref(),
                            t.isPut() ? "source" : "destination");
    });
  }
};
} // namespace

std::unique_ptr<Checker> aircheck::createMemoryLevels() {
  return std::make_unique<MemoryLevels>();
}
