// -c produces an object file, which ampcc then links
// into a program that runs the kernel: the kernel registration must travel
// inside the object. -O2 and -g are accepted on the compile step.
// REQUIRES: opencl
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %ampcc -c -O2 -g %s -o %t.dir/main.o
// RUN: %ampcc %t.dir/main.o -o %t.dir/prog
// RUN: %t.dir/prog | %FileCheck %s
// RUN: cd %t.dir && %ampcc -c %s && %ampcc compile-then-link.o -o prog2
// RUN: %t.dir/prog2 | %FileCheck %s
// CHECK: compile-then-link: 0 mismatches of 100
// CHECK-NOT: mismatch at
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

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
      std::printf("mismatch at %d: %d\n", I, A[I]);
  std::printf("compile-then-link: %d mismatches of %d\n", Bad, N);
  return Bad != 0;
}
