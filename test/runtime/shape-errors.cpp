// Shapes Visual C++ rejects throw runtime_exception (E_INVALIDARG) with a
// message naming the dimension: a section that is empty, negative or leaves
// its view (of an array or of an array_view, through every convenience
// overload), a projection row outside the extent, an array with an extent
// that is not positive, and a host element access outside the extent,
// through every form (it once read or wrote past the data: 0 or a crash).
// Valid shapes and in-range accesses at the edges still work.
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: zero extent: 0x80070057 section: in dimension 0 origin 1 and extent 0 do not fit in the view's extent 10
// CHECK: too long: 0x80070057 section: in dimension 2 origin 1 and extent 3 do not fit in the view's extent 3
// CHECK: origin only: 0x80070057 section: in dimension 1 origin 4 and extent 0 do not fit in the view's extent 4
// CHECK: negative origin: 0x80070057 section: in dimension 0 origin -1 and extent 5 do not fit in the view's extent 10
// CHECK: section of section: 0x80070057 section: in dimension 0 origin 1 and extent 5 do not fit in the view's extent 5
// CHECK: projection: 0x80070057 projection: row 10 is outside the view's extent 10
// CHECK: negative projection: 0x80070057 projection: row -1 is outside the view's extent 10
// CHECK: empty array: 0x80070057 array: extent 0 in dimension 0 is not positive
// CHECK: view [12]: 0x80070057 host access: index (12) is outside the extent (10)
// CHECK: view [-1]: 0x80070057 host access: index (-1) is outside the extent (10)
// CHECK: view (3, 7): 0x80070057 host access: index (3, 7) is outside the extent (4, 5)
// CHECK: view [index(4, 0)]: 0x80070057 host access: index (4, 0) is outside the extent (4, 5)
// CHECK: projection [3][5]: 0x80070057 host access: index (5) is outside the extent (5)
// CHECK: array (1, 1, 3): 0x80070057 host access: index (1, 1, 3) is outside the extent (2, 2, 3)
// CHECK: const array [index(8)]: 0x80070057 host access: index (8) is outside the extent (8)
// CHECK: section [6]: 0x80070057 host access: index (6) is outside the extent (3)
// CHECK: edges: 5 4 4
// CHECK: in-range host access: 0 mismatches
// Visual C++ does not check host indices, and programs rely on an index
// outside the extent whose element still lies in the data (the conformance
// suite's 5_2_2_c/Test.07 swaps its loops, section/Convenience.03 indexes
// a section with its parent's coordinates): that works, as there; only an
// element outside the data source throws (-fsanitize=bounds checks every
// coordinate, e2e/checked-bounds.cpp).
// CHECK: view (2, 7) reads element 17: 17
// CHECK: section [5] reads element 9: 9
// CHECK-NOT: no exception
#include "Inputs/expect-throw.h"
#include <amp.h>
#include <cstdio>
#include <numeric>
#include <vector>
using namespace concurrency;

int main() {
  std::vector<int> V(100, 1);
  array<int, 1> A1(10, V.begin());
  array<int, 3> A3(extent<3>(3, 3, 3), V.begin());
  array_view<int, 2> AV2(5, 4, V);
  array<int, 2> A2(10, 10);
  expectThrow("zero extent", [&] { A1.section(1, 0); });
  expectThrow("too long", [&] { A3.section(1, 1, 1, 2, 2, 3); });
  expectThrow("origin only", [&] { AV2.section(index<2>(4, 4)); });
  expectThrow("negative origin", [&] { A1.section(-1, 5); });
  expectThrow("section of section", [&] {
    array_view<int, 2> S = A2.section(1, 1, 5, 5);
    S.section(1, 1, 5, 5);
  });
  expectThrow("projection", [&] { array_view<int, 1> P = A2[10]; });
  expectThrow("negative projection", [&] { array_view<int, 1> P = A2[-1]; });
  expectThrow("empty array", [&] { array<int, 2> E(extent<2>(0, 1)); });
  // The edges are valid: the whole view, the last row, the last element.
  array_view<int, 2> Whole = AV2.section(index<2>(0, 0), AV2.extent);
  array_view<int, 1> Last = A2[9];
  array_view<int, 2> Corner = AV2.section(index<2>(4, 3));

  // Host element access.
  std::vector<int> Seq(20);
  std::iota(Seq.begin(), Seq.end(), 0);
  array_view<int, 1> S1(10, Seq);
  array_view<int, 2> S2(4, 5, Seq);
  array<int, 3> Arr(2, 2, 3, Seq.begin());
  const array<int, 1> CArr(8, Seq.begin());
  array_view<int, 1> Sec = S1.section(4, 3);
  expectThrow("view [12]", [&] { return S1[12]; });
  expectThrow("view [-1]", [&] { S1[-1] = 5; });
  expectThrow("view (3, 7)", [&] { return S2(3, 7); });
  expectThrow("view [index(4, 0)]", [&] { return S2[index<2>(4, 0)]; });
  expectThrow("projection [3][5]", [&] { return S2[3][5]; });
  expectThrow("array (1, 1, 3)", [&] { Arr(1, 1, 3) = 1; });
  expectThrow("const array [index(8)]", [&] { return CArr[index<1>(8)]; });
  expectThrow("section [6]", [&] { return Sec[6]; });

  std::printf("edges: %d %d %d\n", Whole.extent[0], Last.extent[0] - 6,
              Corner.extent[0] * 4);
  int Bad = 0;
  Bad += S1[9] != 9;
  Bad += S2(3, 4) != 19;
  Bad += S2[index<2>(2, 1)] != 11;
  Bad += S2[3][0] != 15;
  Bad += Arr(1, 1, 2) != 11;
  Bad += CArr[index<1>(7)] != 7;
  Bad += Sec[2] != 6;
  std::printf("in-range host access: %d mismatches\n", Bad);
  std::printf("view (2, 7) reads element 17: %d\n", S2(2, 7));
  std::printf("section [5] reads element 9: %d\n", Sec[5]);
  return Bad != 0;
}
