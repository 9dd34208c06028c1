//===- AmpModelTest.cpp - what the compiler knows about the AMP library ---===//
#include "AmpModelTest.h"

#include "ampcc/Analysis/AmpModel.h"

#include "gtest/gtest.h"

using namespace clang;
using namespace ampcc;
using namespace ampcc::test;

namespace {

TEST(AmpModelTest, ViewShapeOfViewsAndArrays) {
  auto AST = parse(R"cpp(
    Concurrency::array_view<const float, 2> v;
    concurrency::array<int, 3> a;
    Concurrency::array_view<double> d;
  )cpp");
  ASSERT_TRUE(AST);
  std::optional<ViewShape> V = viewShape(varType(*AST, "v"));
  ASSERT_TRUE(V);
  EXPECT_EQ(V->Rank, 2u);
  EXPECT_FALSE(V->IsArray);
  EXPECT_TRUE(V->Element.isConstQualified());
  EXPECT_TRUE(V->Element->isFloatingType());

  std::optional<ViewShape> A = viewShape(varType(*AST, "a"));
  ASSERT_TRUE(A);
  EXPECT_EQ(A->Rank, 3u);
  EXPECT_TRUE(A->IsArray);

  std::optional<ViewShape> D = viewShape(varType(*AST, "d"));
  ASSERT_TRUE(D);
  EXPECT_EQ(D->Rank, 1u) << "the default rank argument counts";
}

TEST(AmpModelTest, LookalikesOutsideTheLibraryAreNotViews) {
  auto AST = parse(R"cpp(
    namespace mine { template <typename T, int N> struct array_view { T *p; }; }
    namespace Other { namespace Concurrency {
      template <typename T, int N> struct array_view { T *p; }; } }
    mine::array_view<int, 1> m;
    Other::Concurrency::array_view<int, 1> o;
    Concurrency::index<2> i;
    int n;
  )cpp");
  ASSERT_TRUE(AST);
  EXPECT_FALSE(viewShape(varType(*AST, "m")));
  EXPECT_FALSE(viewShape(varType(*AST, "o"))) << "only the top-level Concurrency";
  EXPECT_FALSE(viewShape(varType(*AST, "i")));
  EXPECT_FALSE(viewShape(varType(*AST, "n")));
}

TEST(AmpModelTest, IndexRanksAndTileDimensions) {
  auto AST = parse(R"cpp(
    Concurrency::index<3> i;
    Concurrency::extent<2> e;
    Concurrency::tiled_index<16, 8> t;
    Concurrency::tiled_extent<4> te;
  )cpp");
  ASSERT_TRUE(AST);
  EXPECT_EQ(indexRank(varType(*AST, "i"), "index"), 3u);
  EXPECT_EQ(indexRank(varType(*AST, "e"), "extent"), 2u);
  EXPECT_EQ(indexRank(varType(*AST, "e"), "index"), 0u) << "names must match";
  auto T = tileDims(varType(*AST, "t"), "tiled_index");
  ASSERT_TRUE(T);
  EXPECT_EQ((*T)[0], 16u);
  EXPECT_EQ((*T)[1], 8u);
  EXPECT_EQ((*T)[2], 0u);
  auto TE = tileDims(varType(*AST, "te"), "tiled_extent");
  ASSERT_TRUE(TE);
  EXPECT_EQ((*TE)[0], 4u);
  EXPECT_FALSE(tileDims(varType(*AST, "i"), "tiled_index"));
}

TEST(AmpModelTest, ContainersHeldAtAnyDepth) {
  auto AST = parse(R"cpp(
    struct Inner { Concurrency::array_view<int> v; };
    struct Base { Inner in[2]; };
    struct Derived : Base { int x; };
    struct Plain { int x; float y; };
    Derived d; Plain p; Inner arr[3];
    Concurrency::texture<int, 2> *tp;
  )cpp");
  ASSERT_TRUE(AST);
  EXPECT_TRUE(holdsAmpContainer(varType(*AST, "d")));
  EXPECT_TRUE(holdsAmpContainer(varType(*AST, "arr")));
  EXPECT_FALSE(holdsAmpContainer(varType(*AST, "p")));
  EXPECT_TRUE(isArrayOrTexture(varType(*AST, "tp")->getPointeeType()));
}

TEST(AmpModelTest, SideIsASetStreamedAsItsSelectIndex) {
  // Diagnostics.def selects on Side in the order amp, cpu, cpu+amp.
  EXPECT_EQ(selectIndex(Side::Amp), 0u);
  EXPECT_EQ(selectIndex(Side::Cpu), 1u);
  EXPECT_EQ(selectIndex(Side::Both), 2u);
  EXPECT_EQ(Side::Cpu | Side::Amp, Side::Both);
  EXPECT_EQ(Side::Both & Side::Amp, Side::Amp);
  EXPECT_EQ(Side::Both - Side::Cpu, Side::Amp);
  EXPECT_EQ(Side::Cpu & Side::Amp, Side::None);
  EXPECT_TRUE(includes(Side::Both, Side::Cpu));
  EXPECT_FALSE(includes(Side::Amp, Side::Cpu));
}

} // namespace
