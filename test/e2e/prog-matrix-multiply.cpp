// Matrix multiply in the style of the MSDN C++ AMP walkthrough: the simple
// version (one thread per element, accumulating into the product), the tiled
// version on sizes that are multiples of the tile (tile_static arrays
// declared inside the loop over tiles), and a tiled + pad() version with
// guarded reads and a guarded write for sizes that are not (300x200 *
// 200x250). Integer results are compared exactly, float results with a
// relative tolerance.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK-NOT: mismatch
// CHECK: multiply_simple<int> 300x200 * 200x250: 0 errors
// CHECK-NEXT: multiply_tiled<int> 128x64 * 64x96: 0 errors
// CHECK-NEXT: multiply_tiled_pad<int> 300x200 * 200x250: 0 errors
// CHECK-NEXT: multiply_simple<float> 300x200 * 200x250: 0 errors
// CHECK-NEXT: multiply_tiled<float> 128x64 * 64x96: 0 errors
// CHECK-NEXT: multiply_tiled_pad<float> 300x200 * 200x250: 0 errors
// CHECK-NEXT: multiply_tiled_pad<float> 17x33 * 33x1: 0 errors
// CHECK-NEXT: PASSED
#include <amp.h>
#include <cmath>
#include <cstdio>
#include <vector>

using namespace concurrency;

static const int TILE_SIZE = 16;

template <typename value_type>
void multiply_simple(const array_view<const value_type, 2> &a,
                     const array_view<const value_type, 2> &b,
                     const array_view<value_type, 2> &product) {
  // product starts as zeros.
  parallel_for_each(product.extent, [=](index<2> idx) restrict(amp) {
    int row = idx[0];
    int col = idx[1];
    for (int inner = 0; inner < a.extent[1]; inner++)
      product[idx] += a(row, inner) * b(inner, col);
  });
}

template <typename value_type>
void multiply_tiled(const array_view<const value_type, 2> &a,
                    const array_view<const value_type, 2> &b,
                    const array_view<value_type, 2> &product) {
  product.discard_data();
  parallel_for_each(product.extent.tile<TILE_SIZE, TILE_SIZE>(),
                    [=](tiled_index<TILE_SIZE, TILE_SIZE> t_idx) restrict(amp) {
    int row = t_idx.local[0];
    int col = t_idx.local[1];
    value_type sum = 0;
    for (int i = 0; i < a.extent[1]; i += TILE_SIZE) {
      tile_static value_type locA[TILE_SIZE][TILE_SIZE];
      tile_static value_type locB[TILE_SIZE][TILE_SIZE];
      locA[row][col] = a(t_idx.global[0], col + i);
      locB[row][col] = b(row + i, t_idx.global[1]);
      t_idx.barrier.wait();
      for (int k = 0; k < TILE_SIZE; k++)
        sum += locA[row][k] * locB[k][col];
      t_idx.barrier.wait();
    }
    product[t_idx.global] = sum;
  });
}

template <typename value_type>
value_type guarded_read(const array_view<const value_type, 2> &A, int row,
                        int col) restrict(amp) {
  return A.extent.contains(index<2>(row, col)) ? A(row, col) : value_type();
}

template <typename value_type>
void multiply_tiled_pad(const array_view<const value_type, 2> &a,
                        const array_view<const value_type, 2> &b,
                        const array_view<value_type, 2> &product) {
  product.discard_data();
  parallel_for_each(product.extent.tile<TILE_SIZE, TILE_SIZE>().pad(),
                    [=](tiled_index<TILE_SIZE, TILE_SIZE> t_idx) restrict(amp) {
    int row = t_idx.local[0];
    int col = t_idx.local[1];
    value_type sum = 0;
    for (int i = 0; i < a.extent[1]; i += TILE_SIZE) {
      tile_static value_type locA[TILE_SIZE][TILE_SIZE];
      tile_static value_type locB[TILE_SIZE][TILE_SIZE];
      locA[row][col] = guarded_read(a, t_idx.global[0], col + i);
      locB[row][col] = guarded_read(b, row + i, t_idx.global[1]);
      t_idx.barrier.wait();
      for (int k = 0; k < TILE_SIZE; k++)
        sum += locA[row][k] * locB[k][col];
      t_idx.barrier.wait();
    }
    if (product.extent.contains(t_idx.global))
      product[t_idx.global] = sum;
  });
}

template <typename value_type> bool close_enough(value_type x, value_type ref) {
  return x == ref;
}
template <> bool close_enough<float>(float x, float ref) {
  return std::fabs(x - ref) <= 1e-4f * std::fmax(1.0f, std::fabs(ref));
}

template <typename value_type>
int run_one(const char *name, int M, int K, int N,
            void (*fn)(const array_view<const value_type, 2> &,
                       const array_view<const value_type, 2> &,
                       const array_view<value_type, 2> &)) {
  std::vector<value_type> va(M * K), vb(K * N), vp(M * N, value_type(0)), ref(M * N);
  for (int i = 0; i < M * K; ++i)
    va[i] = value_type((i * 13) % 17) - value_type(8) + value_type(i % 2) / value_type(2);
  for (int i = 0; i < K * N; ++i)
    vb[i] = value_type((i * 7) % 11) - value_type(5);
  for (int r = 0; r < M; ++r)
    for (int c = 0; c < N; ++c) {
      value_type s = 0;
      for (int k = 0; k < K; ++k)
        s += va[r * K + k] * vb[k * N + c];
      ref[r * N + c] = s;
    }
  array_view<const value_type, 2> a(M, K, va);
  array_view<const value_type, 2> b(K, N, vb);
  array_view<value_type, 2> product(M, N, vp);
  fn(a, b, product);
  product.synchronize();
  int errors = 0;
  for (int i = 0; i < M * N; ++i)
    if (!close_enough(vp[i], ref[i]) && ++errors <= 5)
      std::printf("%s: mismatch at (%d,%d): %g vs %g\n", name, i / N, i % N,
                  (double)vp[i], (double)ref[i]);
  std::printf("%s %dx%d * %dx%d: %d errors\n", name, M, K, K, N, errors);
  return errors;
}

int main() {
  int errors = 0;
  errors += run_one<int>("multiply_simple<int>", 300, 200, 250, multiply_simple<int>);
  errors += run_one<int>("multiply_tiled<int>", 128, 64, 96, multiply_tiled<int>);
  errors += run_one<int>("multiply_tiled_pad<int>", 300, 200, 250, multiply_tiled_pad<int>);
  errors += run_one<float>("multiply_simple<float>", 300, 200, 250, multiply_simple<float>);
  errors += run_one<float>("multiply_tiled<float>", 128, 64, 96, multiply_tiled<float>);
  errors += run_one<float>("multiply_tiled_pad<float>", 300, 200, 250, multiply_tiled_pad<float>);
  errors += run_one<float>("multiply_tiled_pad<float>", 17, 33, 1, multiply_tiled_pad<float>);
  std::printf("%s\n", errors ? "FAILED" : "PASSED");
  return errors ? 1 : 0;
}
