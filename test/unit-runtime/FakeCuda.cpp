//===- FakeCuda.cpp - a CUDA driver without a GPU, for the backend's tests -===//
//
// The entry points of libcuda.so.1 that the CUDA backend opens
// (runtime/backends/cuda/CudaApi.h), over host memory: one device of
// compute capability 8.0 (FAKE_CUDA_DEVICES=N: N of them, each with its
// own primary context, able to reach each other's memory), streams that run each command at once, modules
// that are PTX text, and launches that run nothing but are recorded with
// their grid, block and argument bytes (sized from the PTX's .param list),
// so that tests can check what the backend passed. PTX that says
// `.version 99` is refused as too new, as an old driver refuses new PTX.
//
//===----------------------------------------------------------------------===//

#include "FakeCuda.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace {
using CUresult = int;
using CUdeviceptr = unsigned long long;

struct FakeModule {
  std::string Ptx;
};
struct FakeFunction {
  std::vector<size_t> ParamBytes;
};

/// cuMemcpy3DAsync_v2's parameters (the driver's layout).
struct Memcpy3D {
  size_t srcXInBytes, srcY, srcZ, srcLOD;
  int srcMemoryType;
  const void *srcHost;
  CUdeviceptr srcDevice;
  void *srcArray, *srcContext; // Reserved but for peer copies.
  size_t srcPitch, srcHeight;
  size_t dstXInBytes, dstY, dstZ, dstLOD;
  int dstMemoryType;
  void *dstHost;
  CUdeviceptr dstDevice;
  void *dstArray, *dstContext;
  size_t dstPitch, dstHeight;
  size_t WidthInBytes, Height, Depth;
};

std::vector<FakeLaunch> &launches() {
  static std::vector<FakeLaunch> L;
  return L;
}

size_t scalarBytes(const std::string &Type) {
  if (Type.size() < 3)
    return 0;
  return size_t(std::atoi(Type.c_str() + 2)) / 8;
}

/// The byte size of each .param of entry \p Name, or false without one.
bool parseParams(const std::string &Ptx, const char *Name, std::vector<size_t> &Out) {
  std::string Key = std::string(".entry ") + Name + "(";
  size_t At = Ptx.find(Key);
  if (At == std::string::npos)
    return false;
  size_t End = Ptx.find(')', At);
  std::string List = Ptx.substr(At + Key.size(), End - At - Key.size());
  for (size_t P = List.find(".param"); P != std::string::npos;
       P = List.find(".param", P + 1)) {
    size_t LineEnd = List.find_first_of(",\n", P);
    std::string Line = List.substr(P, LineEnd - P);
    size_t Bytes = 0;
    for (const char *T : {".u64", ".s64", ".b64", ".f64", ".u32", ".s32", ".b32",
                          ".f32", ".u16", ".b16", ".b8"})
      if (Line.find(std::string(T) + " ") != std::string::npos) {
        Bytes = scalarBytes(T);
        break;
      }
    if (size_t Open = Line.find('['); Open != std::string::npos)
      Bytes *= size_t(std::atoi(Line.c_str() + Open + 1));
    Out.push_back(Bytes);
  }
  return true;
}
} // namespace

extern "C" {
const FakeLaunch *fakeCudaLaunches(int *Count) {
  *Count = int(launches().size());
  return launches().data();
}
void fakeCudaReset() { launches().clear(); }
static int ModuleLoads = 0;
int fakeCudaModuleLoads() { return ModuleLoads; }

CUresult cuInit(unsigned) { return 0; }
CUresult cuDriverGetVersion(int *V) { return *V = 13000, 0; }
CUresult cuGetErrorName(CUresult E, const char **Name) {
  static const std::map<int, const char *> Names = {
      {0, "CUDA_SUCCESS"}, {1, "CUDA_ERROR_INVALID_VALUE"},
      {2, "CUDA_ERROR_OUT_OF_MEMORY"}, {222, "CUDA_ERROR_UNSUPPORTED_PTX_VERSION"},
      {500, "CUDA_ERROR_NOT_FOUND"}, {600, "CUDA_ERROR_NOT_READY"}};
  auto It = Names.find(E);
  *Name = It == Names.end() ? nullptr : It->second;
  return It == Names.end() ? 1 : 0;
}
static int deviceCount() {
  const char *N = std::getenv("FAKE_CUDA_DEVICES");
  return N && std::atoi(N) > 0 ? std::min(std::atoi(N), 8) : 1;
}
CUresult cuDeviceGetCount(int *N) { return *N = deviceCount(), 0; }
CUresult cuDeviceGet(int *D, int I) { return *D = I, 0; }
CUresult cuDeviceGetName(char *Name, int Len, int) {
  std::strncpy(Name, "Fake CUDA GPU", size_t(Len));
  return 0;
}
CUresult cuDeviceGetAttribute(int *V, int Which, int) {
  switch (Which) {
  case 1: *V = 1024; break;          // threads per block
  case 6: *V = 65535; break;         // grid y
  case 8: *V = 49152; break;         // shared memory per block
  case 16: *V = 4; break;            // multiprocessors
  case 75: *V = 8; break;            // compute capability 8.0
  case 76: *V = 0; break;
  default: *V = 0; break;
  }
  return 0;
}
CUresult cuDeviceTotalMem_v2(size_t *Bytes, int) { return *Bytes = size_t(1) << 30, 0; }
CUresult cuDevicePrimaryCtxRetain(void **Ctx, int D) {
  static int Contexts[8];
  return *Ctx = &Contexts[D], 0;
}
CUresult cuDeviceCanAccessPeer(int *Can, int D, int Peer) {
  return *Can = D != Peer, 0;
}
// Peer access enabled and copies between contexts: counted
// (fakeCudaPeerCopies), so tests see copies between GPUs stay off the host.
static int PeerAccessEnabled = 0, PeerCopies = 0;
CUresult cuCtxEnablePeerAccess(void *, unsigned) { return ++PeerAccessEnabled, 0; }
int fakeCudaPeerCopies() { return PeerCopies; }
int fakeCudaPeerAccessEnabled() { return PeerAccessEnabled; }
CUresult cuCtxSetCurrent(void *) { return 0; }
CUresult cuStreamCreate(void **S, unsigned) { return *S = new int(0), 0; }
CUresult cuStreamDestroy_v2(void *S) { return delete static_cast<int *>(S), 0; }
CUresult cuStreamSynchronize(void *) { return 0; }
CUresult cuStreamWaitEvent(void *, void *, unsigned) { return 0; }
// A clock for events: a launch takes 1 ms and a copy 1 ns a byte (1 GB/s),
// so that the profile's device times are known exactly. An event holds the
// clock's reading when recorded (commands run at once).
static long long ClockNs = 0;
static int EventsCreated = 0;
CUresult cuEventCreate(void **E, unsigned) { return ++EventsCreated, *E = new long long(0), 0; }
int fakeCudaEventsCreated() { return EventsCreated; }
CUresult cuEventRecord(void *E, void *) { return *static_cast<long long *>(E) = ClockNs, 0; }
CUresult cuEventSynchronize(void *) { return 0; }
CUresult cuEventQuery(void *) { return 0; }
CUresult cuEventDestroy_v2(void *E) { return delete static_cast<long long *>(E), 0; }
CUresult cuEventElapsedTime(float *Ms, void *From, void *To) {
  *Ms = float(*static_cast<long long *>(To) - *static_cast<long long *>(From)) / 1e6f;
  return 0;
}
CUresult cuMemAlloc_v2(CUdeviceptr *P, size_t Bytes) {
  return *P = reinterpret_cast<CUdeviceptr>(std::calloc(1, Bytes)), 0;
}
CUresult cuMemFree_v2(CUdeviceptr P) { return std::free(reinterpret_cast<void *>(P)), 0; }
CUresult cuMemAllocHost_v2(void **P, size_t Bytes) { return *P = std::calloc(1, Bytes), 0; }
CUresult cuMemFreeHost(void *P) { return std::free(P), 0; }
// Registered host memory: counted, so that tests see registrations made and
// dropped (fakeCudaRegistrations).
static int Registrations = 0;
CUresult cuMemHostRegister_v2(void *, size_t, unsigned) { return ++Registrations, 0; }
CUresult cuMemHostUnregister(void *) { return --Registrations, 0; }
int fakeCudaRegistrations() { return Registrations; }
CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr D, const void *H, size_t N, void *) {
  ClockNs += (long long)N;
  return std::memcpy(reinterpret_cast<void *>(D), H, N), 0;
}
CUresult cuMemcpyDtoHAsync_v2(void *H, CUdeviceptr D, size_t N, void *) {
  ClockNs += (long long)N;
  return std::memcpy(H, reinterpret_cast<void *>(D), N), 0;
}
CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr D, CUdeviceptr S, size_t N, void *) {
  ClockNs += (long long)N;
  return std::memmove(reinterpret_cast<void *>(D), reinterpret_cast<void *>(S), N), 0;
}
CUresult cuMemcpy3DAsync_v2(const Memcpy3D *C, void *) {
  auto *Src = static_cast<const char *>(C->srcMemoryType == 1
                                            ? C->srcHost
                                            : reinterpret_cast<void *>(C->srcDevice));
  auto *Dst = static_cast<char *>(C->dstMemoryType == 1
                                      ? C->dstHost
                                      : reinterpret_cast<void *>(C->dstDevice));
  ClockNs += (long long)(C->WidthInBytes * C->Height * C->Depth);
  for (size_t Z = 0; Z < C->Depth; ++Z)
    for (size_t Y = 0; Y < C->Height; ++Y)
      std::memcpy(Dst + (Z * C->dstHeight + Y) * C->dstPitch,
                  Src + (Z * C->srcHeight + Y) * C->srcPitch, C->WidthInBytes);
  return 0;
}
CUresult cuMemcpy3DPeerAsync(const Memcpy3D *C, void *S) {
  if (!C->srcContext || !C->dstContext || C->srcContext == C->dstContext)
    return 1; // CUDA_ERROR_INVALID_VALUE: not a copy between contexts.
  ++PeerCopies;
  return cuMemcpy3DAsync_v2(C, S);
}
CUresult cuMemsetD8Async(CUdeviceptr D, unsigned char V, size_t N, void *) {
  return std::memset(reinterpret_cast<void *>(D), V, N), 0;
}
CUresult cuMemsetD16Async(CUdeviceptr D, unsigned short V, size_t N, void *) {
  for (size_t I = 0; I < N; ++I)
    reinterpret_cast<unsigned short *>(D)[I] = V;
  return 0;
}
CUresult cuMemsetD32Async(CUdeviceptr D, unsigned V, size_t N, void *) {
  for (size_t I = 0; I < N; ++I)
    reinterpret_cast<unsigned *>(D)[I] = V;
  return 0;
}
CUresult cuModuleLoadDataEx(void **M, const void *Image, unsigned N, int *Options,
                            void **Values) {
  std::string Ptx = static_cast<const char *>(Image);
  ++ModuleLoads;
  if (Ptx.find(".version 99") != std::string::npos) {
    for (unsigned I = 0; I < N; ++I)
      if (Options[I] == 5) // CU_JIT_ERROR_LOG_BUFFER
        std::strcpy(static_cast<char *>(Values[I]), "ptxas fatal: unsupported .version 99");
    return 222;
  }
  return *M = new FakeModule{Ptx}, 0;
}
CUresult cuModuleUnload(void *M) { return delete static_cast<FakeModule *>(M), 0; }
CUresult cuModuleGetFunction(void **F, void *M, const char *Name) {
  auto *Fn = new FakeFunction;
  if (!parseParams(static_cast<FakeModule *>(M)->Ptx, Name, Fn->ParamBytes)) {
    delete Fn;
    return 500;
  }
  return *F = Fn, 0;
}
CUresult cuFuncGetAttribute(int *V, int Which, void *) {
  *V = Which == 0 ? 1024 : 0;
  return 0;
}
CUresult cuLaunchKernel(void *F, unsigned Gx, unsigned Gy, unsigned Gz, unsigned Bx,
                        unsigned By, unsigned Bz, unsigned, void *, void **Params,
                        void **) {
  // The driver's limits on a block (every GPU since Fermi).
  if (!Bx || !By || !Bz || Bx > 1024 || By > 1024 || Bz > 64 || uint64_t(Bx) * By * Bz > 1024)
    return 1; // CUDA_ERROR_INVALID_VALUE
  FakeLaunch L = {{Gx, Gy, Gz}, {Bx, By, Bz}, {}, 0};
  for (size_t Bytes : static_cast<FakeFunction *>(F)->ParamBytes) {
    if (L.Bytes + Bytes > sizeof L.Args)
      return 1;
    std::memcpy(L.Args + L.Bytes, Params[L.NumArgs++], Bytes);
    L.Bytes += Bytes;
  }
  launches().push_back(L);
  ClockNs += 1000000;
  return 0;
}
} // extern "C"
