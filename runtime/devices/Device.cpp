//===- Device.cpp - devices, their contexts and command queues ------------===//

#include "devices/Device.h"

#include "ampcc/exceptions.h"
#include "devices/FaultChecks.h"
#include "observation/InFlight.h"
#include "observation/Profile.h"
#include "observation/Stats.h"
#include "support/Env.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <map>

namespace ampcc {
namespace rt {

// --- Contexts -----------------------------------------------------------------

/// The context that the listed devices of one platform share, created on
/// first use. Never destroyed, like the Devices.
struct PlatformContext {
  std::vector<void *> Members;
  std::mutex Lock;
  Context Shared;
  bool Refused = false; ///< The platform would not make one: per device.
};

// --- Device -------------------------------------------------------------------

Device::Device(Backend &B, void *Id, DeviceInfo Info, PlatformContext *Shared)
    : B(&B), Id(Id), Info(std::move(Info)), Shared(Shared) {}

Device::Device(DeviceInfo Info)
    : B(nullptr), Id(nullptr), Info(std::move(Info)), Shared(nullptr),
      Host(true) {}

Device::Device(DeviceInfo Info, Device *Backing, std::string Unavailable)
    : B(Backing ? Backing->B : nullptr), Id(Backing ? Backing->Id : nullptr),
      Info(std::move(Info)), Shared(Backing ? Backing->Shared : nullptr),
      Emulation(true), Backing(Backing), Unavailable(std::move(Unavailable)) {}

const Context &Device::context() {
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
  if (Shared && Shared->Members.size() > 1 && !env().ContextPerDevice) {
    std::lock_guard<std::mutex> Guard(Shared->Lock);
    if (!Shared->Shared && !Shared->Refused) {
      HostStep Step("clCreateContext", Info.PlatformName);
      std::string Refusal;
      Shared->Shared = B->createContext(Shared->Members, Info.PlatformName, &Refusal);
      // OpenCL lets a platform refuse devices in one context (some drivers
      // do for devices of different kinds): each then gets its own, and
      // data moves between them through the host.
      if (!Shared->Shared) {
        Shared->Refused = true;
        trace("one context for the " + std::to_string(Shared->Members.size()) +
              " devices of " + Info.PlatformName + " refused (" + Refusal +
              "): one per device");
      }
    }
    if (Shared->Shared)
      return Shared->Shared;
  }
  std::lock_guard<std::mutex> Guard(Lock);
  if (!OwnContext) {
    HostStep Step("clCreateContext", Info.Name);
    OwnContext = B->createContext({Id}, Info.Name, nullptr);
  }
  return OwnContext;
}

bool Device::peerCopiesThroughHost(const Device &O) const {
  if (this == &O)
    return false;
  if (env().PeerCopiesThroughHost)
    return *env().PeerCopiesThroughHost;
  return B && B->copiesThroughHost(Info, O.Info);
}

bool Device::copiesAcrossContextsTo(const Device &O) const {
  if (this == &O || isHost() || O.isHost() || Backing || O.Backing ||
      !Unavailable.empty() || !O.Unavailable.empty())
    return false;
  return B && B == O.B && B->copiesAcrossContexts(Id, O.Id);
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

const Queue &AcceleratorViewImpl::queue() {
  const Context &C = Dev.context(); // Before our lock: it takes Dev's.
  std::lock_guard<std::mutex> Guard(Lock);
  if (!TheQueue) {
    HostStep Step("clCreateCommandQueue", Dev.info().Name);
    TheQueue = Dev.backend()->createQueue(C, Dev.id(), profilingEnabled(),
                                          Dev.info().Name);
  }
  return TheQueue;
}

// The CPU accelerator's commands (copies) complete before they return.
void AcceleratorViewImpl::wait() {
  if (!Dev.isHost()) {
    HostStep Step("accelerator_view::wait", Dev.info().Name);
    // A marker's event, as transfers wait (RectTransfers.cpp, waitLast):
    // on two H100s of one context, a thread's clFinish of an idle queue
    // waited 13.9 ms for the other thread's blocking read on the other GPU.
    const Queue &Q = queue();
    Event Done = Q.marker();
    Q.flush();
    Done.waitOrThrow("clWaitForEvents for accelerator_view::wait");
    noteQueueIdle(Q.raw());
  }
  reportFaults(); // Checked kernels' bad accesses (FaultChecks.h).
}

void AcceleratorViewImpl::flush() {
  if (!Dev.isHost())
    queue().flush();
}

std::shared_future<void> AcceleratorViewImpl::marker() {
  auto Promise = std::make_shared<std::promise<void>>();
  std::shared_future<void> F = Promise->get_future().share();
  if (Dev.isHost()) {
    Promise->set_value();
    return F;
  }
  const Queue &Q = queue();
  Backend &B = *Dev.backend();
  // The callback fulfils the promise on a backend thread: no thread of ours
  // waits for the device.
  Q.marker().onComplete([Promise, &B](int Status) {
    if (Status)
      Promise->set_exception(std::make_exception_ptr(Concurrency::runtime_exception(
          std::string("a command before the marker failed: ") +
              B.errorName(Status) + " (" + std::to_string(Status) + ")",
          Status)));
    else
      Promise->set_value();
  });
  Q.flush();
  return F;
}

// --- Discovery ------------------------------------------------------------------

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

/// Why no device was listed. Built on first use: a program's global
/// `accelerator` lists the devices during static initialisation, which may
/// come before this file's (a namespace-scope std::string was assigned
/// there before its constructor ran, and the program crashed).
static std::string &noOpenCLReason() {
  static std::string &Reason = *new std::string;
  return Reason;
}

const std::string &noOpenCLDeviceReason() {
  allDevices();
  return noOpenCLReason();
}

/// A GPU that another backend lists already: NVIDIA's GPUs, which the CUDA
/// backend (listed first) runs when it can; AMPCC_BACKEND=cuda leaves them
/// to CUDA alone.
static bool listedElsewhere(const Backend &B, const DeviceProperties &P,
                            bool CudaHasDevices) {
  bool NvidiaGpu = P.Kind == DeviceKind::GPU && P.Vendor.find("NVIDIA") != std::string::npos;
  return std::string(B.pathPrefix()) != "cuda" && NvidiaGpu &&
         (CudaHasDevices || env().Backend == BackendChoice::Cuda);
}

/// What discovery found so far: backends are listed one at a time, in
/// allBackends()' order, and only as far as someone needs. A program whose
/// default accelerator is a CUDA GPU never lists OpenCL's platforms (about
/// 100 ms of a first run on the H200 machines, NVIDIA's OpenCL platform
/// included) unless it asks for every device or for one CUDA lacks.
struct Discovery {
  std::mutex Lock;
  size_t Listed = 0; ///< allBackends()[0, Listed) are listed.
  std::vector<Device *> Devices;
  bool CudaHasDevices = false;
  std::string WhyNone; ///< The first backend's reason for listing none.
};

static Discovery &discovery() {
  // Never destroyed, like the Devices it holds (see Device.h).
  static Discovery &D = *new Discovery;
  return D;
}

/// Lists backend \p B into \p D (Lock held).
static void listBackend(Discovery &D, Backend &B) {
  HostStep Step("device discovery", B.name());
  DeviceListing L = B.listDevices();
  if (std::string(B.pathPrefix()) == "cuda") {
    D.CudaHasDevices = !L.Devices.empty();
    // One line on which backend runs NVIDIA's GPUs, and why.
    if (env().Verbose)
      std::fprintf(stderr, "ampcc: %s\n",
                   D.CudaHasDevices ? "NVIDIA GPUs run through CUDA"
                                    : ("no CUDA devices: " + L.WhyNone +
                                       "; GPUs run through OpenCL").c_str());
    L.WhyNone.clear(); // The reason for no devices at all is OpenCL's.
  }
  L.Devices.erase(std::remove_if(L.Devices.begin(), L.Devices.end(),
                                 [&](const BackendDevice &BD) {
                                   return listedElsewhere(B, BD.Props, D.CudaHasDevices);
                                 }),
                  L.Devices.end());
  if (D.WhyNone.empty())
    D.WhyNone = L.WhyNone;
  // One shared context per group (platform). Never destroyed, like the
  // Devices (see Device.h); held by a list that is never destroyed either,
  // so that LeakSanitizer sees it reachable.
  static auto &Contexts = *new std::vector<std::unique_ptr<PlatformContext>>;
  std::map<unsigned, PlatformContext *> Groups;
  for (BackendDevice &BD : L.Devices) {
    PlatformContext *&Shared = Groups[BD.Group];
    if (!Shared) {
      Contexts.push_back(std::make_unique<PlatformContext>());
      Shared = Contexts.back().get();
    }
    DeviceInfo Info;
    static_cast<DeviceProperties &>(Info) = std::move(BD.Props);
    Info.Path = std::string(B.pathPrefix()) + ":" + std::to_string(BD.Group) + ":" +
                std::to_string(BD.Index);
    D.Devices.push_back(new Device(B, BD.Id, std::move(Info), Shared));
    Shared->Members.push_back(BD.Id);
  }
}

/// Lists backends until \p Enough says the devices so far suffice, or
/// every backend is listed; Enough sees each device listed once.
static void discoverUntil(const std::function<bool(Device *)> &Enough) {
  Discovery &D = discovery();
  std::lock_guard<std::mutex> Guard(D.Lock);
  for (Device *Dev : D.Devices)
    if (Enough(Dev))
      return;
  const std::vector<Backend *> &Backends = allBackends();
  while (D.Listed < Backends.size()) {
    size_t From = D.Devices.size();
    listBackend(D, *Backends[D.Listed++]);
    for (size_t I = From; I < D.Devices.size(); ++I)
      if (Enough(D.Devices[I]))
        return;
  }
}

const std::vector<Device *> &allDevices() {
  // Never destroyed, like the Devices it holds (see Device.h): a static
  // vector would be freed at exit, before other static destructors that may
  // still look a device up, and would leave the Devices unreachable
  // (LeakSanitizer reported them in ampcc-ls).
  static const std::vector<Device *> &Devices = *new std::vector<Device *>([] {
    discoverUntil([](Device *) { return false; });
    Discovery &Found = discovery();
    std::vector<Device *> D = Found.Devices;
    noOpenCLReason() = D.empty() ? Found.WhyNone : std::string();
    std::vector<Device *> Emulated = emulatedDevices(D, noOpenCLReason());
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
  // the same kernels under its own name. The first GPU of the backends'
  // order, found listing no further than it.
  Device *Gpu = nullptr;
  discoverUntil([&Gpu](Device *D) {
    if (D->isGPU() && !D->isSoftwareEmulation())
      Gpu = D;
    return Gpu != nullptr;
  });
  if (Gpu)
    return *Gpu;
  const std::vector<Device *> &Devices = allDevices();
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
