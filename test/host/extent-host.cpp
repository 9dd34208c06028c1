// Host-side unit test of concurrency::extent<N> (no kernels): constructors
// (default, component, array, copy), assignment, component access, size(),
// contains() on every border and just outside it, + - with extents, indices
// and ints, * / % with ints on either side, compound assignment, ++/--, ==
// and !=, in ranks 1, 2 and 3; plus array_view::extent / get_extent() on the
// host.
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK-NOT: FAILED
// CHECK: extent-host: {{[1-9][0-9]+}} checks, 0 failed
#include <amp.h>
#include <cstdio>
#include <vector>
#include "Inputs/check.h"
using namespace concurrency;

int main() {
  CHECK_EQ(extent<1>::rank, 1);
  CHECK_EQ(extent<3>::rank, 3);

  // constructors and size()
  extent<1> D1;
  extent<3> D3;
  CHECK_EQ(is(D1, 0), 1);
  CHECK_EQ(is(D3, 0, 0, 0), 1);
  CHECK_EQ(D1.size(), 0u);
  CHECK_EQ(D3.size(), 0u);
  extent<1> E1(17);
  extent<2> E2(4, 6);
  extent<3> E3(2, 3, 5);
  CHECK_EQ(is(E1, 17), 1);
  CHECK_EQ(is(E2, 4, 6), 1);
  CHECK_EQ(is(E3, 2, 3, 5), 1);
  CHECK_EQ(E1.size(), 17u);
  CHECK_EQ(E2.size(), 24u);
  CHECK_EQ(E3.size(), 30u);
  CHECK_EQ(extent<2>(999, 666).size(), 665334u);
  CHECK_EQ(extent<3>(1, 1, 1).size(), 1u);
  CHECK_EQ(extent<2>(5, 0).size(), 0u);
  CHECK_EQ(extent<3>(2048, 2048, 512).size(), 2147483648u);   // > INT_MAX
  int Arr[3] = {9, 8, 7};
  extent<3> A3(Arr);
  CHECK_EQ(is(A3, 9, 8, 7), 1);
  extent<3> Copy(A3);
  CHECK_EQ(is(Copy, 9, 8, 7), 1);
  extent<3> Assigned;
  Assigned = E3;
  Assigned[2] = 10;
  CHECK_EQ(is(Assigned, 2, 3, 10), 1);
  CHECK_EQ(is(E3, 2, 3, 5), 1);
  const extent<2> K2(3, 4);
  CHECK_EQ(K2[0] * 10 + K2[1], 34);

  // contains: corners, borders and one past them
  CHECK_EQ(E2.contains(index<2>(0, 0)), 1);
  CHECK_EQ(E2.contains(index<2>(3, 5)), 1);
  CHECK_EQ(E2.contains(index<2>(3, 0)), 1);
  CHECK_EQ(E2.contains(index<2>(0, 5)), 1);
  CHECK_EQ(E2.contains(index<2>(4, 0)), 0);
  CHECK_EQ(E2.contains(index<2>(0, 6)), 0);
  CHECK_EQ(E2.contains(index<2>(-1, 0)), 0);
  CHECK_EQ(E2.contains(index<2>(0, -1)), 0);
  CHECK_EQ(E2.contains(index<2>(4, 6)), 0);
  CHECK_EQ(E1.contains(index<1>(16)), 1);
  CHECK_EQ(E1.contains(index<1>(17)), 0);
  CHECK_EQ(E3.contains(index<3>(1, 2, 4)), 1);
  CHECK_EQ(E3.contains(index<3>(1, 2, 5)), 0);
  CHECK_EQ(E3.contains(index<3>(1, 3, 4)), 0);
  CHECK_EQ(E3.contains(index<3>(2, 2, 4)), 0);
  CHECK_EQ(D1.contains(index<1>(0)), 0);     // an empty extent contains nothing

  // binary operators
  CHECK_EQ(is(E2 + extent<2>(1, 2), 5, 8), 1);
  CHECK_EQ(is(E2 - extent<2>(1, 2), 3, 4), 1);
  CHECK_EQ(is(E2 + index<2>(10, 20), 14, 26), 1);
  CHECK_EQ(is(E2 - index<2>(1, 1), 3, 5), 1);
  CHECK_EQ(is(E3 + 1, 3, 4, 6), 1);
  CHECK_EQ(is(E3 - 1, 1, 2, 4), 1);
  CHECK_EQ(is(1 + E3, 3, 4, 6), 1);
  CHECK_EQ(is(10 - E3, 8, 7, 5), 1);
  CHECK_EQ(is(E3 * 4, 8, 12, 20), 1);
  CHECK_EQ(is(4 * E3, 8, 12, 20), 1);
  CHECK_EQ(is(E3 / 2, 1, 1, 2), 1);
  CHECK_EQ(is(30 / E3, 15, 10, 6), 1);
  CHECK_EQ(is(E3 % 2, 0, 1, 1), 1);
  CHECK_EQ(is(7 % E3, 1, 1, 2), 1);

  // compound assignment
  extent<2> T(10, 20);
  CHECK_EQ(is(T += extent<2>(1, 1), 11, 21), 1);
  CHECK_EQ(is(T -= extent<2>(1, 1), 10, 20), 1);
  CHECK_EQ(is(T += index<2>(5, 6), 15, 26), 1);
  CHECK_EQ(is(T -= index<2>(5, 6), 10, 20), 1);
  CHECK_EQ(is(T += 2, 12, 22), 1);
  CHECK_EQ(is(T -= 4, 8, 18), 1);
  CHECK_EQ(is(T *= 3, 24, 54), 1);
  CHECK_EQ(is(T /= 5, 4, 10), 1);
  CHECK_EQ(is(T %= 3, 1, 1), 1);
  CHECK_EQ(&(T *= 1) == &T, 1);

  // increment and decrement
  extent<1> U(5);
  extent<1> Old = U++;
  CHECK_EQ(is(Old, 5), 1);
  CHECK_EQ(is(U, 6), 1);
  CHECK_EQ(is(++U, 7), 1);
  Old = U--;
  CHECK_EQ(is(Old, 7), 1);
  CHECK_EQ(is(U, 6), 1);
  CHECK_EQ(is(--U, 5), 1);

  // comparisons
  CHECK_EQ(E3 == extent<3>(2, 3, 5), 1);
  CHECK_EQ(E3 != extent<3>(2, 3, 5), 0);
  CHECK_EQ(E3 == extent<3>(2, 3, 6), 0);
  CHECK_EQ(E3 != extent<3>(3, 3, 5), 1);
  CHECK_EQ(E2 == extent<2>(6, 4), 0);

  // array_view's shape on the host
  std::vector<int> Data(4 * 6);
  array_view<int, 2> V(E2, Data);
  CHECK_EQ(V.extent == E2, 1);
  CHECK_EQ(V.get_extent() == E2, 1);
  CHECK_EQ(V.extent[0], 4);
  CHECK_EQ(V.get_extent()[1], 6);
  CHECK_EQ(V.extent.size(), 24u);
  array_view<const int, 3> W(2, 3, 4, Data);
  CHECK_EQ(is(W.extent, 2, 3, 4), 1);
  CHECK_EQ((array_view<int, 1>(24, Data).extent.size()), 24u);

  return checkSummary("extent-host");
}
