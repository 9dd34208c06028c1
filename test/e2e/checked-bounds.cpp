// Checked mode (`ampcc -fsanitize=bounds`, issue 12): kernels with seeded
// out-of-bounds bugs. Every bad access is skipped (nothing outside the
// data is read or written: the sentinel after a section stays), and the
// next synchronizing call throws a runtime_exception naming the kernel,
// the access's file:line:col, the index and the extent. Correct kernels
// give the right results and no exception; host accesses out of range
// throw std::out_of_range; a fault no synchronizing call sees is printed
// at exit.
// REQUIRES: opencl
// RUN: %ampcc -fsanitize=bounds %s -o %t && %t 2>&1 | %FileCheck %s
#include <amp.h>
#include <cstdio>
#include <functional>
#include <stdexcept>
#include <vector>
using namespace concurrency;

static void expectFault(const char *Case, const std::function<void()> &Sync) {
  try {
    Sync();
    std::printf("%s: no exception\n", Case);
  } catch (const runtime_exception &E) {
    std::printf("%s: %s\n", Case, E.what());
  }
}

int main() {
  // 1. An off-by-one write through a section: the element after it is the
  // sentinel, which must survive.
  std::vector<int> Data(65, 0);
  Data[64] = -1;
  array_view<int, 1> All(65, Data);
  array_view<int, 1> V = All.section(0, 64);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) {
    V[I[0] + 1] = 1;
    // CHECK: off-by-one: kernel at {{.*}}checked-bounds.cpp:{{[0-9]+}}:{{[0-9]+}}: index (64) is outside the extent (64) at {{.*}}checked-bounds.cpp:[[@LINE-1]]:{{[0-9]+}} (1 bad access in this launch
  });
  expectFault("off-by-one", [&] { All.synchronize(); });
  int Ones = 0;
  for (int K = 1; K < 64; ++K)
    Ones += Data[K] == 1;
  // CHECK-NEXT: off-by-one data: first 0, 63 ones, sentinel -1
  std::printf("off-by-one data: first %d, %d ones, sentinel %d\n", Data[0], Ones, Data[64]);

  // 2. A tile_static array read one past its end in each of 4 tiles.
  std::vector<int> Out(64, 0);
  array_view<int, 1> O(64, Out);
  parallel_for_each(O.extent.tile<16>(), [=](tiled_index<16> T) restrict(amp) {
    tile_static int S[16];
    S[T.local[0]] = T.local[0];
    T.barrier.wait();
    int Next = S[T.local[0] + 1];
    // CHECK-NEXT: tile_static: {{.*}}: index (16) is outside the extent (16) at {{.*}}checked-bounds.cpp:[[@LINE-1]]:{{[0-9]+}} (4 bad accesses in this launch
    O[T.global] = T.local[0] < 15 ? Next : 100;
  });
  expectFault("tile_static", [&] { O.synchronize(); });
  bool TileOk = true;
  for (int K = 0; K < 64; ++K)
    TileOk &= Out[K] == (K % 16 < 15 ? K % 16 + 1 : 100);
  // CHECK-NEXT: tile_static data: ok
  std::printf("tile_static data: %s\n", TileOk ? "ok" : "wrong");

  // 3. A rank-2 view indexed past its last column, found by wait().
  std::vector<float> M(4 * 8, 0.0f);
  array_view<float, 2> MV(4, 8, M);
  accelerator_view AV = accelerator().get_default_view();
  parallel_for_each(AV, MV.extent, [=](index<2> I) restrict(amp) {
    MV[I + index<2>(0, 1)] += 1.0f;
    // CHECK-NEXT: wait: {{.*}}: index ({{[0-3]}}, 8) is outside the extent (4, 8) at {{.*}}checked-bounds.cpp:[[@LINE-1]]:{{[0-9]+}} (4 bad accesses in this launch
  });
  expectFault("wait", [&] { AV.wait(); });

  // 4. A private array summed with `<=`.
  std::vector<int> Sums(8, 0);
  array_view<int, 1> SV(8, Sums);
  parallel_for_each(SV.extent, [=](index<1> I) restrict(amp) {
    int A[4] = {1, 2, 3, I[0]};
    int Sum = 0;
    for (int K = 0; K <= 4; ++K)
      Sum += A[K];
    // CHECK-NEXT: private: {{.*}}: index (4) is outside the extent (4) at {{.*}}checked-bounds.cpp:[[@LINE-1]]:{{[0-9]+}} (8 bad accesses in this launch
    SV[I] = Sum;
  });
  expectFault("private", [&] { SV.synchronize(); });

  // 5. A correct kernel: right results, no exception.
  std::vector<int> Sq(256);
  array_view<int, 1> SqV(256, Sq);
  parallel_for_each(SqV.extent.tile<64>(), [=](tiled_index<64> T) restrict(amp) {
    tile_static int S[64];
    S[T.local[0]] = T.global[0];
    T.barrier.wait();
    SqV[T.global] = S[63 - T.local[0]] * 2;
  });
  expectFault("correct", [&] { SqV.synchronize(); });
  // CHECK-NEXT: correct: no exception
  bool SqOk = true;
  for (int K = 0; K < 256; ++K)
    SqOk &= Sq[K] == (K / 64 * 64 + 63 - K % 64) * 2;
  // CHECK-NEXT: correct data: ok
  std::printf("correct data: %s\n", SqOk ? "ok" : "wrong");

  // 6. Host accesses out of range.
  try {
    int X = SqV[256];
    std::printf("host: no exception (%d)\n", X);
  } catch (const std::out_of_range &E) {
    // CHECK-NEXT: host: out_of_range: host access: index (256) is outside the extent (256)
    std::printf("host: out_of_range: %s\n", E.what());
  }
  // Every coordinate is checked, also where the element would lie inside
  // the view (which Visual C++ and ampcc's default mode let pass).
  array_view<int, 2> Sq2(4, 64, Sq);
  try {
    int X = Sq2(2, 70);
    std::printf("host 2d: no exception (%d)\n", X);
  } catch (const std::out_of_range &E) {
    // CHECK-NEXT: host 2d: out_of_range: host access: index (2, 70) is outside the extent (4, 64)
    std::printf("host 2d: out_of_range: %s\n", E.what());
  }

  // 7. A fault nothing synchronizes after: reported at exit.
  std::vector<int> Last(4, 0);
  array_view<int, 1> LV(4, Last);
  parallel_for_each(LV.extent, [=](index<1> I) restrict(amp) { LV[I[0] * 2] = 1; });
  // CHECK-NEXT: ampcc: kernel at {{.*}}: index ({{[4-6]}}) is outside the extent (4) at {{.*}}checked-bounds.cpp:[[@LINE-1]]:{{[0-9]+}} (2 bad accesses in this launch, skipped by -fsanitize=bounds); no synchronizing call reported it
  std::fflush(stdout);
  LV.discard_data(); // No write-back at LV's destruction: nothing syncs.
  return 0;
}
