// The small program of the whole-run comparison (bench/whole-run.sh), as a
// C++ AMP user writes it: saxpy over 2^20 floats, checked, "correct" on
// success. Its twins: saxpy-cl.cpp (hand-written OpenCL), saxpy.cu (CUDA).
#include <amp.h>
#include <cstdio>
#include <vector>

using namespace concurrency;

int main() {
  const int N = 1 << 20;
  const float A = 2.0f;
  std::vector<float> X(N), Y(N);
  for (int I = 0; I < N; ++I) {
    X[I] = float(I % 1000);
    Y[I] = float(I % 777);
  }
  array_view<const float, 1> XV(N, X);
  array_view<float, 1> YV(N, Y);
  parallel_for_each(YV.extent, [=](index<1> I) restrict(amp) { YV[I] = A * XV[I] + YV[I]; });
  YV.synchronize();
  for (int I = 0; I < N; ++I)
    if (Y[I] != A * float(I % 1000) + float(I % 777)) {
      std::printf("wrong at %d\n", I);
      return 1;
    }
  std::printf("correct\n");
  return 0;
}
