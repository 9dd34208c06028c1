// Declarators of amp functions (spec 2.4.2): no variadic functions (even
// declared only), no virtual functions, no dynamic exception specifications
// (throw() included: use noexcept). The valid declarations after them
// (noexcept, defaults, operators, constructors, destructors, statics,
// templates) must give no diagnostic.
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
#include <amp.h>
#include <vector>
using namespace concurrency;

int sum(int n, ...) restrict(amp) { return n; }
// CHECK: restrict-declarators.cpp:[[@LINE-1]]:5: error: variadic function 'sum' is not allowed in restrict(amp) code
// CHECK: restrict-declarators.cpp:{{[0-9]+}}:12: note: called from here
// CHECK: note: in the kernel passed to parallel_for_each here
struct Shape {
  virtual float area() const restrict(amp) { return 0.0f; }
  // CHECK: restrict-declarators.cpp:[[@LINE-1]]:17: error: class 'Shape' has virtual function 'area'; classes used in restrict(amp) code cannot have virtual functions
  // CHECK: note: 'Shape' is used in restrict(amp) code here
};
int oldStyle(int x) restrict(amp) throw() { return x; }
// CHECK: restrict-declarators.cpp:[[@LINE-1]]:35: error: dynamic exception specification on 'oldStyle' is not allowed in restrict(amp) code
// CHECK: note: use 'noexcept' instead
// CHECK-NEXT: int oldStyle(int x) restrict(amp) throw()
// CHECK-NEXT: ^~~~~~~
// CHECK-NEXT: noexcept
int declaredOnly(int n, ...) restrict(amp);
// CHECK: restrict-declarators.cpp:[[@LINE-1]]:5: error: variadic function 'declaredOnly' is not allowed in restrict(amp) code
// CHECK-NOT: note:

// Valid: noexcept in any form, default arguments, operators, constructors and
// destructors, static and const members, inline functions and templates.
struct Vec2 {
  float x, y;
  Vec2() restrict(cpu, amp) : x(0), y(0) {}
  Vec2(float a, float b) restrict(cpu, amp) : x(a), y(b) {}
  ~Vec2() restrict(cpu, amp) {}
  Vec2 operator+(const Vec2 &o) const restrict(cpu, amp) { return Vec2(x + o.x, y + o.y); }
  float dot(const Vec2 &o) const restrict(cpu, amp) noexcept { return x * o.x + y * o.y; }
  static Vec2 unit() restrict(cpu, amp) noexcept(true) { return Vec2(1, 0); }
};
inline int scaled(int x, int k = 2) restrict(amp) { return x * k; }
template <typename T> T twice(T x) restrict(amp) { return x + x; }

int main() {
  std::vector<int> D(4);
  array_view<int, 1> V(4, D);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) {
    Shape S;
    Vec2 A(1, 2), B = Vec2::unit();
    V[I] = sum(1, 2) + (int)S.area() + oldStyle(1) + scaled(I[0]) + twice(3) +
           (int)(A + B).dot(B);
  });
  return 0;
}
// CHECK: 4 errors generated.
