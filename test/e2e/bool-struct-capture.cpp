// bool and struct captures by value: a bool true and a bool false select
// different paths, and a struct Params { int a; float b; double c; } (with
// padding between its members) plus a nested struct are read field by field
// inside the kernel. Compared with a CPU reference.
// REQUIRES: opencl
// RUN: %ampcc -ffp-contract=off %s -o %t && %t | %FileCheck %s
// CHECK: bool-struct: 0 mismatches of 128
// CHECK-NOT: mismatch at
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

struct Params {
  int a;
  float b;
  double c;
};

struct Outer {
  int flag;
  Params p;
  unsigned u;
};

int main() {
  const int N = 128;
  std::vector<double> Out(N, 0.0), Ref(N);
  Params P = {7, 0.5f, 1e-3};
  Outer O;
  O.flag = 3;
  O.p = Params{-2, 4.25f, 100.0};
  O.u = 9u;
  bool Yes = true, No = false;
  for (int I = 0; I < N; ++I) {
    double Prod = P.c * I;   // separate statements: no fma contraction
    double V = P.a * I + P.b;
    V += Prod;
    if (Yes)
      V += 1000.0;
    if (No)
      V -= 5000.0;
    double Sum = O.p.a + O.p.b + O.p.c;
    V += O.flag * Sum;
    V += O.u;
    Ref[I] = V;
  }
  array_view<double, 1> OV(N, Out);
  parallel_for_each(OV.extent, [=](index<1> Idx) restrict(amp) {
    int I = Idx[0];
    double Prod = P.c * I;   // separate statements: no fma contraction
    double V = P.a * I + P.b;
    V += Prod;
    if (Yes)
      V += 1000.0;
    if (No)
      V -= 5000.0;
    double Sum = O.p.a + O.p.b + O.p.c;
    V += O.flag * Sum;
    V += O.u;
    OV[Idx] = V;
  });
  OV.synchronize();
  int Bad = 0;
  for (int I = 0; I < N; ++I)
    if (Out[I] != Ref[I] && Bad++ < 5)
      std::printf("mismatch at %d: %.17g vs %.17g\n", I, Out[I], Ref[I]);
  std::printf("bool-struct: %d mismatches of %d\n", Bad, N);
  return Bad != 0;
}
