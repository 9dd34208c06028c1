// Robust buffer access at no cost where indices are in range under facts
// the launch confirms (issue 44 item 1, IndexRanges in the compiler): a
// clamped neighbour `imin(i + k, n - 1)`, a strided loop `j < n`, reads
// under `if (r < v.extent[0] ...)` in a padded tiled domain, and accesses
// after an early return run unguarded when the captured bounds fit the
// views, and guarded when they do not: then reads past a view's buffer
// give 0 and writes there are dropped, as on Direct3D.
// REQUIRES: opencl
// RUN: %ampcc -O2 %s -o %t
// RUN: env AMPCC_TRACE=1 %t 2>%t.trace | %FileCheck %s
// RUN: %FileCheck --check-prefix=TRACE %s < %t.trace
// RUN: %ampcc -O2 -emit-opencl %s | %FileCheck --check-prefix=CL %s
// CHECK: clamped, n fits: 0 wrong
// CHECK-NEXT: clamped, n past the view: 0 wrong
// CHECK-NEXT: strided, n fits: 0 wrong
// CHECK-NEXT: strided, n past the view: 0 wrong
// CHECK-NEXT: padded: 0 wrong, guards intact
// CHECK-NEXT: early return, n fits: 0 wrong, guards intact
// CHECK-NEXT: early return, n past the view: 0 wrong, guards intact
// CHECK-NEXT: unproved: 0 wrong, guards intact
// CHECK-NEXT: PASS
//
// The clamped and strided kernels: unguarded with n fitting, guarded past.
// TRACE: kernel at {{.*}}robust-access-proved-ranges.cpp:[[CLAMP:[0-9]+]]:{{.*}} (views cover the domain: its accesses unguarded)
// TRACE: kernel at {{.*}}robust-access-proved-ranges.cpp:[[CLAMP]]:{{.*}} on
// TRACE-NOT: unguarded
// TRACE: kernel at {{.*}}robust-access-proved-ranges.cpp:[[STRIDE:[0-9]+]]:{{.*}} (views cover the domain: its accesses unguarded)
// TRACE: kernel at {{.*}}robust-access-proved-ranges.cpp:[[STRIDE]]:{{.*}} on
// TRACE-NOT: unguarded
// TRACE: kernel at {{.*}}robust-access-proved-ranges.cpp:{{.*}}(main_kernel) {{.*}} (views cover the domain: its accesses unguarded)
// TRACE: kernel at {{.*}}robust-access-proved-ranges.cpp:[[EARLY:[0-9]+]]:{{.*}} (views cover the domain: its accesses unguarded)
// TRACE: kernel at {{.*}}robust-access-proved-ranges.cpp:[[EARLY]]:{{.*}} on
// TRACE-NOT: unguarded
// TRACE: kernel at {{.*}}robust-access-proved-ranges.cpp:{{.*}}(main_kernel_1) {{.*}} on
// TRACE-NOT: unguarded
//
// Proved accesses go through the _dom helpers; the unproved one keeps its
// guard in every variant.
// CL-LABEL: void clamped_kernel(
// CL: _at1_dom_rd(InV, imin(
// CL-LABEL: void strided_kernel(
// CL: _at1_dom_rd(InV, J)
// CL-LABEL: void early_kernel(
// CL: _at1_dom(OutV, ({{.*}} + 1)) = (*ampcc_view_cfloat_1_at1_dom_rd(InV, (
// CL-LABEL: void main_kernel(
// CL: _at2_dom(OutV, Col, Row)) = (*ampcc_view_cfloat_2_at2_dom_rd(InV, Row, Col))
// CL-LABEL: void main_kernel_1(
// CL: (*ampcc_view_float_1_at1(UV,
#include <amp.h>
#include <cstdio>
#include <vector>

#include "Inputs/guarded-memory.h"

using namespace concurrency;

// Out[i] = sum of In[min(i + k, n - 1)], k < 4; In's element e reads as 0
// past its buffer of Size elements.
static int clamped(const std::vector<float> &In, int Size, int N) {
  array_view<const float, 1> InV(Size, In.data());
  std::vector<float> Out(Size);
  array_view<float, 1> OutV(Size, Out);
  parallel_for_each(OutV.extent, [=](index<1> I) restrict(amp) {
    float Sum = 0;
    for (int K = 0; K < 4; ++K)
      Sum += InV[direct3d::imin(I[0] + K, N - 1)];
    OutV[I] = Sum;
  });
  OutV.synchronize();
  int Wrong = 0;
  for (int I = 0; I < Size; ++I) {
    float Want = 0;
    for (int K = 0; K < 4; ++K) {
      int E = I + K < N - 1 ? I + K : N - 1;
      Want += E < Size ? In[E] : 0.0f;
    }
    Wrong += Out[I] != Want;
  }
  return Wrong;
}

// Each of 16 threads sums In[j] for j = idx, idx + 16, ... below n.
static int strided(const std::vector<float> &In, int Size, int N) {
  array_view<const float, 1> InV(Size, In.data());
  std::vector<float> Out(16);
  array_view<float, 1> OutV(16, Out);
  const int Stride = 16;
  parallel_for_each(OutV.extent, [=](index<1> I) restrict(amp) {
    float Sum = 0;
    for (int J = I[0]; J < N; J += Stride)
      Sum += InV[J];
    OutV[I] = Sum;
  });
  OutV.synchronize();
  int Wrong = 0;
  for (int I = 0; I < 16; ++I) {
    float Want = 0;
    for (int J = I; J < N; J += Stride)
      Want += J < Size ? In[J] : 0.0f;
    Wrong += Out[I] != Want;
  }
  return Wrong;
}

// Out[i] = In[i + 1] for i + 1 < n, after an early return.
static int early(const std::vector<float> &In, int Size, int N, bool &Intact) {
  array_view<const float, 1> InV(Size, In.data());
  Guarded Out(Size);
  array_view<float, 1> OutV(Size, Out.data());
  parallel_for_each(OutV.extent, [=](index<1> I) restrict(amp) {
    if (I[0] + 1 >= N)
      return;
    OutV[I[0] + 1] = InV[I[0] + 1] * 2.0f;
  });
  OutV.synchronize();
  int Wrong = 0;
  for (int I = 0; I < Size; ++I)
    Wrong += Out.data()[I] != (I >= 1 && I < N ? In[I] * 2.0f : Guard);
  Intact = Out.intact();
  return Wrong;
}

int main() {
  const int Size = 200;
  std::vector<float> In(1024);
  for (int I = 0; I < int(In.size()); ++I)
    In[I] = float(I % 17);
  std::printf("clamped, n fits: %d wrong\n", clamped(In, Size, Size));
  std::printf("clamped, n past the view: %d wrong\n", clamped(In, Size, Size + 40));
  std::printf("strided, n fits: %d wrong\n", strided(In, Size, Size));
  std::printf("strided, n past the view: %d wrong\n", strided(In, Size, Size + 40));

  // A transpose over the padded domain, each access under its condition.
  const int R = 20, C = 36;
  Guarded T(R * C);
  array_view<const float, 2> InV(R, C, In);
  array_view<float, 2> OutV(C, R, T.data());
  parallel_for_each(InV.extent.tile<16, 16>().pad(), [=](tiled_index<16, 16> Idx) restrict(amp) {
    int Row = Idx.global[0], Col = Idx.global[1];
    bool Inside = Row < InV.extent[0] && Col < InV.extent[1];
    if (Inside)
      OutV(Col, Row) = InV(Row, Col);
  });
  OutV.synchronize();
  int Wrong = 0;
  for (int I = 0; I < R; ++I)
    for (int J = 0; J < C; ++J)
      Wrong += T.data()[J * R + I] != In[I * C + J];
  std::printf("padded: %d wrong, guards %s\n", Wrong, T.intact() ? "intact" : "BROKEN");

  bool Intact1, Intact2;
  int W1 = early(In, Size, Size, Intact1);
  std::printf("early return, n fits: %d wrong, guards %s\n", W1, Intact1 ? "intact" : "BROKEN");
  int W2 = early(In, Size, Size + 40, Intact2);
  std::printf("early return, n past the view: %d wrong, guards %s\n", W2,
              Intact2 ? "intact" : "BROKEN");

  // An index no rule bounds (a product of two coordinates) stays guarded.
  Guarded U(Size);
  array_view<float, 1> UV(Size, U.data());
  parallel_for_each(extent<1>(Size), [=](index<1> I) restrict(amp) { UV[I[0] * I[0]] = 1.0f; });
  UV.synchronize();
  int WrongU = 0;
  for (int I = 0; I < Size; ++I) {
    bool Square = false;
    for (int K = 0; K * K <= I; ++K)
      Square |= K * K == I;
    WrongU += U.data()[I] != (Square ? 1.0f : Guard);
  }
  std::printf("unproved: %d wrong, guards %s\n", WrongU, U.intact() ? "intact" : "BROKEN");
  bool Ok = T.intact() && Intact1 && Intact2 && U.intact() && Wrong == 0 && W1 == 0 &&
            W2 == 0 && WrongU == 0;
  std::printf(Ok ? "PASS\n" : "FAIL\n");
}
