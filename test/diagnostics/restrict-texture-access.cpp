// The texture access rules of spec §10 that the restriction checker reports
// at the user's call (compiler/lib/Sema/TextureRules.cpp) rather than as a
// static_assert in <amp_graphics.h>: texture::set and texture_view<T,N>
// reads only for one-component int, uint and float texels, sample only for
// float, norm and unorm texels, gather_* only at rank 2 and for components
// the texel has. Allowed uses beside them stay silent.
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error:
#include <amp.h>
#include <amp_graphics.h>
using namespace concurrency;
using namespace concurrency::graphics;

void access(texture<unorm_4, 2> &T, texture<int, 2> &TI, texture<float, 2> &TF,
            texture<float_2, 2> &T2, texture<float, 3> &T3, const sampler &S) {
  texture_view<unorm_4, 2> RW(T);
  texture_view<float, 2> RWF(TF);
  texture_view<const int, 2> CI(TI);
  texture_view<const float_2, 2> C2(T2);
  texture_view<const float, 3> C3(T3);
  parallel_for_each(T.extent, [=, &T, &TI](index<2> I) restrict(amp) {
    T.set(I, unorm_4(0.5f));
    // CHECK: restrict-texture-access.cpp:[[@LINE-1]]:7: error: texture::set writes only textures of one-component int, uint or float texels, not 'Concurrency::graphics::unorm_4'; write through a writeonly_texture_view or texture_view
    unorm_4 P = RW.get(I);
    // CHECK: restrict-texture-access.cpp:[[@LINE-1]]:20: error: texture_view<T,N> reads only textures of one-component int, uint or float texels, not 'Concurrency::graphics::unorm_4'; read through a texture_view<const T,N>
    unorm_4 Q = RW[I];
    // CHECK: restrict-texture-access.cpp:[[@LINE-1]]:17: error: texture_view<T,N> reads only
    int X = CI.sample(S, float_2(0.5f, 0.5f));
    // CHECK: restrict-texture-access.cpp:[[@LINE-1]]:16: error: sample needs a texture of float, norm or unorm texels, not 'int'
    float_4 G = C2.gather_blue(S, float_2(0.5f, 0.5f));
    // CHECK: restrict-texture-access.cpp:[[@LINE-1]]:20: error: gather_blue needs a texel with 3 components; 'Concurrency::graphics::float_2' has 2
    float_4 G3 = C3.gather_red(S, float_3(0.5f, 0.5f, 0.5f));
    // CHECK: restrict-texture-access.cpp:[[@LINE-1]]:21: error: gather is defined for rank 2 textures only, not rank 3
    // Allowed: one-component 32-bit reads and writes, sampling floats.
    TI.set(I, TI[I] + 1);
    float F = RWF[I];
    RWF.set(I, F);
    float_2 Y = C2.sample(S, float_2(0.5f, 0.5f));
    float_4 GG = C2.gather_green(S, float_2(0.5f, 0.5f));
  });
}
