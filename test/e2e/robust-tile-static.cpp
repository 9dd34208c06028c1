// Robust access keeps a tile_static index inside its array (issue 46: the
// C++ AMP book's inclusive scan reads one element past its tile's array at
// the tile's last thread, which Direct3D tolerates and a GPU's shared
// memory faults on). An index nothing proves in range is clamped to the
// array's last element; one proved by constants (the local index, a tile
// row `L / 4`, a counter counting down from L to 0) is printed as it is; one proved under launch-time facts
// (`L + Shift`, in range when Shift is 0) is clamped only in the guarded
// variant, and the covered variant runs when the facts hold. Far reads and
// writes (2^26 elements away, an index read from memory) would leave the array's memory on every
// device; they stay inside it. The address one past the end (`p !=
// &s[n]`) is kept: its limit is one more. Checked against the CPU.
// REQUIRES: opencl
// RUN: %ampcc -O2 %s -o %t
// RUN: env AMPCC_TRACE=1 %t 2>%t.trace | %FileCheck %s
// RUN: %FileCheck --check-prefix=TRACE %s < %t.trace
// RUN: %ampcc -O2 -fhost-kernels %s -o %t.host && env AMPCC_BACKEND=host %t.host | %FileCheck %s
// RUN: %ampcc -O2 -emit-opencl %s | %FileCheck --check-prefix=CL %s
// RUN: %ampcc -O2 -fno-robust-buffer-access -emit-opencl %s | %FileCheck --check-prefix=PLAIN %s
// CHECK: shift 0: 0 wrong of 256
// CHECK-NEXT: shift 1: 0 wrong of 256
// TRACE: kernel at {{.*}}robust-tile-static.cpp:[[LINE:[0-9]+]]:{{.*}} (views cover the domain: its accesses unguarded)
// TRACE: kernel at {{.*}}robust-tile-static.cpp:[[LINE]]:{{.*}} on
// TRACE-NOT: unguarded
// CL: Ts[L] = 
// CL: Block[L / 4][L % 4] = 1.0f;
// CL: Ts[ampcc_local_index((uint)(L + 1), 64u)]
// CL: Ts[ampcc_local_index_dom((uint)(L + Shift), 64u)]
// CL: Ts[ampcc_local_index((uint)(L - Far), 64u)]
// CL: Below += Ts[S];
// CL: P != &(Ts[64])
// CL: Ts[ampcc_local_index((uint)(L + Far), 64u)] = 7;
// PLAIN-NOT: ampcc_local_index
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

static const int Tile = 64;

static int wrongOf(int Shift, int Far) {
  const int N = 4 * Tile;
  std::vector<int> In(N), Out(N);
  for (int I = 0; I < N; ++I)
    In[I] = 3 * I + 1;
  array_view<const int, 1> InV(N, In);
  array_view<int, 1> OutV(N, Out);
  // Read by the kernel, so that nothing at launch bounds it.
  std::vector<int> FarData(1, Far);
  array_view<const int, 1> FarV(1, FarData);
  parallel_for_each(OutV.extent.tile<Tile>(), [=](tiled_index<Tile> T) restrict(amp) {
    tile_static int Ts[Tile];
    tile_static float Block[Tile / 4][4];
    int L = T.local[0], Far = FarV[0];
    Ts[L] = InV[T.global];
    Block[L / 4][L % 4] = 1.0f;
    T.barrier.wait();
    int Next = Ts[L + 1];
    int Moved = Ts[L + Shift];
    int Away = Ts[L - Far];
    int Below = 0;
    for (int S = L; S >= 0; S -= 4)
      Below += Ts[S];
    // The pointer one past the end is valid: the clamp leaves it.
    int Whole = 0;
    for (const int *P = &Ts[0]; P != &Ts[Tile]; ++P)
      Whole += *P;
    OutV[T.global] = Next + Moved + Away + Below + Whole + (int)Block[L / 4][3];
    T.barrier.wait();
    if (L == 0)
      Ts[L + Far] = 7;
  });
  OutV.synchronize();
  // The CPU's answer, with an index outside the array read as its last
  // element (ampcc's choice where Direct3D leaves the value undefined).
  int Wrong = 0;
  for (int I = 0; I < N; ++I) {
    int Base = I / Tile * Tile, L = I % Tile;
    auto at = [&](long J) { return In[Base + (J >= 0 && J < Tile ? J : Tile - 1)]; };
    int Below = 0, Whole = 0;
    for (int S = L; S >= 0; S -= 4)
      Below += at(S);
    for (int S = 0; S < Tile; ++S)
      Whole += at(S);
    Wrong += Out[I] != at(L + 1) + at(L + Shift) + at(long(L) - Far) + Below + Whole + 1;
  }
  return Wrong;
}

int main() {
  const int Far = 1 << 26;
  std::printf("shift 0: %d wrong of %d\n", wrongOf(0, Far), 4 * Tile);
  std::printf("shift 1: %d wrong of %d\n", wrongOf(1, Far), 4 * Tile);
}
