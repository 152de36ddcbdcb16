//===- ConvertAIRToGPU.cpp - air.launch to gpu.launch (seed 000 4) ---------===//
//
// One gpu.launch per air.launch:
//
//   grid    = the launch's iteration space (up to 3 dims; none: 1 x 1 x 1);
//   block   = the herds' iteration space (a herd tile is a thread, 4.1 and
//             the 4.5 example; upstream's air-to-rocdl also takes the herd
//             sizes as blockDim). Seed 000 2.3 and 4.2 speak of a herd
//             instance as a wave under an XCD-granularity segment; that
//             mapping needs nested segments, which are refused here.
//   body    = the launch body and its one segment body, run by every thread
//             of the block (the block body, once per workgroup), with
//             - each herd inlined where it stood, its tile ids the thread
//               ids (guarded by `tid < herd size` when a smaller herd shares
//               the block);
//             - each air.dma_memcpy_nd of the block body spread over the
//               block's threads (thread i copies elements i, i + threads,
//               ...);
//             - any other op that writes memory run by thread (0, 0) alone;
//             - a gpu.barrier before and after each of those three: the
//               code after waits for every thread's writes, and no thread
//               writes before every thread has done the reads before it;
//               pure and read-only ops run in every thread, so their values
//               are defined everywhere.
//   memory  = L2 allocs -> workgroup attributions (address space 3), L1
//             allocs -> private attributions (5), deallocs removed (4.3).
//
// air.dma_memcpy_nd in a herd body becomes one scf.for over the elements in
// that thread. Element n of a side with offsets o, sizes s and strides d
// (in elements) is at linear position sum_k (o_k + (n / P_k) mod s_k) * d_k,
// P_k = prod_{j>k} s_j; an empty pattern is the whole memref in row-major
// order. The position becomes the memref's indices by its shape.
//
//===----------------------------------------------------------------------===//
#include "lowerings/AIRToGPU/AIRToGPU.h"
#include "lowerings/AIRToGPU/SerializeTokens.h"

#include "dialects/AIR/AIRDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace aircheck;

namespace {

bool isAIROp(Operation *op) {
  return op->getDialect() && op->getDialect()->getNamespace() == "air";
}

/// Does `op` (or anything inside it) write memory, as far as MLIR knows?
bool writesMemory(Operation *op) {
  if (isPure(op) || isa<air::WaitAllOp>(op))
    return false; // a wait_all only orders (its tokens are dropped)
  if (auto effects = dyn_cast<MemoryEffectOpInterface>(op)) {
    SmallVector<MemoryEffects::EffectInstance> list;
    effects.getEffects(list);
    for (auto &e : list)
      if (isa<MemoryEffects::Write, MemoryEffects::Allocate,
              MemoryEffects::Free>(e.getEffect()))
        return true;
    if (!op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return false;
  } else if (!op->hasTrait<OpTrait::HasRecursiveMemoryEffects>()) {
    return true; // unknown effects
  }
  for (Region &r : op->getRegions())
    for (Operation &inner : r.getOps())
      if (writesMemory(&inner))
        return true;
  return false;
}

int64_t byteSize(MemRefType t) {
  Type e = t.getElementType();
  int64_t bits = e.isIndex() ? 64 : e.isIntOrFloat() ? e.getIntOrFloatBitWidth() : 0;
  if (auto v = dyn_cast<VectorType>(e); v && v.hasStaticShape() &&
                                        v.getElementType().isIntOrFloat())
    bits = v.getNumElements() * v.getElementType().getIntOrFloatBitWidth();
  if (!bits)
    return -1;
  return t.getNumElements() * ((bits + 7) / 8);
}

class Lowerer {
public:
  Lowerer(ModuleOp module, const AIRToGPUOptions &options)
      : module(module), options(options), rewriter(module.getContext()) {}

  LogicalResult run() {
    if (failed(precheck()))
      return failure();
    SmallVector<air::LaunchOp> launches;
    module.walk([&](air::LaunchOp l) { launches.push_back(l); });
    for (air::LaunchOp l : launches)
      if (failed(serializeLaunchTokens(l)))
        return failure();
    for (air::LaunchOp l : launches)
      if (failed(lowerLaunch(l)))
        return failure();
    erasePlaceholderTokens(module);
    return success();
  }

private:
  ModuleOp module;
  const AIRToGPUOptions &options;
  IRRewriter rewriter;
  bool ok = true;

  InFlightDiagnostic refuse(Operation *op) {
    ok = false;
    return op->emitError() << kGPUUnsupported;
  }

  //===--------------------------------------------------------------------===//
  // What is refused by name before anything is rewritten.
  //===--------------------------------------------------------------------===//
  LogicalResult precheck() {
    module.walk([&](Operation *op) {
      if (!isAIROp(op))
        return;
      if (isa<air::ChannelOp, air::ChannelOpInterface>(op)) {
        refuse(op) << "'" << op->getName()
                   << "': channels are not mapped to a GPU (seed 000 section "
                      "5); the GPU back end lowers programs that move data "
                      "with air.dma_memcpy_nd";
        return;
      }
      if (isa<air::TokenAllocOp>(op)) {
        refuse(op) << "'air.token.alloc': affinity and concurrency groups "
                      "(seed 000 1.5) are not mapped to a GPU";
        return;
      }
      if (auto async = dyn_cast<air::AsyncOpInterface>(op)) {
        if (!async.getAffinityTokens().empty() ||
            !async.getConcurrencyTokens().empty()) {
          refuse(op) << "affinity or concurrency tokens on '"
                     << op->getName()
                     << "' (seed 000 1.5) are not mapped to a GPU";
          return;
        }
        // Dependency tokens inside a launch are dropped: it runs in
        // program order (SerializeTokens.cpp). Between launches, or on the
        // host, they would need GPU stream events.
        bool inLaunch = op->getParentOfType<air::LaunchOp>() != nullptr;
        if (!inLaunch && (async.getAsyncToken() ||
                          !async.getAsyncDependencies().empty() ||
                          isa<air::ExecuteOp, air::WaitAllOp>(op))) {
          refuse(op) << "the asynchronous form of '" << op->getName()
                     << "' outside a launch body: tokens between launches "
                        "would need GPU stream events, which the GPU back "
                        "end does not lower";
          return;
        }
      }
      if (auto seg = dyn_cast<air::SegmentOp>(op)) {
        if (seg->getParentOfType<air::SegmentOp>()) {
          refuse(op) << "a nested air.segment (the device-scale mapping of "
                        "seed 000 4.2) is not lowered to a GPU";
          return;
        }
        if (!isa_and_nonnull<air::LaunchOp>(seg->getParentOp())) {
          refuse(op) << "an air.segment that is not directly in an "
                        "air.launch body is not lowered to a GPU";
          return;
        }
        for (Value s : seg.getSizes()) {
          std::optional<int64_t> c = getConstantIntValue(s);
          if (!c || *c != 1) {
            refuse(op) << "an air.segment with an iteration space (its "
                          "instances would be co-resident workgroups, which "
                          "a gpu.launch grid does not guarantee)";
            return;
          }
        }
      }
      if (auto herd = dyn_cast<air::HerdOp>(op)) {
        if (!herd->getParentOfType<air::SegmentOp>()) {
          refuse(op) << "an air.herd outside an air.segment";
          return;
        }
        if (herd->getParentOfType<air::HerdOp>()) {
          refuse(op) << "an air.herd inside an air.herd";
          return;
        }
        if (herd.getSizes().size() > 2) {
          refuse(op) << "an air.herd of more than two dimensions";
          return;
        }
      }
      if (auto launch = dyn_cast<air::LaunchOp>(op)) {
        if (launch->getParentOfType<air::LaunchOp>() ||
            launch->getParentOfType<air::SegmentOp>() ||
            launch->getParentOfType<air::HerdOp>()) {
          refuse(op) << "an air.launch inside another hierarchy op";
          return;
        }
        if (launch.getSizes().size() > 3) {
          refuse(op) << "an air.launch of more than three dimensions (a "
                        "gpu.launch grid has three)";
          return;
        }
        unsigned segments = 0;
        for (Operation &inner : launch.getBody().front())
          segments += isa<air::SegmentOp>(inner);
        if (segments > 1) {
          refuse(op) << "an air.launch with " << segments
                     << " segments (its segments would share one workgroup; "
                        "the GPU back end lowers one segment per launch)";
          return;
        }
        launch.walk([&](Operation *inner) {
          if (inner != launch.getOperation() && writesMemory(inner) &&
              inner->getParentOp() == launch.getOperation() &&
              !isa<air::SegmentOp, memref::AllocOp, memref::DeallocOp>(inner))
            refuse(inner) << "'" << inner->getName()
                          << "' writes memory in an air.launch body outside "
                             "its segment";
        });
      }
      if (!isa<air::LaunchOp, air::SegmentOp, air::HerdOp,
               air::LaunchTerminatorOp, air::SegmentTerminatorOp,
               air::HerdTerminatorOp, air::DmaMemcpyNdOp, air::ChannelOp,
               air::ChannelOpInterface, air::ExecuteOp,
               air::ExecuteTerminatorOp, air::WaitAllOp, air::TokenAllocOp>(op))
        refuse(op) << "'" << op->getName() << "' has no GPU lowering";
    });
    // Transfers and allocations outside any launch run on the host.
    module.walk([&](Operation *op) {
      if (isa<air::DmaMemcpyNdOp>(op) && !op->getParentOfType<air::LaunchOp>())
        refuse(op) << "an air.dma_memcpy_nd outside an air.launch (host code)";
      // L1 and L2 exist on the device only: the host cannot allocate them
      // (a wrapped bare herd leaves its host's alloc outside the launch).
      if (isa<memref::AllocOp, memref::AllocaOp>(op) &&
          !op->getParentOfType<air::LaunchOp>()) {
        std::optional<unsigned> space =
            air::getMemorySpace(cast<MemRefType>(op->getResult(0).getType()));
        if (space && (*space == 1 || *space == 2))
          refuse(op) << "an " << (*space == 2 ? "L1" : "L2")
                     << " allocation in host code (outside an air.launch): "
                        "on a GPU, L1 is a thread's private memory and L2 "
                        "the workgroup's, allocated inside the kernel";
      }
      // Nor can it hand one in: a launch's L1 or L2 operand that the host
      // did not allocate (a function argument, a view) has no GPU address
      // space the kernel could be given (LLVM's AMDGPU back end cannot
      // select its loads and stores).
      if (auto launch = dyn_cast<air::LaunchOp>(op))
        for (auto [i, v] : llvm::enumerate(launch->getOperands())) {
          auto type = dyn_cast<MemRefType>(v.getType());
          if (!type || isa_and_nonnull<memref::AllocOp, memref::AllocaOp>(
                           v.getDefiningOp()))
            continue;
          std::optional<unsigned> space = air::getMemorySpace(type);
          if (!space || (*space != 1 && *space != 2))
            continue;
          InFlightDiagnostic d =
              refuse(launch)
              << "an " << (*space == 2 ? "L1" : "L2")
              << " memref handed to the kernel from host code: on a GPU, L1 "
                 "is a thread's private memory and L2 the workgroup's; "
                 "neither can come from the host (pass an L3 memref and "
                 "copy it in)";
          if (auto arg = dyn_cast<BlockArgument>(v))
            d.attachNote(arg.getLoc()) << "the memref, argument #"
                                       << arg.getArgNumber() << " here";
          else
            d.attachNote(v.getLoc()) << "the memref, defined here";
        }
    });
    return success(ok);
  }

  //===--------------------------------------------------------------------===//
  // The launch.
  //===--------------------------------------------------------------------===//
  LogicalResult lowerLaunch(air::LaunchOp launch) {
    Location loc = launch.getLoc();
    // The block: the largest herd in each dimension.
    SmallVector<air::HerdOp> herds;
    launch.walk([&](air::HerdOp h) { herds.push_back(h); });
    int64_t block[2] = {1, 1};
    for (air::HerdOp h : herds) {
      for (auto [i, s] : llvm::enumerate(h.getSizes())) {
        std::optional<int64_t> c = getConstantIntValue(s);
        if (!c || *c < 1)
          return refuse(h) << "a herd whose size is not a positive constant "
                              "(it becomes the block size)";
        block[i] = std::max(block[i], *c);
      }
    }
    int64_t threads = block[0] * block[1];
    if (options.maxWorkgroupThreads && threads > options.maxWorkgroupThreads)
      return refuse(launch) << "the block of this launch has " << threads
                            << " threads (" << block[0] << " x " << block[1]
                            << ", the largest herd), over the device's "
                            << options.maxWorkgroupThreads
                            << " threads per workgroup";
    SmallVector<int64_t, 3> grid;
    for (Value s : launch.getSizes()) {
      std::optional<int64_t> c = getConstantIntValue(s);
      if (!c || *c < 1)
        return refuse(launch) << "a launch size that is not a positive "
                                 "constant (the grid limits cannot be checked)";
      grid.push_back(*c);
    }
    while (grid.size() < 3)
      grid.push_back(1);
    if (options.maxGridWorkItems)
      for (int d = 0; d < 3; ++d)
        if (grid[d] * (d < 2 ? block[d] : 1) > options.maxGridWorkItems)
          return refuse(launch)
                 << "grid dimension " << d << " has " << grid[d]
                 << " workgroups of " << (d < 2 ? block[d] : 1)
                 << " threads, over the device's "
                 << options.maxGridWorkItems << " work-items per dimension";

    // A call that hands L1 or L2 memory on: those memrefs get GPU address
    // spaces here, and the callee's signature (an AIR memory space) would no
    // longer match.
    bool badCall = false;
    launch.walk([&](CallOpInterface call) {
      // Nor is there anything to link a body from: a callee must be
      // defined in the module.
      auto callee = dyn_cast_or_null<FunctionOpInterface>(
          call.resolveCallable());
      if (!callee || callee.isExternal()) {
        InFlightDiagnostic d =
            refuse(call) << "a call inside the kernel to a function without "
                            "a body: the GPU back end links no library, so "
                            "the kernel has nothing to call";
        if (callee)
          d.attachNote(callee->getLoc()) << "declared here";
        badCall = true;
        return;
      }
      for (Value v : call.getArgOperands()) {
        auto type = dyn_cast<MemRefType>(v.getType());
        std::optional<unsigned> space =
            type ? air::getMemorySpace(type) : std::nullopt;
        if (!space || (*space != 1 && *space != 2))
          continue;
        refuse(call) << "a call inside the kernel that passes "
                     << (*space == 2 ? "L1" : "L2")
                     << " memory: the GPU lowering gives L1 and L2 memrefs GPU "
                        "address spaces and does not rewrite the callee's "
                        "signature";
        badCall = true;
        return;
      }
    });
    if (badCall)
      return failure();

    // Memory: check and classify before anything moves.
    SmallVector<memref::AllocOp> shared, priv;
    int64_t ldsBytes = 0, privateBytes = 0;
    bool bad = false;
    launch.walk([&](memref::AllocOp a) {
      MemRefType t = a.getType();
      std::optional<unsigned> space = air::getMemorySpace(t);
      bool inHerd = a->getParentOfType<air::HerdOp>() != nullptr;
      if (!t.hasStaticShape() || !t.getLayout().isIdentity()) {
        refuse(a) << "an allocation with a dynamic shape or a layout (GPU "
                     "attributions have a static shape)";
        bad = true;
        return;
      }
      if (!space || *space == 0) {
        refuse(a) << "an L3 allocation inside an air.launch (the kernel "
                     "cannot allocate device memory)";
        bad = true;
        return;
      }
      if (*space == 1 && inHerd) {
        refuse(a) << "an L2 allocation inside a herd body (L2 is the "
                     "workgroup's, allocated in the segment body)";
        bad = true;
        return;
      }
      if (*space == 2 && !inHerd) {
        refuse(a) << "an L1 allocation outside a herd body (L1 is a "
                     "thread's private memory)";
        bad = true;
        return;
      }
      int64_t bytes = byteSize(t);
      if (bytes < 0) {
        refuse(a) << "an allocation of element type " << t.getElementType()
                  << ", whose size is not known";
        bad = true;
        return;
      }
      // Every use, through the hierarchy ops it is passed into: the buffer
      // changes address space, so no op may carry its type into a result.
      SmallVector<Value> values = {a.getResult()};
      while (!values.empty() && !bad) {
        Value v = values.pop_back_val();
        for (OpOperand &use : v.getUses()) {
          Operation *user = use.getOwner();
          if (auto h = dyn_cast<air::HierarchyOpInterface>(user)) {
            unsigned first = h.getKernelOperands().getBeginOperandIndex();
            unsigned n = use.getOperandNumber();
            if (n >= first && n - first < h.getKernelArguments().size())
              values.push_back(h.getKernelArguments()[n - first]);
            continue;
          }
          for (Type r : user->getResultTypes())
            if (isa<BaseMemRefType>(r)) {
              refuse(user) << "'" << user->getName()
                           << "' makes a view of an L" << (*space == 1 ? 2 : 1)
                           << " buffer; the GPU back end lowers direct "
                              "accesses only";
              bad = true;
              return;
            }
        }
      }
      if (bad)
        return;
      (*space == 1 ? shared : priv).push_back(a);
      (*space == 1 ? ldsBytes : privateBytes) += bytes;
    });
    if (bad)
      return failure();
    if (options.maxLdsBytes && ldsBytes > options.maxLdsBytes)
      return refuse(launch) << "the L2 buffers of this launch need " << ldsBytes
                            << " bytes of workgroup memory (LDS) together, "
                               "over the device's "
                            << options.maxLdsBytes << " per workgroup";
    if (options.maxPrivateBytes && privateBytes > options.maxPrivateBytes)
      return refuse(launch) << "the L1 buffers of this launch need "
                            << privateBytes
                            << " bytes of private memory per thread together, "
                               "over the device's "
                            << options.maxPrivateBytes << " per thread";

    // The gpu.launch.
    rewriter.setInsertionPoint(launch);
    auto cst = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(rewriter, loc, v);
    };
    Value gx = cst(grid[0]), gy = cst(grid[1]), gz = cst(grid[2]);
    Value bx = cst(block[0]), by = cst(block[1]), bz = cst(1);
    auto gpuLaunch = gpu::LaunchOp::create(rewriter, loc, gx, gy, gz, bx, by, bz);
    Block &body = gpuLaunch.getBody().front();
    rewriter.setInsertionPointToEnd(&body);
    auto term = gpu::TerminatorOp::create(rewriter, loc);

    // Attributions.
    // L2 allocs: workgroup (address space 3); L1: private (5).
    auto attribute = [&](ArrayRef<memref::AllocOp> allocs, int64_t space,
                         bool workgroup) {
      for (memref::AllocOp a : allocs) {
        MemRefType t = a.getType();
        auto nt = MemRefType::get(t.getShape(), t.getElementType(),
                                  MemRefLayoutAttrInterface(),
                                  rewriter.getI64IntegerAttr(space));
        BlockArgument arg =
            workgroup ? gpuLaunch.addWorkgroupAttribution(nt, a.getLoc())
                      : gpuLaunch.addPrivateAttribution(nt, a.getLoc());
        rewriter.replaceAllUsesWith(a.getResult(), arg);
        rewriter.eraseOp(a);
      }
    };
    attribute(shared, 3, /*workgroup=*/true);
    attribute(priv, 5, /*workgroup=*/false);
    SmallVector<memref::DeallocOp> deallocs;
    launch.walk([&](memref::DeallocOp d) { deallocs.push_back(d); });
    for (memref::DeallocOp d : deallocs)
      rewriter.eraseOp(d);

    // Launch body -> block body.
    gpu::KernelDim3 ids = gpuLaunch.getBlockIds(), sizes = gpuLaunch.getGridSize();
    Value idv[3] = {ids.x, ids.y, ids.z}, szv[3] = {sizes.x, sizes.y, sizes.z};
    SmallVector<Value> args;
    unsigned n = launch.getSizes().size();
    for (unsigned i = 0; i < n; ++i)
      args.push_back(idv[i]);
    for (unsigned i = 0; i < n; ++i)
      args.push_back(szv[i]);
    llvm::append_range(args, launch.getKernelOperands());
    Block &lbody = launch.getBody().front();
    rewriter.eraseOp(lbody.getTerminator());
    rewriter.inlineBlockBefore(&lbody, term, args);
    rewriter.eraseOp(launch);

    // The segment body joins the block body.
    SmallVector<air::SegmentOp> segs;
    for (Operation &op : body)
      if (auto s = dyn_cast<air::SegmentOp>(op))
        segs.push_back(s);
    for (air::SegmentOp s : segs) {
      SmallVector<Value> sargs;
      rewriter.setInsertionPoint(s);
      for (unsigned i = 0, e = s.getSizes().size(); i < e; ++i)
        sargs.push_back(cst(0));
      for (unsigned i = 0, e = s.getSizes().size(); i < e; ++i)
        sargs.push_back(cst(1));
      llvm::append_range(sargs, s.getKernelOperands());
      Block &sb = s.getBody().front();
      rewriter.eraseOp(sb.getTerminator());
      rewriter.inlineBlockBefore(&sb, s, sargs);
      rewriter.eraseOp(s);
    }

    // Thread-level values every block-level rewrite uses.
    rewriter.setInsertionPointToStart(&body);
    gpu::KernelDim3 tid = gpuLaunch.getThreadIds();
    Kernel k;
    k.tx = tid.x;
    k.ty = tid.y;
    k.block[0] = block[0];
    k.block[1] = block[1];
    Value c0 = cst(0);
    Value rowBase = arith::MulIOp::create(rewriter, loc, k.ty, cst(block[0]));
    k.linear = arith::AddIOp::create(rewriter, loc, k.tx, rowBase);
    k.threads = cst(threads);
    k.first = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                    k.linear, c0);
    if (failed(lowerBlockLevel(body, k)))
      return failure();
    removeDoubleBarriers(gpuLaunch);
    return success(ok);
  }

  struct Kernel {
    Value tx, ty, linear, threads, first;
    int64_t block[2];
  };

  //===--------------------------------------------------------------------===//
  // The block body: every thread runs it.
  //===--------------------------------------------------------------------===//
  static bool holdsWork(Operation *op) {
    bool found = false;
    op->walk([&](Operation *inner) {
      if (inner != op && (isAIROp(inner) || writesMemory(inner)))
        found = true;
    });
    return found;
  }

  LogicalResult lowerBlockLevel(Block &blk, Kernel &k) {
    SmallVector<Operation *> ops;
    for (Operation &op : blk)
      ops.push_back(&op);
    SmallVector<Operation *> group; // consecutive writes for thread (0, 0)
    auto flush = [&]() {
      if (group.empty())
        return;
      Location loc = group.front()->getLoc();
      rewriter.setInsertionPoint(group.front());
      gpu::BarrierOp::create(rewriter, loc);
      auto ifOp = scf::IfOp::create(rewriter, loc, k.first, /*withElse=*/false);
      Operation *yield = ifOp.thenBlock()->getTerminator();
      for (Operation *op : group)
        op->moveBefore(yield);
      rewriter.setInsertionPointAfter(ifOp);
      gpu::BarrierOp::create(rewriter, loc);
      group.clear();
    };
    for (Operation *op : ops) {
      if (op->hasTrait<OpTrait::IsTerminator>()) {
        flush();
        continue;
      }
      if (auto herd = dyn_cast<air::HerdOp>(op)) {
        flush();
        rewriter.setInsertionPoint(herd);
        gpu::BarrierOp::create(rewriter, herd.getLoc());
        if (failed(lowerHerd(herd, k)))
          return failure();
        continue;
      }
      if (auto dma = dyn_cast<air::DmaMemcpyNdOp>(op)) {
        flush();
        Location loc = dma.getLoc();
        rewriter.setInsertionPoint(dma);
        gpu::BarrierOp::create(rewriter, loc);
        rewriter.setInsertionPointAfter(dma);
        gpu::BarrierOp::create(rewriter, loc);
        if (failed(lowerCopy(dma, k, /*spread=*/true)))
          return failure();
        continue;
      }
      if (isa<gpu::BarrierOp>(op)) {
        flush();
        continue;
      }
      if (isa<air::WaitAllOp>(op))
        continue; // a token placeholder (SerializeTokens.cpp), erased later
      if (op->getNumRegions()) {
        if (!holdsWork(op)) {
          flush();
          continue;
        }
        if (!isa<scf::ForOp, scf::IfOp, affine::AffineForOp, affine::AffineIfOp,
                 scf::IndexSwitchOp>(op))
          return refuse(op) << "'" << op->getName()
                            << "' holds a herd, a copy or a write in a segment "
                               "body, and only scf.for, scf.if, "
                               "scf.index_switch, affine.for and affine.if are "
                               "lowered there";
        flush();
        for (Region &r : op->getRegions())
          for (Block &b : r)
            if (failed(lowerBlockLevel(b, k)))
              return failure();
        continue;
      }
      if (writesMemory(op)) {
        if (op->getNumResults())
          return refuse(op) << "'" << op->getName()
                            << "' writes memory in a segment body and has "
                               "results (run by one thread, its results would "
                               "be undefined in the others)";
        group.push_back(op);
        continue;
      }
      // Pure or read-only: every thread computes it.
      flush();
    }
    flush();
    return success();
  }

  //===--------------------------------------------------------------------===//
  // A herd: its tiles are the block's threads.
  //===--------------------------------------------------------------------===//
  LogicalResult lowerHerd(air::HerdOp herd, Kernel &k) {
    Location loc = herd.getLoc();
    int64_t size[2] = {1, 1};
    for (auto [i, s] : llvm::enumerate(herd.getSizes()))
      size[i] = *getConstantIntValue(s);
    bool guarded = size[0] != k.block[0] || size[1] != k.block[1];
    if (guarded) {
      bool barrier = false;
      herd.walk([&](gpu::BarrierOp) { barrier = true; });
      if (barrier)
        return refuse(herd)
               << "a herd of " << size[0] << " x " << size[1]
               << " tiles with a gpu.barrier, in a launch whose block is "
               << k.block[0] << " x " << k.block[1]
               << " (the other threads would not reach the barrier)";
    }
    rewriter.setInsertionPoint(herd);
    SmallVector<Value> args;
    Value ids[2] = {k.tx, k.ty};
    unsigned n = herd.getSizes().size();
    for (unsigned i = 0; i < n; ++i)
      args.push_back(ids[i]);
    for (unsigned i = 0; i < n; ++i)
      args.push_back(herd.getSizes()[i]);
    llvm::append_range(args, herd.getKernelOperands());
    Block &hb = herd.getBody().front();
    rewriter.eraseOp(hb.getTerminator());
    SmallVector<air::DmaMemcpyNdOp> copies;
    hb.walk([&](air::DmaMemcpyNdOp d) { copies.push_back(d); });
    // Accesses of the herd body carry the herd's name for the barrier
    // check (a race among them is the program's, not the lowering's).
    auto origin = rewriter.getStringAttr(
        herd.getSymName() ? "@" + herd.getSymName()->str() : "(unnamed)");
    hb.walk([&](Operation *op) {
      if (isa<memref::LoadOp, memref::StoreOp, air::DmaMemcpyNdOp,
              gpu::BarrierOp>(op))
        op->setAttr(kHerdOriginAttr, origin);
    });
    if (guarded) {
      Value inX = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::ult, k.tx,
          arith::ConstantIndexOp::create(rewriter, loc, size[0]));
      Value inY = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::ult, k.ty,
          arith::ConstantIndexOp::create(rewriter, loc, size[1]));
      Value in = arith::AndIOp::create(rewriter, loc, inX, inY);
      auto ifOp = scf::IfOp::create(rewriter, loc, in, /*withElse=*/false);
      rewriter.inlineBlockBefore(&hb, ifOp.thenBlock()->getTerminator(), args);
      rewriter.setInsertionPointAfter(ifOp);
    } else {
      rewriter.inlineBlockBefore(&hb, herd, args);
      rewriter.setInsertionPoint(herd);
    }
    // The code after the herd waits for every tile.
    gpu::BarrierOp::create(rewriter, loc);
    rewriter.eraseOp(herd);
    for (air::DmaMemcpyNdOp d : copies)
      if (failed(lowerCopy(d, k, /*spread=*/false)))
        return failure();
    return success();
  }

  //===--------------------------------------------------------------------===//
  // air.dma_memcpy_nd -> an scf.for of loads and stores.
  //===--------------------------------------------------------------------===//
  struct Side {
    MemRefType type;
    Value memref;
    SmallVector<OpFoldResult> offsets;
    SmallVector<int64_t> sizes, strides;
  };

  LogicalResult side(air::DmaMemcpyNdOp dma, bool dst, Side &s) {
    s.memref = dst ? dma.getDst() : dma.getSrc();
    const char *which = dst ? "destination" : "source";
    s.type = dyn_cast<MemRefType>(s.memref.getType());
    if (!s.type || !s.type.hasStaticShape() ||
        !s.type.getLayout().isIdentity())
      return refuse(dma) << "the " << which
                         << " of this copy is not a memref of static shape "
                            "and identity layout";
    SmallVector<OpFoldResult> offs = dst ? dma.getMixedDstOffsets() : dma.getMixedSrcOffsets();
    SmallVector<OpFoldResult> sizes = dst ? dma.getMixedDstSizes() : dma.getMixedSrcSizes();
    SmallVector<OpFoldResult> strides = dst ? dma.getMixedDstStrides() : dma.getMixedSrcStrides();
    if (sizes.empty()) {
      s.offsets = {rewriter.getIndexAttr(0)};
      s.sizes = {s.type.getNumElements()};
      s.strides = {1};
      return success();
    }
    // One offset per dimension of the buffer indexes it, whatever the
    // pattern's rank (docs/semantics.md 4b).
    if (!offs.empty() && offs.size() != sizes.size() &&
        (int64_t)offs.size() != s.type.getRank())
      return refuse(dma) << "the " << which << " pattern of this copy has "
                         << offs.size() << " offsets for " << sizes.size()
                         << " sizes";
    if (strides.size() != sizes.size())
      return refuse(dma) << "the " << which << " pattern of this copy has "
                         << strides.size() << " strides for " << sizes.size()
                         << " sizes";
    for (auto [sz, st] : llvm::zip(sizes, strides)) {
      std::optional<int64_t> a = getConstantIntValue(sz), b = getConstantIntValue(st);
      if (!a || !b || *a < 0 || *b < 0)
        return refuse(dma) << "the " << which
                           << " pattern of this copy has a size or stride "
                              "that is not a non-negative constant";
      s.sizes.push_back(*a);
      s.strides.push_back(*b);
    }
    if (offs.empty())
      offs.assign(sizes.size(), rewriter.getIndexAttr(0));
    s.offsets = offs;
    return success();
  }

  /// The indices of element `n` of side `s`, as affine.apply ops: the
  /// pattern's start (docs/semantics.md 4b, as analyses/PatternStart reads
  /// it for constants: the offsets' row-major position when there is one
  /// per dimension of the buffer, else each offset times its stride but
  /// the innermost, added as it is) plus the walk over its sizes.
  SmallVector<Value> indices(const Side &s, Value n, Location loc) {
    MLIRContext *ctx = rewriter.getContext();
    SmallVector<Value> operands = {n};
    AffineExpr d0 = getAffineDimExpr(0, ctx);
    ArrayRef<int64_t> shape = s.type.getShape();
    auto offset = [&](size_t k) -> AffineExpr {
      if (std::optional<int64_t> c = getConstantIntValue(s.offsets[k]))
        return getAffineConstantExpr(*c, ctx);
      operands.push_back(cast<Value>(s.offsets[k]));
      return getAffineSymbolExpr(operands.size() - 2, ctx);
    };
    AffineExpr addr = getAffineConstantExpr(0, ctx);
    if (s.offsets.size() == shape.size()) {
      int64_t rowStride = 1;
      for (int64_t j = shape.size() - 1; j >= 0; --j) {
        addr = addr + offset(j) * rowStride;
        rowStride *= shape[j];
      }
    } else {
      for (size_t k = 0; k < s.offsets.size(); ++k)
        addr = addr + (k + 1 == s.offsets.size() ? offset(k)
                                                  : offset(k) * s.strides[k]);
    }
    int64_t inner = 1;
    for (int64_t k = s.sizes.size() - 1; k >= 0; --k) {
      AffineExpr pos = d0.floorDiv(inner);
      if (k > 0)
        pos = pos % s.sizes[k];
      addr = addr + pos * s.strides[k];
      inner *= s.sizes[k];
    }
    SmallVector<Value> idx;
    int64_t below = 1;
    SmallVector<AffineExpr> exprs(shape.size());
    for (int64_t j = shape.size() - 1; j >= 0; --j) {
      AffineExpr e = addr.floorDiv(below);
      if (j > 0)
        e = e % shape[j];
      exprs[j] = e;
      below *= shape[j];
    }
    unsigned nsym = operands.size() - 1;
    for (AffineExpr e : exprs) {
      AffineMap map = AffineMap::get(1, nsym, simplifyAffineExpr(e, 1, nsym));
      idx.push_back(affine::AffineApplyOp::create(rewriter, loc, map, operands));
    }
    return idx;
  }

  LogicalResult lowerCopy(air::DmaMemcpyNdOp dma, Kernel &k, bool spread) {
    Location loc = dma.getLoc();
    Side dst, src;
    if (failed(side(dma, true, dst)) || failed(side(dma, false, src)))
      return failure();
    if (dst.type.getElementType() != src.type.getElementType())
      return refuse(dma) << "a copy between element types "
                         << src.type.getElementType() << " and "
                         << dst.type.getElementType();
    int64_t nd = 1, ns = 1;
    for (int64_t v : dst.sizes)
      nd *= v;
    for (int64_t v : src.sizes)
      ns *= v;
    if (nd != ns)
      return refuse(dma) << "a copy whose source has " << ns
                         << " elements and whose destination has " << nd;
    rewriter.setInsertionPoint(dma);
    if (nd > 0) {
      Value lb = spread ? k.linear : arith::ConstantIndexOp::create(rewriter, loc, 0).getResult();
      Value step = spread ? k.threads : arith::ConstantIndexOp::create(rewriter, loc, 1).getResult();
      Value ub = arith::ConstantIndexOp::create(rewriter, loc, nd);
      auto loop = scf::ForOp::create(rewriter, loc, lb, ub, step);
      rewriter.setInsertionPointToStart(loop.getBody());
      Value n = loop.getInductionVar();
      SmallVector<Value> si = indices(src, n, loc);
      SmallVector<Value> di = indices(dst, n, loc);
      auto load = memref::LoadOp::create(rewriter, loc, src.memref, si);
      auto store = memref::StoreOp::create(rewriter, loc, load, dst.memref, di);
      if (Attribute origin = dma->getAttr(kHerdOriginAttr)) {
        load->setAttr(kHerdOriginAttr, origin);
        store->setAttr(kHerdOriginAttr, origin);
      }
    }
    rewriter.eraseOp(dma);
    return success();
  }

  /// Two barriers in a row are one; a barrier with nothing but pure ops
  /// before it in the kernel orders nothing.
  void removeDoubleBarriers(gpu::LaunchOp l) {
    SmallVector<Operation *> dead;
    l.walk([&](gpu::BarrierOp b) {
      Operation *next = b->getNextNode();
      if (next && isa<gpu::BarrierOp>(next)) {
        dead.push_back(b);
        return;
      }
      if (b->getBlock() != &l.getBody().front())
        return;
      for (Operation *prev = b->getPrevNode(); prev; prev = prev->getPrevNode())
        if (!isMemoryEffectFree(prev))
          return;
      dead.push_back(b);
    });
    for (Operation *op : dead)
      rewriter.eraseOp(op);
  }
};

struct AIRToGPUPass : PassWrapper<AIRToGPUPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(AIRToGPUPass)
  AIRToGPUOptions options;
  explicit AIRToGPUPass(const AIRToGPUOptions &o = {}) : options(o) {}
  AIRToGPUPass(const AIRToGPUPass &o) : PassWrapper(o), options(o.options) {}
  StringRef getArgument() const override { return "air-to-gpu"; }
  StringRef getDescription() const override {
    return "AIR launch/segment/herd to gpu.launch (seed 000 section 4); "
           "refuses what it cannot lower faithfully";
  }
  void getDependentDialects(DialectRegistry &r) const override {
    r.insert<gpu::GPUDialect, scf::SCFDialect, arith::ArithDialect,
             memref::MemRefDialect, affine::AffineDialect>();
  }
  void runOnOperation() override {
    if (failed(convertAIRToGPU(getOperation(), options)))
      signalPassFailure();
  }
};

} // namespace

LogicalResult aircheck::convertAIRToGPU(ModuleOp module,
                                        const AIRToGPUOptions &options) {
  MLIRContext *ctx = module.getContext();
  ctx->getOrLoadDialect<gpu::GPUDialect>();
  ctx->getOrLoadDialect<scf::SCFDialect>();
  ctx->getOrLoadDialect<arith::ArithDialect>();
  ctx->getOrLoadDialect<memref::MemRefDialect>();
  ctx->getOrLoadDialect<affine::AffineDialect>();
  return Lowerer(module, options).run();
}

std::unique_ptr<Pass> aircheck::createAIRToGPUPass(const AIRToGPUOptions &options) {
  return std::make_unique<AIRToGPUPass>(options);
}
