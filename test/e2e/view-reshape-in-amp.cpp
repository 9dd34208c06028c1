// array_view::view_as, reinterpret_as and data() inside a kernel (spec
// §5.2.8): a rank-1 view written through a dense rank-2 view of it, through
// its element pointer, and a float view's bytes written as ints.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// RUN: %ampcc -emit-opencl %s -o %t.cl && %clcheck %t.cl
// CHECK: reshape: 0 mismatches
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;
int main() {
  const int N = 24;
  std::vector<int> v(N, 0);
  std::vector<float> f(8, 0.0f);
  array_view<int, 1> av(N, v);
  array_view<float, 1> fv(8, f);
  parallel_for_each(extent<1>(1), [=](index<1>) restrict(amp) {
    array_view<int, 2> m = av.view_as(extent<2>(4, 6));
    for (int r = 0; r < 4; ++r)
      for (int c = 0; c < 6; ++c) m(r, c) = r * 100 + c;
    int *p = av.data();
    p[23] += 1000;
    array_view<int, 1> bits = fv.reinterpret_as<int>();
    bits[2] = 0x3f800000;  // 1.0f
  });
  av.synchronize(); fv.synchronize();
  int bad = 0;
  for (int i = 0; i < N; ++i) if (v[i] != (i / 6) * 100 + i % 6 + (i == 23 ? 1000 : 0)) ++bad;
  if (f[2] != 1.0f) ++bad;
  printf("reshape: %d mismatches\n", bad);
  return bad != 0;
}
