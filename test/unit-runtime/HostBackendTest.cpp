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

const ampcc_host_kernel Table[] = {{"count_items", 2, countItems, nullptr},
                                   {"mirror_tile", 2, nullptr, mirrorTile},
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
