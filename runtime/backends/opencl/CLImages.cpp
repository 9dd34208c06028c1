//===- CLImages.cpp - textures as OpenCL images ---------------------------===//

#include "backends/opencl/Errors.h"
#include "backends/opencl/OpenCLBackend.h"

#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

namespace ampcc {
namespace rt {

/// The image format of a capture: Size / 4 channels of 32-bit scalars
/// (the texture's texels at full width, as its buffer holds them).
static cl_image_format formatOf(const CaptureDesc &C) {
  cl_image_format F;
  unsigned Channels = C.Size / 4;
  F.image_channel_order = Channels == 1 ? CL_R : Channels == 2 ? CL_RG : CL_RGBA;
  F.image_channel_data_type = (C.Flags & CF_ImageInt)    ? CL_SIGNED_INT32
                              : (C.Flags & CF_ImageUint) ? CL_UNSIGNED_INT32
                                                         : CL_FLOAT;
  return F;
}

static cl_mem_object_type objectType(uint32_t Rank) {
  return Rank == 1 ? CL_MEM_OBJECT_IMAGE1D
                   : Rank == 2 ? CL_MEM_OBJECT_IMAGE2D : CL_MEM_OBJECT_IMAGE3D;
}

/// clGetSupportedImageFormats, asked once per context, access and type.
static bool formatListed(cl_context Ctx, cl_mem_flags Access,
                         cl_mem_object_type Type, const cl_image_format &F) {
  static std::mutex Lock;
  static auto &Known =
      *new std::map<std::tuple<cl_context, cl_mem_flags, cl_mem_object_type>,
                    std::vector<cl_image_format>>;
  std::lock_guard<std::mutex> Guard(Lock);
  auto [It, New] = Known.try_emplace({Ctx, Access, Type});
  if (New) {
    cl_uint N = 0;
    if (clGetSupportedImageFormats(Ctx, Access, Type, 0, nullptr, &N) ==
            CL_SUCCESS &&
        N) {
      It->second.resize(N);
      if (clGetSupportedImageFormats(Ctx, Access, Type, N, It->second.data(),
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

bool OpenCLBackend::takesImage(const Context &C, const CaptureDesc &T,
                               uint32_t Rank, bool Write) {
  cl_mem_flags Access = Write ? CL_MEM_WRITE_ONLY : CL_MEM_READ_ONLY;
  return formatListed(clContext(C), Access, objectType(Rank), formatOf(T));
}

Buffer OpenCLBackend::imageFrom(const Context &C, const Queue &Q,
                                const CaptureDesc &T, const size_t Region[3],
                                const Buffer &From, size_t Offset) {
  cl_image_format F = formatOf(T);
  cl_image_desc D = {};
  D.image_type = objectType(T.Rank);
  D.image_width = Region[0];
  D.image_height = Region[1];
  D.image_depth = Region[2];
  cl_int Err = CL_SUCCESS;
  cl_mem Image = clCreateImage(clContext(C), CL_MEM_READ_WRITE, &F, &D, nullptr, &Err);
  checkCL(Err, "clCreateImage for a texture of " + std::to_string(Region[0]) + "x" +
                   std::to_string(Region[1]) + "x" + std::to_string(Region[2]) +
                   " texels");
  Buffer Result = adoptBuffer(Image);
  // A write-only view may leave texels unwritten: they keep their values.
  size_t Origin[3] = {0, 0, 0};
  checkCL(clEnqueueCopyBufferToImage(clQueue(Q), clMem(From), Image, Offset,
                                     Origin, Region, 0, nullptr, nullptr),
          "clEnqueueCopyBufferToImage");
  return Result;
}

void OpenCLBackend::imageTo(const Queue &Q, const Buffer &Image,
                            const size_t Region[3], const Buffer &To,
                            size_t Offset) {
  size_t Origin[3] = {0, 0, 0};
  checkCL(clEnqueueCopyImageToBuffer(clQueue(Q), clMem(Image), clMem(To), Origin,
                                     Region, Offset, 0, nullptr, nullptr),
          "clEnqueueCopyImageToBuffer");
}

} // namespace rt
} // namespace ampcc
