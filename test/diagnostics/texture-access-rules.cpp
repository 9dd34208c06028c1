// The static texture rules of spec §10 that Clang reports itself: a
// writeonly_texture_view cannot be read nor a texture_view<const T,N>
// written (the members do not exist), and element types outside
// int/uint/float/norm/unorm/double and their short vectors are rejected (a
// static_assert in <amp_graphics.h>, as in Visual C++). The access rules of
// set, get and sample are the restriction checker's
// (restrict-texture-access.cpp).
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error:
#include <amp.h>
#include <amp_graphics.h>
using namespace concurrency;
using namespace concurrency::graphics;

void access(texture<unorm_4, 2> &T, texture<int, 2> &TI) {
  texture_view<const int, 2> CI(TI);
  writeonly_texture_view<unorm_4, 2> W(T);
  parallel_for_each(T.extent, [=, &T](index<2> I) restrict(amp) {
    unorm_4 Q = W.get(I);
    // CHECK-DAG: texture-access-rules.cpp:[[@LINE-1]]:19: error: no member named 'get' in 'Concurrency::graphics::writeonly_texture_view<Concurrency::graphics::unorm_4, 2>'
    CI.set(I, 1);
    // CHECK-DAG: texture-access-rules.cpp:[[@LINE-1]]:8: error: no member named 'set' in 'Concurrency::graphics::texture_view<const int, 2>'
  });
}

texture<char, 2> Bad(4, 4);
// CHECK-DAG: error: static assertion failed {{.*}}texture element type must be int, uint, float, norm, unorm or double
