//===- CudaPrograms.cpp - PTX modules, kernels, their arguments ----------===//
//
// A program is the PTX module ampcc compiled for the device's newest target
// it has (kernel_abi.h's PtxModule); build() hands it to the driver, which
// compiles it for the GPU (and keeps the result in its own cache between
// processes, so ampcc's kernel cache is not used here).
//
//===----------------------------------------------------------------------===//

#include "backends/cuda/CudaBackend.h"

#include "ampcc/exceptions.h"

#include <cstring>
#include <utility>

namespace ampcc {
namespace rt {

using namespace cuda;

namespace cuda {
unsigned smVersion(const Api &A, CUdevice D) {
  int Major = 0, Minor = 0;
  A.cuDeviceGetAttribute(&Major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, D);
  A.cuDeviceGetAttribute(&Minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, D);
  return unsigned(Major * 10 + Minor);
}

const PtxModule *choosePtx(const ProgramDesc &P, unsigned Sm, bool DomainCovered) {
  const PtxModule *Best = nullptr;
  for (uint32_t I = 0; I < P.NumPtx; ++I) {
    const PtxModule &M = P.Ptx[I];
    if (M.DomainCovered == DomainCovered && M.SmVersion <= Sm &&
        (!Best || M.SmVersion > Best->SmVersion))
      Best = &M;
  }
  return Best;
}
} // namespace cuda

Program CudaBackend::loadPtx(const Context &C, void *, const ProgramDesc &P,
                             bool DomainCovered, std::string &Why) {
  auto &Ctx = *static_cast<cuda::DeviceContext *>(C.raw());
  unsigned Sm = smVersion(*Api, Ctx.Device);
  const PtxModule *Best = choosePtx(P, Sm, DomainCovered);
  // The guarded variant is right wherever the unguarded one is, only slower.
  if (!Best && DomainCovered)
    Best = choosePtx(P, Sm, false);
  if (!Best) {
    Why = std::string("the program of ") + (P.SourceFile ? P.SourceFile : "?") +
          " has no PTX for sm_" + std::to_string(Sm);
    return Program();
  }
  auto *M = new Module;
  retain(ObjectKind::Context, &Ctx);
  M->Ctx = &Ctx;
  M->Source = Best->Text;
  M->Ptx = Best->Text;
  return Program::adopt(*this, M);
}

Program CudaBackend::loadSource(const Context &, const char *, const std::string &For) {
  throw Concurrency::runtime_exception(
      "the CUDA backend runs PTX, not OpenCL C source (" + For + ")",
      Concurrency::AMPCC_E_FAIL);
}

Program CudaBackend::loadBinary(const Context &, void *, const std::vector<unsigned char> &,
                                int &Status) {
  Status = CUDA_ERROR_INVALID_PTX; // No binaries of ours: the driver caches.
  return Program();
}

int CudaBackend::build(const Program &P, void *, const std::string &) {
  auto &M = *static_cast<Module *>(P.raw());
  if (M.Handle)
    return CUDA_SUCCESS;
  {
    // The device listing loaded this module already: take it.
    std::lock_guard<std::mutex> Guard(Probe.Lock);
    if (Probe.Module && Probe.Source == M.Source && Probe.Ctx == M.Ctx->Ctx) {
      M.Handle = std::exchange(Probe.Module, nullptr);
      return CUDA_SUCCESS;
    }
  }
  enter(*M.Ctx);
  char Log[8192] = {0};
  int Options[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *Values[] = {Log, reinterpret_cast<void *>(sizeof Log - 1)};
  CUresult Err = Api->cuModuleLoadDataEx(&M.Handle, M.Ptx.c_str(), 2, Options, Values);
  M.Log = Log;
  return Err;
}

std::string CudaBackend::buildLog(const Program &P, void *, const std::string &None) {
  const std::string &Log = static_cast<Module *>(P.raw())->Log;
  return Log.empty() ? None : Log;
}

std::vector<unsigned char> CudaBackend::binary(const Program &, void *) {
  return {};
}

Kernel CudaBackend::kernel(const Program &P, const char *Name, int &Status) {
  auto *M = static_cast<Module *>(P.raw());
  enter(*M->Ctx);
  CUfunction F = nullptr;
  Status = Api->cuModuleGetFunction(&F, M->Handle, Name);
  if (Status != CUDA_SUCCESS)
    return Kernel();
  auto *K = new Function;
  retain(ObjectKind::Context, M->Ctx);
  K->Ctx = M->Ctx;
  retain(ObjectKind::Program, M);
  K->Program = M;
  K->Handle = F;
  return Kernel(Kernel::adopt(*this, K));
}

KernelProperties CudaBackend::kernelProperties(const Kernel &K, void *) {
  auto &F = *static_cast<Function *>(K.raw());
  enter(*F.Ctx);
  int Threads = 0, Shared = 0;
  Api->cuFuncGetAttribute(&Threads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, F.Handle);
  Api->cuFuncGetAttribute(&Shared, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, F.Handle);
  KernelProperties Props;
  Props.MaxWorkGroupSize = size_t(Threads);
  Props.LocalMemBytes = uint64_t(Shared);
  return Props;
}

void CudaBackend::setArg(void *Kernel, unsigned Index, size_t Bytes, const void *Value,
                         const std::string &) {
  auto &F = *static_cast<Function *>(Kernel);
  if (F.Args.size() <= Index)
    F.Args.resize(Index + 1);
  auto *From = static_cast<const unsigned char *>(Value);
  F.Args[Index].assign(From, From + Bytes);
}

void CudaBackend::setBufferArg(void *Kernel, unsigned Index, void *Mem,
                               const std::string &For) {
  CUdeviceptr Ptr = Mem ? static_cast<Memory *>(Mem)->Ptr : 0;
  setArg(Kernel, Index, sizeof Ptr, &Ptr, For);
}

} // namespace rt
} // namespace ampcc
