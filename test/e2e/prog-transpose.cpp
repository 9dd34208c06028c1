// Matrix transpose, written the way the published C++ AMP samples write it
// (Visual C++ style: no 'template' keyword before A.extent.tile<...>() inside
// templates): (a) simple, (b) tiled on an even size, (c) tiled + pad() with
// guarded read/write helpers, (d) tiled + truncate() with the leftover bands
// done by the edge threads, (e) divide and conquer over sections. Each result
// is compared exactly with a CPU transpose.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t 2> %t.err && %t | %FileCheck %s
// CHECK-NOT: mismatch at
// CHECK: transpose_simple 999x666: 0 errors
// CHECK-NOT: mismatch at
// CHECK: transpose_tiled_even 1024x512: 0 errors
// CHECK-NOT: mismatch at
// CHECK: transpose_tiled_pad 999x666: 0 errors
// CHECK-NOT: mismatch at
// CHECK: transpose_tiled_truncate_edges 999x666: 0 errors
// CHECK-NOT: mismatch at
// CHECK: transpose_divide_and_conquer 999x666: 0 errors
// CHECK-NOT: mismatch at
// CHECK: transpose_tiled_pad<int> 999x666: 0 errors
// CHECK: PASSED
#include <amp.h>
#include <cstdio>
#include <vector>

using namespace concurrency;

static const int TILE_SIZE = 16;

index<2> transpose(const index<2> &idx) restrict(cpu, amp) {
  return index<2>(idx[1], idx[0]);
}

extent<2> transpose(const extent<2> &ext) restrict(cpu, amp) {
  return extent<2>(ext[1], ext[0]);
}

// (a) One thread per element, no tiling.
template <typename value_type>
void transpose_simple(const array_view<const value_type, 2> &A,
                      const array_view<value_type, 2> &B) {
  B.discard_data();
  parallel_for_each(A.extent, [=](index<2> idx) restrict(amp) {
    B[transpose(idx)] = A[idx];
  });
}

// (b) Tiled; the extent must be a multiple of the tile size.
template <typename value_type>
void transpose_tiled_even(const array_view<const value_type, 2> &A,
                          const array_view<value_type, 2> &B) {
  B.discard_data();
  parallel_for_each(A.extent.tile<TILE_SIZE, TILE_SIZE>(),
                    [=](tiled_index<TILE_SIZE, TILE_SIZE> tidx) restrict(amp) {
    tile_static value_type t1[TILE_SIZE][TILE_SIZE];
    t1[tidx.local[1]][tidx.local[0]] = A[tidx.global];
    tidx.barrier.wait();
    index<2> idxdst(transpose(tidx.tile_origin) + tidx.local);
    B[idxdst] = t1[tidx.local[0]][tidx.local[1]];
  });
}

// (c) Tiled over the padded extent; reads and writes outside the matrix are
// guarded.
template <typename value_type>
value_type guarded_read(const array_view<const value_type, 2> &A,
                        const index<2> &idx) restrict(cpu, amp) {
  return A.extent.contains(idx) ? A[idx] : value_type();
}

template <typename value_type>
void guarded_write(const array_view<value_type, 2> &A, const index<2> &idx,
                   const value_type &val) restrict(cpu, amp) {
  if (A.extent.contains(idx))
    A[idx] = val;
}

template <typename value_type>
void transpose_tiled_pad(const array_view<const value_type, 2> &A,
                         const array_view<value_type, 2> &B) {
  B.discard_data();
  parallel_for_each(A.extent.tile<TILE_SIZE, TILE_SIZE>().pad(),
                    [=](tiled_index<TILE_SIZE, TILE_SIZE> tidx) restrict(amp) {
    tile_static value_type t1[TILE_SIZE][TILE_SIZE];
    t1[tidx.local[1]][tidx.local[0]] = guarded_read(A, tidx.global);
    tidx.barrier.wait();
    index<2> idxdst(transpose(tidx.tile_origin) + tidx.local);
    guarded_write(B, idxdst, t1[tidx.local[0]][tidx.local[1]]);
  });
}

// (d) Tiled over the truncated extent; the threads on the last row and the
// last column of the truncated domain also transpose the leftover bands.
template <typename value_type>
void transpose_tiled_truncate_edges(const array_view<const value_type, 2> &A,
                                    const array_view<value_type, 2> &B) {
  B.discard_data();
  tiled_extent<TILE_SIZE, TILE_SIZE> e_truncated(
      A.extent.tile<TILE_SIZE, TILE_SIZE>().truncate());
  bool needs_bottom = e_truncated[0] < A.extent[0];
  bool needs_right = e_truncated[1] < A.extent[1];
  parallel_for_each(e_truncated,
                    [=](tiled_index<TILE_SIZE, TILE_SIZE> tidx) restrict(amp) {
    tile_static value_type t1[TILE_SIZE][TILE_SIZE];
    t1[tidx.local[1]][tidx.local[0]] = A[tidx.global];
    tidx.barrier.wait();
    index<2> idxdst(transpose(tidx.tile_origin) + tidx.local);
    B[idxdst] = t1[tidx.local[0]][tidx.local[1]];

    bool is_bottom_thread = tidx.global[0] == e_truncated[0] - 1;
    bool is_right_thread = tidx.global[1] == e_truncated[1] - 1;
    // The bottom band: rows e_truncated[0]..end, this thread's column.
    if (is_bottom_thread && needs_bottom) {
      for (int i = e_truncated[0]; i < A.extent[0]; i++)
        B(tidx.global[1], i) = A(i, tidx.global[1]);
    }
    // The right band: columns e_truncated[1]..end, this thread's row.
    if (is_right_thread && needs_right) {
      for (int j = e_truncated[1]; j < A.extent[1]; j++)
        B(j, tidx.global[0]) = A(tidx.global[0], j);
    }
    // The corner, by the one thread at the bottom right.
    if (is_bottom_thread && is_right_thread && needs_bottom && needs_right) {
      for (int i = e_truncated[0]; i < A.extent[0]; i++)
        for (int j = e_truncated[1]; j < A.extent[1]; j++)
          B(j, i) = A(i, j);
    }
  });
}

// (e) Divide and conquer: the truncated block with the tiled kernel, the
// right band and the bottom band with the simple kernel, each over sections.
template <typename value_type>
void transpose_divide_and_conquer(const array_view<const value_type, 2> &A,
                                  const array_view<value_type, 2> &B) {
  tiled_extent<TILE_SIZE, TILE_SIZE> e_tiled(A.extent);
  tiled_extent<TILE_SIZE, TILE_SIZE> e_truncated(e_tiled.truncate());

  array_view<const value_type, 2> A_tiled_part =
      A.section(index<2>(0, 0), e_truncated);
  array_view<value_type, 2> B_tiled_part =
      B.section(index<2>(0, 0), transpose(e_truncated));
  transpose_tiled_even(A_tiled_part, B_tiled_part);

  bool needs_right = e_truncated[1] < A.extent[1];
  bool needs_bottom = e_truncated[0] < A.extent[0];
  if (needs_right) {
    // All rows, the columns right of the block.
    array_view<const value_type, 2> A_right = A.section(index<2>(0, e_truncated[1]));
    array_view<value_type, 2> B_bottom = B.section(index<2>(e_truncated[1], 0));
    transpose_simple(A_right, B_bottom);
  }
  if (needs_bottom) {
    // The rows below the block, only the block's columns.
    array_view<const value_type, 2> A_bottom = A.section(
        index<2>(e_truncated[0], 0),
        extent<2>(A.extent[0] - e_truncated[0], e_truncated[1]));
    array_view<value_type, 2> B_right = B.section(
        index<2>(0, e_truncated[0]),
        extent<2>(e_truncated[1], A.extent[0] - e_truncated[0]));
    transpose_simple(A_bottom, B_right);
  }
}

template <typename value_type, typename Fn>
int run_one(const char *name, int M, int N, Fn fn) {
  std::vector<value_type> a(M * N), b(N * M, value_type(-1));
  for (int i = 0; i < M * N; ++i)
    a[i] = value_type((i * 37) % 100003);
  array_view<const value_type, 2> A(M, N, a);
  array_view<value_type, 2> B(N, M, b);
  fn(A, B);
  B.synchronize();
  int errors = 0;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j)
      if (b[j * M + i] != a[i * N + j]) {
        if (++errors <= 5)
          std::printf("%s: mismatch at (%d,%d): %g vs %g\n", name, j, i,
                      (double)b[j * M + i], (double)a[i * N + j]);
      }
  std::printf("%s %dx%d: %d errors\n", name, M, N, errors);
  return errors;
}

int main() {
  int errors = 0;
  errors += run_one<float>("transpose_simple", 999, 666,
                           transpose_simple<float>);
  errors += run_one<float>("transpose_tiled_even", 1024, 512,
                           transpose_tiled_even<float>);
  errors += run_one<float>("transpose_tiled_pad", 999, 666,
                           transpose_tiled_pad<float>);
  errors += run_one<float>("transpose_tiled_truncate_edges", 999, 666,
                           transpose_tiled_truncate_edges<float>);
  errors += run_one<float>("transpose_divide_and_conquer", 999, 666,
                           transpose_divide_and_conquer<float>);
  errors += run_one<int>("transpose_tiled_pad<int>", 999, 666,
                         transpose_tiled_pad<int>);
  std::printf("%s\n", errors ? "FAILED" : "PASSED");
  return errors ? 1 : 0;
}
