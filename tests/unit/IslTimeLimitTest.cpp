//===- IslTimeLimitTest.cpp - isl's wall-clock limits ---------------------===//
//
// isl's operation budget counts pivots, not time; the wall-clock limits of
// IslContext (per step) and IslDeadline (a whole verdict) abort a context
// whose work runs long. These tests run isl work until it fails and check
// who stopped it, that the reason names the limit, and that the context
// works again once its step or deadline is over.
//
//===----------------------------------------------------------------------===//
#include "solvers/IslSupport.h"

#include <gtest/gtest.h>

#include <chrono>

using namespace aircheck;
using namespace std::chrono_literals;

namespace {

/// Sets the process's per-step limit for one test.
struct StepLimit {
  std::chrono::milliseconds saved = IslContext::defaultTimeLimit();
  explicit StepLimit(std::chrono::milliseconds limit) {
    IslContext::setDefaultTimeLimit(limit);
  }
  ~StepLimit() { IslContext::setDefaultTimeLimit(saved); }
};

/// isl work that needs pivots, repeated for up to 30 s (far past the
/// limits below): returns isl's reason when it fails, "" when it did not.
std::string busyUntilStopped(isl::ctx ctx) {
  auto start = std::chrono::steady_clock::now();
  try {
    while (std::chrono::steady_clock::now() - start < 30s) {
      isl::set s(ctx, "{ [i, j, k] : 0 <= i, j, k <= 1000 and "
                      "3i + 5j - 7k = 11 and i + j >= k + 17 }");
      (void)s.lexmin();
      (void)s.lexmax();
    }
  } catch (const isl::exception &e) {
    return islx::reason(e);
  }
  return "";
}

bool works(isl::ctx ctx) {
  try {
    return !isl::set(ctx, "{ [i] : 0 <= i < 4 }").lexmin().is_empty();
  } catch (const isl::exception &) {
    return false;
  }
}

} // namespace

TEST(IslTimeLimit, AStepPastItsLimitFailsAndTheNextStepWorks) {
  StepLimit limit(50ms);
  IslContext isl;
  std::string why = busyUntilStopped(isl.get());
  EXPECT_NE(why.find("time limit of 50 ms per isl step"), std::string::npos)
      << why;
  EXPECT_TRUE(isl.timedOut());
  EXPECT_FALSE(works(isl.get())) << "an aborted step keeps failing";
  isl.resetBudget();
  EXPECT_FALSE(isl.timedOut());
  EXPECT_TRUE(works(isl.get()));
}

TEST(IslTimeLimit, AWholeDeadlineOutlivesTheSteps) {
  StepLimit limit(0ms); // no step limit: only the deadline stops the work
  IslContext isl;
  {
    IslDeadline deadline(isl.getRaw(), 50ms);
    EXPECT_FALSE(busyUntilStopped(isl.get()).empty());
    EXPECT_TRUE(deadline.expired());
    isl.resetBudget();
    EXPECT_FALSE(works(isl.get())) << "a new step does not resume it";
  }
  EXPECT_TRUE(works(isl.get())) << "the deadline's end does";
}

TEST(IslTimeLimit, AFinishedStepIsNotAborted) {
  StepLimit limit(60s);
  IslContext isl;
  EXPECT_TRUE(works(isl.get()));
  EXPECT_FALSE(isl.timedOut());
}
