// The 8-bit helpers of the C++ AMP samples (read_uchar, increment_uchar,
// add_uchar, write_uchar: bytes packed four to an unsigned int, updated with
// atomics) instantiated both with array_view<unsigned int> (global memory)
// and with a tile_static unsigned int bins[64] (local memory) in one program:
// byte histograms of a char image packed into unsigned ints, per row in
// global 8-bit counters (through a flat view and through projections), per
// tile in tile_static 8-bit counters written out with write_uchar, and a
// 256-bin histogram in full-width counters. Every counter is compared with a
// CPU reference.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK-NOT: mismatch
// CHECK: global row histograms (flat view): 0 errors
// CHECK-NEXT: global row histograms (projections): 0 errors
// CHECK-NEXT: global weighted row histograms (add_uchar): 0 errors
// CHECK-NEXT: tile_static histograms (write_uchar): 0 errors
// CHECK-NEXT: tile_static weighted histograms (add_uchar): 0 errors
// CHECK-NEXT: 256-bin histogram: 0 errors
// CHECK-NEXT: PASSED
#include <amp.h>
#include <cstdio>
#include <vector>

using namespace concurrency;

static const int TILE_SIZE = 64;

// Read character at index idx from array arr.
template <typename T>
unsigned int read_uchar(T &arr, int idx) restrict(amp) {
  return (arr[idx >> 2] & (0xFF << ((idx & 0x3) << 3))) >> ((idx & 0x3) << 3);
}

// Increment character at index idx in array arr.
template <typename T> void increment_uchar(T &arr, int idx) restrict(amp) {
  atomic_fetch_add(&arr[idx >> 2], 1 << ((idx & 0x3) << 3));
}

// Add value val to character at index idx in array arr.
template <typename T>
void add_uchar(T &arr, int idx, unsigned int val) restrict(amp) {
  atomic_fetch_add(&arr[idx >> 2], (val & 0xFF) << ((idx & 0x3) << 3));
}

// Write value val to character at index idx in array arr.
template <typename T>
void write_uchar(T &arr, int idx, unsigned int val) restrict(amp) {
  atomic_fetch_xor(&arr[idx >> 2], arr[idx >> 2] & (0xFF << ((idx & 0x3) << 3)));
  atomic_fetch_xor(&arr[idx >> 2], (val & 0xFF) << ((idx & 0x3) << 3));
}

static unsigned int host_read_uchar(const std::vector<unsigned int> &arr, int idx) {
  return (arr[idx >> 2] >> ((idx & 0x3) << 3)) & 0xFF;
}

static int compare(const char *what, const std::vector<unsigned int> &packed,
                   const std::vector<unsigned int> &ref) {
  int errors = 0;
  for (size_t i = 0; i < ref.size(); ++i) {
    unsigned int got = host_read_uchar(packed, (int)i);
    if (got != ref[i] && ++errors <= 5)
      std::printf("%s: mismatch at counter %d: %u vs %u\n", what, (int)i, got, ref[i]);
  }
  std::printf("%s: %d errors\n", what, errors);
  return errors;
}

int main() {
  const int H = 300, W = 120; // W bytes per row, W / 4 unsigned ints
  const int num_pixels = H * W;
  const int num_tiles = (num_pixels + TILE_SIZE - 1) / TILE_SIZE;

  std::vector<unsigned int> image(num_pixels / 4, 0);
  std::vector<unsigned int> bytes(num_pixels);
  for (int i = 0; i < num_pixels; ++i) {
    unsigned int h = (unsigned int)i * 2654435761u;
    unsigned int v = (h >> 13) & 0xFF;
    if ((h >> 5) & 1)
      v &= 0x0F; // make the low values frequent
    bytes[i] = v;
    image[i >> 2] |= v << ((i & 3) << 3);
  }

  // CPU references, one counter per byte value.
  std::vector<unsigned int> ref_row(H * 256, 0), ref_wrow(H * 256, 0),
      ref_tile(num_tiles * 256, 0), ref_wtile(num_tiles * 256, 0), ref_hist(256, 0);
  for (int i = 0; i < num_pixels; ++i) {
    int y = i / W, x = i % W, t = i / TILE_SIZE;
    ref_row[y * 256 + bytes[i]] += 1;
    ref_wrow[y * 256 + bytes[i]] += 1 + (x & 1);
    ref_tile[t * 256 + bytes[i]] += 1;
    ref_wtile[t * 256 + bytes[i]] += 1 + i % 3;
    ref_hist[bytes[i]] += 1;
  }

  for (size_t i = 0; i < ref_wtile.size(); ++i)
    if (ref_wtile[i] > 255)
      std::printf("mismatch: test data overflows an 8-bit counter\n");
  for (size_t i = 0; i < ref_wrow.size(); ++i)
    if (ref_wrow[i] > 255)
      std::printf("mismatch: test data overflows an 8-bit counter\n");

  std::vector<unsigned int> row_hist(H * 64, 0), row_hist2(H * 64, 0),
      wrow_hist(H * 64, 0), tile_hist(num_tiles * 64, 0xA5A5A5A5u),
      wtile_hist(num_tiles * 64, 0x5A5A5A5Au), hist(256, 0);

  array_view<const unsigned int, 1> image_flat(num_pixels / 4, image);
  array_view<const unsigned int, 2> image_rows(H, W / 4, image);

  // Per-row 8-bit histograms in global memory, through flat views.
  array_view<unsigned int, 1> row_hist_flat(H * 64, row_hist);
  parallel_for_each(extent<2>(H, W), [=](index<2> idx) restrict(amp) {
    unsigned int v = read_uchar(image_flat, idx[0] * W + idx[1]);
    increment_uchar(row_hist_flat, idx[0] * 256 + (int)v);
  });

  // The same through projections: a row of the image and a row of the result.
  array_view<unsigned int, 2> row_hist_rows(H, 64, row_hist2);
  array_view<unsigned int, 2> wrow_hist_rows(H, 64, wrow_hist);
  parallel_for_each(extent<2>(H, W), [=](index<2> idx) restrict(amp) {
    array_view<const unsigned int, 1> row = image_rows[idx[0]];
    array_view<unsigned int, 1> counts = row_hist_rows[idx[0]];
    auto weighted = wrow_hist_rows[idx[0]];
    int v = read_uchar(row, idx[1]);
    increment_uchar(counts, v);
    add_uchar(weighted, v, 1 + (idx[1] & 1));
  });

  // Per-tile 8-bit histograms in tile_static memory, written out with
  // write_uchar (over garbage), summed into a 256-bin histogram.
  array_view<unsigned int, 2> tile_hist_rows(num_tiles, 64, tile_hist);
  array_view<unsigned int, 2> wtile_hist_rows(num_tiles, 64, wtile_hist);
  array_view<unsigned int, 1> hist_view(256, hist);
  parallel_for_each(extent<1>(num_pixels).tile<TILE_SIZE>().pad(),
                    [=](tiled_index<TILE_SIZE> tidx) restrict(amp) {
    tile_static unsigned int bins[64];
    tile_static unsigned int wbins[64];
    int lid = tidx.local[0];
    bins[lid] = 0;
    wbins[lid] = 0;
    tidx.barrier.wait();
    int i = tidx.global[0];
    if (i < num_pixels) {
      unsigned int v = read_uchar(image_flat, i);
      increment_uchar(bins, v);
      add_uchar(wbins, v, 1 + i % 3);
    }
    tidx.barrier.wait();
    array_view<unsigned int, 1> out = tile_hist_rows[tidx.tile[0]];
    array_view<unsigned int, 1> wout = wtile_hist_rows[tidx.tile[0]];
    for (int b = lid; b < 256; b += TILE_SIZE) {
      unsigned int c = read_uchar(bins, b);
      write_uchar(out, b, c);
      write_uchar(wout, b, read_uchar(wbins, b));
      if (c != 0)
        atomic_fetch_add(&hist_view[b], c);
    }
  });

  row_hist_flat.synchronize();
  row_hist_rows.synchronize();
  wrow_hist_rows.synchronize();
  tile_hist_rows.synchronize();
  wtile_hist_rows.synchronize();
  hist_view.synchronize();

  int errors = 0;
  errors += compare("global row histograms (flat view)", row_hist, ref_row);
  errors += compare("global row histograms (projections)", row_hist2, ref_row);
  errors += compare("global weighted row histograms (add_uchar)", wrow_hist, ref_wrow);
  errors += compare("tile_static histograms (write_uchar)", tile_hist, ref_tile);
  errors += compare("tile_static weighted histograms (add_uchar)", wtile_hist, ref_wtile);
  int herrors = 0;
  for (int b = 0; b < 256; ++b)
    if (hist[b] != ref_hist[b] && ++herrors <= 5)
      std::printf("256-bin histogram: mismatch at bin %d: %u vs %u\n", b, hist[b], ref_hist[b]);
  std::printf("256-bin histogram: %d errors\n", herrors);
  errors += herrors;
  std::printf("%s\n", errors ? "FAILED" : "PASSED");
  return errors ? 1 : 0;
}
