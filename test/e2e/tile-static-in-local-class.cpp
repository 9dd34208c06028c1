// A local class of a kernel names the kernel's tile_static variables (as
// Visual C++ allows: they have tile storage, not automatic storage). Its
// members get the storage as a pointer parameter, as functions that
// declare tile_static variables do. Compared with a CPU reference.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: local class tile_static: 0 mismatches of 128
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  std::vector<int> Out(128, -1);
  array_view<int, 1> V(128, Out);
  parallel_for_each(V.extent.tile<32>(), [=](tiled_index<32> T) restrict(amp) {
    tile_static int Sum;
    tile_static int Items[32];
    struct Acc {
      void put(int L, int X) { Items[L] = X; }
      void total() {
        int S = 0;
        for (int I = 0; I < 32; ++I)
          S += Items[I];
        Sum = S;
      }
      int sum() const { return Sum; }
    };
    Acc A;
    A.put(T.local[0], T.global[0]);
    T.barrier.wait();
    if (T.local[0] == 0)
      A.total();
    T.barrier.wait();
    V[T.global] = A.sum();
  });
  V.synchronize();
  int Bad = 0;
  for (int I = 0; I < 128; ++I) {
    int Base = I / 32 * 32, S = 0;
    for (int K = Base; K < Base + 32; ++K)
      S += K;
    Bad += Out[I] != S;
  }
  std::printf("local class tile_static: %d mismatches of 128\n", Bad);
}
