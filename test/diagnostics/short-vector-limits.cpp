// What ampcc does not lower for <amp_short_vectors.h> and the direct3d
// intrinsics, reported at the construct instead of miscompiled: the value of
// a postfix ++/-- on a property (it would need a temporary taken before the
// store), and an object with side effects used twice by a compound
// assignment on a property (it would be evaluated twice). Property
// statements around them lower fine.
// RUN: %not %ampcc -emit-opencl %s -o %t.cl 2>&1 | %FileCheck %s --implicit-check-not=error:
// Calling a direct3d intrinsic from CPU code is an error, as in Visual C++
// (they are restrict(amp) only); a tile_static short vector is fine, one
// with an initializer is not.
// RUN: %not %ampcc -fsyntax-only -DHOST_CALLS %s 2>&1 | %FileCheck --check-prefix=HOST %s --implicit-check-not=error:
#include <amp.h>
#include <amp_short_vectors.h>
using namespace concurrency;
using namespace concurrency::graphics;

#ifndef HOST_CALLS
void run(array_view<int_2, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    int_2 a[4];
    int k = 0;
    a[0].x++;
    int old = a[0].x++;
    // CHECK: short-vector-limits.cpp:[[@LINE-1]]:15: error: the value of a postfix '++' or '--' on property 'x' is not supported in restrict(amp) code by ampcc; use the prefix form or a separate statement
    ++a[0].x;
    int cur = a[0].x;
    a[k++].y += 2;
    // CHECK: short-vector-limits.cpp:[[@LINE-1]]:5: error: an operand with side effects used twice by property 'y' is not supported in restrict(amp) code by ampcc; compute it into a variable first
    a[k++].y = 2;
    v[i] = a[1] + int_2(old + cur);
  });
}
#else
int host(int x) { return direct3d::imax(x, 2) + (int)direct3d::countbits(3u); }
// HOST: short-vector-limits.cpp:[[@LINE-1]]:36: error: 'imax' is restrict(amp) and cannot be called from restrict(cpu) code
// HOST: note: 'imax' is declared here as restrict(amp) only
// HOST: short-vector-limits.cpp:[[@LINE-3]]:64: error: 'countbits' is restrict(amp) and cannot be called from restrict(cpu) code
// HOST: note: 'countbits' is declared here as restrict(amp) only

void tiled(array_view<float_4, 1> v) {
  parallel_for_each(v.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
    tile_static float_4 s[4];
    tile_static float_4 one = float_4(1.0f);
    // HOST: short-vector-limits.cpp:[[@LINE-1]]:25: error: tile_static variable 'one' cannot have an initializer
    s[t.local[0]] = v[t.global] + one;
  });
}
#endif
