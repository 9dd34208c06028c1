// The restriction specifier itself (spec 2.1): restrict(cpu), restrict(amp)
// or both, in any order. An unknown specifier (with a suggestion and a
// fix-it when the intent is clear), an empty or malformed list are errors, a
// duplicate is a warning (Visual C++ accepts restrict(amp, amp, amp)); written directly or behind a macro. Parsing goes on
// cleanly after each (no "undeclared identifier" at the uses below), and the
// valid spellings at the end give no diagnostic.
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
#include <amp.h>
#include <vector>
using namespace concurrency;

#define GPU_ONLY restrict(gpu)
int gpu1(int x) restrict(gpu) { return x; }
// CHECK: restrict-specifiers.cpp:[[@LINE-1]]:26: error: unknown restriction specifier 'gpu'; C++ AMP defines restrict(cpu), restrict(amp) and restrict(cpu, amp)
// CHECK: restrict-specifiers.cpp:[[@LINE-2]]:26: note: did you mean 'amp'?
// CHECK-NEXT: int gpu1(int x) restrict(gpu)
// CHECK-NEXT: ^~~
// CHECK-NEXT: amp
int empty(int x) restrict() { return x; }
// CHECK: restrict-specifiers.cpp:[[@LINE-1]]:18: error: empty restriction specifier; write restrict(cpu), restrict(amp) or restrict(cpu, amp)
int three(int x) restrict(cpu, amp, cpu) { return x; }
// CHECK: restrict-specifiers.cpp:[[@LINE-1]]:37: warning: duplicate restriction specifier 'cpu'
int four(int x) restrict(amp, amp, amp, amp);
// CHECK: restrict-specifiers.cpp:[[@LINE-1]]:31: warning: duplicate restriction specifier 'amp'
// CHECK: restrict-specifiers.cpp:[[@LINE-2]]:36: warning: duplicate restriction specifier 'amp'
// CHECK: restrict-specifiers.cpp:[[@LINE-3]]:41: warning: duplicate restriction specifier 'amp'
int four(int x) restrict(amp) { return three(x); }
int number(int x) restrict(1) { return x; }
// CHECK: restrict-specifiers.cpp:[[@LINE-1]]:28: error: malformed restriction specifier list; expected 'cpu' and 'amp' separated by a comma
int spaced(int x) restrict(amp amp) { return x; }
// CHECK: restrict-specifiers.cpp:[[@LINE-1]]:28: error: malformed restriction specifier list; expected 'cpu' and 'amp' separated by a comma
int host(int x) restrict(host) { return x; }
// CHECK: restrict-specifiers.cpp:[[@LINE-1]]:26: error: unknown restriction specifier 'host'; C++ AMP defines restrict(cpu), restrict(amp) and restrict(cpu, amp)
// CHECK: restrict-specifiers.cpp:[[@LINE-2]]:26: note: did you mean 'cpu'?
int viaMacro(int x) GPU_ONLY { return x; }
// CHECK: restrict-specifiers.cpp:[[@LINE-1]]:21: error: unknown restriction specifier 'gpu'; C++ AMP defines restrict(cpu), restrict(amp) and restrict(cpu, amp)
// CHECK: restrict-specifiers.cpp:12:27: note: expanded from macro 'GPU_ONLY'
int dup(int x) restrict(amp, amp) { return x; }
// CHECK: restrict-specifiers.cpp:[[@LINE-1]]:30: warning: duplicate restriction specifier 'amp'
struct Widget {
  int get() const restrict(kernel) { return 1; }
  // CHECK: restrict-specifiers.cpp:[[@LINE-1]]:28: error: unknown restriction specifier 'kernel'; C++ AMP defines restrict(cpu), restrict(amp) and restrict(cpu, amp)
  // CHECK: restrict-specifiers.cpp:[[@LINE-2]]:28: note: did you mean 'amp'?
  // The Developer Preview's spelling of amp: a warning (test/host/vc-developer-preview-direct3d.cpp).
  int old() const restrict(direct3d) { return 1; }
  // CHECK: restrict-specifiers.cpp:[[@LINE-1]]:28: warning: 'direct3d' is the Visual Studio 11 Developer Preview's name for the restriction specifier 'amp'; taken as 'amp'
};

// Valid: both specifiers in any order and spacing, behind a macro as Visual
// C++ code often writes them.
#define __GPU restrict(cpu, amp)
int a(int x) restrict(amp,cpu) { return x; }
int b(int x) restrict( cpu , amp ) { return x; }
int c(int x) __GPU { return x; }

int main() {
  std::vector<int> D(4);
  array_view<int, 1> V(4, D);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) {
    Widget W;
    V[I] = gpu1(1) + empty(2) + number(4) + viaMacro(6) + dup(7) + W.get() +
           a(8) + b(9) + c(10);
  });
  return host(1) + three(3) + spaced(5) + a(1) + c(2);
}
// CHECK: 7 errors generated.
