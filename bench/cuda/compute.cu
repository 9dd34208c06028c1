// Histogram, matrix multiply (tiled, register-blocked), binomial options
// and n-body, with the harness's tiles.
#include "common.cuh"

#include <vector>

namespace {

const int HTile = cases::HistTile, MT = cases::MatTile, RB = cases::MatBlock, BS = MT * RB;
const int Steps = cases::BinomialSteps, BTile = cases::BinomialTile, Per = (Steps + 1) / BTile;
const int NTile = cases::NbodyTile;

__global__ void histogram(const unsigned *In, unsigned *Bins, int Words) {
  __shared__ unsigned Local[cases::HistBins];
  int L = threadIdx.x, Stride = gridDim.x * HTile;
  Local[L] = 0;
  __syncthreads();
  for (int I = blockIdx.x * HTile + L; I < Words; I += Stride) {
    unsigned W = In[I];
    for (int B = 0; B < 4; ++B)
      atomicAdd(&Local[(W >> (8 * B)) & 0xFFu], 1u);
  }
  __syncthreads();
  atomicAdd(&Bins[L], Local[L]);
}

__global__ void matTiled(const float *A, const float *B, float *C, int N) {
  __shared__ float As[MT][MT], Bs[MT][MT];
  int LR = threadIdx.y, LC = threadIdx.x;
  int Row = blockIdx.y * MT + LR, Col = blockIdx.x * MT + LC;
  float Sum = 0.0f;
  for (int T = 0; T < N; T += MT) {
    As[LR][LC] = A[size_t(Row) * N + T + LC];
    Bs[LR][LC] = B[size_t(T + LR) * N + Col];
    __syncthreads();
    for (int K = 0; K < MT; ++K)
      Sum += As[LR][K] * Bs[K][LC];
    __syncthreads();
  }
  C[size_t(Row) * N + Col] = Sum;
}

__global__ void matBlocked(const float *A, const float *B, float *C, int N) {
  __shared__ float As[BS][MT], Bs[MT][BS];
  int Ty = threadIdx.y, Tx = threadIdx.x;
  int Row0 = blockIdx.y * BS, Col0 = blockIdx.x * BS;
  float Acc[RB][RB];
  for (int I = 0; I < RB; ++I)
    for (int J = 0; J < RB; ++J)
      Acc[I][J] = 0.0f;
  for (int T = 0; T < N; T += MT) {
    for (int I = 0; I < RB; ++I) {
      As[Ty + MT * I][Tx] = A[size_t(Row0 + Ty + MT * I) * N + T + Tx];
      Bs[Ty][Tx + MT * I] = B[size_t(T + Ty) * N + Col0 + Tx + MT * I];
    }
    __syncthreads();
    for (int K = 0; K < MT; ++K) {
      float Av[RB], Bv[RB];
      for (int I = 0; I < RB; ++I) {
        Av[I] = As[Ty + MT * I][K];
        Bv[I] = Bs[K][Tx + MT * I];
      }
      for (int I = 0; I < RB; ++I)
        for (int J = 0; J < RB; ++J)
          Acc[I][J] += Av[I] * Bv[J];
    }
    __syncthreads();
  }
  for (int I = 0; I < RB; ++I)
    for (int J = 0; J < RB; ++J)
      C[size_t(Row0 + Ty + MT * I) * N + Col0 + Tx + MT * J] = Acc[I][J];
}

__global__ void binomial(const float *S, const float *K, const float *T, const float *R,
                         const float *V, float *Price) {
  __shared__ float Val[Steps + 1];
  int O = blockIdx.x, L = threadIdx.x;
  float Dt = T[O] / Steps, Vsdt = V[O] * sqrtf(Dt);
  float U = expf(Vsdt), D = 1.0f / U, Disc = expf(-R[O] * Dt);
  float Pu = (expf(R[O] * Dt) - D) / (U - D);
  float PuDisc = Pu * Disc, PdDisc = (1.0f - Pu) * Disc;
  for (int I = 0; I < Per; ++I) {
    int J = L + BTile * I;
    Val[J] = fmaxf(S[O] * expf(Vsdt * (2 * J - Steps)) - K[O], 0.0f);
  }
  __syncthreads();
  for (int Step = Steps; Step > 0; --Step) {
    float Next[Per];
    for (int I = 0; I < Per; ++I) {
      int J = L + BTile * I;
      Next[I] = J < Step ? PuDisc * Val[J + 1] + PdDisc * Val[J] : 0.0f;
    }
    __syncthreads();
    for (int I = 0; I < Per; ++I) {
      int J = L + BTile * I;
      if (J < Step)
        Val[J] = Next[I];
    }
    __syncthreads();
  }
  if (L == 0)
    Price[O] = Val[0];
}

__global__ void nbody(const float *Pos, float *Acc, int N, float Eps) {
  __shared__ float P[4 * NTile];
  int I = blockIdx.x * NTile + threadIdx.x, L = threadIdx.x;
  float X = Pos[4 * I], Y = Pos[4 * I + 1], Z = Pos[4 * I + 2];
  float Ax = 0.0f, Ay = 0.0f, Az = 0.0f;
  for (int Base = 0; Base < N; Base += NTile) {
    for (int C = 0; C < 4; ++C)
      P[4 * L + C] = Pos[4 * (Base + L) + C];
    __syncthreads();
    for (int J = 0; J < NTile; ++J) {
      float Dx = P[4 * J] - X, Dy = P[4 * J + 1] - Y, Dz = P[4 * J + 2] - Z;
      float Inv = rsqrtf(Dx * Dx + Dy * Dy + Dz * Dz + Eps);
      float S = P[4 * J + 3] * Inv * Inv * Inv;
      Ax += Dx * S;
      Ay += Dy * S;
      Az += Dz * S;
    }
    __syncthreads();
  }
  Acc[4 * I] = Ax;
  Acc[4 * I + 1] = Ay;
  Acc[4 * I + 2] = Az;
  Acc[4 * I + 3] = 0.0f;
}

void histogramCase() {
  size_t Bytes = cutwin::options().Size.HistBytes;
  int Words = int(Bytes / 4), Tiles = cases::strideTiles(Words, HTile);
  std::vector<uint8_t> Data(Bytes);
  cases::fillBytes(Data);
  std::vector<unsigned> Bins(cases::HistBins, 0);
  unsigned *DI = (unsigned *)cutwin::deviceCopy(Data.data(), Bytes);
  unsigned *DB = (unsigned *)cutwin::deviceCopy(Bins.data(), Bins.size() * 4);
  unsigned Launches = 0;
  double Ms = cutwin::timeLaunches([&] {
    ++Launches;
    histogram<<<Tiles, HTile>>>(DI, DB, Words);
  });
  cutwin::toHost(Bins.data(), DB, Bins.size() * 4);
  cutwin::emit("histogram", "atomic", Ms, double(Bytes), "GB/s", (long long)Bytes + 2 * 1024,
               cases::checkHistogram(cases::histogramReference(Data), Bins.data(), Launches));
  CU(cudaFree(DI));
  CU(cudaFree(DB));
}

void matmulCase(const char *Name, bool Blocked) {
  if (!cutwin::wanted(Name))
    return;
  int N = cutwin::options().Size.MatN;
  size_t Elems = size_t(N) * N;
  std::vector<float> A(Elems), B(Elems), C(Elems);
  cases::fillFloats(A, 7, 0.5f);
  cases::fillFloats(B, 5, 0.25f);
  float *DA = (float *)cutwin::deviceCopy(A.data(), Elems * 4);
  float *DB = (float *)cutwin::deviceCopy(B.data(), Elems * 4);
  float *DC = (float *)cutwin::deviceCopy(nullptr, Elems * 4);
  double Ms = cutwin::timeLaunches([&] {
    if (Blocked)
      matBlocked<<<dim3(N / BS, N / BS), dim3(MT, MT)>>>(DA, DB, DC, N);
    else
      matTiled<<<dim3(N / MT, N / MT), dim3(MT, MT)>>>(DA, DB, DC, N);
  });
  cutwin::toHost(C.data(), DC, Elems * 4);
  cutwin::emit(Name, "compute", Ms, cases::matmulFlops(N), "GFLOP/s", 3LL * Elems * 4,
               cases::checkMatmul(A, B, C.data(), N));
  for (float *P : {DA, DB, DC})
    CU(cudaFree(P));
}

void binomialCase() {
  int N = cutwin::options().Size.Options;
  cases::OptionSet O(N);
  std::vector<float> Price(N);
  size_t B = size_t(N) * 4;
  float *In[5] = {(float *)cutwin::deviceCopy(O.S.data(), B), (float *)cutwin::deviceCopy(O.K.data(), B),
                  (float *)cutwin::deviceCopy(O.T.data(), B), (float *)cutwin::deviceCopy(O.R.data(), B),
                  (float *)cutwin::deviceCopy(O.V.data(), B)};
  float *Out = (float *)cutwin::deviceCopy(nullptr, B);
  double Ms = cutwin::timeLaunches(
      [&] { binomial<<<N, BTile>>>(In[0], In[1], In[2], In[3], In[4], Out); });
  cutwin::toHost(Price.data(), Out, B);
  cutwin::emit("binomial", "compute", Ms, cases::binomialFlops(N), "GFLOP/s", 6LL * N * 4,
               cases::checkBinomial(O, Price.data()));
  for (float *P : In)
    CU(cudaFree(P));
  CU(cudaFree(Out));
}

void nbodyCase() {
  int N = cutwin::options().Size.Bodies;
  std::vector<float> Pos = cases::nbodyInput(N), Acc(size_t(N) * 4);
  float *DP = (float *)cutwin::deviceCopy(Pos.data(), size_t(N) * 16);
  float *DA = (float *)cutwin::deviceCopy(nullptr, size_t(N) * 16);
  double Ms = cutwin::timeLaunches(
      [&] { nbody<<<N / NTile, NTile>>>(DP, DA, N, cases::NbodySoftening); });
  cutwin::toHost(Acc.data(), DA, size_t(N) * 16);
  cutwin::emit("nbody", "compute", Ms, cases::nbodyFlops(N), "GFLOP/s", 2LL * N * 16,
               cases::checkNbody(Pos, Acc.data(), N));
  CU(cudaFree(DP));
  CU(cudaFree(DA));
}

} // namespace

void cutwin::runHistogram() {
  if (wanted("histogram"))
    histogramCase();
}

void cutwin::runMatmul() {
  matmulCase("matmul-tiled", false);
  matmulCase("matmul-blocked", true);
}

void cutwin::runBinomial() {
  if (wanted("binomial"))
    binomialCase();
}

void cutwin::runNbody() {
  if (wanted("nbody"))
    nbodyCase();
}
