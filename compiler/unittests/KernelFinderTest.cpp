//===- KernelFinderTest.cpp - kernels, their domains and tiles ------------===//
#include "AmpModelTest.h"

#include "ampcc/Analysis/KernelFinder.h"

#include "gtest/gtest.h"

using namespace clang;
using namespace ampcc;
using namespace ampcc::test;

namespace {

TEST(KernelFinderTest, OneKernelPerLaunchWithItsDomain) {
  auto AST = parse(R"cpp(
    void run() {
      Concurrency::extent<2> e;
      Concurrency::parallel_for_each(e, [](Concurrency::index<2> i) {});
      Concurrency::tiled_extent<16, 4> t;
      Concurrency::parallel_for_each(t, [](Concurrency::tiled_index<16, 4> i) {});
    }
  )cpp");
  ASSERT_TRUE(AST);
  std::vector<KernelSite> Sites = findKernels(AST->getASTContext());
  ASSERT_EQ(Sites.size(), 2u);
  EXPECT_EQ(Sites[0].Rank, 2u);
  EXPECT_FALSE(Sites[0].Tiled);
  EXPECT_TRUE(Sites[0].KernelType->isLambda());
  EXPECT_EQ(Sites[1].Rank, 2u);
  EXPECT_TRUE(Sites[1].Tiled);
  EXPECT_EQ(Sites[1].Tile[0], 16u);
  EXPECT_EQ(Sites[1].Tile[1], 4u);
  EXPECT_EQ(Sites[1].Tile[2], 0u);
}

TEST(KernelFinderTest, TemplatesYieldOneKernelPerInstantiation) {
  auto AST = parse(R"cpp(
    template <int N> void run() {
      Concurrency::extent<N> e;
      Concurrency::parallel_for_each(e, [](Concurrency::index<N>) {});
    }
    template void run<1>();
    template void run<3>();
  )cpp");
  ASSERT_TRUE(AST);
  std::vector<KernelSite> Sites = findKernels(AST->getASTContext());
  ASSERT_EQ(Sites.size(), 2u);
  EXPECT_EQ(Sites[0].Rank + Sites[1].Rank, 4u);
}

TEST(KernelFinderTest, SameNamedFunctionsElsewhereAreNotLaunches) {
  auto AST = parse(R"cpp(
    namespace ppl { template <typename I, typename F> void parallel_for_each(I, I, F) {} }
    void run(int *b, int *e) { ppl::parallel_for_each(b, e, [](int) {}); }
  )cpp");
  ASSERT_TRUE(AST);
  EXPECT_TRUE(findKernels(AST->getASTContext()).empty());
}

} // namespace
