// A large rank-2 extent that is not a power of two in either dimension
// (999 x 666, prime-ish factors), so any rounding of the global size or
// wrong row stride leaves elements unwritten or written twice. Each element
// gets a unique value derived from its coordinates; one extra rank-1 launch
// over 999*666 elements checks the linear case.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: non-pow2 rank-2: 0 mismatches of 665334
// CHECK: non-pow2 rank-1: 0 mismatches of 665334
// CHECK-NOT: mismatch at
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  const int R = 999, C = 666, N = R * C;
  std::vector<int> A(N, -1), B(N, -1);
  array_view<int, 2> AV(R, C, A);
  AV.discard_data();
  parallel_for_each(AV.extent, [=](index<2> I) restrict(amp) {
    AV[I] = I[0] * 1000 + I[1];
  });
  AV.synchronize();
  int Bad = 0;
  for (int I = 0; I < R; ++I)
    for (int J = 0; J < C; ++J)
      if (A[I * C + J] != I * 1000 + J && Bad++ < 5)
        std::printf("mismatch at %d,%d: %d\n", I, J, A[I * C + J]);
  std::printf("non-pow2 rank-2: %d mismatches of %d\n", Bad, N);

  array_view<int, 1> BV(N, B);
  parallel_for_each(BV.extent, [=](index<1> I) restrict(amp) {
    BV[I] = BV[I] + I[0] + 2;   // -1 + i + 2
  });
  BV.synchronize();
  int Bad1 = 0;
  for (int I = 0; I < N; ++I)
    if (B[I] != I + 1 && Bad1++ < 5)
      std::printf("mismatch at %d: %d\n", I, B[I]);
  std::printf("non-pow2 rank-1: %d mismatches of %d\n", Bad1, N);
  return Bad + Bad1 != 0;
}
