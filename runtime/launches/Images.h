//===- Images.h - textures on OpenCL images for one launch ------*- C++ -*-===//
//
// The image form of a kernel (docs/graphics.md, "Images") takes an OpenCL
// image for each texture it only reads or only writes. A texture's storage
// stays its DataSource buffer, which host copies and the buffer form of
// every kernel use: a launch of the image form fills each image from the
// buffer on the device before the kernel, copies written images back into
// their buffers after it, and releases the images (OpenCL keeps them alive
// until those commands finish). So a texture moves between its buffer and
// image forms by device-side copies only, whichever kernels use it.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_IMAGES_H
#define AMPCC_RUNTIME_IMAGES_H

#include "ampcc/kernel_abi.h"

#include "backends/Backend.h"

#include <cstddef>
#include <vector>

namespace ampcc {
namespace rt {

class Device;

/// Whether \p Dev can hold capture \p C (CF_ImageRead/CF_ImageWrite) of
/// extent \p Extent (AMP order) as an image: image support, the format
/// among clGetSupportedImageFormats, the extent within the device's limits.
bool deviceTakesImage(Device &Dev, const CaptureDesc &C, const int32_t *Extent);

/// The images of one launch.
class LaunchImages {
public:
  /// A new image for capture \p C, filled on \p Q from \p Buffer, whose
  /// texels start at byte \p Offset.
  rt::Buffer add(Device &Dev, const Queue &Q, const CaptureDesc &C,
                 const int32_t *Extent, const rt::Buffer &Buffer, size_t Offset);
  /// After the kernel: copies written images back into their buffers.
  void copyBack(const Queue &Q);

private:
  struct Entry {
    rt::Buffer Image, Buffer;
    size_t Offset;
    size_t Region[3];
    bool Write;
  };
  std::vector<Entry> Entries;
};

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_IMAGES_H
