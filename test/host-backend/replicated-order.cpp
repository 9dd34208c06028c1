// The arrays over the tile that the host backend's work-item loops keep for
// locals live across a barrier are declared in source order. They were
// declared in the order of a hash map keyed by the locals' addresses, so two
// compiles of one file could print different C. Checked against the CPU.
// RUN: %ampcc -fhost-kernels %s -o %t && env AMPCC_BACKEND=host %t | %FileCheck %s
// RUN: %ampcc %s -o %t.cl && %t.cl | %FileCheck %s
// RUN: %ampcc -emit-host-kernels %s -o %t.c && %FileCheck --check-prefix=C %s < %t.c
// RUN: %ampcc -emit-host-kernels %s -o %t.again.c && diff %t.c %t.again.c
// CHECK: replicated: 0 wrong of 1024
// The outer block's locals, then the loop body's, each in source order:
// C-LABEL: void main_kernel__loops(
// C: float ampcc_wi_Alpha[64];
// C-NEXT: int ampcc_wi_Bravo[64];
// C-NEXT: float ampcc_wi_Charlie[64];
// C-NEXT: int ampcc_wi_Delta[64];
// C-NEXT: float ampcc_wi_Echo[64];
// C-NEXT: int ampcc_wi_Foxtrot[64];
// C-NEXT: float ampcc_wi_Golf[64];
// C-NEXT: int ampcc_wi_Hotel[64];
// C-NEXT: float ampcc_wi_India[64];
// C-NEXT: int ampcc_wi_Juliet[64];
// C-NEXT: float ampcc_wi_Kilo[64];
// C-NEXT: int ampcc_wi_Lima[64];
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

static const int TileSize = 64, Count = TileSize * 16;

int main() {
  std::vector<int> Source(Count);
  for (int I = 0; I < Count; ++I)
    Source[I] = I % 29 - 9;
  array_view<const int, 1> In(Count, Source);
  array_view<float, 1> Out(Count);
  Out.discard_data();
  parallel_for_each(extent<1>(Count).tile<TileSize>(), [=](tiled_index<TileSize> T) restrict(amp) {
    tile_static int Shared[TileSize];
    int Local = T.local[0];
    float Alpha = In[T.global] * 0.5f;
    int Bravo = In[T.global] + 1;
    float Charlie = Alpha + Bravo;
    int Delta = Bravo * 2;
    float Echo = Charlie - Delta;
    int Foxtrot = Delta + 3;
    Shared[Local] = Bravo;
    T.barrier.wait();
    float Golf = Shared[(Local + 1) % TileSize] + Echo;
    int Hotel = Foxtrot - Shared[(Local + 2) % TileSize];
    T.barrier.wait();
    for (int Round = 0; Round < 2; ++Round) {
      float India = Golf + Round;
      int Juliet = Hotel * Round;
      float Kilo = India + Juliet;
      int Lima = Shared[(Local + Round) % TileSize];
      T.barrier.wait();
      Golf = Kilo + Lima;
      T.barrier.wait();
    }
    Out[T.global] = Alpha + Bravo + Charlie + Delta + Echo + Foxtrot + Golf + Hotel;
  });
  int Wrong = 0;
  for (int I = 0; I < Count; ++I) {
    int Base = I / TileSize * TileSize, Local = I % TileSize;
    auto BravoAt = [&](int L) { return Source[Base + L % TileSize] + 1; };
    float Alpha = Source[I] * 0.5f;
    int Bravo = Source[I] + 1;
    float Charlie = Alpha + Bravo;
    int Delta = Bravo * 2;
    float Echo = Charlie - Delta;
    int Foxtrot = Delta + 3;
    float Golf = BravoAt(Local + 1) + Echo;
    int Hotel = Foxtrot - BravoAt(Local + 2);
    for (int Round = 0; Round < 2; ++Round) {
      float India = Golf + Round;
      int Juliet = Hotel * Round;
      float Kilo = India + Juliet;
      int Lima = BravoAt(Local + Round);
      Golf = Kilo + Lima;
    }
    Wrong += Out[I] != Alpha + Bravo + Charlie + Delta + Echo + Foxtrot + Golf + Hotel;
  }
  std::printf("replicated: %d wrong of %d\n", Wrong, Count);
  return Wrong != 0;
}
