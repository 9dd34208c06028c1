// Restriction specifiers in every position the spec allows, including those
// GNU attributes do not parse (after `mutable`, before `noexcept`, before a
// trailing return type, and Visual C++'s after one on functions): on
// functions, lambdas,
// constructors, declarations and out-of-line definitions, over several
// lines, behind a macro, and on overloads that differ only in restriction.
// The program builds (both passes) and the kernel computes the expected
// values. Errors in reordered declarators point at the user's columns.
// REQUIRES: opencl
// RUN: %ampcc -fsyntax-only %s 2>&1 | %FileCheck --allow-empty --check-prefix=QUIET %s
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// RUN: %not %ampcc -fsyntax-only -DERRORS %s 2>&1 | %FileCheck --check-prefix=ERR %s --implicit-check-not=error:
// QUIET-NOT: {error|warning}
// CHECK: host: both=10 macro=5 pick=1
// CHECK: kernel: 1141 1176
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

#define __GPU restrict(cpu, amp)

int plusOne(int x) restrict(amp) noexcept { return x + 1; }
auto timesTwo(int x) restrict(amp) -> int { return 2 * x; }
auto both(int x) restrict(cpu, amp) noexcept -> int { return x + 10; }
auto vcStyle(int x) -> int restrict(amp) { return x + 100; }
auto multiLine(int x)
    restrict(amp)
    -> int {
  return x + 1000;
}
int macroStyle(int x) __GPU noexcept { return x + 5; }
int pick() restrict(cpu) noexcept { return 1; }
int pick() restrict(amp) noexcept { return 2; }

struct Counter {
  int Base;
  Counter(int B) restrict(cpu, amp) : Base(B) {}
  int get() const restrict(amp);
  auto twice() const restrict(amp) -> int;
  int ref() const & restrict(amp) { return Base; }
};
int Counter::get() const restrict(amp) { return Base; }
auto Counter::twice() const restrict(amp) -> int { return 2 * Base; }

int main() {
  std::vector<int> D(8, 0);
  array_view<int, 1> V(8, D);
  int Seed = 3;
  parallel_for_each(V.extent, [=](index<1> I) mutable restrict(amp) {
    Seed += I[0];
    auto Sq = [](int x) restrict(amp) -> int { return x * x; };
    auto Neg = [=](int x) mutable restrict(amp) -> int { return -x; };
    auto Id = [](int x) restrict(amp) noexcept { return x; };
    auto After = [](int x) restrict(amp) -> int { return x; };
    Counter C(I[0]);
    V[I] = plusOne(0) + timesTwo(1) + both(2) + vcStyle(3) + multiLine(4) + macroStyle(5) +
           pick() + C.get() + C.twice() + C.ref() + Sq(2) + Neg(1) + Id(1) + After(0) +
           Seed;
  });
  V.synchronize();
  std::printf("host: both=%d macro=%d pick=%d\n", both(0), macroStyle(0), pick());
  std::printf("kernel: %d %d\n", D[0], D[7]);
  return 0;
}

#ifdef ERRORS
int badParam(char c) restrict(amp) noexcept { return c; }
// ERR: restrict-positions.cpp:[[@LINE-1]]:19: error: 'char' is not allowed in restrict(amp) code
// ERR-NEXT: int badParam(char c) restrict(amp) noexcept
auto badTrailing(short s) restrict(amp) -> int { return s; }
// ERR: restrict-positions.cpp:[[@LINE-1]]:24: error: 'short' is not allowed in restrict(amp) code
// ERR-NEXT: auto badTrailing(short s) restrict(amp) -> int
int badThrow() restrict(amp) throw() { return 0; }
// ERR: restrict-positions.cpp:[[@LINE-1]]:30: error: dynamic exception specification on 'badThrow' is not allowed in restrict(amp) code
void badOrder() {
  // The spec's lambda order is mutable, restrict, exception specification,
  // trailing return type (Visual C++ rejects the others).
  auto Late = [](int x) noexcept restrict(amp) { return x; };
  // ERR: restrict-positions.cpp:[[@LINE-1]]:25: error: restriction specifier must precede the exception specification
  auto After = [](int x) -> int restrict(amp) { return x; };
  // ERR: restrict-positions.cpp:[[@LINE-1]]:26: error: restriction specifier must precede the lambda's trailing return type
  auto Early = [](int x) restrict(amp) mutable { return x; };
  // ERR: restrict-positions.cpp:[[@LINE-1]]:26: error: restriction specifier must follow 'mutable'
}
void badLambda() {
  auto L = [](int x) mutable restrict(gpu) { return x; };
  // ERR: restrict-positions.cpp:[[@LINE-1]]:39: error: unknown restriction specifier 'gpu'; C++ AMP defines restrict(cpu), restrict(amp) and restrict(cpu, amp)
  // ERR-NEXT: auto L = [](int x) mutable restrict(gpu)
}
#endif
// ERR: 7 errors generated.
