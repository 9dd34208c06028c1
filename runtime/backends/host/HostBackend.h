//===- HostBackend.h - the runtime's backend on the host CPU ----*- C++ -*-===//
//
// Backend.h over the host itself: the device is this CPU, its memory is host
// memory, and its kernels are the ones ampcc compiled for the host at build
// time (-fhost-kernels; include/ampcc/host_kernel_abi.h), registered by each
// translation unit's stub beside the OpenCL C they were compiled from.
// "Loading" a program's source finds that table, so nothing is compiled at
// run time.
//
// Commands run when they are enqueued, on the calling thread and the
// backend's workers: an in-order queue whose every command has completed by the time
// the enqueue returns, so events are complete at birth and waits are free.
// A kernel's work spreads over one thread per core (HostLaunch.cpp); a
// tiled kernel's work-items run on one thread per tile (TileRunner.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_HOSTBACKEND_H
#define AMPCC_RUNTIME_HOSTBACKEND_H

#include "backends/Backend.h"

#include "ampcc/host_kernel_abi.h"

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace ampcc {
namespace rt {

/// Every object behind a handle of this backend: reference counted.
struct HostObject {
  std::atomic<int> Refs{1};
  virtual ~HostObject() = default;
};

struct HostBuffer final : HostObject {
  /// Memory of its own, in guarded pages (support/GuardedPages.h).
  HostBuffer(size_t Bytes);
  /// The program's memory, used in place (Backend::wrapHost).
  HostBuffer(void *Wrapped, size_t Bytes)
      : Data(static_cast<unsigned char *>(Wrapped)), Bytes(Bytes), Owned(false) {}
  ~HostBuffer() override;
  unsigned char *Data;
  size_t Bytes;
  bool Owned = true;
};

/// A program: the host kernels of one OpenCL C text, in the variant the
/// build options chose.
struct HostProgram final : HostObject {
  const ampcc_host_kernel *Plain = nullptr;
  const ampcc_host_kernel *Covered = nullptr;
  const ampcc_host_kernel *Built = nullptr;
};

/// A command: complete when it is made. Profiled commands keep when they
/// ran, on the host's clock (HostProfile.cpp).
struct HostEvent final : HostObject {
  void *Queue = nullptr;
  uint64_t Queued = 0, Start = 0, End = 0;
};

/// While profiling is on, times the command run during its life and leaves
/// its event for the profile* or note* call after it (observation/Profile.h).
class ProfiledCommand {
public:
  explicit ProfiledCommand(void *Queue);
  ~ProfiledCommand();

private:
  void *Queue;
  bool Keep;
  uint64_t StartNs;
};

/// The host device's identity and name (HostBackend.cpp).
const void *hostDeviceId();
const std::string &hostDeviceName();

/// A kernel and its arguments (state of the object, as in OpenCL).
struct HostKernel final : HostObject {
  const ampcc_host_kernel *Entry = nullptr;
  std::vector<std::vector<unsigned char>> Args;
  /// The buffer behind each argument that is one, else null.
  std::vector<HostBuffer *> Buffers;
};

/// A buffer argument of a launch: its index and memory, and how the kernel
/// updates it where it may give each thread a copy (AMPCC_OWN_*).
struct BufferArg {
  unsigned Index;
  unsigned char *Data;
  size_t Bytes;
  unsigned Kind = AMPCC_OWN_NONE;
};

/// The buffers of \p Buffers that each of \p Threads threads of a launch
/// of \p WorkItems work-items updates a copy of its own of (K.owned), or
/// none (OwnedCopies.cpp).
std::vector<BufferArg> ownedBuffers(const ampcc_host_kernel &K,
                                    const std::vector<BufferArg> &Buffers,
                                    size_t WorkItems, unsigned Threads);

/// Each thread's arguments for one launch: the launch's own, or with the
/// owned buffers replaced by the thread's copies, which finish() merges
/// into the buffers (OwnedCopies.cpp). A slot is one thread's part of
/// the launch (HostLaunch.cpp's Workers).
class LaunchArgs {
public:
  LaunchArgs(void *const *Args, size_t NumArgs, std::vector<BufferArg> Owned,
             unsigned Threads);
  bool owned() const { return !Owned.empty(); }
  /// Called by the thread running slot \p Slot.
  void *const *forSlot(unsigned Slot);
  /// The slot's thread is done with the launch.
  void finish(unsigned Slot);

private:
  struct SlotArgs {
    bool Started = false;
    std::vector<void *> Values; ///< Each owned buffer's copy.
    std::vector<void *> Args;
  };
  void *const *Args;
  size_t NumArgs;
  std::vector<BufferArg> Owned;
  std::vector<SlotArgs> Slots;
};

class HostBackend final : public Backend {
public:
  const char *name() const override { return "host"; }
  const char *pathPrefix() const override { return "host"; }
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
  Buffer wrapHost(const Context &C, void *Host, size_t Bytes) override;
  Buffer allocatePinned(const Context &C, const Queue &Q, size_t Bytes,
                        void *&Host) override;
  void unmapPinned(const Queue &, const Buffer &, void *) override {}
  size_t bufferBytes(const Buffer &B) override;
  Program loadSource(const Context &C, const char *Source,
                     const std::string &For) override;
  Program loadBinary(const Context &C, void *Device,
                     const std::vector<unsigned char> &Binary,
                     int &Status) override;
  int build(const Program &P, void *Device, const std::string &Options) override;
  std::string buildLog(const Program &, void *, const std::string &None) override {
    return None;
  }
  std::vector<unsigned char> binary(const Program &, void *) override { return {}; }
  Kernel kernel(const Program &P, const char *Name, int &Status) override;
  KernelProperties kernelProperties(const Kernel &K, void *Device) override;
  Failure failureOf(int Status) override;
  const char *errorName(int Code) override;
  bool takesImage(const Context &, const CaptureDesc &, uint32_t, bool) override {
    return false; // Textures stay buffers: their buffer form runs.
  }
  Buffer imageFrom(const Context &C, const Queue &Q, const CaptureDesc &T,
                   const size_t Region[3], const Buffer &From,
                   size_t Offset) override;
  void imageTo(const Queue &Q, const Buffer &Image, const size_t Region[3],
               const Buffer &To, size_t Offset) override;
  int wait(void *) override { return 0; }
  bool finished(void *) override { return true; }
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
  bool copiesThroughHost(const DeviceProperties &, const DeviceProperties &) override {
    return false;
  }
  void fill(void *Q, void *B, const void *Pattern, size_t PatternBytes,
            size_t Offset, size_t Bytes, const std::string &For) override;
  Event marker(void *Q, const std::string &For) override;
  void waitFor(void *, const Event &) override {}
  void flush(void *) override {}
  int finish(void *) override { return 0; }
  Context context(void *Q) override;
};

/// The process's host backend (never destroyed).
HostBackend &hostBackend();

/// What registerHostKernels registered for one program text.
struct HostTable {
  const ampcc_host_kernel *Plain = nullptr, *Covered = nullptr;
  const char *Isa = nullptr; ///< " avx2 fma ...": what the kernels use.
};

/// The host kernels registered for \p Source (registerHostKernels); false
/// when its translation unit was compiled without -fhost-kernels.
bool findHostKernels(const char *Source, HostTable &Table);

/// The extensions of \p Isa (HostTable::Isa) this CPU lacks, "" when it
/// runs the kernels (HostIsa.cpp).
std::string missingHostIsa(const char *Isa);

/// Why the host device cannot run the programs registered so far (one
/// without host kernels, or kernels for extensions this CPU lacks); ""
/// when it can.
std::string whyHostCannotRunPrograms();

/// Runs kernel \p K over \p Part with arguments \p Args, whose buffers are
/// \p Buffers (HostLaunch.cpp).
void runHostKernel(const ampcc_host_kernel &K, void *const *Args,
                   const std::vector<BufferArg> &Buffers,
                   const LaunchPart &Part);

/// Runs one tile of a tiled kernel on the calling thread, its work-items
/// switched at barriers (TileRunner.cpp).
void runTile(ampcc_host_item_fn Item, void *const *Args, const ampcc_host_launch &L,
             const size_t Group[3]);

/// Sets what ampcc_host_current_launch() answers on this thread.
void setCurrentLaunch(const ampcc_host_launch *L);

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_HOSTBACKEND_H
