//===- CudaObjects.cpp - counted CUDA objects, errors, events ------------===//

#include "backends/cuda/CudaBackend.h"

#include "ampcc/exceptions.h"
#include "observation/InFlight.h"

#include <string>
#include <thread>

namespace ampcc {
namespace rt {

CudaBackend &cudaBackend() {
  static CudaBackend *B = new CudaBackend;
  return *B;
}

namespace cuda {
// Destructors free what they own and never throw: a failure to free (the
// device is gone) leaves nothing for the program to do.
Owned::~Owned() {
  if (Ctx)
    cudaBackend().release(ObjectKind::Context, Ctx);
}
Stream::~Stream() {
  cudaBackend().enter(*Ctx);
  cudaBackend().api().cuStreamDestroy(Handle);
}
Marker::~Marker() {
  // Its event serves the context's next marker (a later record replaces
  // this one; nobody waits for this marker any more).
  if (Handle) {
    std::lock_guard<std::mutex> Guard(Ctx->EventLock);
    Ctx->FreeEvents.push_back(Handle);
  }
}
Memory::~Memory() {
  cudaBackend().enter(*Ctx);
  if (Host)
    cudaBackend().api().cuMemFreeHost(Host);
  else if (Ptr)
    cudaBackend().api().cuMemFree(Ptr);
}
Module::~Module() {
  if (Handle) {
    cudaBackend().enter(*Ctx);
    cudaBackend().api().cuModuleUnload(Handle);
  }
}
Function::~Function() {
  if (Program)
    cudaBackend().release(ObjectKind::Program, Program);
}
} // namespace cuda

void CudaBackend::retain(ObjectKind, void *Raw) {
  static_cast<cuda::Object *>(Raw)->Refs.fetch_add(1, std::memory_order_relaxed);
}

void CudaBackend::release(ObjectKind K, void *Raw) {
  auto *O = static_cast<cuda::Object *>(Raw);
  if (O->Refs.fetch_sub(1, std::memory_order_acq_rel) != 1)
    return;
  // A context is the device's primary context, kept for the process.
  if (K != ObjectKind::Context)
    delete O;
}

void CudaBackend::enter(const cuda::DeviceContext &C) {
  // Most threads use one device: skip the driver call when it is current.
  thread_local cuda::CUcontext Current = nullptr;
  if (Current != C.Ctx && Api->cuCtxSetCurrent(C.Ctx) == cuda::CUDA_SUCCESS)
    Current = C.Ctx;
}

const char *CudaBackend::errorName(int Code) {
  const char *Name = nullptr;
  if (Api && Api->cuGetErrorName(Code, &Name) == cuda::CUDA_SUCCESS && Name)
    return Name;
  return "CUDA_ERROR_UNKNOWN";
}

void CudaBackend::fail(int Code, const std::string &What) {
  std::string Message = std::string(errorName(Code)) + " (CUDA error " +
                        std::to_string(Code) + ") " + What;
  // A kernel's fault surfaces at a later call: name the kernels that were
  // running (InFlight.h), as the OpenCL backend does.
  if (Code >= 700 && Code < 800) {
    std::string Running = kernelsInFlight();
    if (!Running.empty())
      Message += "; the device reported a failure while running " + Running +
                 " (most recent first)";
  }
  if (Code == cuda::CUDA_ERROR_OUT_OF_MEMORY)
    throw Concurrency::out_of_memory(Message.c_str());
  throw Concurrency::runtime_exception(Message, Code);
}

Backend::Failure CudaBackend::failureOf(int Status) {
  switch (Status) {
  case cuda::CUDA_ERROR_NOT_FOUND:
    return Failure::MissingKernel;
  case cuda::CUDA_ERROR_INVALID_PTX:
  case cuda::CUDA_ERROR_UNSUPPORTED_PTX_VERSION:
  case cuda::CUDA_ERROR_NO_BINARY_FOR_GPU:
    return Failure::BuildFailure;
  default:
    return Failure::Other;
  }
}

// --- Events -----------------------------------------------------------------

int CudaBackend::wait(void *Raw) {
  auto *E = static_cast<cuda::Marker *>(Raw);
  if (!E->Handle)
    return 0;
  enter(*E->Ctx);
  return Api->cuEventSynchronize(E->Handle);
}

bool CudaBackend::finished(void *Raw) {
  auto *E = static_cast<cuda::Marker *>(Raw);
  if (!E->Handle)
    return true;
  enter(*E->Ctx);
  return Api->cuEventQuery(E->Handle) != cuda::CUDA_ERROR_NOT_READY;
}

void CudaBackend::deviceTimes(void *, uint64_t &Queued, uint64_t &Start,
                              uint64_t &End) {
  // CUDA events time intervals between two events only; the profile's
  // device times through CUDA are not done yet.
  Queued = Start = End = 0;
}

void CudaBackend::onComplete(void *Raw, std::function<void(int)> Done) {
  // A thread of ours waits, so that Done may call the driver (a callback
  // of the driver's own may not).
  Event E = Event::share(*this, Raw);
  std::thread([E, Done = std::move(Done)] { Done(E.wait()); }).detach();
}

} // namespace rt
} // namespace ampcc
