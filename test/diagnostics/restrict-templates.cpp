// Templates: only instantiations are checked (an uninstantiated template
// with char and goto is fine), each violation once per construct, with the
// chain to the kernel and, for a kernel inside a function template, the
// instantiation that produced it.
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
#include <amp.h>
#include <vector>
using namespace concurrency;

template <typename T> T square(T x) restrict(amp) { return x * x; }
// CHECK: restrict-templates.cpp:[[@LINE-1]]:23: error: 'unsigned short' is not allowed in restrict(amp) code
// CHECK: restrict-templates.cpp:{{[0-9]+}}:32: note: called from here
// CHECK: restrict-templates.cpp:[[@LINE-3]]:34: error: 'unsigned short' is not allowed in restrict(amp) code
template <typename T> struct Box {
  T value;
  // CHECK: restrict-templates.cpp:[[@LINE-1]]:5: error: 'char' is not allowed in restrict(amp) code
  // CHECK: restrict-templates.cpp:{{[0-9]+}}:10: note: 'Box<char>' is used in restrict(amp) code here
  T get() const restrict(amp) { return value; }
  // CHECK: restrict-templates.cpp:[[@LINE-1]]:3: error: 'char' is not allowed in restrict(amp) code
};
template <typename T> void fill(array_view<T, 1> V, T X) {
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] = X; });
  // CHECK: restrict-templates.cpp:[[@LINE-1]]:63: error: 'short' is not allowed in restrict(amp) code
  // CHECK: note: in type 'array_view<short, 1>'
  // CHECK: restrict-templates.cpp:[[@LINE-4]]:50: note: 'V' declared here
  // CHECK: restrict-templates.cpp:[[@LINE-4]]:3: note: in the kernel passed to parallel_for_each here
  // CHECK: restrict-templates.cpp:{{[0-9]+}}:3: note: in instantiation of 'fill<short>' requested here
  // CHECK: restrict-templates.cpp:[[@LINE-6]]:70: error: 'short' is not allowed in restrict(amp) code
}
template <typename T> int useBox(T v) restrict(amp) {
// CHECK: restrict-templates.cpp:[[@LINE-1]]:36: error: 'char' is not allowed in restrict(amp) code
  Box<T> B{v};
  return (int)B.get();
}

// Valid: templates that are never instantiated are not checked, and
// instantiations over allowed types are fine.
template <typename T> int neverUsed(T x) restrict(amp) {
  char c = 'x';
  goto out;
out:
  return c;
}
template <typename T> struct Pair { T a, b; };

int main() {
  std::vector<int> D(4);
  std::vector<short> S(4);
  array_view<int, 1> V(4, D);
  array_view<short, 1> SV(4, S);
  fill(SV, (short)1);
  fill(V, 2);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) {
    Pair<float> P{1.0f, 2.0f};
    V[I] = square(I[0]) + (int)square((unsigned short)2) + useBox(3) + useBox('c') + (int)P.a;
    // CHECK: restrict-templates.cpp:[[@LINE-1]]:40: error: 'unsigned short' is not allowed in restrict(amp) code
    // CHECK: restrict-templates.cpp:[[@LINE-2]]:79: error: 'char' is not allowed in restrict(amp) code
    // CHECK: note: use the character code 99 instead
  });
  return 0;
}
// CHECK: 9 errors generated.
