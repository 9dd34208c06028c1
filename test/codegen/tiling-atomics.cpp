// Tiled kernels: the tiled_index is filled from get_global_id/get_local_id/
// get_group_id (AMP dimension 0 -> OpenCL dimension 1), the tile becomes the
// kernel's reqd_work_group_size (reversed), tile_static variables
// declared in a loop are hoisted to kernel scope as __local, barriers map to
// barrier(), and atomics on tile_static and view memory map to atomic_add.
// RUN: %ampcc -emit-opencl -fno-robust-buffer-access %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %clcheck %t.cl
#include <amp.h>
using namespace concurrency;

void sums(array_view<const unsigned, 2> In, array_view<unsigned, 1> Out) {
  parallel_for_each(In.extent.tile<8, 4>(), [=](tiled_index<8, 4> T) restrict(amp) {
    for (int Round = 0; Round < 2; ++Round) {
      tile_static unsigned Acc[8][4];
      Acc[T.local[0]][T.local[1]] = In[T.global];
      T.barrier.wait_with_tile_static_memory_fence();
      atomic_fetch_add(&Acc[0][0], 1u);
      T.barrier.wait();
      if (T.local == index<2>(0, 0))
        atomic_fetch_add(&Out[T.tile[0]], Acc[0][0]);
    }
  });
}

// CHECK: __kernel __attribute__((reqd_work_group_size(4, 8, 1))) void sums_kernel(__global const uint *In_data, ampcc_shape2 In_shape, __global uint *Out_data, ampcc_shape1 Out_shape) {
// CHECK: T.global__._M_base[0] = (int)get_global_id(1);
// CHECK: T.global__._M_base[1] = (int)get_global_id(0);
// CHECK: T.local__._M_base[0] = (int)get_local_id(1);
// CHECK: T.tile._M_base[1] = (int)get_group_id(0);
// CHECK: T.tile_origin._M_base[0] = T.global__._M_base[0] - T.local__._M_base[0];
// CHECK-NEXT: T.tile_origin._M_base[1] = T.global__._M_base[1] - T.local__._M_base[1];
// CHECK-NEXT: __local uint Acc[8][4];
// CHECK: for (; Round < 2; ++Round)
// CHECK: barrier(CLK_LOCAL_MEM_FENCE);
// CHECK: atomic_add(&(Acc[0][0]), 1u);
// CHECK: barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
// CHECK: atomic_add(ampcc_view_uint_1_at1(Out, {{.*}}), Acc[0][0]);
