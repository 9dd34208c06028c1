// Two translation units whose kernels call functions of the same name link
// into one program with host kernels: the C of each unit's kernels keeps its
// functions to itself (host_kernel.h's internal linkage), and each unit's
// table has a name of its own. Compiled separately (-c) and together.
// RUN: %ampcc -fhost-kernels -c %s -o %t.a.o
// RUN: %ampcc -fhost-kernels -c %S/Inputs/two-units-b.cpp -o %t.b.o
// RUN: %ampcc %t.a.o %t.b.o -o %t && env AMPCC_BACKEND=host %t | %FileCheck %s
// RUN: %ampcc -fhost-kernels %s %S/Inputs/two-units-b.cpp -o %t.2 && env AMPCC_BACKEND=host %t.2 | %FileCheck %s
// CHECK: unit a: 0 wrong
// CHECK-NEXT: unit b: 0 wrong
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

void unitB(array_view<float, 1> V);

static float square(float X) restrict(amp) { return X * X; }

int main() {
  std::vector<float> A(1000), B(1000);
  for (int I = 0; I < 1000; ++I)
    A[I] = B[I] = float(I % 10);
  array_view<float, 1> AV(1000, A);
  parallel_for_each(AV.extent, [=](index<1> I) restrict(amp) { AV[I] = square(AV[I]); });
  AV.synchronize();
  unitB(array_view<float, 1>(1000, B));
  int BadA = 0, BadB = 0;
  for (int I = 0; I < 1000; ++I) {
    float X = float(I % 10);
    BadA += A[I] != X * X;
    BadB += B[I] != X * X + 1.0f;
  }
  std::printf("unit a: %d wrong\nunit b: %d wrong\n", BadA, BadB);
  return BadA + BadB != 0;
}
