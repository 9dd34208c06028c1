// A kernel inside a function template that is instantiated for float and for
// int yields two distinct __kernel functions, one per instantiation, each
// with its own element type and view helper; an instantiation used twice
// (int) still yields only one kernel.
// RUN: %ampcc -emit-opencl -fno-robust-buffer-access %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %clcheck %t.cl
// RUN: grep -c "__kernel void" %t.cl | %FileCheck --check-prefix=COUNT %s
#include <amp.h>
using namespace concurrency;

template <typename T> void addOne(T *P, int N) {
  array_view<T, 1> V(N, P);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) {
    V[I] = V[I] + (T)1;
  });
}

void run(float *F, int *I, int *J, int N) {
  addOne(F, N);
  addOne(I, N);
  addOne(J, N);
}

// CHECK-DAG: __kernel void [[KF:[A-Za-z0-9_]+]](__global float *V_data, ampcc_shape1 V_shape, ampcc_domain1 _domain) {
// CHECK-DAG: __kernel void [[KI:[A-Za-z0-9_]+]](__global int *V_data, ampcc_shape1 V_shape, ampcc_domain1 _domain) {
// COUNT: {{^2$}}
