// Bitonic sort of 2^k integers with C++ AMP: log2(N)*(log2(N)+1)/2 passes,
// each one kernel in which every thread compares and perhaps swaps one pair.
// Build: ampcc -O2 bitonic-sort.cpp -o bitonic-sort
#include <amp.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

using namespace concurrency;

int main() {
  const int N = 1 << 16;
  std::vector<int> Data(N);
  unsigned Seed = 12345;
  for (int &X : Data) {
    Seed = Seed * 1103515245u + 12345u;
    X = int(Seed >> 8) % 100000;
  }
  std::vector<int> Ref = Data;
  std::sort(Ref.begin(), Ref.end());

  auto Start = std::chrono::steady_clock::now();
  array_view<int, 1> V(N, Data);
  int Passes = 0;
  for (int Size = 2; Size <= N; Size *= 2)
    for (int Stride = Size / 2; Stride > 0; Stride /= 2, ++Passes)
      parallel_for_each(extent<1>(N / 2), [=](index<1> P) restrict(amp) {
        // The pair's lower element: skip Stride after every Stride elements.
        int I = (P[0] / Stride) * 2 * Stride + P[0] % Stride;
        int J = I + Stride;
        bool Ascending = (I & Size) == 0;
        int A = V[I], B = V[J];
        if ((A > B) == Ascending) {
          V[I] = B;
          V[J] = A;
        }
      });
  V.synchronize();
  double Ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - Start).count();
  bool Ok = Data == Ref;
  std::printf("bitonic sort of %d ints in %d passes: %s, %.2f ms\n", N, Passes,
              Ok ? "correct" : "FAILED", Ms);
  return Ok ? 0 : 1;
}
