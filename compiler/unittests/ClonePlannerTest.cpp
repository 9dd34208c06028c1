//===- ClonePlannerTest.cpp - address spaces planned before printing ------===//
//
// The planner over device-side ASTs: sources are parsed as the device pass
// parses them (HIP, device only), with restrict(amp) and tile_static spelled
// as the attributes <ampcc/restrict.h> turns them into.
//
//===----------------------------------------------------------------------===//
#include "AmpModelTest.h"

#include "ClonePlanner.h"
#include "ampcc/Analysis/KernelFinder.h"

#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace ampcc;
using namespace ampcc::test;

namespace {

/// Parses \p Code as the device pass does; null when it has errors.
std::unique_ptr<ASTUnit> parseDevice(const std::string &Code) {
  std::string Source = std::string(miniAmpHeader()) +
                       "#define AMP __attribute__((device))\n"
                       "#define tile_static __attribute__((shared))\n" + Code;
  auto AST = tooling::buildASTFromCodeWithArgs(
      Source, {"-x", "hip", "--offload-device-only", "--offload-arch=gfx906", "-nogpuinc",
               "-nogpulib", "-std=c++17", "-Wno-cuda-compat"},
      "input.cpp");
  if (AST && AST->getDiagnostics().hasErrorOccurred())
    return nullptr;
  return AST;
}

/// The plan of the one kernel in an AST, and its planner.
struct Planned {
  std::unique_ptr<ASTUnit> AST;
  std::unique_ptr<ClonePlanner> Planner;
  FunctionPlan Kernel;

  explicit Planned(const std::string &Code) : AST(parseDevice(Code)) {
    if (!AST)
      return;
    std::vector<KernelSite> Sites = findKernels(AST->getASTContext());
    if (Sites.size() != 1)
      return;
    Planner = std::make_unique<ClonePlanner>(AST->getASTContext(), AST->getDiagnostics());
    Kernel = Planner->planKernel(Sites[0].CallOperator);
  }
  bool ok() const { return Planner != nullptr; }

  template <typename NodeT> const NodeT *node(const char *Name) {
    auto M = match(namedDecl(hasName(Name)).bind("d"), AST->getASTContext());
    return M.empty() ? nullptr : dyn_cast<NodeT>(M.front().getNodeAs<NamedDecl>("d"));
  }
  /// Where the kernel's variable \p Name points.
  AddrSpace space(const char *Name) {
    const VarPlace *V = Kernel.var(node<VarDecl>(Name));
    return V ? V->Space : AddrSpace::Private;
  }
  /// The clones the kernel calls of the function named \p Name.
  std::vector<CloneKey> callsTo(const char *Name) {
    std::vector<CloneKey> Keys;
    for (const auto &C : Kernel.Calls)
      if (C.second.FD->getName() == Name)
        Keys.push_back(C.second);
    return Keys;
  }
  const FunctionPlan &plan(const CloneKey &Key) {
    return Planner->plan(Key, SourceLocation());
  }
};

TEST(ClonePlannerTest, AReferenceAndTheCloneItCallsFollowWhatIsBound) {
  Planned P(R"cpp(
    AMP int &pick(int &x) { return x; }
    void run() {
      Concurrency::extent<1> e;
      Concurrency::parallel_for_each(e, [](Concurrency::index<1>) AMP {
        tile_static int shared[4];
        int mine = 0;
        int &a = pick(shared[1]);
        int &b = pick(mine);
        a = b;
      });
    }
  )cpp");
  ASSERT_TRUE(P.ok());
  EXPECT_EQ(P.space("a"), AddrSpace::Local);
  EXPECT_EQ(P.space("b"), AddrSpace::Private);
  std::vector<CloneKey> Keys = P.callsTo("pick");
  ASSERT_EQ(Keys.size(), 2u);
  // One clone per space; each returns a reference into the space it got.
  EXPECT_NE(Keys[0].ParamSpaces, Keys[1].ParamSpaces);
  for (const CloneKey &K : Keys) {
    ASSERT_EQ(K.ParamSpaces.size(), 1u);
    EXPECT_EQ(P.plan(K).ReturnSpace, K.ParamSpaces[0]);
    EXPECT_TRUE(P.plan(K).ReturnsPointer);
  }
}

TEST(ClonePlannerTest, APointerWithoutTargetTakesTheSpaceAssignedLater) {
  Planned P(R"cpp(
    AMP void use(int *p) { *p += 1; }
    void run() {
      Concurrency::extent<1> e;
      Concurrency::parallel_for_each(e, [](Concurrency::index<1>) AMP {
        tile_static int shared[4];
        int *q = nullptr;
        for (int i = 0; i < 4; ++i) {
          if (q)
            use(q); // before the assignment, in the loop's next iteration
          q = &shared[i];
        }
      });
    }
  )cpp");
  ASSERT_TRUE(P.ok());
  EXPECT_EQ(P.space("q"), AddrSpace::Local);
  std::vector<CloneKey> Keys = P.callsTo("use");
  ASSERT_EQ(Keys.size(), 1u);
  EXPECT_EQ(Keys[0].ParamSpaces, std::vector<AddrSpace>{AddrSpace::Local});
}

TEST(ClonePlannerTest, CalleesTileStaticsBecomeTheirCallersParameters) {
  Planned P(R"cpp(
    AMP int inner() { tile_static int t; t = 1; return t; }
    AMP int outer() { tile_static float u[2]; u[0] = 0; return inner(); }
    void run() {
      Concurrency::extent<1> e;
      Concurrency::parallel_for_each(e, [](Concurrency::index<1>) AMP { outer(); });
    }
  )cpp");
  ASSERT_TRUE(P.ok());
  // The kernel declares them all at kernel scope.
  EXPECT_TRUE(P.Kernel.TileStatics.empty());
  std::vector<CloneKey> Keys = P.callsTo("outer");
  ASSERT_EQ(Keys.size(), 1u);
  const FunctionPlan &Outer = P.plan(Keys[0]);
  ASSERT_EQ(Outer.TileStatics.size(), 2u);
  EXPECT_EQ(Outer.TileStatics[0], P.node<VarDecl>("u"));
  EXPECT_EQ(Outer.TileStatics[1], P.node<VarDecl>("t"));
  // In a called function, a tile_static array is a pointer to its first
  // element and a scalar a pointer to it.
  EXPECT_TRUE(Outer.var(P.node<VarDecl>("u"))->DecaysArray);
  EXPECT_TRUE(Outer.var(P.node<VarDecl>("t"))->IsRef);
}

TEST(ClonePlannerTest, ReturnsIntoDifferentSpacesAreRecorded) {
  Planned P(R"cpp(
    AMP int &choose(bool c, int &x, int &y) {
      if (c)
        return x;
      return y;
    }
    void run() {
      Concurrency::extent<1> e;
      Concurrency::parallel_for_each(e, [](Concurrency::index<1>) AMP {
        tile_static int shared;
        int mine = 0;
        choose(true, shared, mine) = 2;
        choose(true, mine, mine) = 3;
      });
    }
  )cpp");
  ASSERT_TRUE(P.ok());
  std::vector<CloneKey> Keys = P.callsTo("choose");
  ASSERT_EQ(Keys.size(), 2u);
  unsigned Mixed = 0;
  for (const CloneKey &K : Keys)
    Mixed += P.plan(K).MixedSpaces.size();
  EXPECT_EQ(Mixed, 1u); // only the clone given two spaces
}

} // namespace
