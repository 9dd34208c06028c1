//===- Launch.cpp - parallel_for_each: from closure bytes to NDRange ------===//
//
// launchKernel runs a parallel_for_each in four phases, one function each:
//  - validate: the kernel's descriptor against the launch, the compute
//    domain and tile against the spec (LaunchGeometry.h);
//  - choose the view: the caller's, else where the captured arrays live,
//    else the default accelerator's; then the form of the kernel (image or
//    buffer) and the device's limits;
//  - marshal: the closure's captures become kernel arguments
//    (LaunchArgs.h), every captured view's device copy is made current, and
//    the launch's own arguments (domain, fault record, robust sink) follow;
//  - enqueue: the kernel, in parts where one enqueue cannot take it all,
//    then what completes the launch (images copied back, the marker that
//    stands for it in every source it uses, a flush).
// It does not wait for the kernel: the queue is in order and host reads are
// blocking, so the host sees the results when it asks for them and not
// before it has to.
//
//===----------------------------------------------------------------------===//

#include "ampcc/exceptions.h"
#include "ampcc/runtime_api.h"
#include "coherence/DataSource.h"
#include "devices/Device.h"
#include "observation/InFlight.h"
#include "devices/FaultChecks.h"
#include "launches/Images.h"
#include "launches/KernelRegistry.h"
#include "launches/LaunchArgs.h"
#include "launches/LaunchGeometry.h"
#include "launches/RobustSink.h"
#include "observation/Profile.h"
#include "observation/Stats.h"
#include "support/Env.h"

#include <cxxabi.h>

#include <algorithm>
#include <cstdlib>
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

static std::string where(const KernelDesc &K) {
  return K.Location ? K.Location : "<unknown>";
}

// --- Validate -----------------------------------------------------------------

static const KernelDesc &findKernel(const char *TypeName) {
  if (!TypeName)
    throw Concurrency::runtime_exception("launchKernel: no kernel type name",
                                         Concurrency::AMPCC_E_INVALIDARG);
  const KernelDesc *K = lookupKernel(TypeName);
  if (!K)
    throw Concurrency::runtime_exception(
        "no kernel was registered for lambda/functor type " +
            demangle(TypeName) + "; was this file compiled with ampcc?",
        Concurrency::AMPCC_E_FAIL);
  return *K;
}

// --- Choose the view ------------------------------------------------------------

/// Without a view the kernel runs where the arrays it captures live (spec
/// 3.3: the accelerator_view of the captured arrays), else on the default
/// accelerator. Views do not choose: they are usable on any accelerator,
/// also those over an array.
static AcceleratorViewImpl &chooseView(AcceleratorViewImpl *View,
                                       const std::vector<SourceUse> &Uses) {
  if (!View)
    for (const SourceUse &U : Uses)
      if (U.AsArray && U.Source->home()) {
        View = U.Source->home();
        break;
      }
  return View ? *View : *defaultDevice().defaultView();
}

/// Visual C++'s words, which programs and its test suite look for; then
/// why: a software accelerator without a device, no OpenCL at all, or the
/// CPU accelerator, which never runs kernels.
static void checkRunsKernels(Device &Dev) {
  if (!Dev.isHost() && Dev.unavailableReason().empty())
    return;
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

/// The image form when the device takes every image it needs; the buffer
/// form drops the image arguments.
static bool chooseImageForm(const KernelDesc &K, Device &Dev,
                            std::vector<Arg> &Args) {
  bool UseImages = K.ImageKernelName && !env().NoImages;
  for (const Arg &A : Args)
    if (UseImages && A.ImageOf >= 0)
      UseImages = A.MipLevels == 1 &&
                  deviceTakesImage(Dev, K.Captures[A.ImageOf], A.Extent);
  if (!UseImages)
    Args.erase(std::remove_if(Args.begin(), Args.end(),
                              [](const Arg &A) { return A.ImageOf >= 0; }),
               Args.end());
  return UseImages;
}

static void checkDeviceLimits(const KernelDesc &K, const Device &Dev,
                              const LaunchDomain &Dom, const BuiltKernel &B) {
  const DeviceInfo &I = Dev.info();
  // The device's limit, not CL_KERNEL_WORK_GROUP_SIZE: NVIDIA's driver
  // reports 256 for every kernel on an H100 yet runs tiles of 1024
  // (measured); a tile a kernel really cannot run fails at enqueue with a
  // clear message.
  if (Dom.Tiled && Dom.TileThreads > I.MaxWorkGroupSize)
    failLaunch(K, "tile " + dims(Dom.tile(), Dom.Rank) + " has " +
                      std::to_string(Dom.TileThreads) + " threads, but " +
                      I.Name + " runs at most " +
                      std::to_string(I.MaxWorkGroupSize) +
                      " threads per tile");
  // tile_static storage beyond the device's local memory: some devices
  // (PoCL) abort inside the enqueue instead of failing it.
  if (I.LocalMemBytes && B.LocalMemBytes > I.LocalMemBytes)
    failLaunch(K, "its tile_static variables take " +
                      std::to_string(B.LocalMemBytes) + " bytes, but " +
                      I.Name + " has " + std::to_string(I.LocalMemBytes) +
                      " bytes of tile_static (local) memory per tile");
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

/// Untiled kernels of rank 1 to 3 leave work-items past the domain at once
/// (the compiler's guard, KernelEmitter::computeIndex), so on a GPU the
/// launch is rounded up to a work-group shape of ours: left to itself,
/// NVIDIA's driver picks tiny work-groups for sizes such as 8191x8191 (8191
/// is prime) and ran the seeds' transpose 130x slower than CUDA.
static NDRange chooseNDRange(const LaunchDomain &Dom, const Device &Dev) {
  bool OwnShape = !Dom.Tiled && Dom.Rank <= 3 && Dev.isGPU();
  return mapDomain(Dom, OwnShape, Dev.info().MaxWorkGroupSize,
                   maxLaunchItems(Dev), Dev.info().Name);
}

// --- Marshal ----------------------------------------------------------------------

namespace {
/// What one launch holds until it is enqueued: its arguments, the images of
/// the image form, the checked form's fault buffer.
struct Marshalled {
  std::vector<Arg> Args;
  LaunchImages Images;
  Buffer Faults;
};
} // namespace

/// Makes every used source's device copy current and puts its buffer (or
/// its image) where the captures left a place for it.
static void bindSources(const KernelDesc &K, AcceleratorViewImpl &V,
                        std::vector<SourceUse> &Uses, Marshalled &M) {
  Device &Dev = V.device();
  // In place only for data the kernel reads, and only for kernels whose
  // stray accesses robust buffer access stops (DataSource::prepareForKernel).
  bool Robust = K.Program && K.Program->RobustSinkBytes;
  for (SourceUse &U : Uses)
    U.Buffer = U.Source->prepareForKernel(V, U.Used, Robust && U.Written.empty());
  for (Arg &A : M.Args)
    if (A.Use >= 0)
      A = Arg::buffer(Uses[A.Use].Buffer);
  for (Arg &A : M.Args)
    if (A.ImageOf >= 0)
      A = Arg::buffer(M.Images.add(Dev, V.queue(), K.Captures[A.ImageOf],
                               A.Extent, Uses[A.ImageUse].Buffer,
                               A.ByteOffset));
}

/// The arguments after the captures: the domain (untiled: for the guard,
/// rank <= 3, or to unfold device dimension 2, rank > 3), the fault record
/// of checked mode (FaultChecks.h), the robust-access sink (RobustSink.h).
static void addLaunchArgs(const KernelDesc &K, Device &Dev,
                          const LaunchDomain &Dom, Marshalled &M) {
  if (!Dom.Tiled) {
    Arg A;
    A.Bytes.resize(Dom.Rank * sizeof(int32_t));
    std::memcpy(A.Bytes.data(), Dom.Extent, A.Bytes.size());
    M.Args.push_back(std::move(A));
  }
  if (K.Program && K.Program->Checked) {
    M.Faults = createFaultBuffer(Dev.context(), *K.Program);
    M.Args.push_back(Arg::buffer(M.Faults));
  }
  if (K.Program && K.Program->RobustSinkBytes)
    M.Args.push_back(
        Arg::buffer(robustSink(Dev.context(), K.Program->RobustSinkBytes)));
}

// --- Enqueue ------------------------------------------------------------------------

/// Sets the arguments and enqueues the kernel, in parts where the NDRange
/// is larger than one enqueue may be.
static void enqueueKernel(const KernelDesc &K, BuiltKernel &B,
                          const char *KernelName, const Queue &Q,
                          const LaunchDomain &Dom, const NDRange &R,
                          const std::vector<Arg> &Args) {
  // Kernel arguments are state of the kernel object, shared by all threads.
  std::lock_guard<std::mutex> Guard(B.Lock);
  std::string Of = "of kernel at " + where(K);
  for (size_t I = 0; I < Args.size(); ++I) {
    if (Args[I].Mem)
      B.Kernel.setArg(unsigned(I), Args[I].Mem, Of);
    else
      B.Kernel.setArg(unsigned(I), Args[I].Bytes.size(), Args[I].Bytes.data(), Of);
  }
  std::string For = "for kernel at " + where(K) + " over " +
                    dims(Dom.Extent, Dom.Rank) +
                    (Dom.Tiled ? " with tile " + dims(Dom.tile(), Dom.Rank) : "");
  size_t Off[3] = {0, 0, 0};
  for (Off[2] = 0; Off[2] < R.Global[2]; Off[2] += R.Block[2])
    for (Off[1] = 0; Off[1] < R.Global[1]; Off[1] += R.Block[1])
      for (Off[0] = 0; Off[0] < R.Global[0]; Off[0] += R.Block[0]) {
        size_t Size[3];
        bool Split = false;
        for (int D = 0; D < 3; ++D) {
          Size[D] = std::min(R.Block[D], R.Global[D] - Off[D]);
          Split |= Size[D] != R.Global[D];
        }
        LaunchPart Part;
        Part.Dims = R.Dims;
        Part.Offset = Split ? Off : nullptr;
        Part.Size = Size;
        Part.Local = R.FixedLocal ? R.Local : nullptr;
        Q.launch(B.Kernel, Part, nullptr, For);
        noteKernelSubmitted(Q.raw(), K.Location);
        profileLaunch(K.Location, KernelName,
                      Off[0] == 0 && Off[1] == 0 && Off[2] == 0);
        if (Split && traceEnabled())
          trace("launch part at offset " + dims(Off, R.Dims) + " of size " +
                dims(Size, R.Dims));
      }
}

/// After the kernel: written images back into their buffers, the fault
/// record watched, the written bytes marked, one marker that stands for the
/// launch in every source it uses (commands on other queues that touch them
/// wait for it alone: DataSource::useQueue), and a flush, so that the
/// device works while the host goes on.
static void completeLaunch(const KernelDesc &K, const Queue &Q,
                           std::vector<SourceUse> &Uses, Marshalled &M) {
  M.Images.copyBack(Q);
  if (M.Faults)
    watchFaults(Q, M.Faults, K);
  for (SourceUse &U : Uses)
    if (!U.Written.empty())
      U.Source->kernelMayWrite(U.Written);
  if (!Uses.empty()) {
    Event Done = Q.marker("after kernel at " + where(K));
    for (SourceUse &U : Uses)
      U.Source->commandEnqueued(Done);
  }
  Q.flush();
}

static void traceLaunch(const KernelDesc &K, const char *KernelName,
                        const LaunchDomain &Dom, const Device &Dev, bool Covered) {
  if (!traceEnabled()) {
    noteLaunch("");
    return;
  }
  noteLaunch("kernel at " +
             std::string(K.Location ? K.Location : "<unknown location>") +
             " (" + (KernelName ? KernelName : "?") + ") over " +
             dims(Dom.Extent, Dom.Rank) +
             (Dom.Tiled ? " tile " + dims(Dom.tile(), Dom.Rank) : "") +
             " on " + Dev.info().Name +
             (Covered ? " (views cover the domain: its accesses unguarded)" : ""));
}

void launchKernel(const char *TypeName, const void *Closure,
                  uint32_t ClosureSize, uint32_t Rank, const int32_t *Extent,
                  const int32_t *Tile, AcceleratorViewImpl *View) {
  const KernelDesc &K = findKernel(TypeName);
  HostStep Step("parallel_for_each", K.Location ? K.Location : "");
  LaunchDomain Dom = validateDomain(K, ClosureSize, Rank, Extent, Tile);

  Marshalled M;
  std::vector<SourceUse> Uses;
  M.Args = readCaptures(K, Closure, ClosureSize, Uses);
  AcceleratorViewImpl &V = chooseView(View, Uses);
  Device &Dev = V.device();
  checkRunsKernels(Dev);
  bool UseImages = chooseImageForm(K, Dev, M.Args);
  const char *KernelName = UseImages ? K.ImageKernelName : K.KernelName;
  // Robust access: accesses in range by construction go unguarded when
  // the views cover the domain (DomainIndexing.h in the compiler).
  DomainVariant Variant = domainVariant(K, Closure, Dom);
  BuiltKernel &B = getKernel(K, Dev, UseImages, Variant);
  bool Covered = Variant == DomainVariant::Covered;
  checkDeviceLimits(K, Dev, Dom, B);
  NDRange R = chooseNDRange(Dom, Dev);

  bindSources(K, V, Uses, M);
  addLaunchArgs(K, Dev, Dom, M);

  const Queue &Q = V.queue();
  enqueueKernel(K, B, KernelName, Q, Dom, R, M.Args);
  completeLaunch(K, Q, Uses, M);
  traceLaunch(K, KernelName, Dom, Dev, Covered);
}

} // namespace rt
} // namespace ampcc
