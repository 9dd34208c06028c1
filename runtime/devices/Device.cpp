//===- Device.cpp - OpenCL devices and their command queues ---------------===//

#include "devices/Device.h"

#include "ampcc/exceptions.h"
#include "observation/InFlight.h"
#include "devices/FaultChecks.h"
#include "observation/Profile.h"
#include "observation/Stats.h"
#include "support/Env.h"
#include "backends/opencl/Errors.h"

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

static DeviceInfo queryInfo(cl_platform_id Platform, cl_device_id Id,
                            unsigned PlatformIndex, unsigned DeviceIndex) {
  DeviceInfo I;
  I.Path = "opencl:" + std::to_string(PlatformIndex) + ":" +
           std::to_string(DeviceIndex);
  I.Name = deviceString(Id, CL_DEVICE_NAME);
  I.PlatformName = platformString(Platform, CL_PLATFORM_NAME);
  I.PlatformVersion = platformString(Platform, CL_PLATFORM_VERSION);
  I.Vendor = deviceString(Id, CL_DEVICE_VENDOR);
  I.DriverVersion = deviceString(Id, CL_DRIVER_VERSION);
  I.VersionText = deviceString(Id, CL_DEVICE_VERSION);
  I.Type = deviceValue<cl_device_type>(Id, CL_DEVICE_TYPE);
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

// --- Contexts -----------------------------------------------------------------

/// The context that the listed devices of one platform share, created on
/// first use. Never destroyed, like the Devices.
struct PlatformContext {
  std::vector<cl_device_id> Members;
  std::mutex Lock;
  cl_context Context = nullptr;
  bool Refused = false; ///< The platform would not make one: per device.
};

// --- Device -------------------------------------------------------------------

Device::Device(cl_platform_id Platform, cl_device_id Id, DeviceInfo Info,
               PlatformContext *Shared)
    : Platform(Platform), Id(Id), Info(std::move(Info)), Shared(Shared) {}

Device::Device(DeviceInfo Info)
    : Platform(nullptr), Id(nullptr), Info(std::move(Info)), Shared(nullptr),
      Host(true) {}

Device::Device(DeviceInfo Info, Device *Backing, std::string Unavailable)
    : Platform(Backing ? Backing->Platform : nullptr),
      Id(Backing ? Backing->Id : nullptr), Info(std::move(Info)),
      Shared(Backing ? Backing->Shared : nullptr), Emulation(true),
      Backing(Backing), Unavailable(std::move(Unavailable)) {}

static void CL_CALLBACK contextNotify(const char *ErrInfo, const void *,
                                      size_t, void *) {
  // Drivers explain failures here (NVIDIA names the exhausted resource); the
  // returned error code alone often does not say enough.
  trace(std::string("OpenCL driver: ") + ErrInfo);
}

cl_context Device::context() {
  if (isHost())
    throw Concurrency::runtime_exception(
        "the CPU accelerator has no OpenCL context (it runs no kernels)",
        Concurrency::AMPCC_E_FAIL);
  if (!Unavailable.empty())
    throw Concurrency::runtime_exception(Unavailable, Concurrency::AMPCC_E_FAIL);
  // A software accelerator's buffers and queues live in its device's
  // context, so that data moves between the two without the host.
  if (Backing)
    return Backing->context();
  cl_context_properties Props[] = {
      CL_CONTEXT_PLATFORM, reinterpret_cast<cl_context_properties>(Platform),
      0};
  if (Shared && Shared->Members.size() > 1 && !env().ContextPerDevice) {
    std::lock_guard<std::mutex> Guard(Shared->Lock);
    if (!Shared->Context && !Shared->Refused) {
      HostStep Step("clCreateContext", Info.PlatformName);
      cl_int Err = CL_SUCCESS;
      Shared->Context =
          clCreateContext(Props, cl_uint(Shared->Members.size()),
                          Shared->Members.data(), contextNotify, nullptr, &Err);
      // OpenCL lets a platform refuse devices in one context (some drivers
      // do for devices of different kinds): each then gets its own, and
      // data moves between them through the host.
      if (Err != CL_SUCCESS) {
        Shared->Context = nullptr;
        Shared->Refused = true;
        trace("one context for the " + std::to_string(Shared->Members.size()) +
              " devices of " + Info.PlatformName + " refused (" +
              clErrorMessage(Err, "clCreateContext") + "): one per device");
      }
    }
    if (Shared->Context)
      return Shared->Context;
  }
  std::lock_guard<std::mutex> Guard(Lock);
  if (!Context) {
    HostStep Step("clCreateContext", Info.Name);
    cl_int Err = CL_SUCCESS;
    Context = clCreateContext(Props, 1, &Id, contextNotify, nullptr, &Err);
    checkCL(Err, "clCreateContext for " + Info.Name);
  }
  return Context;
}

bool Device::peerCopiesThroughHost(const Device &O) const {
  if (this == &O)
    return false;
  if (env().PeerCopiesThroughHost)
    return *env().PeerCopiesThroughHost;
  return Info.PlatformName.find("NVIDIA") != std::string::npos;
}

bool Device::sharesContextWith(Device &O) {
  if (this == &O)
    return true;
  if (isHost() || O.isHost() || !Unavailable.empty() ||
      !O.Unavailable.empty() || Shared != O.Shared)
    return false;
  return context() == O.context();
}

int Device::defaultCpuAccess() const {
  int Chosen = ChosenCpuAccess.load();
  if (Chosen != 4 /* access_type_auto */)
    return Chosen;
  return Info.HostUnifiedMemory ? 3 /* read_write */ : 0 /* none */;
}

bool Device::setDefaultCpuAccess(int Type) {
  if (CpuAccessFixed.load())
    return false;
  ChosenCpuAccess = Type;
  return true;
}

int Device::useDefaultCpuAccess() {
  CpuAccessFixed = true;
  return defaultCpuAccess();
}

void Device::checkAllocation(uint64_t Bytes) const {
  if (Info.MaxAllocBytes && Bytes > Info.MaxAllocBytes)
    throw Concurrency::out_of_memory(
        ("an array or array_view of " + std::to_string(Bytes) +
         " bytes is larger than the largest buffer that " + Info.Name +
         " can allocate (" + std::to_string(Info.MaxAllocBytes) + " bytes)")
            .c_str());
}

void Device::reserveMemory(uint64_t Bytes) {
  checkAllocation(Bytes);
  uint64_t Limit = Info.GlobalMemBytes;
  uint64_t Old = Reserved.load();
  // Several threads may allocate at once: claim the bytes only if they
  // still fit when the claim lands.
  do {
    if (Limit && (Bytes > Limit || Old > Limit - Bytes))
      throw Concurrency::out_of_memory(
          ("cannot allocate " + std::to_string(Bytes) + " bytes on " +
           Info.Name + ": the arrays and array_views already there hold " +
           std::to_string(Old) + " of its " + std::to_string(Limit) +
           " bytes of global memory")
              .c_str());
  } while (!Reserved.compare_exchange_weak(Old, Old + Bytes));
}

void Device::releaseMemory(uint64_t Bytes) { Reserved.fetch_sub(Bytes); }

const std::shared_ptr<AcceleratorViewImpl> &Device::defaultView() {
  std::lock_guard<std::mutex> Guard(Lock);
  if (!DefaultView)
    DefaultView = std::make_shared<AcceleratorViewImpl>(*this, true);
  return DefaultView;
}

// --- AcceleratorViewImpl --------------------------------------------------------

AcceleratorViewImpl::AcceleratorViewImpl(Device &Dev, bool AutomaticQueuing)
    : Dev(Dev), Automatic(AutomaticQueuing) {}

AcceleratorViewImpl::~AcceleratorViewImpl() {
  // Data sources that used this queue hold their own reference to it, so
  // releasing ours cannot cut off their pending write-backs.
  if (Queue)
    clReleaseCommandQueue(Queue);
}

cl_command_queue AcceleratorViewImpl::queue() {
  cl_context Context = Dev.context(); // Before our lock: it takes Dev's.
  std::lock_guard<std::mutex> Guard(Lock);
  if (!Queue) {
    HostStep Step("clCreateCommandQueue", Dev.info().Name);
    cl_int Err = CL_SUCCESS;
    Queue = clCreateCommandQueue(Context, Dev.id(), profilingQueueProperties(),
                                 &Err);
    checkCL(Err, "clCreateCommandQueue for " + Dev.info().Name);
  }
  return Queue;
}

// The CPU accelerator's commands (copies) complete before they return.
void AcceleratorViewImpl::wait() {
  if (!Dev.isHost()) {
    HostStep Step("accelerator_view::wait", Dev.info().Name);
    // A marker's event, as transfers wait (RectTransfers.cpp, waitLast):
    // on two H100s of one context, a thread's clFinish of an idle queue
    // waited 13.9 ms for the other thread's blocking read on the other GPU.
    cl_event Done = nullptr;
    checkCL(clEnqueueMarkerWithWaitList(queue(), 0, nullptr, &Done),
            "clEnqueueMarkerWithWaitList");
    checkCL(clFlush(queue()), "clFlush");
    cl_int Err = clWaitForEvents(1, &Done);
    clReleaseEvent(Done);
    checkCL(Err, "clWaitForEvents for accelerator_view::wait");
    noteQueueIdle(queue());
  }
  reportFaults(); // Checked kernels' bad accesses (FaultChecks.h).
}

void AcceleratorViewImpl::flush() {
  if (!Dev.isHost())
    checkCL(clFlush(queue()), "clFlush");
}

namespace {
/// What a marker's event callback needs: the promise to fulfil.
struct MarkerState {
  std::promise<void> Promise;
};
} // namespace

static void CL_CALLBACK markerDone(cl_event Event, cl_int Status, void *User) {
  auto *State = static_cast<MarkerState *>(User);
  if (Status < 0)
    State->Promise.set_exception(std::make_exception_ptr(
        Concurrency::runtime_exception(
            clErrorMessage(Status, "a command before the marker"), Status)));
  else
    State->Promise.set_value();
  delete State;
  clReleaseEvent(Event);
}

std::shared_future<void> AcceleratorViewImpl::marker() {
  if (Dev.isHost()) {
    std::promise<void> Done;
    Done.set_value();
    return Done.get_future().share();
  }
  cl_command_queue Q = queue();
  cl_event Event = nullptr;
  checkCL(clEnqueueMarkerWithWaitList(Q, 0, nullptr, &Event),
          "clEnqueueMarkerWithWaitList");
  auto *State = new MarkerState;
  std::shared_future<void> F = State->Promise.get_future().share();
  // The callback fulfils the promise on a driver thread: no thread of ours
  // waits for the device.
  cl_int Err = clSetEventCallback(Event, CL_COMPLETE, markerDone, State);
  if (Err != CL_SUCCESS) {
    delete State;
    clReleaseEvent(Event);
    throwCLError(Err, "clSetEventCallback");
  }
  checkCL(clFlush(Q), "clFlush");
  return F;
}

// --- Discovery ------------------------------------------------------------------

static const char NoDeviceHelp[] =
    "C++ AMP programs built by ampcc run their kernels through OpenCL; install "
    "an OpenCL ICD such as pocl-opencl-icd (CPU) or your GPU vendor's OpenCL "
    "driver, and check that /etc/OpenCL/vendors lists it";

Device &hostDevice() {
  // Never destroyed, like every Device (see Device.h).
  static Device *Host = [] {
    DeviceInfo I;
    I.Path = "cpu";
    I.Name = "CPU accelerator";
    I.SupportsDouble = true;
    I.HostUnifiedMemory = true;
    return new Device(std::move(I));
  }();
  return *Host;
}

/// Visual C++'s two Direct3D software accelerators, which every Visual C++
/// development machine has (programs construct them to compare with the
/// default accelerator, or to run on them). Both run on the first OpenCL
/// CPU device; without one they are still listed and compared, and using
/// their memory or kernels says what to install.
static std::vector<Device *> emulatedDevices(const std::vector<Device *> &OpenCL,
                                             const std::string &NoOpenCL) {
  Device *Cpu = nullptr;
  for (Device *D : OpenCL)
    if (D->isCPU()) {
      Cpu = D;
      break;
    }
  std::vector<Device *> Emulated;
  // Visual C++'s device paths and descriptions.
  for (auto [Path, Name] : {std::pair<const char *, const char *>{
                                "direct3d\\warp", "Microsoft Basic Render Driver"},
                            {"direct3d\\ref", "Software Adapter"}}) {
    DeviceInfo I;
    if (Cpu)
      I = Cpu->info();
    else
      I.SupportsDouble = true; // As Visual C++'s REF and WARP.
    I.Path = Path;
    I.Name = Name;
    std::string Unavailable;
    if (!Cpu)
      Unavailable =
          std::string("the ") + Name + " accelerator (" + Path +
          ") is emulated on an OpenCL CPU device and this machine has none; " +
          (NoOpenCL.empty() ? std::string("install pocl-opencl-icd (PoCL)")
                            : NoOpenCL);
    Emulated.push_back(new Device(std::move(I), Cpu, std::move(Unavailable)));
  }
  return Emulated;
}

static std::string NoOpenCLReason;

const std::string &noOpenCLDeviceReason() {
  allDevices();
  return NoOpenCLReason;
}

/// The OpenCL devices; sets NoOpenCLReason when there is none.
static std::vector<Device *> discover() {
  HostStep Step("device discovery");
  std::vector<Device *> Devices;
  cl_uint NumPlatforms = 0;
  cl_int Err = clGetPlatformIDs(0, nullptr, &NumPlatforms);
  // The ICD loader reports "no vendor file" as CL_PLATFORM_NOT_FOUND_KHR.
  if (Err != CL_SUCCESS || NumPlatforms == 0) {
    NoOpenCLReason = std::string("no OpenCL platform was found (") +
                     (Err != CL_SUCCESS ? clErrorMessage(Err, "clGetPlatformIDs")
                                        : "clGetPlatformIDs listed none") +
                     "); " + NoDeviceHelp;
    return Devices;
  }
  std::vector<cl_platform_id> Platforms(NumPlatforms);
  // Listing never throws (Device.h): a loader that fails now lists nothing.
  Err = clGetPlatformIDs(NumPlatforms, Platforms.data(), nullptr);
  if (Err != CL_SUCCESS) {
    NoOpenCLReason = clErrorMessage(Err, "clGetPlatformIDs") + "; " + NoDeviceHelp;
    return Devices;
  }

  for (cl_uint P = 0; P < NumPlatforms; ++P) {
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
    // Never destroyed, like the Devices (see Device.h); held by a list that
    // is never destroyed either, so that LeakSanitizer sees it reachable.
    static auto &Contexts = *new std::vector<std::unique_ptr<PlatformContext>>;
    Contexts.push_back(std::make_unique<PlatformContext>());
    PlatformContext *Shared = Contexts.back().get();
    for (cl_uint D = 0; D < NumDevices; ++D) {
      // Indices count every listed device, so a path keeps naming the same
      // device even when a neighbour is skipped for lacking a compiler.
      if (!deviceValue<cl_bool>(Ids[D], CL_DEVICE_COMPILER_AVAILABLE))
        continue;
      Devices.push_back(new Device(Platforms[P], Ids[D],
                                   queryInfo(Platforms[P], Ids[D], P, D),
                                   Shared));
      Shared->Members.push_back(Ids[D]);
    }
  }
  if (Devices.empty())
    NoOpenCLReason =
        std::string("no usable OpenCL device was found (the installed OpenCL "
                    "platforms list no device with a kernel compiler); ") +
        NoDeviceHelp;
  return Devices;
}

const std::vector<Device *> &allDevices() {
  // Never destroyed, like the Devices it holds (see Device.h): a static
  // vector would be freed at exit, before other static destructors that may
  // still look a device up, and would leave the Devices unreachable
  // (LeakSanitizer reported them in ampcc-ls).
  static const std::vector<Device *> &Devices = *new std::vector<Device *>([] {
    std::vector<Device *> D = discover();
    std::vector<Device *> Emulated = emulatedDevices(D, NoOpenCLReason);
    D.insert(D.end(), Emulated.begin(), Emulated.end());
    D.push_back(&hostDevice());
    return D;
  }());
  return Devices;
}

Device *findDevice(const std::string &Path) {
  const std::vector<Device *> &Devices = allDevices();
  for (Device *D : Devices)
    if (D->info().Path == Path)
      return D;
  for (Device *D : Devices)
    if (D->info().Name == Path)
      return D;
  return nullptr;
}

std::string listDevicePaths() {
  std::string S;
  for (Device *D : allDevices()) {
    if (!S.empty())
      S += ", ";
    S += D->info().Path + " (" + D->info().Name + ")";
  }
  return S;
}

Device &selectDefaultDevice(const std::optional<std::string> &Requested) {
  const std::vector<Device *> &Devices = allDevices();
  if (Requested && *Requested != "default") {
    if (Device *D = findDevice(*Requested))
      return *D;
    throw Concurrency::runtime_exception(
        "CPPAMP_DEFAULT_ACCELERATOR is set to '" + *Requested +
            "', which names no OpenCL device; available device paths: " +
            listDevicePaths(),
        Concurrency::AMPCC_E_INVALIDARG);
  }
  // The software accelerators are never chosen: an OpenCL CPU device runs
  // the same kernels under its own name.
  for (Device *D : Devices)
    if (D->isGPU() && !D->isSoftwareEmulation())
      return *D;
  for (Device *D : Devices)
    if (D->isCPU() && !D->isSoftwareEmulation())
      return *D;
  // Without OpenCL the CPU accelerator is the default: the program runs
  // until its first launch, which says what to install.
  return hostDevice();
}

static std::mutex DefaultLock;
static Device *ChosenDefault = nullptr;

Device &defaultDevice() {
  std::lock_guard<std::mutex> Guard(DefaultLock);
  // A failed choice (bad CPPAMP_DEFAULT_ACCELERATOR) is not remembered: each
  // use reports it again instead of falling back to some other device.
  if (!ChosenDefault)
    ChosenDefault = &selectDefaultDevice(env().DefaultAccelerator);
  return *ChosenDefault;
}

bool setDefaultDevice(Device &D) {
  std::lock_guard<std::mutex> Guard(DefaultLock);
  if (ChosenDefault)
    return false;
  ChosenDefault = &D;
  return true;
}

} // namespace rt
} // namespace ampcc
