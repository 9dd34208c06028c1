// Simple moving average, out[i] = (in[i] + ... + in[i + window - 1]) / window,
// on a length that is not a multiple of the tile: a simple kernel, and a
// tiled one (tile 512, pad()) that walks the window in chunks of a tile,
// each chunk staged in a tile_static array declared inside the loop. Checked
// against a CPU reference: exactly for int, with a tolerance for float.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK-NOT: mismatch
// CHECK: sma_simple<float> n=100003 window=7: 0 errors
// CHECK-NEXT: sma_tiled<float> n=100003 window=7: 0 errors
// CHECK-NEXT: sma_simple<int> n=100003 window=7: 0 errors
// CHECK-NEXT: sma_tiled<int> n=100003 window=7: 0 errors
// CHECK-NEXT: sma_tiled<int> n=100003 window=1500: 0 errors
// CHECK-NEXT: sma_tiled<float> n=5000 window=513: 0 errors
// CHECK-NEXT: PASSED
#include <amp.h>
#include <cmath>
#include <cstdio>
#include <vector>

using namespace concurrency;

static const int TILE_SIZE = 512;

template <typename value_type>
void sma_simple(const array_view<const value_type, 1> &in,
                const array_view<value_type, 1> &out, int window) {
  out.discard_data();
  parallel_for_each(out.extent, [=](index<1> idx) restrict(amp) {
    value_type sum = 0;
    for (int k = 0; k < window; k++)
      sum += in[idx[0] + k];
    out[idx] = sum / window;
  });
}

template <typename value_type>
void sma_tiled(const array_view<const value_type, 1> &in,
               const array_view<value_type, 1> &out, int window) {
  out.discard_data();
  parallel_for_each(out.extent.tile<TILE_SIZE>().pad(),
                    [=](tiled_index<TILE_SIZE> tidx) restrict(amp) {
    int lid = tidx.local[0];
    int origin = tidx.tile_origin[0];
    value_type sum = 0;
    // This tile needs in[origin, origin + TILE_SIZE + window - 1).
    for (int chunk = 0; chunk < TILE_SIZE + window - 1; chunk += TILE_SIZE) {
      tile_static value_type buf[TILE_SIZE];
      int src = origin + chunk + lid;
      buf[lid] = src < in.extent[0] ? in[src] : value_type();
      tidx.barrier.wait();
      // The part of [lid, lid + window) that lies in this chunk.
      int first = lid > chunk ? lid : chunk;
      int last = lid + window < chunk + TILE_SIZE ? lid + window : chunk + TILE_SIZE;
      for (int k = first; k < last; k++)
        sum += buf[k - chunk];
      tidx.barrier.wait();
    }
    if (out.extent.contains(tidx.global))
      out[tidx.global] = sum / window;
  });
}

template <typename value_type> bool close_enough(value_type x, value_type ref) {
  return x == ref;
}
template <> bool close_enough<float>(float x, float ref) {
  return std::fabs(x - ref) <= 1e-4f * std::fmax(1.0f, std::fabs(ref));
}

template <typename value_type>
int run_one(const char *name, int n, int window,
            void (*fn)(const array_view<const value_type, 1> &,
                       const array_view<value_type, 1> &, int)) {
  std::vector<value_type> vin(n), vout(n - window + 1, value_type(-7)),
      ref(n - window + 1);
  for (int i = 0; i < n; ++i)
    vin[i] = value_type((i * 131) % 1000) / value_type(4);
  for (int i = 0; i + window <= n; ++i) {
    value_type s = 0;
    for (int k = 0; k < window; ++k)
      s += vin[i + k];
    ref[i] = s / window;
  }
  array_view<const value_type, 1> in(n, vin);
  array_view<value_type, 1> out(n - window + 1, vout);
  fn(in, out, window);
  out.synchronize();
  int errors = 0;
  for (int i = 0; i + window <= n; ++i)
    if (!close_enough(vout[i], ref[i]) && ++errors <= 5)
      std::printf("%s: mismatch at %d: %g vs %g\n", name, i, (double)vout[i],
                  (double)ref[i]);
  std::printf("%s n=%d window=%d: %d errors\n", name, n, window, errors);
  return errors;
}

int main() {
  int errors = 0;
  errors += run_one<float>("sma_simple<float>", 100003, 7, sma_simple<float>);
  errors += run_one<float>("sma_tiled<float>", 100003, 7, sma_tiled<float>);
  errors += run_one<int>("sma_simple<int>", 100003, 7, sma_simple<int>);
  errors += run_one<int>("sma_tiled<int>", 100003, 7, sma_tiled<int>);
  errors += run_one<int>("sma_tiled<int>", 100003, 1500, sma_tiled<int>);
  errors += run_one<float>("sma_tiled<float>", 5000, 513, sma_tiled<float>);
  std::printf("%s\n", errors ? "FAILED" : "PASSED");
  return errors ? 1 : 0;
}
