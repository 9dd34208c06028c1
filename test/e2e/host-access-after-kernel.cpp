// Host element access through the view after a kernel sees the kernel's
// results without an explicit synchronize(): operator[] with an index,
// operator() with ints on a rank-2 view, and data() on a rank-1 view.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: rank-1 via []: 0 mismatches of 300
// CHECK: rank-1 via data(): 0 mismatches of 300
// CHECK: rank-2 via (): 0 mismatches of 60
// CHECK-NOT: mismatch at
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  const int N = 300;
  std::vector<int> A(N);
  for (int I = 0; I < N; ++I)
    A[I] = I;
  array_view<int, 1> AV(N, A);
  parallel_for_each(AV.extent, [=](index<1> I) restrict(amp) {
    AV[I] = AV[I] * AV[I] - 11;
  });
  int Bad = 0;
  for (int I = 0; I < N; ++I)
    if (AV[index<1>(I)] != I * I - 11 && Bad++ < 5)
      std::printf("mismatch at [] %d: %d\n", I, AV[index<1>(I)]);
  std::printf("rank-1 via []: %d mismatches of %d\n", Bad, N);

  // A second kernel, then data(): the pointer must show the new values.
  parallel_for_each(AV.extent, [=](index<1> I) restrict(amp) {
    AV[I] = -AV[I];
  });
  const int *P = AV.data();
  int BadData = 0;
  for (int I = 0; I < N; ++I)
    if (P[I] != -(I * I - 11) && BadData++ < 5)
      std::printf("mismatch at data() %d: %d\n", I, P[I]);
  std::printf("rank-1 via data(): %d mismatches of %d\n", BadData, N);

  const int R = 6, C = 10;
  std::vector<float> M(R * C, 0.0f);
  array_view<float, 2> MV(R, C, M);
  parallel_for_each(MV.extent, [=](index<2> I) restrict(amp) {
    MV[I] = I[0] * 100.0f + I[1] + 0.5f;
  });
  int Bad2 = 0;
  for (int I = 0; I < R; ++I)
    for (int J = 0; J < C; ++J)
      if (MV(I, J) != I * 100.0f + J + 0.5f && Bad2++ < 5)
        std::printf("mismatch at () %d,%d: %f\n", I, J, MV(I, J));
  std::printf("rank-2 via (): %d mismatches of %d\n", Bad2, R * C);
  return Bad + BadData + Bad2 != 0;
}
