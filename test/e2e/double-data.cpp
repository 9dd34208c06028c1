// Double-precision data end to end: a const double view, a written double
// view, a double scalar capture and values that do not survive a round trip
// through float, compared exactly with a CPU reference.
// REQUIRES: opencl
// RUN: %ampcc -ffp-contract=off %s -o %t && %t | %FileCheck %s
// CHECK: double: 0 mismatches of 777
// CHECK-NOT: mismatch at
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  const int N = 777;
  std::vector<double> A(N), B(N), Ref(N);
  for (int I = 0; I < N; ++I) {
    A[I] = 1.0 + I * 1e-12;          // distinct only in double precision
    B[I] = 1e10 + I * 0.125;
  }
  double Scale = 1.0 / 3.0;
  for (int I = 0; I < N; ++I) {
    double T = (A[I] - 1.0) * 1e12;  // recovers I exactly only in double
    double P = B[I] * Scale;          // separate statements: no fma contraction
    Ref[I] = P + T;
  }
  array_view<const double, 1> AV(N, A);
  array_view<double, 1> BV(N, B);
  parallel_for_each(BV.extent, [=](index<1> I) restrict(amp) {
    double T = (AV[I] - 1.0) * 1e12;
    double P = BV[I] * Scale;
    BV[I] = P + T;
  });
  BV.synchronize();
  int Bad = 0;
  for (int I = 0; I < N; ++I)
    if (B[I] != Ref[I] && Bad++ < 5)
      std::printf("mismatch at %d: %.17g vs %.17g\n", I, B[I], Ref[I]);
  std::printf("double: %d mismatches of %d\n", Bad, N);
  return Bad != 0;
}
