//===- Launch.cpp - parallel_for_each: from closure bytes to NDRange ------===//
//
// launchKernel turns the closure object of a parallel_for_each into OpenCL
// kernel arguments, following the CaptureDescs that ampcc computed from the
// same closure type, makes the device copy of every captured view current,
// and enqueues the kernel. It does not wait for the kernel: the queue is in
// order and host reads are blocking, so the host sees the results when it
// asks for them and not before it has to.
//
//===----------------------------------------------------------------------===//

#include "ampcc/exceptions.h"
#include "ampcc/runtime_api.h"
#include "coherence/DataSource.h"
#include "coherence/Region.h"
#include "devices/Device.h"
#include "devices/InFlight.h"
#include "launches/FaultChecks.h"
#include "launches/Images.h"
#include "launches/KernelRegistry.h"
#include "launches/RobustSink.h"
#include "launches/WorkGroupShape.h"
#include "observation/Profile.h"
#include "observation/Stats.h"
#include "support/Env.h"
#include "support/Errors.h"

#include <cxxabi.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace ampcc {
namespace rt {

static std::string demangle(const char *TypeName) {
  int Status = 0;
  char *D = abi::__cxa_demangle(TypeName, nullptr, nullptr, &Status);
  std::string S = (Status == 0 && D) ? D : TypeName;
  std::free(D);
  return S;
}

/// "999x666", the way the spec's messages write extents.
template <typename T> static std::string dims(const T *V, uint32_t Rank) {
  std::string S;
  for (uint32_t I = 0; I < Rank; ++I)
    S += (I ? "x" : "") + std::to_string(V[I]);
  return S;
}

[[noreturn]] static void fail(const KernelDesc &K, const std::string &What) {
  throw Concurrency::runtime_exception(
      std::string("kernel at ") + (K.Location ? K.Location : "<unknown>") +
          ": " + What,
      Concurrency::AMPCC_E_FAIL);
}

namespace {

/// One OpenCL kernel argument, copied out of the closure (or computed) so
/// that the closure can be read before the kernel's lock is taken.
struct Arg {
  std::vector<unsigned char> Bytes;
  /// For a view's buffer argument: the index of its SourceUse; the buffer is
  /// filled in once every use of the source is known.
  int Use = -1;
  /// For a texture's image argument (the image form only): its capture,
  /// the SourceUse of its buffer, its extent and its byte offset there.
  int ImageOf = -1;
  int ImageUse = -1;
  const int32_t *Extent = nullptr;
  size_t ByteOffset = 0;
  /// An OpenCL 1.2 image has one level: more run the buffer form.
  int32_t MipLevels = 1;
  template <typename T> static Arg of(const T &V) {
    Arg A;
    A.Bytes.resize(sizeof(T));
    std::memcpy(A.Bytes.data(), &V, sizeof(T));
    return A;
  }
};

/// A data source the kernel uses; each appears once however many captures
/// name it, so that it is copied in at most once. Used is every byte its
/// captured views show (what may be read), Written those of the views the
/// kernel may write.
struct SourceUse {
  DataSource *Source;
  RangeSet Used;
  RangeSet Written;
  cl_mem Buffer = nullptr;
  /// Captured as a concurrency::array (by reference), not through a view.
  bool AsArray = false;
};
} // namespace

/// The bytes a capture occupies in the closure, to check descriptors against
/// the closure size before reading through them.
static size_t captureFootprint(const CaptureDesc &C) {
  switch (C.Kind) {
  case CaptureKind::Value:
    return C.Size;
  case CaptureKind::Bool:
    return 1;
  case CaptureKind::View:
    return sizeof(ViewHeader) + 2 * sizeof(int32_t) * C.Rank +
           (C.Flags & CF_Texture ? 2 * sizeof(int32_t) : 0);
  case CaptureKind::ArrayRef:
    return sizeof(void *);
  }
  return SIZE_MAX;
}

static std::vector<Arg> buildArgs(const KernelDesc &K, const void *Closure,
                                  uint32_t ClosureSize,
                                  std::vector<SourceUse> &Uses) {
  const auto *Bytes = static_cast<const unsigned char *>(Closure);
  std::vector<Arg> Args;
  for (uint32_t I = 0; I < K.NumCaptures; ++I) {
    const CaptureDesc &C = K.Captures[I];
    size_t Footprint = captureFootprint(C);
    if (Footprint > ClosureSize || C.Offset > ClosureSize - Footprint)
      fail(K, "capture " + std::to_string(I) +
                  " lies outside the closure object (corrupt kernel "
                  "descriptor)");
    const unsigned char *Field = Bytes + C.Offset;

    if (C.Kind == CaptureKind::Value) {
      Arg A;
      A.Bytes.assign(Field, Field + C.Size);
      Args.push_back(std::move(A));
      continue;
    }
    if (C.Kind == CaptureKind::Bool) {
      // OpenCL has no bool kernel arguments; the kernel declares an int.
      cl_int V = *Field ? 1 : 0;
      Args.push_back(Arg::of(V));
      continue;
    }

    const ViewHeader *H;
    if (C.Kind == CaptureKind::View) {
      H = reinterpret_cast<const ViewHeader *>(Field);
    } else {
      std::memcpy(&H, Field, sizeof(H));
      if (!H)
        fail(K, "captured array reference " + std::to_string(I) + " is null");
    }
    if (!H->Source)
      fail(K, "captured array_view " + std::to_string(I) +
                  " has no data source");
    if (H->Rank < 0 || uint32_t(H->Rank) != C.Rank)
      fail(K, "captured array_view " + std::to_string(I) + " has rank " +
                  std::to_string(H->Rank) + " but the kernel expects rank " +
                  std::to_string(C.Rank) + " (ABI mismatch)");

    int32_t Levels = C.Flags & CF_Texture ? viewMipLevels(H) : 1;
    RangeSet R = Levels > 1 ? H->Source->mipChainRanges(H, C.Size, Levels)
                            : H->Source->rangesOf(H, C.Size);
    int Use = -1;
    for (size_t U = 0; U < Uses.size(); ++U)
      if (Uses[U].Source == H->Source)
        Use = int(U);
    if (Use < 0) {
      Uses.push_back({H->Source, RangeSet(), RangeSet()});
      Use = int(Uses.size() - 1);
    }
    if (C.Kind == CaptureKind::ArrayRef)
      Uses[Use].AsArray = true;
    if (!(C.Flags & CF_ReadOnly))
      Uses[Use].Written.add(R);
    Uses[Use].Used.add(R);

    Arg B;
    B.Use = Use;
    Args.push_back(std::move(B));
    // The view's shape, passed by value as struct { int Off; int Ext[N];
    // int Stride[N]; }: plain ints, so no padding on any device.
    std::vector<int32_t> Desc;
    Desc.push_back(H->Offset);
    Desc.insert(Desc.end(), viewExtent(H), viewExtent(H) + C.Rank);
    Desc.insert(Desc.end(), viewStride(H), viewStride(H) + C.Rank);
    if (C.Flags & CF_Texture) {
      Desc.push_back(Levels);
      Desc.push_back(viewTexelBits(H));
    }
    // Robust buffer access: the buffer's element count, which accesses
    // outside it are checked against (kernel_abi.h).
    if (K.Program && K.Program->RobustSinkBytes)
      Desc.push_back(int32_t(std::min<size_t>(H->Source->bytes() / C.Size, INT32_MAX)));
    Arg A;
    A.Bytes.resize(Desc.size() * sizeof(int32_t));
    std::memcpy(A.Bytes.data(), Desc.data(), A.Bytes.size());
    Args.push_back(std::move(A));
    if (C.Flags & (CF_ImageRead | CF_ImageWrite)) {
      // Dropped again when the launch takes the buffer form.
      Arg Img;
      Img.ImageOf = int(I);
      Img.ImageUse = Use;
      Img.Extent = viewExtent(H);
      Img.ByteOffset = size_t(H->Offset) * C.Size;
      Img.MipLevels = Levels;
      Args.push_back(std::move(Img));
    }
  }
  return Args;
}

/// The largest number of work items one enqueue may have on Dev.
static uint64_t maxLaunchItems(const Device &Dev) {
  uint64_t Max = UINT64_MAX;
  unsigned Bits = Dev.info().AddressBits;
  if (Bits && Bits < 64)
    Max = (uint64_t(1) << Bits) - 1;
  if (env().MaxLaunchItems && env().MaxLaunchItems < Max)
    Max = env().MaxLaunchItems;
  return Max;
}

void launchKernel(const char *TypeName, const void *Closure,
                  uint32_t ClosureSize, uint32_t Rank, const int32_t *Extent,
                  const int32_t *Tile, AcceleratorViewImpl *View) {
  if (!TypeName)
    throw Concurrency::runtime_exception("launchKernel: no kernel type name",
                                         Concurrency::AMPCC_E_INVALIDARG);
  const KernelDesc *KP = lookupKernel(TypeName);
  if (!KP)
    throw Concurrency::runtime_exception(
        "no kernel was registered for lambda/functor type " +
            demangle(TypeName) + "; was this file compiled with ampcc?",
        Concurrency::AMPCC_E_FAIL);
  const KernelDesc &K = *KP;
  HostStep Step("parallel_for_each", K.Location ? K.Location : "");

  // ABI guards: a mismatch means host code and generated code disagree about
  // the closure, and reading it would pass garbage to the device.
  if (ClosureSize != K.ClosureSize)
    fail(K, "the closure object is " + std::to_string(ClosureSize) +
                " bytes in the host program but " +
                std::to_string(K.ClosureSize) +
                " bytes in the code ampcc generated for it; rebuild every "
                "file with the same ampcc and flags");
  if (Rank != K.Rank)
    fail(K, "launched over a rank-" + std::to_string(Rank) +
                " compute domain, but its code was generated for rank " +
                std::to_string(K.Rank));
  if (Rank == 0)
    fail(K, "compute domain of rank 0");
  if (Rank > 3 && Tile)
    throw Concurrency::invalid_compute_domain(
        "a tiled compute domain has rank 1, 2 or 3, not " +
        std::to_string(Rank));

  // Visual C++ rejects empty compute domains too (the conformance suite
  // expects invalid_compute_domain for extent<1>(0)).
  for (uint32_t D = 0; D < Rank; ++D)
    if (Extent[D] <= 0)
      throw Concurrency::invalid_compute_domain(
          "compute domain " + dims(Extent, Rank) + " has " +
          (Extent[D] < 0 ? "a negative extent" : "an extent of zero"));

  // A tiled_extent passed by the caller wins over the tile ampcc saw in the
  // kernel's signature.
  int32_t DescTile[3] = {int32_t(K.Tile[0]), int32_t(K.Tile[1]),
                         int32_t(K.Tile[2])};
  const int32_t *T = Tile ? Tile : (K.Tile[0] && Rank <= 3 ? DescTile : nullptr);
  size_t TileThreads = 1;
  if (T) {
    for (uint32_t D = 0; D < Rank; ++D) {
      if (T[D] <= 0)
        throw Concurrency::invalid_compute_domain(
            "tile " + dims(T, Rank) + " has a non-positive extent");
      TileThreads *= size_t(T[D]);
    }
    for (uint32_t D = 0; D < Rank; ++D)
      if (Extent[D] % T[D] != 0)
        throw Concurrency::invalid_compute_domain(
            "compute domain " + dims(Extent, Rank) +
            " is not divisible by tile " + dims(T, Rank) +
            "; use tiled_extent::pad() or truncate()");
  }

  std::vector<SourceUse> Uses;
  std::vector<Arg> Args = buildArgs(K, Closure, ClosureSize, Uses);
  // Without a view the kernel runs where the arrays it captures live (spec
  // 3.3: the accelerator_view of the captured arrays), else on the default
  // accelerator. Views do not choose: they are usable on any accelerator,
  // also those over an array.
  if (!View)
    for (const SourceUse &U : Uses)
      if (U.AsArray && U.Source->home()) {
        View = U.Source->home();
        break;
      }
  AcceleratorViewImpl &V = View ? *View : *defaultDevice().defaultView();
  Device &Dev = V.device();
  if (Dev.isHost() || !Dev.unavailableReason().empty()) {
    // Visual C++'s words, which programs and its test suite look for; then
    // why: a software accelerator without a device, no OpenCL at all, or
    // the CPU accelerator, which never runs kernels.
    std::string Why = !Dev.unavailableReason().empty() ? Dev.unavailableReason()
                      : !noOpenCLDeviceReason().empty()
                          ? noOpenCLDeviceReason()
                          : "the CPU accelerator holds host memory and runs "
                            "no kernels; launch on an OpenCL device's view";
    throw Concurrency::runtime_exception(
        "concurrency::parallel_for_each is not supported on the selected "
        "accelerator \"" + Dev.info().Name + "\". (" + Why + ")",
        Concurrency::AMPCC_E_FAIL);
  }
  // The image form when the device takes every image it needs.
  bool UseImages = K.ImageKernelName && !env().NoImages;
  for (const Arg &A : Args)
    if (UseImages && A.ImageOf >= 0)
      UseImages = A.MipLevels == 1 && deviceTakesImage(Dev, K.Captures[A.ImageOf], A.Extent);
  if (!UseImages)
    Args.erase(std::remove_if(Args.begin(), Args.end(),
                              [](const Arg &A) { return A.ImageOf >= 0; }),
               Args.end());
  const char *KernelName = UseImages ? K.ImageKernelName : K.KernelName;
  BuiltKernel &B = getKernel(K, Dev, UseImages);
  // The device's limit, not CL_KERNEL_WORK_GROUP_SIZE: NVIDIA's driver
  // reports 256 for every kernel on an H100 yet runs tiles of 1024 (measured);
  // a tile a kernel really cannot run fails at enqueue with a clear message.
  if (T && TileThreads > Dev.info().MaxWorkGroupSize)
    fail(K, "tile " + dims(T, Rank) + " has " + std::to_string(TileThreads) +
                " threads, but " + Dev.info().Name + " runs at most " +
                std::to_string(Dev.info().MaxWorkGroupSize) + " threads per tile");

  // tile_static storage beyond the device's local memory: some devices
  // (PoCL) abort inside the enqueue instead of failing it.
  if (Dev.info().LocalMemBytes && B.LocalMemBytes > Dev.info().LocalMemBytes)
    fail(K, "its tile_static variables take " + std::to_string(B.LocalMemBytes) +
                " bytes, but " + Dev.info().Name + " has " +
                std::to_string(Dev.info().LocalMemBytes) +
                " bytes of tile_static (local) memory per tile");

  for (SourceUse &U : Uses)
    U.Buffer = U.Source->prepareForKernel(V, U.Used);
  for (Arg &A : Args)
    if (A.Use >= 0)
      A = Arg::of(Uses[A.Use].Buffer);
  LaunchImages Images;
  for (Arg &A : Args)
    if (A.ImageOf >= 0)
      A = Arg::of(Images.add(Dev, V.queue(), K.Captures[A.ImageOf], A.Extent,
                             Uses[A.ImageUse].Buffer, A.ByteOffset));

  // AMP dimension 0 varies slowest; OpenCL dimension 0 fastest. Above rank
  // 3 the leading AMP dimensions share OpenCL dimension 2, and the kernel
  // gets the domain to unfold it.
  uint32_t Dims = Rank > 3 ? 3 : Rank;
  size_t Global[3] = {1, 1, 1}, Local[3] = {1, 1, 1};
  // Untiled kernels of rank 1 to 3 leave work-items past the domain at once
  // (the compiler's guard, KernelEmitter::computeIndex), so on a GPU the
  // launch is rounded up to a work-group shape of ours: left to itself,
  // NVIDIA's driver picks tiny work-groups for sizes such as 8191x8191
  // (8191 is prime) and ran the seeds' transpose 130x slower than CUDA.
  bool OwnShape = !T && Rank <= 3 && Dev.isGPU();
  if (Rank <= 3) {
    for (uint32_t D = 0; D < Rank; ++D) {
      Global[Rank - 1 - D] = size_t(Extent[D]);
      Local[Rank - 1 - D] = T ? size_t(T[D]) : 1;
    }
    if (OwnShape)
      untiledShape(Rank, Dev.info().MaxWorkGroupSize, Global, Local);
  }
  if (!T) {
    // The domain, for the guard (rank <= 3) or to unfold OpenCL dimension
    // 2 (rank > 3).
    Arg A;
    A.Bytes.resize(Rank * sizeof(int32_t));
    std::memcpy(A.Bytes.data(), Extent, A.Bytes.size());
    Args.push_back(std::move(A));
  }
  if (Rank > 3) {
    Global[0] = size_t(Extent[Rank - 1]);
    Global[1] = size_t(Extent[Rank - 2]);
    for (uint32_t D = 0; D + 2 < Rank; ++D) {
      if (Global[2] > SIZE_MAX / size_t(Extent[D]))
        throw Concurrency::invalid_compute_domain(
            "compute domain " + dims(Extent, Rank) + " has too many points");
      Global[2] *= size_t(Extent[D]);
    }
  }

  // Split launches larger than one enqueue may be, along the slowest OpenCL
  // dimension (then the next), with global offsets.
  uint64_t Max = maxLaunchItems(Dev);
  size_t Block[3] = {Global[0], Global[1], Global[2]};
  for (int D = int(Dims) - 1; D >= 0; --D) {
    uint64_t Inner = 1;
    for (int E = 0; E < D; ++E)
      Inner *= Block[E];
    uint64_t Items = Inner * Block[D];
    if (Inner > Max / Block[D] || Items > Max) {
      if (T)
        throw Concurrency::invalid_compute_domain(
            "tiled compute domain " + dims(Extent, Rank) + " has more work "
            "items than " + Dev.info().Name + " takes in one launch (" +
            std::to_string(Max) + "), and tiled launches cannot be split");
      Block[D] = Inner > Max ? 1 : size_t(Max / Inner);
      // Parts of a launch with our own shape stay whole work-groups.
      if (OwnShape)
        Block[D] = std::max(Local[D], Block[D] / Local[D] * Local[D]);
    }
  }

  // Checked mode: the fault record is the last argument (FaultChecks.h).
  struct FaultBuffer {
    cl_mem Buffer = nullptr;
    ~FaultBuffer() {
      if (Buffer)
        clReleaseMemObject(Buffer);
    }
  } Faults;
  if (K.Program && K.Program->Checked) {
    Faults.Buffer = createFaultBuffer(Dev.context(), *K.Program);
    Args.push_back(Arg::of(Faults.Buffer));
  }

  // Robust buffer access: the sink, after the fault buffer (RobustSink.h).
  if (K.Program && K.Program->RobustSinkBytes)
    Args.push_back(Arg::of(robustSink(Dev.context(), K.Program->RobustSinkBytes)));

  cl_command_queue Q = V.queue();
  {
    std::lock_guard<std::mutex> Guard(B.Lock);
    for (size_t I = 0; I < Args.size(); ++I)
      checkCL(clSetKernelArg(B.Kernel, cl_uint(I), Args[I].Bytes.size(),
                             Args[I].Bytes.data()),
              "clSetKernelArg for argument " + std::to_string(I) +
                  " of kernel at " + (K.Location ? K.Location : "<unknown>"));
    size_t Off[3] = {0, 0, 0};
    for (Off[2] = 0; Off[2] < Global[2]; Off[2] += Block[2])
      for (Off[1] = 0; Off[1] < Global[1]; Off[1] += Block[1])
        for (Off[0] = 0; Off[0] < Global[0]; Off[0] += Block[0]) {
          size_t Size[3];
          bool Split = false;
          for (int D = 0; D < 3; ++D) {
            Size[D] = std::min(Block[D], Global[D] - Off[D]);
            Split |= Size[D] != Global[D];
          }
          checkCL(clEnqueueNDRangeKernel(Q, B.Kernel, Dims,
                                         Split ? Off : nullptr, Size,
                                         T || OwnShape ? Local : nullptr, 0, nullptr,
                                         profileEventSlot()),
                  "clEnqueueNDRangeKernel for kernel at " +
                      std::string(K.Location ? K.Location : "<unknown>") +
                      " over " + dims(Extent, Rank) +
                      (T ? " with tile " + dims(T, Rank) : ""));
          noteKernelSubmitted(Q, K.Location);
          profileLaunch(K.Location, KernelName,
                        Off[0] == 0 && Off[1] == 0 && Off[2] == 0);
          if (Split && traceEnabled())
            trace("launch part at offset " + dims(Off, Dims) + " of size " +
                  dims(Size, Dims));
        }
  }
  Images.copyBack(Q);
  if (Faults.Buffer)
    watchFaults(Q, std::exchange(Faults.Buffer, nullptr), K);
  for (SourceUse &U : Uses)
    if (!U.Written.empty())
      U.Source->kernelMayWrite(U.Written);
  if (!Uses.empty()) {
    // One marker stands for the launch in every source it uses: commands on
    // other queues that touch them wait for it alone (DataSource::useQueue).
    cl_event Done = nullptr;
    checkCL(clEnqueueMarkerWithWaitList(Q, 0, nullptr, &Done),
            "clEnqueueMarkerWithWaitList after kernel at " +
                std::string(K.Location ? K.Location : "<unknown>"));
    for (SourceUse &U : Uses)
      U.Source->commandEnqueued(Done);
    clReleaseEvent(Done);
  }
  // Submit now rather than at the next blocking call, so the device works
  // while the host goes on.
  checkCL(clFlush(Q), "clFlush");

  if (traceEnabled())
    noteLaunch("kernel at " +
               std::string(K.Location ? K.Location : "<unknown location>") +
               " (" + (KernelName ? KernelName : "?") + ") over " +
               dims(Extent, Rank) + (T ? " tile " + dims(T, Rank) : "") +
               " on " + Dev.info().Name);
  else
    noteLaunch("");
}

} // namespace rt
} // namespace ampcc
