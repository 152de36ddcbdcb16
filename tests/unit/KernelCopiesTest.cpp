//===- KernelCopiesTest.cpp - the GPU copies' translation validation ------===//
//
// air-to-gpu's output for a program of the corpus validates; faults put
// into its copy loops (a bound, an index, a buffer) are found, with the
// element that tells them apart; an index the check does not read is
// `unknown`.
//
//===----------------------------------------------------------------------===//
#include "analyses/validate/KernelCopies.h"
#include "lowerings/AIRToGPU/AIRToGPU.h"
#include "tools/Registration.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <functional>

using namespace mlir;
using namespace aircheck;
using namespace aircheck::validate;

namespace {

class KernelCopies : public ::testing::Test {
protected:
  KernelCopies() : ctx(registry()) { ctx.loadAllAvailableDialects(); }
  static DialectRegistry registry() {
    DialectRegistry r;
    registerDialects(r);
    registerAIRToGPUDialects(r);
    return r;
  }

  /// The program at `path` (a file of the repository) and its lowering.
  void lower(const std::string &path) {
    program = parseSourceFile<ModuleOp>(
        std::string(AIRCHECK_SOURCE_DIR) + "/" + path, &ctx);
    ASSERT_TRUE(program);
    lowered = program->clone();
    ASSERT_TRUE(succeeded(convertAIRToGPU(*lowered, {})));
  }
  void lowerText(const std::string &text) {
    program = parseSourceString<ModuleOp>(text, &ctx, "prog.mlir");
    ASSERT_TRUE(program);
    lowered = program->clone();
    ASSERT_TRUE(succeeded(convertAIRToGPU(*lowered, {})));
  }

  /// The copy statements of the lowering (a store of a load), in order.
  std::vector<memref::StoreOp> copies() {
    std::vector<memref::StoreOp> out;
    lowered->walk([&](memref::StoreOp s) {
      if (s.getValueToStore().getDefiningOp<memref::LoadOp>())
        out.push_back(s);
    });
    return out;
  }

  Verdict check() { return validateKernelCopies(*program, *lowered); }

  MLIRContext ctx;
  OwningOpRef<ModuleOp> program, lowered;
};

TEST_F(KernelCopies, TheLoweringOfTheCorpusMatmulValidates) {
  lower("corpus/positive/gpu_matmul_4k.mlir");
  Verdict v = check();
  EXPECT_EQ(v.kind, Verdict::Equivalent) << v.message;
  EXPECT_EQ(v.buffers, (int64_t)copies().size());
  EXPECT_GE(v.buffers, 4);
}

TEST_F(KernelCopies, ACopyLoopOneShortIsFound) {
  lower("corpus/positive/gpu_matmul_4k.mlir");
  auto loop = copies().front()->getParentOfType<scf::ForOp>();
  ASSERT_TRUE(loop);
  auto ub = loop.getUpperBound().getDefiningOp<arith::ConstantIndexOp>();
  ASSERT_TRUE(ub);
  OpBuilder b(loop);
  loop.setUpperBound(
      arith::ConstantIndexOp::create(b, loop.getLoc(), ub.value() - 1));
  Verdict v = check();
  ASSERT_EQ(v.kind, Verdict::Different) << v.message;
  EXPECT_NE(v.message.find("the program copies"), std::string::npos)
      << v.message;
  EXPECT_NE(v.message.find("the kernel does not"), std::string::npos);
}

TEST_F(KernelCopies, SwappedIndicesAreFound) {
  lower("corpus/positive/gpu_matmul_4k.mlir");
  // A copy whose destination has two indices: swap them.
  for (memref::StoreOp s : copies()) {
    if (s.getIndices().size() != 2)
      continue;
    Value i0 = s.getIndices()[0], i1 = s.getIndices()[1];
    s.getIndicesMutable()[0].set(i1);
    s.getIndicesMutable()[1].set(i0);
    break;
  }
  Verdict v = check();
  EXPECT_EQ(v.kind, Verdict::Different) << v.message;
}

TEST_F(KernelCopies, AnotherSourceBufferIsFound) {
  lower("corpus/positive/gpu_matmul_4k.mlir");
  // The first copy reads %arg0 (A): make it read %arg1 (B, same type).
  memref::StoreOp s = copies().front();
  auto load = s.getValueToStore().getDefiningOp<memref::LoadOp>();
  auto f = lowered->lookupSymbol<func::FuncOp>("matmul_4k");
  ASSERT_TRUE(f);
  ASSERT_EQ(load.getMemRef(), f.getArgument(0));
  load.getMemrefMutable().set(f.getArgument(1));
  Verdict v = check();
  ASSERT_EQ(v.kind, Verdict::Different) << v.message;
  EXPECT_NE(v.message.find("moves from %arg1"), std::string::npos)
      << v.message;
}

TEST_F(KernelCopies, AHerdCopyOfAnotherTileIsFound) {
  lower("corpus/positive/gpu_block_reduce.mlir");
  ASSERT_EQ(check().kind, Verdict::Equivalent) << check().message;
  // Add one to the source index of the first copy: every thread then reads
  // its neighbour's element.
  memref::StoreOp s = copies().front();
  auto load = s.getValueToStore().getDefiningOp<memref::LoadOp>();
  OpBuilder b(load);
  Value one = arith::ConstantIndexOp::create(b, load.getLoc(), 1);
  Value last = load.getIndices().back();
  Value moved = arith::AddIOp::create(b, load.getLoc(), last, one);
  load.getIndicesMutable()[load.getIndices().size() - 1].set(moved);
  Verdict v = check();
  EXPECT_EQ(v.kind, Verdict::Different) << v.message;
}

// A launch in a host loop (its value a parameter on both sides, named by
// the loop's location) and copies in an scf.parallel of a herd body.
const char *kHostLoop = R"(
func.func @rows(%a: memref<4x64xf32>, %b: memref<4x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %r = %c0 to %c4 step %c1 {
    air.launch (%x) in (%nx=%c1) args(%la=%a, %lb=%b, %lr=%r) : memref<4x64xf32>, memref<4x64xf32>, index {
      air.segment @s args(%sa=%la, %sb=%lb, %sr=%lr) : memref<4x64xf32>, memref<4x64xf32>, index {
        %c1_s = arith.constant 1 : index
        %c2 = arith.constant 2 : index
        air.herd @h tile (%tx, %ty) in (%hx=%c2, %hy=%c1_s) args(%ha=%sa, %hb=%sb, %hr=%sr) : memref<4x64xf32>, memref<4x64xf32>, index {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c16 = arith.constant 16 : index
          %c32 = arith.constant 32 : index
          %off = arith.muli %tx, %c32 : index
          %buf = memref.alloc() : memref<32xf32, 2>
          scf.parallel (%p) = (%c0_h) to (%c32) step (%c16) {
            %col = arith.addi %off, %p : index
            air.dma_memcpy_nd (%buf[%p] [%c16] [%c1_h], %ha[%hr, %col] [%c16] [%c1_h]) {id = 1 : i32} : (memref<32xf32, 2>, memref<4x64xf32>)
            air.dma_memcpy_nd (%hb[%hr, %col] [%c16] [%c1_h], %buf[%p] [%c16] [%c1_h]) {id = 2 : i32} : (memref<4x64xf32>, memref<32xf32, 2>)
            scf.reduce
          }
          memref.dealloc %buf : memref<32xf32, 2>
        }
      }
    }
  }
  return
}
)";

TEST_F(KernelCopies, HostLoopsAndParallelLoopsAreRead) {
  lowerText(kHostLoop);
  Verdict v = check();
  ASSERT_EQ(v.kind, Verdict::Equivalent) << v.message;
  EXPECT_EQ(v.buffers, 2);
  // The first copy reads the next row: found, for some row of the host
  // loop.
  memref::StoreOp s = copies().front();
  auto load = s.getValueToStore().getDefiningOp<memref::LoadOp>();
  OpBuilder b(load);
  Value one = arith::ConstantIndexOp::create(b, load.getLoc(), 1);
  Value row = load.getIndices().front();
  Value next = arith::AddIOp::create(b, load.getLoc(), row, one);
  load.getIndicesMutable()[0].set(next);
  v = check();
  ASSERT_EQ(v.kind, Verdict::Different) << v.message;
  EXPECT_NE(v.message.find("host values"), std::string::npos) << v.message;
}

TEST_F(KernelCopies, AKernelWithoutTheProgramsLocationsIsUnknown) {
  lowerText(kHostLoop);
  lowered->walk([&](Operation *op) {
    op->setLoc(FileLineColLoc::get(&ctx, "elsewhere.mlir", 1, 1));
  });
  Verdict v = check();
  EXPECT_EQ(v.kind, Verdict::Unknown);
  EXPECT_NE(v.message.find("carries no location"), std::string::npos)
      << v.message;
}

TEST_F(KernelCopies, AnOffsetItCannotReadIsUnknown) {
  // An offset that is the product of two ids: not affine.
  lowerText(R"(
func.func @f(%a: memref<64xf32>) {
  %c2 = arith.constant 2 : index
  air.launch (%x, %y) in (%nx=%c2, %ny=%c2) args(%la=%a) : memref<64xf32> {
    air.segment @s args(%sx=%x, %sy=%y, %sa=%la) : index, index, memref<64xf32> {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %o = arith.muli %sx, %sy : index
      %buf = memref.alloc() : memref<8xf32, 1>
      air.dma_memcpy_nd (%buf[] [] [], %sa[%o] [%c8] [%c1]) : (memref<8xf32, 1>, memref<64xf32>)
      memref.dealloc %buf : memref<8xf32, 1>
    }
  }
  return
}
)");
  Verdict v = check();
  EXPECT_EQ(v.kind, Verdict::Unknown);
  EXPECT_NE(v.message.find("pattern the check does not read"),
            std::string::npos)
      << v.message;
}

} // namespace
