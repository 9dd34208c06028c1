// Shapes Visual C++ rejects throw runtime_exception (E_INVALIDARG) with a
// message naming the dimension: a section that is empty, negative or leaves
// its view (of an array or of an array_view, through every convenience
// overload), a projection row outside the extent, and an array with an
// extent that is not positive. Valid shapes at the edges still work.
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: zero extent: 0x80070057 section: in dimension 0 origin 1 and extent 0 do not fit in the view's extent 10
// CHECK: too long: 0x80070057 section: in dimension 2 origin 1 and extent 3 do not fit in the view's extent 3
// CHECK: origin only: 0x80070057 section: in dimension 1 origin 4 and extent 0 do not fit in the view's extent 4
// CHECK: negative origin: 0x80070057 section: in dimension 0 origin -1 and extent 5 do not fit in the view's extent 10
// CHECK: section of section: 0x80070057 section: in dimension 0 origin 1 and extent 5 do not fit in the view's extent 5
// CHECK: projection: 0x80070057 projection: row 10 is outside the view's extent 10
// CHECK: negative projection: 0x80070057 projection: row -1 is outside the view's extent 10
// CHECK: empty array: 0x80070057 array: extent 0 in dimension 0 is not positive
// CHECK: edges: 5 4 4
// CHECK-NOT: no exception
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

template <typename F> void expectThrow(const char *What, F Fn) {
  try {
    Fn();
    std::printf("%s: no exception\n", What);
  } catch (const runtime_exception &E) {
    std::printf("%s: 0x%lx %s\n", What, (unsigned long)E.get_error_code() & 0xffffffffUL,
                E.what());
  }
}

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
  std::printf("edges: %d %d %d\n", Whole.extent[0], Last.extent[0] - 6,
              Corner.extent[0] * 4);
}
