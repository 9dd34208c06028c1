// Host element access checks the index against the extent: an index
// outside it throws runtime_exception naming the index and the extent,
// where it once read or wrote past the data (0 or a crash). In-range
// accesses, through every form, still reach the right element.
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: view [12]: host access: index (12) is outside the extent (10)
// CHECK: view [-1]: host access: index (-1) is outside the extent (10)
// CHECK: view (2, 7): host access: index (2, 7) is outside the extent (4, 5)
// CHECK: view [index(4, 0)]: host access: index (4, 0) is outside the extent (4, 5)
// CHECK: projection [1][5]: host access: index (5) is outside the extent (5)
// CHECK: array (0, 0, 3): host access: index (0, 0, 3) is outside the extent (2, 2, 3)
// CHECK: const array [index(8)]: host access: index (8) is outside the extent (8)
// CHECK: section [3]: host access: index (3) is outside the extent (3)
// CHECK: in range: 0 mismatches
#include <amp.h>
#include <cstdio>
#include <numeric>
#include <vector>
using namespace concurrency;

template <typename F> void expectThrow(const char *What, F Access) {
  try {
    Access();
    std::printf("%s: no exception\n", What);
  } catch (const runtime_exception &E) {
    std::printf("%s: %s\n", What, E.what());
  }
}

int main() {
  std::vector<int> V(20);
  std::iota(V.begin(), V.end(), 0);
  array_view<int, 1> A1(10, V);
  array_view<int, 2> A2(4, 5, V);
  array<int, 3> Arr(2, 2, 3, V.begin());
  const array<int, 1> CArr(8, V.begin());
  array_view<int, 1> Sec = A1.section(4, 3);

  expectThrow("view [12]", [&] { return A1[12]; });
  expectThrow("view [-1]", [&] { A1[-1] = 5; });
  expectThrow("view (2, 7)", [&] { return A2(2, 7); });
  expectThrow("view [index(4, 0)]", [&] { return A2[index<2>(4, 0)]; });
  expectThrow("projection [1][5]", [&] { return A2[1][5]; });
  expectThrow("array (0, 0, 3)", [&] { Arr(0, 0, 3) = 1; });
  expectThrow("const array [index(8)]", [&] { return CArr[index<1>(8)]; });
  expectThrow("section [3]", [&] { return Sec[3]; });

  int Bad = 0;
  Bad += A1[9] != 9;
  Bad += A2(3, 4) != 19;
  Bad += A2[index<2>(2, 1)] != 11;
  Bad += A2[3][0] != 15;
  Bad += Arr(1, 1, 2) != 11;
  Bad += CArr[index<1>(7)] != 7;
  Bad += Sec[2] != 6;
  std::printf("in range: %d mismatches\n", Bad);
  return Bad != 0;
}
