// The seeds' transpose (examples/transpose) on a square matrix whose side
// is a multiple of the tile (simple, tiled, pad(), truncate()) and on one
// whose side is not (simple, pad(), truncate() plus the edge threads on
// array_view sections). The twins launch the same tiles; their edge passes
// take the sections' origins as arguments.
#include "bench.h"

using namespace concurrency;
using namespace bench;

namespace {

const int Tile = cases::TransposeTile;

const char *Src = R"CL(
#define TS 16
// One work-item per element of a section of the output: x runs along the
// input's rows (the output's columns), y along its columns.
__kernel void simple(__global const float *in, __global float *out,
                     int ldIn, int ldOut, int r0, int c0) {
  int x = get_global_id(0), y = get_global_id(1);
  out[(c0 + y) * ldOut + r0 + x] = in[(r0 + x) * ldIn + c0 + y];
}
// Whole tiles only: through local memory, both sides coalesced.
__kernel void tiled(__global const float *in, __global float *out, int ldIn, int ldOut) {
  __local float b[TS][TS];
  int lr = get_local_id(1), lc = get_local_id(0);
  b[lr][lc] = in[get_global_id(1) * ldIn + get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[(get_group_id(0) * TS + lr) * ldOut + get_group_id(1) * TS + lc] = b[lc][lr];
}
// A domain padded to whole tiles: work-items outside only join the barrier.
__kernel void padded(__global const float *in, __global float *out, int rows, int cols) {
  __local float b[TS][TS];
  int lr = get_local_id(1), lc = get_local_id(0);
  int row = get_global_id(1), col = get_global_id(0);
  b[lr][lc] = row < rows && col < cols ? in[row * cols + col] : 0.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  int orow = get_group_id(0) * TS + lr, ocol = get_group_id(1) * TS + lc;
  if (orow < cols && ocol < rows)
    out[orow * rows + ocol] = b[lc][lr];
}
)CL";

enum Method { Simple, Tiled, Padded, Truncated };

void simple(const array_view<const float, 2> &In, const array_view<float, 2> &Out) {
  parallel_for_each(Out.extent, [=](index<2> I) restrict(amp) { Out[I] = In(I[1], I[0]); });
}

void tiled(const array_view<const float, 2> &In, const array_view<float, 2> &Out,
           const tiled_extent<Tile, Tile> &Domain) {
  parallel_for_each(Domain, [=](tiled_index<Tile, Tile> T) restrict(amp) {
    tile_static float Block[Tile][Tile];
    Block[T.local[0]][T.local[1]] = In[T.global];
    T.barrier.wait();
    Out(T.tile_origin[1] + T.local[0], T.tile_origin[0] + T.local[1]) =
        Block[T.local[1]][T.local[0]];
  });
}

void padded(const array_view<const float, 2> &In, const array_view<float, 2> &Out) {
  parallel_for_each(In.extent.tile<Tile, Tile>().pad(), [=](tiled_index<Tile, Tile> T) restrict(amp) {
    tile_static float Block[Tile][Tile];
    int Row = T.global[0], Col = T.global[1];
    bool Inside = Row < In.extent[0] && Col < In.extent[1];
    Block[T.local[0]][T.local[1]] = Inside ? In(Row, Col) : 0.0f;
    T.barrier.wait();
    int OutRow = T.tile_origin[1] + T.local[0], OutCol = T.tile_origin[0] + T.local[1];
    if (OutRow < Out.extent[0] && OutCol < Out.extent[1])
      Out(OutRow, OutCol) = Block[T.local[1]][T.local[0]];
  });
}

// truncate() keeps the whole tiles; the rows and columns it drops go
// through the simple kernel on sections of both matrices.
void truncated(const array_view<const float, 2> &In, const array_view<float, 2> &Out) {
  tiled_extent<Tile, Tile> Whole = In.extent.tile<Tile, Tile>().truncate();
  int Rows = In.extent[0], Cols = In.extent[1], R0 = Whole[0], C0 = Whole[1];
  if (Whole.size() > 0)
    tiled(In, Out, Whole);
  if (R0 < Rows)
    simple(In.section(index<2>(R0, 0), extent<2>(Rows - R0, Cols)),
           Out.section(index<2>(0, R0), extent<2>(Cols, Rows - R0)));
  if (C0 < Cols && R0 > 0)
    simple(In.section(index<2>(0, C0), extent<2>(R0, Cols - C0)),
           Out.section(index<2>(C0, 0), extent<2>(Cols - C0, R0)));
}

void ampLaunch(Method How, const array_view<const float, 2> &In, const array_view<float, 2> &Out) {
  switch (How) {
  case Simple: return simple(In, Out);
  case Tiled: return tiled(In, Out, In.extent.tile<Tile, Tile>());
  case Padded: return padded(In, Out);
  case Truncated: return truncated(In, Out);
  }
}

struct ClKernels {
  cl_kernel Simple, Tiled, Padded;
};

void clSimple(Twin &T, cl_kernel K, cl_mem In, cl_mem Out, int N, int R0, int C0, int Rows, int Cols) {
  Twin::args(K, In, Out, N, N, R0, C0);
  size_t G[2] = {size_t(Rows), size_t(Cols)};
  T.launch(K, 2, G, nullptr);
}

void clLaunch(Twin &T, const ClKernels &K, Method How, cl_mem In, cl_mem Out, int N) {
  size_t L[2] = {Tile, Tile};
  int Whole = N / Tile * Tile;
  switch (How) {
  case Simple:
    return clSimple(T, K.Simple, In, Out, N, 0, 0, N, N);
  case Tiled: {
    Twin::args(K.Tiled, In, Out, N, N);
    size_t G[2] = {size_t(N), size_t(N)};
    return T.launch(K.Tiled, 2, G, L);
  }
  case Padded: {
    Twin::args(K.Padded, In, Out, N, N);
    size_t Up = size_t(N + Tile - 1) / Tile * Tile, G[2] = {Up, Up};
    return T.launch(K.Padded, 2, G, L);
  }
  case Truncated: {
    if (Whole > 0) {
      Twin::args(K.Tiled, In, Out, N, N);
      size_t G[2] = {size_t(Whole), size_t(Whole)};
      T.launch(K.Tiled, 2, G, L);
    }
    if (Whole < N)
      clSimple(T, K.Simple, In, Out, N, Whole, 0, N - Whole, N);
    if (Whole < N && Whole > 0)
      clSimple(T, K.Simple, In, Out, N, 0, Whole, Whole, N - Whole);
    return;
  }
  }
}

void runCase(const char *Name, int N, Method How, cl_program &P) {
  if (!wanted(Name))
    return;
  if (!P)
    P = Twin::get().build(Src);
  size_t Elems = size_t(N) * N;
  std::vector<float> In(Elems), Out(Elems, -1.0f), Out2(Elems, -1.0f);
  cases::fillFloats(In, 9973);
  Result R{Name, "memory", cases::transposeBytes(N), "GB/s"};
  resetBytes();
  {
    array_view<const float, 2> InV(N, N, In);
    array_view<float, 2> OutV(N, N, Out);
    OutV.discard_data();
    R.AmpMs = timeLaunches([&] { ampLaunch(How, InV, OutV); }, [&] { view().wait(); });
    OutV.synchronize();
  }
  R.Moved = movedBytes();
  R.Min = (long long)cases::transposeBytes(N);
  R.AmpOk = cases::checkTranspose(In, Out, N);

  Twin &T = Twin::get();
  ClKernels K{T.kernel(P, "simple"), T.kernel(P, "tiled"), T.kernel(P, "padded")};
  cl_mem BI = T.buffer(Elems * 4, In.data()), BO = T.buffer(Elems * 4);
  R.ClMs = timeLaunches([&] { clLaunch(T, K, How, BI, BO, N); }, [&] { T.finish(); });
  T.read(BO, Elems * 4, Out2.data());
  R.ClOk = cases::checkTranspose(In, Out2, N);
  clReleaseMemObject(BI);
  clReleaseMemObject(BO);
  for (cl_kernel X : {K.Simple, K.Tiled, K.Padded})
    clReleaseKernel(X);
  report(R);
}

} // namespace

void bench::runTranspose() {
  cl_program P = nullptr; // built by the first case that runs
  const cases::Sizes &S = options().Size;
  runCase("transpose-simple", S.TransposeN, Simple, P);
  runCase("transpose-tiled", S.TransposeN, Tiled, P);
  runCase("transpose-pad", S.TransposeN, Padded, P);
  runCase("transpose-truncate", S.TransposeN, Truncated, P);
  runCase("transpose-odd-simple", S.TransposeOdd, Simple, P);
  runCase("transpose-odd-pad", S.TransposeOdd, Padded, P);
  runCase("transpose-odd-truncate", S.TransposeOdd, Truncated, P);
  if (P)
    clReleaseProgram(P);
}
