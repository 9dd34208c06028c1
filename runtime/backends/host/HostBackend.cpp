//===- HostBackend.cpp - devices, memory and commands on the host ---------===//

#include "backends/host/HostBackend.h"

#include "ampcc/exceptions.h"
#include "ampcc/runtime_api.h"
#include "observation/Stats.h"
#include "support/Env.h"
#include "support/GuardedPages.h"
#include "support/Region.h"
#include "transfers/HostCopy.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <mutex>
#include <thread>

namespace ampcc {
namespace rt {

namespace {

/// The backend's error codes (its own; no API stands behind them).
enum : int {
  NoBinary = -1,      ///< Host programs are never binaries.
  MissingKernel = -2, ///< The table has no such kernel.
  NotCompiled = -3,   ///< The program has no host kernels.
};

struct HostContext final : HostObject {};

struct HostQueue final : HostObject {
  explicit HostQueue(void *Ctx) : Ctx(Ctx) {}
  void *Ctx; ///< A HostContext this queue holds a reference to.
  ~HostQueue() override { hostBackend().release(ObjectKind::Context, Ctx); }
};


HostObject *object(void *Raw) { return static_cast<HostObject *>(Raw); }
HostBuffer *buffer(void *Raw) { return static_cast<HostBuffer *>(object(Raw)); }
HostKernel *kernelOf(void *Raw) { return static_cast<HostKernel *>(object(Raw)); }

template <class T> void *raw(T *Object) { return static_cast<HostObject *>(Object); }

/// "Intel(R) Xeon(R) ..." from /proc/cpuinfo, else a generic name.
std::string cpuName() {
  std::ifstream In("/proc/cpuinfo");
  for (std::string Line; std::getline(In, Line);)
    if (Line.rfind("model name", 0) == 0) {
      size_t Colon = Line.find(':');
      if (Colon != std::string::npos && Colon + 2 <= Line.size())
        return Line.substr(Colon + 2);
    }
  return "host CPU";
}

/// The sources whose kernels were compiled for the host, by address: the
/// stub registers the very array it hands the runtime as the program text.
struct HostTables {
  std::mutex Lock;
  std::map<const char *, HostTable> BySource;
};
HostTables &hostTables() {
  static HostTables *T = new HostTables; // Never destroyed, like the stubs' data.
  return *T;
}

/// Copies rectangle by rectangle and counts each as the OpenCL backend does
/// (observation/Stats.h: tests and the bench read the counts, whatever
/// memory the device has), each a command of its own for the profile.
void copyCounted(void *Q, const void *Src, void *Dst, const std::vector<Rect> &R,
                 void (*Note)(size_t)) {
  for (const Rect &One : R) {
    {
      ProfiledCommand Command(Q);
      hostRects(Src, Dst, {One});
    }
    Note(One.bytes());
  }
}

int DeviceId; // Any address that lives as long as the process.

} // namespace

// Buffers sit in guarded pages, as the OpenCL backend gives a CPU device's
// (support/GuardedPages.h): a kernel built without robust access that
// writes past its array never reaches the host heap.
HostBuffer::HostBuffer(size_t N) : Bytes(N) {
  Data = static_cast<unsigned char *>(mapGuardedPages(N));
  if (!Data)
    throw Concurrency::out_of_memory(
        ("out of host memory for a buffer of " + std::to_string(N) + " bytes").c_str());
}
HostBuffer::~HostBuffer() {
  if (Owned)
    unmapGuardedPages(Data, Bytes);
}

const void *hostDeviceId() { return &DeviceId; }

const std::string &hostDeviceName() {
  static const std::string *Name = new std::string(cpuName());
  return *Name;
}

HostBackend &hostBackend() {
  static HostBackend *B = new HostBackend; // Never destroyed (Backend.h).
  return *B;
}

bool findHostKernels(const char *Source, HostTable &Table) {
  HostTables &T = hostTables();
  std::lock_guard<std::mutex> Guard(T.Lock);
  auto It = T.BySource.find(Source);
  if (It == T.BySource.end())
    return false;
  Table = It->second;
  return true;
}

void registerHostKernels(const char *Source, const ampcc_host_kernel *Plain,
                         const ampcc_host_kernel *Covered, const char *Isa) {
  HostTables &T = hostTables();
  std::lock_guard<std::mutex> Guard(T.Lock);
  T.BySource[Source] = {Plain, Covered, Isa};
}

std::string whyHostCannotRunPrograms() {
  for (const ProgramDesc *P : notedPrograms()) {
    std::string File = P->SourceFile ? P->SourceFile : "a file";
    HostTable T;
    if (!findHostKernels(P->Source, T))
      return "the kernels of " + File +
             " were not compiled for the host (-fno-host-kernels, or their C compile failed)";
    std::string Missing = missingHostIsa(T.Isa);
    if (!Missing.empty())
      return "the host kernels of " + File + " use what this CPU lacks (" + Missing +
             "): compile them with a -march this CPU has";
  }
  return "";
}

void HostBackend::retain(ObjectKind, void *Raw) { ++object(Raw)->Refs; }
void HostBackend::release(ObjectKind, void *Raw) {
  if (--object(Raw)->Refs == 0)
    delete object(Raw);
}

void HostBackend::fail(int Code, const std::string &What) {
  throw Concurrency::runtime_exception(What + " failed on the host backend: " +
                                           errorName(Code),
                                       Concurrency::AMPCC_E_FAIL);
}

const char *HostBackend::errorName(int Code) {
  switch (Code) {
  case NoBinary:
    return "no program binaries on the host";
  case MissingKernel:
    return "no such kernel";
  case NotCompiled:
    return "kernels not compiled for the host (-fno-host-kernels)";
  default:
    return "unknown error";
  }
}

Backend::Failure HostBackend::failureOf(int Status) {
  return Status == MissingKernel ? Failure::MissingKernel : Failure::Other;
}

DeviceListing HostBackend::listDevices() {
  DeviceListing L;
#if defined(__x86_64__)
  // Listed unasked only where it runs every program (AMPCC_BACKEND=host
  // lists it anyway, and a launch says why it cannot run).
  if (env().Backend == BackendChoice::Default) {
    std::string Why = whyHostCannotRunPrograms();
    if (!Why.empty()) {
      if (env().Verbose)
        std::fprintf(stderr, "ampcc: no host device: %s\n", Why.c_str());
      return L;
    }
  }
  BackendDevice D;
  D.Id = &DeviceId;
  DeviceProperties &P = D.Props;
  unsigned Threads = std::max(1u, std::thread::hardware_concurrency());
  P.Name = hostDeviceName();
  P.PlatformName = "ampcc host";
  P.Vendor = "ampcc";
  P.DriverVersion = "1";
  P.VersionText = "host kernels (" + std::to_string(Threads) + " threads)";
  P.PlatformVersion = "1";
  P.Kind = DeviceKind::CPU;
  P.Version = 1u << 16 | 2u;
  // Host memory: the machine's.
  P.GlobalMemBytes = uint64_t(sysconf(_SC_PHYS_PAGES)) * uint64_t(sysconf(_SC_PAGESIZE));
  P.MaxAllocBytes = P.GlobalMemBytes;
  P.MaxWorkGroupSize = 1024;
  P.LocalMemBytes = 32 * 1024; // C++ AMP's tile_static limit.
  P.AddressBits = 64;
  P.SupportsDouble = true;
  P.HostUnifiedMemory = true;
  L.Devices.push_back(std::move(D));
#else
  // Tiles switch between work-items with an x86-64 context switch
  // (TileRunner.cpp).
  L.WhyNone = "the host backend runs on x86-64 only";
#endif
  return L;
}

Context HostBackend::createContext(const std::vector<void *> &, const std::string &,
                                   std::string *) {
  return Context::adopt(*this, raw(new HostContext));
}

Queue HostBackend::createQueue(const Context &C, void *, bool, const std::string &) {
  retain(ObjectKind::Context, C.raw());
  return Queue(Handle<ObjectKind::Queue>::adopt(*this, raw(new HostQueue(C.raw()))));
}

Context HostBackend::context(void *Q) {
  return Context::share(*this, static_cast<HostQueue *>(object(Q))->Ctx);
}

Buffer HostBackend::allocate(const Context &, size_t Bytes, const void *Init,
                             const std::string &) {
  auto *B = new HostBuffer(Bytes);
  if (Init)
    std::memcpy(B->Data, Init, Bytes);
  return Buffer::adopt(*this, raw(B));
}

Buffer HostBackend::wrapHost(const Context &, void *Host, size_t Bytes) {
  return Buffer::adopt(*this, raw(new HostBuffer(Host, Bytes)));
}

Buffer HostBackend::allocatePinned(const Context &C, const Queue &, size_t Bytes,
                                   void *&Host) {
  // Host memory is all the device has: the buffer is the host memory.
  Buffer B = allocate(C, Bytes, nullptr, "");
  Host = buffer(B.raw())->Data;
  return B;
}

size_t HostBackend::bufferBytes(const Buffer &B) { return buffer(B.raw())->Bytes; }

Program HostBackend::loadSource(const Context &, const char *Source, const std::string &For) {
  HostTable T;
  if (!findHostKernels(Source, T))
    throw Concurrency::runtime_exception(
        "the kernels of " + For + " were not compiled for the host backend "
        "(built with -fno-host-kernels, or ampcc warned that their C compile "
        "failed): rebuild it with ampcc, or choose another backend "
        "(AMPCC_BACKEND=opencl)",
        Concurrency::AMPCC_E_FAIL);
  std::string Missing = missingHostIsa(T.Isa);
  if (!Missing.empty())
    throw Concurrency::runtime_exception(
        "the host kernels of " + For + " need instructions this CPU lacks (" + Missing +
            "): compile them with a -march this CPU has, or choose another backend "
            "(AMPCC_BACKEND=opencl)",
        Concurrency::AMPCC_E_FAIL);
  auto *P = new HostProgram;
  P->Plain = T.Plain;
  P->Covered = T.Covered;
  return Program::adopt(*this, raw(P));
}

Program HostBackend::loadBinary(const Context &, void *, const std::vector<unsigned char> &,
                                int &Status) {
  Status = NoBinary;
  return Program();
}

int HostBackend::build(const Program &P, void *, const std::string &Options) {
  auto *HP = static_cast<HostProgram *>(object(P.raw()));
  HP->Built = Options.find(AMPCC_DOMAIN_COVERED_OPTION) != std::string::npos
                  ? HP->Covered
                  : HP->Plain;
  return 0;
}

Kernel HostBackend::kernel(const Program &P, const char *Name, int &Status) {
  auto *HP = static_cast<HostProgram *>(object(P.raw()));
  for (const ampcc_host_kernel *K = HP->Built; K && K->name; ++K)
    if (!std::strcmp(K->name, Name)) {
      auto *HK = new HostKernel;
      HK->Entry = K;
      HK->Args.resize(K->num_args);
      HK->Buffers.resize(K->num_args);
      return Kernel(Handle<ObjectKind::Kernel>::adopt(*this, raw(HK)));
    }
  Status = MissingKernel;
  return Kernel();
}

KernelProperties HostBackend::kernelProperties(const Kernel &K, void *) {
  KernelProperties P;
  P.MaxWorkGroupSize = 1024;
  P.LocalMemBytes = kernelOf(K.raw())->Entry->tile_static_bytes;
  return P;
}

Buffer HostBackend::imageFrom(const Context &, const Queue &, const CaptureDesc &,
                              const size_t *, const Buffer &, size_t) {
  fail(NotCompiled, "an image on the host"); // takesImage never says yes.
}
void HostBackend::imageTo(const Queue &, const Buffer &, const size_t *, const Buffer &,
                          size_t) {
  fail(NotCompiled, "an image on the host");
}

void HostBackend::deviceTimes(void *, uint64_t &Queued, uint64_t &Start, uint64_t &End) {
  Queued = Start = End = 0;
}

void HostBackend::onComplete(void *, std::function<void(int)> Done) { Done(0); }

Event HostBackend::marker(void *, const std::string &) {
  return Event(Handle<ObjectKind::Event>::adopt(*this, raw(new HostEvent)));
}

void HostBackend::setArg(void *K, unsigned Index, size_t Bytes, const void *Value,
                         const std::string &For) {
  HostKernel *HK = kernelOf(K);
  if (Index >= HK->Args.size())
    throw Concurrency::runtime_exception(
        "argument " + std::to_string(Index) + " of a kernel with " +
            std::to_string(HK->Args.size()) + " " + For,
        Concurrency::AMPCC_E_INVALIDARG);
  const auto *V = static_cast<const unsigned char *>(Value);
  HK->Args[Index].assign(V, V + Bytes);
  HK->Buffers[Index] = nullptr;
}

void HostBackend::setBufferArg(void *K, unsigned Index, void *Mem, const std::string &For) {
  // A __global pointer parameter: its value is the buffer's address.
  void *Address = Mem ? buffer(Mem)->Data : nullptr;
  setArg(K, Index, sizeof Address, &Address, For);
  kernelOf(K)->Buffers[Index] = Mem ? buffer(Mem) : nullptr;
}

void HostBackend::launch(void *Q, void *K, const LaunchPart &Part, Event *Done,
                         const std::string &) {
  HostKernel *HK = kernelOf(K);
  std::vector<void *> Args(HK->Args.size());
  // The buffers matter only to a kernel that may give threads copies.
  std::vector<BufferArg> Buffers;
  for (size_t I = 0; I < Args.size(); ++I) {
    Args[I] = HK->Args[I].data();
    if (const HostBuffer *B = HK->Buffers[I]; B && HK->Entry->owned)
      Buffers.push_back({unsigned(I), B->Data, B->Bytes});
  }
  ProfiledCommand Command(Q);
  runHostKernel(*HK->Entry, Args.data(), Buffers, Part);
  if (Done)
    *Done = marker(nullptr, "");
}

void HostBackend::read(void *, void *B, bool, size_t Offset, size_t Bytes, void *Host,
                       Event *Done, const std::string &) {
  std::memcpy(Host, buffer(B)->Data + Offset, Bytes);
  if (Done)
    *Done = marker(nullptr, "");
}

void HostBackend::readRects(void *Q, void *B, const std::vector<Rect> &R, void *Host, bool) {
  copyCounted(Q, buffer(B)->Data, Host, R, noteDeviceToHost);
}

Upload HostBackend::writeRects(void *Q, void *B, const std::vector<Rect> &R,
                               const void *Host, bool, bool) {
  copyCounted(Q, Host, buffer(B)->Data, R, noteHostToDevice);
  return Upload();
}

void HostBackend::copyRects(void *Q, void *Src, void *Dst, const std::vector<Rect> &R) {
  copyCounted(Q, buffer(Src)->Data, buffer(Dst)->Data, R, noteDeviceToDevice);
}

void HostBackend::copyThroughHost(const Queue &, const Buffer &Src, const Queue &DstQ,
                                  const Buffer &Dst, const std::vector<Rect> &R) {
  copyCounted(DstQ.raw(), buffer(Src.raw())->Data, buffer(Dst.raw())->Data, R,
              noteDeviceToDevice);
}

void HostBackend::fill(void *, void *B, const void *Pattern, size_t PatternBytes,
                       size_t Offset, size_t Bytes, const std::string &) {
  unsigned char *D = buffer(B)->Data + Offset;
  for (size_t I = 0; I + PatternBytes <= Bytes; I += PatternBytes)
    std::memcpy(D + I, Pattern, PatternBytes);
}

} // namespace rt
} // namespace ampcc
