// Sum of a large vector with C++ AMP: each tile adds its elements in
// tile_static memory (a tree, halving the active threads each step), then
// the per-tile sums are added the same way until one is left.
// Build: ampcc -O2 reduction.cpp -o reduction
#include <amp.h>
#include <chrono>
#include <cstdio>
#include <vector>

using namespace concurrency;

static const int Tile = 256;

// Sums each tile of In into Out[tile]; In's size is a multiple of Tile.
static void reduceTiles(const array_view<const int, 1> &In, const array_view<int, 1> &Out) {
  parallel_for_each(In.extent.tile<Tile>(), [=](tiled_index<Tile> T) restrict(amp) {
    tile_static int Part[Tile];
    Part[T.local[0]] = In[T.global];
    T.barrier.wait();
    for (int Stride = Tile / 2; Stride > 0; Stride /= 2) {
      if (T.local[0] < Stride)
        Part[T.local[0]] += Part[T.local[0] + Stride];
      T.barrier.wait();
    }
    if (T.local[0] == 0)
      Out[T.tile] = Part[0];
  });
}

int main() {
  const int N = Tile * Tile * 16; // three levels: N -> N/256 -> 16 -> 1
  std::vector<int> Data(N);
  long long Expected = 0;
  for (int I = 0; I < N; ++I) {
    Data[I] = (I * 7) % 101 - 50;
    Expected += Data[I];
  }
  auto Start = std::chrono::steady_clock::now();
  // Level by level, on the device; the last few partial sums on the host.
  std::vector<int> Current = Data;
  while (Current.size() >= size_t(Tile) && Current.size() % Tile == 0) {
    std::vector<int> Next(Current.size() / Tile);
    array_view<const int, 1> InV(int(Current.size()), Current);
    array_view<int, 1> OutV(int(Next.size()), Next);
    OutV.discard_data();
    reduceTiles(InV, OutV);
    OutV.synchronize();
    Current.swap(Next);
  }
  long long Sum = 0;
  for (int X : Current)
    Sum += X;
  double Ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - Start).count();
  std::printf("reduction of %d ints: %s (sum %lld, expected %lld), %.2f ms\n", N,
              Sum == Expected ? "correct" : "FAILED", Sum, Expected, Ms);
  return Sum == Expected ? 0 : 1;
}
