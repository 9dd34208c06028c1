// copy(array_view, iterator) reads the view's current data from wherever it
// is (here: the device, after a kernel) without updating the user memory
// under the view: that memory changes at synchronize() or when the last
// view goes, as in Visual C++. Checked element by element.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: copied: 0 mismatches of 300
// CHECK: user memory before synchronize: 0 changed
// CHECK: user memory after synchronize: 0 mismatches of 300
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  const int N = 300;
  std::vector<int> Data(N, 2);
  array_view<int, 1> V(N, Data);
  array_view<int, 1> Part = V.section(100, 100);
  parallel_for_each(V.get_extent(), [=](index<1> I) restrict(amp) { V[I] += I[0]; });
  std::vector<int> Out(N), PartOut(100);
  copy(V, Out.begin());
  copy(Part, PartOut.begin());
  int Bad = 0, Changed = 0;
  for (int I = 0; I < N; ++I) {
    Bad += Out[I] != 2 + I;
    Changed += Data[I] != 2;
  }
  for (int I = 0; I < 100; ++I)
    Bad += PartOut[I] != 2 + 100 + I;
  std::printf("copied: %d mismatches of %d\n", Bad, N);
  std::printf("user memory before synchronize: %d changed\n", Changed);
  V.synchronize();
  Bad = 0;
  for (int I = 0; I < N; ++I)
    Bad += Data[I] != 2 + I;
  std::printf("user memory after synchronize: %d mismatches of %d\n", Bad, N);
  return 0;
}
