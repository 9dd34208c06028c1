// A tiled kernel's uniform loop between barriers moves outside the work-item
// loop on the host backend (WorkItemInnerLoops.cpp), so the work-item loop
// is innermost, what LLVM vectorises: also when its body holds short loops
// of constant bounds (LLVM unrolls them whole first; matmul-blocked's loop
// over a tile's columns), but not when an inner loop's bound is a
// variable or its iterations too many. Checked against the CPU.
// RUN: %ampcc -fhost-kernels %s -o %t && env AMPCC_BACKEND=host %t | %FileCheck %s
// RUN: %ampcc -emit-host-kernels %s -o %t.c && %FileCheck --check-prefix=LOOPS %s < %t.c
// CHECK: short inner loops: 0 mismatches of 256
// CHECK: variable inner bound: 0 mismatches of 256
// CHECK: long inner loop: 0 mismatches of 256
// CHECK-NOT: mismatch at
// LOOPS: void main_kernel__loops(
// LOOPS: for (; K < 16; ++K)
// LOOPS-NEXT: {
// LOOPS-NEXT: for (size_t ampcc_lz = 0;
// The other two stay inside their work-item loops.
// LOOPS: void main_kernel_1__loops(
// LOOPS: for (size_t ampcc_lx = 0; ampcc_lx < 64; ++ampcc_lx) {
// LOOPS: for (size_t ampcc_lx = 0; ampcc_lx < 64; ++ampcc_lx) {
// LOOPS: for (; K < 4; ++K)
// LOOPS: void main_kernel_2__loops(
// LOOPS: for (size_t ampcc_lx = 0; ampcc_lx < 64; ++ampcc_lx) {
// LOOPS: for (size_t ampcc_lx = 0; ampcc_lx < 64; ++ampcc_lx) {
// LOOPS: for (; K < 4; ++K)
#include <amp.h>
#include "Inputs/report.h"
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  const int N = 256;
  int Fails = 0, Inner = 3;
  std::vector<int> Out(N), Want(N);
  array_view<int, 1> OV(N, Out);

  parallel_for_each(OV.extent.tile<64>(), [=](tiled_index<64> T) restrict(amp) {
    tile_static float S[64];
    int L = T.local[0];
    S[L] = float(T.global[0]);
    T.barrier.wait();
    float Sum = 0.0f;
    for (int K = 0; K < 16; ++K) {
      float V[2];
      for (int I = 0; I < 2; ++I)
        V[I] = S[(L + K + I) % 64];
      for (int I = 0; I < 2; ++I)
        for (int J = 0; J < 2; ++J)
          Sum += V[I] * float(J + 1);
    }
    OV[T.global] = int(Sum);
  });
  OV.synchronize();
  for (int G = 0; G < N; ++G) {
    int Base = G / 64 * 64, L = G % 64;
    float Sum = 0.0f;
    for (int K = 0; K < 16; ++K)
      for (int I = 0; I < 2; ++I)
        Sum += 3.0f * float(Base + (L + K + I) % 64);
    Want[G] = int(Sum);
  }
  Fails += report("short inner loops", Out, Want);

  parallel_for_each(OV.extent.tile<64>(), [=](tiled_index<64> T) restrict(amp) {
    tile_static int S[64];
    int L = T.local[0];
    S[L] = T.global[0];
    T.barrier.wait();
    int Sum = 0;
    for (int K = 0; K < 4; ++K)
      for (int I = 0; I < Inner; ++I)
        Sum += S[(L + K + I) % 64];
    OV[T.global] = Sum;
  });
  OV.synchronize();
  for (int G = 0; G < N; ++G) {
    int Base = G / 64 * 64, L = G % 64, Sum = 0;
    for (int K = 0; K < 4; ++K)
      for (int I = 0; I < Inner; ++I)
        Sum += Base + (L + K + I) % 64;
    Want[G] = Sum;
  }
  Fails += report("variable inner bound", Out, Want);

  parallel_for_each(OV.extent.tile<64>(), [=](tiled_index<64> T) restrict(amp) {
    tile_static int S[64];
    int L = T.local[0];
    S[L] = T.global[0];
    T.barrier.wait();
    int Sum = 0;
    for (int K = 0; K < 4; ++K)
      for (int I = 0; I < 100; ++I)
        Sum += S[(L + K + I) % 64];
    OV[T.global] = Sum;
  });
  OV.synchronize();
  for (int G = 0; G < N; ++G) {
    int Base = G / 64 * 64, L = G % 64, Sum = 0;
    for (int K = 0; K < 4; ++K)
      for (int I = 0; I < 100; ++I)
        Sum += Base + (L + K + I) % 64;
    Want[G] = Sum;
  }
  Fails += report("long inner loop", Out, Want);
  return Fails != 0;
}
