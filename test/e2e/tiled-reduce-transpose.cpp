// Tiled kernels end to end: a per-tile reduction with a tile_static array and
// barriers, and a 999x666 transpose over tile<16,16>().pad() with guarded
// reads and writes; pad()/truncate() sizes follow the spec's example.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: pad 1008 672 trunc 992 656
// CHECK-NEXT: PASS 0
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  // Tiled reduction per tile + tiled matrix transpose 
  const int N = 4096, TS = 256;
  std::vector<int> in(N), out(N / TS);
  for (int i = 0; i < N; ++i) in[i] = i % 7;
  array_view<const int, 1> iv(N, in);
  array_view<int, 1> ov(N / TS, out);
  ov.discard_data();
  parallel_for_each(iv.extent.tile<TS>(), [=](tiled_index<TS> t) restrict(amp) {
    tile_static int s[TS];
    s[t.local[0]] = iv[t.global];
    t.barrier.wait();
    for (int stride = TS / 2; stride > 0; stride /= 2) {
      if (t.local[0] < stride) s[t.local[0]] += s[t.local[0] + stride];
      t.barrier.wait_with_tile_static_memory_fence();
    }
    if (t.local[0] == 0) ov[t.tile] = s[0];
  });
  int bad = 0;
  for (int b = 0; b < N / TS; ++b) { int r = 0; for (int i = 0; i < TS; ++i) r += in[b*TS+i]; if (ov[b] != r) ++bad; }
  const int R = 999, C = 666, T = 16;
  std::vector<float> m(R * C), mt(R * C);
  for (int i = 0; i < R * C; ++i) m[i] = (float)i;
  array_view<const float, 2> mv(R, C, m);
  array_view<float, 2> tv(C, R, mt);
  tiled_extent<T, T> te = mv.extent.tile<T, T>().pad();
  printf("pad %d %d trunc %d %d\n", te[0], te[1], mv.extent.tile<T,T>().truncate()[0], mv.extent.tile<T,T>().truncate()[1]);
  parallel_for_each(te, [=](tiled_index<T, T> ti) restrict(amp) {
    tile_static float blk[T][T + 1];
    index<2> g = ti.global;
    if (mv.extent.contains(g)) blk[ti.local[0]][ti.local[1]] = mv[g];
    ti.barrier.wait();
    index<2> o(ti.tile_origin[1] + ti.local[0], ti.tile_origin[0] + ti.local[1]);
    if (tv.extent.contains(o)) tv[o] = blk[ti.local[1]][ti.local[0]];
  });
  for (int i = 0; i < R; ++i) for (int j = 0; j < C; ++j) if (tv(j, i) != m[i * C + j]) ++bad;
  printf("%s %d\n", bad ? "FAIL" : "PASS", bad);
}
