// The emitted OpenCL C for a rank-1 lambda kernel: captures become kernel
// arguments (a view is a __global pointer plus its shape), the index comes from
// get_global_id, element access goes through a per-view-type helper, and the
// result is valid OpenCL C 1.2.
// RUN: %ampcc -emit-opencl -fno-robust-buffer-access %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %clcheck %t.cl
#include <amp.h>
using namespace concurrency;

void saxpy(int N, float A, const float *X, float *Y) {
  array_view<const float, 1> XV(N, X);
  array_view<float, 1> YV(N, Y);
  parallel_for_each(YV.extent, [=](index<1> I) restrict(amp) {
    YV[I] = A * XV[I] + YV[I];
  });
}

// CHECK-NOT: cl_khr_fp64
// CHECK: typedef struct { int off; int ext[1]; int stride[1]; } ampcc_shape1;
// CHECK: typedef struct ampcc_view_cfloat_1 {
// CHECK-NEXT:   __global const float *data;
// CHECK: __global float *ampcc_view_float_1_at(ampcc_view_float_1 v, Concurrency_index_1 i) {
// CHECK-NEXT:   return v.data + v.shape.off + i._M_base[0];
// CHECK: #line 14 "{{.*}}saxpy.cpp"
// CHECK-NEXT: __kernel void saxpy_kernel(__global float *YV_data, ampcc_shape1 YV_shape, float A, __global const float *XV_data, ampcc_shape1 XV_shape, ampcc_domain1 _domain) {
// The runtime may round the launch up to whole work-groups of its choosing
// (GPUs): work-items past the domain leave first. The host backend runs
// exactly the domain, and its compile leaves the guard out (it would mask
// the vectorised row loop's every access).
// CHECK: #ifndef AMPCC_HOST
// CHECK-NEXT: if (get_global_id(0) >= (size_t)_domain.ext[0])
// CHECK-NEXT: return;
// CHECK-NEXT: #endif
// CHECK: I._M_base[0] = (int)get_global_id(0);
// CHECK: #line 15 "{{.*}}saxpy.cpp"
// CHECK-NEXT: (*ampcc_view_float_1_at(YV, I)) = A * (*ampcc_view_cfloat_1_at(XV, I)) + (*ampcc_view_float_1_at(YV, I));
