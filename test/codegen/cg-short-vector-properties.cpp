// Short vectors in a kernel: float_4 becomes a C struct of four floats;
// component and swizzle properties become calls of their getters and
// setters. A property write calls the setter with the object's address
// (cloned with a __global pointer, _G, for an array_view element); compound
// assignment and ++ on a property read through the getter and store
// through the setter; a swizzle write takes the swizzle read of the right
// side; a read is the getter alone, without extra parentheses.
// RUN: %ampcc -emit-opencl %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %FileCheck --check-prefix=DECL %s < %t.cl
// RUN: %clcheck %t.cl
#include <amp.h>
#include <amp_short_vectors.h>
using namespace concurrency;
using namespace concurrency::graphics;

void run(array_view<float_4, 1> v, array_view<int_2, 1> w) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    float_4 t = v[i];
    t.x = 1.0f;
    t.w += 2.0f;
    t.y++;
    t.zy = t.yz;
    v[i].z = t.r;
    v[i] = t;
    int_2 q = w[i].gr;
    for (int k = 0; k < 2; q.x++)
      ++k;
    w[i] = q << int_2(1);
  });
}

// DECL: typedef struct Concurrency_graphics_float_4 {
// DECL-NEXT: float _M_x;
// DECL-NEXT: float _M_y;
// DECL-NEXT: float _M_z;
// DECL-NEXT: float _M_w;
// DECL-NEXT: } Concurrency_graphics_float_4;
// DECL: void Concurrency_graphics_float_4_set_z_G(__global Concurrency_graphics_float_4 *_this,

// CHECK-LABEL: __kernel void run_kernel(
// CHECK: Concurrency_graphics_float_4_set_x(&(t), 1.0f);
// CHECK: Concurrency_graphics_float_4_set_w(&(t), Concurrency_graphics_float_4_get_w(t) + 2.0f);
// CHECK: Concurrency_graphics_float_4_set_y(&(t), Concurrency_graphics_float_4_get_y(t) + (float)(1));
// CHECK: Concurrency_graphics_float_4_set_zy(&(t), Concurrency_graphics_float_4_get_yz(t));
// CHECK: Concurrency_graphics_float_4_set_z_G(ampcc_view_{{.*}}_at_dom(v, i), Concurrency_graphics_float_4_get_x(t));
// CHECK: Concurrency_graphics_int_2 q = Concurrency_graphics_int_2_get_yx((*ampcc_view_{{.*}}_at_dom(w, i)));
// CHECK: for (; k < 2; Concurrency_graphics_int_2_set_x(&(q), Concurrency_graphics_int_2_get_x(q) + 1))
