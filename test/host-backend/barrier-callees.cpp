// Functions that wait at a tile barrier, called from tiled kernels on the
// host backend: a call statement whose callee waits is printed inline in the
// tile function, the callee's body split at its barriers like the kernel's
// (WorkItemCalls.cpp). Each kernel is checked against the CPU: nested
// callees with a local live across their barriers; a callee with tile_static
// variables of its own, a tiled_index by value and a view by reference; a
// parameter the callee changes (an array over the tile); a waiting call in a
// loop of the kernel; a static member function; a helper that takes the
// tiled_index without waiting; and a callee given a reference to a
// work-item's own local, which is not inlined (fibers).
// RUN: %ampcc -fhost-kernels %s -o %t && env AMPCC_BACKEND=host %t | %FileCheck %s
// RUN: %ampcc -emit-host-kernels %s -o %t.c && %FileCheck --check-prefix=LOOPS %s < %t.c
// RUN: %ampcc -fhost-kernels -emit-opencl %s -o %t.cl && %clcheck %t.cl
// CHECK: nested callees: 0 mismatches of 256
// CHECK: callee tile_static: 0 mismatches of 256
// CHECK: changed parameter: 0 mismatches of 256
// CHECK: call in a loop: 0 mismatches of 256
// CHECK: static member: 0 mismatches of 256
// CHECK: index helper: 0 mismatches of 256
// CHECK: reference to a local: 0 mismatches of 256
// CHECK-NOT: mismatch at
// Every kernel but the last runs as work-item loops; the callees' locals and
// parameters carry their own prefix.
// LOOPS: void main_kernel__loops(
// LOOPS: int ampcc_wi_ampcc_i{{[0-9]+}}_Mine[64];
// LOOPS: void main_kernel_1__loops(
// LOOPS: void main_kernel_2__loops(
// LOOPS: int ampcc_wi_ampcc_i1_p_V[64];
// LOOPS: void main_kernel_3__loops(
// LOOPS: void main_kernel_4__loops(
// LOOPS: void main_kernel_5__loops(
// LOOPS-NOT: main_kernel_6__loops
#include <amp.h>
#include "Inputs/report.h"
#include <cstdio>
#include <vector>
using namespace concurrency;

static const int TS = 64;

/// The tile mirrored: S[L] takes S[63 - L].
static void mirror(int *S, int L, const tile_barrier &B) restrict(amp) {
  int Mine = S[TS - 1 - L];
  B.wait();
  S[L] = Mine;
  B.wait();
}

/// Mirrors, adds the local index, mirrors again.
static void mirrorTwice(int *S, int L, const tile_barrier &B) restrict(amp) {
  mirror(S, L, B);
  S[L] += L;
  mirror(S, L, B);
}

/// The tile's sum, through tile_static storage of the callee's own, written
/// to Out at the tile's index by its first work-item.
static void tileSum(tiled_index<TS> T, int V, const array_view<int, 1> &Out) restrict(amp) {
  tile_static int Part[TS];
  tile_static int Total;
  int L = T.local[0];
  Part[L] = V;
  if (L == 0)
    Total = 0;
  T.barrier.wait();
  if (L == 0)
    for (int I = 0; I < TS; ++I)
      Total += Part[I];
  T.barrier.wait();
  Out[T.global] = Total + V;
}

/// V changes in the callee: each work-item's own V, across a barrier.
static void shiftIn(int *S, int L, int V, const tile_barrier &B) restrict(amp) {
  V *= 3;
  S[L] = V;
  B.wait();
  V += S[(L + 1) % TS];
  B.wait();
  S[L] = V;
}

struct Rotator {
  /// Every value moves one place down the tile.
  static void rotate(int *S, int L, const tile_barrier &B) restrict(amp) {
    int Next = S[(L + 1) % TS];
    B.wait();
    S[L] = Next;
    B.wait();
  }
};

/// Takes the tiled_index, waits nowhere.
static int across(tiled_index<TS> T) restrict(amp) { return TS - 1 - T.local[0]; }

/// Adds the neighbour's value to a work-item's own local through a reference.
static void addNeighbour(int *S, int L, int &Acc, const tile_barrier &B) restrict(amp) {
  S[L] = Acc;
  B.wait();
  Acc += S[(L + 1) % TS];
}

int main() {
  const int N = 256;
  int Fails = 0;
  std::vector<int> In(N), Out(N), Want(N);
  for (int I = 0; I < N; ++I)
    In[I] = (I * 7) % 13;
  array_view<const int, 1> InV(N, In);
  array_view<int, 1> OutV(N, Out);
  auto Base = [](int G) { return G - G % TS; };

  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static int S[TS];
    int L = T.local[0];
    S[L] = InV[T.global];
    T.barrier.wait();
    mirrorTwice(S, L, T.barrier);
    OutV[T.global] = S[L];
  });
  OutV.synchronize();
  // After the first mirror S[L] = In[63 - L], then + L; mirrored again:
  // S[L] = In[L] + (63 - L).
  for (int G = 0; G < N; ++G)
    Want[G] = In[G] + (TS - 1 - G % TS);
  Fails += report("nested callees", Out, Want);

  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tileSum(T, InV[T.global] * 2, OutV);
  });
  OutV.synchronize();
  for (int G = 0; G < N; ++G) {
    int Sum = 0;
    for (int I = 0; I < TS; ++I)
      Sum += 2 * In[Base(G) + I];
    Want[G] = Sum + 2 * In[G];
  }
  Fails += report("callee tile_static", Out, Want);

  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static int S[TS];
    int L = T.local[0];
    shiftIn(S, L, InV[T.global], T.barrier);
    OutV[T.global] = S[L];
  });
  OutV.synchronize();
  for (int G = 0; G < N; ++G)
    Want[G] = 3 * In[G] + 3 * In[Base(G) + (G % TS + 1) % TS];
  Fails += report("changed parameter", Out, Want);

  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static int S[TS];
    int L = T.local[0];
    S[L] = InV[T.global];
    T.barrier.wait();
    for (int R = 0; R < 3; ++R)
      Rotator::rotate(S, L, T.barrier);
    OutV[T.global] = S[L];
  });
  OutV.synchronize();
  for (int G = 0; G < N; ++G)
    Want[G] = In[Base(G) + (G % TS + 3) % TS];
  Fails += report("call in a loop", Out, Want);

  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static int S[TS];
    int L = T.local[0];
    S[L] = InV[T.global];
    T.barrier.wait();
    Rotator::rotate(S, L, T.barrier);
    OutV[T.global] = S[L] * 10;
  });
  OutV.synchronize();
  for (int G = 0; G < N; ++G)
    Want[G] = 10 * In[Base(G) + (G % TS + 1) % TS];
  Fails += report("static member", Out, Want);

  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static int S[TS];
    S[T.local[0]] = InV[T.global];
    T.barrier.wait();
    OutV[T.global] = S[across(T)];
  });
  OutV.synchronize();
  for (int G = 0; G < N; ++G)
    Want[G] = In[Base(G) + TS - 1 - G % TS];
  Fails += report("index helper", Out, Want);

  parallel_for_each(OutV.extent.tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static int S[TS];
    int L = T.local[0];
    int Acc = InV[T.global];
    addNeighbour(S, L, Acc, T.barrier);
    OutV[T.global] = Acc;
  });
  OutV.synchronize();
  for (int G = 0; G < N; ++G)
    Want[G] = In[G] + In[Base(G) + (G % TS + 1) % TS];
  Fails += report("reference to a local", Out, Want);
  return Fails != 0;
}
