// Inclusive prefix sum (scan) with C++ AMP in three kernels: each tile
// scans its elements in tile_static memory (Hillis-Steele), the tile totals
// are scanned the same way, and each element adds the total of the tiles
// before its own.
// Build: ampcc -O2 scan.cpp -o scan
#include <amp.h>
#include <chrono>
#include <cstdio>
#include <vector>

using namespace concurrency;

static const int Tile = 256;

// Scans each tile of V in place; writes each tile's total to Totals.
static void scanTiles(const array_view<int, 1> &V, const array_view<int, 1> &Totals) {
  parallel_for_each(V.extent.tile<Tile>(), [=](tiled_index<Tile> T) restrict(amp) {
    tile_static int S[Tile];
    int L = T.local[0];
    S[L] = V[T.global];
    T.barrier.wait();
    for (int Offset = 1; Offset < Tile; Offset *= 2) {
      int Add = L >= Offset ? S[L - Offset] : 0;
      T.barrier.wait();
      S[L] += Add;
      T.barrier.wait();
    }
    V[T.global] = S[L];
    if (L == Tile - 1)
      Totals[T.tile] = S[L];
  });
}

int main() {
  const int N = Tile * Tile; // two levels: N elements, Tile tile totals
  std::vector<int> Data(N), Totals(Tile), Ignored(1);
  for (int I = 0; I < N; ++I)
    Data[I] = (I * 13) % 7 - 3;
  std::vector<int> Ref(N);
  for (int I = 0, Sum = 0; I < N; ++I)
    Ref[I] = Sum += Data[I];

  auto Start = std::chrono::steady_clock::now();
  array_view<int, 1> V(N, Data), TotalsV(Tile, Totals), IgnoredV(1, Ignored);
  scanTiles(V, TotalsV);
  scanTiles(TotalsV, IgnoredV); // Totals now holds inclusive sums of tiles
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) {
    int TileNo = I[0] / Tile;
    if (TileNo > 0)
      V[I] += TotalsV[TileNo - 1];
  });
  V.synchronize();
  double Ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - Start).count();
  int Bad = 0;
  for (int I = 0; I < N; ++I)
    Bad += Data[I] != Ref[I];
  std::printf("scan of %d ints: %s (%d wrong, last %d), %.2f ms\n", N, Bad ? "FAILED" : "correct",
              Bad, Data[N - 1], Ms);
  return Bad ? 1 : 0;
}
