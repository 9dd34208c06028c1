// A barrier loop whose counter is a local declared before it and used per
// work-item there (`int stride = ...; ... i += stride; ...
// for (stride = TileSize / 2; stride > 0; stride >>= 1)`), as the cascading
// reduction of "C++ AMP" (Gregory and Miller, chapter 4's case study)
// writes it. The host backend keeps `stride` per work-item; the loop runs
// once for the tile, and its init and increment once changed work-item 0's
// copy alone, so the other work-items added the wrong neighbours (the book's
// sample printed -1729685803 for 125829120). Checked against the CPU.
// RUN: %ampcc -fhost-kernels %s -o %t && env AMPCC_BACKEND=host %t | %FileCheck %s
// RUN: %ampcc %s -o %t.cl && %t.cl | %FileCheck %s
// RUN: %ampcc -emit-host-kernels %s -o %t.c && %FileCheck --check-prefix=C %s < %t.c
// CHECK: cascading: 0 wrong of 8 tiles, sum right
// The init and the increment each run in a loop over the tile's work-items:
// C: ampcc_wi_stride[ampcc_wi] = 64 / 2;
// C: for (; ampcc_wi_stride[ampcc_wi] > 0;)
// C: ampcc_wi_stride[ampcc_wi] >>= 1;
#include <amp.h>
#include <cstdio>
#include <numeric>
#include <vector>
using namespace concurrency;

static const int TileSize = 64, TileCount = 8, Count = TileSize * TileCount * 8;

int main() {
  std::vector<int> Source(Count);
  for (int I = 0; I < Count; ++I)
    Source[I] = I % 97 - 20;
  array<int, 1> A(Count, Source.begin(), Source.end());
  array<int, 1> Partial(TileCount);
  const int ElementCount = Count;
  parallel_for_each(extent<1>(TileCount * TileSize).tile<TileSize>(),
                    [=, &A, &Partial](tiled_index<TileSize> T) restrict(amp) {
    int tid = T.local[0];
    tile_static int TileData[TileSize];
    int i = T.tile[0] * 2 * TileSize + tid;
    int stride = TileSize * 2 * TileCount;
    int sum = 0;
    do {
      sum += A[i] + A[i + TileSize];
      i += stride;
    } while (i < ElementCount);
    TileData[tid] = sum;
    T.barrier.wait();
    for (stride = TileSize / 2; stride > 0; stride >>= 1) {
      if (tid < stride)
        TileData[tid] += TileData[tid + stride];
      T.barrier.wait_with_tile_static_memory_fence();
    }
    if (tid == 0)
      Partial[T.tile[0]] = TileData[0];
  });
  std::vector<int> Got(TileCount);
  copy(Partial, Got.begin());
  // The CPU: each tile's elements, as the kernel groups them.
  int Wrong = 0;
  for (int Tile = 0; Tile < TileCount; ++Tile) {
    int Want = 0;
    for (int Base = Tile * 2 * TileSize; Base < Count; Base += TileSize * 2 * TileCount)
      for (int K = 0; K < 2 * TileSize; ++K)
        Want += Source[Base + K];
    Wrong += Got[Tile] != Want;
  }
  bool SumRight = std::accumulate(Got.begin(), Got.end(), 0) ==
                  std::accumulate(Source.begin(), Source.end(), 0);
  std::printf("cascading: %d wrong of %d tiles, sum %s\n", Wrong, TileCount,
              SumRight ? "right" : "WRONG");
  return Wrong != 0 || !SumRight;
}
