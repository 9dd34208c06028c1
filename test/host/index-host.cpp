// Host-side unit test of concurrency::index<N> (no kernels): every
// constructor (default, component, array, copy), assignment, component access
// (read and write through operator[]), rank/value_type, the binary operators
// + - * / % with ints on either side and with indices, compound assignment,
// pre/post ++ and --, == and !=, in ranks 1, 2 and 3.
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK-NOT: FAILED
// CHECK: index-host: {{[1-9][0-9]+}} checks, 0 failed
#include <amp.h>
#include <cstdio>
#include <type_traits>
#include "Inputs/check.h"
using namespace concurrency;

int main() {
  // rank and value_type
  CHECK_EQ(index<1>::rank, 1);
  CHECK_EQ(index<2>::rank, 2);
  CHECK_EQ(index<3>::rank, 3);
  CHECK_EQ((std::is_same<index<2>::value_type, int>::value), 1);

  // constructors
  index<1> D1;
  index<2> D2;
  index<3> D3;
  CHECK_EQ(is(D1, 0), 1);
  CHECK_EQ(is(D2, 0, 0), 1);
  CHECK_EQ(is(D3, 0, 0, 0), 1);
  index<1> C1(5);
  index<2> C2(3, -4);
  index<3> C3(7, 8, 9);
  CHECK_EQ(is(C1, 5), 1);
  CHECK_EQ(is(C2, 3, -4), 1);
  CHECK_EQ(is(C3, 7, 8, 9), 1);
  int Arr3[3] = {11, 12, 13};
  int Arr2[2] = {-1, 2};
  index<3> A3(Arr3);
  index<2> A2(Arr2);
  CHECK_EQ(is(A3, 11, 12, 13), 1);
  CHECK_EQ(is(A2, -1, 2), 1);
  index<3> Copy(C3);
  CHECK_EQ(is(Copy, 7, 8, 9), 1);
  Arr3[0] = 99;                       // the array constructor copied
  CHECK_EQ(A3[0], 11);
  index<3> Assigned;
  Assigned = A3;
  CHECK_EQ(is(Assigned, 11, 12, 13), 1);
  Assigned[1] = 50;                   // writes through operator[]
  CHECK_EQ(is(Assigned, 11, 50, 13), 1);
  CHECK_EQ(is(A3, 11, 12, 13), 1);    // a copy, not an alias
  const index<2> K2(6, 7);
  CHECK_EQ(K2[0], 6);
  CHECK_EQ(K2[1], 7);

  // binary operators with indices
  CHECK_EQ(is(C2 + A2, 2, -2), 1);
  CHECK_EQ(is(C2 - A2, 4, -6), 1);
  CHECK_EQ(is(C3 + A3 - C3, 11, 12, 13), 1);
  // with ints, index on the left
  CHECK_EQ(is(C3 + 1, 8, 9, 10), 1);
  CHECK_EQ(is(C3 - 10, -3, -2, -1), 1);
  CHECK_EQ(is(C3 * 3, 21, 24, 27), 1);
  CHECK_EQ(is(C3 / 2, 3, 4, 4), 1);
  CHECK_EQ(is(C3 % 4, 3, 0, 1), 1);
  CHECK_EQ(is(C2 / 2, 1, -2), 1);
  CHECK_EQ(is(C2 % 3, 0, -1), 1);     // C++ truncating remainder
  // with ints, int on the left
  CHECK_EQ(is(1 + C3, 8, 9, 10), 1);
  CHECK_EQ(is(10 - C3, 3, 2, 1), 1);
  CHECK_EQ(is(2 * C3, 14, 16, 18), 1);
  CHECK_EQ(is(72 / C3, 10, 9, 8), 1);
  CHECK_EQ(is(20 % C3, 6, 4, 2), 1);
  CHECK_EQ(is(-5 - C1, -10), 1);

  // compound assignment (and its return value)
  index<2> T(10, 20);
  CHECK_EQ(is(T += index<2>(1, 2), 11, 22), 1);
  CHECK_EQ(is(T -= index<2>(2, 4), 9, 18), 1);
  CHECK_EQ(is(T += 1, 10, 19), 1);
  CHECK_EQ(is(T -= 3, 7, 16), 1);
  CHECK_EQ(is(T *= 2, 14, 32), 1);
  CHECK_EQ(is(T /= 3, 4, 10), 1);
  CHECK_EQ(is(T %= 3, 1, 1), 1);
  CHECK_EQ(is(T, 1, 1), 1);
  index<2> &Ref = (T += 5);
  CHECK_EQ(&Ref == &T, 1);

  // increment and decrement
  index<3> U(1, 2, 3);
  index<3> Old = U++;
  CHECK_EQ(is(Old, 1, 2, 3), 1);
  CHECK_EQ(is(U, 2, 3, 4), 1);
  CHECK_EQ(is(++U, 3, 4, 5), 1);
  Old = U--;
  CHECK_EQ(is(Old, 3, 4, 5), 1);
  CHECK_EQ(is(U, 2, 3, 4), 1);
  CHECK_EQ(is(--U, 1, 2, 3), 1);
  CHECK_EQ(&(++U) == &U, 1);

  // comparisons
  CHECK_EQ(C3 == index<3>(7, 8, 9), 1);
  CHECK_EQ(C3 != index<3>(7, 8, 9), 0);
  CHECK_EQ(C3 == index<3>(7, 8, 10), 0);
  CHECK_EQ(C3 != index<3>(0, 8, 9), 1);
  CHECK_EQ(index<1>(4) == index<1>(4), 1);
  CHECK_EQ(index<1>(4) != index<1>(-4), 1);
  CHECK_EQ(D2 == index<2>(0, 0), 1);

  return checkSummary("index-host");
}
