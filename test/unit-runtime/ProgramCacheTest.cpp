//===- ProgramCacheTest.cpp - Program builds through the binary cache -----===//
//
// The real build path (ProgramBuilder.h) on the default OpenCL device, with a
// cache in a fresh directory per test: a source build stores its binary, a
// later build uses what the cache holds for its key, a binary the device
// refuses falls back to the source, a failing build is reported with the
// user's file and line and never cached, and the build options keep the
// generated source's warnings out of the driver's output.
//
//===----------------------------------------------------------------------===//

#include "ampcc/exceptions.h"
#include "CacheTestDir.h"
#include "devices/Device.h"
#include "launches/KernelCache.h"
#include "launches/ProgramBuilder.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

using namespace ampcc::rt;
using ampcc_test::CacheTestDir;

namespace {

const char FillSource[] = "#line 3 \"fill.cpp\"\n"
                          "__kernel void fill3(__global int *p) {\n"
                          "  int i = get_global_id(0);\n"
                          "  p[i] = 3 * i + 1;\n"
                          "}\n";
const ProgramDesc Fill = {FillSource, "fill.cpp", false};

const char OtherSource[] = "__kernel void other(__global int *p) { p[0] = 9; }\n";
const ProgramDesc Other = {OtherSource, "other.cpp", false};

const char BrokenSource[] = "#line 7 \"app.cpp\"\n"
                            "__kernel void broken(__global int *p) {\n"
                            "  p[0] = undeclared_name;\n"
                            "}\n";
const ProgramDesc Broken = {BrokenSource, "app.cpp", false};

class ProgramCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    Dev = &defaultDevice();
    if (Dev->isHost())
      GTEST_SKIP() << "no OpenCL device";
    ASSERT_FALSE(Dir.path().empty());
  }
  std::string keyOf(const ProgramDesc &P) {
    return programCacheKey(P, *Dev, programBuildOptions());
  }
  bool hasKernel(const Program &P, const char *Name) {
    int Err = 0;
    return bool(Dev->backend()->kernel(P, Name, Err));
  }
  /// Runs fill3 of P over N items, through the backend, and returns what
  /// it wrote.
  std::vector<int> runFill(const Program &P, size_t N) {
    std::vector<int> Out(N, -1);
    Backend &B = *Dev->backend();
    int Err = 0;
    Kernel K = B.kernel(P, "fill3", Err);
    EXPECT_TRUE(K) << B.errorName(Err);
    Buffer Buf = B.allocate(Dev->context(), N * sizeof(int), nullptr, "for fill3");
    const Queue &Q = Dev->defaultView()->queue();
    K.setArg(0, Buf);
    LaunchPart Part;
    Part.Size = &N;
    Q.launch(K, Part);
    Q.read(Buf, /*Blocking=*/true, 0, N * sizeof(int), Out.data());
    return Out;
  }
  static void expectFilled(const std::vector<int> &Out) {
    for (size_t I = 0; I < Out.size(); ++I)
      ASSERT_EQ(Out[I], int(3 * I + 1)) << "element " << I;
  }

  Device *Dev = nullptr;
  CacheTestDir Dir;
};

} // namespace

TEST_F(ProgramCacheTest, SourceBuildStoresTheBinaryAndTheNextBuildUsesIt) {
  KernelCache Cache(Dir.path());
  Program First = buildProgram(Fill, *Dev, Cache);
  expectFilled(runFill(First, 1000));
  auto Stored = Cache.load(keyOf(Fill));
  ASSERT_TRUE(Stored) << "no entry after a successful build";
  EXPECT_FALSE(Stored->empty());

  Program Second = buildProgram(Fill, *Dev, Cache);
  expectFilled(runFill(Second, 1000));
  EXPECT_EQ(Dir.files().size(), 1u);

  // The entry under a key is what gets built for it: Fill's binary stored
  // under Other's key yields Fill's kernel. (Only a test can do this; the
  // key text inside every entry stops a misfiled one.)
  ASSERT_TRUE(Cache.store(keyOf(Other), Stored->data(), Stored->size()));
  Program Swapped = buildProgram(Other, *Dev, Cache);
  EXPECT_TRUE(hasKernel(Swapped, "fill3"));
  EXPECT_FALSE(hasKernel(Swapped, "other"));
}

TEST_F(ProgramCacheTest, RefusedBinaryFallsBackToTheSource) {
  KernelCache Cache(Dir.path());
  const std::string Key = keyOf(Fill);
  // A valid entry whose payload no driver takes, and one that starts like
  // LLVM bitcode (which PoCL accepts at creation and fails to build).
  std::vector<std::vector<unsigned char>> Refused = {
      std::vector<unsigned char>(256, 0xab),
      {'B', 'C', 0xc0, 0xde, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}};
  for (const auto &Garbage : Refused) {
    ASSERT_TRUE(Cache.store(Key, Garbage.data(), Garbage.size()));
    Program Program = buildProgram(Fill, *Dev, Cache);
    expectFilled(runFill(Program, 257));
    auto Now = Cache.load(Key);
    ASSERT_TRUE(Now);
    EXPECT_NE(*Now, Garbage) << "the refused entry was not replaced";
  }
}

TEST_F(ProgramCacheTest, FailedBuildCarriesUserLinesAndIsNotCached) {
  KernelCache Cache(Dir.path());
  for (int Attempt = 0; Attempt < 2; ++Attempt) {
    try {
      Program P = buildProgram(Broken, *Dev, Cache);
      FAIL() << "a program with an undeclared name was built";
    } catch (const Concurrency::runtime_exception &E) {
      std::string M = E.what();
      EXPECT_NE(M.find("failed to build OpenCL program for app.cpp on " +
                       Dev->info().Name),
                std::string::npos)
          << M;
      // Line 2 of the generated text is line 7 of app.cpp, so the error
      // in its line 3 is at app.cpp:8.
      EXPECT_NE(M.find("app.cpp:8"), std::string::npos) << M;
      EXPECT_NE(M.find("undeclared_name"), std::string::npos) << M;
      EXPECT_EQ(Dev->backend()->failureOf(E.get_error_code()),
                Backend::Failure::BuildFailure);
    }
  }
  EXPECT_TRUE(Dir.files().empty()) << "a failed build left a cache entry";
}

TEST_F(ProgramCacheTest, UnusableDirectoryStillBuilds) {
  std::ofstream(Dir.path() + "/file") << "not a directory";
  KernelCache Cache(Dir.path() + "/file/kernels");
  for (int Attempt = 0; Attempt < 2; ++Attempt) {
    Program Program = buildProgram(Fill, *Dev, Cache);
    expectFilled(runFill(Program, 64));
  }
  EXPECT_EQ(Dir.files().size(), 1u);
}

TEST_F(ProgramCacheTest, DisabledCacheBuildsFromSource) {
  KernelCache Cache("");
  Program Program = buildProgram(Fill, *Dev, Cache);
  expectFilled(runFill(Program, 64));
}

TEST_F(ProgramCacheTest, WarningsOfTheGeneratedSourceAreNotReported) {
  // NVIDIA's compiler writes "N warnings generated." to the program's
  // stderr; the options ask every driver for no warnings. The control
  // build, without them, shows that this device does report the warning.
  const char Source[] = "#warning ampcc_test_warning\n"
                        "__kernel void quiet(__global int *p) { p[0] = 1; }\n";
  const ProgramDesc Quiet = {Source, "quiet.cpp", false};
  Backend &B = *Dev->backend();
  Program Control = B.loadSource(Dev->context(), Source, "quiet.cpp");
  ASSERT_EQ(B.build(Control, Dev->id(), "-cl-std=CL1.2"), 0);
  ASSERT_NE(B.buildLog(Control, Dev->id(), "").find("ampcc_test_warning"),
            std::string::npos)
      << "the device does not report #warning in its build log";
  KernelCache Cache(Dir.path());
  Program Built = buildProgram(Quiet, *Dev, Cache);
  EXPECT_TRUE(hasKernel(Built, "quiet"));
  EXPECT_EQ(B.buildLog(Built, Dev->id(), "").find("ampcc_test_warning"),
            std::string::npos)
      << programBuildOptions();
}
