// Visual C++ compatibility: a member template called on a dependent object
// without the 'template' keyword (A.extent.tile<16,16>().pad() inside a
// function template) is accepted with a warning, both passes compile the
// fixed text, __FILE__ still names the user's file, and a kernel over a
// const array_view<T,2>& parameter still copies its results back.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t 2> %t.err && %t | %FileCheck %s
// RUN: %FileCheck --check-prefix=WARN %s < %t.err
// WARN: transpose-template-keyword.cpp:21:30: warning: missing 'template' keyword prior to dependent template name 'tile'
// WARN-NOT: error
// CHECK: {{.*}}transpose-template-keyword.cpp PASS 0
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;
static const int tile_size = 16;

template <typename value_type>
void transpose_tiled_pad(const array_view<const value_type, 2> &A,
                         const array_view<value_type, 2> &B) {
  parallel_for_each(A.extent.tile<tile_size, tile_size>().pad(),
                    [=](tiled_index<tile_size, tile_size> tidx) restrict(amp) {
    tile_static value_type t1[tile_size][tile_size];
    if (A.extent.contains(tidx.global)) t1[tidx.local[1]][tidx.local[0]] = A[tidx.global];
    tidx.barrier.wait();
    index<2> idxdst(tidx.tile_origin[1] + tidx.local[0], tidx.tile_origin[0] + tidx.local[1]);
    if (B.extent.contains(idxdst)) B[idxdst] = t1[tidx.local[0]][tidx.local[1]];
  });
}

int main() {
  const int M = 999, N = 666;
  std::vector<float> a(M * N), b(M * N);
  for (int i = 0; i < M * N; ++i) a[i] = (float)i;
  array_view<const float, 2> av(M, N, a);
  array_view<float, 2> bv(N, M, b);
  transpose_tiled_pad(av, bv);
  bv.synchronize();
  int bad = 0;
  for (int i = 0; i < M; ++i) for (int j = 0; j < N; ++j) if (b[j * M + i] != a[i * N + j]) ++bad;
  printf("%s %s %d\n", __FILE__, bad ? "FAIL" : "PASS", bad);
}
