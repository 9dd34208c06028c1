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

// Flow-sensitive: a variable is varying where it holds a value computed
// from the thread's index, and uniform again once assigned a uniform value.
void reassigned(array_view<int, 1> V, int N) {
  parallel_for_each(V.extent.tile<64>(), [=](tiled_index<64> T) restrict(amp) {
    int I;
    for (I = T.local[0]; I < 64; I += 64)
      V[T.global] += I;
    // Valid: I is uniform from here on.
    for (I = 4; I > 0; I--)
      T.barrier.wait();
    int J = T.global[0];
    J = N;
    while (J > 0) {
      T.barrier.wait();
      J -= 8;
    }
    // Still varying on the loop's first test: K holds the thread's index
    // when the loop starts, though the body makes it uniform.
    int K = T.local[0];
    while (K < N) {
      T.barrier.wait();
      // CHECK: barrier-divergence.cpp:[[@LINE-1]]:17: error: tile barrier in control flow
      // CHECK: note: this condition depends on the thread's index ('K')
      K = N;
    }
    // Varying on one path into the test (join by union).
    int L = 0;
    if (N > 3)
      L = T.local[0];
    if (L == 0)
      T.barrier.wait();
    // CHECK: barrier-divergence.cpp:[[@LINE-1]]:17: error: tile barrier in control flow
    // CHECK: note: this condition depends on the thread's index ('L')
    // `+=` of a uniform value keeps what the variable was.
    int M = T.local[0];
    M += 2;
    if (M > 5)
      T.barrier.wait();
    // CHECK: barrier-divergence.cpp:[[@LINE-1]]:17: error: tile barrier in control flow
    // CHECK: note: this condition depends on the thread's index ('M')
  });
}

int main() {}
