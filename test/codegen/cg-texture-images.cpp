// The image form of texture kernels (docs/graphics.md, "Images"): a kernel
// with a texture it only reads (texture_view<const T,N>, a const texture&)
// or only writes (writeonly_texture_view, ranks 1 and 2) is emitted twice,
// as itself and as `<name>_img`, which takes each such texture as a
// read_only or write_only image after its buffer and shape, names it in the
// texture struct (`shape.off = -1 - slot`) and passes its images to every
// function that can reach an image intrinsic. Reads become read_image{f,i,ui}
// without a sampler, writes write_image*, and sample() read_imagef with one
// constant sampler per filter and address mode. Read-write textures,
// three-component and double texels and rank-3 writes stay buffers (no
// image form when nothing else is left); the host stub flags the image
// captures and names the image form.
// RUN: %ampcc -emit-opencl %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %FileCheck --check-prefix=FALLBACK %s < %t.cl
// RUN: %clcheck %t.cl
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir && %ampcc -c -save-temps %s -o x.o
// RUN: cat %t.dir/*kernels.cpp | %FileCheck --check-prefix=STUB %s
#include <amp.h>
#include <amp_graphics.h>
using namespace concurrency;
using namespace concurrency::graphics;

void filter(texture<unorm_4, 2> &Img, texture<float, 2> &Acc, const sampler &S) {
  texture_view<const unorm_4, 2> In(Img);
  writeonly_texture_view<unorm_4, 2> Out(Img);
  parallel_for_each(Img.extent, [=, &Acc](index<2> I) restrict(amp) {
    float_2 UV(I[1] / 8.0f, I[0] / 8.0f);
    unorm_4 P = In.sample(S, UV);
    Acc.set(I, Acc[I] + (float)In[I].x);
    Out.set(I, P);
  });
}

void integers(const texture<int_4, 1> &A, const texture<uint, 3> &B, array_view<int, 1> R) {
  parallel_for_each(R.extent, [=, &A, &B](index<1> I) restrict(amp) {
    R[I] = A[I].x + (int)B(0, 0, I[0]);
  });
}

void buffersOnly(texture<float_3, 2> &T, const texture<double, 2> &D,
                 writeonly_texture_view<float, 3> W, array_view<float, 2> R) {
  texture_view<const float_3, 2> V(T);
  parallel_for_each(R.extent, [=, &D](index<2> I) restrict(amp) {
    R[I] = V[I].x + (float)D[I];
    W.set(index<3>(0, I[0], I[1]), 1.0f);
  });
}

// The constant samplers, one per filter and address mode:
// CHECK-DAG: __constant sampler_t ampcc_sampler_0_0 = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_NEAREST;
// CHECK-DAG: __constant sampler_t ampcc_sampler_0_1 = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_MIRRORED_REPEAT | CLK_FILTER_NEAREST;
// CHECK-DAG: __constant sampler_t ampcc_sampler_1_2 = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;
// CHECK-DAG: __constant sampler_t ampcc_sampler_1_3 = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR;

// Outside image kernels the intrinsics are dead code that still compiles:
// CHECK: _M_get(ampcc_view_cConcurrency_graphics_unorm_4_2 _self, Concurrency_index_2 I) {
// CHECK: if ((0 != 0))

// The sample helper picks the image by slot and the sampler by mode:
// CHECK: #ifdef __IMAGE_SUPPORT__
// CHECK-NEXT: Concurrency_graphics_float_4 ampcc_image_sample1_ampcc_view_cConcurrency_graphics_unorm_4_2(ampcc_view_cConcurrency_graphics_unorm_4_2 v, int f, int a, Concurrency_graphics_float_2 c, __read_only image2d_t ampcc_img0, __write_only image2d_t ampcc_img1) {
// CHECK: int s = -1 - v.shape.off;
// CHECK: if (s == 0) {
// CHECK: if (f == 1 && a == 2)
// CHECK-NEXT: t = read_imagef(ampcc_img0, ampcc_sampler_1_2, (float2)(c._M_x, c._M_y));
// CHECK: #endif

// Texel reads without a sampler, x being AMP's last index:
// CHECK: ampcc_image_read1_ampcc_view_cConcurrency_graphics_unorm_4_2(
// CHECK: t = read_imagef(ampcc_img0, (int2)(i._M_base[1], i._M_base[0]));

// Image clones test the slot before the image intrinsics:
// CHECK: sampleWith_img1(ampcc_view_cConcurrency_graphics_unorm_4_2 _self, int Filter, int Address, Concurrency_graphics_float_4 Border, Concurrency_graphics_float_2 Coord, __read_only image2d_t ampcc_img0, __write_only image2d_t ampcc_img1) {
// CHECK: if ((((*(&_self)).shape.off < 0) != 0) && imageAddressing(Filter, Address, Border, 4))
// CHECK-NEXT: #line
// CHECK-NEXT: return fromFloat4(ampcc_image_sample1_ampcc_view_cConcurrency_graphics_unorm_4_2((*(&_self)), Filter, Address, Coord, ampcc_img0, ampcc_img1));

// CHECK: ampcc_image_write1_ampcc_view_Concurrency_graphics_unorm_4_2(
// CHECK: write_imagef(ampcc_img1, (int2)(i._M_base[1], i._M_base[0]), t);

// Integer formats, rank 1 and rank 3 (integers() below):
// CHECK: t = read_imagei(ampcc_img0, i._M_base[0]);
// CHECK: t = read_imageui(ampcc_img1, (int4)(i._M_base[2], i._M_base[1], i._M_base[0], 0));

// The buffer form, then the image form: images after their buffer and shape,
// the read-write texture Acc a buffer in both.
// CHECK: __kernel void filter_kernel(__global float *Acc_data
// CHECK: #ifdef __IMAGE_SUPPORT__
// CHECK-NEXT: #line
// CHECK-NEXT: __kernel void filter_kernel_img(__global float *Acc_data, ampcc_tshape2 Acc_shape, __global const Concurrency_graphics_unorm_4 *In_data, ampcc_tshape2 In_shape, __read_only image2d_t ampcc_img0, Concurrency_graphics_sampler S, __global Concurrency_graphics_unorm_4 *Out_data, ampcc_tshape2 Out_shape, __write_only image2d_t ampcc_img1,
// CHECK: In.shape.off = -1 - 0;
// CHECK: Out.shape.off = -1 - 1;
// CHECK: sample_img1(In, S, UV, 0.0f, ampcc_img0, ampcc_img1);
// CHECK: #endif

// Its kernel: const texture& captures as images.
// CHECK: __kernel void integers_kernel_img({{.*}}__read_only image1d_t ampcc_img0{{.*}}__read_only image3d_t ampcc_img1

// FALLBACK: __kernel void buffersOnly_kernel(
// FALLBACK-NOT: buffersOnly_kernel_img
// FALLBACK-NOT: image3d_t ampcc_img{{.*}}__write_only

// STUB: {CaptureKind::ArrayRef, {{[0-9]+}}, 4, 2, uint32_t(CF_Texture)}, // Acc
// STUB: {CaptureKind::View, {{[0-9]+}}, 16, 2, uint32_t(CF_ReadOnly | CF_ImageRead | CF_Texture)}, // In
// STUB: {CaptureKind::View, {{[0-9]+}}, 16, 2, uint32_t(CF_ImageWrite | CF_Texture)}, // Out
// STUB: {CaptureKind::ArrayRef, {{[0-9]+}}, 16, 1, uint32_t(CF_ReadOnly | CF_ImageRead | CF_ImageInt | CF_Texture)}, // A
// STUB: {CaptureKind::ArrayRef, {{[0-9]+}}, 4, 3, uint32_t(CF_ReadOnly | CF_ImageRead | CF_ImageUint | CF_Texture)}, // B
// STUB: "filter_kernel", &Program, {{.*}}, "filter_kernel_img"},
// STUB: "buffersOnly_kernel", &Program, {{.*}}, nullptr},
