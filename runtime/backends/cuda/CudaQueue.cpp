//===- CudaQueue.cpp - commands on a CUDA stream -------------------------===//
//
// A queue is a non-blocking stream (it never waits for the legacy default
// stream). Kernels take their global offset as three trailing 64-bit
// arguments (kernel_abi.h, PtxModule); a grid larger than CUDA allows along
// y or z (65535 blocks) is launched in parts, each with its offset.
//
//===----------------------------------------------------------------------===//

#include "backends/cuda/CudaBackend.h"
#include "backends/cuda/CudaRegistered.h"
#include "backends/cuda/CudaStaging.h"

#include "ampcc/exceptions.h"
#include "observation/Profile.h"
#include "observation/Stats.h"
#include "support/Region.h"

#include <algorithm>
#include <cstring>
#include <vector>

namespace ampcc {
namespace rt {

using namespace cuda;

static Stream &stream(void *Q) { return *static_cast<Stream *>(Q); }
static Memory &memory(void *B) { return *static_cast<Memory *>(B); }

/// A block shape for a launch whose shape the runtime left open: per
/// dimension, the largest divisor of its size within what is left of 256
/// threads and within CUDA's limit for the dimension (an NDRange must be
/// whole blocks; a block is at most 64 deep, which a domain of rank 4 and
/// more, folded into z, passes easily: 6*5*4*3 gave 120).
static void chooseBlock(const size_t Size[3], size_t Block[3]) {
  const size_t MaxBlock[3] = {1024, 1024, 64};
  size_t Budget = 256;
  for (int D = 0; D < 3; ++D) {
    size_t B = std::min({Budget, Size[D], MaxBlock[D]});
    while (B > 1 && Size[D] % B)
      --B;
    Block[D] = std::max<size_t>(B, 1);
    Budget /= Block[D];
  }
}

void CudaBackend::launch(void *Q, void *Kernel, const LaunchPart &Part, Event *Done,
                         const std::string &For) {
  Stream &S = stream(Q);
  Function &F = *static_cast<Function *>(Kernel);
  enter(*S.Ctx);
  size_t Size[3] = {1, 1, 1}, Block[3] = {1, 1, 1};
  uint64_t Base[3] = {0, 0, 0};
  for (uint32_t D = 0; D < Part.Dims && D < 3; ++D) {
    Size[D] = Part.Size[D];
    Base[D] = Part.Offset ? Part.Offset[D] : 0;
  }
  if (Part.Local)
    for (uint32_t D = 0; D < Part.Dims && D < 3; ++D)
      Block[D] = Part.Local[D];
  else
    chooseBlock(Size, Block);
  size_t Grid[3];
  for (int D = 0; D < 3; ++D) {
    if (Size[D] % Block[D])
      fail(1 /*CUDA_ERROR_INVALID_VALUE*/,
           "launching " + For + ": the work-group shape does not divide the domain");
    Grid[D] = Size[D] / Block[D];
  }
  // CUDA's limits on a grid: 2^31-1 blocks along x, 65535 along y and z.
  const size_t Max[3] = {0x7fffffff, 65535, 65535};
  uint64_t Offset[3];
  std::vector<void *> Params;
  for (std::vector<unsigned char> &A : F.Args)
    Params.push_back(A.data());
  for (uint64_t &O : Offset)
    Params.push_back(&O);
  TimedEnqueue Timed(S); // The parts together: profileLaunch takes one.
  for (size_t Z = 0; Z < Grid[2]; Z += Max[2])
    for (size_t Y = 0; Y < Grid[1]; Y += Max[1])
      for (size_t X = 0; X < Grid[0]; X += Max[0]) {
        const size_t At[3] = {X, Y, Z};
        unsigned Blocks[3];
        for (int D = 0; D < 3; ++D) {
          Blocks[D] = unsigned(std::min(Max[D], Grid[D] - At[D]));
          Offset[D] = Base[D] + At[D] * Block[D];
        }
        check(Api->cuLaunchKernel(F.Handle, Blocks[0], Blocks[1], Blocks[2],
                                  unsigned(Block[0]), unsigned(Block[1]),
                                  unsigned(Block[2]), 0, S.Handle, Params.data(),
                                  nullptr),
              "launching " + For);
      }
  if (Done)
    *Done = marker(Q, For);
}

Event CudaBackend::marker(void *Q, const std::string &For) {
  Stream &S = stream(Q);
  enter(*S.Ctx);
  auto *E = new cuda::Marker;
  retain(ObjectKind::Context, S.Ctx);
  E->Ctx = S.Ctx;
  Event Handle = Event(Event::adopt(*this, E));
  {
    std::lock_guard<std::mutex> Guard(S.Ctx->EventLock);
    if (!S.Ctx->FreeEvents.empty()) {
      E->Handle = S.Ctx->FreeEvents.back();
      S.Ctx->FreeEvents.pop_back();
    }
  }
  if (!E->Handle)
    check(Api->cuEventCreate(&E->Handle, CU_EVENT_DISABLE_TIMING),
          "creating an event " + For);
  check(Api->cuEventRecord(E->Handle, S.Handle), "recording an event " + For);
  return Handle;
}

void CudaBackend::waitFor(void *Q, const Event &E) {
  auto *Ev = static_cast<cuda::Marker *>(E.raw());
  if (!Ev || !Ev->Handle)
    return;
  enter(*stream(Q).Ctx);
  check(Api->cuStreamWaitEvent(stream(Q).Handle, Ev->Handle, 0),
        "making a stream wait for an event");
}

void CudaBackend::flush(void *) {
  // The driver submits every command as it is enqueued.
}

int CudaBackend::finish(void *Q) {
  enter(*stream(Q).Ctx);
  return Api->cuStreamSynchronize(stream(Q).Handle);
}

// --- Transfers --------------------------------------------------------------

/// Describes slice \p Z of rectangle \p R from \p Src to \p Dst in \p C
/// (CUDA_MEMCPY3D or its peer form: the same fields).
template <class Params>
static void describe(Params &C, const Rect &R, size_t Z, Side Src, Side Dst) {
  std::memset(&C, 0, sizeof C);
  size_t SrcAt = R.SrcOffset + Z * R.SrcSlicePitch;
  size_t DstAt = R.DstOffset + Z * R.DstSlicePitch;
  C.srcMemoryType = Src.Device ? CU_MEMORYTYPE_DEVICE : CU_MEMORYTYPE_HOST;
  C.srcDevice = Src.Device ? Src.Ptr + SrcAt : 0;
  C.srcHost = Src.Device ? nullptr : static_cast<const char *>(Src.Host) + SrcAt;
  C.dstMemoryType = Dst.Device ? CU_MEMORYTYPE_DEVICE : CU_MEMORYTYPE_HOST;
  C.dstDevice = Dst.Device ? Dst.Ptr + DstAt : 0;
  C.dstHost = Dst.Device ? nullptr
                         : const_cast<char *>(static_cast<const char *>(Dst.Host)) + DstAt;
  C.srcPitch = std::max(R.SrcRowPitch, R.Region[0]);
  C.dstPitch = std::max(R.DstRowPitch, R.Region[0]);
  C.WidthInBytes = R.Region[0];
  C.Height = R.Region[1];
  C.Depth = 1;
}

/// Copies rectangle \p R from \p Src to \p Dst on \p S, one 2D copy per
/// slice (the slice pitch need not be a whole number of rows).
CUresult cuda::copyRect(const Api &A, CUstream S, const Rect &R, Side Src, Side Dst) {
  bool Peer = Src.Device && Dst.Device && Src.Ctx && Dst.Ctx && Src.Ctx != Dst.Ctx;
  for (size_t Z = 0; Z < R.Region[2]; ++Z) {
    CUresult Err;
    if (Peer) {
      CUDA_MEMCPY3D_PEER C;
      describe(C, R, Z, Src, Dst);
      C.srcContext = Src.Ctx;
      C.dstContext = Dst.Ctx;
      Err = A.cuMemcpy3DPeerAsync(&C, S);
    } else {
      CUDA_MEMCPY3D C;
      describe(C, R, Z, Src, Dst);
      Err = A.cuMemcpy3DAsync(&C, S);
    }
    if (Err)
      return Err;
  }
  return CUDA_SUCCESS;
}

void CudaBackend::timedCopyRect(Stream &S, const Rect &R, Side Src, Side Dst,
                                const char *What) {
  TimedEnqueue Timed(S);
  check(copyRect(*Api, S.Handle, R, Src, Dst), What);
}

/// Whether a transfer of \p R between ordinary memory at \p Host and the
/// device goes through the staging blocks: a large one, and any that
/// touches memory registered for another (CudaRegistered.h says why).
static bool staged(const DeviceContext &C, const std::vector<Rect> &R, const void *Host,
                   bool ToDevice) {
  if (stagesTransfer(C.Integrated, totalBytes(R)))
    return true;
  const void *Lo, *Hi;
  hostSpan(R, Host, ToDevice, Lo, Hi);
  return touchesRegistered(Lo, Hi);
}

void CudaBackend::read(void *Q, void *B, bool Blocking, size_t Offset, size_t Bytes,
                       void *Host, Event *Done, const std::string &For) {
  Stream &S = stream(Q);
  enter(*S.Ctx);
  check(Api->cuMemcpyDtoHAsync(Host, memory(B).Ptr + Offset, Bytes, S.Handle),
        "reading " + std::to_string(Bytes) + " bytes " + For);
  if (Done)
    *Done = marker(Q, For);
  if (Blocking)
    check(Api->cuStreamSynchronize(S.Handle), "waiting for a read " + For);
}

void CudaBackend::readRects(void *Q, void *B, const std::vector<Rect> &R, void *Host,
                            bool HostPinned) {
  Stream &S = stream(Q);
  enter(*S.Ctx);
  if (!HostPinned && staged(*S.Ctx, R, Host, false)) {
    StagingOnStream Port(*this, S, memory(B));
    if (stagedRead(Port, R, Host))
      return;
  }
  for (const Rect &One : R) {
    timedCopyRect(S, One, {true, memory(B).Ptr, nullptr}, {false, 0, Host},
                  "reading a rectangle of a buffer");
    noteDeviceToHost(One.bytes());
  }
  check(Api->cuStreamSynchronize(S.Handle), "waiting for reads");
}

Upload CudaBackend::writeRects(void *Q, void *B, const std::vector<Rect> &R,
                               const void *Host, bool HostPinned, bool Async) {
  Stream &S = stream(Q);
  enter(*S.Ctx);
  if (!HostPinned && staged(*S.Ctx, R, Host, true)) {
    StagingOnStream Port(*this, S, memory(B));
    if (stagedWrite(Port, R, Host)) {
      // The host memory is read no more; the stream orders what follows
      // after the pieces' copies.
      Upload U;
      U.Last = marker(Q, "after writes through page-locked memory");
      return U;
    }
  }
  for (const Rect &One : R) {
    timedCopyRect(S, One, {false, 0, Host}, {true, memory(B).Ptr, nullptr},
                  "writing a rectangle of a buffer");
    noteHostToDevice(One.bytes());
  }
  Upload U;
  if (Async) {
    U.Last = marker(Q, "after writes");
    U.ReadsHost = true;
  } else {
    HostStep Step("wait for writes");
    check(Api->cuStreamSynchronize(S.Handle), "waiting for writes");
  }
  return U;
}

void CudaBackend::copyRects(void *Q, void *Src, void *Dst, const std::vector<Rect> &R) {
  Stream &S = stream(Q);
  enter(*S.Ctx);
  for (const Rect &One : R) {
    timedCopyRect(S, One, {true, memory(Src).Ptr, nullptr}, {true, memory(Dst).Ptr, nullptr},
                  "copying a rectangle between buffers");
    noteDeviceToDevice(One.bytes());
  }
}

void CudaBackend::copyThroughHost(const Queue &SrcQ, const Buffer &Src, const Queue &DstQ,
                                  const Buffer &Dst, const std::vector<Rect> &R) {
  for (const Rect &One : R) {
    // Packed on the host: the source's layout on one side, the
    // destination's on the other.
    std::vector<unsigned char> Packed(One.bytes());
    Rect In = One, Out = One;
    In.DstOffset = Out.SrcOffset = 0;
    In.DstRowPitch = Out.SrcRowPitch = One.Region[0];
    In.DstSlicePitch = Out.SrcSlicePitch = One.Region[0] * One.Region[1];
    readRects(SrcQ.raw(), Src.raw(), {In}, Packed.data(), false);
    writeRects(DstQ.raw(), Dst.raw(), {Out}, Packed.data(), false, false);
  }
}

void CudaBackend::fill(void *Q, void *B, const void *Pattern, size_t PatternBytes,
                       size_t Offset, size_t Bytes, const std::string &For) {
  Stream &S = stream(Q);
  enter(*S.Ctx);
  CUdeviceptr At = memory(B).Ptr + Offset;
  std::string What = "filling " + std::to_string(Bytes) + " bytes " + For;
  if (PatternBytes == 1 || PatternBytes == 2 || PatternBytes == 4) {
    uint32_t V = 0;
    std::memcpy(&V, Pattern, PatternBytes);
    if (PatternBytes == 1)
      check(Api->cuMemsetD8Async(At, uint8_t(V), Bytes, S.Handle), What);
    else if (PatternBytes == 2)
      check(Api->cuMemsetD16Async(At, uint16_t(V), Bytes / 2, S.Handle), What);
    else
      check(Api->cuMemsetD32Async(At, V, Bytes / 4, S.Handle), What);
    return;
  }
  // Any other pattern: once from the host, then copies that double it.
  check(Api->cuMemcpyHtoDAsync(At, Pattern, std::min(PatternBytes, Bytes), S.Handle), What);
  check(Api->cuStreamSynchronize(S.Handle), What);
  for (size_t Done = PatternBytes; Done < Bytes;) {
    size_t N = std::min(Done, Bytes - Done);
    check(Api->cuMemcpyDtoDAsync(At + Done, At, N, S.Handle), What);
    Done += N;
  }
}

} // namespace rt
} // namespace ampcc
