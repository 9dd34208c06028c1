// Statements between two barriers that are one `if` comparing the local id
// of the tile's fastest dimension with a value alike for the tile run, on
// the host backend, as a loop over the work-items the condition admits
// (WorkItemGuards.cpp). Checked against the CPU: a tree reduction (`l <
// stride` inside an inlined callee, `l == 0`); the id on the right (`n >
// l`), `>=`, `<=`; bounds below 0, past the tile and in it; a rank-2 tile,
// whose fastest dimension is local[1]; the id plus terms (`l + TS * i` in a
// loop lifted out of the work-item loop, `l - 3`); an `else`, and an
// assignment of a choice on such a guard (`s[l] = l < step ? a : b`, `==`
// with a bound in the tile and past it), whose other side runs as loops
// over the work-items the guard refuses; and guards that keep the whole
// loop: local[0] of the rank-2 tile, an unsigned comparison, a bound that
// varies by work-item.
// RUN: %ampcc -fhost-kernels %s -o %t && env AMPCC_BACKEND=host %t | %FileCheck %s
// RUN: %ampcc -emit-host-kernels %s -o %t.c && %FileCheck --check-prefix=LOOPS %s < %t.c
// CHECK: tree: 0 mismatches of 512
// CHECK: comparisons: 0 mismatches of 512
// CHECK: rank 2: 0 mismatches of 256
// CHECK: offsets: 0 mismatches of 2048
// CHECK: whole loops: 0 mismatches of 512
// CHECK: choices: 0 mismatches of 512
// CHECK-NOT: mismatch at
//
// The tree's steps and the last write: loops over the admitted work-items.
// LOOPS: void main_kernel__loops(
// LOOPS: long ampcc_gb = (long)(ampcc_i1_Stride);
// LOOPS-NEXT: size_t ampcc_glo = 0, ampcc_ghi = (ampcc_gb < 0 ? 0 : ampcc_gb > 64 ? 64 : ampcc_gb);
// LOOPS: for (size_t ampcc_lx = ampcc_glo; ampcc_lx < ampcc_ghi; ++ampcc_lx) {
// LOOPS-NOT: if (
// LOOPS: S[ampcc_i1_p_L] += ampcc_i1_p_S[ampcc_i1_p_L + ampcc_i1_Stride];
// LOOPS: long ampcc_gb = (long)(0);
// LOOPS-NEXT: size_t ampcc_glo = (ampcc_gb < 0 ? 0 : ampcc_gb > 64 ? 64 : ampcc_gb), ampcc_ghi = (ampcc_gb >= 0 && ampcc_gb < 64 ? ampcc_gb + 1 : 0);
// `n > l` is `l < n`; `l >= a` starts at a; `l <= b` ends after b.
// LOOPS: void main_kernel_1__loops(
// LOOPS: size_t ampcc_glo = 0, ampcc_ghi = (ampcc_gb < 0 ? 0 : ampcc_gb > 64 ? 64 : ampcc_gb);
// LOOPS: size_t ampcc_glo = (ampcc_gb < 0 ? 0 : ampcc_gb > 64 ? 64 : ampcc_gb), ampcc_ghi = 64;
// LOOPS: size_t ampcc_glo = 0, ampcc_ghi = ((ampcc_gb >= 64 ? 64 : ampcc_gb + 1) < 0
// LOOPS: void main_kernel_2__loops(
// LOOPS: ampcc_gb > 16 ? 16 : ampcc_gb
// LOOPS-NEXT: for (size_t ampcc_lz = 0; ampcc_lz < 1; ++ampcc_lz)
// LOOPS-NEXT: for (size_t ampcc_ly = 0; ampcc_ly < 4; ++ampcc_ly)
// LOOPS-NEXT: #pragma
// LOOPS-NEXT: for (size_t ampcc_lx = ampcc_glo; ampcc_lx < ampcc_ghi; ++ampcc_lx) {
// LOOPS-NOT: ampcc_glo
// LOOPS: if ({{.*}}Row < 2)
// LOOPS: void main_kernel_3__loops(
// LOOPS: long ampcc_gb = (long)(Step) - (long)(64 * I);
// LOOPS: for (size_t ampcc_lx = ampcc_glo; ampcc_lx < ampcc_ghi; ++ampcc_lx) {
// LOOPS: int J = L + 64 * I;
// LOOPS-NOT: if (
// LOOPS: S[J] += J + 1;
// LOOPS: long ampcc_gb = (long)(Concurrency_index_1_operator_subscript(T.tile, (uint)(0))) + (long)(3);
// LOOPS: void main_kernel_4__loops(
// LOOPS: if ((uint)(L) < 7u)
// LOOPS: size_t ampcc_glo = 0, ampcc_ghi = (ampcc_gb < 0 ? 0 : ampcc_gb > 64 ? 64 : ampcc_gb);
// LOOPS: S[L] += 4;
// LOOPS: size_t ampcc_olo = ampcc_glo < ampcc_ghi ? ampcc_glo : 64, ampcc_ohi = ampcc_glo < ampcc_ghi ? ampcc_ghi : 64;
// LOOPS: for (size_t ampcc_lx = 0; ampcc_lx < ampcc_olo; ++ampcc_lx) {
// LOOPS: S[L] += 8;
// LOOPS: for (size_t ampcc_lx = ampcc_ohi; ampcc_lx < 64; ++ampcc_lx) {
// LOOPS: S[L] += 8;
// LOOPS-NOT: ampcc_glo
// LOOPS: if (L < ampcc_view_cint_1_at_dom_rdv(InV, T.global__) + 20)
// The choices: each side a loop of its own, no `?` left in them.
// LOOPS: void main_kernel_5__loops(
// LOOPS: size_t ampcc_glo = 0, ampcc_ghi =
// LOOPS: for (size_t ampcc_lx = ampcc_glo; ampcc_lx < ampcc_ghi; ++ampcc_lx) {
// LOOPS: S[L] = ampcc_view_cint_1_at_dom_rdv(InV, T.global__) * 3;
// LOOPS: for (size_t ampcc_lx = 0; ampcc_lx < ampcc_olo; ++ampcc_lx) {
// LOOPS: S[L] = L + 100;
// LOOPS: for (size_t ampcc_lx = ampcc_ohi; ampcc_lx < 64; ++ampcc_lx) {
// LOOPS: S[L] = L + 100;
// LOOPS: ampcc_ghi = (ampcc_gb >= 0 && ampcc_gb < 64 ? ampcc_gb + 1 : 0);
// LOOPS: S[L] = S[L] + 1000;
// LOOPS: S[L] = S[L] + 1;
// LOOPS: S[L] = S[L] + 1;
#include <amp.h>
#include "Inputs/report.h"
#include <cstdio>
#include <vector>
using namespace concurrency;

static const int TS = 64;

// Adds S[0..TS) into S[0], as the reductions of C++ AMP's samples do.
void tree(int *S, int L, const tile_barrier &Barrier) restrict(amp) {
  for (int Stride = TS / 2; Stride > 0; Stride /= 2) {
    Barrier.wait();
    if (L < Stride)
      S[L] += S[L + Stride];
  }
}

int main() {
  const int Items = 512;
  int Fails = 0;
  std::vector<int> In(Items), Out(Items), Want(Items);
  for (int I = 0; I < Items; ++I)
    In[I] = (I * 13) % 29 - 9;
  array_view<const int, 1> InV(Items, In);
  array_view<int, 1> OutV(Items, Out);

  OutV.discard_data();
  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static int S[TS];
    int L = T.local[0];
    S[L] = InV[T.global];
    tree(S, L, T.barrier);
    T.barrier.wait();
    if (L == 0)
      OutV[T.tile_origin] = S[0];
    T.barrier.wait();
    if (L != 0)
      OutV[T.global] = -1;
  });
  OutV.synchronize();
  for (int G = 0; G < Items; ++G) {
    int Sum = 0;
    for (int I = 0; I < TS; ++I)
      Sum += In[G - G % TS + I];
    Want[G] = G % TS == 0 ? Sum : -1;
  }
  Fails += report("tree", Out, Want);

  // Bounds from the tile's number: -3 (none), 17, 37, 57 (some), 77 and
  // on (all), and 5 either side.
  OutV.discard_data();
  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static int S[TS];
    int L = T.local[0];
    int N = T.tile[0] * 20 - 3, A = N - 5, B = N + 5;
    S[L] = 0;
    T.barrier.wait();
    if (N > L)
      S[L] += 1;
    T.barrier.wait();
    if (L >= A)
      S[L] += 10;
    T.barrier.wait();
    if (T.local[0] <= B)
      S[L] += 100;
    T.barrier.wait();
    OutV[T.global] = S[L];
  });
  OutV.synchronize();
  for (int G = 0; G < Items; ++G) {
    int L = G % TS, N = G / TS * 20 - 3;
    Want[G] = (N > L) + 10 * (L >= N - 5) + 100 * (L <= N + 5);
  }
  Fails += report("comparisons", Out, Want);

  // Rank 2, tile 4x16: local[1] is the fastest dimension.
  std::vector<int> Out2(256), Want2(256);
  array_view<int, 2> Out2V(16, 16, Out2);
  Out2V.discard_data();
  parallel_for_each(Out2V.extent.tile<4, 16>(), [=](tiled_index<4, 16> T) restrict(amp) {
    tile_static int S[4][16];
    int Row = T.local[0], Col = T.local[1];
    S[Row][Col] = Row * 100 + Col;
    T.barrier.wait();
    if (Col < 5 + T.tile[1])
      S[Row][Col] = -S[Row][Col];
    T.barrier.wait();
    if (Row < 2)
      S[Row][Col] += 1000;
    T.barrier.wait();
    Out2V[T.global] = S[Row][Col];
  });
  Out2V.synchronize();
  for (int G = 0; G < 256; ++G) {
    int Row = G / 16 % 4, Col = G % 16;
    Want2[G] = (Col < 5 ? -1 : 1) * (Row * 100 + Col) + (Row < 2 ? 1000 : 0);
  }
  Fails += report("rank 2", Out2, Want2);

  // The id plus terms alike for the tile, declared in the region: a loop
  // lifted out of the work-item loop (`j = l + TS * i`, a binomial tree's
  // step), and `l - 3`.
  std::vector<int> Out4(4 * Items), Want4(4 * Items);
  array_view<int, 1> Out4V(4 * Items, Out4);
  Out4V.discard_data();
  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static int S[4 * TS];
    int L = T.local[0], Step = 100 + 37 * T.tile[0];
    for (int I = 0; I < 4; ++I)
      S[L + TS * I] = 0;
    T.barrier.wait();
    for (int I = 0; I < 4; ++I) {
      int J = L + TS * I;
      if (J < Step)
        S[J] += J + 1;
    }
    T.barrier.wait();
    int Back = L - 3;
    if (Back >= T.tile[0])
      S[L] += 1000;
    T.barrier.wait();
    for (int I = 0; I < 4; ++I)
      Out4V[4 * T.tile_origin[0] + L + TS * I] = S[L + TS * I];
  });
  Out4V.synchronize();
  for (int G = 0; G < 4 * Items; ++G) {
    int Tile = G / (4 * TS), J = G % (4 * TS);
    Want4[G] = (J < 100 + 37 * Tile ? J + 1 : 0) + (J < TS && J - 3 >= Tile ? 1000 : 0);
  }
  Fails += report("offsets", Out4, Want4);

  // Guards that are not on the fastest id against a uniform bound.
  OutV.discard_data();
  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static int S[TS];
    int L = T.local[0];
    S[L] = 1;
    T.barrier.wait();
    if (unsigned(L) < 7u)
      S[L] += 2;
    T.barrier.wait();
    if (L < 9)
      S[L] += 4;
    else
      S[L] += 8;
    T.barrier.wait();
    if (L < InV[T.global] + 20)
      S[L] += 16;
    T.barrier.wait();
    OutV[T.global] = S[L];
  });
  OutV.synchronize();
  for (int G = 0; G < Items; ++G) {
    int L = G % TS;
    Want[G] = 1 + 2 * (L < 7) + (L < 9 ? 4 : 8) + 16 * (L < In[G] + 20);
  }
  Fails += report("whole loops", Out, Want);

  // Choices on the guard. The step is below 0, in the tile and past it;
  // the picked work-item in tile 0 only, past the tile in the others (an
  // equality admitting none: each work-item still adds 1 once).
  OutV.discard_data();
  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static int S[TS];
    int L = T.local[0];
    S[L] = 0;
    T.barrier.wait();
    S[L] = L < 13 * T.tile[0] - 20 ? InV[T.global] * 3 : L + 100;
    T.barrier.wait();
    S[L] = L == 70 * T.tile[0] + 5 ? S[L] + 1000 : S[L] + 1;
    T.barrier.wait();
    OutV[T.global] = S[L];
  });
  OutV.synchronize();
  for (int G = 0; G < Items; ++G) {
    int L = G % TS, Tile = G / TS;
    int First = L < 13 * Tile - 20 ? In[G] * 3 : L + 100;
    Want[G] = First + (L == 70 * Tile + 5 ? 1000 : 1);
  }
  Fails += report("choices", Out, Want);
  return Fails != 0;
}
