// Rank-3 index mapping: AMP dimension 0 (the slowest-varying) comes from
// get_global_id(2) and dimension 2 (the fastest) from get_global_id(0), and a
// rank-3 view's element address uses all three row strides. A rank-2 kernel
// in the same file maps dim 0 -> get_global_id(1), dim 1 -> get_global_id(0).
// RUN: %ampcc -emit-opencl -fno-robust-buffer-access %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %clcheck %t.cl
#include <amp.h>
using namespace concurrency;

void fill3(int *P, int D0, int D1, int D2) {
  array_view<int, 3> V(D0, D1, D2, P);
  parallel_for_each(V.extent, [=](index<3> Idx) restrict(amp) {
    V[Idx] = Idx[0] * 10000 + Idx[1] * 100 + Idx[2];
  });
}

void fill2(float *P, int D0, int D1) {
  array_view<float, 2> V(D0, D1, P);
  parallel_for_each(V.extent, [=](index<2> Idx) restrict(amp) {
    V[Idx] = 1.0f;
  });
}

// CHECK: typedef struct { int off; int ext[3]; int stride[3]; } ampcc_shape3;
// CHECK: __global int *ampcc_view_int_3_at(ampcc_view_int_3 v, Concurrency_index_3 i) {
// CHECK-NEXT: return v.data + v.shape.off + i._M_base[0] * v.shape.stride[0] + i._M_base[1] * v.shape.stride[1] + i._M_base[2];
// CHECK: __kernel void fill3_kernel(__global int *V_data, ampcc_shape3 V_shape, ampcc_domain3 _domain) {
// CHECK: if (get_global_id(2) >= (size_t)_domain.ext[0] || get_global_id(1) >= (size_t)_domain.ext[1] || get_global_id(0) >= (size_t)_domain.ext[2])
// CHECK-NEXT: return;
// CHECK: Concurrency_index_3 Idx;
// CHECK-NEXT: Idx._M_base[0] = (int)get_global_id(2);
// CHECK-NEXT: Idx._M_base[1] = (int)get_global_id(1);
// CHECK-NEXT: Idx._M_base[2] = (int)get_global_id(0);
// CHECK: __kernel void fill2_kernel(__global float *V_data, ampcc_shape2 V_shape, ampcc_domain2 _domain) {
// CHECK: Concurrency_index_2 Idx;
// CHECK-NEXT: Idx._M_base[0] = (int)get_global_id(1);
// CHECK-NEXT: Idx._M_base[1] = (int)get_global_id(0);
// CHECK-NOT: get_global_id(2)
