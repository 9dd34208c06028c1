// The static texture rules of spec §10, checked where Visual C++ checks
// them (static_assert in <amp_graphics.h>, or a member that does not
// exist): texture::set and texture_view<T,N>::get only for one-component
// 32-bit int/uint/float; sample only for float, norm and unorm; a
// writeonly_texture_view cannot be read nor a texture_view<const T,N>
// written; element types outside int/uint/float/norm/unorm/double and their
// short vectors are rejected.
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error:
#include <amp.h>
#include <amp_graphics.h>
using namespace concurrency;
using namespace concurrency::graphics;

void access(texture<unorm_4, 2> &T, texture<int, 2> &TI, const sampler &S) {
  texture_view<unorm_4, 2> RW(T);
  texture_view<const int, 2> CI(TI);
  writeonly_texture_view<unorm_4, 2> W(T);
  parallel_for_each(T.extent, [=, &T](index<2> I) restrict(amp) {
    T.set(I, unorm_4(0.5f));
    unorm_4 P = RW.get(I);
    int X = CI.sample(S, float_2(0.5f, 0.5f));
    unorm_4 Q = W.get(I);
    CI.set(I, 1);
  });
}
// CHECK-DAG: error: static assertion failed {{.*}}texture::set is only for textures of int, uint or float
// CHECK-DAG: error: static assertion failed {{.*}}texture_view<T,N> reads only int, uint and float textures
// CHECK-DAG: error: static assertion failed {{.*}}sample needs a texture of float, norm or unorm elements
// CHECK-DAG: texture-access-rules.cpp:22:19: error: no member named 'get' in 'Concurrency::graphics::writeonly_texture_view<Concurrency::graphics::unorm_4, 2>'
// CHECK-DAG: texture-access-rules.cpp:23:8: error: no member named 'set' in 'Concurrency::graphics::texture_view<const int, 2>'

texture<char, 2> Bad(4, 4);
// CHECK-DAG: error: static assertion failed {{.*}}texture element type must be int, uint, float, norm, unorm or double
