// An array_view over private or tile_static memory is another C struct than
// a view over global memory: its data pointer is __private or __local. The
// planner gives each view variable, parameter and return value the space of
// what it views, and clones functions per view-argument space. A view of
// one space assigned to a variable of another, or stored where C holds
// views of global memory only (a lambda's capture), is a compile-time error
// at file:line:col. A class holding views is one C struct per space it views.
// RUN: %ampcc -emit-opencl %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %clcheck %t.cl
// RUN: %not %ampcc -emit-opencl -DBAD %s -o %t.bad.cl 2>&1 | %FileCheck --check-prefix=BAD %s --implicit-check-not=error:
#include <amp.h>
using namespace concurrency;

// CHECK: typedef struct ampcc_view_int_1 {
// CHECK-NEXT: __global int *data;
// CHECK: typedef struct ampcc_view_int_1_private {
// CHECK-NEXT: __private int *data;
// CHECK: typedef struct ampcc_view_int_1_local {
// CHECK-NEXT: __local int *data;

// One clone per space of the view argument.
int first(array_view<int, 1> V) restrict(amp) { return V[0]; }
// CHECK-DAG: int first(ampcc_view_int_1 V)
// CHECK-DAG: int first_p(ampcc_view_int_1_private V)
// CHECK-DAG: int first_t(ampcc_view_int_1_local V)

// The returned view views the caller's variable.
array_view<int, 1> over(int &X) restrict(amp) { return array_view<int, 1>(1, &X); }
// CHECK-DAG: ampcc_view_int_1_private over(__private int *X)

struct Holder {
  array_view<int, 1> V;
};

int main() {
  int Host[64] = {0};
  array_view<int, 1> Out(64, Host);
  parallel_for_each(Out.extent.tile<64>(), [=](tiled_index<64> T) restrict(amp) {
    int Mine[2] = {1, 2};
    tile_static int Shared[64];
    // CHECK-DAG: ampcc_view_int_1_private P = ampcc_view_int_1_private_over_pointer(2, Mine);
    array_view<int, 1> P(2, Mine);
    // CHECK-DAG: ampcc_view_int_1_local L = ampcc_view_int_1_local_over_pointer(64, Shared);
    array_view<int, 1> L(64, Shared);
    int X = 3;
    array_view<int, 1> R = over(X);
    // Element access keeps the space: __private and __local pointers.
    // CHECK-DAG: __private int *ampcc_view_int_1_private_at1(ampcc_view_int_1_private v, int i0)
    // CHECK-DAG: __local int *ampcc_view_int_1_local_at1(ampcc_view_int_1_local v, int i0)
    L[T.local[0]] = P[1] + R[0];
    // A section of a private view is a private view.
    // CHECK-DAG: ampcc_view_int_1_private ampcc_view_int_1_private_make_section
    array_view<int, 1> Tail = P.section(1, 1);
    P = Tail; // same space: C struct assignment
    Out[T.global] = first(P) + first(L) + first(Out);
#ifdef BAD
    // Assigned in a branch: after the if, G would view either space
    // (codegen/view-space-versions.cpp has the assignments that work).
    array_view<int, 1> G = Out;
    if (T.local[0] == 0)
      G = P;
    // BAD: view-address-spaces.cpp:[[@LINE-1]]:11: error: array_view 'G' refers to private memory here but to global memory elsewhere
    // A class holding views is one C struct per space it views.
    Holder H = {P};
    H.V = L;
    // BAD: view-address-spaces.cpp:[[@LINE-1]]:11: error: member 'V' refers to tile_static memory here but to private memory elsewhere
    auto F = [=]() restrict(amp) { return P[0]; };
    // BAD: view-address-spaces.cpp:[[@LINE-1]]:15: error: an array_view over private memory cannot be stored in a lambda's capture: lambdas in amp code capture views of global memory only
    Out[T.global] += F();
#endif
  });
  return 0;
}
