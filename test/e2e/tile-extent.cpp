// tile_extent / get_tile_extent() of tiled_extent on the host and of
// tiled_index inside a kernel.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: host 1 32
// CHECK-NEXT: dev 132
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;
int main() {
  std::vector<int> v(64 * 2);
  array_view<int, 2> av(2, 64, v);
  tiled_extent<1, 32> t = av.extent.tile<1, 32>();
  printf("host %d %d\n", t.tile_extent[0], t.get_tile_extent()[1]);
  parallel_for_each(t, [=](tiled_index<1, 32> ti) restrict(amp) {
    extent<2> e = ti.tile_extent;
    av[ti.global] = e[0] * 100 + e[1];
  });
  printf("dev %d\n", av(1, 63));
}
