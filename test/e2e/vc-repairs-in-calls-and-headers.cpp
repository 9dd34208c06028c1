// Visual C++ code that Clang rejects, repaired with a warning in calls and in
// the user's own headers (not only in the main file): a temporary
// accelerator or accelerator_view passed to a non-const reference
// parameter (free functions, overload sets, member functions, a function
// template), and a rank or tile size parameter declared `unsigned` or
// `size_t` and deduced from array_view, array, index or extent, whose
// parameters are ints (in function templates and in partial
// specializations). The host pass compiles the same repaired header (a VFS
// overlay), so both passes see one program; diagnostics keep the header's
// name.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t 2> %t.err && %t | %FileCheck %s
// RUN: %FileCheck --check-prefix=WARN %s < %t.err
// WARN-NOT: error
// WARN: vc-sample-helpers.h:9:32: warning: template parameter 'N' of type 'unsigned int' is deduced from a C++ AMP rank or tile size, which is an 'int'; it is declared 'int' instead, as Visual C++ deduces it
// WARN: vc-sample-helpers.h:20:3: warning: missing 'typename' prior to dependent type name 'Container::value_type'
// WARN: vc-sample-helpers.h:21:25: warning: missing 'template' keyword prior to dependent template name 'tile'
// CHECK: fill ranks 1-3: PASS
// CHECK-NEXT: header repairs: PASS
// CHECK-NEXT: temporaries: PASS
// CHECK-NEXT: deduced sizes: PASS
#include "Inputs/vc-sample-helpers.h"
#include <cstddef>
#include <cstdio>
#include <vector>
using namespace concurrency;

int twice(int X) { return 2 * X; }

// Overloads: neither is viable without the repair.
int launch(accelerator_view &View, array_view<int, 1> D, int Add) {
  parallel_for_each(View, D.extent, [=](index<1> I) restrict(amp) { D[I] += Add; });
  return 1;
}
int launch(accelerator_view &View, array_view<int, 2> D) {
  parallel_for_each(View, D.extent, [=](index<2> I) restrict(amp) { D[I] = I[0] + I[1]; });
  return 2;
}

struct Runner {
  // One candidate: Clang's error points at the argument itself.
  bool describe(accelerator &Acc) { return !Acc.description.empty(); }
  // A member template.
  template <typename T> T scale(accelerator_view &View, T X) {
    return View.accelerator == accelerator() ? X * 3 : T();
  }
};

// size_t and `unsigned int` parameters deduced from index, extent and array.
// WARN: vc-repairs-in-calls-and-headers.cpp:[[@LINE+1]]:23: warning: template parameter 'R' of type 'std::size_t' (aka 'unsigned long') is deduced
template <std::size_t R> int elements(const extent<R> &E) { return E.size(); }
// WARN: vc-repairs-in-calls-and-headers.cpp:[[@LINE+1]]:24: warning: template parameter 'R' of type 'unsigned int' is deduced
template <unsigned int R> int last(index<R> I) { return I[R - 1]; }
// WARN: vc-repairs-in-calls-and-headers.cpp:[[@LINE+1]]:32: warning: template parameter 'R' of type 'unsigned int' is deduced
template <typename T, unsigned R> T first(const array<T, R> &A) {
  std::vector<T> Host(A.extent.size());
  copy(A, Host.begin());
  return Host[0];
}

// Partial specializations for views and views of const elements (ampblas's
// is_array_view): Visual C++ picks the second for array_view<const T, N>;
// with an unsigned rank Clang finds the two ambiguous.
template <typename T> struct is_view { static const int value = 0; };
// WARN: vc-repairs-in-calls-and-headers.cpp:[[@LINE+1]]:36: warning: template parameter 'R' of type 'unsigned int' is deduced
template <typename V, unsigned int R> struct is_view<array_view<V, R>> {
  static const int value = 1;
};
// WARN: vc-repairs-in-calls-and-headers.cpp:[[@LINE+1]]:36: warning: template parameter 'R' of type 'unsigned int' is deduced
template <typename V, unsigned int R> struct is_view<array_view<const V, R>> {
  static const int value = 2;
};

int main() {
  std::vector<float> F1(8), F2(12), F3(24);
  fill_view(array_view<float, 1>(8, F1), 1.5f);
  fill_view(array_view<float, 2>(3, 4, F2), 2.5f);
  fill_view(array_view<float, 3>(2, 3, 4, F3), 3.5f);
  bool Ok = true;
  for (float X : F1) Ok &= X == 1.5f;
  for (float X : F2) Ok &= X == 2.5f;
  for (float X : F3) Ok &= X == 3.5f;
  printf("fill ranks 1-3: %s\n", Ok ? "PASS" : "FAIL");

  std::vector<int> Data(16, 10);
  array_view<int, 1> DataView(16, Data);
  int Sum = tiled_sum(Data, DataView);
  // 16 * 10 plus 4 tiles of 0+1+2+3.
  printf("header repairs: %s\n", Sum == 160 + 4 * 6 ? "PASS" : "FAIL");

  std::vector<int> A(16, 0), B(12, -1);
  array_view<int, 1> AV(16, A);
  array_view<int, 2> BV(3, 4, B);
  Runner R;
  // WARN: vc-repairs-in-calls-and-headers.cpp:[[@LINE+1]]:22: warning: non-const reference to 'accelerator_view' bound to a temporary, as Visual C++ allows; the function refers to the temporary until the end of the full-expression
  int Calls = run_on(accelerator().default_view, AV) +
              // WARN: vc-repairs-in-calls-and-headers.cpp:[[@LINE+1]]:22: warning: non-const reference to 'accelerator_view' bound to a temporary
              launch(accelerator().default_view, AV, 5) +
              // WARN: vc-repairs-in-calls-and-headers.cpp:[[@LINE+1]]:22: warning: non-const reference to 'accelerator_view' bound to a temporary
              launch(accelerator().create_view(), BV);
  // WARN: vc-repairs-in-calls-and-headers.cpp:[[@LINE+1]]:31: warning: non-const reference to 'accelerator' bound to a temporary
  bool Described = R.describe(accelerator(accelerator::default_accelerator));
  // WARN: vc-repairs-in-calls-and-headers.cpp:[[@LINE+1]]:24: warning: non-const reference to 'accelerator_view' bound to a temporary
  int Scaled = R.scale(accelerator().default_view, 7);
  AV.synchronize();
  BV.synchronize();
  Ok = Calls == 4 && Described && Scaled == 21;
  for (int I = 0; I < 16; ++I) Ok &= A[I] == 2 * I + 5;
  for (int I = 0; I < 12; ++I) Ok &= B[I] == I / 4 + I % 4;
  printf("temporaries: %s\n", Ok ? "PASS" : "FAIL");

  array<int, 2> Arr(2, 3);
  parallel_for_each(Arr.extent, [&Arr](index<2> I) restrict(amp) { Arr[I] = 40 + I[1]; });
  Ok = elements(extent<3>(2, 3, 4)) == 24 && last(index<2>(5, 9)) == 9 && first(Arr) == 40 &&
       is_view<array_view<const float, 2>>::value == 2 &&
       is_view<array_view<float, 1>>::value == 1 && is_view<int>::value == 0;
  printf("deduced sizes: %s\n", Ok ? "PASS" : "FAIL");
  return 0;
}
