// Returns in tiled kernels with barriers on the host backend
// (WorkItemLoops.h): a return ends its work-item, whose flag every later
// work-item loop tests, and once every work-item of the tile has returned
// the tile function returns. Checked against the CPU: a tile-uniform return
// before the first barrier; returns of some work-items after the last
// barrier, before a loop that runs around its own work-item loop; a
// uniform return inside a loop holding barriers; a loop whose
// only way out is the return (it must not hang); a return inside a loop of
// a work-item's own, which keeps the per-work-item entry.
// RUN: %ampcc -fhost-kernels %s -o %t && env AMPCC_BACKEND=host %t | %FileCheck %s
// RUN: %ampcc -emit-host-kernels %s -o %t.c && %FileCheck --check-prefix=LOOPS %s < %t.c
// RUN: %ampcc -fhost-kernels -emit-opencl %s -o %t.cl && %clcheck %t.cl
// CHECK: uniform return: 0 mismatches of 256
// CHECK: return after the last barrier: 0 mismatches of 256
// CHECK: return in a barrier loop: 0 mismatches of 256
// CHECK: return as the only exit: 0 mismatches of 256
// CHECK: return in a loop of its own: 0 mismatches of 256
// CHECK-NOT: mismatch at
// LOOPS: void main_kernel__loops(
// LOOPS: unsigned char ampcc_done[64] = {0};
// LOOPS: if (ampcc_done[ampcc_wi])
// LOOPS-NEXT: continue;
// LOOPS: { ampcc_done[ampcc_wi] = 1; continue; }
// LOOPS: ampcc_alive |= !ampcc_done[ampcc_w];
// LOOPS: void main_kernel_1__loops(
// LOOPS: for (; K < 3; ++K)
// LOOPS: if (ampcc_done[ampcc_wi])
// LOOPS: void main_kernel_2__loops(
// LOOPS: void main_kernel_3__loops(
// LOOPS-NOT: void main_kernel_4__loops(
// LOOPS: #endif
#include <amp.h>
#include "Inputs/report.h"
#include <cstdio>
#include <vector>
using namespace concurrency;

static const int TS = 64;

int main() {
  const int Items = 256;
  int Fails = 0;
  std::vector<int> Out(Items), Want(Items);
  array_view<int, 1> OutV(Items, Out);

  // Odd tiles return at once; even tiles reverse their indices.
  std::fill(Out.begin(), Out.end(), -1);
  OutV.refresh();
  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static int S[TS];
    if (T.tile[0] % 2)
      return;
    S[T.local[0]] = T.global[0];
    T.barrier.wait();
    OutV[T.global] = S[TS - 1 - T.local[0]];
  });
  OutV.synchronize();
  for (int G = 0; G < Items; ++G)
    Want[G] = G / TS % 2 ? -1 : G - G % TS + TS - 1 - G % TS;
  Fails += report("uniform return", Out, Want);

  // After the last barrier, work-items past 40 return before writing.
  std::fill(Out.begin(), Out.end(), -1);
  OutV.refresh();
  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static int S[TS];
    S[T.local[0]] = 3 * T.global[0];
    T.barrier.wait();
    int Mine = S[(T.local[0] + 1) % TS];
    if (T.local[0] > 40)
      return;
    OutV[T.global] = Mine + 1;
    // A loop alike for every work-item runs around a work-item loop of its
    // own: the work-items that returned must skip it too.
    for (int K = 0; K < 3; ++K)
      OutV[T.global] += K;
  });
  OutV.synchronize();
  for (int G = 0; G < Items; ++G)
    Want[G] = G % TS > 40 ? -1 : 3 * (G - G % TS + (G % TS + 1) % TS) + 4;
  Fails += report("return after the last barrier", Out, Want);

  // Tiles 1 and 3 return in the loop's third round, after adding twice.
  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static int S[TS];
    S[T.local[0]] = T.local[0];
    OutV[T.global] = 0;
    for (int Round = 0; Round < 4; ++Round) {
      T.barrier.wait();
      if (Round == 2 && T.tile[0] % 2)
        return;
      OutV[T.global] += S[(T.local[0] + Round) % TS];
      T.barrier.wait();
      S[T.local[0]] += 1;
    }
  });
  OutV.synchronize();
  for (int G = 0; G < Items; ++G) {
    int L = G % TS, Rounds = G / TS % 2 ? 2 : 4, Sum = 0;
    for (int Round = 0; Round < Rounds; ++Round)
      Sum += (L + Round) % TS + Round;
    Want[G] = Sum;
  }
  Fails += report("return in a barrier loop", Out, Want);

  // The loop's condition never fails: the tile leaves through the return
  // once its counter passes a bound that differs per tile.
  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static int Count;
    if (T.local[0] == 0)
      Count = 0;
    T.barrier.wait();
    while (true) {
      OutV[T.global] = Count * 10 + T.local[0] % 10;
      T.barrier.wait();
      if (Count > 5 + T.tile[0])
        return;
      T.barrier.wait();
      if (T.local[0] == 0)
        Count += 2;
    }
  });
  OutV.synchronize();
  for (int G = 0; G < Items; ++G) {
    int Count = 0;
    while (Count <= 5 + G / TS)
      Count += 2;
    Want[G] = Count * 10 + G % TS % 10;
  }
  Fails += report("return as the only exit", Out, Want);

  // A return inside the work-item's own loop: the per-work-item entry.
  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static int S[TS];
    S[T.local[0]] = T.local[0] * 2;
    T.barrier.wait();
    OutV[T.global] = 0;
    for (int I = 0; I < TS; ++I) {
      if (I > T.local[0])
        return;
      OutV[T.global] += S[I];
    }
  });
  OutV.synchronize();
  for (int G = 0; G < Items; ++G)
    Want[G] = (G % TS) * (G % TS + 1);
  Fails += report("return in a loop of its own", Out, Want);
  return Fails != 0;
}
