// A rank-2 int kernel that computes neighbour indices with index arithmetic
// (idx + index<2>, idx - index<2>, idx * int) and reads through both [] and
// (), compared with a CPU reference.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: rank2-int: 0 mismatches of 1200
// CHECK-NOT: mismatch at
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  const int R = 30, C = 40;
  std::vector<int> In(R * C), Out(R * C, -1), Ref(R * C);
  for (int I = 0; I < R * C; ++I)
    In[I] = (I * 37) % 101 - 50;
  for (int I = 0; I < R; ++I)
    for (int J = 0; J < C; ++J) {
      int V = In[I * C + J] * 2;
      if (I + 1 < R && J + 1 < C)
        V += In[(I + 1) * C + J + 1];
      if (I > 0)
        V -= In[(I - 1) * C + J];
      if (2 * I < R && 2 * J < C)
        V += 1000 * In[(2 * I) * C + 2 * J];
      Ref[I * C + J] = V;
    }
  array_view<const int, 2> InV(R, C, In);
  array_view<int, 2> OutV(R, C, Out);
  parallel_for_each(OutV.extent, [=](index<2> Idx) restrict(amp) {
    int V = InV[Idx] * 2;
    index<2> Diag = Idx + index<2>(1, 1);
    if (InV.extent.contains(Diag))
      V += InV(Diag);
    index<2> Up = Idx - index<2>(1, 0);
    if (Up[0] >= 0)
      V -= InV(Up[0], Up[1]);
    index<2> Twice = Idx * 2;
    extent<2> E = InV.extent;
    if (Twice[0] < E[0] && Twice[1] < E[1])
      V += 1000 * InV[Twice];
    OutV[Idx] = V;
  });
  OutV.synchronize();
  int Bad = 0;
  for (int I = 0; I < R * C; ++I)
    if (Out[I] != Ref[I] && Bad++ < 5)
      std::printf("mismatch at %d: %d vs %d\n", I, Out[I], Ref[I]);
  std::printf("rank2-int: %d mismatches of %d\n", Bad, R * C);
  return Bad != 0;
}
