// In a tile of more than one row, a uniform loop between barriers runs
// inside the loops over the rows and around the loop over a row's
// work-items (WorkItemInnerLoops.cpp, emitLiftedInRows): what each
// work-item accumulates over the loop then stays in registers. A row of a
// power of two up to 32 is one vector iteration (vectorize_width), others
// not; a rank-3 tile runs its loop in each (z, y) row; a guard on the
// fastest local id inside the loop narrows each row's loop. Checked
// against the CPU.
// RUN: %ampcc -fhost-kernels %s -o %t && env AMPCC_BACKEND=host %t | %FileCheck %s
// RUN: %ampcc -emit-host-kernels %s -o %t.c && %FileCheck --check-prefix=LOOPS %s < %t.c
// CHECK: tile 8x16: 0 mismatches of 1024
// CHECK: tile 4x12: 0 mismatches of 576
// CHECK: tile 2x2x8: 0 mismatches of 256
// CHECK: guarded: 0 mismatches of 1024
// CHECK-NOT: mismatch at
// LOOPS: void product_kernel__loops(
// LOOPS: for (size_t ampcc_ly = 0; ampcc_ly < 8; ++ampcc_ly) {
// LOOPS-NEXT: #line
// LOOPS-NEXT: int K = 0;
// LOOPS-NEXT: for (; K < 16; ++K)
// LOOPS-NEXT: {
// LOOPS-NEXT: #pragma clang loop vectorize(assume_safety) vectorize_width(16) unroll(disable)
// LOOPS-NEXT: for (size_t ampcc_lx = 0; ampcc_lx < 16; ++ampcc_lx) {
// LOOPS: void product_kernel_1__loops(
// LOOPS: for (size_t ampcc_ly = 0; ampcc_ly < 4; ++ampcc_ly) {
// LOOPS: for (; K < 12; ++K)
// LOOPS-NEXT: {
// LOOPS-NEXT: #pragma clang loop vectorize(assume_safety) unroll(disable)
// LOOPS-NEXT: for (size_t ampcc_lx = 0; ampcc_lx < 12; ++ampcc_lx) {
// LOOPS: void main_kernel__loops(
// LOOPS: for (size_t ampcc_ly = 0; ampcc_ly < 2; ++ampcc_ly) {
// LOOPS: for (; K < 8; ++K)
// LOOPS-NEXT: {
// LOOPS-NEXT: #pragma clang loop vectorize(assume_safety) vectorize_width(8) unroll(disable)
// LOOPS: void main_kernel_1__loops(
// LOOPS: for (size_t ampcc_ly = 0; ampcc_ly < 8; ++ampcc_ly) {
// LOOPS: for (; K < 16; ++K)
// LOOPS: for (size_t ampcc_lx = ampcc_glo; ampcc_lx < ampcc_ghi; ++ampcc_lx) {
#include <amp.h>
#include "Inputs/report.h"
#include <cstdio>
#include <vector>
using namespace concurrency;

// C = A * B over a tile of TY x TX: each work-item sums a row of A's tile
// times a column of B's, K the uniform loop's counter.
template <int TY, int TX>
int product(const char *What, int Rows, int Cols) {
  std::vector<float> A(Rows * TX), B(TX * Cols), C(Rows * Cols), Want(Rows * Cols);
  for (int I = 0; I < Rows * TX; ++I)
    A[I] = float(I % 7) - 3.0f;
  for (int I = 0; I < TX * Cols; ++I)
    B[I] = float(I % 5) * 0.5f;
  for (int R = 0; R < Rows; ++R)
    for (int C2 = 0; C2 < Cols; ++C2) {
      float S = 0.0f;
      for (int K = 0; K < TX; ++K)
        S += A[R * TX + K] * B[K * Cols + C2];
      Want[R * Cols + C2] = S;
    }
  array_view<const float, 2> AV(Rows, TX, A), BV(TX, Cols, B);
  array_view<float, 2> CV(Rows, Cols, C);
  parallel_for_each(CV.extent.tile<TY, TX>(), [=](tiled_index<TY, TX> T) restrict(amp) {
    tile_static float As[TY][TX];
    int LR = T.local[0], LC = T.local[1];
    As[LR][LC] = AV(T.global[0], LC);
    float Sum = 0.0f;
    T.barrier.wait();
    for (int K = 0; K < TX; ++K)
      Sum += As[LR][K] * BV(K, T.global[1]);
    T.barrier.wait();
    CV[T.global] = Sum;
  });
  CV.synchronize();
  return report(What, C, Want);
}

int main() {
  int Fails = 0;
  Fails += product<8, 16>("tile 8x16", 32, 32);
  Fails += product<4, 12>("tile 4x12", 24, 24);

  {
    // Rank 3: the loop in each of the four (z, y) rows of a 2x2x8 tile.
    const int D0 = 4, D1 = 4, D2 = 16;
    std::vector<int> Out(D0 * D1 * D2), Want(D0 * D1 * D2);
    for (int I = 0; I < D0 * D1 * D2; ++I) {
      int X = I % D2, Z = I / (D1 * D2), Y = (I / D2) % D1;
      int S = 0;
      for (int K = 0; K < 8; ++K)
        S += (K + 1) * (X % 8 + 2 * (Y % 2) + 3 * (Z % 2));
      Want[I] = S;
    }
    array_view<int, 3> OV(D0, D1, D2, Out);
    parallel_for_each(OV.extent.tile<2, 2, 8>(), [=](tiled_index<2, 2, 8> T) restrict(amp) {
      tile_static int W[2][2][8];
      W[T.local[0]][T.local[1]][T.local[2]] =
          T.local[2] + 2 * T.local[1] + 3 * T.local[0];
      int S = 0;
      T.barrier.wait();
      for (int K = 0; K < 8; ++K)
        S += (K + 1) * W[T.local[0]][T.local[1]][T.local[2]];
      T.barrier.wait();
      OV[T.global] = S;
    });
    OV.synchronize();
    Fails += report("tile 2x2x8", Out, Want);
  }

  {
    // A guard on the fastest local id inside the loop: each row's loop
    // runs over the admitted work-items alone.
    const int N = 32;
    std::vector<int> Out(N * N), Want(N * N);
    for (int I = 0; I < N * N; ++I) {
      int X = I % N % 16, Y = I / N % 8;
      int S = 0;
      for (int K = 0; K < 16; ++K)
        if (X < K)
          S += Y * 16 + K;
      Want[I] = S;
    }
    array_view<int, 2> OV(N, N, Out);
    parallel_for_each(OV.extent.tile<8, 16>(), [=](tiled_index<8, 16> T) restrict(amp) {
      tile_static int Row[8][16];
      Row[T.local[0]][T.local[1]] = T.local[0] * 16 + T.local[1];
      int S = 0;
      T.barrier.wait();
      for (int K = 0; K < 16; ++K)
        if (T.local[1] < K)
          S += Row[T.local[0]][K];
      T.barrier.wait();
      OV[T.global] = S;
    });
    OV.synchronize();
    Fails += report("guarded", Out, Want);
  }

  return Fails != 0;
}
