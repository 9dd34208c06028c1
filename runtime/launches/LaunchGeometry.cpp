//===- LaunchGeometry.cpp - compute domains, tiles and NDRanges -----------===//

#include "launches/LaunchGeometry.h"

#include "ampcc/exceptions.h"
#include "launches/WorkGroupShape.h"

#include <algorithm>

namespace ampcc {
namespace rt {

void failLaunch(const KernelDesc &K, const std::string &What) {
  throw Concurrency::runtime_exception(
      std::string("kernel at ") + (K.Location ? K.Location : "<unknown>") +
          ": " + What,
      Concurrency::AMPCC_E_FAIL);
}

/// ABI guards: a mismatch means host code and generated code disagree about
/// the closure, and reading it would pass garbage to the device.
static void checkAgainstDescriptor(const KernelDesc &K, uint32_t ClosureSize,
                                   uint32_t Rank, const int32_t *Tile) {
  if (ClosureSize != K.ClosureSize)
    failLaunch(K, "the closure object is " + std::to_string(ClosureSize) +
                      " bytes in the host program but " +
                      std::to_string(K.ClosureSize) +
                      " bytes in the code ampcc generated for it; rebuild "
                      "every file with the same ampcc and flags");
  if (Rank != K.Rank)
    failLaunch(K, "launched over a rank-" + std::to_string(Rank) +
                      " compute domain, but its code was generated for rank " +
                      std::to_string(K.Rank));
  if (Rank == 0)
    failLaunch(K, "compute domain of rank 0");
  if (Rank > 3 && Tile)
    throw Concurrency::invalid_compute_domain(
        "a tiled compute domain has rank 1, 2 or 3, not " +
        std::to_string(Rank));
}

LaunchDomain validateDomain(const KernelDesc &K, uint32_t ClosureSize,
                            uint32_t Rank, const int32_t *Extent,
                            const int32_t *Tile) {
  checkAgainstDescriptor(K, ClosureSize, Rank, Tile);
  // Visual C++ rejects empty compute domains too (the conformance suite
  // expects invalid_compute_domain for extent<1>(0)).
  for (uint32_t D = 0; D < Rank; ++D)
    if (Extent[D] <= 0)
      throw Concurrency::invalid_compute_domain(
          "compute domain " + dims(Extent, Rank) + " has " +
          (Extent[D] < 0 ? "a negative extent" : "an extent of zero"));

  LaunchDomain Dom;
  Dom.Rank = Rank;
  Dom.Extent = Extent;
  // A tiled_extent passed by the caller wins over the tile ampcc saw in the
  // kernel's signature.
  if (Tile || (K.Tile[0] && Rank <= 3)) {
    Dom.Tiled = true;
    for (uint32_t D = 0; D < Rank; ++D)
      Dom.TileStore[D] = Tile ? Tile[D] : int32_t(K.Tile[D]);
  }
  const int32_t *T = Dom.tile();
  if (!T)
    return Dom;
  for (uint32_t D = 0; D < Rank; ++D) {
    if (T[D] <= 0)
      throw Concurrency::invalid_compute_domain(
          "tile " + dims(T, Rank) + " has a non-positive extent");
    Dom.TileThreads *= size_t(T[D]);
  }
  for (uint32_t D = 0; D < Rank; ++D)
    if (Extent[D] % T[D] != 0)
      throw Concurrency::invalid_compute_domain(
          "compute domain " + dims(Extent, Rank) +
          " is not divisible by tile " + dims(T, Rank) +
          "; use tiled_extent::pad() or truncate()");
  return Dom;
}

/// AMP dimension 0 varies slowest; the device's dimension 0 fastest. Above
/// rank 3 the leading AMP dimensions share device dimension 2, and the
/// kernel gets the domain to unfold it.
static void mapDimensions(const LaunchDomain &D, size_t MaxGroup,
                          NDRange &R) {
  const int32_t *Extent = D.Extent, *T = D.tile();
  uint32_t Rank = D.Rank;
  R.Dims = Rank > 3 ? 3 : Rank;
  if (Rank <= 3) {
    for (uint32_t I = 0; I < Rank; ++I) {
      R.Global[Rank - 1 - I] = size_t(Extent[I]);
      R.Local[Rank - 1 - I] = T ? size_t(T[I]) : 1;
    }
    if (R.OwnShape)
      untiledShape(Rank, MaxGroup, R.Global, R.Local);
    return;
  }
  R.Global[0] = size_t(Extent[Rank - 1]);
  R.Global[1] = size_t(Extent[Rank - 2]);
  for (uint32_t I = 0; I + 2 < Rank; ++I) {
    if (R.Global[2] > SIZE_MAX / size_t(Extent[I]))
      throw Concurrency::invalid_compute_domain(
          "compute domain " + dims(Extent, Rank) + " has too many points");
    R.Global[2] *= size_t(Extent[I]);
  }
}

/// Splits launches larger than one enqueue may be, along the slowest device
/// dimension (then the next), with global offsets.
static void splitBlocks(const LaunchDomain &D, uint64_t Max,
                        const std::string &DeviceName, NDRange &R) {
  for (int I = 0; I < 3; ++I)
    R.Block[I] = R.Global[I];
  for (int I = int(R.Dims) - 1; I >= 0; --I) {
    uint64_t Inner = 1;
    for (int E = 0; E < I; ++E)
      Inner *= R.Block[E];
    uint64_t Items = Inner * R.Block[I];
    if (Inner <= Max / R.Block[I] && Items <= Max)
      continue;
    if (D.Tiled)
      throw Concurrency::invalid_compute_domain(
          "tiled compute domain " + dims(D.Extent, D.Rank) +
          " has more work items than " + DeviceName + " takes in one launch (" +
          std::to_string(Max) + "), and tiled launches cannot be split");
    R.Block[I] = Inner > Max ? 1 : size_t(Max / Inner);
    // Parts of a launch with our own shape stay whole work-groups.
    if (R.OwnShape)
      R.Block[I] = std::max(R.Local[I], R.Block[I] / R.Local[I] * R.Local[I]);
  }
}

NDRange mapDomain(const LaunchDomain &D, bool OwnShape, size_t MaxGroup,
                  uint64_t MaxItems, const std::string &DeviceName) {
  NDRange R;
  R.OwnShape = OwnShape;
  R.FixedLocal = D.Tiled || OwnShape;
  mapDimensions(D, MaxGroup, R);
  splitBlocks(D, MaxItems, DeviceName, R);
  return R;
}

} // namespace rt
} // namespace ampcc
