// parallel_for_each<D0, D1>(extent, kernel): the C++ AMP preview's way to
// tile, which Visual C++ still accepts; the kernel takes tiled_index<D0, D1>
// and tile_static memory works as with extent.tile<D0, D1>(). Per-tile sums
// compared with a CPU reference, with and without an accelerator_view.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: rank 1: 0 mismatches of 8
// CHECK: rank 2: 0 mismatches of 16
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  std::vector<int> In(64 * 16), Sums1(8), Sums2(16);
  for (size_t I = 0; I < In.size(); ++I)
    In[I] = int(I % 13);
  array_view<const int, 1> V1(128, In);
  array_view<int, 1> S1(8, Sums1);
  parallel_for_each<16>(V1.get_extent(), [=](tiled_index<16> T) restrict(amp) {
    tile_static int Part[16];
    Part[T.local[0]] = V1[T.global];
    T.barrier.wait();
    if (T.local[0] == 0) {
      int Sum = 0;
      for (int I = 0; I < 16; ++I)
        Sum += Part[I];
      S1[T.tile[0]] = Sum;
    }
  });
  S1.synchronize();
  int Bad = 0;
  for (int G = 0; G < 8; ++G) {
    int Ref = 0;
    for (int I = 0; I < 16; ++I)
      Ref += In[G * 16 + I];
    Bad += Sums1[G] != Ref;
  }
  std::printf("rank 1: %d mismatches of 8\n", Bad);

  array_view<const int, 2> V2(32, 32, In);
  array_view<int, 2> S2(4, 4, Sums2);
  parallel_for_each<8, 8>(accelerator().get_default_view(), V2.get_extent(),
                          [=](tiled_index<8, 8> T) restrict(amp) {
    tile_static int Part[8][8];
    Part[T.local[0]][T.local[1]] = V2[T.global];
    T.barrier.wait();
    if (T.local[0] == 0 && T.local[1] == 0) {
      int Sum = 0;
      for (int I = 0; I < 8; ++I)
        for (int J = 0; J < 8; ++J)
          Sum += Part[I][J];
      S2[T.tile] = Sum;
    }
  });
  S2.synchronize();
  Bad = 0;
  for (int TY = 0; TY < 4; ++TY)
    for (int TX = 0; TX < 4; ++TX) {
      int Ref = 0;
      for (int I = 0; I < 8; ++I)
        for (int J = 0; J < 8; ++J)
          Ref += In[(TY * 8 + I) * 32 + TX * 8 + J];
      Bad += Sums2[TY * 4 + TX] != Ref;
    }
  std::printf("rank 2: %d mismatches of 16\n", Bad);
  return 0;
}
