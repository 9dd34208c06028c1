// Tiled reduction in the style of the C++ AMP book's reduction samples: a
// tree reduction in a tile_static array per tile over the padded extent,
// repeated on the partial sums (1000000 -> 3907 -> 16 -> 1: a first pass,
// a second pass, ...) with the source and destination views swapped between
// passes; and a cascade version (a fixed number of tiles, each thread first
// adding a strided run of elements, the tiles' sums combined with
// atomic_fetch_add). Integer sums are compared exactly, float sums with a
// relative tolerance (the order of the additions differs from the CPU's).
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK-NOT: mismatch
// CHECK: reduction_tiled<int> n=1000000: 3 passes, sum 499500000 (expected 499500000)
// CHECK-NEXT: reduction_tiled<int> n=256: 1 passes, sum 32640 (expected 32640)
// CHECK-NEXT: reduction_tiled<int> n=257: 2 passes, sum 32896 (expected 32896)
// CHECK-NEXT: reduction_tiled<float> n=1000000: 3 passes, ok
// CHECK-NEXT: reduction_cascade n=1000000: sum 499500000 (expected 499500000)
// CHECK-NEXT: reduction_cascade n=1000003: sum 499500003 (expected 499500003)
// CHECK-NEXT: PASSED
#include <amp.h>
#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

using namespace concurrency;

static const int TILE_SIZE = 256;

template <typename value_type>
value_type reduction_tiled(const std::vector<value_type> &source, int &passes) {
  unsigned element_count = static_cast<unsigned>(source.size());
  array<value_type, 1> arr_1(element_count, source.cbegin(), source.cend());
  array<value_type, 1> arr_2((element_count + TILE_SIZE - 1) / TILE_SIZE);

  array_view<value_type, 1> av_src(arr_1);
  array_view<value_type, 1> av_dst(arr_2);
  av_dst.discard_data();

  passes = 0;
  while (element_count > 1) {
    unsigned tile_count = (element_count + TILE_SIZE - 1) / TILE_SIZE;
    array_view<value_type, 1> src = av_src.section(0, element_count);
    array_view<value_type, 1> dst = av_dst.section(0, tile_count);
    parallel_for_each(src.extent.tile<TILE_SIZE>().pad(),
                      [=](tiled_index<TILE_SIZE> tidx) restrict(amp) {
      tile_static value_type tile_data[TILE_SIZE];
      unsigned local_idx = tidx.local[0];
      tile_data[local_idx] =
          src.extent.contains(tidx.global) ? src[tidx.global] : value_type();
      tidx.barrier.wait();

      for (unsigned s = TILE_SIZE / 2; s > 0; s /= 2) {
        if (local_idx < s)
          tile_data[local_idx] += tile_data[local_idx + s];
        tidx.barrier.wait();
      }

      if (local_idx == 0)
        dst[tidx.tile] = tile_data[0];
    });
    element_count = tile_count;
    ++passes;
    std::swap(av_src, av_dst);
    av_dst.discard_data();
  }
  return av_src[0];
}

static const int CASCADE_TILE_COUNT = 32;

int reduction_cascade(const std::vector<int> &source) {
  int element_count = static_cast<int>(source.size());
  array_view<const int, 1> a(element_count, source);
  std::vector<int> total(1, 0);
  array_view<int, 1> result(1, total);
  const int stride = CASCADE_TILE_COUNT * TILE_SIZE;
  parallel_for_each(extent<1>(stride).tile<TILE_SIZE>(),
                    [=](tiled_index<TILE_SIZE> tidx) restrict(amp) {
    tile_static int tile_data[TILE_SIZE];
    int local_idx = tidx.local[0];
    int partial = 0;
    for (int i = tidx.global[0]; i < element_count; i += stride)
      partial += a[i];
    tile_data[local_idx] = partial;
    tidx.barrier.wait();
    for (int s = TILE_SIZE / 2; s > 0; s >>= 1) {
      if (local_idx < s)
        tile_data[local_idx] += tile_data[local_idx + s];
      tidx.barrier.wait();
    }
    if (local_idx == 0)
      atomic_fetch_add(&result[0], tile_data[0]);
  });
  return result[0];
}

int main() {
  int errors = 0;
  const int sizes[] = {1000000, 256, 257};
  for (int n : sizes) {
    std::vector<int> data(n);
    long long expected = 0;
    for (int i = 0; i < n; ++i) {
      data[i] = n == 1000000 ? i % 1000 : i;
      expected += data[i];
    }
    int passes = 0;
    int sum = reduction_tiled(data, passes);
    std::printf("reduction_tiled<int> n=%d: %d passes, sum %d (expected %lld)\n", n,
                passes, sum, expected);
    if (sum != expected) {
      std::printf("reduction_tiled<int>: mismatch\n");
      ++errors;
    }
  }

  {
    const int n = 1000000;
    std::vector<float> data(n);
    double expected = 0;
    for (int i = 0; i < n; ++i) {
      data[i] = (float)((i * 7919LL) % 1000) * 0.001f; // i * 7919 passes INT_MAX
      expected += data[i];
    }
    int passes = 0;
    float sum = reduction_tiled(data, passes);
    bool ok = std::fabs(sum - expected) <= 1e-4 * std::fabs(expected);
    std::printf("reduction_tiled<float> n=%d: %d passes, %s\n", n, passes,
                ok ? "ok" : "mismatch");
    if (!ok) {
      std::printf("  sum %.3f expected %.3f\n", sum, expected);
      ++errors;
    }
  }

  const int cascade_sizes[] = {1000000, 1000003};
  for (int n : cascade_sizes) {
    std::vector<int> data(n);
    long long expected = 0;
    for (int i = 0; i < n; ++i) {
      data[i] = i % 1000;
      expected += data[i];
    }
    int sum = reduction_cascade(data);
    std::printf("reduction_cascade n=%d: sum %d (expected %lld)\n", n, sum, expected);
    if (sum != expected) {
      std::printf("reduction_cascade: mismatch\n");
      ++errors;
    }
  }
  std::printf("%s\n", errors ? "FAILED" : "PASSED");
  return errors ? 1 : 0;
}
