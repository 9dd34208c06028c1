// Microsoft's stdext::checked_array_iterator and unchecked_array_iterator
// (Visual C++'s <iterator>, reached from every standard header there): a
// pointer and a size as a random-access iterator, for std algorithms and
// concurrency::copy into plain arrays. Debug builds (_DEBUG) check the
// bounds and end the program outside them, as Visual C++'s; release builds
// do not. -fno-ms-headers: stdext is not declared.
// REQUIRES: opencl
// UNSUPPORTED: opencl-rerun
// RUN: %ampcc %s -o %t 2> %t.err && %t | %FileCheck %s
// RUN: %FileCheck --allow-empty --check-prefix=QUIET %s < %t.err
// RUN: %ampcc -D_DEBUG %s -o %t.debug && %t.debug | %FileCheck %s
// RUN: %ampcc -D_DEBUG -DOUT_OF_RANGE %s -o %t.range && %not --crash %t.range 2>&1 | %FileCheck --check-prefix=RANGE %s
// RUN: %not %ampcc -fno-ms-headers %s -fsyntax-only 2>&1 | %FileCheck --check-prefix=OFF %s
// QUIET-NOT: {{warning|error}}
// CHECK: std::copy: 1 2 3 4
// CHECK: iterator arithmetic: 4 3 1 1
// CHECK: concurrency::copy: 0 wrong
// CHECK: unchecked: 9 9 9
// RANGE: stdext::checked_array_iterator: dereference outside the array
// OFF: error: use of undeclared identifier 'stdext'
#include <amp.h>
#include <algorithm>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  float A[4] = {1, 2, 3, 4}, B[4] = {};
  std::copy(A, A + 4, stdext::checked_array_iterator<float *>(B, 4));
  std::printf("std::copy: %g %g %g %g\n", B[0], B[1], B[2], B[3]);

  stdext::checked_array_iterator<float *> First = stdext::make_checked_array_iterator(B, 4);
  stdext::checked_array_iterator<float *> Last(B, 4, 4);
  std::printf("iterator arithmetic: %d %g %d %d\n", int(Last - First), First[2],
              int(First + 4 == Last), int(std::find(First, Last, 2.0f).base() == B + 1));

#ifdef OUT_OF_RANGE
  *Last = 0;
#endif

  const int N = 256;
  std::vector<int> Src(N);
  array_view<int, 1> V(N, Src);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] = I[0] * 3; });
  int *Out = new int[N];
  copy(V, stdext::checked_array_iterator<int *>(Out, N));
  int Wrong = 0;
  for (int I = 0; I < N; ++I)
    Wrong += Out[I] != I * 3;
  std::printf("concurrency::copy: %d wrong\n", Wrong);
  delete[] Out;

  int C[3];
  std::fill(stdext::make_unchecked_array_iterator(C), stdext::make_unchecked_array_iterator(C + 3), 9);
  std::printf("unchecked: %d %d %d\n", C[0], C[1], C[2]);
  return 0;
}
