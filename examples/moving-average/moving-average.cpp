// Moving average over a window of 2R+1 samples with C++ AMP, simple and
// tiled: the tiled kernel loads its tile plus R samples on each side
// (the halo) into tile_static memory once, then every thread reads its
// window from there. Samples beyond the ends count as the end sample.
// Build: ampcc -O2 moving-average.cpp -o moving-average
#include <amp.h>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

using namespace concurrency;

static const int R = 4;      // window 2R+1 = 9
static const int Tile = 128; // N must be a multiple

static int clampIndex(int I, int N) restrict(cpu, amp) {
  return I < 0 ? 0 : (I >= N ? N - 1 : I);
}

static int run(const char *Name, bool Tiled, int N) {
  std::vector<float> In(N), Out(N);
  for (int I = 0; I < N; ++I)
    In[I] = float((I * 37) % 101);
  array_view<const float, 1> InV(N, In);
  array_view<float, 1> OutV(N, Out);
  OutV.discard_data();
  auto Start = std::chrono::steady_clock::now();
  if (Tiled)
    parallel_for_each(OutV.extent.tile<Tile>(), [=](tiled_index<Tile> T) restrict(amp) {
      tile_static float Window[Tile + 2 * R];
      int L = T.local[0], G = T.global[0];
      Window[L + R] = InV[G];
      if (L < R) { // the first R threads also load both halos
        Window[L] = InV[clampIndex(G - R, N)];
        Window[L + Tile + R] = InV[clampIndex(G + Tile, N)];
      }
      T.barrier.wait();
      float Sum = 0.0f;
      for (int K = 0; K <= 2 * R; ++K)
        Sum += Window[L + K];
      OutV[T.global] = Sum / (2 * R + 1);
    });
  else
    parallel_for_each(OutV.extent, [=](index<1> I) restrict(amp) {
      float Sum = 0.0f;
      for (int K = -R; K <= R; ++K)
        Sum += InV[clampIndex(I[0] + K, N)];
      OutV[I] = Sum / (2 * R + 1);
    });
  OutV.synchronize();
  double Ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - Start).count();
  int Bad = 0;
  for (int I = 0; I < N; ++I) {
    float Sum = 0.0f;
    for (int K = -R; K <= R; ++K)
      Sum += In[clampIndex(I + K, N)];
    Bad += std::fabs(Out[I] - Sum / (2 * R + 1)) > 1e-3f;
  }
  std::printf("moving average %-6s %d samples, window %d: %s (%d wrong), %.2f ms\n", Name, N,
              2 * R + 1, Bad ? "FAILED" : "correct", Bad, Ms);
  return Bad;
}

int main() {
  int Bad = run("simple", false, 1 << 18);
  Bad += run("tiled", true, 1 << 18);
  return Bad ? 1 : 0;
}
