//===- ampcc-ls.cpp - list the accelerators C++ AMP programs see ---------===//
//
// Like sycl-ls or `clinfo -l`, but through the ampcc runtime's own device
// discovery and default-device rule (runtime/devices/Device.h), so the list, the
// device paths and the default are exactly what a program sees in
// accelerator::get_all() and accelerator() under the same environment.
//
//===----------------------------------------------------------------------===//
#include "devices/Device.h"
#include "support/Env.h"

#include "ampcc/exceptions.h"

#include <CL/cl.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace ampcc::rt;

namespace {

std::string deviceString(cl_device_id D, cl_device_info What) {
  size_t Size = 0;
  if (clGetDeviceInfo(D, What, 0, nullptr, &Size) != CL_SUCCESS || !Size)
    return "?";
  std::string S(Size, '\0');
  if (clGetDeviceInfo(D, What, Size, S.data(), nullptr) != CL_SUCCESS)
    return "?";
  return S.c_str(); // drop the terminating NUL
}

template <typename T> T deviceValue(cl_device_id D, cl_device_info What) {
  T V{};
  clGetDeviceInfo(D, What, sizeof(V), &V, nullptr);
  return V;
}

/// GPU, CPU (which C++ AMP calls emulated: accelerator::is_emulated), or
/// the OpenCL type for anything else.
const char *kind(const Device &D) {
  if (D.isGPU())
    return "GPU";
  if (D.isCPU())
    return "CPU (emulated)";
  if (D.info().Kind == DeviceKind::Accelerator)
    return "accelerator";
  return "other";
}

std::string memory(uint64_t Bytes) {
  char Buf[32];
  if (Bytes >= (1ull << 30))
    std::snprintf(Buf, sizeof(Buf), "%.1f GiB", Bytes / double(1ull << 30));
  else
    std::snprintf(Buf, sizeof(Buf), "%.0f MiB", Bytes / double(1ull << 20));
  return Buf;
}

/// Why \p Default is the default, in the words of the rule that chose it.
std::string defaultReason(const Device &Default) {
  if (env().DefaultAccelerator && *env().DefaultAccelerator != "default")
    return "CPPAMP_DEFAULT_ACCELERATOR=" + *env().DefaultAccelerator;
  if (Default.isGPU())
    return "the first GPU (GPU-first rule; set CPPAMP_DEFAULT_ACCELERATOR "
           "to choose another)";
  if (Default.isCPU())
    return "no GPU: the first CPU device";
  return "no GPU or CPU: the first device";
}

void printVerbose(const Device &D) {
  // The CUDA backend's device is no cl_device_id: what it told is all.
  if (std::string(D.backend()->name()) != "OpenCL") {
    std::printf("    %s:            %s (driver %s)\n", D.backend()->name(),
                D.info().VersionText.c_str(), D.info().DriverVersion.c_str());
    return;
  }
  // The runtime's OpenCL backend: its device is the cl_device_id.
  cl_device_id Id = static_cast<cl_device_id>(D.id());
  std::printf("    OpenCL:          %s (driver %s, %s)\n",
              deviceString(Id, CL_DEVICE_VERSION).c_str(),
              deviceString(Id, CL_DRIVER_VERSION).c_str(),
              deviceString(Id, CL_DEVICE_OPENCL_C_VERSION).c_str());
  std::printf("    platform:        %s\n", D.info().PlatformName.c_str());
  std::printf("    vendor:          %s\n",
              deviceString(Id, CL_DEVICE_VENDOR).c_str());
  std::printf("    compute units:   %u at %u MHz\n",
              deviceValue<cl_uint>(Id, CL_DEVICE_MAX_COMPUTE_UNITS),
              deviceValue<cl_uint>(Id, CL_DEVICE_MAX_CLOCK_FREQUENCY));
  size_t Items[3] = {0, 0, 0};
  clGetDeviceInfo(Id, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof(Items), Items,
                  nullptr);
  std::printf("    max tile:        %zu work-items (per dimension %zu x %zu "
              "x %zu)\n",
              D.info().MaxWorkGroupSize, Items[0], Items[1], Items[2]);
  std::printf("    tile_static:     %s\n",
              memory(deviceValue<cl_ulong>(Id, CL_DEVICE_LOCAL_MEM_SIZE))
                  .c_str());
  std::printf("    max allocation:  %s\n", memory(D.info().MaxAllocBytes).c_str());
  std::printf("    address bits:    %u\n", D.info().AddressBits);
  std::printf("    unified memory:  %s\n",
              D.info().HostUnifiedMemory ? "yes" : "no");
}

int usage(FILE *To) {
  std::fprintf(To, "usage: ampcc-ls [--verbose|-v]\n"
                   "Lists the accelerators C++ AMP programs compiled by ampcc "
                   "see, and the default one.\n");
  return To == stdout ? 0 : 2;
}

} // namespace

int main(int Argc, char **Argv) {
  bool Verbose = false;
  for (int I = 1; I < Argc; ++I) {
    if (!std::strcmp(Argv[I], "--verbose") || !std::strcmp(Argv[I], "-v"))
      Verbose = true;
    else if (!std::strcmp(Argv[I], "--help") || !std::strcmp(Argv[I], "-h"))
      return usage(stdout);
    else {
      std::fprintf(stderr, "ampcc-ls: error: unknown argument '%s'\n", Argv[I]);
      return usage(stderr);
    }
  }

  try {
    const std::vector<Device *> &Devices = allDevices();
    // The rule programs use; a bad CPPAMP_DEFAULT_ACCELERATOR is reported
    // after the list, which shows the paths that would work.
    const Device *Default = nullptr;
    std::string Problem;
    try {
      Default = &selectDefaultDevice(env().DefaultAccelerator);
    } catch (const Concurrency::runtime_exception &E) {
      Problem = E.what();
    }
    for (const Device *D : Devices) {
      const DeviceInfo &Info = D->info();
      std::printf("%s %-12s %s\n", D == Default ? "*" : " ", Info.Path.c_str(),
                  Info.Name.c_str());
      if (D->isSoftwareEmulation()) {
        if (!D->unavailableReason().empty())
          std::printf("    kind: Visual C++ software accelerator, unavailable: "
                      "%s\n", D->unavailableReason().c_str());
        else
          std::printf("    kind: Visual C++ software accelerator, emulated on "
                      "%s\n", Info.PlatformName.c_str());
        if (D == Default)
          std::printf("    default: %s\n", defaultReason(*D).c_str());
        continue;
      }
      if (D->isHost()) {
        std::printf("    kind: host memory, no kernels (staging arrays)\n");
        if (D == Default)
          std::printf("    default: no OpenCL device: %s\n",
                      noOpenCLDeviceReason().c_str());
        continue;
      }
      std::printf("    kind: %s, memory: %s, double: %s, backend: %s, OpenCL %u.%u\n",
                  kind(*D), memory(Info.GlobalMemBytes).c_str(),
                  Info.SupportsDouble ? "yes" : "no", D->backend()->name(),
                  Info.Version >> 16, Info.Version & 0xffff);
      // The host backend runs what was compiled for it; a program without
      // host kernels does not list it (runtime/backends/host).
      if (std::string(D->backend()->name()) == "host")
        std::printf("    runs: programs whose kernels were compiled for it (the "
                    "default; others: the next CPU device)\n");
      if (D == Default)
        std::printf("    default: %s\n", defaultReason(*D).c_str());
      if (Verbose)
        printVerbose(*D);
    }
    if (!Problem.empty()) {
      std::fprintf(stderr, "ampcc-ls: error: %s\n", Problem.c_str());
      return 1;
    }
  } catch (const Concurrency::runtime_exception &E) {
    std::fprintf(stderr, "ampcc-ls: error: %s\n", E.what());
    return 1;
  }
  return 0;
}
