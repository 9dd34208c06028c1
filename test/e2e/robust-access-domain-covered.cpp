// Robust buffer access at no cost where it cannot fire (issue 44 item 1):
// an access by the thread's own global index, whole or coordinate by
// coordinate in any order, is guarded in the program as built, and
// unguarded in the variant the runtime builds with -DAMPCC_DOMAIN_COVERED
// and launches when every such view covers the compute domain along its
// coordinates. A launch whose domain is larger than a view keeps the
// guards: reads past the view's buffer give 0, writes there are dropped,
// and the memory around the buffer stays as it was.
// REQUIRES: opencl
// RUN: %ampcc -O2 -frobust-buffer-access %s -o %t
// RUN: env AMPCC_TRACE=1 %t 2>%t.trace | %FileCheck %s
// RUN: %FileCheck --check-prefix=TRACE %s < %t.trace
// RUN: %ampcc -O2 -frobust-buffer-access -emit-opencl %s | %FileCheck --check-prefix=CL %s
// CHECK: covered: 0 wrong
// CHECK-NEXT: transposed: 0 wrong
// CHECK-NEXT: past the view: 0 wrong, guards intact
// CHECK-NEXT: transposed past: 0 wrong, guards intact
// CHECK-NEXT: moved index: 0 wrong, guards intact
// CHECK-NEXT: PASS
// TRACE: kernel at {{.*}}robust-access-domain-covered.cpp:[[@LINE+26]]{{.*}} (views cover the domain: its accesses unguarded)
// TRACE: kernel at {{.*}}robust-access-domain-covered.cpp:[[@LINE+32]]{{.*}} (views cover the domain: its accesses unguarded)
// TRACE: kernel at {{.*}}robust-access-domain-covered.cpp:[[@LINE+24]]{{.*}} on
// TRACE-NOT: unguarded
// TRACE: kernel at {{.*}}robust-access-domain-covered.cpp:[[@LINE+29]]{{.*}} on
// TRACE-NOT: unguarded
// TRACE: kernel at {{.*}}robust-access-domain-covered.cpp:[[@LINE+78]]{{.*}} on
// TRACE-NOT: unguarded
// CL: _at_dom(ampcc_view_float_1 v, Concurrency_index_1 i) {
// CL-NEXT: #ifdef AMPCC_DOMAIN_COVERED
// CL-NEXT: return v.data + v.shape.off + i._M_base[0];
// CL-NEXT: #else
// CL-NEXT: int o = v.shape.off + i._M_base[0];
// CL-NEXT: return (uint)o + (uint)v.lo < (uint)v.shape.n ? v.data + o : (__global float *)v.sink;
// CL-NEXT: #endif
#include <amp.h>
#include <cstdio>
#include <vector>

#include "Inputs/guarded-memory.h"

using namespace concurrency;

// One kernel, launched over the views' extent and over a larger domain.
static int scale(array_view<const float, 1> In, array_view<float, 1> Out,
                 const extent<1> &Domain) {
  parallel_for_each(Domain, [=](index<1> I) restrict(amp) { Out[I] = 2.0f * In[I]; });
  Out.synchronize();
  return 0;
}

static void transpose(array_view<const float, 2> In, array_view<float, 2> Out,
                      const extent<2> &Domain) {
  parallel_for_each(Domain, [=](index<2> I) restrict(amp) {
    int R = I[0], C = I[1];
    Out(C, R) = In(R, C) + 1.0f;
  });
  Out.synchronize();
}

int main() {
  const int N = 200, Big = 256;
  std::vector<float> In(Big);
  for (int I = 0; I < Big; ++I)
    In[I] = float(I);

  Guarded Out1(N);
  scale(array_view<const float, 1>(N, In), array_view<float, 1>(N, Out1.data()), extent<1>(N));
  int Wrong = 0;
  for (int I = 0; I < N; ++I)
    Wrong += Out1.data()[I] != 2.0f * I;
  std::printf("covered: %d wrong\n", Wrong);

  const int R = 8, C = 12;
  Guarded T(R * C);
  transpose(array_view<const float, 2>(R, C, In), array_view<float, 2>(C, R, T.data()), extent<2>(R, C));
  Wrong = 0;
  for (int I = 0; I < R; ++I)
    for (int J = 0; J < C; ++J)
      Wrong += T.data()[J * R + I] != In[I * C + J] + 1.0f;
  std::printf("transposed: %d wrong\n", Wrong);

  // The domain runs past both views: out-of-buffer reads are 0, writes dropped.
  Guarded Out2(N);
  scale(array_view<const float, 1>(N, In), array_view<float, 1>(N, Out2.data()), extent<1>(Big));
  Wrong = 0;
  for (int I = 0; I < N; ++I)
    Wrong += Out2.data()[I] != 2.0f * I;
  std::printf("past the view: %d wrong, guards %s\n", Wrong, Out2.intact() ? "intact" : "BROKEN");

  // A non-square transpose over the wrong domain: Out(C, R) runs past.
  Guarded T2(R * C);
  transpose(array_view<const float, 2>(R, C, In), array_view<float, 2>(R, C, T2.data()), extent<2>(R, C));
  Wrong = 0;
  for (int I = 0; I < R; ++I)
    for (int J = 0; J < C; ++J) {
      if (J < R) // Out(J, I) of an R x C view; rows from R on are past it
        Wrong += T2.data()[J * C + I] != In[I * C + J] + 1.0f;
    }
  std::printf("transposed past: %d wrong, guards %s\n", Wrong, T2.intact() ? "intact" : "BROKEN");

  // An index the body moves is no proof: guarded whatever the domain.
  Guarded Out3(N);
  array_view<float, 1> O3(N, Out3.data());
  parallel_for_each(extent<1>(N), [=](index<1> I) restrict(amp) {
    I[0] += 3;
    O3[I] = 1.0f;
  });
  O3.synchronize();
  Wrong = 0;
  for (int I = 0; I < N; ++I)
    Wrong += Out3.data()[I] != (I >= 3 ? 1.0f : Guard);
  std::printf("moved index: %d wrong, guards %s\n", Wrong, Out3.intact() ? "intact" : "BROKEN");
  bool Ok = Out2.intact() && T2.intact() && Out3.intact() && Wrong == 0;
  std::printf(Ok ? "PASS\n" : "FAIL\n");
}
