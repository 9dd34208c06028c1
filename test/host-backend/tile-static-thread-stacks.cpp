// Tile functions on the worker threads of a program whose tile_static
// storage, thread-local on the host, outgrows a thread's default stack.
// glibc carves static TLS out of each new thread's stack and, where it does
// not fit, gives the thread the TLS and 16 KiB more; a tile function's frame
// (here `Acc` over the tile, 16 KiB) then overflowed it. C++ AMP BLAS's
// test (15 MiB of tile_static over its gemm instantiations) died in the
// gemm kernel's tile function on a worker; a small stack limit brings the
// same about with eight kernels. Checked against the CPU.
// RUN: %ampcc -fhost-kernels %s -o %t
// RUN: sh -c 'ulimit -s 256 && AMPCC_BACKEND=host %t' | %FileCheck %s
// RUN: %ampcc %s -o %t.cl && %t.cl | %FileCheck %s
// CHECK: tile_static: 0 wrong of 131072
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

static const int TileSize = 256, Tiles = 64, Count = TileSize * Tiles;

template <int Salt> int mirrorTiles(const std::vector<float> &Source) {
  array<float, 1> Data(Count, Source.begin(), Source.end());
  parallel_for_each(Data.extent.tile<TileSize>(), [&Data](tiled_index<TileSize> T) restrict(amp) {
    // 32 KB a kernel: eight kernels hold more than the stack limit below.
    tile_static float Stage[8000];
    float Acc[16];
    for (int K = 0; K < 16; ++K)
      Acc[K] = Data[T.global] * (K + Salt);
    Stage[T.local[0]] = Data[T.global];
    T.barrier.wait();
    float Sum = 0;
    for (int K = 0; K < 16; ++K)
      Sum += Acc[K] * Stage[TileSize - 1 - T.local[0]];
    Data[T.global] = Sum;
  });
  std::vector<float> Got = Data;
  int Wrong = 0;
  for (int I = 0; I < Count; ++I) {
    int Mirror = I / TileSize * TileSize + TileSize - 1 - I % TileSize;
    float Want = 0;
    for (int K = 0; K < 16; ++K)
      Want += Source[I] * (K + Salt) * Source[Mirror];
    Wrong += Got[I] != Want;
  }
  return Wrong;
}

int main() {
  std::vector<float> Source(Count);
  for (int I = 0; I < Count; ++I)
    Source[I] = float(I % 13) - 6;
  int Wrong = mirrorTiles<0>(Source) + mirrorTiles<1>(Source) + mirrorTiles<2>(Source) +
              mirrorTiles<3>(Source) + mirrorTiles<4>(Source) + mirrorTiles<5>(Source) +
              mirrorTiles<6>(Source) + mirrorTiles<7>(Source);
  std::printf("tile_static: %d wrong of %d\n", Wrong, 8 * Count);
  return Wrong != 0;
}
