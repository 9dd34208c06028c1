// Sum of ints in two passes: a grid-stride loop per thread and a tree in
// tile_static memory give one partial sum per tile (in an array, which stays
// on the device), then one tile adds the partials.
#include "bench.h"

using namespace concurrency;
using namespace bench;

namespace {

const int Tile = cases::ReduceTile;

const char *Src = R"CL(
#define TS 256
// Adds the work-group's sums (s[0..TS)) into s[0].
void tree(__local int *s, int l) {
  for (int stride = TS / 2; stride > 0; stride /= 2) {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < stride)
      s[l] += s[l + stride];
  }
}
__kernel void partials(__global const int *in, __global int *out, int n) {
  __local int s[TS];
  int l = get_local_id(0), stride = get_global_size(0), sum = 0;
  for (int i = get_global_id(0); i < n; i += stride)
    sum += in[i];
  s[l] = sum;
  tree(s, l);
  if (l == 0)
    out[get_group_id(0)] = s[0];
}
__kernel void total(__global const int *partial, __global int *out, int n) {
  __local int s[TS];
  int l = get_local_id(0), sum = 0;
  for (int i = l; i < n; i += TS)
    sum += partial[i];
  s[l] = sum;
  tree(s, l);
  if (l == 0)
    out[0] = s[0];
}
)CL";

// Adds the tile's sums (S[0..Tile)) into S[0].
void tree(int *S, int L, const tile_barrier &Barrier) restrict(amp) {
  for (int Stride = Tile / 2; Stride > 0; Stride /= 2) {
    Barrier.wait_with_tile_static_memory_fence();
    if (L < Stride)
      S[L] += S[L + Stride];
  }
}

void reductionCase() {
  int N = int(options().Size.ReduceN), Tiles = cases::strideTiles(N, Tile);
  std::vector<int> In(N);
  cases::fillInts(In);
  int Ref = int(cases::reduceReference(In));
  int Sum = 0, Sum2 = 0;
  Result R{"reduction", "memory", 4.0 * N, "GB/s"};
  resetBytes();
  {
    array_view<const int, 1> InV(N, In);
    array<int, 1> Partials(Tiles);
    array_view<int, 1> OutV(1, &Sum);
    OutV.discard_data();
    R.AmpMs = timeLaunches(
        [&] {
          int Stride = Tiles * Tile;
          parallel_for_each(extent<1>(Stride).tile<Tile>(), [=, &Partials](tiled_index<Tile> T) restrict(amp) {
            tile_static int S[Tile];
            int L = T.local[0], Own = 0;
            for (int I = T.global[0]; I < N; I += Stride)
              Own += InV[I];
            S[L] = Own;
            tree(S, L, T.barrier);
            if (L == 0)
              Partials[T.tile[0]] = S[0];
          });
          parallel_for_each(extent<1>(Tile).tile<Tile>(), [=, &Partials](tiled_index<Tile> T) restrict(amp) {
            tile_static int S[Tile];
            int L = T.local[0], Own = 0;
            for (int I = L; I < Tiles; I += Tile)
              Own += Partials[I];
            S[L] = Own;
            tree(S, L, T.barrier);
            if (L == 0)
              OutV[0] = S[0];
          });
        },
        [&] { view().wait(); });
    OutV.synchronize();
  }
  R.Moved = movedBytes();
  R.Min = 4LL * N + 4;
  R.AmpOk = Sum == Ref;

  Twin &T = Twin::get();
  cl_program P = T.build(Src);
  cl_kernel KP = T.kernel(P, "partials"), KT = T.kernel(P, "total");
  cl_mem BI = T.buffer(size_t(N) * 4, In.data()), BP = T.buffer(size_t(Tiles) * 4),
         BO = T.buffer(4);
  Twin::args(KP, BI, BP, N);
  Twin::args(KT, BP, BO, Tiles);
  size_t G = size_t(Tiles) * Tile, L = Tile;
  R.ClMs = timeLaunches([&] { T.launch(KP, 1, &G, &L); T.launch(KT, 1, &L, &L); },
                        [&] { T.finish(); });
  T.read(BO, 4, &Sum2);
  R.ClOk = Sum2 == Ref;
  for (cl_mem M : {BI, BP, BO})
    clReleaseMemObject(M);
  clReleaseKernel(KP);
  clReleaseKernel(KT);
  clReleaseProgram(P);
  report(R);
}

} // namespace

void bench::runReduction() {
  if (wanted("reduction"))
    reductionCase();
}
