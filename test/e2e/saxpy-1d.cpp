// A rank-1 kernel over float data: a const view, a writable view and a scalar
// capture; results compared with a CPU reference.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: saxpy: 0 mismatches
// CHECK-NOT: mismatch at
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  const int N = 1000;
  std::vector<float> X(N), Y(N), Ref(N);
  for (int I = 0; I < N; ++I) {
    X[I] = I * 0.5f;
    Y[I] = 100.0f - I;
    Ref[I] = 3.0f * X[I] + Y[I];
  }
  float A = 3.0f;
  array_view<const float, 1> XV(N, X);
  array_view<float, 1> YV(N, Y);
  parallel_for_each(YV.extent, [=](index<1> I) restrict(amp) {
    YV[I] = A * XV[I] + YV[I];
  });
  YV.synchronize();
  int Bad = 0;
  for (int I = 0; I < N; ++I)
    if (Y[I] != Ref[I] && Bad++ < 5)
      std::printf("mismatch at %d: %f vs %f\n", I, Y[I], Ref[I]);
  std::printf("saxpy: %d mismatches\n", Bad);
  return Bad != 0;
}
