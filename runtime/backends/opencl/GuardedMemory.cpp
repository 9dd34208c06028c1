//===- GuardedMemory.cpp - buffers of CPU devices, fenced off ------------===//
#include "backends/opencl/GuardedMemory.h"

#include "support/GuardedPages.h"

#include <cstring>

namespace ampcc {
namespace rt {

bool isHostMemoryContext(cl_context Ctx) {
  cl_device_id Dev = nullptr;
  if (clGetContextInfo(Ctx, CL_CONTEXT_DEVICES, sizeof(Dev), &Dev, nullptr) != CL_SUCCESS ||
      !Dev)
    return false;
  cl_device_type Type = 0;
  clGetDeviceInfo(Dev, CL_DEVICE_TYPE, sizeof(Type), &Type, nullptr);
  return (Type & CL_DEVICE_TYPE_CPU) != 0;
}

namespace {

/// What the buffer's destructor callback releases.
struct Mapping {
  void *Data;
  size_t Bytes;
};

void CL_CALLBACK unmap(cl_mem, void *User) {
  auto *M = static_cast<Mapping *>(User);
  unmapGuardedPages(M->Data, M->Bytes);
  delete M;
}

} // namespace

cl_mem createGuardedBuffer(cl_context Ctx, size_t Bytes, const void *Init, cl_int &Err) {
  void *Start = mapGuardedPages(Bytes);
  if (!Start) {
    Err = CL_MEM_OBJECT_ALLOCATION_FAILURE;
    return nullptr;
  }
  if (Init)
    std::memcpy(Start, Init, Bytes);
  cl_mem M = clCreateBuffer(Ctx, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, Bytes, Start, &Err);
  if (Err != CL_SUCCESS) {
    unmapGuardedPages(Start, Bytes);
    return nullptr;
  }
  auto *Map = new Mapping{Start, Bytes};
  if (clSetMemObjectDestructorCallback(M, unmap, Map) != CL_SUCCESS)
    delete Map; // kept mapped: a leak, not a fault
  return M;
}

} // namespace rt
} // namespace ampcc
