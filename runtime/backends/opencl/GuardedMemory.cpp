//===- GuardedMemory.cpp - buffers of CPU devices, fenced off ------------===//
#include "backends/opencl/GuardedMemory.h"

#include <cstring>
#include <sys/mman.h>
#include <unistd.h>

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

/// One mapping: guard page, the buffer's pages and a page of slack, guard page.
struct Mapping {
  void *Base;
  size_t Length;
};

void CL_CALLBACK unmap(cl_mem, void *User) {
  auto *M = static_cast<Mapping *>(User);
  munmap(M->Base, M->Length);
  delete M;
}

} // namespace

cl_mem createGuardedBuffer(cl_context Ctx, size_t Bytes, const void *Init, cl_int &Err) {
  // A page of slack after the data, then the guard: a stray access up to a
  // page past the end (an off-by-a-tile domain) neither faults nor touches
  // anything else, and reads 0 there until written; anonymous pages cost
  // nothing until touched.
  size_t Page = size_t(sysconf(_SC_PAGESIZE));
  size_t Data = (Bytes + Page - 1) / Page * Page + Page;
  size_t Length = Data + 2 * Page;
  void *Base = mmap(nullptr, Length, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (Base == MAP_FAILED) {
    Err = CL_MEM_OBJECT_ALLOCATION_FAILURE;
    return nullptr;
  }
  char *Start = static_cast<char *>(Base) + Page;
  if (mprotect(Start, Data, PROT_READ | PROT_WRITE) != 0) {
    munmap(Base, Length);
    Err = CL_MEM_OBJECT_ALLOCATION_FAILURE;
    return nullptr;
  }
  if (Init)
    std::memcpy(Start, Init, Bytes);
  cl_mem M = clCreateBuffer(Ctx, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, Bytes, Start, &Err);
  if (Err != CL_SUCCESS) {
    munmap(Base, Length);
    return nullptr;
  }
  auto *Map = new Mapping{Base, Length};
  if (clSetMemObjectDestructorCallback(M, unmap, Map) != CL_SUCCESS)
    delete Map; // kept mapped: a leak, not a fault
  return M;
}

} // namespace rt
} // namespace ampcc
