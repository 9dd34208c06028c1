// Class template functors: nothing on the host calls the specialization's
// operator(), so only the launch makes the device pass instantiate it. It
// once compiled to an empty kernel (no error, results untouched). Simple
// and tiled, a member template helper, with and without delayed template
// parsing. Compared with a CPU reference.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// RUN: %ampcc -fno-delayed-template-parsing %s -o %t.nodelay && %t.nodelay | %FileCheck %s
// CHECK: template functor int: 0 mismatches of 300
// CHECK: template functor float: 0 mismatches of 300
// CHECK: tiled template functor: 0 mismatches of 256
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

template <typename T> struct AffineFn {
  array_view<T, 1> Data;
  T Scale;
  AffineFn(array_view<T, 1> D, T S) : Data(D), Scale(S) {}
  template <typename U> U twice(U V) const restrict(amp) { return V + V; }
  void operator()(index<1> I) const restrict(amp) {
    Data[I] = twice(Data[I]) * Scale + T(1);
  }
};

template <int Tile> struct TileSumFn {
  array_view<const int, 1> In;
  array_view<int, 1> Out;
  void operator()(tiled_index<Tile> T) const restrict(amp) {
    tile_static int Buf[Tile];
    Buf[T.local[0]] = In[T.global];
    T.barrier.wait();
    int Sum = 0;
    for (int K = 0; K < Tile; ++K)
      Sum += Buf[K];
    Out[T.global] = Sum;
  }
};

template <typename T> int runAffine() {
  std::vector<T> V(300), Ref(300);
  for (int I = 0; I < 300; ++I) {
    V[I] = T(I % 17);
    Ref[I] = (V[I] + V[I]) * T(3) + T(1);
  }
  array_view<T, 1> AV(300, V);
  parallel_for_each(AV.extent, AffineFn<T>(AV, T(3)));
  AV.synchronize();
  int Bad = 0;
  for (int I = 0; I < 300; ++I)
    Bad += V[I] != Ref[I];
  return Bad;
}

int main() {
  std::printf("template functor int: %d mismatches of 300\n", runAffine<int>());
  std::printf("template functor float: %d mismatches of 300\n", runAffine<float>());

  std::vector<int> In(256), Out(256, -1);
  for (int I = 0; I < 256; ++I)
    In[I] = I * 7 % 11;
  array_view<const int, 1> InV(256, In);
  array_view<int, 1> OutV(256, Out);
  parallel_for_each(OutV.extent.tile<64>(), TileSumFn<64>{InV, OutV});
  OutV.synchronize();
  int Bad = 0;
  for (int I = 0; I < 256; ++I) {
    int Sum = 0;
    for (int K = I / 64 * 64; K < I / 64 * 64 + 64; ++K)
      Sum += In[K];
    Bad += Out[I] != Sum;
  }
  std::printf("tiled template functor: %d mismatches of 256\n", Bad);
}
