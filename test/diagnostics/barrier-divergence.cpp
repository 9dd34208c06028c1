// A tile barrier under a condition that differs between the threads of a
// tile (it reads the tiled_index's local or global index, directly or
// through a variable) is an error, as in Visual C++ (C3561): the threads
// would not all reach it. Conditions on the tile's own index, and barriers
// after a divergent branch has closed, are fine.
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error:
#include <amp.h>
using namespace concurrency;

void kernels(array_view<int, 1> V, int N) {
  parallel_for_each(V.extent.tile<64>(), [=](tiled_index<64> T) restrict(amp) {
    tile_static int S[64];
    if (T.local[0] % 2 == 0) {
      S[T.local[0]] = V[T.global];
      T.barrier.wait();
      // CHECK: barrier-divergence.cpp:[[@LINE-1]]:17: error: tile barrier in control flow that depends on the thread's index; every thread of a tile must reach the same barriers
      // CHECK: barrier-divergence.cpp:[[@LINE-4]]:9: note: this condition depends on the thread's index ('local')
    }
    int Lid = T.global[0];
    while (Lid < N) {
      T.barrier.wait_with_tile_static_memory_fence();
      // CHECK: barrier-divergence.cpp:[[@LINE-1]]:17: error: tile barrier in control flow
      // CHECK: note: this condition depends on the thread's index ('Lid')
      Lid += 64;
    }
    // Valid: the tile index is the same for every thread of the tile; the
    // divergent branch ends before the barrier; a uniform loop.
    if (T.tile[0] > 2)
      T.barrier.wait();
    if (T.local[0] == 0)
      S[0] = 1;
    T.barrier.wait();
    for (int Stride = 32; Stride > 0; Stride /= 2) {
      if (T.local[0] < Stride)
        S[T.local[0]] += S[T.local[0] + Stride];
      T.barrier.wait();
    }
    V[T.global] = S[0];
  });
}

int main() {}
