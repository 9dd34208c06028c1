// With -fhost-kernels the OpenCL C text is also C for the host: kernels take
// their parameters through AMPCC_KERNEL_PARAMS and tile_static storage is
// declared with AMPCC_TILE_STATIC, both defined for OpenCL at the top; an
// atomic on tile_static memory is a plain read-modify-write on the host (one
// thread runs the tile) and OpenCL's atomic elsewhere. The text stays valid
// OpenCL C 1.2, and without the flag it is unchanged.
// RUN: %ampcc -fhost-kernels -emit-opencl %s -o %t.cl && %FileCheck %s < %t.cl
// RUN: %clcheck %t.cl
// RUN: %ampcc -emit-opencl %s -o %t.plain.cl && %FileCheck %s --check-prefix=PLAIN < %t.plain.cl
// CHECK: #ifndef AMPCC_HOST
// CHECK-NEXT: #define AMPCC_TILE_STATIC __local
// CHECK-NEXT: #define AMPCC_KERNEL_PARAMS(...) (__VA_ARGS__)
// CHECK: int ampcc_atomic_add_local_int(volatile __local int *dest, int v) {
// CHECK-NEXT: #ifdef AMPCC_HOST
// CHECK-NEXT: int old = *(int *)dest;
// CHECK-NEXT: *(int *)dest = old + v;
// CHECK-NEXT: return old;
// CHECK-NEXT: #else
// CHECK-NEXT: return atomic_add(dest, v);
// CHECK: void main_kernel AMPCC_KERNEL_PARAMS(__global float *v_data,
// CHECK: AMPCC_TILE_STATIC float s[64];
// PLAIN-NOT: AMPCC_TILE_STATIC
// PLAIN-NOT: AMPCC_KERNEL_PARAMS
// PLAIN: void main_kernel(__global float *v_data,
// PLAIN: __local float s[64];
// PLAIN: atomic_add(&(n), 1);
#include <amp.h>
using namespace concurrency;

int main() {
  float Data[256] = {};
  array_view<float, 1> v(256, Data);
  parallel_for_each(v.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static float s[64];
    tile_static int n;
    s[t.local[0]] = v[t.global];
    atomic_fetch_add(&n, 1);
    t.barrier.wait();
    v[t.global] = s[63 - t.local[0]];
  });
  return 0;
}
