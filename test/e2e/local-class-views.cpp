// array_view and array of a class local to a function (no linkage), as
// Visual C++ accepts: a view built in amp code over a kernel-local array of
// a local class with a base and a constructor, and a view the host builds
// over a vector of a class local to main. Clang requires a definition in
// the translation unit for a function whose type has no linkage; ampcc's
// amp-only members have none (the code generator prints them), and must
// not be reported as "used but not defined". Checked against the host.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: local-class-views: 0 mismatches of 32
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  struct Cell {
    int Value;
    float Weight;
  };
  const int N = 32;
  std::vector<Cell> Cells(N);
  for (int I = 0; I < N; ++I)
    Cells[I] = {I, 0.5f};
  array_view<Cell, 1> CV(N, Cells);
  std::vector<int> Out(N, 0);
  array_view<int, 1> OV(N, Out);
  parallel_for_each(OV.extent, [=](index<1> I) restrict(amp) {
    class Base {
    public:
      int B;
      Base() restrict(amp) : B(100) {}
    };
    class Derived : public Base {
    public:
      int D;
      Derived() restrict(amp) : D(7) {}
    };
    Derived Local[4];
    array_view<Derived, 1> LV(4, Local);
    LV[index<1>(I[0] % 4)].D += I[0];
    OV[I] = LV[I[0] % 4].B + LV[I[0] % 4].D + CV[I].Value * 2 +
            static_cast<int>(CV[I].Weight * 2);
  });
  OV.synchronize();
  int Bad = 0;
  for (int I = 0; I < N; ++I) {
    int Want = 100 + 7 + I + 2 * I + 1;
    if (Out[I] != Want && Bad++ < 5)
      std::printf("mismatch at %d: %d vs %d\n", I, Out[I], Want);
  }
  std::printf("local-class-views: %d mismatches of %d\n", Bad, N);
  return Bad != 0;
}
