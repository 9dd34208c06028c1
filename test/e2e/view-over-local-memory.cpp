// array_view over private and tile_static memory in amp code (spec 5.2.2:
// array_view(extent, T *) is restrict(amp) and takes any pointer). Each
// thread views its own private array and its tile's tile_static array,
// passes the views to helpers by value and by reference, returns one from a
// function, takes sections, projections, view_as and a const view of them,
// and writes through them into the memory they view. The results are
// checked against the same arithmetic on the host.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: views over local memory: 0 mismatches of 64
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

static const int Tile = 16;

int sumView(array_view<const int, 1> V) restrict(amp) {
  int S = 0;
  for (int K = 0; K < V.extent[0]; ++K)
    S += V[K];
  return S;
}

// By reference: the caller's view is the one written through.
void scale(const array_view<int, 1> &V, int F) restrict(amp) {
  for (int K = 0; K < V.extent[0]; ++K)
    V[K] *= F;
}

// A view over the caller's variable, returned by value.
array_view<int, 1> viewOf(int &X) restrict(amp) { return array_view<int, 1>(1, &X); }

int hostResult(int G, int L) {
  int Data[4] = {G, G + 1, G + 2, G + 3};
  for (int K = 0; K < 4; ++K)
    Data[K] *= 2;                                  // scale
  int Sum = Data[0] + Data[1] + Data[2] + Data[3]; // sumView
  int Mid = Data[1] + Data[2];                     // section(1, 2)
  int Corner = Data[3];                            // 2x2 view_as, [1][1]
  int Shared = 0;
  for (int K = 0; K < Tile; ++K)
    Shared += K * 3;                               // the tile's values
  int X = 7;
  X += L;                                          // through viewOf
  return Sum + Mid + Corner + Shared + X;
}

int main() {
  const int N = 64;
  std::vector<int> Out(N, 0);
  array_view<int, 1> OutV(N, Out);
  parallel_for_each(OutV.extent.tile<Tile>(), [=](tiled_index<Tile> T) restrict(amp) {
    int G = T.global[0], L = T.local[0];
    int Data[4] = {G, G + 1, G + 2, G + 3};
    array_view<int, 1> Mine(4, Data);
    scale(Mine, 2);
    int Sum = sumView(Mine);
    int Mid = sumView(Mine.section(1, 2));
    array_view<int, 2> Square = Mine.view_as(extent<2>(2, 2));
    int Corner = Square[1][1];

    tile_static int Shared[Tile];
    array_view<int, 1> Tiles(Tile, Shared);
    Tiles[L] = L * 3;
    T.barrier.wait();
    int SharedSum = sumView(Tiles);

    int X = 7;
    array_view<int, 1> Xv = viewOf(X);
    Xv[0] += L;
    OutV[T.global] = Sum + Mid + Corner + SharedSum + X;
  });
  OutV.synchronize();
  int Bad = 0;
  for (int I = 0; I < N; ++I)
    Bad += Out[I] != hostResult(I, I % Tile);
  std::printf("views over local memory: %d mismatches of %d\n", Bad, N);
}
