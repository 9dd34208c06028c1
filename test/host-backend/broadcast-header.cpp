// A loop holding barriers whose increment steps both its own counter and a
// local each work-item keeps (`for (int t = 0; t < n; ++t, origin += 16)`,
// as C++ AMP BLAS's SYMM): on the host backend the counter is the tile's,
// declared and stepped once outside the work-item loops, and the local is
// stepped in a work-item loop (WorkItemLoops::emitBroadcastHeader). The
// counter used to be declared inside a work-item loop and stepped once per
// work-item: the C did not compile. An index<2> local assigned on either
// side of a test of the tile against the counter, then used after the
// barrier, keeps the kernel in work-item loops. Checked against the CPU.
// RUN: %ampcc -fhost-kernels %s -o %t && env AMPCC_BACKEND=host %t | %FileCheck %s
// RUN: %ampcc -emit-host-kernels %s -o %t.c && %FileCheck --check-prefix=LOOPS %s < %t.c
// CHECK: broadcast header: 0 mismatches of 4096
// CHECK: continue past the increment: 0 mismatches of 4096
// LOOPS: void main_kernel__loops(
// LOOPS: int Tile = 0;
// LOOPS: for (; Tile < Tiles;)
// LOOPS: ++Tile;
// LOOPS: ampcc_wi_Origin[ampcc_wi] += 16;
// A continue in such a loop would skip the increment at the body's end:
// that kernel keeps the per-work-item entry.
// LOOPS-NOT: void main_kernel_1__loops(
#include <amp.h>
#include "Inputs/report.h"
using namespace concurrency;

int main() {
  const int N = 64, TS = 16;
  std::vector<int> Out(N * N), Want(N * N);
  array_view<int, 2> OutV(N, N, Out);
  int Tiles = N / TS;
  parallel_for_each(OutV.extent.tile<TS, TS>(), [=](tiled_index<TS, TS> T) restrict(amp) {
    tile_static int S[TS][TS];
    auto I = T.local[1];
    auto TileI = T.tile[1];
    int Origin = 0, Sum = 0;
    for (int Tile = 0; Tile < Tiles; ++Tile, Origin += TS) {
      index<2> Idx;
      if (TileI == Tile)
        Idx = index<2>(Origin, I * 3);
      else
        Idx = index<2>(I, Origin);
      S[T.local[0]][I] = Idx[0] + Idx[1];
      T.barrier.wait();
      Sum = Sum * 2 + S[I][T.local[0]];
      T.barrier.wait();
    }
    OutV[T.global] = Sum;
  });
  OutV.synchronize();
  // Work-item (r, c) reads what (l1, l0) = (c % TS, r % TS)'s mirror wrote:
  // the writer's local[1] is r % TS.
  for (int R = 0; R < N; ++R)
    for (int C = 0; C < N; ++C) {
      int Writer = R % TS, TileI = C / TS, Sum = 0;
      for (int Tile = 0, Origin = 0; Tile < Tiles; ++Tile, Origin += TS)
        Sum = Sum * 2 + (TileI == Tile ? Origin + Writer * 3 : Writer + Origin);
      Want[R * N + C] = Sum;
    }
  int Fails = report("broadcast header", Out, Want);

  int Skip = 2;
  parallel_for_each(OutV.extent.tile<TS, TS>(), [=](tiled_index<TS, TS> T) restrict(amp) {
    tile_static int S[TS][TS];
    auto I = T.local[1];
    int Origin = 0, Sum = 0;
    for (int Tile = 0; Tile < Tiles; ++Tile, Origin += TS) {
      S[T.local[0]][I] = Origin + I;
      T.barrier.wait();
      if (Tile == Skip)
        continue;
      Sum = Sum * 3 + S[I][T.local[0]];
      T.barrier.wait();
    }
    OutV[T.global] = Sum;
  });
  OutV.synchronize();
  for (int R = 0; R < N; ++R)
    for (int C = 0; C < N; ++C) {
      int Sum = 0;
      for (int Tile = 0, Origin = 0; Tile < Tiles; ++Tile, Origin += TS)
        if (Tile != Skip)
          Sum = Sum * 3 + Origin + R % TS;
      Want[R * N + C] = Sum;
    }
  Fails += report("continue past the increment", Out, Want);
  return Fails != 0;
}
