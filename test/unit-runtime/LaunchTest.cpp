//===- LaunchTest.cpp - Kernels launched from hand-built closures ---------===//
//
// Launches the hand-written kernels of TestKernels.cpp with hand-built
// closures, then checks the results and the exact bytes the runtime moved.
//
//===----------------------------------------------------------------------===//

#include "ampcc/accelerator.h"
#include "ampcc/runtime_api.h"
#include "TestKernels.h"

#include <gtest/gtest.h>

#include <cstring>
#include <thread>
#include <vector>

using namespace ampcc::rt;
using namespace ampcc_test;

namespace {
class LaunchTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_TRUE(testKernelsRegistered());
    resetTransferStats();
  }
  static TransferStats stats() { return getTransferStats(); }
};
} // namespace

static constexpr int N = 1000;
static constexpr uint64_t Bytes = N * sizeof(int);

TEST_F(LaunchTest, FillCopiesInOnceAndOutOnlyWhenAsked) {
  std::vector<int> Data(N, -1);
  DataSource *S = createUserSource(Data.data(), sizeof(int), N);
  launch("test_fill", FillClosure{view1(S, N), 100}, {N});
  EXPECT_EQ(stats().KernelLaunches, 1u);
  EXPECT_EQ(stats().HostToDeviceCopies, 1u);
  EXPECT_EQ(stats().HostToDeviceBytes, Bytes);
  EXPECT_EQ(stats().DeviceToHostBytes, 0u) << "no read before the host asks";

  int *P = static_cast<int *>(hostAccess(S, false));
  EXPECT_EQ(P, Data.data());
  EXPECT_EQ(stats().DeviceToHostCopies, 1u);
  EXPECT_EQ(stats().DeviceToHostBytes, Bytes);
  for (int I = 0; I < N; ++I)
    ASSERT_EQ(Data[I], 100 + I) << "at " << I;

  // Both copies are current now: nothing moves again.
  hostAccess(S, false);
  launch("test_fill", FillClosure{view1(S, N), 100}, {N});
  EXPECT_EQ(stats().HostToDeviceBytes, Bytes);
  releaseSource(S); // Host is stale again, so this one reads back.
  EXPECT_EQ(stats().DeviceToHostBytes, 2 * Bytes);
  EXPECT_EQ(stats().KernelLaunches, 2u);
}

TEST_F(LaunchTest, RobustAccessPassesTheElementCountAndTheSink) {
  // A kernel built with robust buffer access gets its buffer's element
  // count in each view's shape and the sink buffer as its last argument.
  std::vector<int> Data(N, -1);
  DataSource *S = createUserSource(Data.data(), sizeof(int), N);
  launch("test_robust", FillClosure{view1(S, N), 100}, {N});
  hostAccess(S, false);
  for (int I = 0; I < N; ++I)
    ASSERT_EQ(Data[I], 100 + I + N) << "at " << I;
  releaseSource(S);
}

TEST_F(LaunchTest, DiscardedSourceIsNotCopiedIn) {
  std::vector<int> Data(N, -1);
  DataSource *S = createUserSource(Data.data(), sizeof(int), N);
  discardSource(S);
  launch("test_fill", FillClosure{view1(S, N), 5}, {N});
  EXPECT_EQ(stats().HostToDeviceBytes, 0u);
  hostAccess(S, false);
  EXPECT_EQ(stats().DeviceToHostBytes, Bytes);
  EXPECT_EQ(Data[N - 1], 5 + N - 1);
  releaseSource(S);
  EXPECT_EQ(stats().DeviceToHostBytes, Bytes);
}

TEST_F(LaunchTest, LastReleaseWritesBackToUserMemory) {
  std::vector<int> Data(N, -1);
  DataSource *S = createUserSource(Data.data(), sizeof(int), N);
  launch("test_fill", FillClosure{view1(S, N), 0}, {N});
  EXPECT_EQ(Data[10], -1) << "the host copy is stale, not yet updated";
  releaseSource(S);
  EXPECT_EQ(stats().DeviceToHostBytes, Bytes);
  EXPECT_EQ(Data[10], 10);
}

TEST_F(LaunchTest, HostWriteAfterKernelCopiesInAgain) {
  std::vector<int> Data(N, 0);
  DataSource *S = createUserSource(Data.data(), sizeof(int), N);
  launch("test_fill", FillClosure{view1(S, N), 1}, {N});
  static_cast<int *>(hostAccess(S, true))[0] = 42;
  launch("test_fill", FillClosure{view1(S, N), 2}, {N});
  EXPECT_EQ(stats().HostToDeviceCopies, 2u);
  EXPECT_EQ(stats().DeviceToHostCopies, 1u);
  releaseSource(S);
  EXPECT_EQ(Data[0], 2);
}

TEST_F(LaunchTest, ReadOnlyViewKeepsItsHostCopyValid) {
  std::vector<int> In(N), Out(N, 0);
  for (int I = 0; I < N; ++I)
    In[I] = 3 * I;
  DataSource *A = createUserSource(In.data(), sizeof(int), N);
  DataSource *B = createUserSource(Out.data(), sizeof(int), N);
  discardSource(B);
  launch("test_copy", CopyClosure{view1(A, N), view1(B, N)}, {N});
  EXPECT_EQ(stats().HostToDeviceBytes, Bytes) << "only the input goes in";
  hostAccess(A, false);
  EXPECT_EQ(stats().DeviceToHostBytes, 0u) << "a read-only view stays valid";
  hostAccess(B, false);
  EXPECT_EQ(stats().DeviceToHostBytes, Bytes);
  EXPECT_EQ(Out[7], 22);
  releaseSource(A);
  releaseSource(B);
  EXPECT_EQ(stats().DeviceToHostBytes, Bytes);
}

TEST_F(LaunchTest, SourceCapturedTwiceIsCopiedInOnce) {
  std::vector<int> Data(N, 10);
  DataSource *S = createUserSource(Data.data(), sizeof(int), N);
  launch("test_copy", CopyClosure{view1(S, N), view1(S, N)}, {N});
  EXPECT_EQ(stats().HostToDeviceCopies, 1u);
  EXPECT_EQ(stats().HostToDeviceBytes, Bytes);
  // Written through the second capture, so the host copy is stale.
  hostAccess(S, false);
  EXPECT_EQ(stats().DeviceToHostBytes, Bytes);
  EXPECT_EQ(Data[N / 2], 11);
  releaseSource(S);
}

TEST_F(LaunchTest, ViewOffsetAndStrideReachTheKernel) {
  std::vector<int> Data(2 * N + 1, -1);
  DataSource *S = createUserSource(Data.data(), sizeof(int), Data.size());
  launch("test_fill", FillClosure{view1(S, N, 1, 2), 0}, {N});
  releaseSource(S);
  EXPECT_EQ(Data[0], -1);
  EXPECT_EQ(Data[1], 0);
  EXPECT_EQ(Data[2], -1);
  EXPECT_EQ(Data[3], 1);
  EXPECT_EQ(Data[2 * N - 1], N - 1);
  EXPECT_EQ(Data[2 * N], -1);
}

TEST_F(LaunchTest, Rank2MapsDimensionZeroToTheSlowestIndex) {
  std::vector<int> Data(15, -2);
  DataSource *S = createUserSource(Data.data(), sizeof(int), Data.size());
  Index2Closure C{};
  C.V.H = {S, 0, 2};
  C.V.Ext[0] = 3;
  C.V.Ext[1] = 5;
  C.V.Stride[0] = 5;
  C.V.Stride[1] = 1;
  launch("test_index2", C, {3, 5});
  releaseSource(S);
  for (int I0 = 0; I0 < 3; ++I0)
    for (int I1 = 0; I1 < 5; ++I1)
      EXPECT_EQ(Data[I0 * 5 + I1], I0 * 1000 + I1) << I0 << "," << I1;
}

TEST_F(LaunchTest, ArrayReferenceAndBoolCaptures) {
  DataSource *S = createOwnedSource(sizeof(int), N, nullptr);
  Shape<1> Array = view1(S, N);
  launch("test_flag", FlagClosure{&Array, true}, {N});
  EXPECT_EQ(stats().HostToDeviceBytes, 0u) << "fresh storage has nothing to copy";
  int *P = static_cast<int *>(hostAccess(S, false));
  EXPECT_EQ(stats().DeviceToHostBytes, Bytes);
  EXPECT_EQ(P[0], 7);
  EXPECT_EQ(P[N - 1], 7);
  // The bool's byte must become an int 0, not garbage in the upper bytes.
  FlagClosure C;
  std::memset(&C, 0xff, sizeof(C));
  C.Array = &Array;
  C.Flag = false;
  launch("test_flag", C, {N});
  P = static_cast<int *>(hostAccess(S, false));
  EXPECT_EQ(P[3], 3);
  releaseSource(S);
}

TEST_F(LaunchTest, TileBecomesTheLocalSize) {
  std::vector<int> Data(8, -1);
  DataSource *S = createUserSource(Data.data(), sizeof(int), Data.size());
  launch("test_tiled4", LocalClosure{view1(S, 8)}, {8});
  hostAccess(S, false);
  EXPECT_EQ(Data, (std::vector<int>{0, 1, 2, 3, 0, 1, 2, 3}));
  // A tile given at launch (a tiled_extent) wins over the descriptor's.
  const int32_t Tile2[] = {2};
  launch("test_tiled4", LocalClosure{view1(S, 8)}, {8}, Tile2);
  hostAccess(S, false);
  EXPECT_EQ(Data, (std::vector<int>{0, 1, 0, 1, 0, 1, 0, 1}));
  releaseSource(S);
}

TEST_F(LaunchTest, SourceMovesBetweenQueues) {
  std::vector<int> Data(N, 0);
  DataSource *S = createUserSource(Data.data(), sizeof(int), N);
  Concurrency::accelerator Acc;
  Concurrency::accelerator_view Other = Acc.create_view();
  launch("test_fill", FillClosure{view1(S, N), 1}, {N});
  launch("test_fill", FillClosure{view1(S, N), 2}, {N}, nullptr,
         Concurrency::details::implOf(Other));
  hostAccess(S, false);
  EXPECT_EQ(Data[9], 11) << "the second kernel ran after the first";
  EXPECT_EQ(stats().HostToDeviceCopies, 1u) << "same device: no extra copy";
  EXPECT_EQ(stats().DeviceToHostCopies, 1u);
  launch("test_fill", FillClosure{view1(S, N), 3}, {N});
  releaseSource(S);
  EXPECT_EQ(Data[9], 12);
  Other.wait();
}

TEST_F(LaunchTest, ConcurrentLaunchesFromSeveralThreads) {
  // Kernel arguments are state of the shared cl_kernel: launches from
  // several threads must not see each other's arguments.
  constexpr int Threads = 4, Rounds = 25, M = 256;
  std::vector<std::vector<int>> Data(Threads, std::vector<int>(M, -1));
  std::vector<std::thread> Workers;
  for (int T = 0; T < Threads; ++T)
    Workers.emplace_back([&, T] {
      for (int R = 0; R < Rounds; ++R) {
        DataSource *S = createUserSource(Data[T].data(), sizeof(int), M);
        launch("test_fill", FillClosure{view1(S, M), T * 10000 + R}, {M});
        releaseSource(S);
      }
    });
  for (std::thread &W : Workers)
    W.join();
  for (int T = 0; T < Threads; ++T)
    for (int I = 0; I < M; ++I)
      ASSERT_EQ(Data[T][I], T * 10000 + Rounds - 1 + I) << T << "," << I;
  EXPECT_EQ(stats().KernelLaunches, uint64_t(Threads * Rounds));
}

TEST_F(LaunchTest, RankFourFoldsIntoThreeDimensions) {
  constexpr int E0 = 2, E1 = 3, E2 = 4, E3 = 5, Total = E0 * E1 * E2 * E3;
  std::vector<int> Data(Total, -1);
  DataSource *S = createUserSource(Data.data(), sizeof(int), Total);
  launch("test_rank4", FillClosure{view1(S, Total), 100000}, {E0, E1, E2, E3});
  releaseSource(S);
  for (int I0 = 0; I0 < E0; ++I0)
    for (int I1 = 0; I1 < E1; ++I1)
      for (int I2 = 0; I2 < E2; ++I2)
        for (int I3 = 0; I3 < E3; ++I3)
          ASSERT_EQ(Data[((I0 * E1 + I1) * E2 + I2) * E3 + I3],
                    100000 + I0 * 1000 + I1 * 100 + I2 * 10 + I3)
              << I0 << "," << I1 << "," << I2 << "," << I3;
}

TEST_F(LaunchTest, MarkerCompletesAfterTheKernels) {
  std::vector<int> Data(N, 0);
  DataSource *S = createUserSource(Data.data(), sizeof(int), N);
  Concurrency::accelerator_view V = Concurrency::accelerator().get_default_view();
  launch("test_fill", FillClosure{view1(S, N), 1}, {N});
  Concurrency::completion_future F = V.create_marker();
  ASSERT_TRUE(F.valid());
  F.wait();
  EXPECT_EQ(F.wait_for(std::chrono::seconds(0)), std::future_status::ready);
  F.get();
  // The marker does not move data: the host copy is still stale.
  EXPECT_EQ(Data[5], 0);
  EXPECT_EQ(stats().DeviceToHostBytes, 0u);
  releaseSource(S);
  EXPECT_EQ(Data[5], 6);
}
