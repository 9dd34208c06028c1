// double_3 and conversions in a kernel (cl_khr_fp64): arithmetic with a
// broadcast scalar, a zyx swizzle write, explicit conversions double_3 ->
// float_3 -> int_3 and uint_3 -> double_3, and == / != on vectors. Run with
// -ffp-contract=off so the device rounds like the host reference, which
// works on plain doubles.
// REQUIRES: opencl
// RUN: %ampcc -ffp-contract=off %s -o %t && %t | %FileCheck %s
// CHECK: double3: 0 mismatches
// CHECK-NOT: mismatch at
#include <amp.h>
#include <amp_short_vectors.h>
#include <cstdio>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;

int main() {
  const int N = 300;
  std::vector<double_3> In(N), Out(N);
  std::vector<int> Flags(N, -1);
  std::vector<double> Ref(3 * N);
  std::vector<int> RefFlags(N);
  for (int I = 0; I < N; ++I) {
    double C[3] = {I / 3.0, -I * 1.25, 1e4 / (I + 1)};
    In[I] = double_3(C[0], C[1], C[2]);
    double T[3];
    for (int K = 0; K < 3; ++K)
      T[K] = C[K] * 0.5 + 2.0;
    // t.zyx = t, then + (double_3)(int_3)(float_3)t and + (double_3)uint_3(7)
    double S[3] = {T[2], T[1], T[0]};
    for (int K = 0; K < 3; ++K)
      Ref[3 * I + K] = S[K] + (double)(int)(float)S[K] + 7.0;
    RefFlags[I] = (S[0] == S[2]) + 2 * (S[0] != T[0]);
  }
  array_view<const double_3, 1> InV(N, In);
  array_view<double_3, 1> OutV(N, Out);
  array_view<int, 1> FlagV(N, Flags);
  parallel_for_each(OutV.extent, [=](index<1> I) restrict(amp) {
    double_3 T = InV[I] * 0.5 + 2.0;
    double_3 S = T;
    S.zyx = T;
    double_3 R = S + double_3(int_3(float_3(S))) + double_3(uint_3(7u));
    OutV[I] = R;
    FlagV[I] = (double_3(S.x) == double_3(S.z)) + 2 * (S != T);
  });
  OutV.synchronize();
  FlagV.synchronize();
  int Bad = 0;
  for (int I = 0; I < N; ++I) {
    double Got[3] = {Out[I].x, Out[I].y, Out[I].z};
    for (int K = 0; K < 3; ++K)
      if (Got[K] != Ref[3 * I + K] && Bad++ < 5)
        std::printf("mismatch at %d.%d: %.17g vs %.17g\n", I, K, Got[K], Ref[3 * I + K]);
    if (Flags[I] != RefFlags[I] && Bad++ < 5)
      std::printf("mismatch at %d flags: %d vs %d\n", I, Flags[I], RefFlags[I]);
  }
  std::printf("double3: %d mismatches\n", Bad);
  return Bad != 0;
}
