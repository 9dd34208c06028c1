// Loops that wait at a barrier but lack one at the end of their body, run
// on the host backend's per-work-item entry (fibers): each iteration's
// first store into tile_static memory races with the last iteration's
// reads in the other work-items. GPUs, PoCL (which adds barriers at a
// loop's entry and latch) and the work-item loops (a region ends with the
// iteration) never show it; C++ AMP BLAS's SSYR2K has this shape and
// failed 576 of its accuracy tests on the host backend alone. A fiber
// runs its work-item to the next barrier, so the code generator puts one
// at each such loop's start and iteration's end (AMPCC_ITERATION_BARRIER,
// nothing in OpenCL C). A continue whose condition differs between
// work-items keeps each kernel on the per-work-item entry; the for, while
// and do forms, each against the CPU.
// RUN: %ampcc -fhost-kernels %s -o %t && env AMPCC_BACKEND=host %t | %FileCheck %s
// RUN: %ampcc -emit-host-kernels %s -o %t.c && %FileCheck --check-prefix=HOSTC %s < %t.c
// RUN: %ampcc -fhost-kernels -emit-opencl %s -o %t.cl && %clcheck %t.cl
// CHECK: for: 0 mismatches of 1024
// CHECK: while: 0 mismatches of 1024
// CHECK: do: 0 mismatches of 1024
// CHECK-NOT: mismatch at
// HOSTC: #define AMPCC_ITERATION_BARRIER() ((void)0)
// HOSTC: AMPCC_ITERATION_BARRIER();
// HOSTC-NEXT: for (; Round < 4; AMPCC_ITERATION_BARRIER(), ++Round)
// HOSTC: AMPCC_ITERATION_BARRIER();
// HOSTC-NEXT: for (; ++Round < 4; AMPCC_ITERATION_BARRIER())
// HOSTC: AMPCC_ITERATION_BARRIER();
// HOSTC-NEXT: do
// HOSTC: while ((AMPCC_ITERATION_BARRIER(), ++Round < 4));
// The loop over kk waits nowhere: no barrier of its own.
// HOSTC-NOT: AMPCC_ITERATION_BARRIER(), ++kk
// HOSTC-NOT: __loops(
#include <amp.h>
#include "Inputs/report.h"
#include <cstdio>
#include <vector>
using namespace concurrency;

static const int TS = 16, N = 32;

// Round r of a work-item at (row, col): the sum of its tile's column col of
// In scaled by r + 1, plus one unless r == col % 4.
static std::vector<float> expected(const std::vector<float> &In) {
  std::vector<float> Want(N * N);
  for (int R = 0; R < N; ++R)
    for (int C = 0; C < N; ++C) {
      float Sum = 0;
      for (int Round = 0; Round < 4; ++Round) {
        for (int kk = 0; kk < TS; ++kk)
          Sum += In[(R - R % TS + kk) * N + C] * float(Round + 1);
        if (Round != C % TS % 4)
          Sum += 1;
      }
      Want[R * N + C] = Sum;
    }
  return Want;
}

int main() {
  int Fails = 0;
  std::vector<float> In(N * N), Out(N * N);
  for (int I = 0; I < N * N; ++I)
    In[I] = float(I % 9) - 4;
  std::vector<float> Want = expected(In);
  array_view<const float, 2> InV(N, N, In);
  array_view<float, 2> OutV(N, N, Out);

  parallel_for_each(OutV.extent.tile<TS, TS>(), [=](tiled_index<TS, TS> T) restrict(amp) {
    tile_static float S[TS][TS];
    float Sum = 0;
    for (int Round = 0; Round < 4; ++Round) {
      S[T.local[0]][T.local[1]] = InV[T.global] * float(Round + 1);
      T.barrier.wait();
      for (int kk = 0; kk < TS; ++kk)
        Sum += S[kk][T.local[1]];
      if (Round == T.local[1] % 4)
        continue;
      Sum += 1;
    }
    OutV[T.global] = Sum;
  });
  OutV.synchronize();
  Fails += report("for", Out, Want);

  parallel_for_each(OutV.extent.tile<TS, TS>(), [=](tiled_index<TS, TS> T) restrict(amp) {
    tile_static float S[TS][TS];
    float Sum = 0;
    int Round = -1;
    while (++Round < 4) {
      S[T.local[0]][T.local[1]] = InV[T.global] * float(Round + 1);
      T.barrier.wait();
      for (int kk = 0; kk < TS; ++kk)
        Sum += S[kk][T.local[1]];
      if (Round == T.local[1] % 4)
        continue;
      Sum += 1;
    }
    OutV[T.global] = Sum;
  });
  OutV.synchronize();
  Fails += report("while", Out, Want);

  parallel_for_each(OutV.extent.tile<TS, TS>(), [=](tiled_index<TS, TS> T) restrict(amp) {
    tile_static float S[TS][TS];
    float Sum = 0;
    int Round = 0;
    do {
      S[T.local[0]][T.local[1]] = InV[T.global] * float(Round + 1);
      T.barrier.wait();
      for (int kk = 0; kk < TS; ++kk)
        Sum += S[kk][T.local[1]];
      if (Round == T.local[1] % 4)
        continue;
      Sum += 1;
    } while (++Round < 4);
    OutV[T.global] = Sum;
  });
  OutV.synchronize();
  Fails += report("do", Out, Want);
  return Fails != 0;
}
