// The harness's cases (bench/harness) written as a C++ programmer would write
// them for the CPU with OpenMP: the baseline of the host backend (issue 45).
// Same sizes, inputs and checks (bench/harness/cases.h), timed as the
// harness times a launch (a warm-up, then the median of samples of a batch
// lasting about 10 ms). Writes the harness's CSV rows with impl "openmp".
//
// Build: clang++-19 -O3 -march=native -fopenmp -fno-math-errno -std=c++17 \
//          bench/host/omp-twins.cpp -o omp-twins
// Run:   ./omp-twins [--scale tiny|small|full] [--csv FILE]
#include "../harness/cases.h"
#include "../harness/csv.h"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

using namespace cases;

namespace {

Sizes Size;
std::string ScaleText;
std::FILE *Csv = nullptr;
bool AllOk = true;

double nowMs() {
  using namespace std::chrono;
  return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

double timeRuns(const std::function<void()> &Run) {
  Run();
  double T0 = nowMs();
  Run();
  double One = std::max(nowMs() - T0, 1e-3);
  int Batch = std::clamp(int(10.0 / One), 1, 200);
  std::vector<double> Samples;
  for (int S = 0; S < 7; ++S) {
    double T = nowMs();
    for (int B = 0; B < Batch; ++B)
      Run();
    Samples.push_back((nowMs() - T) / Batch);
  }
  std::sort(Samples.begin(), Samples.end());
  return Samples[Samples.size() / 2];
}

void emit(const char *Case, const char *Group, double Work, const char *Unit, double Ms,
          bool Ok) {
  csv::Row R;
  R.Device = "openmp " + std::to_string(omp_get_max_threads()) + " threads";
  R.Impl = "openmp";
  R.Case = Case;
  R.Group = Group;
  R.Scale = ScaleText;
  R.Ms = Ms;
  R.Work = Work;
  R.Unit = Unit;
  R.Ok = Ok;
  AllOk &= Ok;
  std::printf("%-16s openmp %10.4f ms  %s\n", Case, Ms, Ok ? "results match" : "RESULTS DIFFER");
  if (Csv)
    csv::write(Csv, R);
}

void saxpy() {
  size_t N = Size.SaxpyN;
  std::vector<float> X(N), Y(N), Out(N);
  fillFloats(X, 1000);
  fillFloats(Y, 777, 0.5f);
  const float *XP = X.data(), *YP = Y.data();
  float *OP = Out.data();
  double Ms = timeRuns([&] {
#pragma omp parallel for simd schedule(static)
    for (size_t I = 0; I < N; ++I)
      OP[I] = SaxpyA * XP[I] + YP[I];
  });
  emit("saxpy", "memory", 12.0 * N, "GB/s", Ms, checkSaxpy(X, Y, Out.data()));
}

// Both moving-average cases have this one loop as their twin: on a CPU the
// tiled kernel's window in tile_static memory is what the cache does.
void sma(const char *Name) {
  int N = Size.SmaN;
  std::vector<float> In(N), Out(N);
  fillFloats(In, 101);
  std::vector<float> Ref = smaReference(In);
  const float *IP = In.data();
  float *OP = Out.data();
  double Ms = timeRuns([&] {
#pragma omp parallel for schedule(static)
    for (int I = 0; I < N; ++I) {
      float Sum = 0.0f;
      for (int K = 0; K < SmaWindow; ++K)
        Sum += IP[std::min(I + K, N - 1)];
      OP[I] = Sum / SmaWindow;
    }
  });
  emit(Name, "memory", smaBytes(N), "GB/s", Ms, Out == Ref);
}

void histogram() {
  size_t Bytes = Size.HistBytes;
  std::vector<uint8_t> Data(Bytes);
  fillBytes(Data);
  std::vector<uint32_t> Ref = histogramReference(Data), Bins(HistBins, 0);
  const uint8_t *D = Data.data();
  uint32_t Runs = 0;
  double Ms = timeRuns([&] {
    ++Runs;
#pragma omp parallel
    {
      uint32_t Local[HistBins] = {};
#pragma omp for schedule(static)
      for (size_t I = 0; I < Bytes; ++I)
        ++Local[D[I]];
      for (int B = 0; B < HistBins; ++B)
#pragma omp atomic
        Bins[B] += Local[B];
    }
  });
  emit("histogram", "atomic", double(Bytes), "GB/s", Ms, checkHistogram(Ref, Bins.data(), Runs));
}

void reduction() {
  size_t N = Size.ReduceN;
  std::vector<int> In(N);
  fillInts(In);
  long long Ref = reduceReference(In);
  const int *IP = In.data();
  int Sum = 0;
  double Ms = timeRuns([&] {
    int S = 0;
#pragma omp parallel for simd reduction(+ : S) schedule(static)
    for (size_t I = 0; I < N; ++I)
      S += IP[I];
    Sum = S;
  });
  emit("reduction", "memory", 4.0 * N, "GB/s", Ms, Sum == int(Ref));
}

// Both matrix multiplies' twin: rows over the threads, i-k-j order so the
// innermost loop runs along rows of B and C and vectorises.
void matmul(const char *Name) {
  int N = Size.MatN;
  std::vector<float> A(size_t(N) * N), B(size_t(N) * N), C(size_t(N) * N);
  fillFloats(A, 7, 0.5f);
  fillFloats(B, 5, 0.25f);
  const float *AP = A.data(), *BP = B.data();
  float *CP = C.data();
  double Ms = timeRuns([&] {
#pragma omp parallel for schedule(static)
    for (int I = 0; I < N; ++I) {
      float *Row = CP + size_t(I) * N;
      std::fill(Row, Row + N, 0.0f);
      for (int K = 0; K < N; ++K) {
        float Aik = AP[size_t(I) * N + K];
        const float *Brow = BP + size_t(K) * N;
        for (int J = 0; J < N; ++J)
          Row[J] += Aik * Brow[J];
      }
    }
  });
  emit(Name, "compute", matmulFlops(N), "GFLOP/s", Ms, checkMatmul(A, B, C.data(), N));
}

void binomial() {
  int N = Size.Options;
  OptionSet O(N);
  std::vector<float> Price(N);
  double Ms = timeRuns([&] {
#pragma omp parallel for schedule(static)
    for (int Opt = 0; Opt < N; ++Opt) {
      const int Steps = BinomialSteps;
      float Val[BinomialSteps + 1];
      float Dt = O.T[Opt] / Steps, Vsdt = O.V[Opt] * std::sqrt(Dt);
      float U = std::exp(Vsdt), D = 1.0f / U, Disc = std::exp(-O.R[Opt] * Dt);
      float Pu = (std::exp(O.R[Opt] * Dt) - D) / (U - D);
      float PuDisc = Pu * Disc, PdDisc = (1.0f - Pu) * Disc;
      for (int J = 0; J <= Steps; ++J)
        Val[J] = std::fmax(O.S[Opt] * std::exp(Vsdt * float(2 * J - Steps)) - O.K[Opt], 0.0f);
      for (int Step = Steps; Step > 0; --Step)
        for (int J = 0; J < Step; ++J)
          Val[J] = PuDisc * Val[J + 1] + PdDisc * Val[J];
      Price[Opt] = Val[0];
    }
  });
  emit("binomial", "compute", binomialFlops(N), "GFLOP/s", Ms, checkBinomial(O, Price.data()));
}

void nbody() {
  int N = Size.Bodies;
  std::vector<float> P = nbodyInput(N), Acc(size_t(N) * 4);
  const float *PP = P.data();
  float *AP = Acc.data();
  double Ms = timeRuns([&] {
#pragma omp parallel for schedule(static)
    for (int I = 0; I < N; ++I) {
      float X = PP[4 * I], Y = PP[4 * I + 1], Z = PP[4 * I + 2];
      float Ax = 0.0f, Ay = 0.0f, Az = 0.0f;
#pragma omp simd reduction(+ : Ax, Ay, Az)
      for (int J = 0; J < N; ++J) {
        float Dx = PP[4 * J] - X, Dy = PP[4 * J + 1] - Y, Dz = PP[4 * J + 2] - Z;
        float Inv = 1.0f / std::sqrt(Dx * Dx + Dy * Dy + Dz * Dz + NbodySoftening);
        float S = PP[4 * J + 3] * Inv * Inv * Inv;
        Ax += Dx * S;
        Ay += Dy * S;
        Az += Dz * S;
      }
      AP[4 * I] = Ax;
      AP[4 * I + 1] = Ay;
      AP[4 * I + 2] = Az;
      AP[4 * I + 3] = 0.0f;
    }
  });
  emit("nbody", "compute", nbodyFlops(N), "GFLOP/s", Ms, checkNbody(P, Acc.data(), N));
}

} // namespace

int main(int Argc, char **Argv) {
  Scale S = Scale::Small;
  for (int I = 1; I < Argc; ++I) {
    if (!std::strcmp(Argv[I], "--scale") && I + 1 < Argc)
      S = parseScale(Argv[++I]);
    else if (!std::strcmp(Argv[I], "--csv") && I + 1 < Argc) {
      Csv = std::fopen(Argv[++I], "w");
      if (!Csv)
        return 2;
      std::fputs(csv::header(), Csv);
    }
  }
  Size = sizesFor(S);
  ScaleText = scaleName(S);
  saxpy();
  sma("sma-simple");
  sma("sma-tiled");
  histogram();
  reduction();
  matmul("matmul-tiled");
  matmul("matmul-blocked");
  binomial();
  nbody();
  if (Csv)
    std::fclose(Csv);
  return AllOk ? 0 : 1;
}
