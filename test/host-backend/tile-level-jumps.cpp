// What keeps a tiled kernel in work-item loops on the host backend
// (WorkItemLoops.h), each against the CPU: a local of a plain class
// (index<2>, a struct of the program's) live across barriers, an array
// over the tile of structs; a reference to a tile_static element, bound
// again in every work-item loop; `if (c) continue;` and `break;` whose c
// is the tile's (from t.tile, through locals), run once at the loop holding
// the barriers. A continue whose condition differs between work-items
// keeps the per-work-item entry, and still gives the right answer.
// The second kernel has C++ AMP BLAS's SSYR2K's shape, with a barrier at
// the end of its loop's body that ampblas's lacks: there, the last reads
// of one iteration race with the first writes of the next, which the
// per-work-item entry exposed (1469 wrong of a 64 x 64 result) and work-item
// loops, like PoCL's, do not (a region ends at the iteration's end).
// RUN: %ampcc -fhost-kernels %s -o %t && env AMPCC_BACKEND=host %t | %FileCheck %s
// RUN: %ampcc -emit-host-kernels %s -o %t.c && %FileCheck --check-prefix=LOOPS %s < %t.c
// RUN: %ampcc -fhost-kernels -emit-opencl %s -o %t.cl && %clcheck %t.cl
// CHECK: plain locals: 0 mismatches of 1024
// CHECK: syr2k shape: 0 mismatches of 1024
// CHECK: uniform break: 0 mismatches of 1024
// CHECK: varying continue: 0 mismatches of 1024
// CHECK-NOT: mismatch at
// LOOPS: void main_kernel__loops(
// LOOPS: Concurrency_index_2 ampcc_wi_Idx[256];
// LOOPS: Pair ampcc_wi_P[256];
// LOOPS: void main_kernel_1__loops(
// LOOPS: __local float *Mine = &((*(Transposed ? &(At[
// The product of the tiles off the diagonal, then the tile's continue.
// LOOPS: ampcc_wi_Sum[ampcc_wi] += At[kk][i] * Att[kk][j];
// LOOPS: if (TileI == TileJ)
// LOOPS-NEXT: continue;
// LOOPS: void main_kernel_2__loops(
// LOOPS: if (Round == Stop)
// LOOPS-NEXT: break;
// LOOPS-NOT: void main_kernel_3__loops(
// LOOPS: #endif
#include <amp.h>
#include "Inputs/report.h"
#include <cstdio>
#include <vector>
using namespace concurrency;

static const int TS = 16, N = 32, K = 48;

struct Pair {
  int A;
  float B;
};

int main() {
  int Fails = 0;
  std::vector<float> A(N * K), B(N * K), Out(N * N), Want(N * N);
  for (int I = 0; I < N * K; ++I) {
    A[I] = float(I % 7) - 3;
    B[I] = float(I % 5) - 2;
  }
  array_view<const float, 2> AV(N, K, A), BV(N, K, B);
  array_view<float, 2> OutV(N, N, Out);

  // An index and a struct of the program's, set before the barrier and
  // read after it; each work-item reads its mirror's tile_static value.
  parallel_for_each(OutV.extent.tile<TS, TS>(), [=](tiled_index<TS, TS> T) restrict(amp) {
    tile_static float S[TS][TS];
    index<2> Idx(T.global[1], T.global[0]);
    Pair P;
    P.A = T.local[0] * 3;
    P.B = AV(T.global[0], T.local[1]);
    S[T.local[0]][T.local[1]] = P.B;
    T.barrier.wait();
    OutV[Idx] = float(P.A) + S[TS - 1 - T.local[0]][T.local[1]];
  });
  OutV.synchronize();
  // Work-item (g0, g1) writes Out[g1][g0] = 3 l0 + A(g0 of the work-item at
  // local row TS - 1 - l0 of its tile, l1).
  for (int G0 = 0; G0 < N; ++G0)
    for (int G1 = 0; G1 < N; ++G1) {
      int Mirror = G0 - G0 % TS + TS - 1 - G0 % TS;
      Want[G1 * N + G0] = float(3 * (G0 % TS)) + A[Mirror * K + G1 % TS];
    }
  Fails += report("plain locals", Out, Want);

  // C = A B^T + B A^T on tiles at or above the diagonal, as SSYR2K: a
  // reference into tile_static storage, a uniform continue on the diagonal.
  std::fill(Out.begin(), Out.end(), -1.0f);
  OutV.refresh();
  bool Transposed = Out.size() == 0; // false, unknown to the compiler
  parallel_for_each(OutV.extent.tile<TS, TS>(), [=](tiled_index<TS, TS> T) restrict(amp) {
    tile_static float At[TS + 1][TS];
    tile_static float Att[TS + 1][TS];
    int i = T.local[1], j = T.local[0];
    int TileI = T.tile[1], TileJ = T.tile[0];
    int OriginI = T.tile_origin[1], OriginJ = T.tile_origin[0];
    if (TileJ < TileI)
      return;
    // As ampblas: which element a work-item owns depends on a capture.
    float &Mine = Transposed ? At[j][i] : At[i][j];
    float &MineT = Transposed ? Att[j][i] : Att[i][j];
    float Sum = 0;
    for (int ii = 0; ii < K; ii += TS) {
      index<2> AIdx(OriginI + j, i + ii), BIdx(OriginJ + j, i + ii);
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
  for (int I = 0; I < N; ++I)
    for (int J = 0; J < N; ++J) {
      float S = 0;
      for (int L = 0; L < K; ++L)
        S += A[I * K + L] * B[J * K + L] + B[I * K + L] * A[J * K + L];
      Want[I * N + J] = J / TS < I / TS ? -1.0f : S;
    }
  Fails += report("syr2k shape", Out, Want);

  // Tile t leaves its loop of barriers after t + 1 rounds.
  parallel_for_each(OutV.extent.tile<TS, TS>(), [=](tiled_index<TS, TS> T) restrict(amp) {
    tile_static float S[TS][TS];
    int Stop = T.tile[0] + 2 * T.tile[1] + 1;
    float Sum = 0;
    for (int Round = 0; Round < 8; ++Round) {
      S[T.local[0]][T.local[1]] = float(Round * T.local[1]);
      T.barrier.wait();
      Sum += S[T.local[1]][T.local[0]];
      if (Round == Stop)
        break;
      T.barrier.wait();
    }
    OutV[T.global] = Sum;
  });
  OutV.synchronize();
  for (int R = 0; R < N; ++R)
    for (int C = 0; C < N; ++C) {
      int Stop = R / TS + 2 * (C / TS) + 1;
      float Sum = 0;
      for (int Round = 0; Round < 8; ++Round) {
        Sum += float(Round * (R % TS));
        if (Round == Stop)
          break;
      }
      Want[R * N + C] = Sum;
    }
  Fails += report("uniform break", Out, Want);

  // The condition follows the work-item: not taken by the loops.
  parallel_for_each(OutV.extent.tile<TS, TS>(), [=](tiled_index<TS, TS> T) restrict(amp) {
    tile_static float S[TS][TS];
    float Sum = 0;
    for (int Round = 0; Round < 4; ++Round) {
      S[T.local[0]][T.local[1]] = float(Round + T.local[0]);
      T.barrier.wait();
      float Seen = S[TS - 1 - T.local[0]][T.local[1]];
      T.barrier.wait();
      if (Round == T.local[1] % 4)
        continue;
      Sum += Seen;
    }
    OutV[T.global] = Sum;
  });
  OutV.synchronize();
  for (int R = 0; R < N; ++R)
    for (int C = 0; C < N; ++C) {
      float Sum = 0;
      for (int Round = 0; Round < 4; ++Round)
        if (Round != C % TS % 4)
          Sum += float(Round + TS - 1 - R % TS);
      Want[R * N + C] = Sum;
    }
  Fails += report("varying continue", Out, Want);
  return Fails != 0;
}
