// Constructors in amp code that initialise base classes (spec §2.3: classes
// with bases are amp-compatible), with two bases, a delegating constructor
// and a derived-to-base reference conversion to the second base. Compared
// with the same classes run on the host.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: base initializers: 0 mismatches of 64
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

struct First {
  int A;
  First(int X) restrict(cpu, amp) : A(X * 3) {}
  int get() const restrict(cpu, amp) { return A; }
};
struct Second {
  int B;
  Second() restrict(cpu, amp) : B(7) {}
};
struct Both : First, Second {
  int C;
  Both(int X) restrict(cpu, amp) : First(X - 1), Second(), C(X) {}
  Both(int X, int Y) restrict(cpu, amp) : Both(X * Y) {}
};
struct Grand : Both {
  Grand(int X) restrict(cpu, amp) : Both(X, 2) { B += 1; }
};

int second(const Second &S) restrict(cpu, amp) { return S.B; }

int value(int I) restrict(cpu, amp) {
  Both P(I);
  Grand G(I);
  return P.get() * 1000 + second(P) * 100 + P.C + G.get() * 10 + second(G);
}

int main() {
  const int N = 64;
  std::vector<int> Out(N, -1);
  array_view<int, 1> V(N, Out);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] = value(I[0]); });
  V.synchronize();
  int Bad = 0;
  for (int I = 0; I < N; ++I)
    if (Out[I] != value(I) && Bad++ < 5)
      std::printf("mismatch at %d: %d, expected %d\n", I, Out[I], value(I));
  std::printf("base initializers: %d mismatches of %d\n", Bad, N);
  return Bad != 0;
}
