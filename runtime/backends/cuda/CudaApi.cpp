//===- CudaApi.cpp - the CUDA driver API, opened with dlopen -------------===//

#include "backends/cuda/CudaApi.h"

#include "support/Env.h"

#include <dlfcn.h>

namespace ampcc {
namespace rt {
namespace cuda {

namespace {
struct Loaded {
  Api Table{};
  std::string WhyNot;
  bool Ok = false;
};

/// Fills \p Slot from symbol \p Name; false (and the reason) when absent.
template <typename Fn>
bool bind(void *Lib, const char *Name, Fn &Slot, std::string &WhyNot) {
  Slot = reinterpret_cast<Fn>(dlsym(Lib, Name));
  if (!Slot)
    WhyNot = std::string("the CUDA driver lacks ") + Name;
  return Slot != nullptr;
}

Loaded load() {
  Loaded L;
  const std::string &Path = env().CudaLibrary;
  // RTLD_LOCAL: nothing of the driver leaks into the program's symbols.
  void *Lib = dlopen(Path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!Lib) {
    L.WhyNot = "no CUDA driver (" + Path + " did not load)";
    return L;
  }
  Api &A = L.Table;
  std::string &W = L.WhyNot;
  bool Ok = bind(Lib, "cuInit", A.cuInit, W) &&
            bind(Lib, "cuDriverGetVersion", A.cuDriverGetVersion, W) &&
            bind(Lib, "cuGetErrorName", A.cuGetErrorName, W) &&
            bind(Lib, "cuDeviceGetCount", A.cuDeviceGetCount, W) &&
            bind(Lib, "cuDeviceGet", A.cuDeviceGet, W) &&
            bind(Lib, "cuDeviceGetName", A.cuDeviceGetName, W) &&
            bind(Lib, "cuDeviceGetAttribute", A.cuDeviceGetAttribute, W) &&
            bind(Lib, "cuDeviceTotalMem_v2", A.cuDeviceTotalMem, W) &&
            bind(Lib, "cuDevicePrimaryCtxRetain", A.cuDevicePrimaryCtxRetain, W) &&
            bind(Lib, "cuCtxSetCurrent", A.cuCtxSetCurrent, W) &&
            bind(Lib, "cuDeviceCanAccessPeer", A.cuDeviceCanAccessPeer, W) &&
            bind(Lib, "cuCtxEnablePeerAccess", A.cuCtxEnablePeerAccess, W) &&
            bind(Lib, "cuStreamCreate", A.cuStreamCreate, W) &&
            bind(Lib, "cuStreamDestroy_v2", A.cuStreamDestroy, W) &&
            bind(Lib, "cuStreamSynchronize", A.cuStreamSynchronize, W) &&
            bind(Lib, "cuStreamWaitEvent", A.cuStreamWaitEvent, W) &&
            bind(Lib, "cuEventCreate", A.cuEventCreate, W) &&
            bind(Lib, "cuEventRecord", A.cuEventRecord, W) &&
            bind(Lib, "cuEventSynchronize", A.cuEventSynchronize, W) &&
            bind(Lib, "cuEventQuery", A.cuEventQuery, W) &&
            bind(Lib, "cuEventDestroy_v2", A.cuEventDestroy, W) &&
            bind(Lib, "cuEventElapsedTime", A.cuEventElapsedTime, W) &&
            bind(Lib, "cuMemAlloc_v2", A.cuMemAlloc, W) &&
            bind(Lib, "cuMemFree_v2", A.cuMemFree, W) &&
            bind(Lib, "cuMemAllocHost_v2", A.cuMemAllocHost, W) &&
            bind(Lib, "cuMemFreeHost", A.cuMemFreeHost, W) &&
            bind(Lib, "cuMemHostRegister_v2", A.cuMemHostRegister, W) &&
            bind(Lib, "cuMemHostUnregister", A.cuMemHostUnregister, W) &&
            bind(Lib, "cuMemcpyHtoDAsync_v2", A.cuMemcpyHtoDAsync, W) &&
            bind(Lib, "cuMemcpyDtoHAsync_v2", A.cuMemcpyDtoHAsync, W) &&
            bind(Lib, "cuMemcpyDtoDAsync_v2", A.cuMemcpyDtoDAsync, W) &&
            bind(Lib, "cuMemcpy3DAsync_v2", A.cuMemcpy3DAsync, W) &&
            bind(Lib, "cuMemcpy3DPeerAsync", A.cuMemcpy3DPeerAsync, W) &&
            bind(Lib, "cuMemsetD8Async", A.cuMemsetD8Async, W) &&
            bind(Lib, "cuMemsetD16Async", A.cuMemsetD16Async, W) &&
            bind(Lib, "cuMemsetD32Async", A.cuMemsetD32Async, W) &&
            bind(Lib, "cuModuleLoadDataEx", A.cuModuleLoadDataEx, W) &&
            bind(Lib, "cuModuleUnload", A.cuModuleUnload, W) &&
            bind(Lib, "cuModuleGetFunction", A.cuModuleGetFunction, W) &&
            bind(Lib, "cuFuncGetAttribute", A.cuFuncGetAttribute, W) &&
            bind(Lib, "cuLaunchKernel", A.cuLaunchKernel, W);
  if (!Ok)
    return L;
  if (CUresult Err = A.cuInit(0)) {
    const char *Name = nullptr;
    A.cuGetErrorName(Err, &Name);
    L.WhyNot = std::string("the CUDA driver did not start (cuInit: ") +
               (Name ? Name : std::to_string(Err).c_str()) + ")";
    return L;
  }
  L.Ok = true;
  return L;
}
} // namespace

const Api *api(std::string &WhyNot) {
  // Never closed: handles may outlive static data.
  static const Loaded &L = *new Loaded(load());
  WhyNot = L.WhyNot;
  return L.Ok ? &L.Table : nullptr;
}

} // namespace cuda
} // namespace rt
} // namespace ampcc
