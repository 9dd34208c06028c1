// The benchmark cases' sizes, input data and CPU references, in plain C++17
// so that the ampcc harness (bench/harness/*.cpp) and the CUDA twin
// (bench/cuda/*.cu, built by nvcc on the GPU machine) measure the same
// problems and check them against the same answers.
#ifndef AMPCC_BENCH_CASES_H
#define AMPCC_BENCH_CASES_H

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace cases {

/// tiny: the smoke test (seconds on PoCL); small: the PoCL tables (a whole
/// run in about three minutes on two shared cores); full: the sizes,
/// for a GPU.
enum class Scale { Tiny, Small, Full };

inline Scale parseScale(const char *S) {
  std::string V = S ? S : "";
  if (V == "tiny")
    return Scale::Tiny;
  if (V == "full")
    return Scale::Full;
  return Scale::Small;
}
inline const char *scaleName(Scale S) {
  return S == Scale::Tiny ? "tiny" : S == Scale::Full ? "full" : "small";
}

/// Every size of every case, per scale. The geometry constants below are
/// shared too: the twins must launch the same tiles.
struct Sizes {
  int TransposeN, TransposeOdd; // square sides; Odd is not a multiple of 16
  int SmaN;                     // samples, a multiple of SmaTile
  size_t HistBytes;             // 8-bit samples, a multiple of 4
  size_t ReduceN, SaxpyN, CopyN;
  int MatN;                     // a multiple of 64 (register-blocked tile)
  int Options;                  // binomial: one tile per option
  int Bodies;                   // n-body: a multiple of NbodyTile
  int LaunchReps;               // empty-kernel launches timed one by one
  size_t TransferBytes;
};

inline Sizes sizesFor(Scale S) {
  switch (S) {
  case Scale::Tiny:
    return {64, 71, 1 << 14, 1 << 16, 1 << 16, 1 << 16, 1 << 16, 64, 4, 512, 20, 1 << 20};
  case Scale::Small:
    return {2048, 2047, 1 << 22, 1 << 24, 1 << 22, 1 << 22, 1 << 22, 512, 32, 4096, 200, 32 << 20};
  case Scale::Full:
    break;
  }
  return {8192, 8191, 1 << 26, size_t(1) << 28, size_t(1) << 28, size_t(1) << 28,
          size_t(1) << 28, 4096, 8192, 65536, 1000, 256 << 20};
}

const int TransposeTile = 16;
const int SmaWindow = 64, SmaTile = 512;
const int HistBins = 256, HistTile = 256, MaxReduceTiles = 1024;
const int ReduceTile = 256;
const int MatTile = 16, MatBlock = 4; // register-blocked: 4x4 outputs a thread
const int BinomialSteps = 1023, BinomialTile = 256;
const int NbodyTile = 256;
const float NbodySoftening = 0.01f;

/// Tiles of the grid-stride kernels (histogram, reduction): enough to fill a
/// GPU, few enough that each thread loops over several elements.
inline int strideTiles(size_t Items, int Tile) {
  size_t T = Items / (size_t(Tile) * 4);
  return int(std::max<size_t>(1, std::min<size_t>(T, MaxReduceTiles)));
}

// --- Inputs: cheap to make at 2^28 elements, exact in float arithmetic. ---

inline void fillFloats(std::vector<float> &V, int Mod, float Scale = 1.0f) {
  for (size_t I = 0; I < V.size(); ++I)
    V[I] = float(I % size_t(Mod)) * Scale;
}
/// 8-bit samples spread over all bins (a multiplicative hash).
inline void fillBytes(std::vector<uint8_t> &V) {
  for (size_t I = 0; I < V.size(); ++I)
    V[I] = uint8_t((uint32_t(I) * 2654435761u) >> 24);
}
inline void fillInts(std::vector<int> &V) {
  for (size_t I = 0; I < V.size(); ++I)
    V[I] = int(I % 13) - 6;
}

// --- References and checks. ---

/// The square transpose of In (N x N).
inline bool checkTranspose(const std::vector<float> &In, const std::vector<float> &Out, int N) {
  for (int R = 0; R < N; ++R)
    for (int C = 0; C < N; ++C)
      if (Out[size_t(C) * N + R] != In[size_t(R) * N + C])
        return false;
  return true;
}

/// Moving average over the SmaWindow samples starting at each one (samples
/// past the end count as the last one). Inputs are small integers and the
/// window a power of two: every implementation gets the exact value.
inline std::vector<float> smaReference(const std::vector<float> &In) {
  size_t N = In.size();
  std::vector<float> Out(N);
  double Sum = 0;
  for (int K = 0; K < SmaWindow; ++K)
    Sum += In[std::min(size_t(K), N - 1)];
  for (size_t I = 0; I < N; ++I) {
    Out[I] = float(Sum / SmaWindow);
    Sum += In[std::min(I + SmaWindow, N - 1)] - In[I];
  }
  return Out;
}

inline std::vector<uint32_t> histogramReference(const std::vector<uint8_t> &In) {
  std::vector<uint32_t> Bins(HistBins, 0);
  for (uint8_t B : In)
    ++Bins[B];
  return Bins;
}
/// The kernels add into the bins on every launch; Launches runs later the
/// bins hold Launches times the counts (modulo 2^32, as the device's).
inline bool checkHistogram(const std::vector<uint32_t> &Ref, const uint32_t *Bins, uint32_t Launches) {
  for (int B = 0; B < HistBins; ++B)
    if (Bins[B] != Ref[B] * Launches)
      return false;
  return true;
}

inline long long reduceReference(const std::vector<int> &In) {
  long long S = 0;
  for (int V : In)
    S += V;
  return S;
}

const float SaxpyA = 2.0f;
/// out = a*x + y (out of place, so that repeated launches give the same
/// answer; the same 12 bytes an element as y = a*x + y).
inline bool checkSaxpy(const std::vector<float> &X, const std::vector<float> &Y, const float *Out) {
  for (size_t I = 0; I < X.size(); ++I)
    if (Out[I] != SaxpyA * X[I] + Y[I])
      return false;
  return true;
}

/// A (row-major N x N) times B at Samples spread entries: a full reference
/// at 4096 would take minutes on one core. The inputs are multiples of 1/8
/// with small sums, exact in float: every implementation gets the exact value.
inline bool checkMatmul(const std::vector<float> &A, const std::vector<float> &B,
                        const float *C, int N) {
  for (int S = 0; S < 257; ++S) {
    size_t R = (size_t(S) * 7919) % N, Col = (size_t(S) * 104729 + 13) % N;
    double Sum = 0;
    for (int K = 0; K < N; ++K)
      Sum += double(A[R * N + K]) * B[size_t(K) * N + Col];
    if (C[R * N + Col] != float(Sum))
      return false;
  }
  return true;
}

/// Binomial option pricing inputs: spot, strike, years, rate, volatility.
struct OptionSet {
  std::vector<float> S, K, T, R, V;
  explicit OptionSet(int N) : S(N), K(N), T(N), R(N), V(N) {
    for (int I = 0; I < N; ++I) {
      S[I] = 20.0f + float(I % 61);
      K[I] = 20.0f + float((I * 7) % 53);
      T[I] = 0.25f + float(I % 8) * 0.25f;
      R[I] = 0.02f + float(I % 5) * 0.005f;
      V[I] = 0.10f + float(I % 11) * 0.02f;
    }
  }
};
/// European call, BinomialSteps steps, in double, for option I.
inline double binomialReference(const OptionSet &O, int I) {
  const int N = BinomialSteps;
  double Dt = O.T[I] / N, U = std::exp(O.V[I] * std::sqrt(Dt)), D = 1 / U;
  double Disc = std::exp(-O.R[I] * Dt), Pu = (std::exp(O.R[I] * Dt) - D) / (U - D);
  std::vector<double> Val(N + 1);
  for (int J = 0; J <= N; ++J)
    Val[J] = std::max(O.S[I] * std::pow(U, 2.0 * J - N) - O.K[I], 0.0);
  for (int Step = N; Step > 0; --Step)
    for (int J = 0; J < Step; ++J)
      Val[J] = Disc * (Pu * Val[J + 1] + (1 - Pu) * Val[J]);
  return Val[0];
}
/// Float on the device against double here: a loose tolerance (every third
/// option is checked; the rest are compared only by the twins' agreement).
inline bool checkBinomial(const OptionSet &O, const float *Price) {
  for (size_t I = 0; I < O.S.size(); I += 3) {
    double Ref = binomialReference(O, int(I));
    if (!(std::fabs(Price[I] - Ref) <= 2e-3 * std::fabs(Ref) + 2e-3))
      return false;
  }
  return true;
}

/// Bodies as x, y, z, mass (4 floats each).
inline std::vector<float> nbodyInput(int N) {
  std::vector<float> P(size_t(N) * 4);
  for (int I = 0; I < N; ++I) {
    P[4 * I + 0] = float((I * 37) % 1001) * 0.01f - 5.0f;
    P[4 * I + 1] = float((I * 91) % 997) * 0.01f - 5.0f;
    P[4 * I + 2] = float((I * 53) % 1009) * 0.01f - 5.0f;
    P[4 * I + 3] = 0.5f + float(I % 7) * 0.1f;
  }
  return P;
}
/// The acceleration of 64 spread bodies, in double, against the device's
/// (float, rsqrt): relative to the sum of the terms' magnitudes.
inline bool checkNbody(const std::vector<float> &P, const float *Acc, int N) {
  for (int S = 0; S < 64; ++S) {
    int I = int((size_t(S) * 7919) % N);
    double A[3] = {0, 0, 0}, Mag[3] = {0, 0, 0};
    for (int J = 0; J < N; ++J) {
      double D[3];
      for (int C = 0; C < 3; ++C)
        D[C] = double(P[4 * J + C]) - P[4 * I + C];
      double D2 = D[0] * D[0] + D[1] * D[1] + D[2] * D[2] + NbodySoftening;
      double F = P[4 * J + 3] / (D2 * std::sqrt(D2));
      for (int C = 0; C < 3; ++C) {
        A[C] += D[C] * F;
        Mag[C] += std::fabs(D[C] * F);
      }
    }
    for (int C = 0; C < 3; ++C)
      if (!(std::fabs(Acc[4 * I + C] - A[C]) <= 1e-4 * Mag[C] + 1e-6))
        return false;
  }
  return true;
}

// --- Work per launch: bytes a memory-bound kernel must move at least, and
// flops of the compute-bound ones (20 an n-body interaction, by custom). ---

inline double transposeBytes(int N) { return 2.0 * 4 * double(N) * N; }
inline double smaBytes(int N) { return 2.0 * 4 * N; }
inline double matmulFlops(int N) { return 2.0 * double(N) * N * N; }
inline double binomialFlops(int Options) {
  return 3.0 * Options * double(BinomialSteps) * (BinomialSteps + 1) / 2;
}
inline double nbodyFlops(int N) { return 20.0 * double(N) * N; }

} // namespace cases

#endif // AMPCC_BENCH_CASES_H
