//===- StagingTest.cpp - Transfers through page-locked blocks -------------===//
//
// Staged transfers (runtime/transfers/StagedTransfers.h) cut a transfer into pieces and move
// each through a page-locked block. On PoCL they are forced on, with pieces
// of a few hundred bytes (odd sizes, so that seams fall inside elements and
// rows), so that every path runs here: whole views both ways, 2-D and 3-D
// sections with short and long rows, copies between user memory and arrays,
// uploads of an array's host copy before a kernel, and two threads copying
// at once, each transfer on one host thread and on several. Transfer counts
// stay those of direct transfers. A fake port whose device moves finish
// late and out of step checks the ring itself: pieces cut into chunks,
// blocks reused, moves submitted in order.
//
//===----------------------------------------------------------------------===//

#include "ampcc/runtime_api.h"
#include "devices/Device.h"
#include "TestKernels.h"
#include "transfers/HostCopy.h"
#include "transfers/PinnedPool.h"
#include "backends/opencl/OpenCLBackend.h"
#include "backends/opencl/Staging.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <future>
#include <mutex>
#include <numeric>
#include <random>
#include <thread>
#include <vector>

using namespace ampcc::rt;
using namespace ampcc_test;

namespace {

class StagingTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_TRUE(testKernelsRegistered());
    Saved = stagingTuning();
    StagingTuning &T = stagingTuning();
    T.Mode = 1;
    T.PieceBytes = 1000;
    T.MinPieceBytes = 1000;
    T.Threads = 3;
    resetTransferStats();
  }
  void TearDown() override { stagingTuning() = Saved; }
  StagingTuning Saved;
};

std::vector<int> iota(size_t N, int From = 0) {
  std::vector<int> V(N);
  std::iota(V.begin(), V.end(), From);
  return V;
}

} // namespace

// A pool makes no blocks until transfers have asked it for WarmBytes (a
// small program's transfers go directly, without paying for page-locked
// memory), then makes what is asked, and lends the same blocks again.
TEST(PinnedPoolTest, MakesBlocksOnlyOnceWarm) {
  StagingTuning Saved = stagingTuning();
  stagingTuning().Mode = -1;
  stagingTuning().WarmBytes = 1000;
  PinnedPool Pool;
  std::vector<int> Blocks(8);
  unsigned Made = 0;
  auto Make = [&]() -> void * { return Made < Blocks.size() ? &Blocks[Made++] : nullptr; };
  EXPECT_TRUE(Pool.lend(2, 4, Make, 400).empty());
  EXPECT_EQ(Made, 0u);
  std::vector<void *> Lent = Pool.lend(2, 4, Make, 700);
  EXPECT_EQ(Lent.size(), 4u);
  EXPECT_EQ(Made, 4u);
  Pool.giveBack(Lent);
  EXPECT_EQ(Pool.lend(2, 4, Make, 1).size(), 4u);
  EXPECT_EQ(Made, 4u);
  // Forced staging makes blocks from the first transfer.
  PinnedPool Cold;
  stagingTuning().Mode = 1;
  EXPECT_EQ(Cold.lend(2, 2, Make, 1).size(), 2u);
  stagingTuning() = Saved;
}

TEST(HostCopyTest, EveryPartRunsOnce) {
  for (unsigned N : {1u, 2u, 5u}) {
    std::vector<std::atomic<int>> Runs(N);
    runOnThreads(N, [&](unsigned I) { ++Runs[I]; });
    for (unsigned I = 0; I < N; ++I)
      EXPECT_EQ(Runs[I].load(), 1) << I << " of " << N;
  }
}

TEST(HostCopyTest, StreamingCopiesLandWhereMemcpyPutsThem) {
  // Odd offsets on both sides: the aligned middle, the head and the tail.
  std::vector<unsigned char> Src(3 * 70000), Dst(3 * 70000);
  for (size_t I = 0; I < Src.size(); ++I)
    Src[I] = (unsigned char)(I * 7 + I / 251);
  for (size_t Width : {4096u, 5000u, 65537u})
    for (size_t Shift : {0u, 1u, 13u}) {
      std::fill(Dst.begin(), Dst.end(), 0xEE);
      copyRows(Dst.data() + Shift, 70000, Src.data() + 3, 69999, Width, 3, true);
      for (size_t R = 0; R < 3; ++R)
        for (size_t C = 0; C < Width; ++C)
          ASSERT_EQ(Dst[Shift + R * 70000 + C], Src[3 + R * 69999 + C])
              << Width << " " << Shift << " " << R << "," << C;
      EXPECT_EQ(Dst[Shift + Width], 0xEE);
    }
}

TEST_F(StagingTest, WholeViewUpAndBackAcrossManySeams) {
  // 10007 ints: 40028 bytes, 41 pieces of 1000 bytes and a short one, in
  // one pipeline and in several.
  const int N = 10007;
  for (unsigned Threads : {1u, 3u}) {
    stagingTuning().Threads = Threads;
    resetTransferStats();
    std::vector<int> In = iota(N, 5), Out(N, -1);
    DataSource *SI = createUserSource(In.data(), sizeof(int), N);
    DataSource *SO = createUserSource(Out.data(), sizeof(int), N);
    Shape<1> VI = view1(SI, N), VO = view1(SO, N);
    uint64_t Pieces = stagedPieces();
    discardView(&VO.H, sizeof(int));
    launch("test_copy", CopyClosure{VI, VO}, {N});
    EXPECT_EQ(getTransferStats().HostToDeviceCopies, 1u);
    EXPECT_EQ(getTransferStats().HostToDeviceBytes, uint64_t(N) * 4);
    int *P = static_cast<int *>(hostAccess(SO, false));
    EXPECT_EQ(getTransferStats().DeviceToHostCopies, 1u);
    EXPECT_EQ(getTransferStats().DeviceToHostBytes, uint64_t(N) * 4);
    EXPECT_EQ(stagedPieces() - Pieces, 2u * 41);
    for (int I = 0; I < N; ++I)
      ASSERT_EQ(P[I], I + 6) << I << " with " << Threads << " pipelines";
    releaseSource(SI);
    releaseSource(SO);
  }
}

// Pieces cut into chunks (rows of a rectangle, bytes of a row) that several
// threads copy, through a ring of two blocks both ways: the same values
// land.
TEST_F(StagingTest, ChunksThroughASmallRing) {
  StagingTuning &T = stagingTuning();
  T.ChunkBytes = 200; // 1000-byte pieces in four chunks
  T.RingBlocks = 2;
  T.RingUploads = true;
  T.RingFromBytes = 0;
  const int R = 60, C = 700;
  for (unsigned Threads : {1u, 3u, 5u}) {
    T.Threads = Threads;
    std::vector<int> Data = iota(R * C);
    DataSource *S = createUserSource(Data.data(), sizeof(int), Data.size());
    Shape<2> All = denseView<2>(S, {R, C});
    Shape<2> Narrow = sectionOf<2>(All, {3, 5}, {41, 13});
    Shape<2> Wide = sectionOf<2>(All, {50, 20}, {7, 650});
    launch("test_add2", Add2Closure{All}, {R, C});
    launch("test_add2", Add2Closure{Narrow}, {41, 13});
    launch("test_add2", Add2Closure{Wide}, {7, 650});
    hostAccessView(&All.H, sizeof(int), HostAccessMode::Read);
    for (int Y = 0; Y < R; ++Y)
      for (int X = 0; X < C; ++X) {
        bool InNarrow = Y >= 3 && Y < 44 && X >= 5 && X < 18;
        bool InWide = Y >= 50 && Y < 57 && X >= 20 && X < 670;
        ASSERT_EQ(Data[Y * C + X], Y * C + X + 1 + (InNarrow || InWide ? 1 : 0))
            << Y << "," << X << " on " << Threads << " threads";
      }
    releaseSource(S);
  }
}

namespace {

/// A device whose moves finish on threads of their own after a random
/// delay. It fails the test when a move goes into a block whose last move
/// was not waited for, or (InOrder: the ring) out of the pieces' order.
class LateDevice : public StagingPort {
public:
  LateDevice(size_t Bytes, unsigned Most, bool InOrder)
      : Memory(Bytes), Most(Most), InOrder(InOrder) {}
  /// Blocks of 4 KiB: the test's pieces are 1000 bytes.
  unsigned borrow(unsigned, unsigned Asked, size_t) override {
    Mem.assign(std::min(Asked, Most), std::vector<unsigned char>(4096));
    Pending.resize(Mem.size());
    return unsigned(Mem.size());
  }
  unsigned char *block(unsigned I) override { return Mem[I].data(); }
  /// Waits for every move (an upload returns before its last ones end).
  void finish() {
    for (unsigned I = 0; I < Pending.size(); ++I)
      awaitIdle(I);
  }
  void awaitIdle(unsigned I) override {
    if (Pending[I].valid())
      Pending[I].get();
  }
  bool finished(unsigned I) override {
    if (Pending[I].valid() &&
        Pending[I].wait_for(std::chrono::seconds(0)) != std::future_status::ready)
      return false;
    awaitIdle(I);
    return true;
  }
  void move(const StagedPiece &P, unsigned I, bool ToDevice) override {
    EXPECT_FALSE(Pending[I].valid()) << "block " << I << " moved while busy";
    if (InOrder) {
      std::lock_guard<std::mutex> G(Lock);
      EXPECT_GE(P.BufOffset, LastOffset) << "moves out of order";
      LastOffset = P.BufOffset;
    }
    unsigned Delay = unsigned(Rng() % 300);
    Pending[I] = std::async(std::launch::async, [this, P, I, ToDevice, Delay] {
      std::this_thread::sleep_for(std::chrono::microseconds(Delay));
      for (size_t Row = 0; Row < P.Rows; ++Row) {
        unsigned char *Dev = Memory.data() + P.BufOffset + Row * P.BufPitch;
        unsigned char *Blk = Mem[I].data() + Row * P.Width;
        ToDevice ? std::memcpy(Dev, Blk, P.Width) : std::memcpy(Blk, Dev, P.Width);
      }
    });
  }
  std::vector<unsigned char> Memory;

private:
  unsigned Most;
  bool InOrder;
  std::vector<std::vector<unsigned char>> Mem;
  std::vector<std::future<void>> Pending;
  std::mutex Lock;
  size_t LastOffset = 0;
  std::minstd_rand Rng{7};
};

} // namespace

TEST_F(StagingTest, RingOverADeviceThatFinishesLate) {
  StagingTuning &T = stagingTuning();
  T.ChunkBytes = 256;
  const size_t Bytes = 40000 + 13;
  for (unsigned Blocks : {1u, 2u, 5u})
    for (unsigned Threads : {1u, 4u, 12u}) {
      T.Threads = Threads;
      T.RingUploads = Blocks != 5; // else through pipelines
      T.RingFromBytes = Blocks != 5 ? 0 : Bytes + 1;
      std::vector<unsigned char> In(Bytes), Out(Bytes, 0);
      for (size_t I = 0; I < Bytes; ++I)
        In[I] = static_cast<unsigned char>(I * 31 + I / 977);
      Rect R{};
      R.Region[0] = Bytes;
      R.Region[1] = R.Region[2] = 1;
      LateDevice Up(Bytes, Blocks, T.RingUploads);
      ASSERT_TRUE(stagedWrite(Up, {R}, In.data()));
      Up.finish();
      EXPECT_TRUE(Up.Memory == In) << Blocks << " blocks, " << Threads << " threads";
      LateDevice Down(Bytes, Blocks, T.RingFromBytes == 0);
      Down.Memory = In;
      ASSERT_TRUE(stagedRead(Down, {R}, Out.data()));
      EXPECT_TRUE(Out == In) << Blocks << " blocks, " << Threads << " threads";
    }
}

TEST_F(StagingTest, SectionsWithShortAndLongRows) {
  const int R = 60, C = 700; // rows of 2800 bytes: longer than a piece
  std::vector<int> Data = iota(R * C);
  DataSource *S = createUserSource(Data.data(), sizeof(int), Data.size());
  Shape<2> All = denseView<2>(S, {R, C});
  // Short rows (13 ints): several rows a piece. Long rows (650 ints): each
  // row in pieces.
  Shape<2> Narrow = sectionOf<2>(All, {3, 5}, {41, 13});
  Shape<2> Wide = sectionOf<2>(All, {50, 20}, {7, 650});
  launch("test_add2", Add2Closure{Narrow}, {41, 13});
  launch("test_add2", Add2Closure{Wide}, {7, 650});
  uint64_t Up = getTransferStats().HostToDeviceBytes;
  EXPECT_EQ(Up, uint64_t(41 * 13 + 7 * 650) * 4);
  hostAccessView(&Narrow.H, sizeof(int), HostAccessMode::Read);
  hostAccessView(&Wide.H, sizeof(int), HostAccessMode::Read);
  EXPECT_EQ(getTransferStats().DeviceToHostBytes, Up);
  for (int Y = 0; Y < R; ++Y)
    for (int X = 0; X < C; ++X) {
      bool InNarrow = Y >= 3 && Y < 44 && X >= 5 && X < 18;
      bool InWide = Y >= 50 && Y < 57 && X >= 20 && X < 670;
      ASSERT_EQ(Data[Y * C + X], Y * C + X + (InNarrow || InWide ? 1 : 0))
          << Y << "," << X;
    }
  releaseSource(S);
}

TEST_F(StagingTest, ThreeDimensionalSection) {
  const int D0 = 6, D1 = 40, D2 = 50;
  std::vector<int> Data = iota(D0 * D1 * D2);
  DataSource *S = createUserSource(Data.data(), sizeof(int), Data.size());
  Shape<3> All = denseView<3>(S, {D0, D1, D2});
  Shape<3> Sec = sectionOf<3>(All, {1, 2, 3}, {4, 30, 45});
  launch("test_add3", Add3Closure{Sec}, {4, 30, 45});
  hostAccessView(&Sec.H, sizeof(int), HostAccessMode::Read);
  for (int Z = 0; Z < D0; ++Z)
    for (int Y = 0; Y < D1; ++Y)
      for (int X = 0; X < D2; ++X) {
        bool In = Z >= 1 && Z < 5 && Y >= 2 && Y < 32 && X >= 3 && X < 48;
        int L = (Z * D1 + Y) * D2 + X;
        ASSERT_EQ(Data[L], L + (In ? 1 : 0)) << Z << "," << Y << "," << X;
      }
  releaseSource(S);
}

TEST_F(StagingTest, CopiesBetweenUserSectionsAndAnArray) {
  const int R = 300, C = 301;
  std::vector<int> Big = iota(R * C);
  DataSource *SB = createUserSource(Big.data(), sizeof(int), Big.size());
  DataSource *Arr = createArraySource(sizeof(int), 50 * 70, nullptr, nullptr);
  Shape<2> All = denseView<2>(SB, {R, C});
  Shape<2> VArr = denseView<2>(Arr, {50, 70});
  Shape<2> From = sectionOf<2>(All, {10, 20}, {50, 70});
  Shape<2> To = sectionOf<2>(All, {200, 100}, {50, 70});
  copyView(&From.H, &VArr.H, sizeof(int));
  EXPECT_EQ(getTransferStats().HostToDeviceBytes, 50u * 70 * 4);
  launch("test_add2", Add2Closure{VArr}, {50, 70});
  copyView(&VArr.H, &To.H, sizeof(int));
  EXPECT_EQ(getTransferStats().DeviceToHostBytes, 50u * 70 * 4);
  for (int Y = 0; Y < 50; ++Y)
    for (int X = 0; X < 70; ++X)
      ASSERT_EQ(Big[(200 + Y) * C + 100 + X], (10 + Y) * C + 20 + X + 1);
  EXPECT_EQ(Big[199 * C + 100], 199 * C + 100);
  EXPECT_EQ(Big[250 * C + 100], 250 * C + 100);
  releaseSource(Arr);
  releaseSource(SB);
}

TEST_F(StagingTest, DenseWritesAndReadsOfAnArray) {
  const int N = 4321;
  std::vector<int> In = iota(N, 100), Out(N, 0);
  DataSource *Arr = createArraySource(sizeof(int), N, nullptr, nullptr);
  Shape<1> V = view1(Arr, N);
  writeViewDense(&V.H, sizeof(int), In.data());
  EXPECT_EQ(getTransferStats().HostToDeviceBytes, uint64_t(N) * 4);
  launch("test_copy", CopyClosure{V, V}, {N});
  // A strided section read back dense: every third element.
  Shape<1> Every3 = view1(Arr, N / 3, 1, 3);
  readViewDense(&Every3.H, sizeof(int), Out.data());
  for (int I = 0; I < N / 3; ++I)
    ASSERT_EQ(Out[I], 100 + 1 + 3 * I + 1) << I;
  readViewDense(&V.H, sizeof(int), Out.data());
  for (int I = 0; I < N; ++I)
    ASSERT_EQ(Out[I], 100 + I + 1) << I;
  releaseSource(Arr);
}

TEST_F(StagingTest, HostCopyOfAnArrayUploadsBeforeItsKernel) {
  // The upload from runtime-owned memory is not waited for (PendingUpload
  // when direct); the next host write must still see the kernel's values.
  const int N = 9999;
  DataSource *Arr = createArraySource(sizeof(int), N, nullptr, nullptr);
  for (int Round = 0; Round < 3; ++Round) {
    int *P = static_cast<int *>(hostAccess(Arr, true));
    for (int I = 0; I < N; ++I)
      P[I] = I * 2 + Round;
    Shape<1> V = view1(Arr, N);
    launch("test_copy", CopyClosure{V, V}, {N});
    const int *Q = static_cast<const int *>(hostAccess(Arr, false));
    for (int I = 0; I < N; ++I)
      ASSERT_EQ(Q[I], I * 2 + Round + 1) << Round << ":" << I;
  }
  releaseSource(Arr);
}

TEST_F(StagingTest, TwoThreadsCopyAtOnce) {
  std::atomic<int> Bad{0};
  auto Work = [&](int Seed) {
    const int N = 20000 + Seed;
    std::vector<int> In = iota(N, Seed * 1000), Out(N, -1);
    DataSource *Arr = createArraySource(sizeof(int), N, nullptr, nullptr);
    Shape<1> V = view1(Arr, N);
    for (int Round = 0; Round < 5; ++Round) {
      writeViewDense(&V.H, sizeof(int), In.data());
      readViewDense(&V.H, sizeof(int), Out.data());
      if (Out != In)
        ++Bad;
      In[Round] = -Round;
    }
    releaseSource(Arr);
  };
  std::thread A(Work, 1), B(Work, 2);
  A.join();
  B.join();
  EXPECT_EQ(Bad.load(), 0);
}

TEST_F(StagingTest, ByDeviceAndSizeUnlessForced) {
  cl_command_queue Q = clQueue(defaultDevice().defaultView()->queue());
  bool Discrete = !defaultDevice().info().HostUnifiedMemory;
  StagingTuning &T = stagingTuning();
  T.Mode = -1;
  T.MinBytes = 1 << 20;
  // Devices that share host memory (PoCL) gain nothing from a second copy.
  EXPECT_EQ(stagesTransfer(Q, size_t(1) << 30), Discrete);
  EXPECT_FALSE(stagesTransfer(Q, (1 << 20) - 1));
  T.Mode = 0;
  EXPECT_FALSE(stagesTransfer(Q, size_t(1) << 30));
  T.Mode = 1;
  EXPECT_TRUE(stagesTransfer(Q, 1));
  EXPECT_FALSE(stagesTransfer(Q, 0));
}
