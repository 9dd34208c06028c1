// Only concurrency::array may be captured by reference in a kernel: a
// default by-reference capture ([&]) of an array_view and of an int, and an
// explicit [=, &X] capture of a scalar, are each rejected by the restriction
// checker at the capture (for [&], the first use in the body), naming the
// variable; -fsyntax-only and -emit-opencl fail. Capturing the same things
// by value compiles.
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s
// RUN: %not %ampcc -emit-opencl %s -o %t.cl 2>&1 | %FileCheck %s
// RUN: %ampcc -fsyntax-only -DBY_VALUE %s
#include <amp.h>
#include <vector>
using namespace concurrency;

#ifdef BY_VALUE
#define REF =
#define REF_X =
#else
#define REF &
#define REF_X =, &X
#endif

int main() {
  std::vector<int> D(4);
  array_view<int, 1> V(4, D);
  int Scalar = 3;
  parallel_for_each(V.extent, [REF](index<1> I) restrict(amp) {
    V[I] = Scalar;
    // CHECK-DAG: capture-by-reference.cpp:[[@LINE-1]]:5: error: variable 'V' is captured by reference; a restrict(amp) lambda can capture only concurrency::array and texture objects by reference
    // CHECK-DAG: capture-by-reference.cpp:[[@LINE-2]]:12: error: variable 'Scalar' is captured by reference; a restrict(amp) lambda can capture only concurrency::array and texture objects by reference
  });
  array_view<int, 1> W(4, D);
  int X = 1;
  // CHECK-DAG: capture-by-reference.cpp:[[@LINE+1]]:32: error: variable 'X' is captured by reference; a restrict(amp) lambda can capture only concurrency::array and texture objects by reference
  parallel_for_each(W.extent, [REF_X](index<1> I) restrict(amp) {
    W[I] = X + 1;
  });
  return 0;
}
// CHECK-NOT: capture of 'W'
