// Classes used in restrict(amp) code (spec 2.4.1.3): no virtual bases, no
// virtual functions, no bit-fields, no pointer or reference members, and
// amp-compatible members and bases. Each class is checked once, at its first
// use by amp code; the error is at the offending member, with a note at the
// use. Standard library classes are reported at the use. Functor kernels'
// classes and array_view element types are checked too. The valid classes
// after them must give no diagnostic.
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
#include <amp.h>
#include <utility>
#include <vector>
using namespace concurrency;

struct Base { int a; };
struct VBase : virtual Base { int b; };
// CHECK: restrict-classes.cpp:[[@LINE-1]]:16: error: class 'VBase' has virtual base class 'Base'; classes used in restrict(amp) code cannot have virtual bases
// CHECK: restrict-classes.cpp:{{[0-9]+}}:21: note: 'VBase' is used in restrict(amp) code here
// CHECK: note: in the kernel passed to parallel_for_each here
struct Poly {
  int x;
  virtual int f() const { return x; }
  // CHECK: restrict-classes.cpp:[[@LINE-1]]:15: error: class 'Poly' has virtual function 'f'; classes used in restrict(amp) code cannot have virtual functions
  // CHECK: note: 'Poly' is used in restrict(amp) code here
};
struct Bits {
  int a : 3;
  // CHECK: restrict-classes.cpp:[[@LINE-1]]:7: error: bit-field 'a' is not allowed in a class used in restrict(amp) code
  // CHECK: note: 'Bits' is used in restrict(amp) code here
  int b;
};
struct HasPtr {
  int *p;
  // CHECK: restrict-classes.cpp:[[@LINE-1]]:8: error: pointer member 'p' is not allowed in a class used in restrict(amp) code
};
struct HasRef {
  const int &r;
  // CHECK: restrict-classes.cpp:[[@LINE-1]]:14: error: reference member 'r' is not allowed in a class used in restrict(amp) code
  // CHECK: restrict-classes.cpp:{{[0-9]+}}:26: note: 'HasRef' is used in restrict(amp) code here
};
struct HasChar {
  int a;
  char c;
  // CHECK: restrict-classes.cpp:[[@LINE-1]]:8: error: 'char' is not allowed in restrict(amp) code
  // CHECK: note: 'HasChar' is used in restrict(amp) code here
};
struct HasShort { short s; };
// CHECK: restrict-classes.cpp:[[@LINE-1]]:25: error: 'short' is not allowed in restrict(amp) code
// CHECK: restrict-classes.cpp:[[@LINE+2]]:12: note: 'HasShort' is used in restrict(amp) code here
struct Outer {
  HasShort inner;
  float f;
};
struct FromBad : HasShort { int extra; };

int useVBase(const VBase &v) restrict(amp) { return v.b; }
int usePoly(const Poly &p) restrict(amp) { return p.x; }
int useBits(Bits b) restrict(amp) { return b.b; }
int usePtr(HasPtr h) restrict(amp) { return 0; }
int useRef(const HasRef &h) restrict(amp) { return 0; }
int useChar(HasChar h) restrict(amp) { return h.a; }
int useOuter(Outer o) restrict(amp) { return (int)o.f; }
int useFromBad(FromBad f) restrict(amp) { return f.extra; }
int useStdPair(std::pair<char, int> p) restrict(amp) { return 0; }

struct BadFunctor {
  array_view<int, 1> Out;
  int *Scratch;
  // CHECK: restrict-classes.cpp:[[@LINE-1]]:8: error: pointer member 'Scratch' is not allowed in a class used in restrict(amp) code
  // CHECK: restrict-classes.cpp:[[@LINE+2]]:8: note: 'BadFunctor' is used in restrict(amp) code here
  // CHECK: restrict-classes.cpp:{{[0-9]+}}:3: note: in the kernel passed to parallel_for_each here
  void operator()(index<1> I) const restrict(amp) { Out[I] = 1; }
};

// Valid: plain aggregates with any mix of allowed members (bool members
// need no 4-byte alignment in ampcc), unions, non-virtual inheritance,
// member functions, static members that amp code does not touch, class
// templates over allowed types, standard library aggregates of allowed types.
struct Flags { bool on; bool off; int n; };
union Bitsy { int i; float f; };
struct Derived : Base {
  int c;
  int sum() const restrict(amp) { return a + c; }
  static int counter;
  static int twice(int x) restrict(amp) { return 2 * x; }
};
template <typename T> struct Box { T value; T get() const restrict(cpu, amp) { return value; } };
struct Empty {};
int good(Flags f, Bitsy u, Derived d, Box<float> b, Empty e, std::pair<int, float> p) restrict(amp) {
  return f.n + u.i + d.sum() + Derived::twice(1) + (int)b.get() + p.first;
}
// A class whose only amp code is a static member: amp code never sees its
// data members (no `this`), called from a kernel or not.
struct HostGrid {
  std::vector<float> Cells;
  int *Cursor;
  static float scale(float x) restrict(amp, cpu) { return 2.0f * x; }
  static float unused(float x) restrict(amp, cpu) { return x; }
  float at(int i) const { return Cells[i]; }
};
struct GoodFunctor {
  array_view<int, 1> Out;
  Box<int> Scale;
  void operator()(index<1> I) const restrict(amp) { Out[I] = Scale.get(); }
};

int main() {
  std::vector<int> D(4);
  std::vector<char> CD(4);
  array_view<int, 1> V(4, D);
  array_view<char, 1> CV(4, CD);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) {
    V[I] = useVBase(VBase()) + usePoly(Poly()) + useBits(Bits()) + usePtr(HasPtr()) +
           useChar(HasChar()) + useOuter(Outer()) + useFromBad(FromBad()) +
           useStdPair(std::pair<char, int>()) + CV[I];
           // CHECK: restrict-classes.cpp:[[@LINE-1]]:23: error: 'std::pair<char, int>' cannot be used in restrict(amp) code: it holds a value of type 'char'
           // CHECK: restrict-classes.cpp:[[@LINE-2]]:49: error: 'char' is not allowed in restrict(amp) code
           // CHECK: note: in type 'array_view<char, 1>'
           // CHECK: restrict-classes.cpp:{{[0-9]+}}:23: note: 'CV' declared here
  });
  parallel_for_each(V.extent, BadFunctor{V, nullptr});
  parallel_for_each(V.extent, GoodFunctor{V, Box<int>{3}});
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) {
    V[I] = good(Flags(), Bitsy(), Derived(), Box<float>(), Empty(), std::pair<int, float>()) +
           (int)HostGrid::scale(1.0f);
  });
  return 0;
}
// CHECK: 10 errors generated.
