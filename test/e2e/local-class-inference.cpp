// Member functions of a class defined inside amp code take the enclosing
// function's restriction (spec 2.2.1): a local class in a restrict(amp)
// function, one nested three deep through member bodies, and one inside a
// kernel lambda. Compared with a CPU reference.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: local classes: 0 mismatches of 100
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int twiceViaLocal(int X) restrict(amp) {
  struct Doubler {
    int Base;
    int get() const { return Base * 2; }
    static int one() { return 1; }
  };
  Doubler D{X};
  return D.get() + Doubler::one() - 1;
}

int nested(int X) restrict(amp, cpu) {
  struct A {
    int f(int V) {
      struct B {
        int g(int V) {
          struct C {
            int h(int V) { return V + 3; }
          };
          return C().h(V) * 2;
        }
      };
      return B().g(V) - 1;
    }
  };
  return A().f(X);
}

int main() {
  std::vector<int> Out(100);
  array_view<int, 1> V(100, Out);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) {
    struct Shift {
      int By;
      int apply(int X) const { return X + By; }
    };
    // A member of one local class calling a member of another: parsed while
    // the first class was still incomplete (so not yet amp), this needs the
    // second parse with the inferred restrictions written out.
    struct Base {
      int M;
      Base() : M(3) {}
      int get() const { return M; }
    };
    struct Derived : Base {
      int K;
      Derived() : K(4) {}
      int sum() const { return get() + K; }
    };
    Shift S{5};
    V[I] = S.apply(twiceViaLocal(I[0])) + nested(I[0]) + Derived().sum() - 7;
  });
  V.synchronize();
  int Bad = 0;
  for (int I = 0; I < 100; ++I)
    Bad += Out[I] != I * 2 + 5 + nested(I);
  std::printf("local classes: %d mismatches of 100\n", Bad);
}
