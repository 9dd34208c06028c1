// A kernel in a function names the function's parameters that it
// captures as the function's own declarations (ParmVarDecl): they are the
// tile's values, as a captured local is, not the index parameter. Taken for
// the index, they kept C++ AMP BLAS's kernels (every one a function of its
// library's, its options parameters: `trans == no_trans ? at[i][j] :
// at[j][i]`, a bound `k`) off work-item loops, on the per-work-item entry.
// The kernel below is its SYR2K's, with the parameters it branches on and
// loops to; against the CPU on the host backend, for both transposes.
// RUN: %ampcc -fhost-kernels %s -o %t && env AMPCC_BACKEND=host %t | %FileCheck %s
// RUN: %ampcc -emit-host-kernels %s -o %t.c && %FileCheck --check-prefix=LOOPS %s < %t.c
// CHECK: as stored: 0 mismatches of 1024
// CHECK: transposed: 0 mismatches of 1024
// CHECK-NOT: mismatch at
// LOOPS: void syr2k_kernel__loops(
// The reference, from a parameter, bound again in each work-item loop.
// LOOPS: __local float *Mine = &((*(Transposed ? &(At[
// The tile's continue, after the diagonal tiles' product.
// LOOPS: += At[kk][i] * Att[kk][j] + At[kk][j] * Att[kk][i];
// LOOPS: if (TileI == TileJ)
// LOOPS-NEXT: continue;
#include <amp.h>
#include "Inputs/report.h"
#include <cstdio>
#include <vector>
using namespace concurrency;

static const int TS = 16, N = 32, K = 48;

// C = A B^T + B A^T (or with A and B read transposed) on the tiles at or
// above the diagonal; K a parameter, so the loop's bound is one.
static void syr2k(array_view<const float, 2> AV, array_view<const float, 2> BV,
                  array_view<float, 2> OutV, bool Transposed, int Depth) {
  parallel_for_each(OutV.extent.tile<TS, TS>(), [=](tiled_index<TS, TS> T) restrict(amp) {
    tile_static float At[TS + 1][TS];
    tile_static float Att[TS + 1][TS];
    int i = T.local[1], j = T.local[0];
    int TileI = T.tile[1], TileJ = T.tile[0];
    int OriginI = T.tile_origin[1], OriginJ = T.tile_origin[0];
    if (TileJ < TileI)
      return;
    float &Mine = Transposed ? At[j][i] : At[i][j];
    float &MineT = Transposed ? Att[j][i] : Att[i][j];
    float Sum = 0;
    for (int ii = 0; ii < Depth; ii += TS) {
      index<2> AIdx = Transposed ? index<2>(ii + j, OriginI + i) : index<2>(OriginI + j, i + ii);
      index<2> BIdx = Transposed ? index<2>(ii + j, OriginJ + i) : index<2>(OriginJ + j, i + ii);
      Mine = AV[AIdx];
      MineT = BV[BIdx];
      T.barrier.wait();
      if (TileI == TileJ) {
        for (int kk = 0; kk < TS; ++kk)
          Sum += At[kk][i] * Att[kk][j] + At[kk][j] * Att[kk][i];
      } else {
        for (int kk = 0; kk < TS; ++kk)
          Sum += At[kk][i] * Att[kk][j];
      }
      T.barrier.wait();
      if (TileI == TileJ)
        continue;
      Mine = BV[AIdx];
      MineT = AV[BIdx];
      T.barrier.wait();
      for (int kk = 0; kk < TS; ++kk)
        Sum += At[kk][i] * Att[kk][j];
      T.barrier.wait();
    }
    OutV(T.global[1], T.global[0]) = Sum;
  });
  OutV.synchronize();
}

int main() {
  int Fails = 0;
  std::vector<float> A(N * K), B(N * K), At(K * N), Bt(K * N), Out(N * N), Want(N * N);
  for (int I = 0; I < N; ++I)
    for (int L = 0; L < K; ++L) {
      A[I * K + L] = At[L * N + I] = float((I + 3 * L) % 7) - 3;
      B[I * K + L] = Bt[L * N + I] = float((2 * I + L) % 5) - 2;
    }
  for (int I = 0; I < N; ++I)
    for (int J = 0; J < N; ++J) {
      float S = 0;
      for (int L = 0; L < K; ++L)
        S += A[I * K + L] * B[J * K + L] + B[I * K + L] * A[J * K + L];
      Want[I * N + J] = J / TS < I / TS ? -1.0f : S;
    }
  for (bool Transposed : {false, true}) {
    std::fill(Out.begin(), Out.end(), -1.0f);
    array_view<const float, 2> AV = Transposed ? array_view<const float, 2>(K, N, At)
                                               : array_view<const float, 2>(N, K, A);
    array_view<const float, 2> BV = Transposed ? array_view<const float, 2>(K, N, Bt)
                                               : array_view<const float, 2>(N, K, B);
    syr2k(AV, BV, array_view<float, 2>(N, N, Out), Transposed, K);
    Fails += report(Transposed ? "transposed" : "as stored", Out, Want);
  }
  return Fails != 0;
}
