// Where a pointer points must be seen through every form of expression that
// yields it, or the pointer is declared __private and the OpenCL compiler
// rejects the program: an initializer with a temporary to clean up
// (`&V[T]` converts the tiled_index to an index temporary), a pointer read
// from an lvalue ?: whose branch is a comma expression, that lvalue passed
// to a `T *&` parameter (its address: C's ?: and comma are no lvalues), and
// a pointer returned by a function bound to `T *&&` (the temporary itself,
// passed by value: CloneKey::TempPointers). The kernel's results are
// checked on the host.
// REQUIRES: opencl
// RUN: %ampcc -emit-opencl %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %clcheck %t.cl
// RUN: %ampcc %s -o %t && %t | %FileCheck --check-prefix=EXEC %s
// CHECK: void bumpThrough[[G:[A-Za-z0-9_]*]](__global int *__private *R)
// CHECK: int readFresh{{[A-Za-z0-9_]*}}(__private int *R)
// CHECK: __global int *First = ampcc_view_int_1_at(
// CHECK: __global int *Second = (Pick != 0) ? ampcc_view_int_1_at(
// CHECK: bumpThrough[[G]](&((*((Pick != 0) ? (N = N + 1, &(First)) : &(Second)))));
// CHECK: readFresh{{[A-Za-z0-9_]*}}(addressOf{{[A-Za-z0-9_]*}}(&(Mine)))
// EXEC: pointer spaces: 11 1 26 26
#include <amp.h>
#include <cstdio>
#include <vector>

using namespace concurrency;

void bumpThrough(int *&R) restrict(amp) { *R += 10; }
int *addressOf(int &V) restrict(amp) { return &V; }
int readFresh(int *&&R) restrict(amp) { return *R; }

int main() {
  std::vector<int> A(4, 1), B(4, 1), Out(4, 0);
  array_view<int, 1> VA(4, A), VB(4, B), VOut(4, Out);
  int Pick = 1;
  parallel_for_each(VA.extent.tile<4>(), [=](tiled_index<4> T) restrict(amp) {
    int N = 0;
    int *First = &VA[T];
    int *Second = Pick ? &VB[T] : &VA[T];
    bumpThrough(Pick ? (N = N + 1, First) : Second);
    int Mine = 7;
    VOut[T] = readFresh(addressOf(Mine)) + N * 20 - 1;
  });
  VA.synchronize();
  VB.synchronize();
  VOut.synchronize();
  std::printf("pointer spaces: %d %d %d %d\n", A[0], B[0], Out[0], Out[3]);
  return 0;
}
