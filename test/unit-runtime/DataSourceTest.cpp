//===- DataSourceTest.cpp - Coherence moves no byte it does not have to ---===//
//
// Host-only sequences: no kernel runs, so no byte may move at all. The
// sequences with kernels are in LaunchTest.cpp.
//
//===----------------------------------------------------------------------===//

#include "ampcc/exceptions.h"
#include "ampcc/runtime_api.h"

#include <gtest/gtest.h>

#include <vector>

using namespace ampcc::rt;

namespace {
class DataSourceTest : public ::testing::Test {
protected:
  void SetUp() override { resetTransferStats(); }
  static uint64_t bytesMoved() {
    TransferStats S = getTransferStats();
    return S.HostToDeviceBytes + S.DeviceToHostBytes;
  }
  static uint64_t copies() {
    TransferStats S = getTransferStats();
    return S.HostToDeviceCopies + S.DeviceToHostCopies;
  }
};
} // namespace

TEST_F(DataSourceTest, HostAccessToUserSourceReturnsUserMemory) {
  std::vector<int> Data(1000, 7);
  DataSource *S = createUserSource(Data.data(), sizeof(int), Data.size());
  EXPECT_EQ(hostAccess(S, false), Data.data());
  EXPECT_EQ(hostAccess(S, true), Data.data());
  EXPECT_EQ(copies(), 0u);
  EXPECT_EQ(bytesMoved(), 0u);
  releaseSource(S);
  EXPECT_EQ(bytesMoved(), 0u);
  EXPECT_EQ(Data[999], 7);
}

TEST_F(DataSourceTest, ReleaseOfCleanSourceMovesNothing) {
  std::vector<float> Data(256, 1.5f);
  DataSource *S = createUserSource(Data.data(), sizeof(float), Data.size());
  retainSource(S); // A second view.
  releaseSource(S);
  releaseSource(S);
  EXPECT_EQ(copies(), 0u);
}

TEST_F(DataSourceTest, DiscardAndRefreshWithoutKernelMoveNothing) {
  std::vector<int> Data(100, 3);
  DataSource *S = createUserSource(Data.data(), sizeof(int), Data.size());
  discardSource(S);
  // discard_data only concerns the device copy; the host copy stays.
  EXPECT_EQ(static_cast<int *>(hostAccess(S, false))[50], 3);
  refreshSource(S);
  EXPECT_EQ(hostAccess(S, false), Data.data());
  releaseSource(S);
  EXPECT_EQ(copies(), 0u);
}

TEST_F(DataSourceTest, OwnedSourceGetsZeroedHostMemoryWithoutTransfers) {
  DataSource *S = createOwnedSource(sizeof(double), 64, nullptr);
  auto *P = static_cast<double *>(hostAccess(S, false));
  ASSERT_NE(P, nullptr);
  EXPECT_EQ(P[0], 0.0);
  EXPECT_EQ(P[63], 0.0);
  P[5] = 2.5;
  EXPECT_EQ(static_cast<double *>(hostAccess(S, true))[5], 2.5);
  releaseSource(S);
  EXPECT_EQ(copies(), 0u);
}

TEST_F(DataSourceTest, EmptySourcesAreFine) {
  DataSource *U = createUserSource(nullptr, sizeof(int), 0);
  DataSource *O = createOwnedSource(sizeof(int), 0, nullptr);
  hostAccess(U, true);
  hostAccess(O, true);
  releaseSource(U);
  releaseSource(O);
  EXPECT_EQ(copies(), 0u);
}

TEST_F(DataSourceTest, NullUserMemoryIsRejected) {
  EXPECT_THROW(createUserSource(nullptr, sizeof(int), 10),
               Concurrency::runtime_exception);
}

TEST_F(DataSourceTest, OverflowingSizeIsOutOfMemory) {
  EXPECT_THROW(createOwnedSource(16, SIZE_MAX / 8, nullptr),
               Concurrency::out_of_memory);
}

TEST_F(DataSourceTest, NullSourceCallsAreHarmlessOrClear) {
  retainSource(nullptr);
  releaseSource(nullptr);
  discardSource(nullptr);
  refreshSource(nullptr);
  EXPECT_THROW(hostAccess(nullptr, false), Concurrency::runtime_exception);
}
