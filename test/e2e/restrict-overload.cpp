// Overloads that differ only in their restriction: `int f(int) restrict(cpu)`
// and `int f(int) restrict(amp)`. The kernel must call the amp one (2), the
// host the cpu one (1); the same holds for a pair of member functions.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: host: f = 1, g = 10
// CHECK: restrict-overload: 0 mismatches of 64
// CHECK-NOT: mismatch at
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int f(int) restrict(cpu) { return 1; }
int f(int) restrict(amp) { return 2; }

struct Picker {
  int g() const restrict(cpu) { return 10; }
  int g() const restrict(amp) { return 20; }
};

int main() {
  Picker P;
  std::printf("host: f = %d, g = %d\n", f(0), P.g());
  const int N = 64;
  std::vector<int> Out(N, 0);
  array_view<int, 1> OV(N, Out);
  parallel_for_each(OV.extent, [=](index<1> I) restrict(amp) {
    OV[I] = f(I[0]) * 100 + P.g();
  });
  OV.synchronize();
  int Bad = 0;
  for (int I = 0; I < N; ++I)
    if (Out[I] != 220 && Bad++ < 5)
      std::printf("mismatch at %d: %d vs 220\n", I, Out[I]);
  std::printf("restrict-overload: %d mismatches of %d\n", Bad, N);
  return Bad != 0 || f(0) != 1;
}
