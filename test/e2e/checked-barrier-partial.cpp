// Checked mode (`ampcc -fsanitize=bounds`): a tile barrier reached by only
// part of a tile is reported by the next synchronizing call, naming the
// barrier's file:line:col, how many threads arrived and the tile's size.
// The barrier sits in a helper whose condition comes from its caller, so
// the compile-time rule against barriers under thread-varying conditions
// (Visual C++'s C3561, checked within one function) does not see it. The
// threads that skip it finish the kernel; a GPU lets the others past once
// they have, and the count is short. PoCL cannot tell (it runs a barrier in
// a branch for the whole work-group), hence NVIDIA only.
// REQUIRES: nvidia-gpu
// RUN: %ampcc -fsanitize=bounds %s -o %t && %t 2>&1 | %FileCheck %s
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

static void syncIf(const tiled_index<64> &T, bool Arrive) restrict(amp) {
  if (Arrive)
    T.barrier.wait();
}

int main() {
  const int N = 256;
  std::vector<int> Flags(N, 0);
  array_view<int, 1> F(N, Flags);
  parallel_for_each(F.extent.tile<64>(), [=](tiled_index<64> T) restrict(amp) {
    F[T.global] = 1;
    syncIf(T, T.local[0] < 32);
  });
  try {
    F.synchronize();
    std::printf("partial barrier: no exception\n");
  } catch (const runtime_exception &E) {
    std::printf("partial barrier: %s\n", E.what());
  }
  // CHECK: partial barrier: kernel at {{.*}}checked-barrier-partial.cpp:[[#@LINE-10]]:3: tile_barrier at {{.*}}checked-barrier-partial.cpp:19:{{[0-9]+}} was reached by 32 of the tile's 64 threads ({{[0-9]+}} such report{{s?}} in this launch, found by -fsanitize=bounds)
  int Ones = 0;
  for (int X : Flags)
    Ones += X;
  std::printf("writes before the barrier: %d of %d\n", Ones, N);
  // CHECK: writes before the barrier: 256 of 256
  return 0;
}
