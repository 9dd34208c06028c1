// A restrict(amp) helper taking `int&` is called once with a private local
// and once with an array_view element: OpenCL C needs the pointer's address
// space in the parameter type, so the helper is emitted twice, one clone with
// a `__private int *` parameter and one with `__global int *`, and each call
// site uses the matching clone (the local by address, the element through
// the view's element pointer).
// RUN: %ampcc -emit-opencl %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %clcheck %t.cl
#include <amp.h>
using namespace concurrency;

void bump(int &X, int By) restrict(amp) { X += By; }

void run(int *P, int N) {
  array_view<int, 1> V(N, P);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) {
    int Local = I[0];
    bump(Local, 3);
    bump(V[I], Local);
  });
}

// CHECK-DAG: void [[PRIV:bump[A-Za-z0-9_]*]](__private int *X, int By) {
// CHECK-DAG: void [[GLOB:bump[A-Za-z0-9_]*]](__global int *X, int By) {
// CHECK: __kernel void run_kernel(
// CHECK: [[PRIV]](&(Local), 3);
// CHECK-NEXT: {{^#line 20 }}
// CHECK-NEXT: [[GLOB]](ampcc_view_int_1_at_dom(V, I), Local);
// CHECK-NOT: {{bump[A-Za-z0-9_]*}}(
