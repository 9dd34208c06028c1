// On the host backend, a tiled kernel's local initialised from the index
// alone is declared again in each work-item loop when nothing changes it. A
// call that binds the local to an `int &` parameter changes it without an
// assignment naming it: the local was declared again anyway and the
// reading loop saw the initial value. Found by tools/randamp (seed 113: a
// phase function taking the work-item's state by reference); reduced by
// hand.
// RUN: %ampcc -fhost-kernels %s -o %t && env AMPCC_BACKEND=host %t | %FileCheck %s
// RUN: %ampcc -fhost-kernels -emit-host-kernels %s -o %t.c && %FileCheck --check-prefix=LOOPS %s < %t.c
// CHECK: 0 mismatches of 64
// The kernel runs as work-item loops, the local as an array over the tile.
// LOOPS: main_kernel__loops(
// LOOPS: int ampcc_wi_a[8];
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

static void setTo(int &v, int x) restrict(amp) { v = x; }

int main() {
  std::vector<int> out(64, 0);
  array_view<int, 1> o(64, out);
  parallel_for_each(o.extent.tile<8>(), [=](tiled_index<8> t) restrict(amp) {
    int a = 1;
    setTo(a, t.local[0] + 10);
    t.barrier.wait();
    o[t.global] = a;
  });
  o.synchronize();
  int bad = 0;
  for (int i = 0; i < 64; ++i)
    bad += out[i] != i % 8 + 10;
  std::printf("%d mismatches of 64\n", bad);
}
