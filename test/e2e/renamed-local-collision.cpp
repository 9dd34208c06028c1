// Locals and captures whose names are OpenCL reserved words are renamed by
// appending '_'; that must not collide with user names that already end in
// '_' (`local` next to `local_`, a view `global` next to a scalar `global_`).
// REQUIRES: opencl
// RUN: %ampcc -emit-opencl %s -o %t.cl
// RUN: %clcheck %t.cl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: renamed-local-collision: 0 mismatches of 16
// CHECK-NOT: mismatch at
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  const int N = 16;
  std::vector<int> Out(N, 0);
  array_view<int, 1> global(N, Out);
  int global_ = 1000;
  parallel_for_each(global.extent, [=](index<1> I) restrict(amp) {
    int local = 1;
    {
      int local_ = 100;
      global[I] = local + local_ + global_ + I[0];
    }
  });
  global.synchronize();
  int Bad = 0;
  for (int I = 0; I < N; ++I)
    if (Out[I] != 1101 + I && Bad++ < 5)
      std::printf("mismatch at %d: %d vs %d\n", I, Out[I], 1101 + I);
  std::printf("renamed-local-collision: %d mismatches of %d\n", Bad, N);
  return Bad != 0;
}
