// Visual C++ template leniency that real C++ AMP libraries rely on, each
// repaired with a warning (the file is parsed again with the repair):
// - a member template's parameter shadowing the class template's (in the
//   member's declaration and body, and in its out-of-class definition,
//   whose `Outer<T>::` keeps the class's parameter);
// - a default template argument repeated on an out-of-class definition;
// - a type of a dependent base named without qualification (no two-phase
//   lookup in Visual C++): qualified as `typename Base<...>::name`, also
//   where a class template of that name is visible, where the name is a
//   template argument, and where a base of the base declares it; a member
//   function or data member of one: `this->name`;
// - an ordered comparison of a pointer with 0 (C++03, as ampcblas writes
//   `x <= 0`): the 0 becomes a null pointer of the pointer's type;
// - a temporary of any class type bound to a non-const reference (C4239),
//   as an argument and as a variable; conversions are not bound, except a
//   container's iterator to its const_iterator (a base class in
//   Microsoft's STL);
// - a constant and a class template declared after the class template that
//   uses them (Visual C++ looks names up at instantiation): their
//   declarations move before it, in two rounds of repairs, and every line
//   keeps its number (the error of the -DUNDECLARED run, __LINE__);
// - a narrowing template argument (`TopBit<0x80000000>` for an int
//   parameter): a warning, as Visual C++ 2012/2013 give at most.
// REQUIRES: opencl
// UNSUPPORTED: opencl-rerun
// RUN: %ampcc %s -o %t 2> %t.err && %t | %FileCheck %s
// RUN: %FileCheck --check-prefix=WARN %s < %t.err
// RUN: %t | %FileCheck --check-prefix=LINE %s
// RUN: %not %ampcc -DCONVERSION -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=CONV %s
// CHECK: shadow 2.5, twice 4.5, friend 7
// CHECK: default argument 8
// CHECK: declared later: 1 0 3, line
// CHECK: narrowed 1
// CHECK: dependent base: 3 4 11
// CHECK: dependent base types: 50 4 8, pointer and zero 0 2
// CHECK: temporaries: take 3, variable 2, const_iterator 1 7
// CHECK: kernel: 0 mismatches
// WARN-NOT: error
// RUN: %not %ampcc -DUNDECLARED -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=UNDECLARED %s
// CONV: error: no matching function for call to 'take'
#include <amp.h>
#include <amp_short_vectors.h>
#include <cstdio>
#include <iterator>
#include <list>
#include <vector>

template <typename T> struct Outer {
  T Base;
  // WARN: vc-template-leniency.cpp:[[@LINE+1]]:22: warning: declaration of 'T' shadows template parameter
  template <typename T> T shadow(T X) { return X + T(1); }
  template <typename U = int> U def(U Value);
  template <typename T> T twice(T X);
  template <typename T> friend void touch(Outer<T> &O);
};
// WARN: vc-template-leniency.cpp:[[@LINE+1]]:42: warning: cannot add a default template argument to the definition of a member of a class template
template <typename T> template <typename U = int> U Outer<T>::def(U Value) {
  return Value * 2;
}
template <typename T> template <typename T> T Outer<T>::twice(T X) { return X + X; }
template <typename T> void touch(Outer<T> &O) { O.Base = 7; }

// An iterator in the style of the C++ AMP Algorithms Library.
template <typename T>
struct ViewIterator : std::iterator<std::random_access_iterator_tag, T, int> {
  // WARN: vc-template-leniency.cpp:[[@LINE+1]]:3: warning: type 'reference' found in the dependent base 'std::iterator<std::random_access_iterator_tag, T, int>', as Visual C++ looks it up; qualified as 'typename std::iterator<std::random_access_iterator_tag, T, int>::reference'
  reference get(T *P) const { return *P; }
  difference_type distance() const { return 4; }
};

// Members of a dependent base named without `this->` (a test harness's
// base class template, as ampblas's tests have).
template <typename T> struct Bench {
  int Runs = 0;
  void start() { ++Runs; }
  T twice(T X) const { return X + X; }
};
template <typename T> struct BenchTest : Bench<T> {
  T run(T X) {
    // WARN: vc-template-leniency.cpp:[[@LINE+1]]:5: warning: 'start' found in a dependent base, as Visual C++ looks it up; qualified as 'this->start'
    start();
    // WARN: vc-template-leniency.cpp:[[@LINE+1]]:12: warning: 'twice' found in a dependent base
    return twice(X) + Runs;
  }
};

// A harness whose base declares real_type while a class template real_type
// is visible (ampblas's tests), and a test two bases down.
namespace lib {
template <typename T> struct real_type { typedef T type; };
template <typename T> struct width { static const int value = sizeof(T); };
} // namespace lib
using namespace lib;
template <typename T> struct TestCase {
  typedef typename lib::real_type<T>::type real_type;
  typedef double promoted_type;
};
template <typename T> struct SumTest : TestCase<T> {
  // WARN: vc-template-leniency.cpp:[[@LINE+1]]:3: warning: type 'real_type' found in the dependent base 'TestCase<T>'
  real_type fudge() const {
    real_type F = 50; // (repaired in the second parse, whose warnings are not printed)
    return F;
  }
};
template <typename T> struct PromotedSumTest : SumTest<T> {
  int promoted() const { return width<promoted_type>::value; }
};
template <typename T> int nullCheck(const T *P) {
  // WARN: vc-template-leniency.cpp:[[@LINE+1]]:9: warning: ordered comparison between pointer and zero
  if (P <= 0)
    return 0;
  // WARN: vc-template-leniency.cpp:[[@LINE+1]]:12: warning: ordered comparison between pointer and zero
  return 0 < P ? 2 : 1;
}

struct Counter {
  int V;
};
void take(Counter &C) { C.V += 1; }
Counter make() { return Counter{2}; }
// The TSP samples' reduction takes `const_iterator &` and is given begin().
typedef std::vector<float>::const_iterator CostIterator;
int lowest(CostIterator &Begin, CostIterator &End) {
  CostIterator Best = Begin;
  for (CostIterator I = Begin; I != End; ++I)
    if (*I < *Best)
      Best = I;
  return int(Best - Begin);
}
int front(std::list<int>::const_iterator &I) { return *I; }
#ifdef CONVERSION
struct FromInt {
  FromInt(int) {}
};
void take(FromInt &) {}
void convert() { take(5); }
#endif

namespace bits {
namespace detail {
struct earlier {};
} // namespace detail
template <unsigned N> struct is_power_of_two {
  // WARN: vc-template-leniency.cpp:[[@LINE+1]]:33: warning: 'top_bit' is declared after the template that uses it, as Visual C++ allows
  enum { value = (count_bits<N, top_bit>::value == 1) ? 1 : 0 };
};
// LINE: declared later: 1 0 3, line [[#@LINE+1]]
int line() { return __LINE__; }
static const unsigned top_bit = 0x80000000u;
template <unsigned N, unsigned Bit = top_bit> struct count_bits {
  // WARN: vc-template-leniency.cpp:[[@LINE+1]]:26: warning: 'bit_at' is declared after the template that uses it
  enum { value = detail::bit_at<N, Bit>::value + count_bits<N, (Bit >> 1)>::value };
};
namespace detail {
template <unsigned N, unsigned Bit> struct bit_at {
  enum { value = (N & Bit) ? 1 : 0 };
};
} // namespace detail
template <unsigned N> struct count_bits<N, 0> {
  enum { value = 0 };
};
} // namespace bits

template <int Bit> struct TopBit {
  enum { value = Bit < 0 };
};
// WARN: vc-template-leniency.cpp:[[@LINE+1]]:35: warning: non-type template argument evaluates to 2147483648, which cannot be narrowed to type 'int' [-Wc++11-narrowing]
const int NarrowedTopBit = TopBit<0x80000000>::value;

// A short vector temporary passed to a non-const reference in amp code.
void scale(concurrency::graphics::float_2 &V) restrict(amp, cpu) { V *= 2.0f; }

int main() {
  Outer<int> O;
  O.Base = 1;
  touch(O);
  std::printf("shadow %g, twice %g, friend %d\n", O.shadow(1.5), O.twice(2.25), O.Base);
  std::printf("default argument %d\n", O.def(4));
#ifdef UNDECLARED
  // UNDECLARED: vc-template-leniency.cpp:[[@LINE+1]]:3: error: use of undeclared identifier 'undeclared_name'
  undeclared_name = 1;
#endif
  std::printf("declared later: %d %d %d, line %d\n", bits::is_power_of_two<64>::value,
              bits::is_power_of_two<6>::value, bits::count_bits<7>::value, bits::line());
  std::printf("narrowed %d\n", NarrowedTopBit);
  int Value = 3;
  ViewIterator<int> It;
  BenchTest<int> Bt;
  std::printf("dependent base: %d %d %d\n", It.get(&Value), It.distance(), Bt.run(5));
  PromotedSumTest<float> Pt;
  std::printf("dependent base types: %d %d %d, pointer and zero %d %d\n", int(Pt.fudge()),
              int(sizeof(Pt.fudge())), Pt.promoted(), nullCheck<int>(nullptr), nullCheck(&Value));
  Counter Argument{2};
  take(make());
  // WARN: vc-template-leniency.cpp:[[@LINE+1]]:12: warning: non-const reference to 'Counter' bound to a temporary, as Visual C++ allows; the variable holds the temporary's value itself
  Counter &Held = make();
  take(Argument);
  std::vector<float> Costs = {3, 1, 2};
  std::list<int> Items = {7, 8};
  // WARN: vc-template-leniency.cpp:[[@LINE+2]]:23: warning: non-const reference to 'CostIterator' (aka '__normal_iterator<const float *, std::vector<float, std::allocator<float>>>') bound to a temporary
  // WARN: vc-template-leniency.cpp:[[@LINE+1]]:66: warning: non-const reference to 'std::list<int>::const_iterator'
  int Lowest = lowest(Costs.begin(), Costs.end()), Front = front(Items.begin());
  std::printf("temporaries: take %d, variable %d, const_iterator %d %d\n", Argument.V, Held.V,
              Lowest, Front);

  std::vector<float> Out(64);
  concurrency::array_view<float, 1> D(64, Out);
  concurrency::parallel_for_each(D.extent, [=](concurrency::index<1> I) restrict(amp) {
    concurrency::graphics::float_2 V(float(I[0]), 1.0f);
    scale(V);
    D[I] = V.x + V.y;
  });
  D.synchronize();
  int Bad = 0;
  for (int I = 0; I < 64; ++I)
    Bad += Out[I] != 2.0f * I + 2.0f;
  std::printf("kernel: %d mismatches\n", Bad);
  return 0;
}
