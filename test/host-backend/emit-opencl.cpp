// With -fhost-kernels the kernels are printed twice: the OpenCL C that
// OpenCL devices (and the CUDA backend) compile, unchanged by the flag, and
// the C for the host backend, which -emit-host-kernels shows: kernels take
// their work-item's ids through AMPCC_KERNEL_PARAMS, tile_static storage is
// declared with AMPCC_TILE_STATIC (a thread's own on the host), an atomic on
// tile_static memory is a plain read-modify-write (one thread runs the
// tile), and each kernel has a host entry in the table the runtime reads.
// RUN: %ampcc -emit-host-kernels %s -o %t.c && %FileCheck %s < %t.c
// RUN: %ampcc -fhost-kernels -emit-opencl %s -o %t.cl && %clcheck %t.cl
// RUN: %ampcc -emit-opencl %s -o %t.plain.cl && diff %t.cl %t.plain.cl
// RUN: %FileCheck %s --check-prefix=PLAIN < %t.cl
// CHECK: #include "ampcc/host_kernel.h"
// CHECK: int ampcc_atomic_add_local_int(volatile __local int *dest, int v) {
// CHECK-NEXT: #ifdef AMPCC_HOST
// CHECK-NEXT: int old = *(int *)dest;
// CHECK-NEXT: *(int *)dest = (int)((uint)old + (uint)v);
// CHECK-NEXT: return old;
// CHECK: void main_kernel AMPCC_KERNEL_PARAMS(__global float *v_data,
// CHECK: AMPCC_TILE_STATIC float s[64];
// CHECK: static void main_kernel__item(void *const *ampcc_args, const ampcc_item *ampcc_it) {
// CHECK: const ampcc_host_kernel AMPCC_HOST_TABLE[] = {
// CHECK-NEXT: {"main_kernel", 3, 0, main_kernel__item, main_kernel__tile, 260, 0},
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
