// Matrix-vector multiply as in the C++ AMP samples: one thread per row,
// (1) indexing the matrix with a(row, i), (2) taking the row as a projection
// (a[idx[0]] is an array_view<const T,1>) inside the kernel, (3) a projection
// held with auto and indexed with operator(). Integer results are compared
// exactly, float results with a relative tolerance.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK-NOT: mismatch
// CHECK: mxv<int> no projection 1000x777: 0 errors
// CHECK-NEXT: mxv<int> projection 1000x777: 0 errors
// CHECK-NEXT: mxv<int> auto projection 1000x777: 0 errors
// CHECK-NEXT: mxv<float> no projection 513x1025: 0 errors
// CHECK-NEXT: mxv<float> projection 513x1025: 0 errors
// CHECK-NEXT: mxv<float> auto projection 513x1025: 0 errors
// CHECK-NEXT: PASSED
#include <amp.h>
#include <cmath>
#include <cstdio>
#include <vector>

using namespace concurrency;

template <typename value_type>
void mxv_no_projection(const array_view<const value_type, 2> &a,
                       const array_view<const value_type, 1> &b,
                       const array_view<value_type, 1> &c) {
  c.discard_data();
  parallel_for_each(c.extent, [=](index<1> idx) restrict(amp) {
    int row = idx[0];
    value_type sum = 0;
    for (int i = 0; i < a.extent[1]; i++)
      sum += a(row, i) * b(i);
    c[idx] = sum;
  });
}

template <typename value_type>
void mxv_projection(const array_view<const value_type, 2> &a,
                    const array_view<const value_type, 1> &b,
                    const array_view<value_type, 1> &c) {
  c.discard_data();
  parallel_for_each(c.extent, [=](index<1> idx) restrict(amp) {
    array_view<const value_type, 1> row = a[idx[0]];
    value_type sum = 0;
    for (int i = 0; i < row.extent[0]; i++)
      sum += row[i] * b[i];
    c[idx] = sum;
  });
}

template <typename value_type>
void mxv_auto_projection(const array_view<const value_type, 2> &a,
                         const array_view<const value_type, 1> &b,
                         const array_view<value_type, 1> &c) {
  c.discard_data();
  parallel_for_each(c.extent, [=](index<1> idx) restrict(amp) {
    auto row = a[idx[0]];
    value_type sum = 0;
    for (int i = 0; i < b.extent.size(); i++)
      sum += row(i) * b(i);
    c[idx] = sum;
  });
}

template <typename value_type>
bool close_enough(value_type x, value_type ref) {
  return x == ref;
}
template <> bool close_enough<float>(float x, float ref) {
  return std::fabs(x - ref) <= 1e-4f * std::fmax(1.0f, std::fabs(ref));
}

template <typename value_type, typename Fn>
int run_one(const char *name, int M, int N, Fn fn) {
  std::vector<value_type> va(M * N), vb(N), vc(M, value_type(-1)), ref(M);
  for (int i = 0; i < M * N; ++i)
    va[i] = value_type((i * 7 + 3) % 19) / value_type(2) - value_type(4);
  for (int j = 0; j < N; ++j)
    vb[j] = value_type((j * 5) % 11) - value_type(5);
  for (int i = 0; i < M; ++i) {
    value_type s = 0;
    for (int j = 0; j < N; ++j)
      s += va[i * N + j] * vb[j];
    ref[i] = s;
  }
  array_view<const value_type, 2> a(M, N, va);
  array_view<const value_type, 1> b(N, vb);
  array_view<value_type, 1> c(M, vc);
  fn(a, b, c);
  c.synchronize();
  int errors = 0;
  for (int i = 0; i < M; ++i)
    if (!close_enough(vc[i], ref[i]) && ++errors <= 5)
      std::printf("%s: mismatch at %d: %g vs %g\n", name, i, (double)vc[i],
                  (double)ref[i]);
  std::printf("%s %dx%d: %d errors\n", name, M, N, errors);
  return errors;
}

int main() {
  int errors = 0;
  errors += run_one<int>("mxv<int> no projection", 1000, 777, mxv_no_projection<int>);
  errors += run_one<int>("mxv<int> projection", 1000, 777, mxv_projection<int>);
  errors += run_one<int>("mxv<int> auto projection", 1000, 777, mxv_auto_projection<int>);
  errors += run_one<float>("mxv<float> no projection", 513, 1025, mxv_no_projection<float>);
  errors += run_one<float>("mxv<float> projection", 513, 1025, mxv_projection<float>);
  errors += run_one<float>("mxv<float> auto projection", 513, 1025, mxv_auto_projection<float>);
  std::printf("%s\n", errors ? "FAILED" : "PASSED");
  return errors ? 1 : 0;
}
