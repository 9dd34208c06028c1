//===- Images.cpp - textures on OpenCL images for one launch ------------===//
#include "launches/Images.h"

#include "devices/Device.h"
#include "backends/opencl/Errors.h"

#include <map>
#include <mutex>
#include <string>
#include <tuple>

namespace ampcc {
namespace rt {

namespace {

/// The image format of a capture: Size / 4 channels of 32-bit scalars
/// (the texture's texels at full width, as its buffer holds them).
cl_image_format formatOf(const CaptureDesc &C) {
  cl_image_format F;
  unsigned Channels = C.Size / 4;
  F.image_channel_order = Channels == 1 ? CL_R : Channels == 2 ? CL_RG : CL_RGBA;
  F.image_channel_data_type = (C.Flags & CF_ImageInt)    ? CL_SIGNED_INT32
                              : (C.Flags & CF_ImageUint) ? CL_UNSIGNED_INT32
                                                         : CL_FLOAT;
  return F;
}

cl_mem_object_type objectType(uint32_t Rank) {
  return Rank == 1 ? CL_MEM_OBJECT_IMAGE1D
                   : Rank == 2 ? CL_MEM_OBJECT_IMAGE2D : CL_MEM_OBJECT_IMAGE3D;
}

/// clGetSupportedImageFormats, asked once per device, access and type.
bool formatListed(Device &Dev, cl_mem_flags Access, cl_mem_object_type Type,
                  const cl_image_format &F) {
  static std::mutex Lock;
  static std::map<std::tuple<Device *, cl_mem_flags, cl_mem_object_type>,
                  std::vector<cl_image_format>>
      Known;
  std::lock_guard<std::mutex> Guard(Lock);
  auto [It, New] = Known.try_emplace({&Dev, Access, Type});
  if (New) {
    cl_uint N = 0;
    if (clGetSupportedImageFormats(Dev.context(), Access, Type, 0, nullptr, &N) ==
            CL_SUCCESS &&
        N) {
      It->second.resize(N);
      if (clGetSupportedImageFormats(Dev.context(), Access, Type, N, It->second.data(),
                                     nullptr) != CL_SUCCESS)
        It->second.clear();
    }
  }
  for (const cl_image_format &L : It->second)
    if (L.image_channel_order == F.image_channel_order &&
        L.image_channel_data_type == F.image_channel_data_type)
      return true;
  return false;
}

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
  cl_mem_flags Access = (C.Flags & CF_ImageWrite) ? CL_MEM_WRITE_ONLY : CL_MEM_READ_ONLY;
  return formatListed(Dev, Access, objectType(C.Rank), formatOf(C));
}

cl_mem LaunchImages::add(Device &Dev, cl_command_queue Q, const CaptureDesc &C,
                         const int32_t *Extent, cl_mem Buffer, size_t Offset) {
  Entry E{nullptr, Buffer, Offset, {1, 1, 1}, (C.Flags & CF_ImageWrite) != 0};
  regionOf(C.Rank, Extent, E.Region);
  cl_image_format F = formatOf(C);
  cl_image_desc D = {};
  D.image_type = objectType(C.Rank);
  D.image_width = E.Region[0];
  D.image_height = E.Region[1];
  D.image_depth = E.Region[2];
  cl_int Err = CL_SUCCESS;
  E.Image = clCreateImage(Dev.context(), CL_MEM_READ_WRITE, &F, &D, nullptr, &Err);
  checkCL(Err, "clCreateImage for a texture of " + std::to_string(E.Region[0]) + "x" +
                   std::to_string(E.Region[1]) + "x" + std::to_string(E.Region[2]) +
                   " texels");
  Entries.push_back(E);
  // A write-only view may leave texels unwritten: they keep their values.
  size_t Origin[3] = {0, 0, 0};
  checkCL(clEnqueueCopyBufferToImage(Q, Buffer, E.Image, Offset, Origin, E.Region, 0,
                                     nullptr, nullptr),
          "clEnqueueCopyBufferToImage");
  return E.Image;
}

void LaunchImages::copyBack(cl_command_queue Q) {
  size_t Origin[3] = {0, 0, 0};
  for (const Entry &E : Entries)
    if (E.Write)
      checkCL(clEnqueueCopyImageToBuffer(Q, E.Image, E.Buffer, Origin, E.Region, E.Offset,
                                         0, nullptr, nullptr),
              "clEnqueueCopyImageToBuffer");
}

LaunchImages::~LaunchImages() {
  for (const Entry &E : Entries)
    clReleaseMemObject(E.Image);
}

} // namespace rt
} // namespace ampcc
