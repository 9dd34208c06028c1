// A kernel inside a function template, instantiated for float and for int
// (one kernel per instantiation, each with its own element type). A float
// kernel reused for int data would give wrong values, as would the reverse.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: template float: 0 mismatches of 100
// CHECK: template int: 0 mismatches of 100
// CHECK-NOT: mismatch at
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

template <typename T> void halveAndAdd(std::vector<T> &Data, T Add) {
  array_view<T, 1> V((int)Data.size(), Data);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) {
    V[I] = V[I] / (T)2 + Add;
  });
  V.synchronize();
}

int main() {
  const int N = 100;
  std::vector<float> F(N);
  std::vector<int> I32(N);
  for (int I = 0; I < N; ++I) {
    F[I] = (float)I;
    I32[I] = I;
  }
  halveAndAdd(F, 0.25f);
  halveAndAdd(I32, 1000);
  int BadF = 0, BadI = 0;
  for (int I = 0; I < N; ++I) {
    float RefF = I / 2.0f + 0.25f;   // 0.5 fractions survive only in float
    int RefI = I / 2 + 1000;         // truncating division only in int
    if (F[I] != RefF && BadF++ < 5)
      std::printf("mismatch at float %d: %f vs %f\n", I, F[I], RefF);
    if (I32[I] != RefI && BadI++ < 5)
      std::printf("mismatch at int %d: %d vs %d\n", I, I32[I], RefI);
  }
  std::printf("template float: %d mismatches of %d\n", BadF, N);
  std::printf("template int: %d mismatches of %d\n", BadI, N);
  return BadF + BadI != 0;
}
