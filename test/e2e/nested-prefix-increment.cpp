// C++'s prefix ++ and -- give lvalues, C's do not: `----p` (through a
// reference to a pointer, too) must become valid OpenCL C that steps twice.
// Compared with the same steps on the CPU.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// RUN: %ampcc -emit-opencl %s | %FileCheck %s --check-prefix=CL
// CHECK: nested prefix steps: 0 mismatches of 16
// CL: --(*(--
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int stepBack(const int *Base, int Offset) restrict(cpu, amp) {
  const int *P = Base + Offset;
  const int *&R = P;
  ----R;  // two back
  ++++P;  // two forward again
  --++R;  // unchanged
  return *R + int(P - Base);
}

int main() {
  std::vector<int> Out(16);
  array_view<int, 1> O(16, Out);
  parallel_for_each(O.get_extent(), [=](index<1> I) restrict(amp) {
    int Local[20];
    for (int K = 0; K < 20; ++K)
      Local[K] = 3 * K;
    O[I] = stepBack(Local, I[0] + 2);
  });
  O.synchronize();
  int Local[20];
  for (int K = 0; K < 20; ++K)
    Local[K] = 3 * K;
  int Bad = 0;
  for (int I = 0; I < 16; ++I)
    Bad += Out[I] != stepBack(Local, I + 2);
  std::printf("nested prefix steps: %d mismatches of 16\n", Bad);
  return 0;
}
