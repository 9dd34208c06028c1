// Lambda captures (spec 2.4.3): a restrict(amp) lambda written in cpu code
// (a kernel, or a helper) captures by value, except concurrency::array and
// textures; captured pointers and 'this' are rejected ('*this' is a copy and
// fine); captured values must have amp-compatible types, array_view element
// types included. Lambdas written inside amp code never leave the accelerator
// and may capture anything by reference.
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// The same errors stop -emit-opencl, which then writes no OpenCL C.
// RUN: rm -f %t.cl
// RUN: %not %ampcc -emit-opencl %s -o %t.cl 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %not ls %t.cl
#include <amp.h>
#include <vector>
using namespace concurrency;

struct WithPtr { int *p; };
// CHECK: restrict-captures.cpp:[[@LINE-1]]:23: error: pointer member 'p' is not allowed in a class used in restrict(amp) code
// CHECK: restrict-captures.cpp:{{[0-9]+}}:70: note: 'WithPtr' is used in restrict(amp) code here

struct Simulation {
  int Steps = 4;
  void run(array_view<int, 1> V) {
    parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] = Steps; });
    // CHECK: restrict-captures.cpp:[[@LINE-1]]:72: error: 'this' cannot be captured by a restrict(amp) lambda; capture the values you need by value, or '*this'
    // CHECK: restrict-captures.cpp:[[@LINE-2]]:5: note: in the kernel passed to parallel_for_each here
  }
  int twice() const restrict(cpu, amp) { return 2 * Steps; }
  void runCopy(array_view<int, 1> V) {
    parallel_for_each(V.extent, [=, *this](index<1> I) restrict(amp) { V[I] = twice(); });
  }
};

int main() {
  std::vector<int> D(4);
  std::vector<short> SD(4);
  array_view<int, 1> V(4, D);
  array_view<short, 1> SV(4, SD);
  int X = 1, Y = 2;
  int *P = &X;
  char Ch = 'c';
  WithPtr WP{&X};
  parallel_for_each(V.extent, [&](index<1> I) restrict(amp) { V[I] = X; });
  // CHECK: restrict-captures.cpp:[[@LINE-1]]:63: error: variable 'V' is captured by reference; a restrict(amp) lambda can capture only concurrency::array and texture objects by reference
  // CHECK: note: capture it by value
  // CHECK: restrict-captures.cpp:{{[0-9]+}}:22: note: 'V' declared here
  // CHECK: restrict-captures.cpp:[[@LINE-4]]:70: error: variable 'X' is captured by reference; a restrict(amp) lambda can capture only concurrency::array and texture objects by reference
  parallel_for_each(V.extent, [=, &Y](index<1> I) restrict(amp) { V[I] = Y; });
  // CHECK: restrict-captures.cpp:[[@LINE-1]]:36: error: variable 'Y' is captured by reference; a restrict(amp) lambda can capture only concurrency::array and texture objects by reference
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] = *P; });
  // CHECK: restrict-captures.cpp:[[@LINE-1]]:71: error: pointer 'P' cannot be captured by a restrict(amp) lambda
  // CHECK: restrict-captures.cpp:{{[0-9]+}}:8: note: 'P' declared here
  parallel_for_each(V.extent, [=, &R = X](index<1> I) restrict(amp) { V[I] = R; });
  // CHECK: restrict-captures.cpp:[[@LINE-1]]:36: error: variable 'R' is captured by reference; a restrict(amp) lambda can capture only concurrency::array and texture objects by reference
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] = Ch + SV[I]; });
  // CHECK: restrict-captures.cpp:[[@LINE-1]]:70: error: 'char' is not allowed in restrict(amp) code
  // CHECK: restrict-captures.cpp:{{[0-9]+}}:8: note: 'Ch' declared here
  // CHECK: restrict-captures.cpp:[[@LINE-3]]:75: error: 'short' is not allowed in restrict(amp) code
  // CHECK: note: in type 'array_view<short, 1>'
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] = WP.p != nullptr; });
  auto Helper = [&](int Z) restrict(amp) { return Z + X; };
  // CHECK: restrict-captures.cpp:[[@LINE-1]]:55: error: variable 'X' is captured by reference; a restrict(amp) lambda can capture only concurrency::array and texture objects by reference

  // Valid: captures by value (views, scalars, structs, a reference variable's
  // value, init-captures), concurrency::array by reference, and captures by
  // reference in lambdas written inside amp code, which never leave the
  // accelerator. A pointer by value is an error there too, as in Visual C++.
  array<int, 1> A(4);
  int &Ref = Y;
  struct Params { int a; float b; } Pr{1, 2.0f};
  parallel_for_each(V.extent, [=, &A](index<1> I) restrict(amp) {
    int Acc = 0;
    int *Ptr = &Acc;
    auto AddTo = [&](int K) { Acc += K; };
    auto ViaPtr = [Ptr](int K) { *Ptr += K; };
    // CHECK: restrict-captures.cpp:[[@LINE-1]]:20: error: pointer 'Ptr' cannot be captured by a restrict(amp) lambda
    AddTo(Ref + Pr.a);
    ViaPtr(A[I]);
    V[I] = Acc;
  });
  parallel_for_each(V.extent, [V, Z = X + 1](index<1> I) restrict(amp) { V[I] = Z; });
  Simulation S;
  S.run(V);
  S.runCopy(V);
  (void)Helper;
  return 0;
}
// CHECK: 11 errors generated.
