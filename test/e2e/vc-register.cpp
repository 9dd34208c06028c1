// Visual C++ 2012 and 2013, the compilers of C++ AMP programs, accept the
// `register` storage class (and ignore it), in host and amp code; Clang's
// C++17 makes it an error. ampcc accepts it silently in every language
// mode; -Wregister makes it a warning, -Werror=register Clang's error.
// REQUIRES: opencl
// UNSUPPORTED: opencl-rerun
// RUN: %ampcc %s -o %t 2> %t.err && %t | %FileCheck %s
// RUN: %FileCheck --allow-empty --check-prefix=QUIET %s < %t.err
// RUN: %ampcc -std=c++14 %s -o %t.14 && %t.14 | %FileCheck %s
// RUN: %ampcc -Wregister -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=WARN %s
// RUN: %not %ampcc -Werror=register -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=STRICT %s
// QUIET-NOT: {{warning|error}}
// CHECK: register: host 45, kernel 0 wrong
// WARN: warning: ISO C++17 does not allow 'register' storage class specifier [-Wregister]
// STRICT: error: ISO C++17 does not allow 'register' storage class specifier
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

static int twice(register int X) restrict(cpu, amp) {
  register int Y = X * 2;
  return Y;
}

int main() {
  register int Sum = 0;
  for (register int I = 0; I < 10; ++I)
    Sum += I;
  std::vector<int> V(32);
  array_view<int, 1> A(32, V);
  parallel_for_each(A.extent, [=](index<1> I) restrict(amp) {
    register int T = twice(I[0]);
    A[I] = T + 1;
  });
  A.synchronize();
  int Wrong = 0;
  for (int I = 0; I < 32; ++I)
    Wrong += V[I] != I * 2 + 1;
  std::printf("register: host %d, kernel %d wrong\n", Sum, Wrong);
  return 0;
}
