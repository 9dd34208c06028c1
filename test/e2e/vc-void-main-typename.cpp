// Visual C++ habits accepted with a warning: `void main()` (the program
// exits with 0) and a dependent type named without `typename`, here in a
// function template that launches a kernel, in a class template (where
// Clang itself accepts it, as C++20 does) and in a functional cast, which
// Clang reports only when the template is instantiated.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t 2> %t.err && %t | %FileCheck %s
// RUN: %FileCheck --check-prefix=WARN %s < %t.err
// WARN-NOT: error
// CHECK: scaled sum: PASS
// CHECK-NEXT: holder 42
// CHECK-NEXT: converted 3.5
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

template <typename Container>
int scaled_sum(Container &Data, int Factor) {
  // WARN: vc-void-main-typename.cpp:[[@LINE+1]]:3: warning: missing 'typename' prior to dependent type name 'Container::value_type'
  Container::value_type Total = 0;
  array_view<int, 1> V(int(Data.size()), Data);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] *= Factor; });
  for (int I = 0; I < V.extent[0]; ++I)
    Total += V[I];
  return Total;
}

template <typename Container>
struct Holder {
  // WARN: vc-void-main-typename.cpp:[[@LINE+1]]:3: warning: missing 'typename' prior to dependent type name
  Container::value_type Value;
};

template <typename T> struct RealType {
  typedef T type;
};
template <typename T> T converted(int N) {
  // WARN: vc-void-main-typename.cpp:[[@LINE+1]]:12: warning: missing 'typename' prior to dependent type name 'RealType<float>::type'
  return T(RealType<T>::type(N)) + T(0.5);
}

// WARN: vc-void-main-typename.cpp:[[@LINE+1]]:1: warning: 'main' must return 'int'
void main() {
  std::vector<int> Data(60);
  int Want = 0;
  for (int I = 0; I < 60; ++I) {
    Data[I] = I % 7 + 1 + (I == 0);
    Want += Data[I] * 12;
  }
  int Got = scaled_sum(Data, 12);
  std::printf("scaled sum: %s (%d, want %d)\n", Got == Want ? "PASS" : "FAIL", Got, Want);
  Holder<std::vector<int>> H{42};
  std::printf("holder %d\n", H.Value);
  std::printf("converted %g\n", converted<float>(3));
}
