// Visual C++ parses a function template's body when it is instantiated:
// the header's template body names accelerator_view, array_view and index
// before
// this file's `using namespace concurrency;`. ampcc parses templates the
// same way by default; -fno-delayed-template-parsing restores standard
// two-phase lookup and the error.
// REQUIRES: opencl
// UNSUPPORTED: opencl-rerun
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// RUN: %not %ampcc -fno-delayed-template-parsing -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=STRICT %s
// STRICT: vc-matrix-helpers.h:{{[0-9]+}}:{{[0-9]+}}: error: unknown type name 'accelerator_view'
// CHECK: int 37x23 (x19): PASS
// CHECK-NEXT: float 16x40 (x8): PASS
#include <amp.h>
#include <cstdio>
#include <vector>
#include "Inputs/vc-matrix-helpers.h"

using namespace concurrency;

template <typename T>
static void check(const char *Name, int M, int N, int W) {
  std::vector<T> A(M * W), B(W * N), C(M * N);
  for (int I = 0; I < M * W; ++I)
    A[I] = T(I % 7);
  for (int I = 0; I < W * N; ++I)
    B[I] = T(I % 5 + 1);
  multiply(A, B, C, M, N, W);
  int Bad = 0;
  for (int I = 0; I < M; ++I)
    for (int J = 0; J < N; ++J) {
      T Want = 0;
      for (int K = 0; K < W; ++K)
        Want += A[I * W + K] * B[K * N + J];
      Bad += C[I * N + J] != Want;
    }
  std::printf("%s %dx%d (x%d): %s\n", Name, M, N, W, Bad ? "FAIL" : "PASS");
}

int main() {
  check<int>("int", 37, 23, 19);
  check<float>("float", 16, 40, 8);
  return 0;
}
