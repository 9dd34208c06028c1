// Member functions that return a reference (index/extent operator[]) called
// on temporaries inside a kernel: `av.extent[k]`, `av.get_extent()[k]` and
// `(idx + 1)[k]`. The generated code must not take the address of an rvalue.
// REQUIRES: opencl
// RUN: %ampcc -emit-opencl %s -o %t.cl
// RUN: %clcheck %t.cl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: member-call-on-temporary: 0 mismatches of 60
// CHECK-NOT: mismatch at
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  const int R = 6, C = 10;
  std::vector<int> Out(R * C, -1);
  array_view<int, 2> OV(R, C, Out);
  parallel_for_each(OV.extent, [=](index<2> I) restrict(amp) {
    OV[I] = OV.extent[0] * 1000 + OV.get_extent()[1] * 100 + (I + 1)[0] * 10 +
            (I + 1)[1];
  });
  OV.synchronize();
  int Bad = 0;
  for (int I = 0; I < R; ++I)
    for (int J = 0; J < C; ++J) {
      int Ref = R * 1000 + C * 100 + (I + 1) * 10 + (J + 1);
      if (Out[I * C + J] != Ref && Bad++ < 5)
        std::printf("mismatch at %d,%d: %d vs %d\n", I, J, Out[I * C + J], Ref);
    }
  std::printf("member-call-on-temporary: %d mismatches of %d\n", Bad, R * C);
  return Bad != 0;
}
