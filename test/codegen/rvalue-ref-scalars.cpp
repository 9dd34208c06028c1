// A scalar value bound to an rvalue reference (or a forwarding reference)
// that amp code takes by address: C has no address of a value, so the
// argument becomes a compound literal in private memory, an object of the
// enclosing block (the C++ AMP Algorithms Library's pair(T1 &&, T2 &&)
// called with pair(3, 4)). The kernel's results are checked on the host.
// REQUIRES: opencl
// RUN: %ampcc -emit-opencl %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %clcheck %t.cl
// RUN: %ampcc %s -o %t && %t | %FileCheck --check-prefix=EXEC %s
// CHECK: P X = P_ctor(&(__private int){3}, &(__private int){4});
// CHECK: X.second = twice(&(__private int){X.first + 1});
// CHECK: Q Y = Q_ctor(&(__private float){2.5f}, &(__private int){7});
// EXEC: rvalue references: 3 8 2.5 7
#include <amp.h>
#include <cstdio>

using namespace concurrency;

struct P {
  int first, second;
  P() restrict(cpu, amp) : first(), second() {}
  P(int &&A, int &&B) restrict(cpu, amp) : first(A), second(B) {}
};

struct Q {
  float value;
  int count;
  Q() restrict(cpu, amp) : value(), count() {}
  template <typename T, typename U> Q(T &&V, U &&C) restrict(cpu, amp) : value(V), count(C) {}
};

int twice(int &&A) restrict(amp) { return A + A; }

int main() {
  P OutP;
  Q OutQ;
  array_view<P> VP(1, &OutP);
  array_view<Q> VQ(1, &OutQ);
  parallel_for_each(VP.extent, [=](index<1>) restrict(amp) {
    P X(3, 4);
    X.second = twice(X.first + 1);
    VP[0] = X;
    Q Y(2.5f, 7);
    VQ[0] = Y;
  });
  VP.synchronize();
  VQ.synchronize();
  std::printf("rvalue references: %d %d %g %d\n", OutP.first, OutP.second, OutQ.value,
              OutQ.count);
}
