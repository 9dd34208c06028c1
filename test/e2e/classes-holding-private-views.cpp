// Classes whose members are views of private memory (spec 5.2.2 lets amp
// code build an array_view over any pointer). ampcc lowers such a class to
// one C struct per space its views point into, so a Counter holding a view
// of a local int is Counter_private while a Holder over global data stays
// Holder_1. The kernel runs constructors, copy constructors, destructors
// that write through the view, a derived class, an array of holders walked
// by pointer, and one holder of each space side by side; the host checks
// every element.
// REQUIRES: opencl
// RUN: %ampcc -emit-opencl %s -o %t.cl && %FileCheck --check-prefix=CL %s < %t.cl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CL-DAG: typedef struct Counter_private {
// CL-DAG: typedef struct Derived_private {
// CL-DAG: typedef struct Holder_1__private {
// CL-DAG: typedef struct Holder_1 {
// CL-DAG: void Counter_private_dtor(__private Counter_private *_this)
// CL-DAG: int get_p(__private Holder_1__private *H, int I)
// CHECK: classes holding private views: 0 mismatches of 64
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

// Counts its own destruction in the int it views.
struct Counter {
  Counter(int &Storage) restrict(amp) : Calls(1, &Storage) {}
  Counter(const Counter &O) restrict(amp) : Calls(O.Calls) {}
  ~Counter() restrict(amp) { Calls[0]++; }
  array_view<int, 1> Calls;
};

struct Derived : Counter {
  Derived(int &S) restrict(amp) : Counter(S) {}
};

template <int N> struct Holder {
  Holder(extent<N> E, int *P) restrict(amp) : Av(E, P) {}
  Holder(Holder &O) restrict(amp) : Pad(O.Pad), Av(O.Av) {}
  int Pad = 0;
  array_view<int, N> Av;
};

int get(Holder<1> *H, int I) restrict(amp) { return H->Av[I]; }

int main() {
  const int Size = 64;
  std::vector<int> Result(Size), In(Size);
  for (int I = 0; I < Size; ++I)
    In[I] = 3 * I + 1;
  array_view<int, 1> Rv(Size, Result);
  array_view<const int, 1> InV(Size, In);
  parallel_for_each(Rv.extent, [=](index<1> Idx) restrict(amp) {
    int Destroyed = 0;
    {
      Counter C(Destroyed);
      Derived D(Destroyed);
      Counter Copy(C);
    }
    int Data[4] = {Idx[0], 2, 3, 4};
    Holder<1> H(extent<1>(4), Data);
    Holder<1> H2(H);
    Holder<1> Arr[2] = {H, H2};
    Holder<1> *P = &Arr[0];
    P++;
    H2.Av[1] = 10; // all views share Data
    Holder<1> G(extent<1>(Size), &Rv[0]);
    G.Av[Idx] = Destroyed * 1000 + get(P, 1) * 100 + get(&H, 0) + InV[Idx];
  });
  Rv.synchronize();
  int Mismatches = 0;
  for (int I = 0; I < Size; ++I) {
    int Want = 3 * 1000 + 10 * 100 + I + In[I];
    if (Result[I] != Want && Mismatches++ < 5)
      std::printf("element %d: %d, expected %d\n", I, Result[I], Want);
  }
  std::printf("classes holding private views: %d mismatches of %d\n", Mismatches, Size);
  return Mismatches != 0;
}
