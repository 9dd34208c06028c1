// tile_static objects of classes with constructors, as Visual C++ accepts
// them: it neither constructs nor destroys a tile_static object, so a class
// without a default constructor, one whose default constructor does work
// (even amp-only, which the host pass must accept too), and arrays of them,
// also in a function template, hold whatever the kernel assigns. Checked
// against a CPU reference; the constructor's value must never appear.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: tile-static-objects: 0 mismatches of 64
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

struct NoDefault {
  int V;
  NoDefault(int I) restrict(cpu, amp) : V(I) {}
};
struct AmpOnly {
  int V;
  AmpOnly() restrict(amp) : V(-1000) {}
  ~AmpOnly() restrict(amp) { V = -2000; }
};
struct Move {
  int A, B;
  Move() restrict(cpu, amp) : A(-1), B(-1) {}
};

template <typename T>
int reversed(tiled_index<16> T_, int Value) restrict(amp) {
  tile_static T Slots[16];
  Slots[T_.local[0]].V = Value;
  T_.barrier.wait();
  return Slots[15 - T_.local[0]].V;
}

int main() {
  const int N = 64;
  std::vector<int> Out(N, 0);
  array_view<int, 1> OV(N, Out);
  parallel_for_each(OV.extent.tile<16>(), [=](tiled_index<16> T) restrict(amp) {
    tile_static NoDefault First;
    tile_static AmpOnly Scratch[16];
    tile_static Move Moves[16];
    int L = T.local[0];
    if (L == 0)
      First.V = 100 * T.tile[0];
    Scratch[L].V = L;
    Moves[L].A = 2 * L;
    Moves[L].B = 3;
    T.barrier.wait();
    OV[T.global] = First.V + Scratch[15 - L].V + Moves[L].A * Moves[L].B +
                   reversed<NoDefault>(T, T.global[0]);
  });
  OV.synchronize();
  int Bad = 0;
  for (int I = 0; I < N; ++I) {
    int L = I % 16, Tile = I / 16;
    int Want = 100 * Tile + (15 - L) + 6 * L + (Tile * 16 + 15 - L);
    if (Out[I] != Want && Bad++ < 5)
      std::printf("mismatch at %d: %d vs %d\n", I, Out[I], Want);
  }
  std::printf("tile-static-objects: %d mismatches of %d\n", Bad, N);
  return Bad != 0;
}
