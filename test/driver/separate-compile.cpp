// Separate compilation: `-c` on each of two files (each with its own kernel),
// then linking the two objects with ampcc; and `-c` on both files in one
// command (objects named after the sources in the current directory). Both
// programs run and both kernels (one per translation unit) give the right
// values.
// REQUIRES: opencl
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %ampcc -c %s -o %t.dir/main.o
// RUN: %ampcc -c %S/Inputs/separate-kernels.cpp -o %t.dir/kernels.o
// RUN: %ampcc %t.dir/main.o %t.dir/kernels.o -o %t.dir/prog
// RUN: %t.dir/prog | %FileCheck %s
// RUN: cd %t.dir && %ampcc -c %s %S/Inputs/separate-kernels.cpp
// RUN: cd %t.dir && %ampcc separate-compile.o separate-kernels.o -o prog2
// RUN: %t.dir/prog2 | %FileCheck %s
// CHECK: main-tu kernel: 0 mismatches
// CHECK: other-tu kernel: 0 mismatches
// CHECK-NOT: mismatch at
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

void squareAll(std::vector<float> &Data, int Rows, int Cols);

int main() {
  const int N = 100;
  std::vector<int> A(N);
  for (int I = 0; I < N; ++I)
    A[I] = I;
  array_view<int, 1> AV(N, A);
  parallel_for_each(AV.extent, [=](index<1> I) restrict(amp) {
    AV[I] = AV[I] * 3 - 1;
  });
  AV.synchronize();
  int Bad = 0;
  for (int I = 0; I < N; ++I)
    if (A[I] != I * 3 - 1 && Bad++ < 5)
      std::printf("mismatch at main %d: %d\n", I, A[I]);
  std::printf("main-tu kernel: %d mismatches\n", Bad);

  const int R = 4, C = 5;
  std::vector<float> F(R * C);
  for (int I = 0; I < R * C; ++I)
    F[I] = I * 0.5f;
  squareAll(F, R, C);
  int Bad2 = 0;
  for (int I = 0; I < R * C; ++I) {
    float Ref = (I * 0.5f) * (I * 0.5f) + (float)(I / C);
    if (F[I] != Ref && Bad2++ < 5)
      std::printf("mismatch at other %d: %f vs %f\n", I, F[I], Ref);
  }
  std::printf("other-tu kernel: %d mismatches\n", Bad2);
  return Bad + Bad2 != 0;
}
