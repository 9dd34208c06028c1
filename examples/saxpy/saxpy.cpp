// SAXPY (y = a*x + y) with C++ AMP: the "hello world" of GPU computing.
// Build: ampcc -O2 saxpy.cpp -o saxpy
#include <amp.h>
#include <cmath>
#include <iostream>
#include <vector>

using namespace concurrency;

int main() {
  const int N = 1 << 20;
  const float A = 2.5f;
  std::vector<float> X(N), Y(N);
  for (int I = 0; I < N; ++I) {
    X[I] = static_cast<float>(I % 1000);
    Y[I] = 1.0f;
  }

  // Mixing std::wcout and std::cout on one stream loses output: narrow the
  // (ASCII) device description instead.
  std::wstring Desc = accelerator().get_description();
  std::cout << "Running on: " << std::string(Desc.begin(), Desc.end()) << "\n";

  array_view<const float, 1> XV(N, X);
  array_view<float, 1> YV(N, Y);
  parallel_for_each(YV.extent, [=](index<1> I) restrict(amp) {
    YV[I] = A * XV[I] + YV[I];
  });
  YV.synchronize();

  // Check against the same computation on the CPU.
  int Errors = 0;
  for (int I = 0; I < N; ++I)
    if (std::fabs(Y[I] - (A * static_cast<float>(I % 1000) + 1.0f)) > 1e-4f)
      ++Errors;
  std::cout << "saxpy on " << N << " elements: "
            << (Errors ? "FAILED" : "correct") << " (" << Errors
            << " errors), y[999] = " << Y[999] << "\n";
  return Errors ? 1 : 0;
}
