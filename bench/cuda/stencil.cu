// Moving average (simple: 256 threads a block; tiled: 512) and the
// two-pass reduction, as in the harness.
#include "common.cuh"

#include <vector>

namespace {

const int W = cases::SmaWindow, STile = cases::SmaTile, RTile = cases::ReduceTile;

__global__ void smaSimple(const float *In, float *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  float Sum = 0.0f;
  for (int K = 0; K < W; ++K)
    Sum += In[min(I + K, N - 1)];
  Out[I] = Sum / W;
}

__global__ void smaTiled(const float *In, float *Out, int N) {
  __shared__ float Win[STile + W - 1];
  int L = threadIdx.x, G = blockIdx.x * STile + L;
  Win[L] = In[G];
  if (L < W - 1)
    Win[STile + L] = In[min(G + STile, N - 1)];
  __syncthreads();
  float Sum = 0.0f;
  for (int K = 0; K < W; ++K)
    Sum += Win[L + K];
  Out[G] = Sum / W;
}

__device__ void tree(int *S, int L) {
  for (int Stride = RTile / 2; Stride > 0; Stride /= 2) {
    __syncthreads();
    if (L < Stride)
      S[L] += S[L + Stride];
  }
}

__global__ void partials(const int *In, int *Out, int N) {
  __shared__ int S[RTile];
  int L = threadIdx.x, Stride = gridDim.x * RTile, Sum = 0;
  for (int I = blockIdx.x * RTile + L; I < N; I += Stride)
    Sum += In[I];
  S[L] = Sum;
  tree(S, L);
  if (L == 0)
    Out[blockIdx.x] = S[0];
}

__global__ void total(const int *Partial, int *Out, int N) {
  __shared__ int S[RTile];
  int L = threadIdx.x, Sum = 0;
  for (int I = L; I < N; I += RTile)
    Sum += Partial[I];
  S[L] = Sum;
  tree(S, L);
  if (L == 0)
    Out[0] = S[0];
}

void smaCase(const char *Name, bool Tiled) {
  if (!cutwin::wanted(Name))
    return;
  int N = cutwin::options().Size.SmaN;
  std::vector<float> In(N), Out(N);
  cases::fillFloats(In, 101);
  float *DI = (float *)cutwin::deviceCopy(In.data(), size_t(N) * 4);
  float *DO = (float *)cutwin::deviceCopy(nullptr, size_t(N) * 4);
  double Ms = cutwin::timeLaunches([&] {
    if (Tiled)
      smaTiled<<<N / STile, STile>>>(DI, DO, N);
    else
      smaSimple<<<(N + 255) / 256, 256>>>(DI, DO, N);
  });
  cutwin::toHost(Out.data(), DO, size_t(N) * 4);
  cutwin::emit(Name, "memory", Ms, cases::smaBytes(N), "GB/s", (long long)cases::smaBytes(N),
               Out == cases::smaReference(In));
  CU(cudaFree(DI));
  CU(cudaFree(DO));
}

void reductionCase() {
  int N = int(cutwin::options().Size.ReduceN), Tiles = cases::strideTiles(N, RTile);
  std::vector<int> In(N);
  cases::fillInts(In);
  int *DI = (int *)cutwin::deviceCopy(In.data(), size_t(N) * 4);
  int *DP = (int *)cutwin::deviceCopy(nullptr, size_t(Tiles) * 4);
  int *DO = (int *)cutwin::deviceCopy(nullptr, 4);
  double Ms = cutwin::timeLaunches([&] {
    partials<<<Tiles, RTile>>>(DI, DP, N);
    total<<<1, RTile>>>(DP, DO, Tiles);
  });
  int Sum = 0;
  cutwin::toHost(&Sum, DO, 4);
  cutwin::emit("reduction", "memory", Ms, 4.0 * N, "GB/s", 4LL * N + 4,
               Sum == int(cases::reduceReference(In)));
  for (int *P : {DI, DP, DO})
    CU(cudaFree(P));
}

} // namespace

void cutwin::runSma() {
  smaCase("sma-simple", false);
  smaCase("sma-tiled", true);
}

void cutwin::runReduction() {
  if (wanted("reduction"))
    reductionCase();
}
