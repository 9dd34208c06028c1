// Lambdas inside restrict(amp) code: by-reference capture of a local (written
// through), by-value capture, an explicit restrict(amp) lambda and a generic
// lambda; and a tiled functor whose operator() declares a tile_static array.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: lambdas: 0 mismatches
// CHECK: tiled functor: 0 mismatches
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

struct TileSum {
  array_view<const int, 1> In;
  array_view<int, 1> Out;
  void operator()(tiled_index<64> T) const restrict(amp) {
    tile_static int Buf[64];
    Buf[T.local[0]] = In[T.global];
    T.barrier.wait();
    if (T.local[0] == 0) {
      int S = 0;
      for (int I = 0; I < 64; ++I)
        S += Buf[I];
      Out[T.tile[0]] = S;
    }
  }
};

int main() {
  const int N = 256;
  std::vector<int> V(N);
  array_view<int, 1> AV(N, V);
  int K = 3;
  parallel_for_each(AV.extent, [=](index<1> I) restrict(amp) {
    int Acc = 0;
    auto AddTo = [&](int X) { Acc += X * K; };
    auto Twice = [=](int X) restrict(amp) { return 2 * X + K; };
    auto Mul = [](auto A, auto B) { return A * B; };
    for (int J = 0; J < 3; ++J)
      AddTo(J);
    AV[I] = Acc + Twice(I[0]) + Mul(I[0], 2);
  });
  int Bad = 0;
  for (int I = 0; I < N; ++I)
    if (AV[I] != 9 + 2 * I + 3 + 2 * I)
      ++Bad;
  std::printf("lambdas: %d mismatches\n", Bad);

  std::vector<int> In(N), Out(N / 64);
  for (int I = 0; I < N; ++I)
    In[I] = I * 7 % 13;
  array_view<const int, 1> IV(N, In);
  array_view<int, 1> OV(N / 64, Out);
  parallel_for_each(IV.extent.tile<64>(), TileSum{IV, OV});
  OV.synchronize();
  int BadT = 0;
  for (int B = 0; B < N / 64; ++B) {
    int S = 0;
    for (int I = 0; I < 64; ++I)
      S += In[B * 64 + I];
    BadT += Out[B] != S;
  }
  std::printf("tiled functor: %d mismatches\n", BadT);
  return Bad || BadT;
}
