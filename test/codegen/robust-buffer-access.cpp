// Robust buffer access (-frobust-buffer-access; on by default):
// every element helper of a global view compares the offset with the
// buffer's element count the runtime passes (shape.n) and, outside, gives
// the sink the kernel takes last: its write region for an access that may
// write, its zeros for a read, null for an atomic (which then does
// nothing and returns 0). Sections, projections, view_as and
// reinterpret_as keep the count and the sink. An access by the kernel's
// own index (DomainIndexing.h) has a guard that AMPCC_DOMAIN_COVERED
// compiles out; an index copied into another variable is no proof.
// -fno-robust-buffer-access and checked mode emit the plain helpers.
// RUN: %ampcc -emit-opencl %s -o %t.cl && %FileCheck %s < %t.cl && %clcheck %t.cl
// RUN: %ampcc -emit-opencl -O1 %s -o - | %FileCheck %s
// RUN: %ampcc -emit-opencl -O2 -frobust-buffer-access %s -o - | %FileCheck %s
// RUN: %ampcc -emit-opencl -O2 %s -o - | %FileCheck %s
// RUN: %ampcc -emit-opencl -fno-robust-buffer-access %s -o %t.plain.cl && %FileCheck --check-prefix=PLAIN %s < %t.plain.cl && %clcheck %t.plain.cl
// RUN: %ampcc -emit-opencl -fsanitize=bounds %s -o - | %FileCheck --check-prefix=PLAIN %s
//
// CHECK: #define AMPCC_SINK_BYTES 8
// CHECK: typedef struct { int off; int ext[1]; int stride[1]; int n; } ampcc_shape1;
// CHECK: typedef struct ampcc_view_float_1 {
// CHECK-NEXT: __global float *data;
// CHECK-NEXT: ampcc_shape1 shape;
// CHECK-NEXT: __global uchar *sink;
// CHECK-NEXT: int lo;
// CHECK: __global float *ampcc_view_float_1_at(ampcc_view_float_1 v, Concurrency_index_1 i) {
// CHECK-NEXT: int o = v.shape.off + i._M_base[0];
// CHECK-NEXT: return (uint)o + (uint)v.lo < (uint)v.shape.n ? v.data + o : (__global float *)v.sink;
// CHECK: __global const float *ampcc_view_cfloat_1_at_rd(ampcc_view_cfloat_1 v, Concurrency_index_1 i) {
// CHECK-NEXT: int o = v.shape.off + i._M_base[0];
// CHECK-NEXT: return (uint)o + (uint)v.lo < (uint)v.shape.n ? v.data + o : (__global const float *)(v.sink + AMPCC_SINK_BYTES);
// CHECK: ampcc_view_float_1 ampcc_view_float_2_project_ampcc_view_float_1(ampcc_view_float_2 v, int i) {
// CHECK: r.shape.n = v.shape.n;
// CHECK-NEXT: r.sink = v.sink;
// CHECK-NEXT: r.lo = v.lo;
// CHECK: __global int *ampcc_view_int_1_at_atomic(ampcc_view_int_1 v, Concurrency_index_1 i) {
// CHECK-NEXT: int o = v.shape.off + i._M_base[0];
// CHECK-NEXT: return (uint)o + (uint)v.lo < (uint)v.shape.n ? v.data + o : (__global int *)0;
// CHECK: int ampcc_atomic_add_robust_int(volatile __global int *dest, int v) {
// CHECK-NEXT: return dest ? atomic_add(dest, v) : 0;
// CHECK: ampcc_view_cint_1 ampcc_view_cint_1_reinterpret_as_ampcc_view_cint_1(ampcc_view_cint_1 v) {
// CHECK: r.sink = v.sink;
// CHECK-NEXT: long b = (long)v.lo * 4;
// CHECK-NEXT: r.lo = (int)(b / 4);
// CHECK-NEXT: r.shape.n = (int)(((long)v.shape.n * 4 - (b - (long)r.lo * 4)) / 4);
// CHECK: __kernel void main_kernel({{.*}}, __global uchar *ampcc_sink) {
// CHECK: out.lo = out_shape.off;
// CHECK-NEXT: out.shape.off = 0;
// CHECK-NEXT: out.sink = ampcc_sink;
// CHECK: (*ampcc_view_float_1_at(out, j)) = (*ampcc_view_cfloat_1_at_rd(in, j)) + (*ampcc_view_cP_1_at_rd(ps, j)).x;
// CHECK: ampcc_atomic_add_robust_int(ampcc_view_int_1_at_atomic(counts, j), 1);
// CHECK: (*ampcc_view_float_1_at_dom(out, i)) = (*ampcc_view_float_1_at_dom_rd(out, i)) * 2.0f;
//
// PLAIN-NOT: AMPCC_SINK_BYTES
// PLAIN-NOT: sink
// PLAIN: __global float *ampcc_view_float_1_at(ampcc_view_float_1 v, Concurrency_index_1 i{{.*}}) {
// PLAIN-NOT: sink
// PLAIN: atomic_add(
#include <amp.h>
using namespace concurrency;

struct P {
  float x, y;
};

int main() {
  float In[64] = {}, Out[64], Grid[64] = {};
  int Counts[64] = {}, Raw[64] = {};
  P Ps[64] = {};
  array_view<const float, 1> in(64, In);
  array_view<float, 1> out(64, Out);
  array_view<float, 2> grid(8, 8, Grid);
  array_view<int, 1> counts(64, Counts);
  array_view<const int, 1> raw(64, Raw);
  array_view<const P, 1> ps(64, Ps);
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    index<1> j = i;
    out[j] = in[j] + ps[j].x;
    grid[1][j[0] % 8] = 2.0f;
    atomic_fetch_add(&counts[j], 1);
    array_view<const int, 1> r = raw.reinterpret_as<const int>();
    out[j] += (float)r.extent[0];
    out[i] = out[i] * 2.0f;
  });
}
