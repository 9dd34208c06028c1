//===- CudaBackend.h - the runtime's backend over the CUDA driver -*- C++ -*-===//
//
// Backend.h over NVIDIA's driver API (CudaApi.h, opened with dlopen), for
// programs that carry PTX (ampcc compiles it ahead of time; kernel_abi.h's
// PtxModule). CUDA's objects are not reference counted, so a handle's raw
// pointer is one of the counted objects below, which owns the CUDA object:
// a context per device (the device's primary context), a stream per
// accelerator_view, an event per marker, device memory, a module per
// program, a function per kernel with its arguments. Every call makes the
// object's context current on the calling thread first.
//
// What CUDA lacks, the backend makes up for: a kernel's global offset is
// three more kernel arguments (PtxModule), the work-group shape the runtime
// leaves open is chosen here, OpenCL's fill with any pattern is a memset or
// a doubling copy. Images are not offered (texture kernels run their buffer
// form), and event times are not read yet (the profile shows host times).
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_CUDABACKEND_H
#define AMPCC_RUNTIME_CUDABACKEND_H

#include "backends/Backend.h"
#include "backends/cuda/CudaApi.h"

#include <atomic>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace ampcc {
namespace rt {

namespace cuda {
/// The counted objects behind the handles.
struct Object {
  virtual ~Object() = default;
  std::atomic<int> Refs{1};
};
struct DeviceContext final : Object {
  CUcontext Ctx = nullptr;
  CUdevice Device = 0;
  /// The GPU shares the host's memory (CU_DEVICE_ATTRIBUTE_INTEGRATED):
  /// transfers from ordinary memory are not staged.
  bool Integrated = false;
  /// Events of markers that are gone, kept for the next markers: every
  /// launch records one, and creating and destroying an event each time
  /// was part of an empty launch's cost.
  std::mutex EventLock;
  std::vector<CUevent> FreeEvents;
  /// The profile's origin of device time (CudaProfile.cpp): an event that
  /// completed at host time ProfileBaseNs (guarded by EventLock).
  CUevent ProfileBase = nullptr;
  uint64_t ProfileBaseNs = 0;
};
/// Holds a reference to its context, so the context outlives it.
struct Owned : Object {
  DeviceContext *Ctx = nullptr;
  ~Owned() override;
};
struct Stream final : Owned {
  CUstream Handle = nullptr;
  ~Stream() override;
};
struct Marker final : Owned {
  CUevent Handle = nullptr; ///< null: a command that completed at once.
  ~Marker() override;
};
struct Memory final : Owned {
  CUdeviceptr Ptr = 0;
  size_t Bytes = 0;
  void *Host = nullptr; ///< Page-locked host memory (Ptr is its address).
  ~Memory() override;
};
struct Module final : Owned {
  const char *Source = nullptr; ///< The PtxModule's text, for the probe.
  std::string Ptx;
  CUmodule Handle = nullptr;
  std::string Log;
  ~Module() override;
};
struct Function final : Owned {
  Module *Program = nullptr; ///< Referenced.
  CUfunction Handle = nullptr;
  std::vector<std::vector<unsigned char>> Args;
  ~Function() override;
};

/// One side of a rectangle copy.
struct Side {
  bool Device;
  CUdeviceptr Ptr;  ///< Device side: the buffer's start.
  const void *Host; ///< Host side.
  /// Device side of a copy between two contexts: the buffer's context.
  CUcontext Ctx = nullptr;
};
/// Enqueues the copy of rectangle \p R from \p Src to \p Dst on \p S
/// (a peer copy when both sides name their contexts and they differ).
CUresult copyRect(const Api &A, CUstream S, const Rect &R, Side Src, Side Dst);

/// The compute capability of \p D as ampcc's PTX targets count it (80).
unsigned smVersion(const Api &A, CUdevice D);
/// P's module for a device of compute capability \p Sm, of the variant
/// asked: the newest target at most Sm; null when there is none.
const PtxModule *choosePtx(const ProgramDesc &P, unsigned Sm, bool DomainCovered);
} // namespace cuda

class CudaBackend final : public Backend {
public:
  const char *name() const override { return "CUDA"; }
  const char *pathPrefix() const override { return "cuda"; }
  void retain(ObjectKind K, void *Raw) override;
  void release(ObjectKind K, void *Raw) override;
  [[noreturn]] void fail(int Code, const std::string &What) override;

  DeviceListing listDevices() override;
  Context createContext(const std::vector<void *> &Devices,
                        const std::string &For, std::string *Refusal) override;
  Queue createQueue(const Context &C, void *Device, bool Profiling,
                    const std::string &For) override;

  Buffer allocate(const Context &C, size_t Bytes, const void *Init,
                  const std::string &For) override;
  Buffer allocatePinned(const Context &C, const Queue &Q, size_t Bytes,
                        void *&Host) override;
  void unmapPinned(const Queue &Q, const Buffer &B, void *Host) override;
  void *registerHost(void *Host, size_t Bytes) override;
  void unregisterHost(void *Token) override;
  size_t bufferBytes(const Buffer &B) override;

  bool runsPtx() const override { return true; }
  Program loadPtx(const Context &C, void *Device, const ProgramDesc &P,
                  bool DomainCovered, std::string &Why) override;
  Program loadSource(const Context &C, const char *Source,
                     const std::string &For) override;
  Program loadBinary(const Context &C, void *Device,
                     const std::vector<unsigned char> &Binary,
                     int &Status) override;
  int build(const Program &P, void *Device, const std::string &Options) override;
  std::string buildLog(const Program &P, void *Device,
                       const std::string &None) override;
  std::vector<unsigned char> binary(const Program &P, void *Device) override;
  Kernel kernel(const Program &P, const char *Name, int &Status) override;
  KernelProperties kernelProperties(const Kernel &K, void *Device) override;
  Failure failureOf(int Status) override;
  const char *errorName(int Code) override;

  bool takesImage(const Context &C, const CaptureDesc &T, uint32_t Rank,
                  bool Write) override;
  Buffer imageFrom(const Context &C, const Queue &Q, const CaptureDesc &T,
                   const size_t Region[3], const Buffer &From,
                   size_t Offset) override;
  void imageTo(const Queue &Q, const Buffer &Image, const size_t Region[3],
               const Buffer &To, size_t Offset) override;

  int wait(void *Event) override;
  bool finished(void *Event) override;
  void deviceTimes(void *Event, uint64_t &Queued, uint64_t &Start,
                   uint64_t &End) override;
  void onComplete(void *Event, std::function<void(int)> Done) override;

  void setArg(void *Kernel, unsigned Index, size_t Bytes, const void *Value,
              const std::string &For) override;
  void setBufferArg(void *Kernel, unsigned Index, void *Mem,
                    const std::string &For) override;

  void launch(void *Q, void *Kernel, const LaunchPart &Part, Event *Done,
              const std::string &For) override;
  void read(void *Q, void *B, bool Blocking, size_t Offset, size_t Bytes,
            void *Host, Event *Done, const std::string &For) override;
  void readRects(void *Q, void *B, const std::vector<Rect> &R, void *Host,
                 bool HostPinned) override;
  Upload writeRects(void *Q, void *B, const std::vector<Rect> &R,
                    const void *Host, bool HostPinned, bool Async) override;
  void copyRects(void *Q, void *Src, void *Dst, const std::vector<Rect> &R) override;
  void copyThroughHost(const Queue &SrcQ, const Buffer &Src, const Queue &DstQ,
                       const Buffer &Dst, const std::vector<Rect> &R) override;
  bool copiesThroughHost(const DeviceProperties &A,
                         const DeviceProperties &B) override;
  bool copiesAcrossContexts(void *A, void *B) override;
  void copyAcrossContexts(const Queue &SrcQ, const Buffer &Src, const Queue &DstQ,
                          const Buffer &Dst, const std::vector<Rect> &R) override;
  void fill(void *Q, void *B, const void *Pattern, size_t PatternBytes,
            size_t Offset, size_t Bytes, const std::string &For) override;
  Event marker(void *Q, const std::string &For) override;
  void waitFor(void *Q, const Event &E) override;
  void flush(void *Q) override;
  int finish(void *Q) override;
  Context context(void *Q) override;

  /// The driver's entry points (loaded by listDevices).
  const cuda::Api &api() const { return *Api; }
  /// Throws for \p Err (not CUDA_SUCCESS): \p What names the operation.
  void check(cuda::CUresult Err, const std::string &What) {
    if (Err != cuda::CUDA_SUCCESS)
      fail(Err, What);
  }
  /// Makes \p C current on this thread.
  void enter(const cuda::DeviceContext &C);

private:
  /// copyRect on \p S, timed for the profile when it is on (TimedEnqueue):
  /// each rectangle a command of its own, noted by the caller.
  void timedCopyRect(cuda::Stream &S, const Rect &R, cuda::Side Src, cuda::Side Dst,
                     const char *What);

  /// Why the registered programs cannot run on device \p D ("" when they
  /// can); the module it loads to find out is kept for the program's build.
  std::string whyProgramsCannotRun(cuda::CUdevice D, cuda::CUcontext Ctx);

  /// Lets each of the two contexts reach the other's memory where the
  /// GPUs allow it (once per pair), so that copies between them take the
  /// direct link (NVLink, PCIe peer to peer) instead of the driver's
  /// staging through the host.
  void enablePeerAccess(cuda::DeviceContext &A, cuda::DeviceContext &B);

  const cuda::Api *Api = nullptr;
  std::mutex PeerLock;
  std::set<std::pair<cuda::CUcontext, cuda::CUcontext>> PeersTried;
  /// The module the device listing loaded (one JIT compile, not two).
  struct {
    std::mutex Lock;
    const char *Source = nullptr;
    cuda::CUcontext Ctx = nullptr;
    cuda::CUmodule Module = nullptr;
  } Probe;
};

/// The process's CUDA backend (never destroyed).
CudaBackend &cudaBackend();

namespace cuda {
struct TimedCommand;
/// A command's device time for the profile when profiling is on
/// (AMPCC_PROFILE, AMPCC_TRACE_FILE): an event recorded on the stream
/// before the enqueue and one after, left for this thread's next profile*
/// call (observation/Profile.h). Costs a branch when profiling is off.
class TimedEnqueue {
public:
  explicit TimedEnqueue(Stream &S);
  ~TimedEnqueue();
  TimedEnqueue(const TimedEnqueue &) = delete;
  TimedEnqueue &operator=(const TimedEnqueue &) = delete;

private:
  Stream &S;
  TimedCommand *T = nullptr;
};
} // namespace cuda

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_CUDABACKEND_H
