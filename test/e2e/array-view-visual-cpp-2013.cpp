// The array_view constructors Visual C++ 2013 added (issue 44 item 4): a
// rank-1 view over a whole container, its size() the extent, and over a
// C array, its length the extent; array_view<const T> over const ones;
// in amp code too, over tile_static and private arrays.
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
// CHECK-NEXT: in amp code: 0 wrong
// CHECK-NEXT: PASS
// BADCONST: array-view-visual-cpp-2013.cpp:[[@LINE+49]]:{{[0-9]+}}: error: no matching constructor
// BADRANK: array-view-visual-cpp-2013.cpp:[[@LINE+51]]:{{[0-9]+}}: error: no matching constructor
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
  // In amp code: views over a tile_static and a private array.
  std::vector<int> Out(64);
  array_view<int> O(64, Out);
  parallel_for_each(extent<1>(64).tile<16>(), [=](tiled_index<16> T) restrict(amp) {
    tile_static int Shared[16];
    int Priv[4] = {1, 2, 3, 4};
    array_view<int> S(Shared);
    array_view<const int> P(Priv);
    S[T.local[0]] = T.global[0];
    T.barrier.wait();
    O[T.global] = S[15 - T.local[0]] + P[T.local[0] % 4] * 1000 + S.extent[0] * 100000 +
                  P.extent[0] * 10000000;
  });
  int AmpWrong = 0;
  for (int I = 0; I < 64; ++I)
    AmpWrong += O[I] != (I / 16 * 16 + 15 - I % 16) + (I % 4 + 1) * 1000 + 1600000 + 40000000;
  std::printf("in amp code: %d wrong\n", AmpWrong);
  bool Ok = Vec[4] == 14 && Raw[3] == 23 && Sums[0] == 9 && Sums[1] == 5 && !AmpWrong;
#ifdef BAD_CONST
  array_view<int> Writable(ConstArr);
#endif
#ifdef BAD_RANK
  array_view<int, 2> NoExtent(Vec);
#endif
  std::printf(Ok ? "PASS\n" : "FAIL\n");
}
