//===- SkeletonExecutorTest.cpp - the reference executor's building blocks ===//
#include "analyses/executor/SkeletonExecutor.h"
#include "tools/Registration.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include <gtest/gtest.h>

using namespace aircheck;

TEST(ChannelFifo, DepthOneIsARendezvous) {
  ChannelFifo fifo(1);
  uint64_t put = fifo.issuePut();
  EXPECT_FALSE(fifo.putCanComplete(put));
  EXPECT_EQ(fifo.getAwaitedByPut(put), 0u);
  uint64_t get = fifo.issueGet();
  EXPECT_TRUE(fifo.putCanComplete(put));
  EXPECT_TRUE(fifo.getCanComplete(get));
}

TEST(ChannelFifo, GetWaitsForItsPut) {
  ChannelFifo fifo(1);
  uint64_t get = fifo.issueGet();
  EXPECT_FALSE(fifo.getCanComplete(get));
  fifo.issuePut();
  EXPECT_TRUE(fifo.getCanComplete(get));
}

TEST(ChannelFifo, DepthTwoRunsOneAhead) {
  ChannelFifo fifo(2);
  uint64_t p0 = fifo.issuePut(), p1 = fifo.issuePut();
  EXPECT_TRUE(fifo.putCanComplete(p0));
  EXPECT_FALSE(fifo.putCanComplete(p1));
  EXPECT_EQ(fifo.getAwaitedByPut(p1), 0u);
  fifo.issueGet();
  EXPECT_TRUE(fifo.putCanComplete(p1));
  uint64_t p2 = fifo.issuePut();
  EXPECT_FALSE(fifo.putCanComplete(p2));
  EXPECT_EQ(fifo.getAwaitedByPut(p2), 1u);
}

TEST(BroadcastDestinations, NumPyRules) {
  // A column of sources [4, 1] broadcast along rows of [4, 4].
  auto row = broadcastDestinations({4, 1}, {4, 4}, {2, 0});
  ASSERT_EQ(row.size(), 4u);
  for (unsigned j = 0; j < 4; ++j)
    EXPECT_EQ(row[j], (llvm::SmallVector<int64_t, 4>{2, j}));
  // One source reaches every destination.
  EXPECT_EQ(broadcastDestinations({1, 1}, {2, 3}, {0, 0}).size(), 6u);
  EXPECT_EQ(broadcastDestinations({}, {2, 2}, {}).size(), 4u);
}

namespace {
/// Runs the skeleton of `source` in `mode` (a random schedule for `seed`
/// other than 0).
SkeletonResult run(llvm::StringRef source, LaunchMode mode,
                   uint64_t seed = 0) {
  mlir::DialectRegistry registry;
  registerDialects(registry);
  mlir::MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  auto module = mlir::parseSourceString<mlir::ModuleOp>(source, &ctx);
  EXPECT_TRUE(module);
  if (!module)
    return SkeletonResult();
  SkeletonOptions options;
  options.launchMode = mode;
  options.scheduleSeed = seed;
  return runSkeleton(*module, options);
}

// Launch instance 0 puts, instance 1 gets.
constexpr const char *kLaunchCrossing = R"mlir(
air.channel @c []
func.func @f() {
  %c2 = arith.constant 2 : index
  air.launch (%i) in (%n=%c2) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    scf.if %first {
      air.segment @p {
        %b = memref.alloc() : memref<4xi32, 1>
        air.channel.put @c[] (%b[] [] []) : (memref<4xi32, 1>)
      }
    } else {
      air.segment @g {
        %b = memref.alloc() : memref<4xi32, 1>
        air.channel.get @c[] (%b[] [] []) : (memref<4xi32, 1>)
      }
    }
  }
  return
}
)mlir";
} // namespace

TEST(RunSkeleton, LaunchInstancesOneAtATimeOrAllAtOnce) {
  SkeletonResult serial = run(kLaunchCrossing, LaunchMode::Serial);
  EXPECT_EQ(serial.verdict, SkeletonResult::Verdict::Deadlock);
  ASSERT_EQ(serial.blocked.size(), 1u);
  EXPECT_NE(serial.blocked[0].find("put #0 on @c[] waits for get #0"),
            std::string::npos);
  // All at once, each instance has FIFOs of its own: the put and the get
  // never meet either.
  SkeletonResult parallel = run(kLaunchCrossing, LaunchMode::Parallel);
  EXPECT_EQ(parallel.verdict, SkeletonResult::Verdict::Deadlock);
  EXPECT_EQ(parallel.blocked.size(), 2u);
}

namespace {
// Two herds put on @c; the segment gets twice. With `ordered`, the second
// herd waits for the first one's token.
std::string twoProducers(bool ordered) {
  return std::string(R"mlir(
air.channel @c []
func.func @f() {
  air.launch () in () {
    air.segment @s {
      %c1 = arith.constant 1 : index
      %h1 = air.herd @first async tile (%x) in (%nx=%c1) {
        %b = memref.alloc() : memref<4xi32, 2>
        air.channel.put @c[] (%b[] [] []) : (memref<4xi32, 2>)
      }
      %h2 = air.herd @second async )mlir") +
         (ordered ? "[%h1] " : "") + R"mlir(tile (%x) in (%nx=%c1) {
        %b = memref.alloc() : memref<4xi32, 2>
        air.channel.put @c[] (%b[] [] []) : (memref<4xi32, 2>)
      }
      %l2 = memref.alloc() : memref<4xi32, 1>
      air.channel.get @c[] (%l2[] [] []) : (memref<4xi32, 1>)
      air.channel.get @c[] (%l2[] [] []) : (memref<4xi32, 1>)
    }
  }
  return
}
)mlir";
}
} // namespace

TEST(RunSkeleton, OrderCheckNeedsOrderedPuts) {
  SkeletonResult racing = run(twoProducers(false), LaunchMode::Parallel);
  EXPECT_EQ(racing.verdict, SkeletonResult::Verdict::Completed);
  ASSERT_TRUE(racing.order.checked);
  EXPECT_FALSE(racing.order.holds);
  EXPECT_EQ(racing.order.cause, SkeletonResult::Order::Cause::Unordered);
  ASSERT_EQ(racing.order.sites.size(), 2u);
  EXPECT_NE(racing.order.sites[0].what.find("herd @first"), std::string::npos);
  EXPECT_NE(racing.order.sites[1].what.find("herd @second"), std::string::npos);

  SkeletonResult ordered = run(twoProducers(true), LaunchMode::Parallel);
  EXPECT_EQ(ordered.verdict, SkeletonResult::Verdict::Completed);
  EXPECT_TRUE(ordered.order.checked && ordered.order.holds);
  EXPECT_EQ(ordered.order.fifos, 1u);
}

TEST(RunSkeleton, OrderCheckSurvivesRandomSchedules) {
  // A proven program completes in every random schedule, with the same
  // verdict of its order check.
  std::string source = twoProducers(true);
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    SkeletonResult r = run(source, LaunchMode::Parallel, seed);
    EXPECT_EQ(r.verdict, SkeletonResult::Verdict::Completed) << "seed " << seed;
    EXPECT_TRUE(r.order.holds) << "seed " << seed;
  }
}
