// restrict(cpu, amp) functions (plain and a function template, calling each
// other) are called from host code and from a kernel; the host results are
// the reference for the kernel results, and also checked against constants.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: host poly(3) = 58, clampTo(-4, 0, 9) = 0, clampTo(2.5, 0, 1) = 1.0
// CHECK: cpu-amp: 0 mismatches of 500
// CHECK-NOT: mismatch at
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int poly(int X) restrict(cpu, amp) { return 5 * X * X + 4 * X + 1; }

template <typename T> T clampTo(T V, T Lo, T Hi) restrict(amp, cpu) {
  return V < Lo ? Lo : (V > Hi ? Hi : V);
}

float mixed(int X, float Y) restrict(cpu, amp) {
  return clampTo((float)poly(X % 10) * Y, -100.0f, 100.0f) +
         (float)clampTo(X, 10, 400);
}

int main() {
  std::printf("host poly(3) = %d, clampTo(-4, 0, 9) = %d, clampTo(2.5, 0, 1) = %.1f\n",
              poly(3), clampTo(-4, 0, 9), clampTo(2.5, 0.0, 1.0));
  const int N = 500;
  std::vector<float> Y(N), Out(N, 0.0f), Ref(N);
  std::vector<int> PolyOut(N, 0);
  for (int I = 0; I < N; ++I) {
    Y[I] = (I % 13) * 0.75f - 4.0f;
    Ref[I] = mixed(I, Y[I]);
  }
  array_view<const float, 1> YV(N, Y);
  array_view<float, 1> OV(N, Out);
  array_view<int, 1> PV(N, PolyOut);
  parallel_for_each(OV.extent, [=](index<1> I) restrict(amp) {
    OV[I] = mixed(I[0], YV[I]);
    PV[I] = poly(I[0] - 250);
  });
  OV.synchronize();
  PV.synchronize();
  int Bad = 0;
  for (int I = 0; I < N; ++I) {
    if (Out[I] != Ref[I] && Bad++ < 5)
      std::printf("mismatch at %d: %f vs %f\n", I, Out[I], Ref[I]);
    if (PolyOut[I] != poly(I - 250) && Bad++ < 5)
      std::printf("mismatch at poly %d: %d vs %d\n", I, PolyOut[I], poly(I - 250));
  }
  std::printf("cpu-amp: %d mismatches of %d\n", Bad, N);
  return Bad != 0;
}
