// Members of array<T,N> used inside a kernel (spec §5.1): every section
// overload (const and non-const), projection with operator(), view_as,
// reinterpret_as, data(), and array_view<T,N> / array_view<const T,N> made
// from a captured array. Compared with the same reads done on the host.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: array members in amp: 0 mismatches of 64
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  std::vector<int> Init(64);
  for (int I = 0; I < 64; ++I)
    Init[I] = I * 3 + 1;
  array<int, 2> A(8, 8, Init.begin());
  std::vector<int> Out(64, -1);
  array_view<int, 2> O(8, 8, Out);
  parallel_for_each(O.extent, [=, &A](index<2> I) restrict(amp) {
    const array<int, 2> &CA = A;
    array_view<int, 2> FromOrigin = A.section(index<2>(1, 1));
    array_view<const int, 2> Rect = CA.section(2, 2, 3, 3);
    array_view<int, 2> ByExtent = A.section(extent<2>(4, 4));
    array_view<int, 1> Row = A(3);
    array_view<const int, 1> CRow = CA(4);
    array_view<int, 2> Wide = A.view_as(extent<2>(4, 16));
    array_view<unsigned, 1> Bits = A.reinterpret_as<unsigned>();
    array_view<int, 2> Whole(A);
    array_view<const int, 2> CWhole(CA);
    int *D = A.data();
    int Inner = (I[0] < 7 && I[1] < 7) ? FromOrigin[I] : 0;
    O[I] = Inner + Rect(1, 2) + ByExtent(3, 3) + Row[2] + CRow[1] + Wide(1, 1) +
           (int)Bits[4] + Whole(I) + CWhole(0, 7) + D[5];
  });
  O.synchronize();
  auto At = [&](int Y, int X) { return Init[Y * 8 + X]; };
  int Bad = 0;
  for (int Y = 0; Y < 8; ++Y)
    for (int X = 0; X < 8; ++X) {
      int Inner = (Y < 7 && X < 7) ? At(Y + 1, X + 1) : 0;
      int Want = Inner + At(3, 4) + At(3, 3) + At(3, 2) + At(4, 1) + Init[17] + Init[4] +
                 At(Y, X) + At(0, 7) + Init[5];
      if (Out[Y * 8 + X] != Want && Bad++ < 5)
        std::printf("mismatch at %d,%d: %d, expected %d\n", Y, X, Out[Y * 8 + X], Want);
    }
  std::printf("array members in amp: %d mismatches of 64\n", Bad);
  return Bad != 0;
}
