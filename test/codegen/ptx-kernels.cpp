// Kernels compiled ahead of time to PTX for the CUDA driver (issue 46):
// sm_70 (PTX 6.0) by default; every kernel takes its global offset as three
// 64-bit arguments after its OpenCL ones, and adds them to get_global_id
// (CUDA has no global offset; the runtime launches large domains in parts)
// and, in whole work-groups, to get_group_id; a tile is the block's
// required size (.reqntid); tile_static arrays are 16-byte
// aligned; division is div.full (2 ulp, as OpenCL 1.2 allows) and rsqrt
// rsqrt.approx, as NVIDIA's OpenCL gives them, not the IEEE-exact forms; direct3d_printf calls the driver's vprintf with generic
// addresses.
// RUN: %ampcc -emit-ptx -fno-robust-buffer-access %s -o %t.ptx
// RUN: %FileCheck %s < %t.ptx
#include <amp.h>
#include <amp_math.h>
using namespace concurrency;

void untiled(array_view<float, 2> Out, array_view<const float, 2> In, float D) {
  parallel_for_each(Out.extent, [=](index<2> I) restrict(amp) {
    Out[I] = In[I] / D + fast_math::sqrtf(In[I]) + fast_math::rsqrtf(In[I]);
  });
}
// CHECK: .version 6.0
// CHECK-NEXT: .target sm_70{{$}}
// CHECK-NEXT: .address_size 64
// The CUDA driver's printf, which the module declares and the driver links.
// CHECK: .extern .func (.param .b32 func_retval0) vprintf
// CHECK-LABEL: .entry untiled_kernel(
// The OpenCL arguments: two views (pointer and shape), D, the domain.
// CHECK: .param .f32 untiled_kernel_param_4,
// CHECK-NEXT: .param .align 4 .b8 untiled_kernel_param_5[8],
// CHECK-NEXT: .param .u64 untiled_kernel_param_6,
// CHECK-NEXT: .param .u64 untiled_kernel_param_7,
// CHECK-NEXT: .param .u64 untiled_kernel_param_8
// CHECK-NEXT: )
// get_global_id(0) and (1) plus offsets 0 and 1.
// CHECK-DAG: ld.param.u64 {{.*}}[untiled_kernel_param_6]
// CHECK-DAG: ld.param.u64 {{.*}}[untiled_kernel_param_7]
// CHECK-NOT: div.rn.f32
// CHECK-DAG: div.full.f32
// CHECK-DAG: rsqrt.approx.f32
// CHECK: ret;

void tiled(array_view<int, 1> V) {
  parallel_for_each(V.extent.tile<64>(), [=](tiled_index<64> T) restrict(amp) {
    tile_static int Shared[64];
    Shared[T.local[0]] = V[T.global];
    T.barrier.wait();
    V[T.global] = Shared[63 - T.local[0]] + T.tile[0];
  });
}
// The view (pointer and shape), then the offsets.
// CHECK-LABEL: .entry tiled_kernel(
// CHECK-NEXT: .param .u64 tiled_kernel_param_0,
// CHECK-NEXT: .param .align 4 .b8 tiled_kernel_param_1[12],
// CHECK-NEXT: .param .u64 tiled_kernel_param_2,
// CHECK-NEXT: .param .u64 tiled_kernel_param_3,
// CHECK-NEXT: .param .u64 tiled_kernel_param_4
// CHECK-NEXT: )
// The tile is the block: the driver's compiler allocates registers for it.
// CHECK-NEXT: .reqntid 64, 1, 1
// CHECK: .shared .align 16 .b8 {{.*}}[256];
// The tile index of a part: the offset in whole tiles (offset / tile size),
// in 32 bits (extents are ints; a 64-bit division costs registers).
// CHECK: ld.param.u64 [[OFFSET:%rd[0-9]+]], [tiled_kernel_param_2];
// CHECK-NOT: div.u64
// CHECK: div.u32
// CHECK: bar.sync 0;

void prints(array_view<int, 1> V) {
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) {
    direct3d_printf("item %d %s\n", I[0], "of the domain");
  });
}
// CHECK-LABEL: .entry prints_kernel(
// The format and the %s string: __constant addresses made generic.
// CHECK: cvta.const.u64
// CHECK: cvta.const.u64
// CHECK: call.uni (retval0),
// CHECK-NEXT: vprintf,
