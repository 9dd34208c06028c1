// Untiled kernels compiled for the host (-fhost-kernels) and run by the host
// backend: ranks 1 to 3 and 4 (folded), a section (offset and stride), math,
// and global atomics from every thread, each checked against the same loop
// on the CPU. No OpenCL device is needed: the OpenCL backend is not listed.
// RUN: %ampcc -fhost-kernels %s -o %t && env AMPCC_BACKEND=host %t | %FileCheck %s
// CHECK: device: host:0:0
// CHECK: saxpy: 0 mismatches of 100003
// CHECK: rank 2 section: 0 mismatches of 30000
// CHECK: rank 3: 0 mismatches of 4200
// CHECK: rank 4: 0 mismatches of 840
// CHECK: histogram: 0 mismatches of 16, total 1000000
// CHECK-NOT: mismatch at
#include <amp.h>
#include <amp_math.h>
#include <cmath>
#include <cstdio>
#include <vector>
using namespace concurrency;

static int report(const char *What, int Bad, int N) {
  std::printf("%s: %d mismatches of %d\n", What, Bad, N);
  return Bad;
}

int main() {
  std::printf("device: %ls\n", accelerator().get_device_path().c_str());
  int Fails = 0;

  const int N = 100003;
  std::vector<float> X(N), Y(N);
  for (int I = 0; I < N; ++I) {
    X[I] = float(I % 97) * 0.5f;
    Y[I] = float(I % 13);
  }
  std::vector<float> Ref = Y;
  array_view<const float, 1> XV(N, X);
  array_view<float, 1> YV(N, Y);
  parallel_for_each(YV.extent, [=](index<1> I) restrict(amp) {
    YV[I] = 2.5f * XV[I] + fast_math::sqrt(YV[I]);
  });
  YV.synchronize();
  int Bad = 0;
  for (int I = 0; I < N; ++I)
    if (std::fabs(Y[I] - (2.5f * X[I] + std::sqrt(Ref[I]))) > 1e-4f && Bad++ < 5)
      std::printf("mismatch at %d: %f\n", I, Y[I]);
  Fails += report("saxpy", Bad, N);

  // A section of a 300 x 200 view: rows 50..199, columns 30..229 of 260.
  const int R = 300, C = 260;
  std::vector<int> A(R * C, -1);
  array_view<int, 2> AV(R, C, A);
  array_view<int, 2> Sec = AV.section(index<2>(50, 30), extent<2>(150, 200));
  parallel_for_each(Sec.extent, [=](index<2> I) restrict(amp) {
    Sec[I] = I[0] * 1000 + I[1];
  });
  AV.synchronize();
  Bad = 0;
  for (int I = 0; I < R; ++I)
    for (int J = 0; J < C; ++J) {
      bool In = I >= 50 && I < 200 && J >= 30 && J < 230;
      int Want = In ? (I - 50) * 1000 + (J - 30) : -1;
      if (A[I * C + J] != Want && Bad++ < 5)
        std::printf("mismatch at %d,%d: %d\n", I, J, A[I * C + J]);
    }
  Fails += report("rank 2 section", Bad, 150 * 200);

  std::vector<int> B3(7 * 20 * 30);
  array_view<int, 3> V3(7, 20, 30, B3);
  parallel_for_each(V3.extent, [=](index<3> I) restrict(amp) {
    V3[I] = I[0] * 10000 + I[1] * 100 + I[2];
  });
  V3.synchronize();
  Bad = 0;
  for (int I = 0; I < 7 * 20 * 30; ++I)
    if (B3[I] != (I / 600) * 10000 + (I / 30 % 20) * 100 + I % 30 && Bad++ < 5)
      std::printf("mismatch at %d: %d\n", I, B3[I]);
  Fails += report("rank 3", Bad, 7 * 20 * 30);

  std::vector<int> B4(3 * 4 * 5 * 14);
  int Ext[4] = {3, 4, 5, 14};
  array_view<int, 4> V4(extent<4>(Ext), B4);
  parallel_for_each(V4.extent, [=](index<4> I) restrict(amp) {
    V4[I] = ((I[0] * 4 + I[1]) * 5 + I[2]) * 14 + I[3];
  });
  V4.synchronize();
  Bad = 0;
  for (int I = 0; I < 840; ++I)
    if (B4[I] != I && Bad++ < 5)
      std::printf("mismatch at %d: %d\n", I, B4[I]);
  Fails += report("rank 4", Bad, 840);

  // Every work-item adds to one of 16 bins: real atomics, many threads.
  const int M = 1000000;
  std::vector<int> Bins(16, 0);
  array_view<int, 1> BV(16, Bins);
  parallel_for_each(extent<1>(M), [=](index<1> I) restrict(amp) {
    atomic_fetch_add(&BV[(I[0] * 7) % 16], 1);
  });
  BV.synchronize();
  Bad = 0;
  int Total = 0;
  for (int K = 0; K < 16; ++K) {
    int Want = M / 16 + (K < M % 16 ? 1 : 0);
    Total += Bins[K];
    if (Bins[K] != Want && Bad++ < 5)
      std::printf("mismatch at bin %d: %d\n", K, Bins[K]);
  }
  std::printf("histogram: %d mismatches of 16, total %d\n", Bad, Total);
  return Fails + Bad != 0;
}
