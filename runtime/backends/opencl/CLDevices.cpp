//===- CLDevices.cpp - OpenCL platforms, devices, contexts and queues -----===//

#include "backends/opencl/Errors.h"
#include "backends/opencl/OpenCLBackend.h"
#include "observation/Stats.h"

#include <cstdio>
#include <cstring>

namespace ampcc {
namespace rt {

// --- Querying ---------------------------------------------------------------

static std::string deviceString(cl_device_id Id, cl_device_info Param) {
  size_t Size = 0;
  if (clGetDeviceInfo(Id, Param, 0, nullptr, &Size) != CL_SUCCESS || Size == 0)
    return "";
  std::string S(Size, '\0');
  if (clGetDeviceInfo(Id, Param, Size, &S[0], nullptr) != CL_SUCCESS)
    return "";
  S.resize(std::strlen(S.c_str())); // Drop the terminating NUL.
  return S;
}

static std::string platformString(cl_platform_id Platform,
                                  cl_platform_info Param) {
  size_t Size = 0;
  if (clGetPlatformInfo(Platform, Param, 0, nullptr, &Size) != CL_SUCCESS ||
      Size == 0)
    return "";
  std::string S(Size, '\0');
  if (clGetPlatformInfo(Platform, Param, Size, &S[0], nullptr) != CL_SUCCESS)
    return "";
  S.resize(std::strlen(S.c_str()));
  return S;
}

template <typename T> static T deviceValue(cl_device_id Id, cl_device_info Param) {
  // A query a driver does not answer reads as 0: every value we ask for has
  // 0 as its "not supported / unknown" meaning.
  T V{};
  if (clGetDeviceInfo(Id, Param, sizeof(T), &V, nullptr) != CL_SUCCESS)
    return T{};
  return V;
}

static unsigned parseVersion(const std::string &Version) {
  // CL_DEVICE_VERSION reads "OpenCL <major>.<minor> <vendor-specific>".
  unsigned Major = 0, Minor = 0;
  if (std::sscanf(Version.c_str(), "OpenCL %u.%u", &Major, &Minor) != 2)
    return 0;
  return Major << 16 | Minor;
}

static DeviceKind kindOf(cl_device_type Type) {
  if (Type & CL_DEVICE_TYPE_GPU)
    return DeviceKind::GPU;
  if (Type & CL_DEVICE_TYPE_CPU)
    return DeviceKind::CPU;
  if (Type & CL_DEVICE_TYPE_ACCELERATOR)
    return DeviceKind::Accelerator;
  return DeviceKind::Other;
}

static DeviceProperties queryProperties(cl_platform_id Platform, cl_device_id Id) {
  DeviceProperties I;
  I.Name = deviceString(Id, CL_DEVICE_NAME);
  I.PlatformName = platformString(Platform, CL_PLATFORM_NAME);
  I.PlatformVersion = platformString(Platform, CL_PLATFORM_VERSION);
  I.Vendor = deviceString(Id, CL_DEVICE_VENDOR);
  I.DriverVersion = deviceString(Id, CL_DRIVER_VERSION);
  I.VersionText = deviceString(Id, CL_DEVICE_VERSION);
  I.Kind = kindOf(deviceValue<cl_device_type>(Id, CL_DEVICE_TYPE));
  I.Version = parseVersion(I.VersionText);
  I.GlobalMemBytes = deviceValue<cl_ulong>(Id, CL_DEVICE_GLOBAL_MEM_SIZE);
  I.MaxAllocBytes = deviceValue<cl_ulong>(Id, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
  I.MaxWorkGroupSize = deviceValue<size_t>(Id, CL_DEVICE_MAX_WORK_GROUP_SIZE);
  I.LocalMemBytes = deviceValue<cl_ulong>(Id, CL_DEVICE_LOCAL_MEM_SIZE);
  I.AddressBits = deviceValue<cl_uint>(Id, CL_DEVICE_ADDRESS_BITS);
  I.HostUnifiedMemory = deviceValue<cl_bool>(Id, CL_DEVICE_HOST_UNIFIED_MEMORY);
  I.ImageSupport = deviceValue<cl_bool>(Id, CL_DEVICE_IMAGE_SUPPORT);
  if (I.ImageSupport) {
    I.Image2DMax[0] = deviceValue<size_t>(Id, CL_DEVICE_IMAGE2D_MAX_WIDTH);
    I.Image2DMax[1] = deviceValue<size_t>(Id, CL_DEVICE_IMAGE2D_MAX_HEIGHT);
    I.Image3DMax[0] = deviceValue<size_t>(Id, CL_DEVICE_IMAGE3D_MAX_WIDTH);
    I.Image3DMax[1] = deviceValue<size_t>(Id, CL_DEVICE_IMAGE3D_MAX_HEIGHT);
    I.Image3DMax[2] = deviceValue<size_t>(Id, CL_DEVICE_IMAGE3D_MAX_DEPTH);
  }
  // Either signal counts: OpenCL 1.2 made fp64 optional-core (the config
  // query), older drivers only list the extension.
  std::string Extensions = deviceString(Id, CL_DEVICE_EXTENSIONS);
  I.SupportsDouble =
      deviceValue<cl_device_fp_config>(Id, CL_DEVICE_DOUBLE_FP_CONFIG) != 0 ||
      Extensions.find("cl_khr_fp64") != std::string::npos;
  return I;
}

// --- Listing ------------------------------------------------------------------

static const char NoDeviceHelp[] =
    "C++ AMP programs built by ampcc run their kernels through OpenCL; install "
    "an OpenCL ICD such as pocl-opencl-icd (CPU) or your GPU vendor's OpenCL "
    "driver, and check that /etc/OpenCL/vendors lists it";

/// The platforms, or none with the reason in WhyNone.
static std::vector<cl_platform_id> platforms(std::string &WhyNone) {
  cl_uint NumPlatforms = 0;
  cl_int Err = clGetPlatformIDs(0, nullptr, &NumPlatforms);
  // The ICD loader reports "no vendor file" as CL_PLATFORM_NOT_FOUND_KHR.
  if (Err != CL_SUCCESS || NumPlatforms == 0) {
    WhyNone = std::string("no OpenCL platform was found (") +
              (Err != CL_SUCCESS ? clErrorMessage(Err, "clGetPlatformIDs")
                                 : "clGetPlatformIDs listed none") +
              "); " + NoDeviceHelp;
    return {};
  }
  std::vector<cl_platform_id> Platforms(NumPlatforms);
  // Listing never throws (Device.h): a loader that fails now lists nothing.
  Err = clGetPlatformIDs(NumPlatforms, Platforms.data(), nullptr);
  if (Err != CL_SUCCESS) {
    WhyNone = clErrorMessage(Err, "clGetPlatformIDs") + "; " + NoDeviceHelp;
    return {};
  }
  return Platforms;
}

DeviceListing OpenCLBackend::listDevices() {
  DeviceListing L;
  std::vector<cl_platform_id> Platforms = platforms(L.WhyNone);
  for (cl_uint P = 0; P < Platforms.size(); ++P) {
    cl_uint NumDevices = 0;
    // A platform that fails to list devices is skipped, not fatal: one broken
    // ICD must not hide the working ones.
    if (clGetDeviceIDs(Platforms[P], CL_DEVICE_TYPE_ALL, 0, nullptr,
                       &NumDevices) != CL_SUCCESS || NumDevices == 0)
      continue;
    std::vector<cl_device_id> Ids(NumDevices);
    if (clGetDeviceIDs(Platforms[P], CL_DEVICE_TYPE_ALL, NumDevices,
                       Ids.data(), nullptr) != CL_SUCCESS)
      continue;
    for (cl_uint D = 0; D < NumDevices; ++D) {
      // Indices count every listed device, so a path keeps naming the same
      // device even when a neighbour is skipped for lacking a compiler.
      if (!deviceValue<cl_bool>(Ids[D], CL_DEVICE_COMPILER_AVAILABLE))
        continue;
      BackendDevice B;
      B.Id = Ids[D];
      B.Group = P;
      B.Index = D;
      B.Props = queryProperties(Platforms[P], Ids[D]);
      L.Devices.push_back(std::move(B));
    }
  }
  if (!Platforms.empty() && L.Devices.empty())
    L.WhyNone =
        std::string("no usable OpenCL device was found (the installed OpenCL "
                    "platforms list no device with a kernel compiler); ") +
        NoDeviceHelp;
  return L;
}

// --- Contexts and queues ------------------------------------------------------

static void CL_CALLBACK contextNotify(const char *ErrInfo, const void *,
                                      size_t, void *) {
  // Drivers explain failures here (NVIDIA names the exhausted resource); the
  // returned error code alone often does not say enough.
  trace(std::string("OpenCL driver: ") + ErrInfo);
}

Context OpenCLBackend::createContext(const std::vector<void *> &Devices,
                                     const std::string &For,
                                     std::string *Refusal) {
  cl_platform_id Platform = nullptr;
  clGetDeviceInfo(static_cast<cl_device_id>(Devices[0]), CL_DEVICE_PLATFORM,
                  sizeof(Platform), &Platform, nullptr);
  cl_context_properties Props[] = {
      CL_CONTEXT_PLATFORM, reinterpret_cast<cl_context_properties>(Platform),
      0};
  std::vector<cl_device_id> Ids;
  for (void *D : Devices)
    Ids.push_back(static_cast<cl_device_id>(D));
  cl_int Err = CL_SUCCESS;
  cl_context C = clCreateContext(Props, cl_uint(Ids.size()), Ids.data(),
                                 contextNotify, nullptr, &Err);
  if (Err == CL_SUCCESS)
    return Context::adopt(*this, C);
  if (!Refusal)
    throwCLError(Err, "clCreateContext for " + For);
  *Refusal = clErrorMessage(Err, "clCreateContext");
  return Context();
}

Queue OpenCLBackend::createQueue(const Context &C, void *Device, bool Profiling,
                                 const std::string &For) {
  cl_int Err = CL_SUCCESS;
  cl_command_queue Q =
      clCreateCommandQueue(clContext(C), static_cast<cl_device_id>(Device),
                           Profiling ? CL_QUEUE_PROFILING_ENABLE : 0, &Err);
  checkCL(Err, "clCreateCommandQueue for " + For);
  return Queue::adopt(*this, Q);
}

Context OpenCLBackend::context(void *Q) {
  cl_context C = nullptr;
  checkCL(clGetCommandQueueInfo(clQueue(Q), CL_QUEUE_CONTEXT, sizeof(C), &C,
                                nullptr),
          "clGetCommandQueueInfo");
  return Context::share(*this, C);
}

} // namespace rt
} // namespace ampcc
