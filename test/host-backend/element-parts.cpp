// A kernel that writes a field of a struct element of a view and then
// reads it again in the same work-item (bug 7 of docs/reliability.md, from
// random program seed 63061 of format 13): with `vectorize(assume_safety)`
// LLVM's vectoriser grouped the fields' accesses across the statements of
// one iteration and read the old field, in 16 of every 21 work-items of a
// row (the vector lanes; the scalar remainder was right). Such loops are
// left for LLVM to prove (ElementParts.h). Checked against the CPU: a
// section of a view of structs (the seed's shape), a short vector's
// component written and read back, and the same in a tiled kernel's
// work-item loop; a view only ever written whole keeps the promise.
// RUN: %ampcc -O2 -fhost-kernels %s -o %t && env AMPCC_BACKEND=host %t | %FileCheck %s
// RUN: %ampcc -O2 -emit-host-kernels %s -o %t.c && %FileCheck --check-prefix=LOOPS %s < %t.c
// CHECK: struct fields: 0 mismatches of 408
// CHECK: vector components: 0 mismatches of 315
// CHECK: tiled: 0 mismatches of 256
// CHECK: written whole: 0 mismatches of 315
// CHECK-NOT: mismatch at
//
// LOOPS-LABEL: static void main_kernel__range(
// LOOPS: #pragma clang loop vectorize(enable)
// LOOPS-LABEL: static void main_kernel_1__range(
// LOOPS: #pragma clang loop vectorize(enable)
// LOOPS-LABEL: static void main_kernel_3__range(
// LOOPS: #pragma clang loop vectorize(assume_safety)
#include <amp.h>
#include <amp_short_vectors.h>
#include "Inputs/report.h"
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;

struct Pair {
  float F0;
  int F1;
};

static int toInt(float A) restrict(cpu, amp) { return A < 1e9f && A > -1e9f ? (int)A : 0; }

int main() {
  int Fails = 0;
  const int Rows = 15, Cols = 21;

  // The seed's shape: a section of a 2-D view of structs.
  std::vector<Pair> Data(17 * 24), Ref;
  for (size_t I = 0; I < Data.size(); ++I)
    Data[I] = Pair{float(int(I % 13) - 6), int(I % 29) - 14};
  Ref = Data;
  std::vector<int> Copy(Rows * Cols, 0), CopyRef(Rows * Cols, 0);
  {
    array_view<Pair, 2> All(17, 24, Data);
    array_view<Pair, 2> Sec = All.section(index<2>(2, 1), extent<2>(Rows, Cols));
    array_view<int, 2> CopyV(Rows, Cols, Copy);
    parallel_for_each(Sec.extent, [=](index<2> Idx) restrict(amp) {
      Sec[Idx].F1 = Sec[Idx].F1 * toInt(Sec[Idx].F0);
      CopyV[Idx] = Sec[Idx].F1;
      Sec[Idx].F1 = Sec[Idx].F1 + 3;
    });
    All.synchronize();
    CopyV.synchronize();
  }
  for (int Y = 0; Y < Rows; ++Y)
    for (int X = 0; X < Cols; ++X) {
      Pair &E = Ref[(Y + 2) * 24 + X + 1];
      E.F1 = E.F1 * int(E.F0);
      CopyRef[Y * Cols + X] = E.F1;
      E.F1 = E.F1 + 3;
    }
  std::vector<int> Got, Want;
  for (size_t I = 0; I < Data.size(); ++I) {
    Got.push_back(Data[I].F1);
    Want.push_back(Ref[I].F1);
  }
  Fails += report("struct fields", Got, Want);
  Fails += Copy != CopyRef;

  // A short vector's component (a property of int_2) written and read back.
  std::vector<int_2> Vec(Rows * Cols);
  std::vector<int> VecGot(Rows * Cols), VecWant(Rows * Cols);
  for (int I = 0; I < Rows * Cols; ++I)
    Vec[I] = int_2(I % 7 - 3, I % 5 + 1);
  {
    array_view<int_2, 2> V(Rows, Cols, Vec);
    array_view<int, 2> Out(Rows, Cols, VecGot);
    parallel_for_each(V.extent, [=](index<2> Idx) restrict(amp) {
      V[Idx].x = V[Idx].x * V[Idx].y;
      Out[Idx] = V[Idx].x;
      V[Idx].x += 5;
    });
    V.synchronize();
  }
  for (int I = 0; I < Rows * Cols; ++I) {
    int X = (I % 7 - 3) * (I % 5 + 1);
    VecWant[I] = X;
    Fails += Vec[I].x != X + 5;
  }
  Fails += report("vector components", VecGot, VecWant);

  // A tiled kernel's work-item loop between barriers.
  std::vector<Pair> Tiled(256);
  for (int I = 0; I < 256; ++I)
    Tiled[I] = Pair{float(I % 9 - 4), I % 11 - 5};
  std::vector<Pair> TiledRef = Tiled;
  {
    array_view<Pair, 1> T(256, Tiled);
    parallel_for_each(T.extent.tile<64>(), [=](tiled_index<64> Ti) restrict(amp) {
      tile_static int S[64];
      S[Ti.local[0]] = Ti.local[0];
      Ti.barrier.wait();
      T[Ti.global].F1 = T[Ti.global].F1 * toInt(T[Ti.global].F0);
      T[Ti.global].F1 = T[Ti.global].F1 + S[63 - Ti.local[0]];
    });
    T.synchronize();
  }
  std::vector<int> TGot, TWant;
  for (int I = 0; I < 256; ++I) {
    TGot.push_back(Tiled[I].F1);
    TWant.push_back(TiledRef[I].F1 * int(TiledRef[I].F0) + (63 - I % 64));
  }
  Fails += report("tiled", TGot, TWant);

  // Written whole only: the loop keeps its promise (n-body's accelerations).
  std::vector<Pair> Whole(Rows * Cols);
  {
    array_view<Pair, 2> W(Rows, Cols, Whole);
    W.discard_data();
    parallel_for_each(W.extent, [=](index<2> Idx) restrict(amp) {
      Pair P = {float(Idx[0]), Idx[1] * 3};
      W[Idx] = P;
    });
    W.synchronize();
  }
  std::vector<int> WGot, WWant;
  for (int I = 0; I < Rows * Cols; ++I) {
    WGot.push_back(Whole[I].F1 + int(Whole[I].F0) * 1000);
    WWant.push_back((I % Cols) * 3 + (I / Cols) * 1000);
  }
  Fails += report("written whole", WGot, WWant);
  return Fails != 0;
}
