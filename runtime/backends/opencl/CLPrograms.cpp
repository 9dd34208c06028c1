//===- CLPrograms.cpp - OpenCL memory, programs and kernels ---------------===//

#include "backends/opencl/Errors.h"
#include "backends/opencl/GuardedMemory.h"
#include "backends/opencl/OpenCLBackend.h"

#include <string>

namespace ampcc {
namespace rt {

// --- Memory -------------------------------------------------------------------

Buffer OpenCLBackend::allocate(const Context &C, size_t Bytes, const void *Init,
                               const std::string &For) {
  cl_int Err = CL_SUCCESS;
  // A CPU device's buffer in pages of its own, not in the host heap.
  if (Bytes && isHostMemoryContext(clContext(C))) {
    cl_mem M = createGuardedBuffer(clContext(C), Bytes, Init, Err);
    checkCL(Err, "clCreateBuffer " + For);
    return adoptBuffer(M);
  }
  cl_mem_flags Flags = CL_MEM_READ_WRITE | (Init ? CL_MEM_COPY_HOST_PTR : 0);
  cl_mem M = clCreateBuffer(clContext(C), Flags, Bytes, const_cast<void *>(Init),
                            &Err);
  checkCL(Err, "clCreateBuffer " + For);
  return adoptBuffer(M);
}

Buffer OpenCLBackend::allocatePinned(const Context &C, const Queue &Q,
                                     size_t Bytes, void *&Host) {
  // CL_MEM_ALLOC_HOST_PTR, mapped: page-locked memory on NVIDIA's driver.
  cl_int Err = CL_SUCCESS;
  cl_mem M = clCreateBuffer(clContext(C), CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR,
                            Bytes, nullptr, &Err);
  if (Err != CL_SUCCESS)
    return Buffer();
  Buffer B = adoptBuffer(M);
  Host = clEnqueueMapBuffer(clQueue(Q), M, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE,
                            0, Bytes, 0, nullptr, nullptr, &Err);
  if (Err != CL_SUCCESS || !Host)
    return Buffer();
  return B;
}

void OpenCLBackend::unmapPinned(const Queue &Q, const Buffer &B, void *Host) {
  cl_event Done = nullptr;
  if (clEnqueueUnmapMemObject(clQueue(Q), clMem(B), Host, 0, nullptr, &Done) ==
      CL_SUCCESS) {
    clWaitForEvents(1, &Done);
    clReleaseEvent(Done);
  }
}

size_t OpenCLBackend::bufferBytes(const Buffer &B) {
  size_t Size = 0;
  clGetMemObjectInfo(clMem(B), CL_MEM_SIZE, sizeof(Size), &Size, nullptr);
  return Size;
}

// --- Programs -----------------------------------------------------------------

Program OpenCLBackend::loadSource(const Context &C, const char *Source,
                                  const std::string &For) {
  cl_int Err = CL_SUCCESS;
  cl_program P = clCreateProgramWithSource(clContext(C), 1, &Source, nullptr, &Err);
  checkCL(Err, "clCreateProgramWithSource for " + For);
  return Program::adopt(*this, P);
}

Program OpenCLBackend::loadBinary(const Context &C, void *Device,
                                  const std::vector<unsigned char> &Binary,
                                  int &Status) {
  cl_device_id Id = static_cast<cl_device_id>(Device);
  const unsigned char *Bytes = Binary.data();
  size_t Size = Binary.size();
  cl_int BinaryStatus = CL_SUCCESS, Err = CL_SUCCESS;
  cl_program P = clCreateProgramWithBinary(clContext(C), 1, &Id, &Size, &Bytes,
                                           &BinaryStatus, &Err);
  Program Result = Program::adopt(*this, P);
  Status = Err != CL_SUCCESS ? Err : BinaryStatus;
  if (Status != CL_SUCCESS)
    return Program();
  return Result;
}

int OpenCLBackend::build(const Program &P, void *Device,
                         const std::string &Options) {
  cl_device_id Id = static_cast<cl_device_id>(Device);
  return clBuildProgram(static_cast<cl_program>(P.raw()), 1, &Id,
                        Options.c_str(), nullptr, nullptr);
}

std::string OpenCLBackend::buildLog(const Program &P, void *Device,
                                    const std::string &None) {
  cl_program Program = static_cast<cl_program>(P.raw());
  cl_device_id Id = static_cast<cl_device_id>(Device);
  size_t Size = 0;
  if (clGetProgramBuildInfo(Program, Id, CL_PROGRAM_BUILD_LOG, 0, nullptr,
                            &Size) != CL_SUCCESS || Size == 0)
    return None;
  std::string Log(Size, '\0');
  if (clGetProgramBuildInfo(Program, Id, CL_PROGRAM_BUILD_LOG, Size, &Log[0],
                            nullptr) != CL_SUCCESS)
    return None;
  Log.resize(std::char_traits<char>::length(Log.c_str()));
  return Log;
}

std::vector<unsigned char> OpenCLBackend::binary(const Program &P, void *Device) {
  cl_program Program = static_cast<cl_program>(P.raw());
  // The program's context may hold several devices: find Device's slot.
  cl_uint Count = 0;
  if (clGetProgramInfo(Program, CL_PROGRAM_NUM_DEVICES, sizeof(Count), &Count,
                       nullptr) != CL_SUCCESS || Count == 0)
    return {};
  std::vector<cl_device_id> Ids(Count);
  std::vector<size_t> Sizes(Count);
  if (clGetProgramInfo(Program, CL_PROGRAM_DEVICES, Count * sizeof(cl_device_id),
                       Ids.data(), nullptr) != CL_SUCCESS ||
      clGetProgramInfo(Program, CL_PROGRAM_BINARY_SIZES, Count * sizeof(size_t),
                       Sizes.data(), nullptr) != CL_SUCCESS)
    return {};
  std::vector<std::vector<unsigned char>> Binaries(Count);
  std::vector<unsigned char *> Pointers(Count, nullptr);
  size_t Mine = Count;
  for (cl_uint I = 0; I < Count; ++I) {
    bool IsMine = Ids[I] == static_cast<cl_device_id>(Device);
    if (IsMine)
      Mine = I;
    // A null pointer asks the driver to skip that device's binary.
    Binaries[I].resize(Sizes[I]);
    if (IsMine && Sizes[I])
      Pointers[I] = Binaries[I].data();
  }
  if (Mine == Count || Sizes[Mine] == 0 ||
      clGetProgramInfo(Program, CL_PROGRAM_BINARIES,
                       Count * sizeof(unsigned char *), Pointers.data(),
                       nullptr) != CL_SUCCESS)
    return {};
  return std::move(Binaries[Mine]);
}

// --- Kernels ------------------------------------------------------------------

Kernel OpenCLBackend::kernel(const Program &P, const char *Name, int &Status) {
  cl_int Err = CL_SUCCESS;
  cl_kernel K = clCreateKernel(static_cast<cl_program>(P.raw()), Name, &Err);
  Status = Err;
  if (Err != CL_SUCCESS)
    return Kernel();
  return Kernel::adopt(*this, K);
}

KernelProperties OpenCLBackend::kernelProperties(const Kernel &K, void *Device) {
  cl_kernel Kernel = static_cast<cl_kernel>(K.raw());
  cl_device_id Id = static_cast<cl_device_id>(Device);
  KernelProperties Props;
  size_t WG = 0;
  if (clGetKernelWorkGroupInfo(Kernel, Id, CL_KERNEL_WORK_GROUP_SIZE,
                               sizeof(WG), &WG, nullptr) == CL_SUCCESS)
    Props.MaxWorkGroupSize = WG;
  cl_ulong Local = 0;
  if (clGetKernelWorkGroupInfo(Kernel, Id, CL_KERNEL_LOCAL_MEM_SIZE,
                               sizeof(Local), &Local, nullptr) == CL_SUCCESS)
    Props.LocalMemBytes = Local;
  return Props;
}

Backend::Failure OpenCLBackend::failureOf(int Status) {
  if (Status == CL_INVALID_KERNEL_NAME)
    return Failure::MissingKernel;
  if (Status == CL_BUILD_PROGRAM_FAILURE)
    return Failure::BuildFailure;
  return Failure::Other;
}

const char *OpenCLBackend::errorName(int Code) { return clErrorName(Code); }

} // namespace rt
} // namespace ampcc
