// array_view(extent, T *) and array_view(E0, T *) in amp code (spec 5.2.2)
// over an element of a captured view: a dense view starting there. Each
// thread sums its row of a 2D view through a rank-1 view made from the
// row's first element, and writes through a rank-2 one. Views over private
// and tile_static memory: view-over-local-memory.cpp.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: view over pointer: 0 mismatches of 16
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  std::vector<int> In(16 * 8), Sums(16, 0);
  for (int I = 0; I < 16 * 8; ++I)
    In[I] = I % 13;
  array_view<int, 2> InV(16, 8, In);
  array_view<int, 1> SumV(16, Sums);
  parallel_for_each(SumV.extent, [=](index<1> I) restrict(amp) {
    array_view<int, 1> Row(8, &InV(I[0], 0));
    array_view<int, 2> Block(extent<2>(2, 4), &InV(I[0], 0));
    int S = 0;
    for (int K = 0; K < 8; ++K)
      S += Row[K];
    Block(1, 3) += 1000; // the row's last element
    SumV[I] = S;
  });
  SumV.synchronize();
  InV.synchronize();
  int Bad = 0;
  for (int I = 0; I < 16; ++I) {
    int S = 0;
    for (int K = 0; K < 8; ++K)
      S += (I * 8 + K) % 13;
    Bad += Sums[I] != S || In[I * 8 + 7] != (I * 8 + 7) % 13 + 1000;
  }
  std::printf("view over pointer: %d mismatches of 16\n", Bad);
}
