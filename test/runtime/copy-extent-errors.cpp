// Copies whose two sides differ in shape throw runtime_exception
// (E_INVALIDARG) before anything moves, through every overload (array and
// array_view on either side, rank 2 with the same size but another shape,
// copy_async, an iterator range longer than the destination), and so do
// views larger than their data (view_as, an array_view over a short
// container). A shorter iterator range is allowed, as in Visual C++: it
// fills the front. The destination is unchanged after a refused copy, and a
// copy of the right shape still works.
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: view to view: 0x80070057 copy between an array or array_view and one of a different extent
// CHECK: view to array: 0x80070057 copy between an array or array_view and one of a different extent
// CHECK: array to view: 0x80070057 copy between an array or array_view and one of a different extent
// CHECK: 3x4 to 4x3: 0x80070057 copy between an array or array_view and one of a different extent
// CHECK: copy_async: 0x80070057 copy between an array or array_view and one of a different extent
// CHECK: long range to array: 0x80070057 copy: the source range has 12 elements, more than the destination's 10
// CHECK: long range to view: 0x80070057 copy: the source range has 12 elements, more than the destination's 10
// CHECK: view_as of an array: 0x80070057 view_as: the extent has 12 elements, more than the array_view's 10
// CHECK: view_as of a view: 0x80070057 view_as: the extent has 12 elements, more than the array_view's 10
// CHECK: short container: 0x80070057 array_view over a container of 12 elements, fewer than its extent's 16
// CHECK: destinations unchanged: 0 mismatches
// CHECK: short range fills the front: 0 mismatches
// CHECK: right shape: 0 mismatches
// CHECK-NOT: no exception
#include "Inputs/expect-throw.h"
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  std::vector<int> Ten(10), Twelve(12);
  for (int I = 0; I < 12; ++I)
    Twelve[I] = 100 + I;
  for (int I = 0; I < 10; ++I)
    Ten[I] = 200 + I;
  array_view<int, 1> V10(10, Ten), V12(12, Twelve);
  array<int, 1> A10(10, Ten.begin()), A12(12, Twelve.begin());
  array<int, 2> A34(3, 4, Twelve.begin()), A43(4, 3);

  expectThrow("view to view", [&] { copy(V10, V12); });
  expectThrow("view to array", [&] { copy(V10, A12); });
  expectThrow("array to view", [&] { copy(A12, V10); });
  expectThrow("3x4 to 4x3", [&] { copy(A34, A43); });
  expectThrow("copy_async", [&] { copy_async(V12, A10).get(); });
  expectThrow("long range to array",
              [&] { copy(Twelve.begin(), Twelve.end(), A10); });
  expectThrow("long range to view",
              [&] { copy(Twelve.begin(), Twelve.end(), V10); });
  expectThrow("view_as of an array", [&] { A10.view_as(extent<2>(4, 3)); });
  expectThrow("view_as of a view", [&] { V10.view_as(extent<2>(4, 3)); });
  expectThrow("short container", [&] { array_view<int, 2> B(4, 4, Twelve); });

  // Nothing moved: every destination still holds what it held.
  int Bad = 0;
  std::vector<int> Back(12);
  copy(A12, Back.begin());
  for (int I = 0; I < 12; ++I)
    Bad += Back[I] != 100 + I || V12[I] != 100 + I;
  copy(A10, Back.begin());
  for (int I = 0; I < 10; ++I)
    Bad += Back[I] != 200 + I || V10[I] != 200 + I;
  std::vector<int> Zeros(12, -1);
  copy(A43, Zeros.begin());
  for (int I = 0; I < 12; ++I)
    Bad += Zeros[I] != 0;
  std::printf("destinations unchanged: %d mismatches\n", Bad);

  // A shorter range fills the front and leaves the rest.
  std::vector<int> Five = {1, 2, 3, 4, 5};
  copy(Five.begin(), Five.end(), A10);
  copy(A10, Back.begin());
  int BadShort = 0;
  for (int I = 0; I < 10; ++I)
    BadShort += Back[I] != (I < 5 ? I + 1 : 200 + I);
  std::printf("short range fills the front: %d mismatches\n", BadShort);

  // The right shape works, view to view and across ranks' equal extents.
  array_view<int, 1> Front = V12.section(0, 10);
  copy(Front, V10);
  array<int, 2> B34(3, 4);
  copy(A34, B34);
  copy(B34, Back.begin());
  int BadRight = 0;
  for (int I = 0; I < 10; ++I)
    BadRight += V10[I] != 100 + I;
  for (int I = 0; I < 12; ++I)
    BadRight += Back[I] != 100 + I;
  std::printf("right shape: %d mismatches\n", BadRight);
  return Bad + BadShort + BadRight != 0;
}
