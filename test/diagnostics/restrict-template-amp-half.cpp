// A restrict(cpu, amp) template specialization that calls a cpu-only
// function (here: constructs a class whose constructor has no restriction)
// is valid while only cpu code uses it, as with Visual C++, which checks a
// specialization's amp half where amp code uses it (the C++ AMP Algorithms
// Library's not1/not2 do this). The same call is an error where amp code
// reaches the specialization: from a kernel, from a restrict(amp) function,
// or from a non-template restrict(cpu, amp) function; and always in a
// non-template restrict(cpu, amp) function.
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error:
#include <amp.h>
using namespace concurrency;

template <typename P> class Negate {
public:
  explicit Negate(const P &Pred) : Pred(Pred) {}
  // CHECK-DAG: restrict-template-amp-half.cpp:[[@LINE-1]]:12: note: the constructor of 'Negate<IsOdd>' is declared here without 'amp'
  bool operator()(int X) const restrict(cpu, amp) { return !Pred(X); }

private:
  P Pred;
};

template <typename P> Negate<P> negate(const P &Pred) restrict(cpu, amp) {
  return Negate<P>(Pred);
  // CHECK-DAG: restrict-template-amp-half.cpp:[[@LINE-1]]:10: error: the constructor of 'Negate<IsOdd>' is restrict(cpu) and cannot be called from restrict(cpu,amp) code
}

// Only cpu code uses these (errors are reported once per location, so the
// templates above that amp code uses would hide them).
template <typename P> Negate<P> hostNegate(const P &Pred) restrict(cpu, amp) {
  return Negate<P>(Pred);
}
// Through a second restrict(cpu, amp) template: still only cpu code.
template <typename P> bool applyNegated(const P &Pred, int X) restrict(cpu, amp) {
  return hostNegate(Pred)(X);
}
template <typename P> bool applyOwnNegate(const P &Pred, int X) restrict(cpu, amp) {
  return Negate<P>(Pred)(X);
  // CHECK-DAG: restrict-template-amp-half.cpp:[[@LINE-1]]:10: error: the constructor of 'Negate<IsNegative>' is restrict(cpu) and cannot be called from restrict(cpu,amp) code
}

struct IsEven {
  bool operator()(int X) const restrict(cpu, amp) { return X % 2 == 0; }
};
struct IsOdd {
  bool operator()(int X) const restrict(cpu, amp) { return X % 2 != 0; }
};
struct IsZero {
  bool operator()(int X) const restrict(cpu, amp) { return X == 0; }
};
struct IsNegative {
  bool operator()(int X) const restrict(cpu, amp) { return X < 0; }
};

// cpu code only: valid.
bool hostOnly() {
  return hostNegate(IsEven())(3) && applyNegated(IsZero(), 1);
}

// A kernel reaches negate<IsOdd>: the error, with the chain to the kernel.
void kernel(array_view<int, 1> V) {
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] = negate(IsOdd())(V[I]); });
  // CHECK-DAG: restrict-template-amp-half.cpp:[[@LINE-1]]:70: note: called from here
}

// A restrict(amp) function that no kernel calls is amp code too.
int ampUser(int X) restrict(amp) { return applyOwnNegate(IsNegative(), X); }
// CHECK-DAG: restrict-template-amp-half.cpp:[[@LINE-1]]:43: note: called from here

// A non-template restrict(cpu, amp) function is checked whole.
struct Plain {
  Plain() {}
  // CHECK-DAG: restrict-template-amp-half.cpp:[[@LINE-1]]:3: note: the constructor of 'Plain' is declared here without 'amp'
};
int both() restrict(cpu, amp) {
  Plain P;
  // CHECK-DAG: restrict-template-amp-half.cpp:[[@LINE-1]]:9: error: the constructor of 'Plain' is restrict(cpu) and cannot be called from restrict(cpu,amp) code
  return 0;
}

int main() {
  int Data[4] = {1, 2, 3, 4};
  kernel(array_view<int, 1>(4, Data));
  return hostOnly() ? both() : 1;
}
