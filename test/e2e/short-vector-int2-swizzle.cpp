// int_2 / int_3 in a tiled kernel: array_view<int_2,2> elements read and
// written through swizzle properties (in __global memory), a tile_static
// array of int_2 written through a swizzle property and read by another
// thread after a barrier, locals with swizzle writes (xy, yx, zx, rgb-style names), a default-constructed local array
// of int_2, compound assignment and ++/-- on properties as statements and as
// a for-loop increment, a swizzle of a temporary and an int_3 built from
// swizzles. Every element is compared with a CPU reference computed on
// plain ints.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: int2-swizzle: 0 mismatches
// CHECK-NOT: mismatch at
#include <amp.h>
#include <amp_short_vectors.h>
#include <cstdio>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;

static const int Rows = 16, Cols = 32, Tile = 8;

int main() {
  std::vector<int_2> In(Rows * Cols), Out(Rows * Cols);
  std::vector<int> RefX(Rows * Cols), RefY(Rows * Cols);
  for (int I = 0; I < Rows * Cols; ++I)
    In[I] = int_2(I * 3 - 100, 7 - I);
  // The reference: for element (r, c) of a tile, the neighbour n is the
  // element at (r, c ^ 1) in the same tile row.
  for (int R = 0; R < Rows; ++R)
    for (int C = 0; C < Cols; ++C) {
      int I = R * Cols + C, N = R * Cols + (C ^ 1);
      int X = In[I].x, Y = In[I].y;
      // v = in.yx; v.x += r; v.y -= c; v.x++; --v.y;
      int Vx = Y + R + 1, Vy = X - C - 1;
      // Shared: (v.x, v.y) of the neighbour, swapped on read.
      int NX = In[N].x, NY = In[N].y;
      int Nvx = NY + R + 1, Nvy = NX - (C ^ 1) - 1;
      int Sx = Nvy, Sy = Nvx;
      // Loop: w.x += 2 three times via for (...; w.x++) -> adds 3.
      int Wx = Sx + 3, Wy = Sy;
      // t = int_3(w.yx, c) -> (Wy, Wx, C); out = t.zx + (v + 1).yx
      RefX[I] = 2 * (C + (Vy + 1)); // doubled through a local array
      RefY[I] = Wy + (Vx + 1);
      RefY[I] += Wx;
    }
  array_view<const int_2, 2> InV(Rows, Cols, In);
  array_view<int_2, 2> OutV(Rows, Cols, Out);
  OutV.discard_data();
  parallel_for_each(OutV.extent.tile<Tile, Tile>(), [=](tiled_index<Tile, Tile> T) restrict(amp) {
    tile_static int_2 Shared[Tile][Tile];
    int R = T.global[0], C = T.global[1];
    int_2 V = InV[T.global].yx;
    V.x += R;
    V.g -= C;
    V.x++;
    --V.y;
    Shared[T.local[0]][T.local[1]].gr = V; // stored swapped, in __local memory
    T.barrier.wait();
    int_2 W = Shared[T.local[0]][T.local[1] ^ 1];
    for (int K = 0; K < 3; W.x++)
      ++K;
    int_3 Tv(W.y, W.x, C);
    int_2 Res = Tv.zx + (V + 1).yx;
    Res.y += Tv.y;
    // A local array of int_2: every element default-constructed to zero.
    int_2 Arr[2][3];
    Arr[1][0].y = Res.x;
    Res.x += Arr[1][0].y + Arr[0][2].x + Arr[1][2].g;
    OutV[T.global] = Res;
  });
  OutV.synchronize();
  int Bad = 0;
  for (int I = 0; I < Rows * Cols; ++I)
    if ((Out[I].x != RefX[I] || Out[I].y != RefY[I]) && Bad++ < 5)
      std::printf("mismatch at %d: (%d, %d) vs (%d, %d)\n", I, Out[I].x, Out[I].y,
                  RefX[I], RefY[I]);
  std::printf("int2-swizzle: %d mismatches\n", Bad);
  return Bad != 0;
}
