// Conversion functions overloaded on restriction: each side converts
// through its own. An implicit conversion, a cast and a built-in operator's
// operands in amp code take the amp conversion function (here `operator
// long`, though the cpu `operator int` is an exact match for int), and cpu
// code the cpu one; restrict(cpu, amp) code takes each side's in its half.
// A class that converts to int and, through an amp template, to any type:
// the built-in operators' operands are converted to int (with a warning,
// as Visual C++ forms built-in candidates from the types a class's
// conversion functions name; Clang's candidates for every arithmetic type
// are ambiguous), then through each side's conversion function. The same
// holds in host-only code (`operator char` beside `operator int`, CWG 507).
// The kernel's results are checked against the same expressions on the
// host, written with the amp side's values, and against constants.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t 2> %t.err && %t | %FileCheck %s
// RUN: %FileCheck --check-prefix=WARN %s < %t.err
// RUN: %not %ampcc -fsyntax-only -DTEMPLATE %s 2>&1 | %FileCheck --check-prefix=TEMPLATE %s
// CHECK: host: A 7 7 14 49 -7 C 8 14 49 -7 D 1
// CHECK: amp: 0 mismatches of 64
// CHECK: amp row 3: 1003 1003 2006 1006009 -1003 104 206 10609 -103
// WARN-NOT: error
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

struct A {
  int V;
  operator int() const restrict(cpu) { return V; }
  operator long() const restrict(amp) { return V + 1000; }
};

template <typename T> struct C {
  T V;
  operator T() const restrict(cpu) { return V; }
  template <typename U> operator U() const restrict(amp) { return U(V + 100); }
};

// Host-only: char and int both promote to int; operator int is exact.
struct D {
  operator char() const { return 'x'; }
  operator int() const { return 2; }
};

// Each side's conversions of A, in one restrict(cpu, amp) function.
void useA(A Obj, int *Out) restrict(cpu, amp) {
  int I = Obj;
  Out[0] = I;
  Out[1] = static_cast<int>(Obj);
  Out[2] = int(Obj + Obj);
  Out[3] = int(Obj * Obj);
  Out[4] = int(-Obj);
}

void useC(C<int> Obj, int *Out) restrict(cpu, amp) {
  // WARN: conversion-functions-per-side.cpp:[[@LINE+1]]:12: warning: operand of type 'C<int>' converted to 'int' for the built-in operator (a static_cast), as Visual C++ does
  Out[0] = Obj + 1;
  // WARN: conversion-functions-per-side.cpp:[[@LINE+2]]:12: warning: operand of type 'C<int>' converted to 'int'
  // WARN: conversion-functions-per-side.cpp:[[@LINE+1]]:18: warning: operand of type 'C<int>' converted to 'int'
  Out[1] = Obj + Obj;
  // WARN: conversion-functions-per-side.cpp:[[@LINE+2]]:12: warning: operand of type 'C<int>' converted to 'int'
  // WARN: conversion-functions-per-side.cpp:[[@LINE+1]]:18: warning: operand of type 'C<int>' converted to 'int'
  Out[2] = Obj * Obj;
  // WARN: conversion-functions-per-side.cpp:[[@LINE+1]]:13: warning: operand of type 'C<int>' converted to 'int'
  Out[3] = -Obj;
}

#ifdef TEMPLATE
// In a template the operand's type may differ between instantiations: no
// repair, Clang's error stays.
// TEMPLATE: conversion-functions-per-side.cpp:[[@LINE+1]]:74: error: use of overloaded operator '+' is ambiguous (with operand types 'C<int>' and 'int')
template <typename T> int plusOne(T Obj) restrict(cpu, amp) { return Obj + 1; }
int useTemplate(C<int> Obj) restrict(cpu, amp) { return plusOne(Obj); }
#endif

int main() {
  int HA[5], HC[4];
  useA(A{7}, HA);
  useC(C<int>{7}, HC);
  D Dv;
  // WARN: conversion-functions-per-side.cpp:[[@LINE+1]]:15: warning: operand of type 'D' converted to 'int'
  bool DEq = (Dv == 2);
  std::printf("host: A %d %d %d %d %d C %d %d %d %d D %d\n", HA[0], HA[1], HA[2], HA[3],
              HA[4], HC[0], HC[1], HC[2], HC[3], int(DEq));

  const int N = 64, W = 9;
  std::vector<int> Out(N * W, 0);
  array_view<int, 2> View(N, W, Out);
  View.discard_data();
  parallel_for_each(extent<1>(N), [=](index<1> Idx) restrict(amp) {
    int Row[W];
    int I = Idx[0];
    useA(A{I}, Row);
    useC(C<int>{I}, Row + 5);
    for (int J = 0; J < W; ++J)
      View(I, J) = Row[J];
  });
  View.synchronize();
  // The amp side: A converts to V + 1000 (operator long), C to V + 100.
  int Mismatches = 0;
  for (int I = 0; I < N; ++I) {
    long LA = I + 1000;
    int CA = I + 100;
    int Ref[W] = {int(LA), int(LA), int(LA + LA), int(LA * LA), int(-LA),
                  CA + 1,  CA + CA, CA * CA,      -CA};
    for (int J = 0; J < W; ++J)
      if (Out[I * W + J] != Ref[J]) {
        if (++Mismatches < 5)
          std::printf("mismatch at %d,%d: %d, expected %d\n", I, J, Out[I * W + J], Ref[J]);
      }
  }
  std::printf("amp: %d mismatches of %d\n", Mismatches, N);
  std::printf("amp row 3:");
  for (int J = 0; J < W; ++J)
    std::printf(" %d", Out[3 * W + J]);
  std::printf("\n");
  return Mismatches != 0;
}
