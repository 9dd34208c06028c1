// Loops of a tiled kernel's own, between barriers, on the host backend
// (WorkItemInnerLoops.cpp): a loop whose counter starts from the index and
// moves by a uniform step to a uniform bound is interchanged with the
// work-item loop. Checked against the CPU: a grid-stride sum; a count down
// with `>=`; trip counts that differ between work-items (start from the
// local index, odd step, `!=` never taken early); the bound on the left of
// the comparison with an unsigned counter; a tile_static atomic in the
// body; a loop whose bound depends on the work-item (not interchanged);
// and strided loops, counted first (the iterations every work-item runs
// unmasked, the rest guarded): starts in no order across the tile, a bound
// near INT_MAX where a stopped work-item's next counter would wrap, and a
// negative run-time stride that no work-item enters.
// RUN: %ampcc -fhost-kernels %s -o %t && env AMPCC_BACKEND=host %t | %FileCheck %s
// RUN: %ampcc -emit-host-kernels %s -o %t.c && %FileCheck --check-prefix=LOOPS %s < %t.c
// RUN: %ampcc -fhost-kernels -emit-opencl %s -o %t.cl && %clcheck %t.cl
// CHECK: grid stride: 0 mismatches of 256
// CHECK: count down: 0 mismatches of 256
// CHECK: uneven trips: 0 mismatches of 256
// CHECK: bound on the left: 0 mismatches of 256
// CHECK: atomic in the body: 0 mismatches of 4
// CHECK: bound per work-item: 0 mismatches of 256
// CHECK: scrambled starts: 0 mismatches of 256
// CHECK: near INT_MAX: 0 mismatches of 256
// CHECK: negative stride: 0 mismatches of 256
// CHECK: jammed in order: 0 mismatches of 256
// CHECK-NOT: mismatch at
// The grid stride is counted: the lowest and highest starts give the most
// and fewest trips, then the common iterations, then the guarded rest.
// LOOPS: void main_kernel__loops(
// LOOPS: ampcc_first1 = ampcc_from < ampcc_first1 ? ampcc_from : ampcc_first1;
// LOOPS: long ampcc_lo1 = ampcc_trips(ampcc_last1, 5000, 256), ampcc_hi1 = ampcc_trips(ampcc_first1, 5000, 256);
// Its short body runs 8 (then 4) iterations in one work-item loop, then
// one at a time.
// LOOPS: long ampcc_k1 = 0;
// LOOPS-NEXT: for (; ampcc_k1 + 8 <= ampcc_lo1; ampcc_k1 += 8) {
// LOOPS-NOT: if (
// LOOPS: int I = (int)({{.*}}(ampcc_k1 + 0) * (int)(256));
// LOOPS-NOT: if (
// LOOPS: int I = (int)({{.*}}(ampcc_k1 + 7) * (int)(256));
// LOOPS: for (; ampcc_k1 + 4 <= ampcc_lo1; ampcc_k1 += 4) {
// LOOPS: for (; ampcc_k1 < ampcc_lo1; ++ampcc_k1) {
// LOOPS-NOT: if (
// LOOPS: int I = (int)(
// LOOPS: for (long ampcc_k1 = ampcc_lo1; ampcc_k1 < ampcc_hi1; ++ampcc_k1) {
// LOOPS: if ((long)({{.*}}) + ampcc_k1 * (long)(256) < (long)(5000)) {
// LOOPS-NEXT: int I = (int)(
// The count down keeps a flag per work-item.
// LOOPS: void main_kernel_1__loops(
// LOOPS: for (size_t ampcc_k1 = 0;; ++ampcc_k1) {
// LOOPS: unsigned char ampcc_on = (ampcc_k1 == 0 || ampcc_live1[ampcc_wi]) && (I >= 0);
// The atomic's loop is no vector loop.
// LOOPS: void main_kernel_4__loops(
// LOOPS: for (; ampcc_k1 + 8 <= ampcc_lo1; ampcc_k1 += 8) {
// LOOPS-NOT: vectorize(assume_safety)
// LOOPS: ampcc_atomic_add_local_int(
// LOOPS: void main_kernel_5__loops(
// LOOPS-NOT: ampcc_k1
// LOOPS: void main_kernel_6__loops(
// LOOPS: ampcc_k1
// Thirteen common trips: 8, 4 and 1, the body's order kept per work-item.
// LOOPS: void main_kernel_9__loops(
// LOOPS: for (; ampcc_k1 + 8 <= ampcc_lo1; ampcc_k1 += 8) {
// LOOPS: for (; ampcc_k1 + 4 <= ampcc_lo1; ampcc_k1 += 4) {
// LOOPS: for (; ampcc_k1 < ampcc_lo1; ++ampcc_k1) {
// LOOPS: #endif
#include <amp.h>
#include "Inputs/report.h"
#include <cstdio>
#include <vector>
using namespace concurrency;

static const int TS = 64;

int main() {
  const int Items = 256, N = 5000;
  int Fails = 0;
  std::vector<int> In(N), Out(Items), Want(Items);
  for (int I = 0; I < N; ++I)
    In[I] = (I * 7) % 23 - 11;
  array_view<const int, 1> InV(N, In);
  array_view<int, 1> OutV(Items, Out);

  // Each work-item sums In[g], In[g + 256], ...; then mirrors in the tile.
  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static int S[TS];
    int Own = 0;
    for (int I = T.global[0]; I < N; I += Items)
      Own += InV[I];
    S[T.local[0]] = Own;
    T.barrier.wait();
    OutV[T.global] = S[TS - 1 - T.local[0]];
  });
  OutV.synchronize();
  for (int G = 0; G < Items; ++G) {
    int M = G - G % TS + TS - 1 - G % TS, Sum = 0;
    for (int I = M; I < N; I += Items)
      Sum += In[I];
    Want[G] = Sum;
  }
  Fails += report("grid stride", Out, Want);

  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static int S[TS];
    int Own = 0;
    for (int I = N - 1 - T.global[0]; I >= 0; I -= 3 * Items)
      Own = Own * 3 + InV[I];
    S[T.local[0]] = Own;
    T.barrier.wait();
    OutV[T.global] = S[T.local[0]] - S[0];
  });
  OutV.synchronize();
  std::vector<int> Own(Items);
  for (int G = 0; G < Items; ++G) {
    int V = 0;
    for (int I = N - 1 - G; I >= 0; I -= 3 * Items)
      V = V * 3 + In[I];
    Own[G] = V;
  }
  for (int G = 0; G < Items; ++G)
    Want[G] = Own[G] - Own[G - G % TS];
  Fails += report("count down", Out, Want);

  // Work-item L runs (100 - L) / 7 rounded up times; `!=` holds until the end.
  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static int S[TS];
    int Count = 0, Sum = 0;
    for (int I = T.local[0]; I < 100; I += 7) {
      ++Count;
      Sum += I;
    }
    for (int J = T.local[0]; J != TS + T.local[0]; J += TS)
      Sum += J;
    S[T.local[0]] = Count * 1000 + Sum;
    T.barrier.wait();
    OutV[T.global] = S[(T.local[0] + 1) % TS];
  });
  OutV.synchronize();
  for (int G = 0; G < Items; ++G) {
    int L = (G % TS + 1) % TS, Count = 0, Sum = L;
    for (int I = L; I < 100; I += 7) {
      ++Count;
      Sum += I;
    }
    Want[G] = Count * 1000 + Sum;
  }
  Fails += report("uneven trips", Out, Want);

  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static int S[TS];
    int Own = 0;
    for (unsigned I = unsigned(T.global[0]); unsigned(N) > I; I += 1000u)
      Own += InV[int(I)] * int(I % 5u);
    S[T.local[0]] = Own;
    T.barrier.wait();
    OutV[T.global] = S[0] + Own;
  });
  OutV.synchronize();
  for (int G = 0; G < Items; ++G) {
    auto OwnOf = [&](int X) {
      int V = 0;
      for (int I = X; I < N; I += 1000)
        V += In[I] * (I % 5);
      return V;
    };
    Want[G] = OwnOf(G - G % TS) + OwnOf(G);
  }
  Fails += report("bound on the left", Out, Want);

  // Every work-item counts its odd inputs into one tile_static counter.
  std::vector<int> Odd(Items / TS), OddWant(Items / TS);
  array_view<int, 1> OddV(Items / TS, Odd);
  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static int Count;
    if (T.local[0] == 0)
      Count = 0;
    T.barrier.wait();
    for (int I = T.global[0]; I < N; I += Items)
      if (InV[I] % 2)
        atomic_fetch_add(&Count, 1);
    T.barrier.wait();
    if (T.local[0] == 0)
      OddV[T.tile] = Count;
  });
  OddV.synchronize();
  for (int G = 0; G < Items; ++G)
    for (int I = G; I < N; I += Items)
      OddWant[G / TS] += In[I] % 2 != 0;
  Fails += report("atomic in the body", Odd, OddWant);

  // The bound follows the work-item: a loop of its own, inside the work-item loop.
  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static int S[TS];
    int Own = 0;
    for (int I = 0; I < T.local[0]; ++I)
      Own += InV[I];
    S[T.local[0]] = Own;
    T.barrier.wait();
    OutV[T.global] = S[TS - 1 - T.local[0]];
  });
  OutV.synchronize();
  for (int G = 0; G < Items; ++G) {
    int Sum = 0;
    for (int I = 0; I < TS - 1 - G % TS; ++I)
      Sum += In[I];
    Want[G] = Sum;
  }
  Fails += report("bound per work-item", Out, Want);

  // Starts in no order across the tile (37 * l mod 64), so that neither the
  // first nor the last work-item has the most or fewest trips.
  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static int S[TS];
    int Own = 0;
    for (int I = (T.local[0] * 37) % TS + T.tile[0]; I < 150; I += 50)
      Own = Own * 5 + InV[I] + 11;
    S[T.local[0]] = Own;
    T.barrier.wait();
    OutV[T.global] = S[TS - 1 - T.local[0]];
  });
  OutV.synchronize();
  for (int G = 0; G < Items; ++G) {
    int M = TS - 1 - G % TS, V = 0;
    for (int I = (M * 37) % TS + G / TS; I < 150; I += 50)
      V = V * 5 + In[I] + 11;
    Want[G] = V;
  }
  Fails += report("scrambled starts", Out, Want);

  // Counters within 2000 of INT_MAX: with step 700 each work-item stops
  // after 2 or 3 trips, and start + 3 * step would wrap for the work-items
  // that stop at 2. The stride is a run-time value.
  const int Big = 0x7fffffff - 2000;
  int Step = 700 + (N % 2); // 700: N is even
  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static int S[TS];
    int Own = 0;
    for (int I = Big + T.global[0] * 3; I < 0x7fffffff - 10; I += Step)
      Own = Own * 7 + (0x7fffffff - I);
    S[T.local[0]] = Own;
    T.barrier.wait();
    OutV[T.global] = S[(T.local[0] + 3) % TS];
  });
  OutV.synchronize();
  for (int G = 0; G < Items; ++G) {
    int M = G - G % TS + (G % TS + 3) % TS, V = 0;
    for (long long I = Big + M * 3LL; I < 0x7fffffff - 10; I += Step)
      V = V * 7 + int(0x7fffffff - I);
    Want[G] = V;
  }
  Fails += report("near INT_MAX", Out, Want);

  // A negative stride, known at run time, that no work-item's start passes.
  int Back = -Step;
  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static int S[TS];
    int Own = 1;
    for (int I = T.global[0]; I < 0; I += Back)
      Own += InV[0];
    S[T.local[0]] = Own;
    T.barrier.wait();
    OutV[T.global] = S[0] + T.global[0];
  });
  OutV.synchronize();
  for (int G = 0; G < Items; ++G)
    Want[G] = 1 + G;
  Fails += report("negative stride", Out, Want);

  // Every work-item runs 13 trips in step (its start below 100): the jammed
  // groups of 8 and 4 and one more, then the guarded last trip of those
  // whose start leaves room for a 14th; a body whose result depends on the
  // order of a work-item's own iterations.
  const int Jammed = 13 * Items + 100;
  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    int Own = 0;
    for (int I = T.global[0]; I < Jammed; I += Items)
      Own = Own * 3 + (I % 7);
    OutV[T.global] = Own;
  });
  OutV.synchronize();
  for (int G = 0; G < Items; ++G) {
    int V = 0;
    for (int I = G; I < Jammed; I += Items)
      V = V * 3 + (I % 7);
    Want[G] = V;
  }
  Fails += report("jammed in order", Out, Want);
  return Fails != 0;
}
