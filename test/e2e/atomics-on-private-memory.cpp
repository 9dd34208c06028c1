// Spec 6.3 atomics take any int or unsigned pointer in amp code, also one
// into a thread's own variables; OpenCL 1.2's atomic built-ins take only
// __global and __local pointers. Private memory is seen by one work-item,
// so ampcc emits a plain read-modify-write helper there (additions in
// unsigned arithmetic: C's signed overflow is undefined). Every atomic
// function is applied to private ints, an unsigned and an array element,
// and the old values and results are checked against the host.
// REQUIRES: opencl
// RUN: %ampcc -emit-opencl %s -o %t.cl && %FileCheck --check-prefix=CL %s < %t.cl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CL-DAG: int ampcc_atomic_max_private_int(__private int *dest, int v)
// CL-DAG: int ampcc_atomic_inc_private_int(__private int *dest)
// CL-DAG: bool ampcc_atomic_cas_int___private__private(__private int *dest, __private int *expected, int value)
// CL-DAG: uint ampcc_atomic_sub_private_uint(__private uint *dest, uint v)
// CL-DAG: *dest = (int)((uint)old + (uint)v);
// CL-DAG: *dest = old > v ? old : v;
// CL-NOT: atomic_max(&
// CHECK: atomics on private memory: 0 mismatches of 640
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

static const int Fields = 10;

int main() {
  const int Size = 64;
  std::vector<int> Out(Size * Fields);
  array_view<int, 2> O(Size, Fields, Out);
  O.discard_data();
  parallel_for_each(extent<1>(Size), [=](index<1> Idx) restrict(amp) {
    int X = Idx[0];
    unsigned U = 5;
    int R0 = atomic_fetch_max(&X, 10);
    int R1 = atomic_fetch_add(&X, 3);
    int R2 = atomic_fetch_inc(&X);
    int R3 = atomic_fetch_min(&X, 12);
    int E = X;
    bool Swapped = atomic_compare_exchange(&X, &E, 100);
    int Stale = 7;
    bool NotSwapped = atomic_compare_exchange(&X, &Stale, 5);
    atomic_fetch_sub(&U, 2u);
    int Arr[2] = {1, 2};
    int R4 = atomic_exchange(&Arr[1], 42);
    atomic_fetch_xor(&Arr[0], 3);
    int Row = Idx[0];
    O(Row, 0) = R0; O(Row, 1) = R1; O(Row, 2) = R2; O(Row, 3) = R3; O(Row, 4) = X;
    O(Row, 5) = Swapped; O(Row, 6) = NotSwapped ? -1 : Stale; O(Row, 7) = (int)U;
    O(Row, 8) = R4 * 100 + Arr[1]; O(Row, 9) = Arr[0];
  });
  O.synchronize();
  int Mismatches = 0;
  for (int I = 0; I < Size; ++I) {
    int X = I;
    int R0 = X; X = X > 10 ? X : 10;
    int R1 = X; X += 3;
    int R2 = X; X += 1;
    int R3 = X; X = X < 12 ? X : 12;
    int Want[Fields] = {R0, R1, R2, R3, 100, 1, 100, 3, 2 * 100 + 42, 1 ^ 3};
    for (int K = 0; K < Fields; ++K)
      if (Out[I * Fields + K] != Want[K] && Mismatches++ < 5)
        std::printf("thread %d field %d: %d, expected %d\n", I, K, Out[I * Fields + K], Want[K]);
  }
  std::printf("atomics on private memory: %d mismatches of %d\n", Mismatches, Size * Fields);
  return Mismatches != 0;
}
