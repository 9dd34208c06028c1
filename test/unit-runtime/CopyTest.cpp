//===- CopyTest.cpp - copyView takes the cheapest route ---------------------===//
//
// concurrency::copy between arrays and views: host to host (no transfer),
// host to device, device to host (one transfer, straight between user memory
// and the buffer), device to device (no byte crosses the bus), with
// sections on either side.
//
//===----------------------------------------------------------------------===//

#include "ampcc/exceptions.h"
#include "ampcc/runtime_api.h"
#include "TestKernels.h"

#include <gtest/gtest.h>

#include <numeric>
#include <vector>

using namespace ampcc::rt;
using namespace ampcc_test;

namespace {
class CopyTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_TRUE(testKernelsRegistered());
    resetTransferStats();
  }
  static TransferStats stats() { return getTransferStats(); }
  static uint64_t moved() {
    TransferStats S = stats();
    return S.HostToDeviceBytes + S.DeviceToHostBytes;
  }
};
} // namespace

TEST_F(CopyTest, UserToUserIsAHostCopy) {
  std::vector<int> A(100), B(100, 0);
  std::iota(A.begin(), A.end(), 0);
  DataSource *SA = createUserSource(A.data(), sizeof(int), 100);
  DataSource *SB = createUserSource(B.data(), sizeof(int), 100);
  Shape<1> VA = view1(SA, 100), VB = view1(SB, 100);
  copyView(&VA.H, &VB.H, sizeof(int));
  EXPECT_EQ(moved(), 0u);
  EXPECT_EQ(B[99], 99);
  releaseSource(SA);
  releaseSource(SB);
  EXPECT_EQ(moved(), 0u);
}

TEST_F(CopyTest, UserToArrayGoesStraightToTheDevice) {
  std::vector<int> A(1000, 4);
  DataSource *SA = createUserSource(A.data(), sizeof(int), 1000);
  DataSource *Arr = createArraySource(sizeof(int), 1000, nullptr, nullptr);
  Shape<1> VA = view1(SA, 1000), VArr = view1(Arr, 1000);
  copyView(&VA.H, &VArr.H, sizeof(int));
  EXPECT_EQ(stats().HostToDeviceCopies, 1u);
  EXPECT_EQ(stats().HostToDeviceBytes, 4000u);
  // A kernel on the array needs nothing more.
  launch("test_copy", CopyClosure{VArr, VArr}, {1000});
  EXPECT_EQ(stats().HostToDeviceBytes, 4000u);
  // And the array back into user memory: one read, straight from the buffer.
  copyView(&VArr.H, &VA.H, sizeof(int));
  EXPECT_EQ(stats().DeviceToHostCopies, 1u);
  EXPECT_EQ(stats().DeviceToHostBytes, 4000u);
  EXPECT_EQ(A[999], 5);
  releaseSource(Arr);
  releaseSource(SA);
  EXPECT_EQ(stats().DeviceToHostBytes, 4000u);
}

TEST_F(CopyTest, ArrayToArrayOnOneDeviceStaysOnTheDevice) {
  DataSource *X = createArraySource(sizeof(int), 256, nullptr, nullptr);
  DataSource *Y = createArraySource(sizeof(int), 256, nullptr, nullptr);
  Shape<1> VX = view1(X, 256), VY = view1(Y, 256);
  launch("test_fill", FillClosure{VX, 10}, {256});
  copyView(&VX.H, &VY.H, sizeof(int));
  EXPECT_EQ(moved(), 0u);
  EXPECT_EQ(stats().DeviceToDeviceCopies, 1u);
  EXPECT_EQ(stats().DeviceToDeviceBytes, 1024u);
  int *P = static_cast<int *>(hostAccess(Y, false));
  EXPECT_EQ(stats().DeviceToHostBytes, 1024u);
  EXPECT_EQ(P[255], 265);
  releaseSource(X);
  releaseSource(Y);
}

TEST_F(CopyTest, SectionToSectionMovesOnlyTheRectangles) {
  std::vector<int> Big(1000 * 1000);
  std::iota(Big.begin(), Big.end(), 0);
  DataSource *SB = createUserSource(Big.data(), sizeof(int), Big.size());
  DataSource *Arr = createArraySource(sizeof(int), 100, nullptr, nullptr);
  Shape<2> All = denseView<2>(SB, {1000, 1000});
  Shape<2> Sec = sectionOf<2>(All, {10, 20}, {10, 10});
  Shape<2> VArr = denseView<2>(Arr, {10, 10});
  copyView(&Sec.H, &VArr.H, sizeof(int));
  EXPECT_EQ(stats().HostToDeviceCopies, 1u);
  EXPECT_EQ(stats().HostToDeviceBytes, 400u);
  // And back into another place of the big view.
  Shape<2> Other = sectionOf<2>(All, {500, 500}, {10, 10});
  launch("test_add2", Add2Closure{VArr}, {10, 10});
  copyView(&VArr.H, &Other.H, sizeof(int));
  EXPECT_EQ(stats().DeviceToHostCopies, 1u);
  EXPECT_EQ(stats().DeviceToHostBytes, 400u);
  EXPECT_EQ(Big[500 * 1000 + 500], 10 * 1000 + 20 + 1);
  EXPECT_EQ(Big[509 * 1000 + 509], 19 * 1000 + 29 + 1);
  EXPECT_EQ(Big[509 * 1000 + 510], 509 * 1000 + 510);
  releaseSource(Arr);
  releaseSource(SB);
  EXPECT_EQ(stats().DeviceToHostBytes, 400u);
}

TEST_F(CopyTest, DeviceOnlyDataIntoUserMemoryIsOneRead) {
  std::vector<int> A(500, 0), B(500, -1);
  DataSource *SA = createUserSource(A.data(), sizeof(int), 500);
  DataSource *SB = createUserSource(B.data(), sizeof(int), 500);
  Shape<1> VA = view1(SA, 500), VB = view1(SB, 500);
  discardView(&VA.H, sizeof(int));
  launch("test_fill", FillClosure{VA, 0}, {500});
  copyView(&VA.H, &VB.H, sizeof(int));
  EXPECT_EQ(stats().DeviceToHostCopies, 1u);
  EXPECT_EQ(stats().DeviceToHostBytes, 2000u);
  EXPECT_EQ(B[321], 321);
  EXPECT_EQ(A[321], 0) << "the source's own host copy is still stale";
  releaseSource(SB);
  releaseSource(SA);
  EXPECT_EQ(A[321], 321);
  EXPECT_EQ(stats().DeviceToHostBytes, 4000u);
}

TEST_F(CopyTest, OverlappingViewsOfOneSource) {
  std::vector<int> A(10);
  std::iota(A.begin(), A.end(), 0);
  DataSource *S = createUserSource(A.data(), sizeof(int), 10);
  Shape<1> From = view1(S, 8, 0), To = view1(S, 8, 2);
  copyView(&From.H, &To.H, sizeof(int));
  EXPECT_EQ(A, (std::vector<int>{0, 1, 0, 1, 2, 3, 4, 5, 6, 7}));
  releaseSource(S);
  EXPECT_EQ(moved(), 0u);
}

TEST_F(CopyTest, DifferentExtentsAreRejected) {
  std::vector<int> A(10), B(10);
  DataSource *SA = createUserSource(A.data(), sizeof(int), 10);
  DataSource *SB = createUserSource(B.data(), sizeof(int), 10);
  Shape<1> VA = view1(SA, 10), VB = view1(SB, 9);
  EXPECT_THROW(copyView(&VA.H, &VB.H, sizeof(int)),
               Concurrency::runtime_exception);
  releaseSource(SA);
  releaseSource(SB);
}

TEST_F(CopyTest, FreshArraysCopyAsZeros) {
  // Neither array was ever used: no buffer, no host memory yet.
  DataSource *X = createArraySource(sizeof(int), 64, nullptr, nullptr);
  DataSource *Y = createArraySource(sizeof(int), 64, nullptr, nullptr);
  std::vector<int> U(64, -1);
  DataSource *SU = createUserSource(U.data(), sizeof(int), 64);
  Shape<1> VX = view1(X, 64), VY = view1(Y, 64), VU = view1(SU, 64);
  copyView(&VX.H, &VY.H, sizeof(int));
  copyView(&VY.H, &VU.H, sizeof(int));
  EXPECT_EQ(U, std::vector<int>(64, 0));
  releaseSource(X);
  releaseSource(Y);
  releaseSource(SU);
}
