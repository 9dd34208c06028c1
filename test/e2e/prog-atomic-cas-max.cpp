// An atomic maximum built from atomic_compare_exchange (a CAS loop in a
// restrict(amp) helper taking int&), used on a tile_static variable (the
// tile's maximum) and on an array_view element (the global maximum), plus
// atomic_compare_exchange's update of the expected value: the first thread
// of each tile to claim its flag wins, the others read the winner's value
// back through `expected`. Checked against a CPU reference.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK-NOT: mismatch
// CHECK: tile maxima: 0 errors
// CHECK-NEXT: global maximum: 0 errors
// CHECK-NEXT: claims: 0 errors
// CHECK-NEXT: PASSED
#include <amp.h>
#include <cstdio>
#include <vector>

using namespace concurrency;

static const int TILE_SIZE = 128;

int atomic_max_cas(int &dest, int value) restrict(amp) {
  int expected = dest;
  while (expected < value && !atomic_compare_exchange(&dest, &expected, value)) {
  }
  return expected;
}

int main() {
  const int N = 100000;
  const int num_tiles = (N + TILE_SIZE - 1) / TILE_SIZE;
  std::vector<int> data(N), tile_max(num_tiles, -1), global_max(1, -1),
      claims(num_tiles, 0), seen(N, -1);
  for (int i = 0; i < N; ++i)
    data[i] = (int)(((unsigned)i * 2654435761u) >> 8) % 1000003;

  array_view<const int, 1> dv(N, data);
  array_view<int, 1> tmv(num_tiles, tile_max);
  array_view<int, 1> gmv(1, global_max);
  array_view<int, 1> cv(num_tiles, claims);
  array_view<int, 1> sv(N, seen);
  parallel_for_each(dv.extent.tile<TILE_SIZE>().pad(), [=](tiled_index<TILE_SIZE> tidx) restrict(amp) {
    tile_static int tmax;
    if (tidx.local[0] == 0)
      tmax = -1;
    tidx.barrier.wait();
    int i = tidx.global[0];
    if (i < N)
      atomic_max_cas(tmax, dv[i]);
    tidx.barrier.wait();
    if (tidx.local[0] == 0) {
      tmv[tidx.tile] = tmax;
      atomic_max_cas(gmv[0], tmax);
    }
    if (i < N) {
      int expected = 0;
      if (atomic_compare_exchange(&cv[tidx.tile], &expected, i + 1))
        sv[i] = 0; // this thread claimed the tile
      else
        sv[i] = expected; // the claiming thread's i + 1
    }
  });
  tmv.synchronize();
  gmv.synchronize();
  cv.synchronize();
  sv.synchronize();

  int errors = 0, bad = 0;
  int ref_global = -1;
  for (int t = 0; t < num_tiles; ++t) {
    int m = -1;
    for (int i = t * TILE_SIZE; i < N && i < (t + 1) * TILE_SIZE; ++i)
      m = data[i] > m ? data[i] : m;
    ref_global = m > ref_global ? m : ref_global;
    if (tile_max[t] != m && ++bad <= 5)
      std::printf("tile maxima: mismatch at tile %d: %d vs %d\n", t, tile_max[t], m);
  }
  std::printf("tile maxima: %d errors\n", bad);
  errors += bad;
  bad = global_max[0] != ref_global;
  if (bad)
    std::printf("global maximum: mismatch %d vs %d\n", global_max[0], ref_global);
  std::printf("global maximum: %d errors\n", bad);
  errors += bad;

  // Each tile: exactly one claimer (seen == 0) whose i + 1 is in claims, and
  // every other thread saw that value.
  bad = 0;
  for (int t = 0; t < num_tiles; ++t) {
    int claimer = claims[t] - 1, winners = 0;
    bool ok = claimer >= t * TILE_SIZE && claimer < (t + 1) * TILE_SIZE && claimer < N;
    for (int i = t * TILE_SIZE; i < N && i < (t + 1) * TILE_SIZE; ++i) {
      if (seen[i] == 0)
        ++winners;
      else if (seen[i] != claims[t])
        ok = false;
    }
    if (!ok || winners != 1 || (ok && seen[claimer] != 0)) {
      if (++bad <= 5)
        std::printf("claims: mismatch at tile %d (claims %d, winners %d)\n", t, claims[t], winners);
    }
  }
  std::printf("claims: %d errors\n", bad);
  errors += bad;
  std::printf("%s\n", errors ? "FAILED" : "PASSED");
  return errors ? 1 : 0;
}
