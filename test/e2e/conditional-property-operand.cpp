// A short vector's component set from a conditional whose operands are
// objects in different address spaces (`v[i].x = c ? tile_static : local`,
// randamp seed 66167 of format 16, run s17a): the property's setter takes
// the conditional as an opaque value, which ampcc printed as a selection
// between the two objects' addresses, a __local and a __private pointer
// that no OpenCL compiler accepts. Its value is what the setter needs.
// Also a struct copied from such a conditional. Checked against a CPU
// reference on the device and on the host backend.
// REQUIRES: opencl
// RUN: %ampcc -O2 %s -o %t && %t | %FileCheck %s
// RUN: %ampcc -O2 -fhost-kernels %s -o %t.host && env AMPCC_BACKEND=host %t.host | %FileCheck %s
// RUN: %ampcc -O2 -emit-opencl %s | %FileCheck --check-prefix=CL %s
// CHECK: conditional-property-operand: 0 mismatches of 256
// CL: set_x_G({{.*}} != 0 ? Shared[Other] : L));
// CL: set_y_G({{.*}} == 2 ? L : Shared[L]));
#include <amp.h>
#include <amp_short_vectors.h>
#include <cstdio>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;

struct Pair {
  int A;
  float B;
};

int main() {
  const int N = 256, Tile = 16;
  std::vector<int> Flags(N);
  for (int I = 0; I < N; ++I)
    Flags[I] = (I * 7) % 3;
  std::vector<int_3> Out(N);
  std::vector<Pair> Pairs(N);
  array_view<const int, 1> F(N, Flags);
  array_view<int_3, 1> V(N, Out);
  array_view<Pair, 1> P(N, Pairs);
  parallel_for_each(extent<1>(N).tile<Tile>(), [=](tiled_index<Tile> T) restrict(amp) {
    tile_static int Shared[Tile];
    tile_static Pair SharedPairs[Tile];
    int L = T.local[0];
    Pair Mine = {L * 3, 0.5f * L};
    Shared[L] = L * 10 + T.tile[0];
    SharedPairs[L] = Mine;
    T.barrier.wait();
    int Other = Tile - 1 - L;
    V[T.global].x = F[T.global] != 0 ? Shared[Other] : L;
    V[T.global].set_y(F[T.global] == 2 ? L : Shared[L]);
    V[T.global].z = 7;
    Pair Got = F[T.global] == 1 ? SharedPairs[Other] : Mine;
    P[T.global] = Got;
  });
  V.synchronize();
  P.synchronize();
  int Bad = 0;
  for (int I = 0; I < N; ++I) {
    int L = I % Tile, Tl = I / Tile, Other = Tile - 1 - L;
    int X = Flags[I] != 0 ? Other * 10 + Tl : L;
    int Y = Flags[I] == 2 ? L : L * 10 + Tl;
    int A = Flags[I] == 1 ? Other * 3 : L * 3;
    float B = Flags[I] == 1 ? 0.5f * Other : 0.5f * L;
    if (Out[I].x != X || Out[I].y != Y || Out[I].z != 7 || Pairs[I].A != A || Pairs[I].B != B)
      ++Bad;
  }
  std::printf("conditional-property-operand: %d mismatches of %d\n", Bad, N);
  return Bad != 0;
}
