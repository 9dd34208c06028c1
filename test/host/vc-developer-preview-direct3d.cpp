// restrict(direct3d), the Visual Studio 11 Developer Preview's name for
// restrict(amp), which programs of that time still use, some through their
// own `#define amp direct3d` (CodePlex's generic kernels): taken as amp,
// with a warning and a fix-it where it is written; the kernel runs and
// overloads on it as on amp. Twice the same direct3d is still a duplicate.
// RUN: %ampcc %s -o %t 2> %t.err && %t | %FileCheck %s
// RUN: %FileCheck --check-prefix=WARN %s < %t.err
// RUN: %ampcc -DDUPLICATE -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=DUP %s
// CHECK: 4 9 10 which amp cpu
// WARN-NOT: error
// DUP: warning: duplicate restriction specifier 'amp'
#include <amp.h>
#include <iostream>

const char *which() restrict(cpu) { return "cpu"; }
// WARN: vc-developer-preview-direct3d.cpp:[[@LINE+1]]:22: warning: 'direct3d' is the Visual Studio 11 Developer Preview's name for the restriction specifier 'amp'; taken as 'amp'
int which() restrict(direct3d) { return 1; }
#ifdef DUPLICATE
int twice(int X) restrict(direct3d, amp) { return X; }
#endif

#define amp direct3d
int square(int X) restrict(cpu, amp) { return X * X; }

int main() {
  int V[3] = {2, 3, 0};
  int Which = 0;
  concurrency::array_view<int, 1> Av(3, V);
  concurrency::parallel_for_each(Av.extent, [=](concurrency::index<1> I) restrict(amp) {
    Av[I] = I[0] == 2 ? which() * 10 : square(Av[I]);
  });
  Av.synchronize();
  std::cout << V[0] << " " << V[1] << " " << V[2] << " which " << (V[2] == 10 ? "amp" : "?")
            << " " << which() << "\n";
  Which = square(2);
  return Which == 4 ? 0 : 1;
}
