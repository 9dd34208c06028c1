// The array_view constructors Visual C++ 2013 added (issue 44 item 4): a
// rank-1 view over a whole container, its size() the extent, and over a
// C array, its length the extent; array_view<const T> over const ones.
// A view of non-const elements over a const container stays an error, as
// in Visual C++, and so does a rank-2 view without an extent.
// REQUIRES: opencl
// RUN: %ampcc -O2 %s -o %t && %t | %FileCheck %s
// RUN: %not %ampcc -fsyntax-only -DBAD_CONST %s 2>&1 | %FileCheck --check-prefix=BADCONST %s
// RUN: %not %ampcc -fsyntax-only -DBAD_RANK %s 2>&1 | %FileCheck --check-prefix=BADRANK %s
// CHECK: extents: 5 4 3 2
// CHECK-NEXT: vector: 10 11 12 13 14
// CHECK-NEXT: c array: 20 21 22 23
// CHECK-NEXT: const sums: 9 5
// CHECK-NEXT: PASS
// BADCONST: array-view-visual-cpp-2013.cpp:[[@LINE+32]]:{{[0-9]+}}: error: no matching constructor
// BADRANK: array-view-visual-cpp-2013.cpp:[[@LINE+34]]:{{[0-9]+}}: error: no matching constructor
#include <amp.h>
#include <array>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  std::vector<int> Vec = {0, 1, 2, 3, 4};
  int Raw[4] = {0, 1, 2, 3};
  const std::array<int, 3> ConstArr = {{2, 3, 4}};
  const int ConstRaw[2] = {2, 3};
  array_view<int> FromVec(Vec);
  array_view<int, 1> FromRaw(Raw);
  array_view<const int> FromConstArr(ConstArr);
  array_view<const int, 1> FromConstRaw(ConstRaw);
  std::printf("extents: %d %d %d %d\n", FromVec.extent[0], FromRaw.extent[0],
              FromConstArr.extent[0], FromConstRaw.extent[0]);
  parallel_for_each(FromVec.extent, [=](index<1> I) restrict(amp) { FromVec[I] += 10; });
  parallel_for_each(FromRaw.extent, [=](index<1> I) restrict(amp) { FromRaw[I] += 20; });
  array_view<int> Sums(2);
  parallel_for_each(extent<1>(1), [=](index<1>) restrict(amp) {
    Sums[0] = FromConstArr[0] + FromConstArr[1] + FromConstArr[2];
    Sums[1] = FromConstRaw[0] + FromConstRaw[1];
  });
  FromRaw.synchronize();
  std::printf("vector: %d %d %d %d %d\n", FromVec[0], FromVec[1], FromVec[2], FromVec[3], FromVec[4]);
  std::printf("c array: %d %d %d %d\n", Raw[0], Raw[1], Raw[2], Raw[3]);
  std::printf("const sums: %d %d\n", Sums[0], Sums[1]);
  bool Ok = Vec[4] == 14 && Raw[3] == 23 && Sums[0] == 9 && Sums[1] == 5;
#ifdef BAD_CONST
  array_view<int> Writable(ConstArr);
#endif
#ifdef BAD_RANK
  array_view<int, 2> NoExtent(Vec);
#endif
  std::printf(Ok ? "PASS\n" : "FAIL\n");
}
