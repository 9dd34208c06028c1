// Recursion is not allowed in restrict(amp) code: a directly recursive
// function and a pair of mutually recursive functions, both reachable from a
// kernel, are reported at the recursive call with "recursion is not allowed";
// -fsyntax-only and -emit-opencl fail. A restrict(cpu) recursive function
// used only on the host is fine.
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s
// RUN: %not %ampcc -emit-opencl %s -o %t.cl 2>&1 | %FileCheck %s
// RUN: %ampcc -fsyntax-only -DHOST_ONLY %s
#include <amp.h>
#include <vector>
using namespace concurrency;

int hostFact(int N) { return N <= 1 ? 1 : N * hostFact(N - 1); }

#ifndef HOST_ONLY
int fact(int N) restrict(amp) { return N <= 1 ? 1 : N * fact(N - 1); }
// CHECK-DAG: recursion.cpp:[[@LINE-1]]:57: error: recursive call to 'fact'; recursion is not allowed in restrict(amp) code

int isOdd(int N) restrict(amp);
int isEven(int N) restrict(amp) { return N == 0 ? 1 : isOdd(N - 1); }
int isOdd(int N) restrict(amp) { return N == 0 ? 0 : isEven(N - 1); }
// The kernel reaches isEven first; the call that closes the cycle is isOdd's.
// CHECK-DAG: recursion.cpp:[[@LINE-2]]:54: error: recursive call to 'isEven'; recursion is not allowed in restrict(amp) code
#endif

int main() {
  std::vector<int> D(4);
  array_view<int, 1> V(4, D);
#ifndef HOST_ONLY
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) {
    V[I] = fact(I[0]) + isEven(I[0]);
  });
#endif
  return hostFact(3) != 6;
}
