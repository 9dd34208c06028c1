//===- Device.h - OpenCL devices and their command queues -------*- C++ -*-===//
//
// The runtime sees every OpenCL device of every platform the ICD loader
// lists. Each gets a Device, created once per process and never destroyed:
// array_views with static storage may be destroyed after any of our own
// statics, and they still need a live context to write their data back.
// Contexts and queues are created on first use, so a program that only asks
// for accelerator::get_all() does not pay for them.
//
// The devices of one platform share one context where the platform allows
// it: their buffers and events are then usable on each other's queues, so
// that data moves between two GPUs by device copies and commands on one
// wait for another's without blocking the host (DataSource.h).
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_DEVICE_H
#define AMPCC_RUNTIME_DEVICE_H

#include "ampcc/runtime_api.h"
#include "backends/Backend.h"

#include <atomic>
#include <cstdint>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace ampcc {
namespace rt {

/// What the runtime needs to know about a device (its backend's
/// properties), and its path: "opencl:<platform index>:<device index>".
struct DeviceInfo : DeviceProperties {
  std::string Path;
};

class AcceleratorViewImpl;
struct PlatformContext;

class Device {
public:
  /// A device of a backend whose devices of one group share Shared's
  /// context.
  Device(Backend &B, void *Id, DeviceInfo Info, PlatformContext *Shared);
  /// The CPU accelerator (see hostDevice): no OpenCL device behind it.
  explicit Device(DeviceInfo Info);
  /// One of Visual C++'s software accelerators (see emulatedDevices): runs
  /// on Backing, an OpenCL CPU device, or, where there is none (Backing is
  /// null), exists only to be listed and compared, and any use of its
  /// memory or kernels throws \p Unavailable.
  Device(DeviceInfo Info, Device *Backing, std::string Unavailable);
  Device(const Device &) = delete;
  Device &operator=(const Device &) = delete;

  const DeviceInfo &info() const { return Info; }
  /// The backend's device (null for the CPU accelerator).
  void *id() const { return Id; }
  /// The backend that runs it (null for the CPU accelerator).
  Backend *backend() const { return B; }
  bool isCPU() const { return Info.Kind == DeviceKind::CPU; }
  bool isGPU() const { return Info.Kind == DeviceKind::GPU; }
  /// The CPU accelerator: host memory, no kernels.
  bool isHost() const { return Host; }
  /// direct3d\\warp or direct3d\\ref: emulated, whether or not a device
  /// runs them.
  bool isSoftwareEmulation() const { return Emulation; }
  /// Why this accelerator cannot hold memory or run kernels ("" when it can):
  /// a software accelerator on a machine without an OpenCL CPU device.
  const std::string &unavailableReason() const { return Unavailable; }

  /// The device's context, created on first use: the one its platform's
  /// devices share, or its own where the platform refuses a shared one (or
  /// AMPCC_CONTEXT_PER_DEVICE is set).
  const Context &context();
  /// True when buffers and events of this device are usable on O's queues.
  bool sharesContextWith(Device &O);
  /// True when a copy between buffers of this device and of O (another
  /// device of the same context) is faster through page-locked host memory
  /// than by the driver's device-to-device copy: on NVIDIA's platform,
  /// whose driver copies between two GPUs at about 1 GB/s (no peer access
  /// over NVLink; docs/multi-device.md), unless AMPCC_PEER_COPIES says.
  bool peerCopiesThroughHost(const Device &O) const;
  /// Whether this device's buffers copy straight into O's although each has
  /// its own context: two GPUs of the CUDA backend (Backend::
  /// copiesAcrossContexts), unless AMPCC_PEER_COPIES=host.
  bool copiesAcrossContextsTo(const Device &O) const;
  /// The view that parallel_for_each without a view runs on.
  const std::shared_ptr<AcceleratorViewImpl> &defaultView();

  /// accelerator::default_cpu_access_type: what set_default_cpu_access_type
  /// chose, else what the runtime chooses (access_type_read_write where the
  /// device shares host memory, as Visual C++ does on WARP and integrated
  /// GPUs; access_type_none on discrete GPUs).
  int defaultCpuAccess() const;
  /// False once the default has been used (as Visual C++ specifies).
  bool setDefaultCpuAccess(int Type);
  /// The default, fixed from now on: an array with access_type_auto uses it.
  int useDefaultCpuAccess();

  /// Throws out_of_memory when one buffer of Bytes is more than the device
  /// allocates (CL_DEVICE_MAX_MEM_ALLOC_SIZE).
  void checkAllocation(uint64_t Bytes) const;
  /// Counts a new buffer of Bytes against CL_DEVICE_GLOBAL_MEM_SIZE, after
  /// checkAllocation; throws out_of_memory when the runtime's live buffers
  /// on this device would exceed it. Drivers do not all refuse that
  /// themselves: PoCL hands out more than it has, and the process then
  /// swaps or is killed, long after the allocation.
  void reserveMemory(uint64_t Bytes);
  /// A buffer counted by reserveMemory was released.
  void releaseMemory(uint64_t Bytes);
  /// The bytes of the runtime's live buffers on this device.
  uint64_t reservedMemory() const { return Reserved.load(); }

private:
  Backend *B;
  void *Id;
  DeviceInfo Info;
  PlatformContext *Shared; ///< nullptr for the CPU accelerator.
  bool Host = false;
  bool Emulation = false;
  Device *Backing = nullptr; ///< The device a software accelerator runs on.
  std::string Unavailable;
  std::mutex Lock; // Guards the lazily created members below.
  Context OwnContext;
  std::shared_ptr<AcceleratorViewImpl> DefaultView;
  std::atomic<int> ChosenCpuAccess{4 /* access_type_auto: not chosen */};
  std::atomic<bool> CpuAccessFixed{false};
  std::atomic<uint64_t> Reserved{0};
};

/// An accelerator_view: one in-order command queue on one device. In-order
/// queues give the spec's "commands execute in submission order" for free.
class AcceleratorViewImpl
    : public std::enable_shared_from_this<AcceleratorViewImpl> {
public:
  AcceleratorViewImpl(Device &Dev, bool AutomaticQueuing);
  AcceleratorViewImpl(const AcceleratorViewImpl &) = delete;
  AcceleratorViewImpl &operator=(const AcceleratorViewImpl &) = delete;

  Device &device() const { return Dev; }
  bool isAutomaticQueuing() const { return Automatic; }
  /// The queue, created on first use.
  const Queue &queue();
  void wait();
  void flush();
  /// A future that completes when everything enqueued so far has.
  std::shared_future<void> marker();

private:
  Device &Dev;
  bool Automatic;
  std::mutex Lock;
  /// Data sources that used this queue hold their own reference to it, so
  /// dropping ours cannot cut off their pending write-backs.
  Queue TheQueue;
};

/// The CPU accelerator (device path "cpu"), as in Visual C++: an accelerator
/// of its own whose memory is host memory. Arrays on it are host arrays,
/// staging arrays live on it, and it runs no kernel: a parallel_for_each on
/// it throws. It exists even when no OpenCL platform is installed.
Device &hostDevice();

/// All OpenCL devices of all platforms, in platform then device order, then
/// Visual C++'s software accelerators (direct3d\\warp, direct3d\\ref), then
/// the CPU accelerator, the order of Visual C++'s list. Never throws: without
/// OpenCL only the software and CPU accelerators are listed, and
/// noOpenCLDeviceReason says why.
const std::vector<Device *> &allDevices();

/// Why there is no OpenCL device ("" when there is one): the message a
/// launch on the CPU accelerator gives when nothing else could run it.
const std::string &noOpenCLDeviceReason();

/// Finds a device by exact device path ("opencl:P:D", "direct3d\\warp",
/// "direct3d\\ref", "cpu") or by exact device name. Returns nullptr if none
/// matches.
Device *findDevice(const std::string &Path);

/// The default-device rule, without the process-wide memory of defaultDevice:
/// Requested (CPPAMP_DEFAULT_ACCELERATOR) if given, else the first GPU, else
/// the first OpenCL CPU, else the first OpenCL device, else the CPU
/// accelerator. Throws runtime_exception naming the
/// variable and the path when Requested names no device.
Device &selectDefaultDevice(const std::optional<std::string> &Requested);

/// The process's default device: chosen on first use (by set_default, or else
/// by selectDefaultDevice from the environment) and fixed from then on.
Device &defaultDevice();
/// Makes D the default device; false (and no effect) if one was already
/// chosen, as accelerator::set_default specifies.
bool setDefaultDevice(Device &D);

/// "opencl:0:0 (pthread-haswell), opencl:1:0 (...)", for error messages.
std::string listDevicePaths();

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_DEVICE_H
