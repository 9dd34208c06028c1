// Robust access drops an atomic on an element outside its view: the
// element's address is null and the atomic helper tests it. An atomic on an
// element the launch proves in range (the thread's own index here) uses a
// _dom helper whose test is compiled only into the guarded variant: the
// covered one, taken when the proof holds, runs the bare atomic. An atomic
// on an element nothing proves keeps its test in both.
// RUN: %ampcc -emit-opencl %s -o %t.cl && %FileCheck %s < %t.cl && %clcheck %t.cl
#include <amp.h>
using namespace concurrency;

void count(array_view<int, 1> Own, array_view<int, 1> Any, array_view<const int, 1> Where) {
  parallel_for_each(Own.extent, [=](index<1> I) restrict(amp) {
    atomic_fetch_add(&Own[I], 1);
    atomic_fetch_add(&Any[Where[I]], 1);
  });
}

// CHECK-LABEL: int ampcc_atomic_add_robust_dom_int(volatile __global int *dest, int v) {
// CHECK-NEXT: #ifdef AMPCC_DOMAIN_COVERED
// CHECK-NEXT:   return atomic_add(dest, v);
// CHECK-NEXT: #else
// CHECK-NEXT:   return dest ? atomic_add(dest, v) : 0;
// CHECK-NEXT: #endif
// CHECK-LABEL: int ampcc_atomic_add_robust_int(volatile __global int *dest, int v) {
// CHECK-NEXT:   return dest ? atomic_add(dest, v) : 0;
// CHECK-NEXT: }
// CHECK: ampcc_atomic_add_robust_dom_int(ampcc_view_int_1_at_dom_atomic(Own, I), 1);
// CHECK: ampcc_atomic_add_robust_int(ampcc_view_int_1_at1_atomic(Any,
