// A conditional between two objects of class type in different address
// spaces, read whole: assigned (C++ AMP's TSP demo, opt2kernel.h:
// `a = (a.minchange_ < b.minchange_) ? a : b` with `a` a tile_static element
// and `b` a const reference, which the clone takes by value), copied into a
// local, and passed by value. C's ?: is never an lvalue, so the printer
// selected between the operands' addresses, a __local and a __private
// pointer, which OpenCL C 1.2 rejects (the host compile runs the same check):
// the program did not build. Read whole, the conditional selects values.
// Checked against the CPU.
// RUN: %ampcc -fhost-kernels %s -o %t && env AMPCC_BACKEND=host %t | %FileCheck %s
// RUN: %ampcc %s -o %t.cl && %t.cl | %FileCheck %s
// RUN: %ampcc -emit-host-kernels %s -o %t.c && %FileCheck --check-prefix=C %s < %t.c
// CHECK: smallest: 0 wrong of 520
// C: (*A) = (((*A).Change < B.Change) ? (*A) : B);
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

struct Move {
  Move() restrict(cpu, amp) : Index(0), Change(0) {}
  Move(int Index, float Change) restrict(cpu, amp) : Index(Index), Change(Change) {}
  int Index;
  float Change;
};

inline void minChange(Move &A, const Move &B) restrict(amp) {
  A = (A.Change < B.Change) ? A : B;
}

inline float changeOf(Move M) restrict(amp) { return M.Change; }

static const int TileSize = 64, Tiles = 8, Count = TileSize * Tiles;

int main() {
  std::vector<float> Costs(Count);
  for (int I = 0; I < Count; ++I)
    Costs[I] = float((I * 37) % 101) - 50;
  array_view<const float, 1> CostView(Count, Costs);
  array_view<Move, 1> Best(Tiles);
  array_view<float, 1> Picked(Count);
  parallel_for_each(extent<1>(Count).tile<TileSize>(), [=](tiled_index<TileSize> T) restrict(amp) {
    tile_static Move Candidates[TileSize];
    int Local = T.local[0];
    Move Mine(T.global[0], CostView[T.global]);
    Candidates[Local] = Mine;
    T.barrier.wait();
    // Each work-item's own move or its neighbour's, the smaller.
    int Next = (Local + 1) % TileSize;
    Move Pick = Candidates[Next].Change < Mine.Change ? Candidates[Next] : Mine;
    Picked[T.global] = Pick.Change + changeOf(Local % 2 ? Candidates[Next] : Mine);
    T.barrier.wait();
    for (int S = TileSize / 2; S > 0; S /= 2) {
      if (Local < S)
        minChange(Candidates[Local], Candidates[Local + S]);
      T.barrier.wait();
    }
    if (Local == 0)
      Best[T.tile[0]] = Candidates[0];
  });
  // The CPU: the first smallest cost of each tile, and the pairs.
  int Wrong = 0;
  for (int Tile = 0; Tile < Tiles; ++Tile) {
    int Want = Tile * TileSize;
    for (int I = Tile * TileSize; I < (Tile + 1) * TileSize; ++I) {
      if (Costs[I] < Costs[Want])
        Want = I;
      int Next = Tile * TileSize + (I % TileSize + 1) % TileSize;
      float Smaller = Costs[Next] < Costs[I] ? Costs[Next] : Costs[I];
      Wrong += Picked[I] != Smaller + (I % 2 ? Costs[Next] : Costs[I]);
    }
    Wrong += Best[Tile].Index != Want || Best[Tile].Change != Costs[Want];
  }
  std::printf("smallest: %d wrong of %d\n", Wrong, Count + Tiles);
  return Wrong != 0;
}
