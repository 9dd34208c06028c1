// #line directives in the generated OpenCL C point at the user's file and
// lines: the kernel's lambda, every statement of its body (including a
// statement split over several lines, which maps to its first line), and a
// restrict(amp) helper function and its body, so OpenCL build errors and
// debuggers refer to the C++ source.
// RUN: %ampcc -emit-opencl %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %clcheck %t.cl
#include <amp.h>
using namespace concurrency;

int helper(int X) restrict(amp) {
  int Y = X * 3;
  return Y - 1;
}

void run(int *P, int N) {
  array_view<int, 1> V(N, P);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) {
    int A = helper(I[0]);
    int B =
        A +
        7;
    if (B > 10)
      V[I] = B;
    else
      V[I] = A;
  });
}

// CHECK: #line 12 "{{.*}}line-directives.cpp"
// CHECK-NEXT: int helper(int X) {
// CHECK: #line 13 "{{.*}}line-directives.cpp"
// CHECK-NEXT: int Y = X * 3;
// CHECK: #line 14 "{{.*}}line-directives.cpp"
// CHECK-NEXT: return Y - 1;
// CHECK: #line 19 "{{.*}}line-directives.cpp"
// CHECK-NEXT: __kernel void run_kernel(
// CHECK: #line 20 "{{.*}}line-directives.cpp"
// CHECK-NEXT: int A = helper(
// CHECK: #line 21 "{{.*}}line-directives.cpp"
// CHECK-NEXT: int B = A + 7;
// CHECK: #line 24 "{{.*}}line-directives.cpp"
// CHECK-NEXT: if (B > 10)
// CHECK: #line 25 "{{.*}}line-directives.cpp"
// CHECK-NEXT: (*ampcc_view_int_1_at_dom(V, I)) = B;
// CHECK: #line 27 "{{.*}}line-directives.cpp"
// CHECK-NEXT: (*ampcc_view_int_1_at_dom(V, I)) = A;
