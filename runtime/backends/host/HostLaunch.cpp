//===- HostLaunch.cpp - a kernel's work spread over the cores -------------===//
//
// oneTBB (already the PPL's scheduler) runs the parts, one worker per core,
// the caller's thread among them. Untiled kernels split into boxes of
// whole rows of the fastest dimension where there are rows enough, else
// rows cut into pieces of a few thousand work-items: the host entry's
// innermost loop, which the compiler vectorised, runs over each row. Tiled
// kernels split by tiles, each tile on one thread (TileRunner.cpp).
//
//===----------------------------------------------------------------------===//

#include "backends/host/HostBackend.h"

#include <tbb/blocked_range.h>
#include <tbb/blocked_range2d.h>
#include <tbb/parallel_for.h>

namespace ampcc {
namespace rt {

static ampcc_host_launch describe(const LaunchPart &Part) {
  ampcc_host_launch L = {};
  for (unsigned D = 0; D < 3; ++D) {
    bool In = D < Part.Dims;
    L.global[D] = In ? Part.Size[D] : 1;
    L.offset[D] = In && Part.Offset ? Part.Offset[D] : 0;
    L.local[D] = In && Part.Local ? Part.Local[D] : 1;
  }
  return L;
}

/// Work-items per piece of a row: enough to amortise a task, and a
/// multiple of every vector width.
static constexpr size_t RowPiece = 4096;

static void runRanges(ampcc_host_range_fn Fn, void *const *Args,
                      const ampcc_host_launch &L) {
  size_t Rows = L.global[1] * L.global[2];
  tbb::parallel_for(
      tbb::blocked_range2d<size_t>(0, Rows, 1, 0, L.global[0], RowPiece),
      [&](const tbb::blocked_range2d<size_t> &R) {
        setCurrentLaunch(&L);
        ampcc_host_launch Part = L;
        Part.lo[0] = L.offset[0] + R.cols().begin();
        Part.hi[0] = L.offset[0] + R.cols().end();
        // One call per row: its rows may span two slices.
        for (size_t Row = R.rows().begin(); Row != R.rows().end(); ++Row) {
          Part.lo[1] = L.offset[1] + Row % L.global[1];
          Part.lo[2] = L.offset[2] + Row / L.global[1];
          Part.hi[1] = Part.lo[1] + 1;
          Part.hi[2] = Part.lo[2] + 1;
          Fn(Args, &Part);
        }
        setCurrentLaunch(nullptr);
      });
}

static void runTiles(ampcc_host_item_fn Fn, void *const *Args,
                     const ampcc_host_launch &L) {
  size_t Groups[3];
  for (unsigned D = 0; D < 3; ++D)
    Groups[D] = L.global[D] / L.local[D];
  tbb::parallel_for(tbb::blocked_range<size_t>(0, Groups[0] * Groups[1] * Groups[2]),
                    [&](const tbb::blocked_range<size_t> &R) {
                      setCurrentLaunch(&L);
                      for (size_t G = R.begin(); G != R.end(); ++G) {
                        size_t Group[3] = {G % Groups[0], G / Groups[0] % Groups[1],
                                           G / (Groups[0] * Groups[1])};
                        runTile(Fn, Args, L, Group);
                      }
                      setCurrentLaunch(nullptr);
                    });
}

void runHostKernel(const ampcc_host_kernel &K, void *const *Args, const LaunchPart &Part) {
  ampcc_host_launch L = describe(Part);
  if (L.global[0] * L.global[1] * L.global[2] == 0)
    return;
  if (K.range)
    runRanges(K.range, Args, L);
  else
    runTiles(K.item, Args, L);
}

} // namespace rt
} // namespace ampcc
