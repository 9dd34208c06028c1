// A local kept in memory (an array indexed at run time, a struct holding
// one) is allocated once for the host function, so every iteration of a
// work-item loop shares its bytes: such a loop must not promise the
// vectoriser independent iterations (LaneLocals.h). With the promise, every
// work-item got the values of the vector's last lane (bug 6 of
// docs/reliability.md, found by tools/randamp seed 56598 of format 10: an
// untiled kernel built with -fno-robust-buffer-access, and a tiled one at
// plain -O2). Checked against the CPU with and without robust access: an
// untiled kernel with an array, one whose callee has a struct holding an
// array, a tiled kernel's region with an array; kernels without such
// locals keep the promise, and so do arrays read and written only at
// subscripts fixed once loops between constants are unrolled (kept in
// registers: a register-blocked matrix multiply's `Av[4]`).
// RUN: %ampcc -O2 -fhost-kernels %s -o %t && env AMPCC_BACKEND=host %t | %FileCheck %s
// RUN: %ampcc -O2 -fno-robust-buffer-access -fhost-kernels %s -o %t.norobust && env AMPCC_BACKEND=host %t.norobust | %FileCheck %s
// RUN: %ampcc -O2 -emit-host-kernels %s -o %t.c && %FileCheck --check-prefix=LOOPS %s < %t.c
// CHECK: untiled array: 0 mismatches of 1024
// CHECK: callee's struct: 0 mismatches of 1024
// CHECK: tiled array: 0 mismatches of 1024
// CHECK: no array: 0 mismatches of 1024
// CHECK: fixed subscripts: 0 mismatches of 1024
// CHECK: fixed subscripts, tiled: 0 mismatches of 1024
// CHECK-NOT: mismatch at
//
// LOOPS: void main_kernel_2__loops(
// LOOPS: #pragma clang loop vectorize(assume_safety)
// The region with the array: no pragma.
// LOOPS: S[L] = ampcc_view_cint_1_at
// LOOPS-NEXT: }
// LOOPS-NEXT: for (size_t ampcc_lz = 0;
// LOOPS-NEXT: for (size_t ampcc_ly = 0;
// LOOPS-NEXT: for (size_t ampcc_lx = 0;
// The region whose array has fixed subscripts keeps it.
// LOOPS: void main_kernel_5__loops(
// LOOPS: S[L] = ampcc_view_cint_1_at
// LOOPS-NEXT: }
// LOOPS-NEXT: for (size_t ampcc_lz = 0;
// LOOPS-NEXT: for (size_t ampcc_ly = 0;
// LOOPS-NEXT: #pragma clang loop vectorize(assume_safety)
// LOOPS: int Av[4];
// LOOPS: static void main_kernel__range(
// LOOPS: #pragma clang loop vectorize(enable)
// LOOPS: static void main_kernel_1__range(
// LOOPS: #pragma clang loop vectorize(enable)
// LOOPS: static void main_kernel_3__range(
// LOOPS: #pragma clang loop vectorize(assume_safety)
// LOOPS: static void main_kernel_4__range(
// LOOPS: #pragma clang loop vectorize(assume_safety)
#include <amp.h>
#include "Inputs/report.h"
#include <cstdio>
#include <vector>
using namespace concurrency;

struct Bins {
  int Count[4];
};

static int spread(int V, int G) restrict(cpu, amp) {
  Bins B = {{0, 0, 0, 0}};
  B.Count[V & 3] += G;
  B.Count[(V >> 2) & 3] += 1;
  return B.Count[0] + 3 * B.Count[1] + 5 * B.Count[2] + 7 * B.Count[3];
}

static int mix(int A0, int A1, int G) restrict(cpu, amp) {
  int A[4] = {A0, A1, 0, 0};
  int K = A[0] & 3;
  A[K] += G;
  A[(K + 1) & 3] = A[K] * 2;
  return A[0] + A[1] * 3 + A[2] * 5 + A[3] * 7;
}

int main() {
  const int N = 1024, TS = 64;
  int Fails = 0;
  std::vector<int> In(N), Out(N), Want(N);
  for (int I = 0; I < N; ++I)
    In[I] = (I * 37) % 101;
  array_view<const int, 1> InV(N, In);
  array_view<int, 1> OutV(N, Out);

  OutV.discard_data();
  parallel_for_each(OutV.extent, [=](index<1> Idx) restrict(amp) {
    int A[4] = {InV[Idx], InV[Idx] + 1, 0, 0};
    int K = A[0] & 3;
    A[K] += Idx[0];
    A[(K + 1) & 3] = A[K] * 2;
    OutV[Idx] = A[0] + A[1] * 3 + A[2] * 5 + A[3] * 7;
  });
  OutV.synchronize();
  for (int I = 0; I < N; ++I)
    Want[I] = mix(In[I], In[I] + 1, I);
  Fails += report("untiled array", Out, Want);

  OutV.discard_data();
  parallel_for_each(OutV.extent, [=](index<1> Idx) restrict(amp) {
    OutV[Idx] = spread(InV[Idx], Idx[0]);
  });
  OutV.synchronize();
  for (int I = 0; I < N; ++I)
    Want[I] = spread(In[I], I);
  Fails += report("callee's struct", Out, Want);

  OutV.discard_data();
  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static int S[TS];
    int L = T.local[0];
    S[L] = InV[T.global];
    T.barrier.wait();
    int A[4] = {S[L], S[TS - 1 - L], 0, 0};
    int K = A[0] & 3;
    A[K] += T.global[0];
    A[(K + 1) & 3] = A[K] * 2;
    OutV[T.global] = A[0] + A[1] * 3 + A[2] * 5 + A[3] * 7;
  });
  OutV.synchronize();
  for (int I = 0; I < N; ++I)
    Want[I] = mix(In[I], In[I - I % TS + TS - 1 - I % TS], I);
  Fails += report("tiled array", Out, Want);

  OutV.discard_data();
  parallel_for_each(OutV.extent, [=](index<1> Idx) restrict(amp) {
    OutV[Idx] = InV[Idx] * 3 + Idx[0];
  });
  OutV.synchronize();
  for (int I = 0; I < N; ++I)
    Want[I] = In[I] * 3 + I;
  Fails += report("no array", Out, Want);

  OutV.discard_data();
  parallel_for_each(OutV.extent, [=](index<1> Idx) restrict(amp) {
    int Av[4], Sum = 0;
    for (int I = 0; I < 4; ++I)
      Av[I] = InV[(Idx[0] + I) % N] * (I + 1);
    for (int I = 3; I >= 0; --I)
      Sum += Av[I] * Av[3 - I];
    OutV[Idx] = Sum;
  });
  OutV.synchronize();
  for (int I = 0; I < N; ++I) {
    int Av[4], Sum = 0;
    for (int J = 0; J < 4; ++J)
      Av[J] = In[(I + J) % N] * (J + 1);
    for (int J = 3; J >= 0; --J)
      Sum += Av[J] * Av[3 - J];
    Want[I] = Sum;
  }
  Fails += report("fixed subscripts", Out, Want);

  OutV.discard_data();
  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static int S[TS];
    int L = T.local[0];
    S[L] = InV[T.global];
    T.barrier.wait();
    {
      int Av[4], Sum = 0;
      for (int I = 0; I < 4; ++I)
        Av[I] = S[(L + I) % TS] * (I + 1);
      for (int I = 0; I < 4; ++I)
        Sum += Av[I] * Av[3 - I];
      OutV[T.global] = Sum;
    }
  });
  OutV.synchronize();
  for (int I = 0; I < N; ++I) {
    int Base = I - I % TS, Av[4], Sum = 0;
    for (int J = 0; J < 4; ++J)
      Av[J] = In[Base + (I % TS + J) % TS] * (J + 1);
    for (int J = 0; J < 4; ++J)
      Sum += Av[J] * Av[3 - J];
    Want[I] = Sum;
  }
  Fails += report("fixed subscripts, tiled", Out, Want);
  return Fails != 0;
}
