// A 256-bin histogram with tile_static bins and atomics on local and global
// memory, fast_math/precise_math calls, atomic_fetch_inc and
// atomic_compare_exchange; all checked against a CPU reference.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK-NOT: cnt
// CHECK: PASS 0
#include <amp.h>
#include <amp_math.h>
#include <cstdio>
#include <cmath>
#include <vector>
using namespace concurrency;

int main() {
  const int N = 100000, T = 256;
  std::vector<unsigned> data(N), bins(256, 0), ref(256, 0);
  for (int i = 0; i < N; ++i) { data[i] = (i * 2654435761u) >> 7; ref[data[i] & 255]++; }
  array_view<const unsigned, 1> dv(N, data);
  array_view<unsigned, 1> bv(256, bins);
  extent<1> e((N + T - 1) / T * T);
  parallel_for_each(e.tile<T>(), [=](tiled_index<T> t) restrict(amp) {
    tile_static unsigned local_bins[256];
    local_bins[t.local[0]] = 0;
    t.barrier.wait();
    if (t.global[0] < N) atomic_fetch_add(&local_bins[dv[t.global] & 255], 1u);
    t.barrier.wait();
    atomic_fetch_add(&bv[t.local], local_bins[t.local[0]]);
  });
  int bad = 0;
  for (int i = 0; i < 256; ++i) if (bv[i] != ref[i]) ++bad;
  std::vector<float> x(1000), y(1000);
  std::vector<int> cnt(1, 0);
  for (int i = 0; i < 1000; ++i) x[i] = i * 0.01f;
  array_view<const float, 1> xv(1000, x);
  array_view<float, 1> yv(1000, y);
  array_view<int, 1> cv(1, cnt);
  parallel_for_each(yv.extent, [=](index<1> i) restrict(amp) {
    yv[i] = fast_math::sqrt(xv[i]) + precise_math::sinf(xv[i]);
    int expected = 0;
    if (xv[i] > 5.0f) atomic_fetch_inc(&cv[0]);
    atomic_compare_exchange(&cv[0], &expected, 0);
  });
  yv.synchronize();
  for (int i = 0; i < 1000; ++i) if (std::fabs(y[i] - (std::sqrt(x[i]) + std::sin(x[i]))) > 1e-5f) ++bad;
  // count of x > 5
  int ex = 0; for (int i = 0; i < 1000; ++i) if (x[i] > 5.0f) ++ex;
  if (cv[0] != ex) { ++bad; printf("cnt %d vs %d\n", cv[0], ex); }
  yv.synchronize();
  printf("%s %d\n", bad ? "FAIL" : "PASS", bad);
}
