// The kernel binary cache end to end: the first run builds from source and
// stores one entry, the second builds from it (a hit); a truncated entry, a
// flipped payload byte and a wrong magic are misses that the run replaces,
// a valid entry whose binary the device refuses falls back to the source;
// an unusable directory and AMPCC_CACHE_DIR=off only cost the cache.
// Every run checks its results against the CPU. The cache holds OpenCL's
// binaries (the host backend builds nothing): no host kernels.
// REQUIRES: opencl
// RUN: rm -rf %t.cache %t.notadir && %ampcc -fno-host-kernels %s -o %t
// RUN: env AMPCC_CACHE_DIR=%t.cache AMPCC_PROFILE=1 %t 2> %t.err | %FileCheck --check-prefix=OK %s
// RUN: %FileCheck --check-prefix=MISS %s < %t.err
// RUN: python3 %S/Inputs/cache-entry.py list %t.cache | %FileCheck --check-prefix=ONE %s
// RUN: env AMPCC_CACHE_DIR=%t.cache AMPCC_PROFILE=1 %t 2> %t.err | %FileCheck --check-prefix=OK %s
// RUN: %FileCheck --check-prefix=HIT %s < %t.err
//
// RUN: python3 %S/Inputs/cache-entry.py truncate %t.cache
// RUN: env AMPCC_CACHE_DIR=%t.cache AMPCC_PROFILE=1 %t 2> %t.err | %FileCheck --check-prefix=OK %s
// RUN: %FileCheck --check-prefix=MISS %s < %t.err
// RUN: env AMPCC_CACHE_DIR=%t.cache AMPCC_PROFILE=1 %t 2> %t.err | %FileCheck --check-prefix=OK %s
// RUN: %FileCheck --check-prefix=HIT %s < %t.err
//
// RUN: python3 %S/Inputs/cache-entry.py flip %t.cache
// RUN: env AMPCC_CACHE_DIR=%t.cache AMPCC_PROFILE=1 %t 2> %t.err | %FileCheck --check-prefix=OK %s
// RUN: %FileCheck --check-prefix=MISS %s < %t.err
// RUN: python3 %S/Inputs/cache-entry.py magic %t.cache
// RUN: env AMPCC_CACHE_DIR=%t.cache AMPCC_PROFILE=1 %t 2> %t.err | %FileCheck --check-prefix=OK %s
// RUN: %FileCheck --check-prefix=MISS %s < %t.err
// RUN: python3 %S/Inputs/cache-entry.py garbage %t.cache
// RUN: env AMPCC_CACHE_DIR=%t.cache AMPCC_PROFILE=1 %t 2> %t.err | %FileCheck --check-prefix=OK %s
// RUN: %FileCheck --check-prefix=REFUSED %s < %t.err
// RUN: env AMPCC_CACHE_DIR=%t.cache AMPCC_PROFILE=1 %t 2> %t.err | %FileCheck --check-prefix=OK %s
// RUN: %FileCheck --check-prefix=HIT %s < %t.err
// RUN: python3 %S/Inputs/cache-entry.py list %t.cache | %FileCheck --check-prefix=ONE %s
//
// A file where the directory should be: nothing stored, results right.
// RUN: echo not a directory > %t.notadir
// RUN: env AMPCC_CACHE_DIR=%t.notadir/kernels AMPCC_PROFILE=1 %t 2> %t.err | %FileCheck --check-prefix=OK %s
// RUN: %FileCheck --check-prefix=MISS %s < %t.err
// RUN: env AMPCC_CACHE_DIR=%t.notadir/kernels AMPCC_PROFILE=1 %t 2> %t.err | %FileCheck --check-prefix=OK %s
// RUN: %FileCheck --check-prefix=MISS %s < %t.err
// RUN: env AMPCC_CACHE_DIR=off AMPCC_PROFILE=1 %t 2> %t.err | %FileCheck --check-prefix=OK %s
// RUN: %FileCheck --check-prefix=OFF %s < %t.err
//
// OK: saxpy: 0 mismatches of 4096
// OK-NEXT: tiled sums: 0 mismatches of 64
// MISS: program builds (host) 1
// MISS-NEXT: from cached binary 0
// MISS-NEXT: kernel binary cache: 0 hits, 1 misses, 0 refused
// HIT: program builds (host) 1
// HIT-NEXT: from cached binary 1
// HIT-NEXT: kernel binary cache: 1 hits, 0 misses, 0 refused
// REFUSED: program builds (host)
// REFUSED: kernel binary cache: 0 hits, 0 misses, 1 refused
// ONE: entries: 1
// ONE-NEXT: temporary files: 0
// OFF: program builds (host) 1
// OFF-NEXT: kernel binary cache: off
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  const int N = 4096, Tile = 64;
  std::vector<float> X(N), Y(N), Expected(N);
  for (int I = 0; I < N; ++I) {
    X[I] = float(I % 97);
    Y[I] = float(I % 13) - 6.0f;
    Expected[I] = 2.5f * X[I] + Y[I];
  }
  array_view<const float, 1> XV(N, X);
  array_view<float, 1> YV(N, Y);
  parallel_for_each(YV.extent, [=](index<1> I) restrict(amp) {
    YV[I] = 2.5f * XV[I] + YV[I];
  });
  YV.synchronize();
  int Bad = 0;
  for (int I = 0; I < N; ++I)
    Bad += Y[I] != Expected[I];
  std::printf("saxpy: %d mismatches of %d\n", Bad, N);

  // A second kernel of the same program, tiled, with tile_static memory.
  std::vector<int> Sums(N / Tile, 0);
  array_view<int, 1> SV(N / Tile, Sums);
  parallel_for_each(extent<1>(N).tile<Tile>(),
                    [=](tiled_index<Tile> T) restrict(amp) {
    tile_static int Part[Tile];
    Part[T.local[0]] = T.global[0];
    T.barrier.wait();
    if (T.local[0] == 0) {
      int S = 0;
      for (int I = 0; I < Tile; ++I)
        S += Part[I];
      SV[T.tile[0]] = S;
    }
  });
  SV.synchronize();
  int BadSums = 0;
  for (int B = 0; B < N / Tile; ++B) {
    int S = 0;
    for (int I = 0; I < Tile; ++I)
      S += B * Tile + I;
    BadSums += Sums[B] != S;
  }
  std::printf("tiled sums: %d mismatches of %d\n", BadSums, N / Tile);
  return Bad + BadSums != 0;
}
