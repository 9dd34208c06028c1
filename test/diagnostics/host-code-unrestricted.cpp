// The restrict(amp) checks apply only to code that runs on the accelerator:
// char, short, long long, recursion and by-reference lambdas in host code and
// in restrict(cpu) functions are fine next to a valid kernel, and the program
// builds, runs and prints the expected values.
// REQUIRES: opencl
// RUN: %ampcc -fsyntax-only %s 2>&1 | %FileCheck --allow-empty --check-prefix=QUIET %s
// RUN: %ampcc %s -o %t
// RUN: %t | %FileCheck %s
// QUIET-NOT: error
// CHECK: host: c=x s=-2 ll=10000000000 fib=55 sum=6
// CHECK: kernel: 3 5 7 9
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

long long fib(long long N) restrict(cpu) { return N < 2 ? N : fib(N - 1) + fib(N - 2); }

int main() {
  char C = 'x';
  short S = -2;
  long long LL = 10000000000LL;
  int Sum = 0;
  auto Add = [&](int V) { Sum += V; };
  Add(1);
  Add(2);
  Add(3);
  std::printf("host: c=%c s=%d ll=%lld fib=%lld sum=%d\n", C, S, LL, fib(10), Sum);
  std::vector<int> D(4);
  array_view<int, 1> V(4, D);
  int Base = 3;
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) {
    V[I] = Base + 2 * I[0];
  });
  V.synchronize();
  std::printf("kernel: %d %d %d %d\n", D[0], D[1], D[2], D[3]);
  return D[3] != 9;
}
