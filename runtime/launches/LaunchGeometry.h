//===- LaunchGeometry.h - compute domains, tiles and NDRanges ---*- C++ -*-===//
//
// The shape of one parallel_for_each, from the AMP side (rank, extent,
// tile: validated as Visual C++ does) to the device side (at most three
// dimensions, fastest first, rounded up to our own work-group shape where
// we choose it, and cut into parts no larger than one enqueue may be).
// Nothing here talks to a device: the limits come in as numbers.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_LAUNCHGEOMETRY_H
#define AMPCC_RUNTIME_LAUNCHGEOMETRY_H

#include "ampcc/kernel_abi.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace ampcc {
namespace rt {

/// "999x666", the way the spec's messages write extents.
template <typename T> std::string dims(const T *V, uint32_t Rank) {
  std::string S;
  for (uint32_t I = 0; I < Rank; ++I)
    S += (I ? "x" : "") + std::to_string(V[I]);
  return S;
}

/// Throws runtime_exception "kernel at <K's location>: <What>".
[[noreturn]] void failLaunch(const KernelDesc &K, const std::string &What);

/// A validated compute domain and its tile, if any.
struct LaunchDomain {
  uint32_t Rank = 0;
  const int32_t *Extent = nullptr;
  bool Tiled = false;
  int32_t TileStore[3] = {0, 0, 0};
  /// Work-items per tile (1 untiled).
  size_t TileThreads = 1;
  const int32_t *tile() const { return Tiled ? TileStore : nullptr; }
};

/// Checks the launch against K's descriptor (closure size, rank) and the
/// domain against the spec (no empty extent, divisible by the tile), and
/// throws as Visual C++ does. \p Tile, the caller's tiled_extent, wins over
/// the tile ampcc saw in the kernel's signature.
LaunchDomain validateDomain(const KernelDesc &K, uint32_t ClosureSize,
                            uint32_t Rank, const int32_t *Extent,
                            const int32_t *Tile);

/// The device side of a launch.
struct NDRange {
  uint32_t Dims = 1;
  size_t Global[3] = {1, 1, 1};
  size_t Local[3] = {1, 1, 1};
  /// The largest part one enqueue takes, per dimension.
  size_t Block[3] = {1, 1, 1};
  /// The runtime chose the work-group shape (untiled, on a GPU).
  bool OwnShape = false;
  /// Local is passed to the device (tiled, or our own shape).
  bool FixedLocal = false;
};

/// Maps \p D onto at most three device dimensions and cuts it into parts of
/// at most \p MaxItems work-items. \p OwnShape: round untiled launches up to
/// our own work-group shape of at most \p MaxGroup items.
NDRange mapDomain(const LaunchDomain &D, bool OwnShape, size_t MaxGroup,
                  uint64_t MaxItems, const std::string &DeviceName);

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_LAUNCHGEOMETRY_H
