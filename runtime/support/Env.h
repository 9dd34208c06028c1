//===- Env.h - Environment settings of the runtime --------------*- C++ -*-===//
//
// Every environment variable the runtime reads is listed here and read in
// Env.cpp, so that the set of knobs is documented in one place:
//
//   Variable                     Meaning
//   CPPAMP_DEFAULT_ACCELERATOR   Device path (or device name) of the default
//                                accelerator, as in Visual C++.
//   AMPCC_TRACE                  Print each transfer and launch to stderr.
//   AMPCC_PROFILE                Print a per-kernel and per-transfer profile
//                                (device times) at exit (Profile.h).
//   AMPCC_TRACE_FILE             Write a Chrome trace-event JSON file of
//                                launches, transfers and builds at exit.
//   AMPCC_DUMP_CL                Print each OpenCL program before building it.
//   AMPCC_CL_OPT_DISABLE         Build programs with -cl-opt-disable.
//   AMPCC_REPLACE_CL             A file of OpenCL C built instead of every
//                                program's own (to reduce a device
//                                compiler's bug with the program's own
//                                checks as the oracle; docs/reliability.md).
//   AMPCC_MAX_LAUNCH_ITEMS       Most work items per enqueue: larger launches
//                                are split (default: what the device's
//                                address bits allow). A positive integer.
//   AMPCC_CACHE_DIR              Directory of the kernel binary cache
//                                (KernelCache.h); "off" or "0" disables it.
//                                Default: $XDG_CACHE_HOME/ampcc/kernels, else
//                                ~/.cache/ampcc/kernels.
//   XDG_CACHE_HOME, HOME         Where that default lies.
//   AMPCC_CONTEXT_PER_DEVICE     One OpenCL context per device, not one per
//                                platform (data between devices then moves
//                                through the host).
//   AMPCC_PEER_COPIES            How copies between two devices of one
//                                context go: "device" (clEnqueueCopyBuffer)
//                                or "host" (through page-locked host memory,
//                                PeerCopy.h). Default: "host" on NVIDIA's
//                                platform, "device" elsewhere.
//   AMPCC_BACKEND                Which backends list devices. Default: CUDA
//                                (NVIDIA GPUs, where the driver loads the
//                                programs' PTX) and OpenCL (the rest);
//                                "opencl": OpenCL alone; "cuda": NVIDIA GPUs
//                                through CUDA only; "host" (kernels compiled
//                                for this CPU with -fhost-kernels, run on a
//                                thread pool); "all" (host, CUDA, OpenCL).
//   AMPCC_VERBOSE                Print the runtime's choices (the backend of
//                                NVIDIA GPUs and why) to stderr.
//   AMPCC_CUDA_LIBRARY           The CUDA driver library to open (default
//                                libcuda.so.1; the tests' fake driver).
//   AMPCC_STAGED_COPIES          "1": every transfer between ordinary host
//                                memory and a device goes through page-locked
//                                blocks (Staging.h); "0": none does. Default:
//                                those of 1 MiB or more to devices that do
//                                not share host memory.
//
// A flag is on when the variable is set to anything but "" or "0".
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_ENV_H
#define AMPCC_RUNTIME_ENV_H

#include <cstdint>
#include <optional>
#include <string>

namespace ampcc {
namespace rt {

enum class BackendChoice { Default, OpenCL, Cuda, Host, All };

struct EnvSettings {
  std::optional<std::string> DefaultAccelerator;
  bool Trace = false;
  bool DumpCL = false;
  bool Profile = false;
  std::string TraceFile; ///< "" when not set.
  bool CLOptDisable = false;
  std::string ReplaceCL; ///< AMPCC_REPLACE_CL's file, "" when not set.
  uint64_t MaxLaunchItems = 0; ///< 0: no limit of ours.
  std::string KernelCacheDir;  ///< "" when the cache is off.
  /// AMPCC_CONTEXT_PER_DEVICE: one OpenCL context per device instead of one
  /// per platform, so that data moves between devices through the host (the
  /// route taken between platforms; tests use it on a single platform).
  bool ContextPerDevice = false;
  /// AMPCC_PEER_COPIES: true for "host", false for "device", unset for the
  /// platform's default (Device::peerCopiesThroughHost).
  std::optional<bool> PeerCopiesThroughHost;
  /// AMPCC_STAGED_COPIES: stage every transfer from or to ordinary memory
  /// (true), none (false), or by device and size (unset; Staging.h).
  std::optional<bool> StagedCopies;
  /// AMPCC_NO_IMAGES: textures stay buffers in every kernel (the image
  /// forms of kernels are never launched; docs/graphics.md).
  bool NoImages = false;
  /// AMPCC_CPU_DEVICES_NOT_EMULATED: OpenCL CPU devices report is_emulated
  /// false, so programs (and the conformance suite's test library, which
  /// takes any non-emulated accelerator for a GPU) that ask for hardware
  /// accept them. An opt-in for testing on a machine without a GPU: by
  /// default they are emulated, as WARP is (docs/multi-device.md).
  bool CpuDevicesNotEmulated = false;
  /// AMPCC_BACKEND (backends/Backends.cpp).
  BackendChoice Backend = BackendChoice::Default;
  bool Verbose = false;
  std::string CudaLibrary = "libcuda.so.1";
};

/// The kernel cache directory for these variable values (nullptr: unset):
/// "" when AMPCC_CACHE_DIR is "off" or "0", or when no default can be made.
std::string kernelCacheDir(const char *AmpccCacheDir, const char *XdgCacheHome,
                           const char *Home);

/// The settings, read from the environment on first use. Read once because
/// the answers must not change under a running program (a trace that starts
/// halfway would make the transfer log lie).
const EnvSettings &env();

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_ENV_H
