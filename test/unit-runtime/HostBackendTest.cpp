//===- HostBackendTest.cpp - the host backend without the compiler --------===//
//
// Hand-written host kernels (the ABI of include/ampcc/host_kernel_abi.h, as
// ampcc -fhost-kernels emits it) launched through the host backend: every
// work-item of a part runs exactly once with the right ids, tiles switch
// work-items at barriers (also in loops), and memory commands move the
// bytes they name.
//
//===----------------------------------------------------------------------===//

#include "backends/host/HostBackend.h"
#include "support/Region.h"

#include "ampcc/exceptions.h"
#include "ampcc/runtime_api.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <numeric>
#include <vector>

using namespace ampcc::rt;

namespace {

// Untiled: Counts[global linear id] += 1 and Ids[...] = the global id
// seen, for every work-item of the part (args: int *Counts, int *Ids).
void countItems(void *const *Args, const ampcc_host_launch *L) {
  int *Counts = *static_cast<int *const *>(Args[0]);
  int *Ids = *static_cast<int *const *>(Args[1]);
  const ampcc_host_launch *Cur = ampcc_host_current_launch();
  ASSERT_EQ(Cur->global[0], L->global[0]);
  for (size_t Z = L->lo[2]; Z < L->hi[2]; ++Z)
    for (size_t Y = L->lo[1]; Y < L->hi[1]; ++Y)
      for (size_t X = L->lo[0]; X < L->hi[0]; ++X) {
        size_t I = ((Z - L->offset[2]) * L->global[1] + (Y - L->offset[1])) * L->global[0] +
                   (X - L->offset[0]);
        ++Counts[I];
        Ids[I] = int(X + 100 * Y + 10000 * Z);
      }
}

// Tiled: each work-item stores its value in tile storage, waits, reads its
// mirror's; then four rounds of "add the left neighbour's value" with a
// barrier between the read and the write (args: int *In, int *Out).
void mirrorTile(void *const *Args, const ampcc_item *It) {
  static thread_local int Shared[1024];
  const int *In = *static_cast<int *const *>(Args[0]);
  int *Out = *static_cast<int *const *>(Args[1]);
  const ampcc_host_launch *L = ampcc_host_current_launch();
  size_t N = L->local[0] * L->local[1];
  size_t Lid = It->lid[1] * L->local[0] + It->lid[0];
  size_t Gid = It->gid[1] * L->global[0] + It->gid[0];
  Shared[Lid] = In[Gid];
  ampcc_host_barrier();
  int Mine = Shared[N - 1 - Lid];
  ampcc_host_barrier();
  Shared[Lid] = Mine;
  for (int Round = 0; Round < 4; ++Round) {
    ampcc_host_barrier();
    int Left = Lid ? Shared[Lid - 1] : 0;
    ampcc_host_barrier();
    Shared[Lid] += Left;
  }
  ampcc_host_barrier();
  Out[Gid] = Shared[Lid] * 1000 + int(It->grp[0] + 10 * It->grp[1]);
}

// Untiled, a kernel that only adds to argument 0 (AMPCC_OWN_ADD, as
// AtomicOnlyViews.h marks one): Bins[x % 16] += 1, a plain addition where
// the launch says the thread's argument is its own copy, else an atomic;
// every call records the flag in Seen[0] (args: int *Bins, long *Seen, int
// *Other, which may overlap Bins).
void addOwned(void *const *Args, const ampcc_host_launch *L) {
  int *Bins = *static_cast<int *const *>(Args[0]);
  long *Seen = *static_cast<long *const *>(Args[1]);
  for (size_t X = L->lo[0]; X < L->hi[0]; ++X) {
    if (L->owned)
      Bins[X % 16] += 1;
    else
      __atomic_fetch_add(&Bins[X % 16], 1, __ATOMIC_RELAXED);
  }
  __atomic_store_n(&Seen[0], long(L->owned), __ATOMIC_RELAXED);
}

// The same for signed maxima (AMPCC_OWN_MAX_INT): Bins[x % 16] = max(it,
// x - 50000).
void maxOwned(void *const *Args, const ampcc_host_launch *L) {
  int *Bins = *static_cast<int *const *>(Args[0]);
  long *Seen = *static_cast<long *const *>(Args[1]);
  for (size_t X = L->lo[0]; X < L->hi[0]; ++X) {
    int V = int(X) - 50000;
    if (L->owned)
      Bins[X % 16] = std::max(Bins[X % 16], V);
    else
      __atomic_fetch_max(&Bins[X % 16], V, __ATOMIC_RELAXED);
  }
  __atomic_store_n(&Seen[0], long(L->owned), __ATOMIC_RELAXED);
}

const unsigned char AddsToFirst[] = {AMPCC_OWN_ADD, 0, 0};
const unsigned char MaxOfFirst[] = {AMPCC_OWN_MAX_INT, 0};

const ampcc_host_kernel Table[] = {{"count_items", 2, countItems, nullptr},
                                   {"mirror_tile", 2, nullptr, mirrorTile},
                                   {"add_owned", 3, addOwned, nullptr, nullptr, 0, AddsToFirst},
                                   {"max_owned", 2, maxOwned, nullptr, nullptr, 0, MaxOfFirst},
                                   {nullptr, 0, nullptr, nullptr}};
const char Source[] = "/* the OpenCL C these kernels stand for */";

class HostBackendTest : public ::testing::Test {
protected:
  void SetUp() override {
    registerHostKernels(Source, Table, Table, " sse4.2");
    Ctx = B.createContext({}, "test", nullptr);
    Q = B.createQueue(Ctx, nullptr, false, "test");
    Program P = B.loadSource(Ctx, Source, "HostBackendTest.cpp");
    ASSERT_EQ(B.build(P, nullptr, ""), 0);
    Prog = P;
  }
  Kernel kernel(const char *Name) {
    int Status = 0;
    Kernel K = B.kernel(Prog, Name, Status);
    EXPECT_TRUE(K) << Name;
    return K;
  }
  HostBackend &B = hostBackend();
  Context Ctx;
  Queue Q;
  Program Prog;
};

} // namespace

TEST_F(HostBackendTest, UntiledRunsEveryWorkItemOnceWithItsIds) {
  const size_t Size[3] = {1003, 7, 3}, Offset[3] = {5, 2, 1};
  size_t N = Size[0] * Size[1] * Size[2];
  Buffer Counts = B.allocate(Ctx, N * sizeof(int), std::vector<int>(N, 0).data(), "");
  Buffer Ids = B.allocate(Ctx, N * sizeof(int), nullptr, "");
  Kernel K = kernel("count_items");
  K.setArg(0, Counts);
  K.setArg(1, Ids);
  LaunchPart Part;
  Part.Dims = 3;
  Part.Size = Size;
  Part.Offset = Offset;
  Q.launch(K, Part);
  std::vector<int> C(N), I(N);
  Q.read(Counts, true, 0, N * sizeof(int), C.data());
  Q.read(Ids, true, 0, N * sizeof(int), I.data());
  for (size_t Z = 0; Z < Size[2]; ++Z)
    for (size_t Y = 0; Y < Size[1]; ++Y)
      for (size_t X = 0; X < Size[0]; ++X) {
        size_t At = (Z * Size[1] + Y) * Size[0] + X;
        ASSERT_EQ(C[At], 1) << X << "," << Y << "," << Z;
        ASSERT_EQ(I[At], int(X + 5 + 100 * (Y + 2) + 10000 * (Z + 1)));
      }
}

TEST_F(HostBackendTest, TilesSwitchWorkItemsAtBarriers) {
  const size_t Size[2] = {64, 32}, Local[2] = {16, 8};
  size_t N = Size[0] * Size[1];
  std::vector<int> In(N);
  std::iota(In.begin(), In.end(), 0);
  Buffer InB = B.allocate(Ctx, N * sizeof(int), In.data(), "");
  Buffer OutB = B.allocate(Ctx, N * sizeof(int), nullptr, "");
  Kernel K = kernel("mirror_tile");
  K.setArg(0, InB);
  K.setArg(1, OutB);
  LaunchPart Part;
  Part.Dims = 2;
  Part.Size = Size;
  Part.Local = Local;
  Q.launch(K, Part);
  std::vector<int> Out(N);
  Q.read(OutB, true, 0, N * sizeof(int), Out.data());
  // The same computation, one tile at a time, sequentially.
  size_t T = Local[0] * Local[1];
  for (size_t GY = 0; GY < Size[1] / Local[1]; ++GY)
    for (size_t GX = 0; GX < Size[0] / Local[0]; ++GX) {
      std::vector<int> S(T);
      auto Gid = [&](size_t L) {
        return (GY * Local[1] + L / Local[0]) * Size[0] + GX * Local[0] + L % Local[0];
      };
      for (size_t L = 0; L < T; ++L)
        S[L] = In[Gid(T - 1 - L)];
      for (int Round = 0; Round < 4; ++Round) {
        std::vector<int> Prev = S;
        for (size_t L = 0; L < T; ++L)
          S[L] += L ? Prev[L - 1] : 0;
      }
      for (size_t L = 0; L < T; ++L)
        ASSERT_EQ(Out[Gid(L)], S[L] * 1000 + int(GX + 10 * GY)) << "tile " << GX << ","
                                                                 << GY << " item " << L;
    }
}

TEST_F(HostBackendTest, MemoryCommandsMoveTheBytesTheyName) {
  std::vector<unsigned char> Host(256);
  std::iota(Host.begin(), Host.end(), 0);
  Buffer Buf = B.allocate(Ctx, 256, nullptr, "");
  int Pattern = 0x01020304;
  Q.fill(Buf, &Pattern, 4, 0, 256, "test");
  // Rows 1 and 2 of a 16-byte pitch, 8 bytes from column 4.
  Rect R = {16 + 4, 16 + 4, {8, 2, 1}, 16, 256, 16, 256};
  Q.writeRects(Buf, {R}, Host.data(), false, false);
  std::vector<unsigned char> Back(256);
  Q.read(Buf, true, 0, 256, Back.data());
  for (size_t I = 0; I < 256; ++I) {
    bool Written = (I / 16 == 1 || I / 16 == 2) && I % 16 >= 4 && I % 16 < 12;
    unsigned char Filled = (unsigned char)(Pattern >> (8 * (I % 4)));
    ASSERT_EQ(Back[I], Written ? Host[I] : Filled) << "byte " << I;
  }
}

TEST_F(HostBackendTest, ProgramsWithoutHostKernelsSaySo) {
  static const char Other[] = "/* compiled without -fhost-kernels */";
  try {
    B.loadSource(Ctx, Other, "plain.cpp");
    FAIL() << "loaded a program that has no host kernels";
  } catch (const Concurrency::runtime_exception &E) {
    EXPECT_NE(std::string(E.what()).find("plain.cpp"), std::string::npos) << E.what();
    EXPECT_NE(std::string(E.what()).find("-fno-host-kernels"), std::string::npos) << E.what();
  }
  int Status = 0;
  EXPECT_FALSE(B.kernel(Prog, "no_such_kernel", Status));
  EXPECT_EQ(B.failureOf(Status), Backend::Failure::MissingKernel);
}

// A launch of a kernel that only adds to a buffer gives each thread a copy,
// and the copies' sums reach the buffer; not where another argument
// overlaps the buffer, where the copies would cost more than the launch,
// or where the buffer is too large to copy.
TEST_F(HostBackendTest, AtomicOnlyBuffersGetEachThreadsCopy) {
  struct Case {
    const char *What;
    size_t Items, Bins;
    bool OtherOverlaps, Owned;
  } Cases[] = {{"many work-items", 100000, 16, false, true},
               {"overlapping argument", 100000, 16, true, false},
               {"fewer work-items than elements", 8, 16, false, false},
               {"buffer past 4 MiB", 100000, (size_t(4) << 20) / 4 + 1, false, false}};
  for (const Case &C : Cases) {
    SCOPED_TRACE(C.What);
    std::vector<int> Init(C.Bins, 5);
    Buffer Bins = B.allocate(Ctx, C.Bins * sizeof(int), Init.data(), "");
    Buffer Seen = B.allocate(Ctx, 2 * sizeof(long), std::vector<long>(2, -1).data(), "");
    Buffer Other = B.allocate(Ctx, sizeof(int), Init.data(), "");
    Kernel K = kernel("add_owned");
    K.setArg(0, Bins);
    K.setArg(1, Seen);
    K.setArg(2, C.OtherOverlaps ? Bins : Other);
    LaunchPart Part;
    Part.Dims = 1;
    Part.Size = &C.Items;
    Q.launch(K, Part);
    Q.launch(K, Part); // The second adds to the first's sums.
    std::vector<int> Got(16);
    std::vector<long> Flags(2);
    Q.read(Bins, true, 0, 16 * sizeof(int), Got.data());
    Q.read(Seen, true, 0, 2 * sizeof(long), Flags.data());
    for (size_t I = 0; I < 16; ++I) {
      int PerLaunch = int(C.Items / 16 + (I < C.Items % 16));
      EXPECT_EQ(Got[I], 5 + 2 * PerLaunch) << "bin " << I;
    }
    EXPECT_EQ(Flags[0], long(C.Owned));
  }
}

// A maximum's copies start at INT_MIN, and merging one keeps a larger
// element of the buffer.
TEST_F(HostBackendTest, MaximaMergeFromEachThreadsCopy) {
  std::vector<int> Init(16, -2000000000);
  Init[3] = 2000000000;
  Buffer Bins = B.allocate(Ctx, 16 * sizeof(int), Init.data(), "");
  Buffer Seen = B.allocate(Ctx, sizeof(long), std::vector<long>(1, -1).data(), "");
  Kernel K = kernel("max_owned");
  K.setArg(0, Bins);
  K.setArg(1, Seen);
  const size_t Items = 100000;
  LaunchPart Part;
  Part.Dims = 1;
  Part.Size = &Items;
  Q.launch(K, Part);
  std::vector<int> Got(16);
  long Flag = 0;
  Q.read(Bins, true, 0, 16 * sizeof(int), Got.data());
  Q.read(Seen, true, 0, sizeof(long), &Flag);
  EXPECT_EQ(Flag, 1);
  for (int I = 0; I < 16; ++I) {
    int Largest = int((Items - 1) - ((Items - 1) % 16 + 16 - I) % 16) - 50000;
    EXPECT_EQ(Got[I], I == 3 ? 2000000000 : Largest) << "bin " << I;
  }
}

TEST(OwnedBuffers, NeedEveryMarkedArgumentToBeABufferOfItsOwn) {
  const unsigned char FirstAndLast[] = {AMPCC_OWN_ADD, 0, AMPCC_OWN_OR};
  ampcc_host_kernel K = {"k", 3, nullptr, nullptr, nullptr, 0, FirstAndLast};
  unsigned char A[64], Bm[64], Cm[64];
  std::vector<BufferArg> Args = {{0, A, 64}, {1, Bm, 64}, {2, Cm, 64}};
  EXPECT_EQ(ownedBuffers(K, Args, 1000, 2).size(), 2u);
  // 32 words in two copies on 2 threads: 64 work-items at least.
  EXPECT_EQ(ownedBuffers(K, Args, 63, 2).size(), 0u);
  EXPECT_EQ(ownedBuffers(K, Args, 64, 2).size(), 2u);
  // Argument 1 overlaps argument 2's memory.
  std::vector<BufferArg> Overlapping = {{0, A, 64}, {1, Cm + 60, 4}, {2, Cm, 64}};
  EXPECT_EQ(ownedBuffers(K, Overlapping, 1000, 2).size(), 0u);
  // Argument 2 is not a buffer.
  std::vector<BufferArg> Missing = {{0, A, 64}, {1, Bm, 64}};
  EXPECT_EQ(ownedBuffers(K, Missing, 1000, 2).size(), 0u);
  EXPECT_EQ(ownedBuffers(K, Args, 1000, 2)[1].Kind, unsigned(AMPCC_OWN_OR));
  K.owned = nullptr;
  EXPECT_EQ(ownedBuffers(K, Args, 1000, 2).size(), 0u);
}
