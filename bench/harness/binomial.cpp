// Binomial pricing of European calls (compute bound), one tile per option:
// the tile's 256 threads own 4 tree nodes each, in tile_static memory, and
// step back through the 1023 levels with two barriers a level (read all,
// then write all). The set-up uses fast_math, as such code would.
#include "bench.h"

#include <amp_math.h>

using namespace concurrency;
using namespace bench;

namespace {

const int Steps = cases::BinomialSteps, Tile = cases::BinomialTile;
const int PerThread = (Steps + 1) / Tile;

const char *Src = R"CL(
#define STEPS 1023
#define TS 256
#define PER ((STEPS + 1) / TS)
__kernel void binomial(__global const float *S, __global const float *K,
                       __global const float *T, __global const float *R,
                       __global const float *V, __global float *price) {
  __local float val[STEPS + 1];
  int o = get_group_id(0), l = get_local_id(0);
  float dt = T[o] / STEPS, vsdt = V[o] * sqrt(dt);
  float u = exp(vsdt), d = 1.0f / u, disc = exp(-R[o] * dt);
  float pu = (exp(R[o] * dt) - d) / (u - d);
  float puDisc = pu * disc, pdDisc = (1.0f - pu) * disc;
  for (int n = 0; n < PER; ++n) {
    int j = l + TS * n;
    val[j] = fmax(S[o] * exp(vsdt * (2 * j - STEPS)) - K[o], 0.0f);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int step = STEPS; step > 0; --step) {
    float next[PER];
    for (int n = 0; n < PER; ++n) {
      int j = l + TS * n;
      next[n] = j < step ? puDisc * val[j + 1] + pdDisc * val[j] : 0.0f;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int n = 0; n < PER; ++n) {
      int j = l + TS * n;
      if (j < step)
        val[j] = next[n];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0)
    price[o] = val[0];
}
)CL";

void binomialCase() {
  int N = options().Size.Options;
  cases::OptionSet O(N);
  std::vector<float> Price(N), Price2(N);
  Result R{"binomial", "compute", cases::binomialFlops(N), "GFLOP/s"};
  resetBytes();
  {
    array_view<const float, 1> SV(N, O.S), KV(N, O.K), TV(N, O.T), RV(N, O.R), VV(N, O.V);
    array_view<float, 1> PV(N, Price);
    PV.discard_data();
    R.AmpMs = timeLaunches(
        [&] {
          parallel_for_each(extent<1>(N * Tile).tile<Tile>(), [=](tiled_index<Tile> T) restrict(amp) {
            tile_static float Val[Steps + 1];
            int Opt = T.tile[0], L = T.local[0];
            float Dt = TV[Opt] / Steps, Vsdt = VV[Opt] * fast_math::sqrt(Dt);
            float U = fast_math::exp(Vsdt), D = 1.0f / U, Disc = fast_math::exp(-RV[Opt] * Dt);
            float Pu = (fast_math::exp(RV[Opt] * Dt) - D) / (U - D);
            float PuDisc = Pu * Disc, PdDisc = (1.0f - Pu) * Disc;
            for (int I = 0; I < PerThread; ++I) {
              int J = L + Tile * I;
              Val[J] = fast_math::fmax(SV[Opt] * fast_math::exp(Vsdt * (2 * J - Steps)) - KV[Opt], 0.0f);
            }
            T.barrier.wait();
            for (int Step = Steps; Step > 0; --Step) {
              float Next[PerThread];
              for (int I = 0; I < PerThread; ++I) {
                int J = L + Tile * I;
                Next[I] = J < Step ? PuDisc * Val[J + 1] + PdDisc * Val[J] : 0.0f;
              }
              T.barrier.wait();
              for (int I = 0; I < PerThread; ++I) {
                int J = L + Tile * I;
                if (J < Step)
                  Val[J] = Next[I];
              }
              T.barrier.wait();
            }
            if (L == 0)
              PV[Opt] = Val[0];
          });
        },
        [&] { view().wait(); });
    PV.synchronize();
  }
  R.Moved = movedBytes();
  R.Min = 6LL * N * 4;
  R.AmpOk = cases::checkBinomial(O, Price.data());

  Twin &T = Twin::get();
  cl_program P = T.build(Src);
  cl_kernel K = T.kernel(P, "binomial");
  size_t B = size_t(N) * 4;
  cl_mem In[5] = {T.buffer(B, O.S.data()), T.buffer(B, O.K.data()), T.buffer(B, O.T.data()),
                  T.buffer(B, O.R.data()), T.buffer(B, O.V.data())};
  cl_mem Out = T.buffer(B);
  Twin::args(K, In[0], In[1], In[2], In[3], In[4], Out);
  size_t G = size_t(N) * Tile, L = Tile;
  R.ClMs = timeLaunches([&] { T.launch(K, 1, &G, &L); }, [&] { T.finish(); });
  T.read(Out, B, Price2.data());
  R.ClOk = cases::checkBinomial(O, Price2.data());
  for (cl_mem M : In)
    clReleaseMemObject(M);
  clReleaseMemObject(Out);
  clReleaseKernel(K);
  clReleaseProgram(P);
  report(R);
}

} // namespace

void bench::runBinomial() {
  if (wanted("binomial"))
    binomialCase();
}
