// Moving average over a window of 64 samples: simple (each thread reads its
// 64 samples from global memory, leaving reuse to the caches) and tiled
// (a tile of 512 loads its samples plus the 63 after them into tile_static
// memory once).
#include "bench.h"

using namespace concurrency;
using namespace bench;

namespace {

const int W = cases::SmaWindow, Tile = cases::SmaTile;

const char *Src = R"CL(
#define W 64
#define TS 512
__kernel void simple(__global const float *in, __global float *out, int n) {
  int i = get_global_id(0);
  float sum = 0.0f;
  for (int k = 0; k < W; ++k)
    sum += in[min(i + k, n - 1)];
  out[i] = sum / W;
}
__kernel void tiled(__global const float *in, __global float *out, int n) {
  __local float win[TS + W - 1];
  int l = get_local_id(0), g = get_global_id(0);
  win[l] = in[g];
  if (l < W - 1)
    win[TS + l] = in[min(g + TS, n - 1)];
  barrier(CLK_LOCAL_MEM_FENCE);
  float sum = 0.0f;
  for (int k = 0; k < W; ++k)
    sum += win[l + k];
  out[g] = sum / W;
}
)CL";

void ampLaunch(bool Tiled, const array_view<const float, 1> &In, const array_view<float, 1> &Out) {
  int N = In.extent[0];
  if (Tiled)
    parallel_for_each(Out.extent.tile<Tile>(), [=](tiled_index<Tile> T) restrict(amp) {
      tile_static float Win[Tile + W - 1];
      int L = T.local[0], G = T.global[0];
      Win[L] = In[G];
      if (L < W - 1) // the first threads also load the samples after the tile
        Win[Tile + L] = In[G + Tile < N ? G + Tile : N - 1];
      T.barrier.wait();
      float Sum = 0.0f;
      for (int K = 0; K < W; ++K)
        Sum += Win[L + K];
      Out[T.global] = Sum / W;
    });
  else
    parallel_for_each(Out.extent, [=](index<1> I) restrict(amp) {
      // The clamp as the twins write it (min): written as a conditional,
      // 'I + K < N ? I + K : N - 1', it costs a compare and a select a
      // sample in NVIDIA's OpenCL compiler and in nvcc alike (1.21 and
      // 1.19 ms against 0.94; docs/performance.md).
      float Sum = 0.0f;
      for (int K = 0; K < W; ++K)
        Sum += In[direct3d::imin(I[0] + K, N - 1)];
      Out[I] = Sum / W;
    });
}

void runCase(const char *Name, bool Tiled, cl_program &P) {
  if (!wanted(Name))
    return;
  if (!P)
    P = Twin::get().build(Src);
  int N = options().Size.SmaN;
  std::vector<float> In(N), Out(N), Out2(N);
  cases::fillFloats(In, 101);
  std::vector<float> Ref = cases::smaReference(In);
  Result R{Name, "memory", cases::smaBytes(N), "GB/s"};
  resetBytes();
  {
    array_view<const float, 1> InV(N, In);
    array_view<float, 1> OutV(N, Out);
    OutV.discard_data();
    R.AmpMs = timeLaunches([&] { ampLaunch(Tiled, InV, OutV); }, [&] { view().wait(); });
    OutV.synchronize();
  }
  R.Moved = movedBytes();
  R.Min = (long long)cases::smaBytes(N);
  R.AmpOk = Out == Ref;

  Twin &T = Twin::get();
  cl_kernel K = T.kernel(P, Tiled ? "tiled" : "simple");
  cl_mem BI = T.buffer(size_t(N) * 4, In.data()), BO = T.buffer(size_t(N) * 4);
  Twin::args(K, BI, BO, N);
  size_t G = N, L = Tile;
  R.ClMs = timeLaunches([&] { T.launch(K, 1, &G, Tiled ? &L : nullptr); }, [&] { T.finish(); });
  T.read(BO, size_t(N) * 4, Out2.data());
  R.ClOk = Out2 == Ref;
  clReleaseMemObject(BI);
  clReleaseMemObject(BO);
  clReleaseKernel(K);
  report(R);
}

} // namespace

void bench::runSma() {
  cl_program P = nullptr;
  runCase("sma-simple", false, P);
  runCase("sma-tiled", true, P);
  if (P)
    clReleaseProgram(P);
}
