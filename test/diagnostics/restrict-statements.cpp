// Statements and operators amp code cannot use (spec 2.4.3): goto and
// labels, try/catch/throw, inline assembly, dynamic_cast, typeid, new and
// delete, static and thread_local locals. Clang's own "cannot use 'try' in
// __device__ function" comes out in the same words. Structured control flow,
// switch/case and local static const integers are fine.
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__device__
#include <amp.h>
#include <typeinfo>
#include <vector>
using namespace concurrency;

struct Base { int tag; virtual ~Base() restrict(cpu, amp) {} };
// CHECK: restrict-statements.cpp:[[@LINE-1]]:32: error: class 'Base' has virtual function '~Base'; classes used in restrict(amp) code cannot have virtual functions
struct Derived : Base { int extra; };

int jumps(int x) restrict(amp) {
  if (x > 3)
    goto done;
    // CHECK: restrict-statements.cpp:[[@LINE-1]]:5: error: 'goto' is not allowed in restrict(amp) code
    // CHECK: restrict-statements.cpp:{{[0-9]+}}:12: note: called from here
    // CHECK: note: in the kernel passed to parallel_for_each here
  x *= 2;
done:
// CHECK: restrict-statements.cpp:[[@LINE-1]]:1: error: label 'done' is not allowed in restrict(amp) code
  return x;
}
int exceptions(int x) restrict(amp) {
  try {
  // CHECK: restrict-statements.cpp:[[@LINE-1]]:3: error: 'try' is not allowed in restrict(amp) code
    if (x < 0)
      throw x;
      // CHECK: restrict-statements.cpp:[[@LINE-1]]:7: error: 'throw' is not allowed in restrict(amp) code
  } catch (int e) {
    return e;
  }
  return x;
}
int assembly(int x) restrict(amp) {
  asm volatile("" ::: "memory");
  // CHECK: restrict-statements.cpp:[[@LINE-1]]:3: error: inline assembly is not allowed in restrict(amp) code
  return x;
}
int rtti(Base *b) restrict(amp) {
  Derived *d = dynamic_cast<Derived *>(b);
  // CHECK: restrict-statements.cpp:[[@LINE-1]]:16: error: 'dynamic_cast' is not allowed in restrict(amp) code
  (void)typeid(int);
  // CHECK: restrict-statements.cpp:[[@LINE-1]]:9: error: 'typeid' is not allowed in restrict(amp) code
  return d != nullptr;
}
int heap(int n) restrict(amp) {
  int *p = new int[4];
  // CHECK: restrict-statements.cpp:[[@LINE-1]]:12: error: 'new' is not allowed in restrict(amp) code
  delete[] p;
  // CHECK: restrict-statements.cpp:[[@LINE-1]]:3: error: 'delete' is not allowed in restrict(amp) code
  return n;
}
int counters(int x) restrict(amp) {
  static int calls = 0;
  // CHECK: restrict-statements.cpp:[[@LINE-1]]:14: error: static local variable 'calls' is not allowed in restrict(amp) code
  thread_local int perThread = 0;
  // CHECK: restrict-statements.cpp:[[@LINE-1]]:20: error: thread_local local variable 'perThread' is not allowed in restrict(amp) code
  return x + calls + perThread;
}

// Valid: structured control flow, switch with case labels, loops with
// break/continue, a local static const integer (a named constant), the
// conditional operator, comma, and compound assignment.
int flow(int x) restrict(amp) {
  static const int Limit = 16;
  static constexpr int Step = 2;
  int s = 0;
  for (int i = 0; i < Limit; i += Step) {
    if (i == x)
      continue;
    if (s > 100)
      break;
    s += i;
  }
  switch (x) {
  case 0:
    s += 1;
    break;
  default:
    s -= 1;
  }
  while (s > 50)
    s /= 2;
  do {
    s++;
  } while (s < 3);
  return x > 0 ? x : s;
}

int main() {
  std::vector<int> D(4);
  array_view<int, 1> V(4, D);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) {
    V[I] = jumps(I[0]) + exceptions(1) + assembly(2) + rtti(nullptr) + heap(3) +
           counters(4) + flow(5);
  });
  return 0;
}
// CHECK: 12 errors generated.
