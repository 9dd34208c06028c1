// Matrix transpose with C++ AMP, three ways: one thread per element, tiled
// through tile_static memory (reads and writes both coalesced), and tiled
// over a matrix whose sides are not multiples of the tile (pad() and
// threads outside the matrix doing nothing but the barrier).
// Build: ampcc -O2 transpose.cpp -o transpose
#include <amp.h>
#include <chrono>
#include <cstdio>
#include <vector>

using namespace concurrency;

static const int Tile = 16;

static void simple(const array_view<const float, 2> &In, const array_view<float, 2> &Out) {
  parallel_for_each(Out.extent, [=](index<2> I) restrict(amp) {
    Out[I] = In(I[1], I[0]);
  });
}

// Works for any size: the compute domain is padded up to whole tiles, and
// threads outside the matrix only take part in the barrier.
static void tiled(const array_view<const float, 2> &In, const array_view<float, 2> &Out) {
  parallel_for_each(In.extent.tile<Tile, Tile>().pad(),
                    [=](tiled_index<Tile, Tile> T) restrict(amp) {
    tile_static float Block[Tile][Tile];
    int Row = T.global[0], Col = T.global[1];
    bool Inside = Row < In.extent[0] && Col < In.extent[1];
    Block[T.local[0]][T.local[1]] = Inside ? In(Row, Col) : 0.0f;
    T.barrier.wait();
    // Write the transposed tile: the tile's origin swaps, the element swaps
    // within the tile, so consecutive threads write consecutive addresses.
    int OutRow = T.tile_origin[1] + T.local[0];
    int OutCol = T.tile_origin[0] + T.local[1];
    if (OutRow < Out.extent[0] && OutCol < Out.extent[1])
      Out(OutRow, OutCol) = Block[T.local[1]][T.local[0]];
  });
}

static int check(const std::vector<float> &In, const std::vector<float> &Out, int Rows, int Cols) {
  int Bad = 0;
  for (int R = 0; R < Rows; ++R)
    for (int C = 0; C < Cols; ++C)
      Bad += Out[C * Rows + R] != In[R * Cols + C];
  return Bad;
}

static int run(const char *Name, int Rows, int Cols, bool Tiled) {
  std::vector<float> In(Rows * Cols), Out(Rows * Cols, -1.0f);
  for (int I = 0; I < Rows * Cols; ++I)
    In[I] = float(I % 9973);
  array_view<const float, 2> InV(Rows, Cols, In);
  array_view<float, 2> OutV(Cols, Rows, Out);
  OutV.discard_data();
  auto Start = std::chrono::steady_clock::now();
  if (Tiled)
    tiled(InV, OutV);
  else
    simple(InV, OutV);
  OutV.synchronize();
  double Ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - Start).count();
  int Bad = check(In, Out, Rows, Cols);
  std::printf("transpose %-6s %4d x %-4d: %s (%d wrong), %.2f ms\n", Name, Rows, Cols,
              Bad ? "FAILED" : "correct", Bad, Ms);
  return Bad;
}

int main() {
  int Bad = run("simple", 1024, 512, false);
  Bad += run("tiled", 1024, 512, true);
  Bad += run("padded", 1000, 333, true); // sides not multiples of 16
  return Bad ? 1 : 0;
}
