// A local computed from a barrier loop's counter (`int j = dummy ? jj : 0;`,
// as C++ AMP BLAS's triangular solve writes it) is in scope only inside the
// loop: the host backend once took it for a value made from the index
// alone, declared it at the tile function's start, where `jj` is not
// declared, and the kernels' C did not compile. The solve (an upper
// triangular system, one tile walking the rows from the bottom) is checked
// against the CPU.
// RUN: %ampcc -fhost-kernels %s -o %t && env AMPCC_BACKEND=host %t | %FileCheck %s
// RUN: %ampcc %s -o %t.cl && %t.cl | %FileCheck %s
// CHECK: solve: 0 mismatches of 40
#include <amp.h>
#include <cmath>
#include <cstdio>
#include <vector>
using namespace concurrency;

static const int N = 40, Tile = 16;

int main() {
  std::vector<float> A(N * N, 0.0f), X(N), Want(N);
  for (int R = 0; R < N; ++R)
    for (int C = R; C < N; ++C)
      A[R * N + C] = R == C ? 2.0f : 0.25f * float((R + C) % 3);
  for (int I = 0; I < N; ++I)
    X[I] = float(I % 5) + 1.0f;
  // The CPU: back substitution in the kernel's order.
  Want = X;
  for (int J = N - 1; J >= 0; --J) {
    Want[J] /= A[J * N + J];
    for (int I = 0; I < J; ++I)
      Want[I] -= Want[J] * A[I * N + J];
  }
  array_view<const float, 2> a(N, N, A);
  array_view<float, 1> x(N, X);
  const int n = N, dummy = 1;
  parallel_for_each(extent<1>(Tile).tile<Tile>(), [=](tiled_index<Tile> T) restrict(amp) {
    for (int jj = n - 1; jj >= 0; jj--) {
      int j = dummy ? jj : 0;
      if (T.local[0] == 0)
        x[j] /= a(j, j);
      T.barrier.wait();
      float Alpha = x[j];
      for (int i = T.local[0]; i < j; i += Tile)
        x[i] -= Alpha * a(i, j);
      T.barrier.wait();
    }
  });
  x.synchronize();
  int Bad = 0;
  for (int I = 0; I < N; ++I)
    if (std::fabs(X[I] - Want[I]) > 1e-4f * (1.0f + std::fabs(Want[I])))
      ++Bad;
  std::printf("solve: %d mismatches of %d\n", Bad, N);
  return Bad != 0;
}
