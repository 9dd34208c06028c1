// libstdc++ names templates after Clang's type-trait keywords (struct
// __is_pointer, __is_scalar, ...), which Clang then reads as identifiers.
// With <amp.h> precompiled, the standard templates whose parsing was
// delayed to their first use here read those names as the traits again:
// `vector == vector` (std::__equal_aux) did not compile.
// REQUIRES: opencl
// RUN: rm -rf %t.pch
// RUN: env AMPCC_PCH_DIR=%t.pch %ampcc -v -O2 %s -o %t 2>&1 | %FileCheck --check-prefix=PCH %s
// RUN: env AMPCC_PCH_DIR=%t.pch %ampcc -v -O2 %s -o %t 2>&1 | %FileCheck --check-prefix=PCH %s
// RUN: %t | %FileCheck %s
// PCH: ampcc: precompiled <amp.h>: {{.*}}device-
// CHECK: equal 1, copied 5, filled 7, sorted 1
#include <amp.h>
#include <algorithm>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  std::vector<int> A(64), B(64);
  array_view<int, 1> V(64, A);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] = 63 - I[0]; });
  V.synchronize();
  for (int I = 0; I < 64; ++I)
    B[I] = 63 - I;
  bool Equal = A == B; // std::equal -> __equal_aux -> __is_pointer
  int Raw[5] = {1, 2, 3, 4, 5}, Copy[5];
  std::copy(Raw, Raw + 5, Copy); // __copy_move_a -> __is_trivial
  std::vector<char> Bytes(9);
  std::fill(Bytes.begin(), Bytes.end(), char(7)); // __fill_a -> __is_scalar, __is_byte
  std::sort(A.begin(), A.end());
  std::printf("equal %d, copied %d, filled %d, sorted %d\n", int(Equal), Copy[4], int(Bytes[8]),
              int(std::is_sorted(A.begin(), A.end())));
  return 0;
}
