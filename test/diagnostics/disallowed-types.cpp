// char, unsigned char, short and long long are not allowed in restrict(amp)
// code: locals in a kernel, a captured long long scalar (at the capture, the
// first use in the body) and a short parameter of a restrict(amp) helper each
// give "'T' is not allowed in restrict(amp) code", plus a hint note;
// -fsyntax-only and -emit-opencl both fail (and -emit-opencl writes nothing).
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s
// RUN: rm -f %t.cl
// RUN: %not %ampcc -emit-opencl %s -o %t.cl 2>&1 | %FileCheck %s
// RUN: %not ls %t.cl
#include <amp.h>
#include <vector>
using namespace concurrency;

int widen(short X) restrict(amp) { return X; }
// CHECK-DAG: disallowed-types.cpp:[[@LINE-1]]:17: error: 'short' is not allowed in restrict(amp) code

int main() {
  std::vector<int> D(4);
  array_view<int, 1> V(4, D);
  long long Big = 5;
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) {
    char C = 'a';
    // CHECK-DAG: disallowed-types.cpp:[[@LINE-1]]:10: error: 'char' is not allowed in restrict(amp) code
    unsigned char UC;
    // CHECK-DAG: disallowed-types.cpp:[[@LINE-1]]:19: error: 'unsigned char' is not allowed in restrict(amp) code
    short S;
    // CHECK-DAG: disallowed-types.cpp:[[@LINE-1]]:11: error: 'short' is not allowed in restrict(amp) code
    long long LL;
    // CHECK-DAG: disallowed-types.cpp:[[@LINE-1]]:15: error: 'long long' is not allowed in restrict(amp) code
    UC = 0;
    S = 0;
    LL = 0;
    V[I] = C + UC + S + (int)LL + (int)Big + widen(1);
    // CHECK-DAG: disallowed-types.cpp:[[@LINE-1]]:40: error: 'long long' is not allowed in restrict(amp) code
  });
}
// CHECK-DAG: note: C++ AMP has no 8- or 16-bit integers: work on 'unsigned int' words
// CHECK-DAG: note: use 'long' or 'unsigned long', which are 64 bits wide in ampcc
// CHECK: error{{s?}} generated
