//===- Images.cpp - textures on images for one launch --------------------===//
#include "launches/Images.h"

#include "devices/Device.h"

#include <string>

namespace ampcc {
namespace rt {

namespace {

/// Width, height, depth of an AMP extent: OpenCL's x is AMP's last index.
void regionOf(uint32_t Rank, const int32_t *Extent, size_t *Region) {
  for (uint32_t D = 0; D < 3; ++D)
    Region[D] = D < Rank ? size_t(Extent[Rank - 1 - D]) : 1;
}

} // namespace

bool deviceTakesImage(Device &Dev, const CaptureDesc &C, const int32_t *Extent) {
  const DeviceInfo &I = Dev.info();
  if (!I.ImageSupport || C.Rank < 1 || C.Rank > 3)
    return false;
  size_t Region[3];
  regionOf(C.Rank, Extent, Region);
  const size_t *Max = C.Rank == 3 ? I.Image3DMax : I.Image2DMax;
  for (uint32_t D = 0; D < C.Rank; ++D)
    if (Region[D] > Max[D])
      return false;
  return Dev.backend()->takesImage(Dev.context(), C, C.Rank,
                                   (C.Flags & CF_ImageWrite) != 0);
}

Buffer LaunchImages::add(Device &Dev, const Queue &Q, const CaptureDesc &C,
                         const int32_t *Extent, const Buffer &From,
                         size_t Offset) {
  Entry E{Buffer(), From, Offset, {1, 1, 1}, (C.Flags & CF_ImageWrite) != 0};
  regionOf(C.Rank, Extent, E.Region);
  E.Image = Dev.backend()->imageFrom(Dev.context(), Q, C, E.Region, From, Offset);
  Entries.push_back(E);
  return E.Image;
}

void LaunchImages::copyBack(const Queue &Q) {
  // The images go with Entries; the backend keeps them alive until the
  // commands that use them finish.
  for (const Entry &E : Entries)
    if (E.Write)
      Q.backend().imageTo(Q, E.Image, E.Region, E.Buffer, E.Offset);
}

} // namespace rt
} // namespace ampcc
