// long and unsigned long views and captures in a kernel: values that need more
// than 32 bits (so truncation to int shows up), signed division/modulo of
// negatives and unsigned wrap-around, compared with a CPU reference.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: long: 0 mismatches of 500
// CHECK: ulong: 0 mismatches of 500
// CHECK-NOT: mismatch at
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  const int N = 500;
  std::vector<long> L(N), LRef(N);
  std::vector<unsigned long> U(N), URef(N);
  long Big = 5000000000L;             // > 2^32
  unsigned long UBig = 0xFFFFFFFFFFFFFF00UL;
  for (int I = 0; I < N; ++I) {
    L[I] = (I % 2 ? -1L : 1L) * (Big + I * 123456789L);
    // Alternate values that wrap around 2^64 with values whose results need
    // more than 32 bits.
    U[I] = I % 2 ? UBig + (unsigned long)I
                 : 0x123456789ABUL + (unsigned long)I * 0x100000001UL;
  }
  for (int I = 0; I < N; ++I) {
    long X = L[I];
    LRef[I] = X / 7 + X % 1000 - Big * 2;
    URef[I] = U[I] * 3UL + (U[I] >> 33) + 1UL;
  }
  array_view<long, 1> LV(N, L);
  array_view<unsigned long, 1> UV(N, U);
  parallel_for_each(LV.extent, [=](index<1> I) restrict(amp) {
    long X = LV[I];
    LV[I] = X / 7 + X % 1000 - Big * 2;
    unsigned long Y = UV[I];
    UV[I] = Y * 3UL + (Y >> 33) + 1UL;
  });
  LV.synchronize();
  UV.synchronize();
  int BadL = 0, BadU = 0;
  for (int I = 0; I < N; ++I) {
    if (L[I] != LRef[I] && BadL++ < 5)
      std::printf("mismatch at long %d: %ld vs %ld\n", I, L[I], LRef[I]);
    if (U[I] != URef[I] && BadU++ < 5)
      std::printf("mismatch at ulong %d: %lu vs %lu\n", I, U[I], URef[I]);
  }
  std::printf("long: %d mismatches of %d\n", BadL, N);
  std::printf("ulong: %d mismatches of %d\n", BadU, N);
  return BadL + BadU != 0;
}
