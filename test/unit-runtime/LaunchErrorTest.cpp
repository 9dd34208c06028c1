//===- LaunchErrorTest.cpp - Launches that must fail, and fail clearly ----===//

#include "ampcc/accelerator.h"
#include "ampcc/exceptions.h"
#include "ampcc/runtime_api.h"
#include "TestKernels.h"

#include <gtest/gtest.h>

#include <string>
#include <typeinfo>
#include <vector>

using namespace ampcc::rt;
using namespace ampcc_test;

namespace {
class LaunchErrorTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_TRUE(testKernelsRegistered());
    resetTransferStats();
  }
  static TransferStats stats() { return getTransferStats(); }
};
} // namespace

TEST_F(LaunchErrorTest, IndivisibleTiledDomainIsRejected) {
  std::vector<int> Data(10);
  DataSource *S = createUserSource(Data.data(), sizeof(int), Data.size());
  try {
    launch("test_tiled4", LocalClosure{view1(S, 10)}, {10});
    FAIL() << "no exception for 10 threads in tiles of 4";
  } catch (const Concurrency::invalid_compute_domain &E) {
    EXPECT_STREQ(E.what(), "compute domain 10 is not divisible by tile 4; "
                           "use tiled_extent::pad() or truncate()");
  }
  releaseSource(S);
  EXPECT_EQ(stats().KernelLaunches, 0u);
  EXPECT_EQ(stats().HostToDeviceCopies, 0u);
}

TEST_F(LaunchErrorTest, EmptyAndNegativeDomainsAreInvalid) {
  // test_broken cannot even be built: an empty domain is rejected (as in
  // Visual C++) before anything is built or run.
  LocalClosure C{view1(nullptr, 0)};
  EXPECT_THROW(launch("test_broken", C, {0}), Concurrency::invalid_compute_domain);
  EXPECT_EQ(stats().KernelLaunches, 0u);
  EXPECT_THROW(launch("test_broken", C, {-1}),
               Concurrency::invalid_compute_domain);
}

TEST_F(LaunchErrorTest, UnregisteredTypeIsExplained) {
  struct NotAKernel {};
  try {
    NotAKernel K;
    launchKernel(typeid(NotAKernel).name(), &K, sizeof(K), 1,
                 std::vector<int32_t>{4}.data(), nullptr, nullptr);
    FAIL() << "no exception for an unregistered kernel";
  } catch (const Concurrency::runtime_exception &E) {
    std::string M = E.what();
    EXPECT_NE(M.find("no kernel was registered"), std::string::npos) << M;
    EXPECT_NE(M.find("NotAKernel"), std::string::npos) << "demangled: " << M;
    EXPECT_NE(M.find("compiled with ampcc"), std::string::npos) << M;
  }
}

TEST_F(LaunchErrorTest, ClosureSizeMismatchNamesBothSizes) {
  FillClosure C{view1(nullptr, 4), 0};
  try {
    launchKernel("test_fill", &C, 16, 1, std::vector<int32_t>{4}.data(),
                 nullptr, nullptr);
    FAIL() << "no exception for a closure of the wrong size";
  } catch (const Concurrency::runtime_exception &E) {
    std::string M = E.what();
    EXPECT_NE(M.find("16 bytes"), std::string::npos) << M;
    EXPECT_NE(M.find(std::to_string(sizeof(FillClosure)) + " bytes"),
              std::string::npos)
        << M;
  }
}

TEST_F(LaunchErrorTest, TiledRankAboveThreeIsInvalid) {
  FillClosure C{view1(nullptr, 1), 0};
  const int32_t Tile[4] = {1, 1, 1, 1};
  EXPECT_THROW(launch("test_rank4", C, {1, 1, 1, 1}, Tile),
               Concurrency::invalid_compute_domain);
}

TEST_F(LaunchErrorTest, ViewOutsideItsSourceIsRejected) {
  std::vector<int> Data(10);
  DataSource *S = createUserSource(Data.data(), sizeof(int), Data.size());
  try {
    launch("test_fill", FillClosure{view1(S, 10, 1), 0}, {10});
    FAIL() << "no exception for a view one element past its source";
  } catch (const Concurrency::runtime_exception &E) {
    EXPECT_NE(std::string(E.what()).find("reaches outside its data source"),
              std::string::npos)
        << E.what();
  }
  EXPECT_EQ(stats().KernelLaunches, 0u);
  EXPECT_EQ(stats().HostToDeviceCopies, 0u);
  releaseSource(S);
}

TEST_F(LaunchErrorTest, BuildFailureReportsTheBuildLog) {
  int Datum = 0;
  DataSource *S = createUserSource(&Datum, sizeof(int), 1);
  LocalClosure C{view1(S, 1)};
  try {
    launch("test_broken", C, {1});
    FAIL() << "no exception for a program with a syntax error";
  } catch (const Concurrency::runtime_exception &E) {
    std::string M = E.what();
    EXPECT_NE(M.find("failed to build OpenCL program for user.cpp on "),
              std::string::npos)
        << M;
    // The #line directive makes the driver's log name the user's file.
    EXPECT_NE(M.find("user.cpp:42"), std::string::npos) << M;
    EXPECT_NE(M.find("error"), std::string::npos) << M;
  }
  // Reported again, not cached as a half-built program.
  EXPECT_THROW(launch("test_broken", C, {1}), Concurrency::runtime_exception);
  releaseSource(S);
  // The process goes on: other programs still build and run.
  std::vector<int> Data(8, -1);
  DataSource *Good = createUserSource(Data.data(), sizeof(int), Data.size());
  launch("test_fill", FillClosure{view1(Good, 8), 40}, {8});
  hostAccess(Good, false);
  for (int I = 0; I < 8; ++I)
    EXPECT_EQ(Data[I], 40 + I);
  releaseSource(Good);
}

TEST_F(LaunchErrorTest, CpuAcceleratorRunsNoKernel) {
  // Visual C++'s message, which programs look for; the data is untouched.
  std::vector<int> Data(4, 7);
  DataSource *S = createUserSource(Data.data(), sizeof(int), Data.size());
  Concurrency::accelerator_view Cpu =
      Concurrency::accelerator(Concurrency::accelerator::cpu_accelerator)
          .get_default_view();
  try {
    launch("test_fill", FillClosure{view1(S, 4), 1}, {4}, nullptr,
           Concurrency::details::implOf(Cpu));
    FAIL() << "a kernel ran on the CPU accelerator";
  } catch (const Concurrency::runtime_exception &E) {
    EXPECT_NE(std::string(E.what()).find(
                  "concurrency::parallel_for_each is not supported on the "
                  "selected accelerator \"CPU accelerator\"."),
              std::string::npos)
        << E.what();
  }
  hostAccess(S, false);
  EXPECT_EQ(Data[3], 7);
  EXPECT_EQ(stats().KernelLaunches, 0u);
  releaseSource(S);
}

TEST_F(LaunchErrorTest, DoubleKernelRunsOrIsRefusedClearly) {
  std::vector<double> Data(16, 3.0);
  DataSource *S = createUserSource(Data.data(), sizeof(double), Data.size());
  if (Concurrency::accelerator().get_supports_double_precision()) {
    launch("test_double", LocalClosure{view1(S, 16)}, {16});
    hostAccess(S, false);
    EXPECT_EQ(Data[15], 1.5);
  } else {
    try {
      launch("test_double", LocalClosure{view1(S, 16)}, {16});
      FAIL() << "no exception for double on a device without fp64";
    } catch (const Concurrency::unsupported_feature &E) {
      EXPECT_NE(std::string(E.what()).find("does not support double"),
                std::string::npos)
          << E.what();
    }
  }
  releaseSource(S);
}
