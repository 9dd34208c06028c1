// Tiled kernels on the host backend: each tile runs on one thread, as
// loops over its work-items split at the barriers (WorkItemLoops.h), a called
// function that waits printed inline (barrier-callees.cpp has more). A tiled
// matrix multiply (barriers in a loop), a tree reduction (a barrier in a
// loop around a condition on the local index), tile_static atomics, a 3-D
// tile's ids (no barrier), barriers in a while loop and an if with uniform
// conditions and locals (a scalar and an array) live across them, and a
// barrier in a called function, each checked against the CPU.
// RUN: %ampcc -fhost-kernels %s -o %t && env AMPCC_BACKEND=host %t | %FileCheck %s
// RUN: %ampcc -emit-host-kernels %s -o %t.c && %FileCheck --check-prefix=LOOPS %s < %t.c
// CHECK: matmul: 0 mismatches of 9216
// CHECK: reduction: 0 mismatches of 64
// CHECK: tile_static atomics: 0 mismatches of 40
// CHECK: 3-d tile ids: 0 mismatches of 1920
// CHECK: uniform control flow: 0 mismatches of 256
// CHECK: barrier in a callee: 0 mismatches of 256
// CHECK: tile_static counts between barriers: 0 mismatches of 32
// CHECK-NOT: mismatch at
// The loops' locals live across barriers as arrays over the tile.
// LOOPS: void main_kernel__loops(const ampcc_item ampcc_tile,
// LOOPS: float ampcc_wi_Sum[256];
// A work-item loop is never unrolled whole before the vectoriser sees it
// (the loop over ly would be vectorised instead, with gathers).
// LOOPS: #pragma clang loop vectorize(assume_safety) unroll(disable)
// LOOPS-NEXT: for (size_t ampcc_lx = 0; ampcc_lx < 16; ++ampcc_lx) {
// LOOPS: void main_kernel_1__loops(
// LOOPS: void main_kernel_2__loops(
// LOOPS: void main_kernel_3__loops(
// LOOPS: void main_kernel_4__loops(
// LOOPS: float ampcc_wi_Pair[2][64];
// LOOPS: void main_kernel_5__loops(
// LOOPS: int ampcc_wi_ampcc_i1_Mine[64];
// Work-items that update tile_static memory through atomics (plain
// operations on the host) are never vector lanes of one another.
// LOOPS: void main_kernel_6__loops(
// LOOPS: #pragma clang loop vectorize(assume_safety)
// LOOPS: Count{{.*}} = 0;
// LOOPS-NOT: vectorize(assume_safety)
// LOOPS: ampcc_atomic_add_local_int(
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

static int report(const char *What, int Bad, int N) {
  std::printf("%s: %d mismatches of %d\n", What, Bad, N);
  return Bad;
}

static const int TS = 16;

// Doubles a tile's value after a barrier the callee waits at itself.
static void twiceAfterBarrier(int *S, int L, const tile_barrier &B) restrict(amp) {
  int Mine = S[63 - L];
  B.wait();
  S[L] = 2 * Mine;
}

int main() {
  int Fails = 0;
  const int M = 96, K = 80, N = 96;
  std::vector<float> A(M * K), B(K * N), C(M * N);
  for (int I = 0; I < M * K; ++I)
    A[I] = float(I % 7) - 3.0f;
  for (int I = 0; I < K * N; ++I)
    B[I] = float(I % 5) * 0.5f;
  array_view<const float, 2> AV(M, K, A), BV(K, N, B);
  array_view<float, 2> CV(M, N, C);
  CV.discard_data();
  parallel_for_each(CV.extent.tile<TS, TS>(), [=](tiled_index<TS, TS> T) restrict(amp) {
    tile_static float As[TS][TS], Bs[TS][TS];
    int Row = T.local[0], Col = T.local[1];
    float Sum = 0.0f;
    for (int Kt = 0; Kt < K; Kt += TS) {
      As[Row][Col] = AV(T.global[0], Kt + Col);
      Bs[Row][Col] = BV(Kt + Row, T.global[1]);
      T.barrier.wait();
      for (int Kk = 0; Kk < TS; ++Kk)
        Sum += As[Row][Kk] * Bs[Kk][Col];
      T.barrier.wait();
    }
    CV[T.global] = Sum;
  });
  CV.synchronize();
  int Bad = 0;
  for (int I = 0; I < M; ++I)
    for (int J = 0; J < N; ++J) {
      float Want = 0.0f;
      for (int Kk = 0; Kk < K; ++Kk)
        Want += A[I * K + Kk] * B[Kk * N + J];
      if (C[I * N + J] != Want && Bad++ < 5)
        std::printf("mismatch at %d,%d: %f, not %f\n", I, J, C[I * N + J], Want);
    }
  Fails += report("matmul", Bad, M * N);

  const int Tiles = 64, Size = 256;
  std::vector<int> In(Tiles * Size), Sums(Tiles);
  for (int I = 0; I < Tiles * Size; ++I)
    In[I] = I % 11;
  array_view<const int, 1> InV(Tiles * Size, In);
  array_view<int, 1> SumV(Tiles, Sums);
  parallel_for_each(InV.extent.tile<Size>(), [=](tiled_index<Size> T) restrict(amp) {
    tile_static int S[Size];
    int L = T.local[0];
    S[L] = InV[T.global];
    T.barrier.wait();
    for (int Half = Size / 2; Half > 0; Half /= 2) {
      if (L < Half)
        S[L] += S[L + Half];
      T.barrier.wait();
    }
    if (L == 0)
      SumV[T.tile] = S[0];
  });
  SumV.synchronize();
  Bad = 0;
  for (int G = 0; G < Tiles; ++G) {
    int Want = 0;
    for (int I = 0; I < Size; ++I)
      Want += In[G * Size + I];
    if (Sums[G] != Want && Bad++ < 5)
      std::printf("mismatch at tile %d: %d, not %d\n", G, Sums[G], Want);
  }
  Fails += report("reduction", Bad, Tiles);

  // Each tile counts its odd global indices in tile_static memory.
  std::vector<int> Odd(40);
  array_view<int, 1> OddV(40, Odd);
  parallel_for_each(extent<1>(40 * 64).tile<64>(), [=](tiled_index<64> T) restrict(amp) {
    tile_static int Count;
    if (T.local[0] == 0)
      Count = 0;
    T.barrier.wait();
    if (T.global[0] % 2)
      atomic_fetch_add(&Count, 1);
    T.barrier.wait();
    if (T.local[0] == 0)
      OddV[T.tile] = Count;
  });
  OddV.synchronize();
  Bad = 0;
  for (int G = 0; G < 40; ++G)
    if (Odd[G] != 32 && Bad++ < 5)
      std::printf("mismatch at tile %d: %d\n", G, Odd[G]);
  Fails += report("tile_static atomics", Bad, 40);

  // A 3-D tile: every work-item records its tile and local index.
  std::vector<int> Ids(4 * 12 * 40);
  array_view<int, 3> IdV(4, 12, 40, Ids);
  parallel_for_each(IdV.extent.tile<2, 4, 8>(), [=](tiled_index<2, 4, 8> T) restrict(amp) {
    IdV[T.global] = T.tile[0] * 1000000 + T.tile[1] * 10000 + T.tile[2] * 100 +
                    T.local[0] * 32 + T.local[1] * 8 + T.local[2];
  });
  IdV.synchronize();
  Bad = 0;
  for (int I = 0; I < 4; ++I)
    for (int J = 0; J < 12; ++J)
      for (int L = 0; L < 40; ++L) {
        int Want = (I / 2) * 1000000 + (J / 4) * 10000 + (L / 8) * 100 + (I % 2) * 32 +
                   (J % 4) * 8 + L % 8;
        int Got = Ids[(I * 12 + J) * 40 + L];
        if (Got != Want && Bad++ < 5)
          std::printf("mismatch at %d,%d,%d: %d\n", I, J, L, Got);
      }
  Fails += report("3-d tile ids", Bad, 4 * 12 * 40);

  // Barriers in a while loop and in an if, both uniform; a scalar and an
  // array live across them. Rounds 3, 2, 1: odd rounds mirror the tile.
  std::vector<int> U(256);
  array_view<int, 1> UV(256, U);
  parallel_for_each(UV.extent.tile<64>(), [=](tiled_index<64> T) restrict(amp) {
    tile_static int S[64];
    int L = T.local[0];
    int Steps = 3;
    float Pair[2];
    Pair[0] = float(T.global[0]);
    Pair[1] = 0.0f;
    while (Steps > 0) {
      S[L] = int(Pair[0]) + Steps;
      T.barrier.wait();
      if (Steps % 2 == 1) {
        Pair[1] += float(S[63 - L]);
        T.barrier.wait();
      }
      --Steps;
    }
    UV[T.global] = int(Pair[1]);
  });
  UV.synchronize();
  Bad = 0;
  for (int G = 0; G < 256; ++G) {
    int Mirror = G - G % 64 + 63 - G % 64;
    int Want = (Mirror + 3) + (Mirror + 1);
    if (U[G] != Want && Bad++ < 5)
      std::printf("mismatch at %d: %d, not %d\n", G, U[G], Want);
  }
  Fails += report("uniform control flow", Bad, 256);

  // A barrier in a called function, inlined into the tile function.
  std::vector<int> W(256);
  array_view<int, 1> WV(256, W);
  parallel_for_each(WV.extent.tile<64>(), [=](tiled_index<64> T) restrict(amp) {
    tile_static int S[64];
    S[T.local[0]] = T.global[0];
    T.barrier.wait();
    twiceAfterBarrier(S, T.local[0], T.barrier);
    T.barrier.wait();
    WV[T.global] = S[T.local[0]];
  });
  WV.synchronize();
  Bad = 0;
  for (int G = 0; G < 256; ++G) {
    int Want = 2 * (G - G % 64 + 63 - G % 64);
    if (W[G] != Want && Bad++ < 5)
      std::printf("mismatch at %d: %d, not %d\n", G, W[G], Want);
  }
  Fails += report("barrier in a callee", Bad, 256);

  // Straight-line atomics on tile_static bins between two barriers.
  std::vector<int> Bins(4 * 8);
  array_view<int, 2> BinV(4, 8, Bins);
  parallel_for_each(extent<1>(4 * 64).tile<64>(), [=](tiled_index<64> T) restrict(amp) {
    tile_static int Count[8];
    if (T.local[0] < 8)
      Count[T.local[0]] = 0;
    T.barrier.wait();
    atomic_fetch_add(&Count[T.global[0] % 8], T.tile[0] + 1);
    T.barrier.wait();
    if (T.local[0] < 8)
      BinV(T.tile[0], T.local[0]) = Count[T.local[0]];
  });
  BinV.synchronize();
  Bad = 0;
  for (int G = 0; G < 32; ++G)
    if (Bins[G] != 8 * (G / 8 + 1) && Bad++ < 5)
      std::printf("mismatch at %d: %d\n", G, Bins[G]);
  Fails += report("tile_static counts between barriers", Bad, 32);
  return Fails != 0;
}
