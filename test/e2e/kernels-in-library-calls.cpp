// Kernels that exist only once the standard library's templates are
// instantiated for the caller's types: a generic lambda given to
// std::for_each, a function object whose call operator is a template,
// and a std::function holding a generic lambda's specialization. The
// device pass leaves out the library code the host uses
// (HostLibraryInstantiations.h), but not these, whose template arguments
// name the user's types: each kernel is compiled and run, and its results
// checked against the same arithmetic on the CPU.
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// RUN: %ampcc -fno-pch-amp %s -o %t.2 && %t.2 | %FileCheck %s
// CHECK: generic lambda: 0 wrong of 24
// CHECK-NEXT: function object: 0 wrong of 24
// CHECK-NEXT: std::function: 0 wrong of 5
#include <amp.h>
#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>
using namespace concurrency;

template <typename T> int fillAndCount(int N, T Scale) {
  std::vector<T> Data(N);
  array_view<T, 1> V(N, Data);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] = T(I[0]) * Scale + T(1); });
  V.synchronize();
  int Wrong = 0;
  for (int I = 0; I < N; ++I)
    Wrong += Data[I] != T(I) * Scale + T(1);
  return Wrong;
}

struct Launcher {
  int *Wrong;
  template <typename T> void operator()(T N) const {
    std::vector<T> Data(N);
    array_view<T, 1> V(int(N), Data);
    parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] = T(I[0]) * T(3); });
    V.synchronize();
    for (int I = 0; I < int(N); ++I)
      *Wrong += Data[I] != T(I) * T(3);
  }
};

int main() {
  std::vector<int> Sizes{4, 8, 12};
  int Wrong = 0;
  std::for_each(Sizes.begin(), Sizes.end(), [&](auto N) {
    Wrong += fillAndCount(N, decltype(N)(2));
    // The kernel is in the generic lambda's body itself too.
    std::vector<decltype(N)> Data(N);
    array_view<decltype(N), 1> V(N, Data);
    parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] = I[0] * I[0]; });
    V.synchronize();
    for (int I = 0; I < N; ++I)
      Wrong += Data[I] != I * I;
  });
  std::printf("generic lambda: %d wrong of 24\n", Wrong);

  Wrong = 0;
  std::vector<unsigned> USizes{5, 19};
  std::for_each(USizes.begin(), USizes.end(), Launcher{&Wrong});
  std::printf("function object: %d wrong of 24\n", Wrong);

  std::function<int(float)> Scaled = [](auto Scale) { return fillAndCount(5, Scale); };
  std::printf("std::function: %d wrong of 5\n", Scaled(0.5f));
  return 0;
}
