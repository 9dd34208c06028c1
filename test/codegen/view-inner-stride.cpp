// View addressing as NVIDIA's compiler makes one IMAD.WIDE of it (issue
// 31: the untiled moving average ran at 0.54x CUDA before, 0.96x after):
// the kernel adds each captured view's offset to its pointer once, through
// integer arithmetic (a pointer addition NVIDIA's compiler would merge
// back into every access), and sets the offset to 0; element access
// leaves the innermost stride out (it is 1 in every view: sections and
// projections keep whole rows, view_as and reinterpret_as need contiguous
// views). The outer strides stay, and a section or projection made in amp
// code still carries them and its own offset. Robust buffer access folds
// it too and keeps it in `lo`, since its bound counts from the buffer's
// start.
// RUN: %ampcc -emit-opencl -fno-robust-buffer-access %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %clcheck %t.cl
// RUN: %ampcc -emit-opencl -frobust-buffer-access %s -o %t-robust.cl
// RUN: %FileCheck --check-prefix=ROBUST %s < %t-robust.cl
#include <amp.h>
using namespace concurrency;

void run(int N, const float *In, float *Out) {
  array_view<const float, 2> A(N, N, In);
  array_view<float, 1> B(N * N, Out);
  parallel_for_each(extent<1>(N), [=](index<1> I) restrict(amp) {
    float Sum = 0.0f;
    for (int K = 0; K < 8; ++K)
      Sum += A(I[0], K) + A[I[0]][K] + A.section(0, 1, N, N - 1)(I[0], K);
    B[I] = Sum;
  });
}

// CHECK-LABEL: __global const float *ampcc_view_cfloat_2_at2(ampcc_view_cfloat_2 v, int i0, int i1) {
// CHECK-NEXT:   return v.data + v.shape.off + i0 * v.shape.stride[0] + i1;
// CHECK-LABEL: ampcc_view_cfloat_1 ampcc_view_cfloat_2_project_ampcc_view_cfloat_1(ampcc_view_cfloat_2 v, int i) {
// CHECK:         r.shape.off = v.shape.off + i * v.shape.stride[0];
// CHECK:         r.shape.stride[0] = v.shape.stride[1];
// CHECK-LABEL: __global const float *ampcc_view_cfloat_1_at1(ampcc_view_cfloat_1 v, int i0) {
// CHECK-NEXT:   return v.data + v.shape.off + i0;
// CHECK-LABEL: ampcc_view_cfloat_2 ampcc_view_cfloat_2_make_section(
// CHECK:         r.shape.off += {{.*}} * v.shape.stride[0];
// CHECK:         r.shape.off += {{.*}} * v.shape.stride[1];
// CHECK-LABEL: __global float *ampcc_view_float_1_at(ampcc_view_float_1 v, Concurrency_index_1 i) {
// CHECK-NEXT:   return v.data + v.shape.off + i._M_base[0];
// CHECK-LABEL: __kernel void run_kernel(
// CHECK-NEXT:    ampcc_view_cfloat_2 A;
// CHECK-NEXT:    A.data = (__global const float *)((ulong)A_data + (ulong)(long)A_shape.off * sizeof(*A_data));
// CHECK-NEXT:    A.shape = A_shape;
// CHECK-NEXT:    A.shape.off = 0;
// CHECK-NEXT:    ampcc_view_float_1 B;
// CHECK-NEXT:    B.data = (__global float *)((ulong)B_data + (ulong)(long)B_shape.off * sizeof(*B_data));
// CHECK-NEXT:    B.shape = B_shape;
// CHECK-NEXT:    B.shape.off = 0;

// ROBUST-LABEL: __kernel void run_kernel(
// ROBUST-NEXT:    ampcc_view_cfloat_2 A;
// ROBUST-NEXT:    A.data = (__global const float *)((ulong)A_data + (ulong)(long)A_shape.off * sizeof(*A_data));
// ROBUST-NEXT:    A.shape = A_shape;
// ROBUST-NEXT:    A.lo = A_shape.off;
// ROBUST-NEXT:    A.shape.off = 0;
// ROBUST-NEXT:    A.sink = ampcc_sink;
// ROBUST:         B.lo = B_shape.off;
