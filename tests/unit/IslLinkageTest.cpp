//===- IslLinkageTest.cpp - we run the isl we compiled against -------------===//
//
// libLLVM.so exports Polly's bundled isl. If our isl_* calls bound to it,
// they would run another isl version than the headers we compiled against.
// These tests prove the binding: the version string is Debian's libisl-dev,
// and the code of isl_ctx_alloc lives in this executable, not in a shared
// library.
//
//===----------------------------------------------------------------------===//
#include <dlfcn.h>
#include <gtest/gtest.h>
#include <isl/cpp.h>
#include <isl/set.h>
#include <isl/version.h>

#include <string>

TEST(IslLinkage, VersionIsTheOneCompiledAgainst) {
  std::string version = isl_version();
  while (!version.empty() && (version.back() == '\n' || version.back() == ' '))
    version.pop_back();
  // Debian's libisl is "isl-0.25-GMP". Polly's copy inside libLLVM.so
  // reports a git version built on IMath ("isl-0.25-193-g8621c60c-IMath-32"),
  // so the prefix alone does not tell them apart.
  EXPECT_EQ(version, "isl-" AIRCHECK_EXPECTED_ISL_VERSION "-GMP")
      << "running " << version << ", compiled against "
      << AIRCHECK_EXPECTED_ISL_VERSION;
}

TEST(IslLinkage, IslIsLinkedStaticallyIntoThisBinary) {
  Dl_info isl{}, self{};
  ASSERT_NE(dladdr(reinterpret_cast<void *>(&isl_ctx_alloc), &isl), 0);
  ASSERT_NE(dladdr(reinterpret_cast<void *>(&isl_version), &self), 0);
  Dl_info main{};
  static int anchor;
  ASSERT_NE(dladdr(reinterpret_cast<void *>(&anchor), &main), 0);
  EXPECT_STREQ(isl.dli_fname, main.dli_fname)
      << "isl_ctx_alloc resolved into " << isl.dli_fname;
  EXPECT_STREQ(self.dli_fname, main.dli_fname);
}

TEST(IslLinkage, CppInterfaceCountsASet) {
  isl_ctx *raw = isl_ctx_alloc();
  {
    isl::ctx ctx(raw);
    isl::set s(ctx, "{ [i, j] : 0 <= i < 4 and 0 <= j < i }");
    isl::val n = isl::manage(isl_set_count_val(s.copy()));
    EXPECT_EQ(n.get_num_si(), 6);
    isl::set p(ctx, "[N] -> { [i] : 0 <= i < N }");
    EXPECT_FALSE(p.is_empty());
  }
  isl_ctx_free(raw);
}
