// tile_static variables declared in functions a kernel calls (spec §2.4.3):
// the storage is declared once per kernel at kernel scope (shared by both
// calls, as a tile_static is per tile) and passed down the call chain as
// __local pointers; a kernel local with the same name does not shadow it.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// RUN: %ampcc -emit-opencl %s -o %t.cl && %FileCheck --check-prefix=CL %s < %t.cl && %clcheck %t.cl
// CHECK: PASS 0
// CL: int tile_sum(int v, Concurrency_tiled_index_64 t, __local int *scratch, __local int *total) {
// CL: int tile_sum_twice(int v, Concurrency_tiled_index_64 t, __local int *scratch, __local int *total) {
// CL-NEXT: {
// CL: return tile_sum(v, t, scratch, total) + tile_sum(2 * v, t, scratch, total);
// CL: __local int scratch_1[64];
// CL: __local int total;
// CL: tile_sum_twice(scratch, t, scratch_1, &total);
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;
static const int TS = 64;

// A tile-wide sum whose scratch space is a tile_static array of its own.
int tile_sum(int v, const tiled_index<TS> &t) restrict(amp) {
  tile_static int scratch[TS];
  tile_static int total;
  scratch[t.local[0]] = v;
  t.barrier.wait();
  if (t.local[0] == 0) {
    int s = 0;
    for (int i = 0; i < TS; ++i) s += scratch[i];
    total = s;
  }
  t.barrier.wait();
  return total;
}
int tile_sum_twice(int v, const tiled_index<TS> &t) restrict(amp) {
  return tile_sum(v, t) + tile_sum(2 * v, t);
}

int main() {
  const int N = 1024;
  std::vector<int> in(N), out(N);
  for (int i = 0; i < N; ++i) in[i] = i % 9;
  array_view<const int, 1> iv(N, in);
  array_view<int, 1> ov(N, out);
  parallel_for_each(iv.extent.tile<TS>(), [=](tiled_index<TS> t) restrict(amp) {
    int scratch = iv[t.global];
    ov[t.global] = tile_sum_twice(scratch, t);
  });
  int bad = 0;
  for (int b = 0; b < N / TS; ++b) {
    int s = 0; for (int i = 0; i < TS; ++i) s += in[b * TS + i];
    for (int i = 0; i < TS; ++i) if (ov[b * TS + i] != 3 * s) ++bad;
  }
  printf("%s %d\n", bad ? "FAIL" : "PASS", bad);
}
