// The texture classes on the device: a texture captured by reference and its
// views captured by value each become a __global texel pointer and a shape
// argument (kernel_abi.h's ArrayRef and View), a const view's pointer is
// const, and texel access (_M_ref, which get/set/operator[] call) is the
// element helper of array_view. sample() and gather are the header's C++,
// lowered to ordinary functions over the view struct; the sampler travels
// as its bytes. Texture shapes carry their mipmap level count and bits per
// scalar element (`levels`, `bits`: kernel_abi.h CF_Texture; writes round to
// the format); sample() with a level of detail steps to a
// level with the _mip helper: skip whole levels, then dense strides.
// RUN: %ampcc -emit-opencl -fno-robust-buffer-access %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %FileCheck --check-prefix=MIP %s < %t.cl
// RUN: %clcheck %t.cl
#include <amp.h>
#include <amp_graphics.h>
using namespace concurrency;
using namespace concurrency::graphics;

void run(texture<float, 2> &T, texture<unorm_4, 2> &Img, const sampler &S) {
  texture_view<const unorm_4, 2> In(Img);
  writeonly_texture_view<unorm_4, 2> Out(Img);
  parallel_for_each(T.extent, [=, &T](index<2> I) restrict(amp) {
    float_2 UV(I[1] / 8.0f, I[0] / 8.0f);
    unorm_4 P = In.sample(S, UV);
    unorm_4 G = In.gather_red(S, UV); // gather_return_type: unorm_4
    T.set(I, T[I] + (float)G.x);
    Out.set(I, P);
  });
}

// CHECK-DAG: typedef struct ampcc_view_float_2 {
// CHECK-DAG: __global const Concurrency_graphics_unorm_4 *data;
// CHECK: _sample(ampcc_view_cConcurrency_graphics_unorm_4_2 _self, Concurrency_graphics_sampler S, Concurrency_graphics_float_2 Coord, float
// CHECK: _gather_red(ampcc_view_cConcurrency_graphics_unorm_4_2 _self, Concurrency_graphics_sampler S, Concurrency_graphics_float_2 Coord)
// CHECK: void ampcc_view_float_2_set(__private ampcc_view_float_2 *_this, Concurrency_index_2 I, float Value) {
// CHECK: (*ampcc_view_float_2_at(
// CHECK-SAME: = roundTexel(Value, ((*_this).shape.bits));
// CHECK: __kernel void run_kernel(__global float *T_data, ampcc_tshape2 T_shape, __global const Concurrency_graphics_unorm_4 *In_data, ampcc_tshape2 In_shape, Concurrency_graphics_sampler S, __global Concurrency_graphics_unorm_4 *Out_data, ampcc_tshape2 Out_shape,
// CHECK: P = ampcc_view_cConcurrency_graphics_unorm_4_2_sample(In, S, UV, 0.0f);
// CHECK: G = ampcc_view_cConcurrency_graphics_unorm_4_2_gather_red(In, S, UV);
// CHECK: ampcc_view_float_2_set(&(T), I, ampcc_view_float_2_operator_subscript(T, I) +
// CHECK: ampcc_view_Concurrency_graphics_unorm_4_2_set(Out, I, P);

// MIP: typedef struct { int off; int ext[2]; int stride[2]; int levels; int bits; } ampcc_tshape2;
// MIP: ampcc_view_cConcurrency_graphics_unorm_4_2 ampcc_view_cConcurrency_graphics_unorm_4_2_mip(ampcc_view_cConcurrency_graphics_unorm_4_2 v, int k) {
// MIP-NEXT: k = clamp(k, 0, v.shape.levels - 1);
// MIP-NEXT: for (int l = 0; l < k; ++l) {
// MIP-NEXT: int n = 1;
// MIP-NEXT: n *= v.shape.ext[0];
// MIP-NEXT: n *= v.shape.ext[1];
// MIP-NEXT: v.shape.off += n;
// MIP-NEXT: v.shape.ext[0] = max(v.shape.ext[0] >> 1, 1);
// MIP-NEXT: v.shape.ext[1] = max(v.shape.ext[1] >> 1, 1);
// MIP-NEXT: }
// MIP-NEXT: v.shape.stride[1] = 1;
// MIP-NEXT: v.shape.stride[0] = v.shape.stride[1] * v.shape.ext[1];
// MIP-NEXT: v.shape.levels -= k;
// MIP: _sampleLod(
// MIP: if (Levels <= 1 || !(Lod > 0.0f))
// MIP: = ampcc_view_cConcurrency_graphics_unorm_4_2_mip((*(&_self)), (int)(L + 0.5f));
