// Matrix multiply C = A * B with C++ AMP, simple and tiled: the tiled
// version stages TS x TS blocks of A and B in tile_static memory, so each
// element is read from global memory N/TS times instead of N.
// Build: ampcc -O2 matmul.cpp -o matmul
#include <amp.h>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

using namespace concurrency;

static const int TS = 16;

static void simple(const array_view<const float, 2> &A, const array_view<const float, 2> &B,
                   const array_view<float, 2> &C) {
  int K = A.extent[1];
  parallel_for_each(C.extent, [=](index<2> I) restrict(amp) {
    float Sum = 0.0f;
    for (int J = 0; J < K; ++J)
      Sum += A(I[0], J) * B(J, I[1]);
    C[I] = Sum;
  });
}

// Sizes must be multiples of TS.
static void tiled(const array_view<const float, 2> &A, const array_view<const float, 2> &B,
                  const array_view<float, 2> &C) {
  int K = A.extent[1];
  parallel_for_each(C.extent.tile<TS, TS>(), [=](tiled_index<TS, TS> T) restrict(amp) {
    tile_static float As[TS][TS];
    tile_static float Bs[TS][TS];
    int Row = T.local[0], Col = T.local[1];
    float Sum = 0.0f;
    for (int J = 0; J < K; J += TS) {
      As[Row][Col] = A(T.global[0], J + Col);
      Bs[Row][Col] = B(J + Row, T.global[1]);
      T.barrier.wait();
      for (int X = 0; X < TS; ++X)
        Sum += As[Row][X] * Bs[X][Col];
      T.barrier.wait();
    }
    C[T.global] = Sum;
  });
}

static int run(const char *Name, bool Tiled, int M, int K, int N) {
  std::vector<float> A(M * K), B(K * N), C(M * N);
  for (int I = 0; I < M * K; ++I)
    A[I] = float(I % 17) * 0.25f;
  for (int I = 0; I < K * N; ++I)
    B[I] = float(I % 13) * 0.5f - 2.0f;
  array_view<const float, 2> AV(M, K, A), BV(K, N, B);
  array_view<float, 2> CV(M, N, C);
  CV.discard_data();
  auto Start = std::chrono::steady_clock::now();
  if (Tiled)
    tiled(AV, BV, CV);
  else
    simple(AV, BV, CV);
  CV.synchronize();
  double Ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - Start).count();
  int Bad = 0;
  for (int R = 0; R < M; ++R)
    for (int Col = 0; Col < N; ++Col) {
      double Ref = 0;
      for (int J = 0; J < K; ++J)
        Ref += double(A[R * K + J]) * B[J * N + Col];
      Bad += std::fabs(C[R * N + Col] - Ref) > 1e-3 * (1.0 + std::fabs(Ref));
    }
  std::printf("matmul %-6s %d x %d x %d: %s (%d wrong), %.2f ms\n", Name, M, K, N,
              Bad ? "FAILED" : "correct", Bad, Ms);
  return Bad;
}

int main() {
  int Bad = run("simple", false, 256, 128, 192);
  Bad += run("tiled", true, 256, 128, 192);
  return Bad ? 1 : 0;
}
