// Array locals live across a barrier on the host backend: a tile function
// keeps them as arrays over the tile (WorkItemLoops.h). Where every use is
// one element (`Acc[I][J]`), the work-item's subscript comes last, so a
// work-item loop reads and writes them contiguously (structure of arrays,
// as for scalars); where a pointer into the array escapes (to a function,
// or `&Part[1]`), each work-item keeps its array whole, as C++ lays it out.
// Both are checked against the CPU.
// RUN: %ampcc -fhost-kernels %s -o %t && env AMPCC_BACKEND=host %t | %FileCheck %s
// RUN: %ampcc -emit-host-kernels %s -o %t.c && %FileCheck --check-prefix=LOOPS %s < %t.c
// CHECK: elements only: 0 mismatches of 256
// CHECK: pointer escapes: 0 mismatches of 256
// CHECK-NOT: mismatch at
// LOOPS: void main_kernel__loops(
// LOOPS: float ampcc_wi_Acc[2][3][64];
// LOOPS: ampcc_wi_Acc[I][J][ampcc_wi] = 0.0f;
// LOOPS: ampcc_wi_Acc[I][J][ampcc_wi] += 
// LOOPS: void main_kernel_1__loops(
// LOOPS: int ampcc_wi_Part[64][4];
// LOOPS: sum4(ampcc_wi_Part[ampcc_wi])
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

static int report(const char *What, const std::vector<int> &Got,
                  const std::vector<int> &Want) {
  int Bad = 0;
  for (size_t I = 0; I < Got.size(); ++I)
    if (Got[I] != Want[I] && ++Bad <= 3)
      std::printf("%s: mismatch at %zu: %d, expected %d\n", What, I, Got[I], Want[I]);
  std::printf("%s: %d mismatches of %zu\n", What, Bad, Got.size());
  return Bad;
}

static int sum4(const int *P) restrict(amp) { return P[0] + P[1] + P[2] + P[3]; }

int main() {
  const int N = 256, TS = 8;
  int Fails = 0;
  {
    // Acc[I][J] collects the tile's values at rows I and columns J of each
    // work-item's neighbourhood, across two barriers.
    std::vector<int> Out(N);
    array_view<int, 2> OV(16, 16, Out);
    parallel_for_each(OV.extent.tile<TS, TS>(), [=](tiled_index<TS, TS> T) restrict(amp) {
      tile_static int S[TS][TS];
      int Y = T.local[0], X = T.local[1];
      float Acc[2][3];
      for (int I = 0; I < 2; ++I)
        for (int J = 0; J < 3; ++J)
          Acc[I][J] = 0.0f;
      for (int Round = 1; Round <= 2; ++Round) {
        S[Y][X] = Round * (T.global[0] * 16 + T.global[1]);
        T.barrier.wait();
        for (int I = 0; I < 2; ++I)
          for (int J = 0; J < 3; ++J)
            Acc[I][J] += float(S[(Y + I) % TS][(X + J) % TS]);
        T.barrier.wait();
      }
      float Sum = 0.0f;
      for (int I = 0; I < 2; ++I)
        for (int J = 0; J < 3; ++J)
          Sum += Acc[I][J] * float(I * 3 + J + 1);
      OV[T.global] = int(Sum);
    });
    OV.synchronize();
    std::vector<int> Want(N);
    for (int G = 0; G < N; ++G) {
      int Gy = G / 16, Gx = G % 16, Y0 = Gy / TS * TS, X0 = Gx / TS * TS;
      float Sum = 0.0f;
      for (int I = 0; I < 2; ++I)
        for (int J = 0; J < 3; ++J) {
          int Y = Y0 + (Gy - Y0 + I) % TS, X = X0 + (Gx - X0 + J) % TS;
          Sum += float(3 * (Y * 16 + X)) * float(I * 3 + J + 1);
        }
      Want[G] = int(Sum);
    }
    Fails += report("elements only", Out, Want);
  }
  {
    // Part's elements reach a function through a pointer, and one through
    // `&Part[1]`: the array stays whole for each work-item.
    std::vector<int> Out(N);
    array_view<int, 1> OV(N, Out);
    parallel_for_each(OV.extent.tile<64>(), [=](tiled_index<64> T) restrict(amp) {
      tile_static int S[64];
      int L = T.local[0];
      int Part[4];
      for (int I = 0; I < 4; ++I)
        Part[I] = L * 4 + I;
      S[L] = L;
      T.barrier.wait();
      int *Second = &Part[1];
      *Second += S[63 - L];
      OV[T.global] = sum4(Part);
    });
    OV.synchronize();
    std::vector<int> Want(N);
    for (int G = 0; G < N; ++G) {
      int L = G % 64;
      Want[G] = 16 * L + 6 + (63 - L);
    }
    Fails += report("pointer escapes", Out, Want);
  }
  return Fails != 0;
}
