// Rank 5 compute domain and array_view (spec: any rank): the leading AMP
// dimensions are folded into OpenCL dimension 2 and unfolded in the kernel
// from the domain the runtime passes last.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// RUN: %ampcc -emit-opencl -fno-robust-buffer-access %s -o %t.cl && %FileCheck --check-prefix=CL %s < %t.cl && %clcheck %t.cl
// CHECK: rank5: 0 mismatches of 840
// CL: __kernel void main_kernel(__global int *av_data, ampcc_shape5 av_shape, ampcc_domain5 _domain) {
// CL: i._M_base[4] = (int)get_global_id(0);
// CL-NEXT: i._M_base[3] = (int)get_global_id(1);
// CL: i._M_base[2] = (int)(_folded % (size_t)_domain.ext[2]);
// CL: i._M_base[0] = (int)(_folded % (size_t)_domain.ext[0]);
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;
int main() {
  const int D[5] = {3, 4, 2, 5, 7};
  extent<5> e(D);
  std::vector<int> v(e.size());
  array_view<int, 5> av(e, v);
  parallel_for_each(e, [=](index<5> i) restrict(amp) {
    av[i] = (((i[0] * 10 + i[1]) * 10 + i[2]) * 10 + i[3]) * 10 + i[4];
  });
  av.synchronize();
  int bad = 0, n = 0;
  for (int a = 0; a < 3; ++a) for (int b = 0; b < 4; ++b) for (int c = 0; c < 2; ++c)
    for (int d = 0; d < 5; ++d) for (int f = 0; f < 7; ++f)
      if (v[n++] != (((a * 10 + b) * 10 + c) * 10 + d) * 10 + f) ++bad;
  printf("rank5: %d mismatches of %d\n", bad, n);
  return bad != 0;
}
