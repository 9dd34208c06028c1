// Two declarations Visual C++ accepts and Clang, alone, does not:
// - a typedef of function type written with restrict(...): a function or
//   member declared through the typedef (also through a typedef of the
//   typedef, in a class or a namespace) takes the restriction, so its
//   definition with the same specifier matches it and amp code can call
//   it; no "does not apply" warning for a restricted typedef, used or
//   not;
// - a function with a trailing return type among other declarators of one
//   declaration (C++11; C++14 forbids it, Clang in every mode).
// Both passes agree (the host object links). The kernel's results are
// checked against the host's, and an amp-only member declared through a
// typedef is rejected in cpu code (the restriction is kept, not widened).
// REQUIRES: opencl
// RUN: %ampcc %s -o %t 2> %t.err && %t | %FileCheck %s
// RUN: %FileCheck --check-prefix=WARN %s --allow-empty --implicit-check-not=warning: --implicit-check-not=error: < %t.err
// RUN: not %ampcc -fsyntax-only -DCPU_CALLS_AMP %s 2>&1 | %FileCheck --check-prefix=ERR %s
// WARN-NOT: only applies to functions
// CHECK: mismatches 0
// CHECK: host 10 4 7 -2
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

#define __GPU restrict(cpu, amp)
typedef int (twice_t)(int) __GPU;
typedef int amp_only_t(int) restrict(amp);
typedef twice_t alias_t;
typedef float unused_t(float) restrict(amp); // no function uses it: no warning either

struct Ops {
  twice_t twice;
  amp_only_t plus1;
  alias_t thrice;
};
int Ops::twice(int x) __GPU { return 2 * x; }
int Ops::plus1(int x) restrict(amp) { return x + 1; }
int Ops::thrice(int x) restrict(cpu, amp) { return 3 * x; }

twice_t half;
int half(int x) restrict(cpu, amp) { return x / 2; }

// In a namespace (declared, then defined in it and outside it).
namespace ns {
amp_only_t square;
twice_t cube;
int square(int x) restrict(amp) { return x * x; }
struct Inner { amp_only_t minus1; };
} // namespace ns
int ns::cube(int x) restrict(cpu, amp) { return x * x * x; }
int ns::Inner::minus1(int x) restrict(amp) { return x - 1; }

auto decl1 = 3, neg(int x) -> int, decl2 = 4;
auto neg(int x) -> int { return -x; }

#ifdef CPU_CALLS_AMP
int cpuCaller(Ops &o) { return o.plus1(1); }
// ERR: typedef-restrictions-and-declarator-groups.cpp:[[@LINE-1]]:34: error: 'plus1' is restrict(amp) and cannot be called from restrict(cpu) code
#endif

int main() {
  std::vector<int> v(64);
  array_view<int> av(64, v);
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) {
    Ops o;
    ns::Inner in;
    av[i] = o.plus1(o.twice(i[0])) + o.thrice(half(i[0])) + ns::square(in.minus1(i[0])) +
            ns::cube(i[0] % 4);
  });
  Ops o;
  int bad = 0;
  for (int i = 0; i < 64; ++i)
    if (av[i] != o.twice(i) + 1 + o.thrice(half(i)) + (i - 1) * (i - 1) + ns::cube(i % 4))
      ++bad;
  std::printf("mismatches %d\n", bad);
  std::printf("host %d %d %d %d\n", o.twice(5), half(9), decl1 + decl2, neg(2));
  return bad;
}
