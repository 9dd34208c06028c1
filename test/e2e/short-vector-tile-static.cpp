// Short vectors in tile_static memory: a tiled sum over float_4 data staged
// in a tile_static float_4 array (written through element assignment and
// through a property in __local memory, read back after barriers), with a
// default-constructed float_4 accumulator and norm_2 that must start at
// zero in the kernel. tile_static objects are not constructed (as in Visual
// C++): every thread writes its element before anyone reads it. Compared
// with a CPU reference summing plain floats.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: tile-static-short-vectors: 0 mismatches
// CHECK-NOT: mismatch at
#include <amp.h>
#include <amp_short_vectors.h>
#include <cstdio>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;

static const int Tile = 64, Tiles = 12;

int main() {
  const int N = Tile * Tiles;
  std::vector<float_4> In(N);
  std::vector<float> Ref(Tiles * 4, 0.0f);
  for (int I = 0; I < N; ++I) {
    float C[4] = {(float)(I % 13), -0.5f * (I % 5), 0.25f * I, 1.0f};
    In[I] = float_4(C[0], C[1], C[2], C[3]);
    for (int K = 0; K < 4; ++K)
      Ref[(I / Tile) * 4 + K] += C[K] + (K == 1 ? 1.0f : 0.0f);
  }
  std::vector<float_4> Out(Tiles);
  array_view<const float_4, 1> InV(N, In);
  array_view<float_4, 1> OutV(Tiles, Out);
  OutV.discard_data();
  parallel_for_each(InV.extent.tile<Tile>(), [=](tiled_index<Tile> T) restrict(amp) {
    tile_static float_4 Stage[Tile];
    int L = T.local[0];
    Stage[L] = InV[T.global];
    T.barrier.wait();
    Stage[L].y += 1.0f; // a property write in __local memory
    T.barrier.wait();
    if (L == 0) {
      float_4 Acc; // zero by default
      norm_2 Zero;
      for (int K = 0; K < Tile; ++K)
        Acc += Stage[K];
      Acc.x += Zero.x + Zero.y;
      OutV[T.tile[0]] = Acc;
    }
  });
  OutV.synchronize();
  int Bad = 0;
  for (int I = 0; I < Tiles; ++I) {
    float Got[4] = {Out[I].x, Out[I].y, Out[I].z, Out[I].w};
    for (int K = 0; K < 4; ++K)
      if (Got[K] != Ref[I * 4 + K] && Bad++ < 5)
        std::printf("mismatch at %d.%d: %f vs %f\n", I, K, Got[K], Ref[I * 4 + K]);
  }
  std::printf("tile-static-short-vectors: %d mismatches\n", Bad);
  return Bad != 0;
}
