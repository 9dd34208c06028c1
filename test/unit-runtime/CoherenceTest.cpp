//===- CoherenceTest.cpp - Sections move only their own rectangle ---------===//
//
// Per-view coherence: kernels and host accesses on sections of a large
// source, with the exact bytes and transfer calls they cost.
//
//===----------------------------------------------------------------------===//

#include "ampcc/accelerator.h"
#include "ampcc/exceptions.h"
#include "ampcc/runtime_api.h"
#include "coherence/DataSource.h"
#include "TestKernels.h"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

using namespace ampcc::rt;
using namespace ampcc_test;

namespace {
class CoherenceTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_TRUE(testKernelsRegistered());
    resetTransferStats();
  }
  static TransferStats stats() { return getTransferStats(); }
  template <int N> static int *host(const Shape<N> &V, HostAccessMode M) {
    return static_cast<int *>(hostAccessView(&V.H, sizeof(int), M));
  }
};
} // namespace

TEST_F(CoherenceTest, SectionOfALargeViewMoves400BytesEachWay) {
  std::vector<int> Data(1000 * 1000, 7);
  DataSource *S = createUserSource(Data.data(), sizeof(int), Data.size());
  Shape<2> All = denseView<2>(S, {1000, 1000});
  Shape<2> Sec = sectionOf<2>(All, {10, 10}, {10, 10});
  launch("test_add2", Add2Closure{Sec}, {10, 10});
  EXPECT_EQ(stats().HostToDeviceCopies, 1u) << "one rectangle";
  EXPECT_EQ(stats().HostToDeviceBytes, 400u);
  EXPECT_EQ(stats().DeviceToHostBytes, 0u);

  // Host access to the section reads back the section only.
  int *P = host(Sec, HostAccessMode::Read);
  EXPECT_EQ(stats().DeviceToHostCopies, 1u);
  EXPECT_EQ(stats().DeviceToHostBytes, 400u);
  EXPECT_EQ(P[10 * 1000 + 10], 8);
  EXPECT_EQ(P[19 * 1000 + 19], 8);
  EXPECT_EQ(Data[9 * 1000 + 10], 7);
  EXPECT_EQ(Data[10 * 1000 + 20], 7);

  // The whole view is current on the host now: nothing more moves, not even
  // when the last reference goes.
  host(All, HostAccessMode::Read);
  releaseSource(S);
  EXPECT_EQ(stats().DeviceToHostBytes, 400u);
  EXPECT_EQ(stats().HostToDeviceBytes, 400u);
}

TEST_F(CoherenceTest, WholeViewAccessReadsBackOnlyTheWrittenSection) {
  std::vector<int> Data(1000 * 1000, 0);
  DataSource *S = createUserSource(Data.data(), sizeof(int), Data.size());
  Shape<2> All = denseView<2>(S, {1000, 1000});
  launch("test_add2", Add2Closure{sectionOf<2>(All, {500, 0}, {10, 10})},
         {10, 10});
  host(All, HostAccessMode::Read);
  EXPECT_EQ(stats().DeviceToHostCopies, 1u);
  EXPECT_EQ(stats().DeviceToHostBytes, 400u);
  EXPECT_EQ(Data[509 * 1000 + 9], 1);
  releaseSource(S);
}

TEST_F(CoherenceTest, LastReleaseWritesBackOnlyTheSection) {
  std::vector<int> Data(1000 * 1000, 0);
  DataSource *S = createUserSource(Data.data(), sizeof(int), Data.size());
  Shape<2> All = denseView<2>(S, {1000, 1000});
  launch("test_add2", Add2Closure{sectionOf<2>(All, {990, 990}, {10, 10})},
         {10, 10});
  releaseSource(S);
  // Two transfers: nine rows as one rectangle, the last row alone (a
  // rectangle whose last row's pitch passes the buffer's end is refused by
  // NVIDIA's driver; Region.h withinBounds).
  EXPECT_EQ(stats().DeviceToHostCopies, 2u);
  EXPECT_EQ(stats().DeviceToHostBytes, 400u);
  EXPECT_EQ(Data[999 * 1000 + 999], 1);
  EXPECT_EQ(Data[989 * 1000 + 999], 0);
}

TEST_F(CoherenceTest, ThreeDimensionalSectionIsOneRectangle) {
  std::vector<int> Data(20 * 30 * 40, 1);
  DataSource *S = createUserSource(Data.data(), sizeof(int), Data.size());
  Shape<3> All = denseView<3>(S, {20, 30, 40});
  Shape<3> Sec = sectionOf<3>(All, {1, 2, 3}, {4, 5, 6});
  launch("test_add3", Add3Closure{Sec}, {4, 5, 6});
  host(Sec, HostAccessMode::Read);
  EXPECT_EQ(stats().HostToDeviceCopies, 1u);
  EXPECT_EQ(stats().HostToDeviceBytes, 4u * 5 * 6 * 4);
  EXPECT_EQ(stats().DeviceToHostCopies, 1u);
  EXPECT_EQ(stats().DeviceToHostBytes, 4u * 5 * 6 * 4);
  EXPECT_EQ(Data[(1 * 30 + 2) * 40 + 3], 2);
  EXPECT_EQ(Data[(4 * 30 + 6) * 40 + 8], 2);
  EXPECT_EQ(Data[(5 * 30 + 6) * 40 + 8], 1);
  releaseSource(S);
}

TEST_F(CoherenceTest, OverlappingSectionsCopyInOnlyWhatIsStale) {
  std::vector<int> Data(100 * 100, 0);
  DataSource *S = createUserSource(Data.data(), sizeof(int), Data.size());
  Shape<2> All = denseView<2>(S, {100, 100});
  launch("test_add2", Add2Closure{sectionOf<2>(All, {0, 0}, {10, 100})},
         {10, 100});
  EXPECT_EQ(stats().HostToDeviceBytes, 4000u);
  // Rows 5..14: rows 5..9 are on the device already, 10..14 go in.
  launch("test_add2", Add2Closure{sectionOf<2>(All, {5, 0}, {10, 100})},
         {10, 100});
  EXPECT_EQ(stats().HostToDeviceBytes, 6000u);
  EXPECT_EQ(stats().HostToDeviceCopies, 2u);
  host(All, HostAccessMode::Read);
  EXPECT_EQ(stats().DeviceToHostBytes, 15u * 400);
  EXPECT_EQ(Data[4 * 100], 1);
  EXPECT_EQ(Data[5 * 100], 2);
  EXPECT_EQ(Data[14 * 100 + 99], 1);
  EXPECT_EQ(Data[15 * 100], 0);
  releaseSource(S);
}

TEST_F(CoherenceTest, HostWriteToASectionCopiesOnlyItInAgain) {
  std::vector<int> Data(100 * 100, 0);
  DataSource *S = createUserSource(Data.data(), sizeof(int), Data.size());
  Shape<2> All = denseView<2>(S, {100, 100});
  launch("test_add2", Add2Closure{All}, {100, 100});
  Shape<2> Row = sectionOf<2>(All, {42, 0}, {1, 100});
  int *P = host(Row, HostAccessMode::Write);
  EXPECT_EQ(stats().DeviceToHostBytes, 400u) << "only the row comes back";
  P[42 * 100 + 7] = 1000;
  launch("test_add2", Add2Closure{All}, {100, 100});
  EXPECT_EQ(stats().HostToDeviceBytes, 40000u + 400u);
  host(All, HostAccessMode::Read);
  EXPECT_EQ(Data[42 * 100 + 7], 1001);
  EXPECT_EQ(Data[43 * 100 + 7], 2);
  releaseSource(S);
}

TEST_F(CoherenceTest, DiscardedSectionIsNotCopiedInAndRestIs) {
  std::vector<int> Data(100 * 100, 5);
  DataSource *S = createUserSource(Data.data(), sizeof(int), Data.size());
  Shape<2> All = denseView<2>(S, {100, 100});
  Shape<2> Top = sectionOf<2>(All, {0, 0}, {50, 100});
  discardView(&Top.H, sizeof(int));
  launch("test_add2", Add2Closure{All}, {100, 100});
  EXPECT_EQ(stats().HostToDeviceBytes, 20000u) << "the bottom half only";
  releaseSource(S);
  EXPECT_EQ(Data[99 * 100 + 99], 6);
}

TEST_F(CoherenceTest, RefreshedSectionGoesInAgain) {
  std::vector<int> Data(100 * 100, 0);
  DataSource *S = createUserSource(Data.data(), sizeof(int), Data.size());
  Shape<2> All = denseView<2>(S, {100, 100});
  launch("test_read2", Add2Closure{All}, {100, 100});
  EXPECT_EQ(stats().HostToDeviceBytes, 40000u);
  Data[3 * 100 + 3] = 9; // Behind the runtime's back...
  Shape<2> Sec = sectionOf<2>(All, {3, 0}, {1, 100});
  refreshView(&Sec.H, sizeof(int)); // ...and then told.
  launch("test_read2", Add2Closure{All}, {100, 100});
  EXPECT_EQ(stats().HostToDeviceBytes, 40400u);
  EXPECT_EQ(stats().DeviceToHostBytes, 0u) << "read-only: nothing comes back";
  releaseSource(S);
  EXPECT_EQ(stats().DeviceToHostBytes, 0u);
}

TEST_F(CoherenceTest, RepeatedElementAccessIsCachedButStaysCorrect) {
  std::vector<int> Data(64, 0);
  DataSource *S = createUserSource(Data.data(), sizeof(int), Data.size());
  Shape<1> V = view1(S, 64);
  for (int I = 0; I < 64; ++I)
    host(V, HostAccessMode::Write)[I] = I;
  launch("test_fill", FillClosure{V, 100}, {64});
  EXPECT_EQ(stats().HostToDeviceCopies, 1u);
  // The kernel invalidated the cache: the next access reads back.
  EXPECT_EQ(host(V, HostAccessMode::Read)[5], 105);
  EXPECT_EQ(host(V, HostAccessMode::Read)[6], 106);
  EXPECT_EQ(stats().DeviceToHostCopies, 1u);
  releaseSource(S);
}

TEST_F(CoherenceTest, ReinterpretedViewUsesItsOwnElementSize) {
  // A view of 8 doubles' bytes as 16 ints: the kernel writes ints.
  std::vector<double> Data(8, 0.0);
  DataSource *S = createUserSource(Data.data(), sizeof(double), Data.size());
  Shape<1> AsInts = view1(S, 8, 8); // ints 8..15: doubles 4..7.
  launch("test_fill", FillClosure{AsInts, 0}, {8});
  EXPECT_EQ(stats().HostToDeviceBytes, 32u);
  host(AsInts, HostAccessMode::Read);
  EXPECT_EQ(stats().DeviceToHostBytes, 32u);
  const int *Ints = reinterpret_cast<const int *>(Data.data());
  EXPECT_EQ(Ints[8], 0);
  EXPECT_EQ(Ints[15], 7);
  EXPECT_EQ(Data[0], 0.0);
  releaseSource(S);
}

TEST_F(CoherenceTest, ArraySourceIsZeroAndPlacedOnItsView) {
  Concurrency::accelerator Acc;
  Concurrency::accelerator_view AV = Acc.create_view();
  DataSource *S = createArraySource(sizeof(int), 100,
                                    Concurrency::details::implOf(AV), nullptr);
  EXPECT_EQ(sourceAcceleratorView(S), Concurrency::details::implOf(AV));
  EXPECT_EQ(sourceAssociatedView(S), Concurrency::details::implOf(AV));
  Shape<1> V = view1(S, 50, 50);
  launch("test_fill", FillClosure{V, 1}, {50}, nullptr,
         Concurrency::details::implOf(AV));
  EXPECT_EQ(stats().HostToDeviceBytes, 0u);
  int *P = static_cast<int *>(hostAccess(S, false));
  EXPECT_EQ(stats().DeviceToHostBytes, 200u);
  EXPECT_EQ(P[0], 0);
  EXPECT_EQ(P[49], 0);
  EXPECT_EQ(P[50], 1);
  releaseSource(S);
  EXPECT_EQ(stats().DeviceToHostBytes, 200u);
}

TEST_F(CoherenceTest, ViewWithoutDataSourceHasNoSourceView) {
  DataSource *S = createOwnedSource(sizeof(int), 10, nullptr);
  EXPECT_THROW(sourceAcceleratorView(S), Concurrency::runtime_exception);
  releaseSource(S);
}

TEST_F(CoherenceTest, SynchronizeToCopiesInWithoutAKernel) {
  std::vector<int> Data(1000, 3);
  DataSource *S = createUserSource(Data.data(), sizeof(int), Data.size());
  Shape<1> Half = view1(S, 500, 500);
  synchronizeViewTo(&Half.H, sizeof(int), nullptr);
  EXPECT_EQ(stats().HostToDeviceBytes, 2000u);
  launch("test_fill", FillClosure{Half, 0}, {500});
  EXPECT_EQ(stats().HostToDeviceBytes, 2000u) << "already there";
  EXPECT_EQ(stats().KernelLaunches, 1u);
  releaseSource(S);
  EXPECT_EQ(Data[999], 499);
  EXPECT_EQ(Data[499], 3);
}

TEST_F(CoherenceTest, SectionsFromSeveralThreads) {
  // Each thread owns a band of rows of one shared source: launches and host
  // accesses on the bands interleave, and every band ends up right.
  constexpr int Threads = 4, Rounds = 20, Rows = 16, Cols = 64;
  std::vector<int> Data(Threads * Rows * Cols, 0);
  DataSource *S = createUserSource(Data.data(), sizeof(int), Data.size());
  Shape<2> All = denseView<2>(S, {Threads * Rows, Cols});
  std::vector<std::thread> Workers;
  std::vector<int> Errors(Threads, 0);
  for (int T = 0; T < Threads; ++T)
    Workers.emplace_back([&, T] {
      Shape<2> Band = sectionOf<2>(All, {T * Rows, 0}, {Rows, Cols});
      for (int R = 0; R < Rounds; ++R) {
        launch("test_add2", Add2Closure{Band}, {Rows, Cols});
        int *P = static_cast<int *>(
            hostAccessView(&Band.H, sizeof(int), HostAccessMode::Write));
        int &First = P[T * Rows * Cols];
        if (First != 2 * R + 1)
          ++Errors[T];
        First += 1; // The host's turn, then the device's again.
        for (int I = 1; I < Rows * Cols; ++I)
          P[T * Rows * Cols + I] += 1;
      }
    });
  for (std::thread &W : Workers)
    W.join();
  for (int T = 0; T < Threads; ++T)
    EXPECT_EQ(Errors[T], 0) << "thread " << T;
  hostAccess(S, false);
  for (int I = 0; I < int(Data.size()); ++I)
    ASSERT_EQ(Data[I], 2 * Rounds) << I;
  releaseSource(S);
  EXPECT_EQ(stats().KernelLaunches, uint64_t(Threads * Rounds));
}

TEST_F(CoherenceTest, ZeroFillOfALargeArrayCoversEveryPiece) {
  // Just over 256 MB: the zero fill takes two pieces (see createBuffer), and
  // the size is not a multiple of 16, so the pattern is narrower too.
  const int32_t Count = (256 << 20) / 4 + 3;
  DataSource *Arr = createArraySource(sizeof(int), Count, nullptr, nullptr);
  std::vector<int> Out(8, -1);
  DataSource *O = createUserSource(Out.data(), sizeof(int), Out.size());
  launch("test_copy", CopyClosure{view1(Arr, 8, Count - 8), view1(O, 8)}, {8});
  launch("test_copy", CopyClosure{view1(Arr, 4, 0), view1(O, 4, 4)}, {4});
  releaseSource(O);
  EXPECT_EQ(Out, std::vector<int>(8, 1));
  EXPECT_EQ(stats().HostToDeviceBytes, 32u) << "only the output goes in";
  releaseSource(Arr);
}
