// -D and -I reach both the host compilation and the kernel: a macro from -D
// and a macro defined in a header found through -I are used inside the kernel
// and on the host, and a restrict(cpu, amp) function from that header is
// called from both. Without the options the file does not compile.
// REQUIRES: opencl
// RUN: %ampcc -DSCALE=7 -D OFFSET=40 -I%S/Inputs %s -o %t
// RUN: %t | %FileCheck %s
// RUN: %ampcc -DSCALE=7 -DOFFSET=40 -I %S/Inputs -emit-opencl %s -o %t.cl
// RUN: %FileCheck --check-prefix=CL %s < %t.cl
// RUN: %clcheck %t.cl
// RUN: %not %ampcc -fsyntax-only -DOFFSET=40 -I%S/Inputs %s 2>&1 | %FileCheck --check-prefix=NOSCALE %s
// RUN: %not %ampcc -fsyntax-only -DSCALE=7 -DOFFSET=40 %s 2>&1 | %FileCheck --check-prefix=NOINC %s
// CHECK: host sees SCALE=7 HEADER_OFFSET=41
// CHECK: define-include: 0 mismatches of 50
// CHECK-NOT: mismatch at
// CL: scaleBy({{.*}}, 7) + (40 + 1)
// NOSCALE: error: use of undeclared identifier 'SCALE'
// NOINC: fatal error: 'scale-helpers.h' file not found
#include <amp.h>
#include <cstdio>
#include <vector>
#include "scale-helpers.h"
using namespace concurrency;

int main() {
  std::printf("host sees SCALE=%d HEADER_OFFSET=%d\n", SCALE, HEADER_OFFSET);
  const int N = 50;
  std::vector<int> A(N);
  for (int I = 0; I < N; ++I)
    A[I] = I;
  array_view<int, 1> AV(N, A);
  parallel_for_each(AV.extent, [=](index<1> I) restrict(amp) {
    AV[I] = scaleBy(AV[I], SCALE) + HEADER_OFFSET;
  });
  AV.synchronize();
  int Bad = 0;
  for (int I = 0; I < N; ++I)
    if (A[I] != scaleBy(I, SCALE) + HEADER_OFFSET && Bad++ < 5)
      std::printf("mismatch at %d: %d vs %d\n", I, A[I], I * 7 + 41);
  std::printf("define-include: %d mismatches of %d\n", Bad, N);
  return Bad != 0 || A[2] != 55;
}
