// Matrix transpose with C++ AMP, four ways: one thread per element, tiled
// through tile_static memory (reads and writes both coalesced), and over a
// matrix whose sides are not multiples of the tile either with pad() (threads
// outside the matrix do nothing but the barrier) or with truncate() (whole
// tiles only) plus a second pass over the edges, through array_view
// sections of both matrices.
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

// truncate() keeps the whole tiles; the rows and columns it drops are
// transposed by the one-thread-per-element kernel on sections (a section's
// index is relative to its origin, so the same kernel serves).
static void truncated(const array_view<const float, 2> &In, const array_view<float, 2> &Out) {
  tiled_extent<Tile, Tile> Whole = In.extent.tile<Tile, Tile>().truncate();
  int Rows = In.extent[0], Cols = In.extent[1], R0 = Whole[0], C0 = Whole[1];
  if (Whole.size() > 0)
    parallel_for_each(Whole, [=](tiled_index<Tile, Tile> T) restrict(amp) {
      tile_static float Block[Tile][Tile];
      Block[T.local[0]][T.local[1]] = In[T.global];
      T.barrier.wait();
      Out(T.tile_origin[1] + T.local[0], T.tile_origin[0] + T.local[1]) =
          Block[T.local[1]][T.local[0]];
    });
  if (R0 < Rows) // the bottom rows, every column
    simple(In.section(index<2>(R0, 0), extent<2>(Rows - R0, Cols)),
           Out.section(index<2>(0, R0), extent<2>(Cols, Rows - R0)));
  if (C0 < Cols && R0 > 0) // the right columns of the rows above
    simple(In.section(index<2>(0, C0), extent<2>(R0, Cols - C0)),
           Out.section(index<2>(C0, 0), extent<2>(Cols - C0, R0)));
}

static int check(const std::vector<float> &In, const std::vector<float> &Out, int Rows, int Cols) {
  int Bad = 0;
  for (int R = 0; R < Rows; ++R)
    for (int C = 0; C < Cols; ++C)
      Bad += Out[C * Rows + R] != In[R * Cols + C];
  return Bad;
}

enum Method { Simple, Tiled, Truncated };

static int run(const char *Name, int Rows, int Cols, Method How) {
  std::vector<float> In(Rows * Cols), Out(Rows * Cols, -1.0f);
  for (int I = 0; I < Rows * Cols; ++I)
    In[I] = float(I % 9973);
  array_view<const float, 2> InV(Rows, Cols, In);
  array_view<float, 2> OutV(Cols, Rows, Out);
  OutV.discard_data();
  auto Start = std::chrono::steady_clock::now();
  if (How == Tiled)
    tiled(InV, OutV);
  else if (How == Truncated)
    truncated(InV, OutV);
  else
    simple(InV, OutV);
  OutV.synchronize();
  double Ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - Start).count();
  int Bad = check(In, Out, Rows, Cols);
  std::printf("transpose %-9s %4d x %-4d: %s (%d wrong), %.2f ms\n", Name, Rows, Cols,
              Bad ? "FAILED" : "correct", Bad, Ms);
  return Bad;
}

int main() {
  int Bad = run("simple", 1024, 512, Simple);
  Bad += run("tiled", 1024, 512, Tiled);
  Bad += run("padded", 1000, 333, Tiled); // sides not multiples of 16
  Bad += run("truncated", 1000, 333, Truncated);
  Bad += run("truncated", 8, 40, Truncated); // fewer rows than one tile
  return Bad ? 1 : 0;
}
