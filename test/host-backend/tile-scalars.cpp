// A local that lives across a barrier, declared at the start of a region
// (before anything between two barriers writes) from values alike for the
// tile (captures, the tile's number, elements of views and of tile_static
// memory at such places, fast_math and precise_math of them, functions of
// arithmetic values alone), is computed
// once for the tile before the region's work-item loop, as a scalar, on
// the host backend (WorkItemLoops::tileValue): binomial's option
// parameters had been arrays over the tile, read in every step. Checked
// against the CPU: a view's element, math and a function on it (one that
// reads through a pointer keeps an array); tile_static elements
// read right after a barrier and overwritten in the next phase; a value
// per iteration of a loop holding barriers. And locals that stay arrays:
// one declared after a write of the region, one declared beside a value
// per work-item, one in a kernel that may return first.
// RUN: %ampcc -fhost-kernels %s -o %t && env AMPCC_BACKEND=host %t | %FileCheck %s
// RUN: %ampcc -emit-host-kernels %s -o %t.c && %FileCheck --check-prefix=LOOPS %s < %t.c
// CHECK: parameters: 0 mismatches of 512
// CHECK: after a barrier: 0 mismatches of 512
// CHECK: per iteration: 0 mismatches of 512
// CHECK: arrays: 0 mismatches of 512
// CHECK-NOT: mismatch at
//
// LOOPS: void main_kernel__loops(
// LOOPS-DAG: float ampcc_wi_Scale;
// LOOPS-DAG: float ampcc_wi_Root;
// LOOPS-DAG: float ampcc_wi_Half;
// LOOPS-DAG: float ampcc_wi_ViaPointer[64];
// LOOPS: ampcc_wi_Scale = ampcc_view_cfloat_1_at1{{.*}}(ParamV, Concurrency_index_1_operator_subscript(T.tile, (uint)(0))) * 2.0f;
// LOOPS: ampcc_wi_Root = sqrt(ampcc_wi_Scale);
// LOOPS: ampcc_wi_Half = half_(ampcc_wi_Root);
// LOOPS-NEXT: for (size_t ampcc_lz = 0;
// LOOPS: S[L] = ampcc_wi_Scale * (float)(L) + ampcc_wi_Root;
// LOOPS: void main_kernel_1__loops(
// LOOPS: int ampcc_wi_First;
// LOOPS: ampcc_wi_First = S[0];
// LOOPS-NEXT: ampcc_wi_Last = S[64 - 1];
// LOOPS-NEXT: for (size_t ampcc_lz = 0;
// LOOPS: void main_kernel_2__loops(
// LOOPS: float ampcc_wi_W;
// LOOPS: for (; K < 4; ++K)
// LOOPS: ampcc_wi_W = ampcc_view_cfloat_1_at1
// LOOPS: void main_kernel_3__loops(
// LOOPS-DAG: float ampcc_wi_Late[64];
// LOOPS-DAG: float ampcc_wi_Q[64];
// LOOPS-DAG: float ampcc_wi_R[64];
// LOOPS: void main_kernel_4__loops(
// LOOPS: float ampcc_wi_V[64];
#include <amp.h>
#include <amp_math.h>
#include "Inputs/report.h"
#include <cmath>
#include <cstdio>
#include <vector>
using namespace concurrency;

static const int TS = 64, Items = 512, Tiles = Items / TS;

static float half(float X) restrict(cpu, amp) { return X * 0.5f; }
static float first(const float *P) restrict(cpu, amp) { return P[0]; }

int main() {
  int Fails = 0;
  std::vector<float> Param(Tiles), Out(Items), Want(Items);
  for (int I = 0; I < Tiles; ++I)
    Param[I] = float(I * I + 1);
  array_view<const float, 1> ParamV(Tiles, Param);
  array_view<float, 1> OutV(Items, Out);

  // A view's element, and precise_math on it (exact for these squares).
  OutV.discard_data();
  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static float S[TS];
    int L = T.local[0];
    float Scale = ParamV[T.tile[0]] * 2.0f;
    float Root = precise_math::sqrt(Scale);
    float Half = half(Root);
    float ViaPointer = first(&ParamV[T.tile[0]]);
    S[L] = Scale * L + Root;
    T.barrier.wait();
    OutV[T.global] = S[TS - 1 - L] + Scale + Half - ViaPointer;
  });
  OutV.synchronize();
  for (int G = 0; G < Items; ++G) {
    float Scale = Param[G / TS] * 2.0f;
    Want[G] = (Scale * float(TS - 1 - G % TS) + std::sqrt(Scale)) + Scale +
              std::sqrt(Scale) * 0.5f - Param[G / TS];
  }
  Fails += report("parameters", Out, Want);

  // tile_static elements read at a region's start, then overwritten: each
  // work-item must see the values of before.
  OutV.discard_data();
  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static int S[TS];
    int L = T.local[0];
    S[L] = T.global[0] * 3 + 1;
    T.barrier.wait();
    int First = S[0], Last = S[TS - 1];
    T.barrier.wait();
    S[L] = L;
    T.barrier.wait();
    OutV[T.global] = float(S[L] + First - Last);
  });
  OutV.synchronize();
  for (int G = 0; G < Items; ++G) {
    int Origin = G - G % TS;
    Want[G] = float(G % TS + (Origin * 3 + 1) - ((Origin + TS - 1) * 3 + 1));
  }
  Fails += report("after a barrier", Out, Want);

  // A tile value declared in a loop holding barriers: one per iteration.
  OutV.discard_data();
  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static float S[TS];
    int L = T.local[0];
    S[L] = 0.0f;
    for (int K = 0; K < 4; ++K) {
      float W = ParamV[(T.tile[0] + K) % Tiles];
      T.barrier.wait();
      S[L] += W * (K + 1);
      T.barrier.wait();
    }
    OutV[T.global] = S[L];
  });
  OutV.synchronize();
  for (int G = 0; G < Items; ++G) {
    float Sum = 0.0f;
    for (int K = 0; K < 4; ++K)
      Sum += Param[(G / TS + K) % Tiles] * float(K + 1);
    Want[G] = Sum;
  }
  Fails += report("per iteration", Out, Want);

  // Arrays over the tile: declared after a write of the region, beside a
  // value per work-item; and a kernel whose work-items may return first.
  OutV.discard_data();
  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static float S[TS];
    int L = T.local[0];
    S[L] = 1.0f;
    float Late = ParamV[T.tile[0]];
    float Q = ParamV[T.tile[0]] + 1.0f, R = Q + L;
    T.barrier.wait();
    OutV[T.global] = S[L] + Late + Q + R;
  });
  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static float S[TS];
    if (T.tile[0] == Tiles - 1)
      return;
    float V = ParamV[T.tile[0] + 1];
    S[T.local[0]] = V;
    T.barrier.wait();
    OutV[T.global] += S[0] - V;
  });
  OutV.synchronize();
  for (int G = 0; G < Items; ++G) {
    float P = Param[G / TS];
    Want[G] = 1.0f + P + (P + 1.0f) + (P + 1.0f + float(G % TS));
  }
  Fails += report("arrays", Out, Want);
  return Fails != 0;
}
