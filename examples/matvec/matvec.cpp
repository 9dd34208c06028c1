// Matrix-vector multiply y = M x with C++ AMP, written twice: indexing the
// 2-D matrix view as M(row, j), and through a projection M[row], the 1-D
// view of one row (spec 4.2: av[i] of a rank-2 view is a rank-1 view).
// Build: ampcc -O2 matvec.cpp -o matvec
#include <amp.h>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

using namespace concurrency;

static int run(const char *Name, bool Projection, int Rows, int Cols) {
  std::vector<float> M(Rows * Cols), X(Cols), Y(Rows);
  for (int I = 0; I < Rows * Cols; ++I)
    M[I] = float(I % 7) - 3.0f;
  for (int J = 0; J < Cols; ++J)
    X[J] = float(J % 5) * 0.5f;
  array_view<const float, 2> MV(Rows, Cols, M);
  array_view<const float, 1> XV(Cols, X);
  array_view<float, 1> YV(Rows, Y);
  YV.discard_data();
  auto Start = std::chrono::steady_clock::now();
  if (Projection)
    parallel_for_each(YV.extent, [=](index<1> R) restrict(amp) {
      array_view<const float, 1> Row = MV[R[0]];
      float Sum = 0.0f;
      for (int J = 0; J < Row.extent[0]; ++J)
        Sum += Row[J] * XV[J];
      YV[R] = Sum;
    });
  else
    parallel_for_each(YV.extent, [=](index<1> R) restrict(amp) {
      float Sum = 0.0f;
      for (int J = 0; J < MV.extent[1]; ++J)
        Sum += MV(R[0], J) * XV[J];
      YV[R] = Sum;
    });
  YV.synchronize();
  double Ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - Start).count();
  int Bad = 0;
  for (int R = 0; R < Rows; ++R) {
    double Ref = 0;
    for (int J = 0; J < Cols; ++J)
      Ref += double(M[R * Cols + J]) * X[J];
    Bad += std::fabs(Y[R] - Ref) > 1e-3 * (1.0 + std::fabs(Ref));
  }
  std::printf("matvec %-10s %d x %d: %s (%d wrong), %.2f ms\n", Name, Rows, Cols,
              Bad ? "FAILED" : "correct", Bad, Ms);
  return Bad;
}

int main() {
  int Bad = run("indexed", false, 2048, 512);
  Bad += run("projection", true, 2048, 512);
  return Bad ? 1 : 0;
}
