//===- CudaDevices.cpp - CUDA devices, contexts, streams, memory ---------===//
//
// The CUDA backend lists NVIDIA's GPUs only when the process can run on
// them: the driver loads, and every program registered so far carries PTX
// that the first device's driver accepts. Otherwise it lists none and says
// why, and those GPUs run through OpenCL as before (devices/Device.cpp
// prints the reason under AMPCC_VERBOSE).
//
//===----------------------------------------------------------------------===//

#include "backends/cuda/CudaBackend.h"

#include "ampcc/exceptions.h"

#include <cstring>

namespace ampcc {
namespace rt {

using namespace cuda;

static int attribute(const Api &A, CUdevice D, int Which) {
  int V = 0;
  return A.cuDeviceGetAttribute(&V, Which, D) == CUDA_SUCCESS ? V : 0;
}

static DeviceProperties properties(const Api &A, CUdevice D) {
  DeviceProperties P;
  char Name[256] = {0};
  A.cuDeviceGetName(Name, sizeof Name - 1, D);
  int Driver = 0;
  A.cuDriverGetVersion(&Driver);
  int Major = attribute(A, D, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
  int Minor = attribute(A, D, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
  P.Name = Name;
  P.PlatformName = "NVIDIA CUDA";
  P.Vendor = "NVIDIA Corporation";
  P.DriverVersion = std::to_string(Driver / 1000) + "." + std::to_string(Driver % 1000 / 10);
  P.VersionText = "CUDA sm_" + std::to_string(Major) + std::to_string(Minor);
  P.PlatformVersion = "CUDA " + P.DriverVersion;
  P.Kind = DeviceKind::GPU;
  // The OpenCL level its kernels are written for (OpenCL C 1.2).
  P.Version = 1u << 16 | 2u;
  size_t Total = 0;
  A.cuDeviceTotalMem(&Total, D);
  P.GlobalMemBytes = Total;
  // CUDA has no allocation limit below the memory itself.
  P.MaxAllocBytes = Total;
  P.MaxWorkGroupSize = size_t(attribute(A, D, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK));
  P.LocalMemBytes = uint64_t(attribute(A, D, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK));
  P.AddressBits = 64;
  P.SupportsDouble = true;
  P.HostUnifiedMemory = attribute(A, D, CU_DEVICE_ATTRIBUTE_INTEGRATED) != 0;
  P.ImageSupport = false;
  return P;
}

/// Why the registered programs cannot run through CUDA on \p D ("" when
/// they can): one without PTX, or PTX the driver refuses (too old a
/// driver for the PTX version).
std::string CudaBackend::whyProgramsCannotRun(CUdevice D, CUcontext Ctx) {
  const cuda::Api &A = *Api;
  unsigned Sm = smVersion(A, D);
  const PtxModule *First = nullptr;
  for (const ProgramDesc *P : notedPrograms()) {
    const PtxModule *M = choosePtx(*P, Sm, false);
    if (!M)
      return std::string("the kernels of ") + (P->SourceFile ? P->SourceFile : "a file") +
             " have no PTX for sm_" + std::to_string(Sm) +
             " (compiled with -fno-cuda, or for a newer GPU)";
    // The module the probe loads is kept for the program's build: the
    // covered variant where there is one, which launches whose views cover
    // their domain take (robust access by default), so that a small
    // program's first run JIT-compiles its PTX once, not twice.
    if (!First)
      if (!(First = choosePtx(*P, Sm, true)))
        First = M;
  }
  if (!First)
    return "";
  A.cuCtxSetCurrent(Ctx);
  CUmodule Module = nullptr;
  CUresult Err = A.cuModuleLoadDataEx(&Module, First->Text, 0, nullptr, nullptr);
  if (Err == CUDA_SUCCESS) {
    std::lock_guard<std::mutex> Guard(Probe.Lock);
    Probe.Source = First->Text;
    Probe.Ctx = Ctx;
    Probe.Module = Module;
    return "";
  }
  const char *Name = nullptr;
  A.cuGetErrorName(Err, &Name);
  return std::string("the CUDA driver refused the programs' PTX (") +
         (Name ? Name : "error " + std::to_string(Err)) + ")";
}

DeviceListing CudaBackend::listDevices() {
  DeviceListing L;
  Api = cuda::api(L.WhyNone);
  int Count = 0;
  if (!Api || Api->cuDeviceGetCount(&Count) != CUDA_SUCCESS || Count == 0) {
    if (L.WhyNone.empty())
      L.WhyNone = "the CUDA driver lists no device";
    return L;
  }
  for (int I = 0; I < Count; ++I) {
    CUdevice D = 0;
    CUcontext Ctx = nullptr;
    if (Api->cuDeviceGet(&D, I) != CUDA_SUCCESS ||
        Api->cuDevicePrimaryCtxRetain(&Ctx, D) != CUDA_SUCCESS)
      continue;
    if (L.Devices.empty()) {
      L.WhyNone = whyProgramsCannotRun(D, Ctx);
      if (!L.WhyNone.empty())
        return L;
    }
    auto *C = new cuda::DeviceContext;
    C->Ctx = Ctx;
    C->Device = D;
    BackendDevice B;
    B.Id = C; // The device's context, for the process.
    B.Group = 0;
    B.Index = unsigned(I);
    B.Props = properties(*Api, D);
    C->Integrated = B.Props.HostUnifiedMemory;
    L.Devices.push_back(std::move(B));
  }
  return L;
}

Context CudaBackend::createContext(const std::vector<void *> &Devices,
                                   const std::string &For, std::string *Refusal) {
  // One context per device: data between two devices goes through the host
  // (devices/Device.cpp), which is what the runtime does across contexts.
  if (Devices.size() != 1) {
    std::string Why = "a CUDA context holds one device";
    if (!Refusal)
      throw Concurrency::runtime_exception(Why + " (" + For + ")", Concurrency::AMPCC_E_FAIL);
    *Refusal = Why;
    return Context();
  }
  return Context::share(*this, Devices.front());
}

Queue CudaBackend::createQueue(const Context &C, void *, bool, const std::string &For) {
  auto &Ctx = *static_cast<cuda::DeviceContext *>(C.raw());
  enter(Ctx);
  auto *S = new Stream;
  CUresult Err = Api->cuStreamCreate(&S->Handle, CU_STREAM_NON_BLOCKING);
  if (Err != CUDA_SUCCESS) {
    delete S;
    fail(Err, "creating a stream for " + For);
  }
  retain(ObjectKind::Context, &Ctx);
  S->Ctx = &Ctx;
  return Queue(Queue::adopt(*this, S));
}

Context CudaBackend::context(void *Q) {
  return Context::share(*this, static_cast<Stream *>(Q)->Ctx);
}

Buffer CudaBackend::allocate(const Context &C, size_t Bytes, const void *Init,
                             const std::string &For) {
  auto &Ctx = *static_cast<cuda::DeviceContext *>(C.raw());
  enter(Ctx);
  auto *M = new Memory;
  retain(ObjectKind::Context, &Ctx);
  M->Ctx = &Ctx;
  M->Bytes = Bytes;
  Buffer B = Buffer::adopt(*this, M);
  // cuMemAlloc refuses 0 bytes; OpenCL's buffers are never empty either.
  check(Api->cuMemAlloc(&M->Ptr, Bytes ? Bytes : 1),
        "allocating " + std::to_string(Bytes) + " bytes for " + For);
  // Waited for: the queues are non-blocking streams, which do not wait for
  // the default stream this copy runs on.
  if (Init) {
    check(Api->cuMemcpyHtoDAsync(M->Ptr, Init, Bytes, nullptr), "initialising " + For);
    check(Api->cuStreamSynchronize(nullptr), "initialising " + For);
  }
  return B;
}

Buffer CudaBackend::allocatePinned(const Context &C, const Queue &, size_t Bytes,
                                   void *&Host) {
  auto &Ctx = *static_cast<cuda::DeviceContext *>(C.raw());
  enter(Ctx);
  auto *M = new Memory;
  retain(ObjectKind::Context, &Ctx);
  M->Ctx = &Ctx;
  M->Bytes = Bytes;
  Buffer B = Buffer::adopt(*this, M);
  if (Api->cuMemAllocHost(&M->Host, Bytes ? Bytes : 1) != CUDA_SUCCESS)
    return Buffer();
  // Unified addressing: the device reaches page-locked memory at its host
  // address, so copies treat it as device memory.
  M->Ptr = reinterpret_cast<CUdeviceptr>(M->Host);
  Host = M->Host;
  return B;
}

void CudaBackend::unmapPinned(const Queue &, const Buffer &, void *) {
  // Nothing is mapped: the memory goes with the buffer's last reference.
}

size_t CudaBackend::bufferBytes(const Buffer &B) {
  return static_cast<Memory *>(B.raw())->Bytes;
}

bool CudaBackend::takesImage(const Context &, const CaptureDesc &, uint32_t, bool) {
  return false; // Texture kernels run their buffer form through CUDA.
}

Buffer CudaBackend::imageFrom(const Context &, const Queue &, const CaptureDesc &,
                              const size_t[3], const Buffer &, size_t) {
  throw Concurrency::runtime_exception("the CUDA backend has no images",
                                       Concurrency::AMPCC_E_FAIL);
}

void CudaBackend::imageTo(const Queue &, const Buffer &, const size_t[3],
                          const Buffer &, size_t) {
  throw Concurrency::runtime_exception("the CUDA backend has no images",
                                       Concurrency::AMPCC_E_FAIL);
}

bool CudaBackend::copiesThroughHost(const DeviceProperties &, const DeviceProperties &) {
  return false; // Devices never share a context (createContext).
}

} // namespace rt
} // namespace ampcc
