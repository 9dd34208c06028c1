//===- DataSource.cpp - Host and device copies of view data ---------------===//

#include "DataSource.h"

#include "Device.h"
#include "ampcc/accelerator.h"
#include "Errors.h"
#include "InFlight.h"
#include "PeerCopy.h"
#include "FaultChecks.h"
#include "Profile.h"
#include "Staging.h"
#include "Stats.h"
#include "ampcc/exceptions.h"
#include "ampcc/runtime_api.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <new>
#include <utility>
#include <vector>

namespace ampcc {
namespace rt {

static size_t checkedBytes(size_t ElemSize, size_t Count) {
  if (ElemSize != 0 && Count > SIZE_MAX / ElemSize)
    throw Concurrency::out_of_memory(
        ("array_view of " + std::to_string(Count) + " elements of " +
         std::to_string(ElemSize) + " bytes is larger than the address space")
            .c_str());
  return ElemSize * Count;
}

DataSource::DataSource(void *UserMemory, size_t ElemSize, size_t Count)
    : ElemSize(ElemSize), Bytes(checkedBytes(ElemSize, Count)), IsUser(true),
      IsArray(false), CpuAccess(3), Host(UserMemory) {
  if (!UserMemory && Bytes)
    throw Concurrency::runtime_exception(
        "array_view of " + std::to_string(Count) +
            " elements was created over a null pointer",
        Concurrency::AMPCC_E_INVALIDARG);
  // Only the host holds the data: the device needs all of it.
  DeviceStale = RangeSet::all(Bytes);
}

DataSource::DataSource(size_t ElemSize, size_t Count,
                       std::shared_ptr<AcceleratorViewImpl> Home,
                       std::shared_ptr<AcceleratorViewImpl> Associated,
                       bool IsArray, int CpuAccess)
    : ElemSize(ElemSize), Bytes(checkedBytes(ElemSize, Count)), IsUser(false),
      IsArray(IsArray), CpuAccess(CpuAccess), Home(std::move(Home)),
      Associated(std::move(Associated)), Host(nullptr) {}

DataSource::~DataSource() {
  // The spec makes the last view's destructor synchronize user memory. A
  // destructor must not throw, and there is nobody left to tell, so a failed
  // write-back is only traced.
  try {
    if (IsUser && Buffer && !HostStale.empty())
      readBack(HostStale);
  } catch (const std::exception &E) {
    trace(std::string("write-back at array_view destruction failed: ") +
          E.what());
  }
  dropBuffer();
  if (Pinned) {
    clEnqueueUnmapMemObject(PinnedQueue, Pinned, Host, 0, nullptr, nullptr);
    clFinish(PinnedQueue);
    clReleaseMemObject(Pinned);
    clReleaseCommandQueue(PinnedQueue);
  }
}

// --- Helpers (the caller holds Lock) --------------------------------------------

void DataSource::ensureHostMemory() {
  if (Host || !Bytes)
    return;
  if (Associated && !Associated->device().isHost() && allocatePinned())
    return;
  Owned = takeHostBlock(Bytes);
  if (!Owned)
    throw Concurrency::out_of_memory(("cannot allocate " +
                                      std::to_string(Bytes) +
                                      " bytes of host memory for an array")
                                         .c_str());
  Host = Owned.get();
  // Zeroed like a fresh buffer, so that both sides of fresh storage agree;
  // bytes the device holds newer data for are downloaded before any read.
  RangeSet Fresh = RangeSet::all(Bytes);
  Fresh.subtract(HostStale);
  for (const ByteRange &B : Fresh.ranges())
    std::memset(Owned.get() + B.Begin, 0, B.End - B.Begin);
}

static cl_context contextOf(cl_command_queue Q) {
  cl_context C = nullptr;
  checkCL(clGetCommandQueueInfo(Q, CL_QUEUE_CONTEXT, sizeof(C), &C, nullptr),
          "clGetCommandQueueInfo");
  return C;
}

bool DataSource::allocatePinned() {
  // A staging array exists to move data to and from its accelerator fast.
  // Memory the driver allocates for the host (and page-locks) is reached
  // by the device's copy engines directly; NVIDIA's driver moves ordinary
  // (pageable) memory through copies of its own, at about 7 GB/s on an
  // H200 whichever the number of GPUs (measured, 2026-11-24).
  Device &Dev = Associated->device();
  cl_int Err = CL_SUCCESS;
  cl_mem P = clCreateBuffer(Dev.context(),
                            CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, Bytes,
                            nullptr, &Err);
  if (Err != CL_SUCCESS)
    return false; // Ordinary host memory will do.
  cl_command_queue Q = Associated->queue();
  void *Mapped = clEnqueueMapBuffer(Q, P, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE,
                                    0, Bytes, 0, nullptr, nullptr, &Err);
  if (Err != CL_SUCCESS || !Mapped) {
    clReleaseMemObject(P);
    return false;
  }
  std::memset(Mapped, 0, Bytes); // Fresh storage reads as zeros.
  clRetainCommandQueue(Q);
  Pinned = P;
  PinnedQueue = Q;
  Host = Mapped;
  return true;
}

void DataSource::useQueue(cl_command_queue Q) {
  if (Q == Queue)
    return;
  if (Queue) {
    // Two in-order queues are not ordered with respect to each other: what
    // Q runs next must wait for the buffer's last command on the old one.
    if (contextOf(Queue) == contextOf(Q)) {
      // One context (two views, or two devices of one platform): its event
      // orders them on the devices, and the host goes on at once. Only that
      // command is waited for, not whatever else the old queue holds.
      if (LastCommand) {
        cl_int Err = clFlush(Queue);
        if (Err == CL_SUCCESS)
          Err = clEnqueueBarrierWithWaitList(Q, 1, &LastCommand, nullptr);
        checkCL(Err, "clEnqueueBarrierWithWaitList");
      }
    } else {
      // Events do not cross contexts: the host waits.
      checkCL(clFinish(Queue), "clFinish");
      noteQueueIdle(Queue);
      lastCommandDone();
    }
    clReleaseCommandQueue(Queue);
  }
  clRetainCommandQueue(Q);
  Queue = Q;
}

void DataSource::markLastCommand() {
  cl_event Done = nullptr;
  checkCL(clEnqueueMarkerWithWaitList(Queue, 0, nullptr, &Done),
          "clEnqueueMarkerWithWaitList");
  commandEnqueuedLocked(Done);
  clReleaseEvent(Done);
}

void DataSource::commandEnqueuedLocked(cl_event Done) {
  clRetainEvent(Done);
  if (LastCommand)
    clReleaseEvent(LastCommand);
  LastCommand = Done;
}

void DataSource::commandEnqueued(cl_event Done) {
  std::lock_guard<std::mutex> Guard(Lock);
  commandEnqueuedLocked(Done);
}

void DataSource::lastCommandDone() {
  if (LastCommand)
    clReleaseEvent(std::exchange(LastCommand, nullptr));
}

cl_int DataSource::waitForUpload() {
  if (!PendingUpload)
    return CL_SUCCESS;
  cl_event E = std::exchange(PendingUpload, nullptr);
  cl_int Err = clWaitForEvents(1, &E);
  clReleaseEvent(E);
  return Err;
}

void DataSource::awaitUploads() {
  checkCL(waitForUpload(), "clWaitForEvents for an upload of host memory");
}

/// A buffer of Size bytes on Dev, counted against its memory.
static cl_mem newBuffer(Device &Dev, size_t Size) {
  cl_int Err = CL_SUCCESS;
  Dev.reserveMemory(Size);
  cl_mem B = clCreateBuffer(Dev.context(), CL_MEM_READ_WRITE, Size, nullptr, &Err);
  if (Err != CL_SUCCESS)
    Dev.releaseMemory(Size);
  checkCL(Err, "clCreateBuffer of " + std::to_string(Size) + " bytes on " +
                   Dev.info().Name);
  return B;
}

void DataSource::createBuffer(Device &Dev) {
  const DeviceInfo &Info = Dev.info();
  // OpenCL forbids empty buffers, yet an empty view still becomes a kernel
  // argument: give it one element nobody reads.
  size_t Size = Bytes ? Bytes : (ElemSize ? ElemSize : 1);
  Buffer = newBuffer(Dev, Size);
  BufferDevice = &Dev;
  BufferBytes = Size;
  // Runtime-owned storage reads as zeros on both sides until written, unless
  // the host is about to provide every byte anyway.
  if (!IsUser && Bytes && DeviceStale.bytes() != Bytes) {
    // The widest pattern that divides the size, in pieces of at most 256 MB:
    // NVIDIA's driver fails (CL_INVALID_COMMAND_QUEUE later) or hangs on a
    // single fill of 2 GB or more with a one-byte pattern (measured, H100).
    const unsigned char Zero[16] = {};
    size_t Pattern = 16;
    while (Bytes % Pattern)
      Pattern /= 2;
    const size_t Piece = size_t(256) << 20;
    for (size_t Off = 0; Off < Bytes; Off += Piece)
      checkCL(clEnqueueFillBuffer(Queue, Buffer, Zero, Pattern, Off,
                                  std::min(Piece, Bytes - Off), 0, nullptr,
                                  nullptr),
              "clEnqueueFillBuffer of " + std::to_string(Bytes) +
                  " bytes on " + Info.Name);
    markLastCommand();
  }
}

void DataSource::dropBuffer() {
  // Never throws (destructors call this): a failed upload has nobody left
  // to tell.
  waitForUpload();
  if (Buffer) {
    clReleaseMemObject(Buffer);
    BufferDevice->releaseMemory(BufferBytes);
  }
  lastCommandDone();
  if (Queue)
    clReleaseCommandQueue(Queue);
  Buffer = nullptr;
  Queue = nullptr;
  BufferDevice = nullptr;
  BufferBytes = 0;
}

/// The size of buffer \p B in bytes (the bound withinBounds checks).
static size_t bufferBytes(cl_mem B) {
  size_t Size = SIZE_MAX;
  if (clGetMemObjectInfo(B, CL_MEM_SIZE, sizeof(Size), &Size, nullptr) != CL_SUCCESS)
    Size = SIZE_MAX;
  return Size;
}

static size_t totalBytes(const std::vector<Rect> &Rects) {
  size_t N = 0;
  for (const Rect &R : Rects)
    N += R.bytes();
  return N;
}

/// Reads the rectangles R from Buf (R's Src side) into host memory at
/// HostBase (R's Dst side). Large reads into ordinary memory go through
/// page-locked blocks (Staging.h); otherwise only the last read blocks,
/// which on an in-order queue also waits for the others (and for every
/// kernel before them). HostPinned: HostBase is page-locked already.
static void readRects(cl_command_queue Q, cl_mem Buf,
                      const std::vector<Rect> &AnyRects, void *HostBase,
                      bool HostPinned = false) {
  std::vector<Rect> Rects = withinBounds(AnyRects, bufferBytes(Buf), SIZE_MAX);
  if (!HostPinned && stagesTransfer(Q, totalBytes(Rects)) &&
      stagedRead(Q, Buf, Rects, HostBase))
    return;
  for (size_t I = 0; I < Rects.size(); ++I) {
    const Rect &R = Rects[I];
    cl_bool Blocking = I + 1 == Rects.size() ? CL_TRUE : CL_FALSE;
    auto *Host = static_cast<unsigned char *>(HostBase);
    if (R.contiguous()) {
      checkCL(clEnqueueReadBuffer(Q, Buf, Blocking, R.SrcOffset, R.Region[0],
                                  Host + R.DstOffset, 0, nullptr, profileEventSlot()),
              "clEnqueueReadBuffer of " + std::to_string(R.Region[0]) +
                  " bytes");
    } else {
      size_t BO[3], HO[3];
      rectOrigin(R.SrcOffset, R.SrcRowPitch, R.SrcSlicePitch, BO);
      rectOrigin(R.DstOffset, R.DstRowPitch, R.DstSlicePitch, HO);
      checkCL(clEnqueueReadBufferRect(Q, Buf, Blocking, BO, HO, R.Region,
                                      R.SrcRowPitch, R.SrcSlicePitch,
                                      R.DstRowPitch, R.DstSlicePitch, Host, 0,
                                      nullptr, profileEventSlot()),
              "clEnqueueReadBufferRect of " + std::to_string(R.bytes()) +
                  " bytes");
    }
    noteDeviceToHost(R.bytes());
  }
}

/// Writes host memory at HostBase (R's Src side) into Buf (R's Dst side).
/// Large writes from ordinary memory go through page-locked blocks
/// (Staging.h): the host memory is no longer read when this returns, and
/// the last write may still run. Other writes block on the last write,
/// unless Async: then the last write may still read HostBase, and the
/// caller keeps it unchanged until the write completes (ReadsHost).
static Upload writeRects(cl_command_queue Q, cl_mem Buf,
                         const std::vector<Rect> &AnyRects,
                         const void *HostBase, bool HostPinned, bool Async) {
  std::vector<Rect> Rects = withinBounds(AnyRects, SIZE_MAX, bufferBytes(Buf));
  Upload U;
  if (!HostPinned && stagesTransfer(Q, totalBytes(Rects)) &&
      stagedWrite(Q, Buf, Rects, HostBase, &U.Last))
    return U;
  cl_event *Last = Async ? &U.Last : nullptr;
  U.ReadsHost = Async;
  for (size_t I = 0; I < Rects.size(); ++I) {
    const Rect &R = Rects[I];
    bool IsLast = I + 1 == Rects.size();
    cl_bool Blocking = IsLast && !Last ? CL_TRUE : CL_FALSE;
    // The profiler's slot, or the caller's for the last write.
    cl_event *Event = IsLast && Last ? Last : profileEventSlot();
    const auto *Host = static_cast<const unsigned char *>(HostBase);
    if (R.contiguous()) {
      checkCL(clEnqueueWriteBuffer(Q, Buf, Blocking, R.DstOffset, R.Region[0],
                                   Host + R.SrcOffset, 0, nullptr, Event),
              "clEnqueueWriteBuffer of " + std::to_string(R.Region[0]) +
                  " bytes");
    } else {
      size_t BO[3], HO[3];
      rectOrigin(R.DstOffset, R.DstRowPitch, R.DstSlicePitch, BO);
      rectOrigin(R.SrcOffset, R.SrcRowPitch, R.SrcSlicePitch, HO);
      checkCL(clEnqueueWriteBufferRect(Q, Buf, Blocking, BO, HO, R.Region,
                                       R.DstRowPitch, R.DstSlicePitch,
                                       R.SrcRowPitch, R.SrcSlicePitch, Host, 0,
                                       nullptr, Event),
              "clEnqueueWriteBufferRect of " + std::to_string(R.bytes()) +
                  " bytes");
    }
    noteHostToDevice(R.bytes());
  }
  if (!U.Last)
    U.ReadsHost = false;
  return U;
}

/// Copies rectangles between two buffers of one context, on the device.
static void copyRects(cl_command_queue Q, cl_mem Src, cl_mem Dst,
                      const std::vector<Rect> &AnyRects) {
  for (const Rect &R : withinBounds(AnyRects, bufferBytes(Src), bufferBytes(Dst))) {
    if (R.contiguous()) {
      checkCL(clEnqueueCopyBuffer(Q, Src, Dst, R.SrcOffset, R.DstOffset,
                                  R.Region[0], 0, nullptr, profileEventSlot()),
              "clEnqueueCopyBuffer of " + std::to_string(R.Region[0]) +
                  " bytes");
    } else {
      size_t SO[3], DO[3];
      rectOrigin(R.SrcOffset, R.SrcRowPitch, R.SrcSlicePitch, SO);
      rectOrigin(R.DstOffset, R.DstRowPitch, R.DstSlicePitch, DO);
      checkCL(clEnqueueCopyBufferRect(Q, Src, Dst, SO, DO, R.Region,
                                      R.SrcRowPitch, R.SrcSlicePitch,
                                      R.DstRowPitch, R.DstSlicePitch, 0,
                                      nullptr, profileEventSlot()),
              "clEnqueueCopyBufferRect of " + std::to_string(R.bytes()) +
                  " bytes");
    }
    noteDeviceToDevice(R.bytes());
  }
}

/// Host-to-host copy of rectangles (R's Src side in Src, Dst side in Dst).
static void hostRects(const void *Src, void *Dst,
                      const std::vector<Rect> &Rects) {
  const auto *S = static_cast<const unsigned char *>(Src);
  auto *D = static_cast<unsigned char *>(Dst);
  for (const Rect &R : Rects)
    for (size_t Z = 0; Z < R.Region[2]; ++Z)
      for (size_t Y = 0; Y < R.Region[1]; ++Y)
        std::memmove(D + R.DstOffset + Z * R.DstSlicePitch + Y * R.DstRowPitch,
                     S + R.SrcOffset + Z * R.SrcSlicePitch + Y * R.SrcRowPitch,
                     R.Region[0]);
}

void DataSource::readBack(const RangeSet &R) {
  if (R.empty())
    return;
  ensureHostMemory();
  readRects(Queue, Buffer, rectsOf(R), Host, Pinned != nullptr);
  lastCommandDone();
  HostStale.subtract(R);
  changed();
}

void DataSource::writeOut(const RangeSet &R, bool Async) {
  if (R.empty())
    return;
  ensureHostMemory();
  // Only the runtime writes its own host memory, and it waits for the
  // upload first (awaitUploads); user memory may change behind the
  // runtime's back as soon as a launch returns (Visual C++ copies it at the
  // launch), so its uploads must be done reading it when this returns.
  uploaded(writeRects(Queue, Buffer, rectsOf(R), Host, Pinned != nullptr,
                      Async && !IsUser));
  DeviceStale.subtract(R);
  changed();
}

void DataSource::uploaded(Upload U) {
  if (!U.Last) {
    lastCommandDone();
    return;
  }
  if (U.ReadsHost) {
    if (PendingUpload)
      clReleaseEvent(PendingUpload);
    clRetainEvent(U.Last);
    PendingUpload = U.Last;
  }
  commandEnqueuedLocked(U.Last);
  clReleaseEvent(U.Last);
}

void DataSource::moveBufferTo(Device &Dev) {
  if (!Buffer || BufferDevice == &Dev)
    return;
  if (BufferDevice->sharesContextWith(Dev) &&
      BufferDevice->peerCopiesThroughHost(Dev)) {
    // The driver would move the contents itself, as slowly as its copies
    // between devices (NVIDIA): copy them through page-locked host memory
    // into a buffer of Dev's instead.
    useQueue(copyQueue(*BufferDevice));
    cl_command_queue To = copyQueue(Dev);
    cl_mem New = newBuffer(Dev, BufferBytes);
    try {
      copyThroughHost(Queue, Buffer, To, New,
                      {Rect{0, 0, {BufferBytes, 1, 1}, 0, 0, 0, 0}});
    } catch (...) {
      clReleaseMemObject(New);
      Dev.releaseMemory(BufferBytes);
      throw;
    }
    clReleaseMemObject(std::exchange(Buffer, New));
    BufferDevice->releaseMemory(BufferBytes);
    BufferDevice = &Dev;
    lastCommandDone();
    useQueue(To);
    return;
  }
  if (BufferDevice->sharesContextWith(Dev)) {
    // One context: the buffer serves Dev as it is, and the driver moves its
    // contents there (after what useQueue orders before). Its bytes now
    // count against Dev's memory.
    Dev.reserveMemory(BufferBytes);
    BufferDevice->releaseMemory(BufferBytes);
    BufferDevice = &Dev;
    return;
  }
  // Buffers do not cross contexts: move the data through the host.
  readBack(HostStale);
  dropBuffer();
  // Storage nobody ever touched on the host is zeros on both sides.
  if (Host)
    DeviceStale = RangeSet::all(Bytes);
  changed();
}

bool DataSource::prefersDevice() const {
  return IsArray && !Associated && !(Home && Home->device().isHost());
}

Device *DataSource::placement() {
  if (Associated)
    return &Associated->device();
  if (Home)
    return &Home->device();
  if (BufferDevice)
    return BufferDevice;
  return &defaultDevice();
}

/// The queue for commands on a source placed on Dev that has none yet.
static cl_command_queue queueFor(Device &Dev, AcceleratorViewImpl *Preferred) {
  if (Preferred && &Preferred->device() == &Dev)
    return Preferred->queue();
  return Dev.defaultView()->queue();
}

cl_command_queue DataSource::copyQueue(Device &Dev) {
  // The array's own view, where the program asked for it to live: a
  // program that copies through one view and computes on another gets the
  // two at once. Otherwise the queue the data is on already.
  if (Home && &Home->device() == &Dev)
    return Home->queue();
  if (Queue && BufferDevice == &Dev)
    return Queue;
  return Dev.defaultView()->queue();
}

// --- Views ------------------------------------------------------------------------

RangeSet DataSource::rangesOf(const ViewHeader *H, size_t ViewElemSize) const {
  if (!H)
    return RangeSet::all(Bytes);
  RangeSet R;
  if (!viewRanges(shapeOf(H), ViewElemSize, Bytes, R)) {
    std::string Shape = "offset " + std::to_string(H->Offset) + ", extent ";
    for (int32_t I = 0; I < H->Rank; ++I)
      Shape += (I ? "x" : "") + std::to_string(viewExtent(H)[I]);
    throw Concurrency::runtime_exception(
        "array_view (" + Shape + ", elements of " +
            std::to_string(ViewElemSize) + " bytes) reaches outside its data "
            "source of " + std::to_string(Bytes) + " bytes",
        Concurrency::AMPCC_E_INVALIDARG);
  }
  return R;
}

RangeSet DataSource::mipChainRanges(const ViewHeader *H, size_t ElemSize,
                                    int32_t Levels) const {
  int64_t Texels = mipChainTexels(viewExtent(H), H->Rank, Levels);
  size_t Begin = size_t(H->Offset) * ElemSize, End = Begin + size_t(Texels) * ElemSize;
  if (H->Offset < 0 || Levels < 1 || End > Bytes)
    throw Concurrency::runtime_exception(
        "texture view of " + std::to_string(Levels) + " mipmap levels at offset " +
            std::to_string(H->Offset) + " reaches outside its data source of " +
            std::to_string(Bytes) + " bytes",
        Concurrency::AMPCC_E_INVALIDARG);
  return RangeSet({ByteRange{Begin, End}});
}

void *DataSource::hostAccessLocked(const RangeSet &R, HostAccessMode Mode) {
  ensureHostMemory();
  if (Mode != HostAccessMode::Read)
    awaitUploads(); // The host is about to change what may be in flight.
  if (Mode == HostAccessMode::Overwrite) {
    if (HostStale.intersects(R)) {
      HostStale.subtract(R);
      changed();
    }
  } else {
    RangeSet Need = HostStale.intersect(R);
    if (!Need.empty())
      readBack(Need);
  }
  if (Mode != HostAccessMode::Read && !DeviceStale.contains(R)) {
    DeviceStale.add(R);
    changed();
  }
  return Host;
}

void *DataSource::hostAccess(const RangeSet &R, HostAccessMode Mode) {
  std::lock_guard<std::mutex> Guard(Lock);
  return hostAccessLocked(R, Mode);
}

bool DataSource::CacheEntry::matches(const ViewHeader *H, size_t ViewElemSize,
                                     HostAccessMode M) const {
  // A cached Write also covers a Read: the host copy is current either way.
  return ElemSize == ViewElemSize && Offset == H->Offset && Rank == H->Rank &&
         (M == HostAccessMode::Read || Mode == HostAccessMode::Write) &&
         std::memcmp(Shape.data(), viewExtent(H),
                     sizeof(int32_t) * 2 * size_t(H->Rank)) == 0;
}

void *DataSource::hostAccessView(const ViewHeader *H, size_t ViewElemSize,
                                 HostAccessMode Mode) {
  // Element access on the host asks for the whole view every time: a cache
  // of recent views whose access needed no work (and whose stale sets have
  // not changed since) makes that a lock and a compare.
  bool Cacheable = Mode != HostAccessMode::Overwrite && H->Rank >= 0 &&
                   size_t(H->Rank) * 2 <= CacheEntry().Shape.size();
  if (Cacheable) {
    std::lock_guard<std::mutex> Guard(Lock);
    for (const CacheEntry &E : Cache)
      if (E.Generation == Generation && E.matches(H, ViewElemSize, Mode))
        return Host;
  }
  RangeSet R = rangesOf(H, ViewElemSize);
  std::lock_guard<std::mutex> Guard(Lock);
  void *P = hostAccessLocked(R, Mode);
  if (Cacheable) {
    // Recorded under the same lock as the access, so the entry describes
    // exactly the state it leaves behind.
    CacheEntry &E = Cache[NextCacheSlot++ % Cache.size()];
    E.Generation = Generation;
    E.Mode = Mode;
    E.ElemSize = ViewElemSize;
    E.Offset = H->Offset;
    E.Rank = H->Rank;
    std::memcpy(E.Shape.data(), viewExtent(H),
                sizeof(int32_t) * 2 * size_t(H->Rank));
  }
  return P;
}

void DataSource::discard(const RangeSet &R) {
  // An array's data belongs to the array, not to the views over it: Visual
  // C++ drops only the view's cached copies, and programs (and its test
  // suite) rely on the array's contents surviving a view's discard_data.
  if (IsArray)
    return;
  std::lock_guard<std::mutex> Guard(Lock);
  HostStale.subtract(R);
  DeviceStale.subtract(R);
  changed();
}

void DataSource::refresh(const RangeSet &R) {
  // Only user memory can change behind the runtime's back: the storage of
  // arrays and of views made from an extent is reached through the runtime
  // alone (data() marks what it hands out as written), so there is nothing
  // to forget, and forgetting would lose the device's current data.
  if (!IsUser)
    return;
  std::lock_guard<std::mutex> Guard(Lock);
  ensureHostMemory();
  HostStale.subtract(R);
  DeviceStale.add(R);
  changed();
}

cl_mem DataSource::prepareForKernel(AcceleratorViewImpl &View,
                                    const RangeSet &Used) {
  Device &Dev = View.device();
  cl_command_queue Q = View.queue();
  std::lock_guard<std::mutex> Guard(Lock);
  moveBufferTo(Dev);
  useQueue(Q);
  if (!Buffer)
    createBuffer(Dev);
  writeOut(DeviceStale.intersect(Used), /*Async=*/true);
  return Buffer;
}

void DataSource::synchronizeTo(AcceleratorViewImpl &View, const RangeSet &R) {
  prepareForKernel(View, R);
}

void DataSource::kernelMayWrite(const RangeSet &Written) {
  std::lock_guard<std::mutex> Guard(Lock);
  HostStale.add(Written);
  // The kernel's values win over a host write that raced with the launch.
  DeviceStale.subtract(Written);
  changed();
}

RangeSet DataSource::hostStale() {
  std::lock_guard<std::mutex> Guard(Lock);
  return HostStale;
}

RangeSet DataSource::deviceStale() {
  std::lock_guard<std::mutex> Guard(Lock);
  return DeviceStale;
}

// --- Copies between sources -------------------------------------------------

namespace {
/// A dense row-major shape with the extents of another, for temporaries.
struct DenseShape {
  std::vector<int32_t> Ext, Stride;
  explicit DenseShape(const ShapeRef &S) : Ext(S.Ext, S.Ext + S.Rank) {
    Stride.resize(S.Rank);
    int32_t St = 1;
    for (uint32_t I = S.Rank; I-- > 0;) {
      Stride[I] = St;
      St *= Ext[I];
    }
  }
  ShapeRef ref() const {
    return ShapeRef{0, uint32_t(Ext.size()), Ext.data(), Stride.data()};
  }
  size_t count() const {
    size_t N = 1;
    for (int32_t E : Ext)
      N *= size_t(E);
    return N;
  }
};
} // namespace

void DataSource::readDense(const ViewHeader *H, size_t E, void *Dst) {
  RangeSet R = rangesOf(H, E);
  if (R.empty())
    return;
  ShapeRef S = shapeOf(H);
  DenseShape T(S);
  std::lock_guard<std::mutex> Guard(Lock);
  // Where the device alone holds the current bytes, read them from there:
  // user memory is the program's and changes at synchronize() (or the last
  // view's destruction), not because the data was copied somewhere else;
  // an array's host copy need not be brought up to date for a copy out.
  if (Buffer && HostStale.contains(R)) {
    readRects(Queue, Buffer, rectsBetween(S, T.ref(), E), Dst);
    lastCommandDone();
    return;
  }
  const void *From = hostAccessLocked(R, HostAccessMode::Read);
  hostRects(From, Dst, rectsBetween(S, T.ref(), E));
}

void DataSource::writeDense(const ViewHeader *H, size_t E, const void *Src) {
  RangeSet R = rangesOf(H, E);
  if (R.empty())
    return;
  ShapeRef S = shapeOf(H);
  DenseShape T(S);
  std::lock_guard<std::mutex> Guard(Lock);
  if (prefersDevice()) {
    // Arrays live on their accelerator: one transfer straight from the
    // program's memory (staged where that pays, Staging.h), never a pass
    // through the host copy first. On the array's own view's queue, as
    // for copies between views.
    Device *Dev = Buffer ? BufferDevice : placement();
    useQueue(copyQueue(*Dev));
    if (!Buffer)
      createBuffer(*Dev);
    uploaded(writeRects(Queue, Buffer, rectsBetween(T.ref(), S, E), Src,
                        false, false));
    DeviceStale.subtract(R);
    HostStale.add(R);
    changed();
    return;
  }
  void *To = hostAccessLocked(R, HostAccessMode::Overwrite);
  hostRects(Src, To, rectsBetween(T.ref(), S, E));
}

void DataSource::copy(DataSource &Src, const ViewHeader *SrcH, DataSource &Dst,
                      const ViewHeader *DstH, size_t E) {
  if (SrcH->Rank != DstH->Rank ||
      std::memcmp(viewExtent(SrcH), viewExtent(DstH),
                  sizeof(int32_t) * size_t(SrcH->Rank)) != 0)
    throw Concurrency::runtime_exception(
        "copy between an array or array_view and one of a different extent",
        Concurrency::AMPCC_E_INVALIDARG);
  RangeSet SR = Src.rangesOf(SrcH, E), DR = Dst.rangesOf(DstH, E);
  if (SR.empty())
    return;
  ShapeRef SS = shapeOf(SrcH), DS = shapeOf(DstH);

  if (&Src == &Dst) {
    // Views of one source may overlap: go through a temporary.
    DenseShape T(SS);
    std::vector<unsigned char> Tmp(T.count() * E);
    const void *From = Src.hostAccess(SR, HostAccessMode::Read);
    hostRects(From, Tmp.data(), rectsBetween(SS, T.ref(), E));
    void *To = Dst.hostAccess(DR, HostAccessMode::Overwrite);
    hostRects(Tmp.data(), To, rectsBetween(T.ref(), DS, E));
    return;
  }

  std::unique_lock<std::mutex> SrcGuard(Src.Lock, std::defer_lock),
      DstGuard(Dst.Lock, std::defer_lock);
  std::lock(SrcGuard, DstGuard);
  bool SrcOnHost = !Src.HostStale.intersects(SR);
  bool SrcOnDevice = Src.Buffer && !Src.DeviceStale.intersects(SR);

  Device *DstDev = Dst.Buffer ? Dst.BufferDevice : Dst.placement();
  if (SrcOnDevice && Dst.prefersDevice() &&
      Src.BufferDevice->sharesContextWith(*DstDev)) {
    // Device to device, never through the host: on the source's queue when
    // both live on one device, else on the destination's (it pulls the
    // data). Both sources then follow that queue, so that the destination's
    // later reads wait for the copy and the source's later writes too.
    if (DstDev != Src.BufferDevice &&
        Src.BufferDevice->peerCopiesThroughHost(*DstDev)) {
      // Through page-locked host memory, each device at the bus's speed
      // (PeerCopy.h); the thread waits, as for other copies through the
      // host.
      Src.useQueue(Src.copyQueue(*Src.BufferDevice));
      Dst.useQueue(Dst.copyQueue(*DstDev));
      if (!Dst.Buffer)
        Dst.createBuffer(*DstDev);
      copyThroughHost(Src.Queue, Src.Buffer, Dst.Queue, Dst.Buffer,
                      withinBounds(rectsBetween(SS, DS, E),
                                   bufferBytes(Src.Buffer),
                                   bufferBytes(Dst.Buffer)));
      Src.lastCommandDone();
      Dst.lastCommandDone();
      Dst.DeviceStale.subtract(DR);
      Dst.HostStale.add(DR);
      Dst.changed();
      return;
    }
    cl_command_queue Q = DstDev == Src.BufferDevice
                             ? Src.Queue
                             : queueFor(*DstDev, Dst.Home.get());
    Dst.useQueue(Q);
    Src.useQueue(Q);
    if (!Dst.Buffer)
      Dst.createBuffer(*DstDev);
    copyRects(Q, Src.Buffer, Dst.Buffer, rectsBetween(SS, DS, E));
    Dst.markLastCommand();
    Src.commandEnqueuedLocked(Dst.LastCommand);
    Dst.DeviceStale.subtract(DR);
    Dst.HostStale.add(DR);
    Dst.changed();
    return;
  }
  if (SrcOnDevice && !SrcOnHost) {
    // Straight from the source's buffer into the destination's host memory
    // (then on to the destination's device, if it has one elsewhere), on
    // the queue of the source's own view: after the commands that wrote
    // it, beside later kernels on other views.
    Dst.ensureHostMemory();
    Dst.awaitUploads();
    Src.useQueue(Src.copyQueue(*Src.BufferDevice));
    readRects(Src.Queue, Src.Buffer, rectsBetween(SS, DS, E), Dst.Host,
              Dst.Pinned != nullptr);
    Src.lastCommandDone();
    Dst.HostStale.subtract(DR);
    Dst.DeviceStale.add(DR);
    Dst.changed();
    return;
  }

  // The source's host copy, made current where it is not (fresh storage:
  // the zeros of its first host allocation).
  Src.ensureHostMemory();
  Src.readBack(Src.HostStale.intersect(SR));
  if (Dst.prefersDevice()) {
    // Arrays live on their accelerator: write straight into the buffer.
    // On the queue of the array's own view, as for reads above.
    Device *Dev = Dst.Buffer ? Dst.BufferDevice : Dst.placement();
    Dst.useQueue(Dst.copyQueue(*Dev));
    if (!Dst.Buffer)
      Dst.createBuffer(*Dev);
    // The source's host copy is current and stays where it is: other
    // threads may copy from it meanwhile (a staging array that feeds
    // several accelerators), as they may read it.
    SrcGuard.unlock();
    Dst.uploaded(writeRects(Dst.Queue, Dst.Buffer, rectsBetween(SS, DS, E),
                            Src.Host, Src.Pinned != nullptr, false));
    Dst.DeviceStale.subtract(DR);
    Dst.HostStale.add(DR);
    Dst.changed();
    return;
  }
  Dst.ensureHostMemory();
  Dst.awaitUploads();
  hostRects(Src.Host, Dst.Host, rectsBetween(SS, DS, E));
  Dst.HostStale.subtract(DR);
  Dst.DeviceStale.add(DR);
  Dst.changed();
}

// --- The C API of runtime_api.h --------------------------------------------

DataSource *createUserSource(void *HostPtr, size_t ElemSize, size_t Count) {
  return new DataSource(HostPtr, ElemSize, Count);
}

static std::shared_ptr<AcceleratorViewImpl> shared(AcceleratorViewImpl *V) {
  return V ? V->shared_from_this() : nullptr;
}

DataSource *createOwnedSource(size_t ElemSize, size_t Count,
                              AcceleratorViewImpl *View) {
  return new DataSource(ElemSize, Count, shared(View), nullptr, false);
}

DataSource *createArraySource(size_t ElemSize, size_t Count,
                              AcceleratorViewImpl *View,
                              AcceleratorViewImpl *Associated, int CpuAccess) {
  std::shared_ptr<AcceleratorViewImpl> Home =
      View ? shared(View) : defaultDevice().defaultView();
  // A software accelerator with no device to run it (Device.h) holds no
  // memory: say so now, not at the array's first use.
  for (AcceleratorViewImpl *V : {Home.get(), Associated})
    if (V && !V->device().unavailableReason().empty())
      throw Concurrency::runtime_exception(V->device().unavailableReason(),
                                           Concurrency::AMPCC_E_FAIL);
  // Only an array on the CPU accelerator stages for another: elsewhere the
  // associated view is ignored, as in Visual C++.
  if (!Home->device().isHost())
    Associated = nullptr;
  // Staging arrays and arrays on the CPU accelerator are host memory.
  if (Associated || Home->device().isHost())
    CpuAccess = Concurrency::access_type_read_write;
  else if (CpuAccess == Concurrency::access_type_auto)
    CpuAccess = Home->device().useDefaultCpuAccess();
  // Visual C++ allocates an array's storage when it is constructed, so an
  // array too large for its accelerator throws here, not at first use.
  if (!Home->device().isHost() && !Associated)
    Home->device().checkAllocation(checkedBytes(ElemSize, Count));
  return new DataSource(ElemSize, Count, std::move(Home), shared(Associated),
                        true, CpuAccess);
}

size_t sourceBytes(const DataSource *S) { return S ? S->bytes() : 0; }

int sourceCpuAccess(const DataSource *S) {
  return S ? S->cpuAccess() : Concurrency::access_type_read_write;
}

void retainSource(DataSource *S) {
  if (S)
    S->retain();
}

void releaseSource(DataSource *S) {
  if (S && S->release())
    delete S;
}

static DataSource &sourceOf(const ViewHeader *H, const char *What) {
  if (!H || !H->Source)
    throw Concurrency::runtime_exception(
        std::string(What) + " of an array_view that has no data source",
        Concurrency::AMPCC_E_INVALIDARG);
  return *H->Source;
}

void *hostAccess(DataSource *S, bool WillWrite) {
  if (!S)
    throw Concurrency::runtime_exception(
        "host access to an array_view that has no data source",
        Concurrency::AMPCC_E_INVALIDARG);
  void *Data = S->hostAccess(RangeSet::all(S->bytes()),
                             WillWrite ? HostAccessMode::Write : HostAccessMode::Read);
  reportFaults();
  return Data;
}

void discardSource(DataSource *S) {
  if (S)
    S->discard(RangeSet::all(S->bytes()));
}

void refreshSource(DataSource *S) {
  if (S)
    S->refresh(RangeSet::all(S->bytes()));
}

void *hostAccessView(const ViewHeader *H, size_t ElemSize,
                     HostAccessMode Mode) {
  void *Data = sourceOf(H, "host access").hostAccessView(H, ElemSize, Mode);
  reportFaults();
  return Data;
}

void discardView(const ViewHeader *H, size_t ElemSize) {
  if (!H || !H->Source)
    return;
  H->Source->discard(H->Source->rangesOf(H, ElemSize));
}

void refreshView(const ViewHeader *H, size_t ElemSize) {
  if (!H || !H->Source)
    return;
  H->Source->refresh(H->Source->rangesOf(H, ElemSize));
}

void synchronizeViewTo(const ViewHeader *H, size_t ElemSize,
                       AcceleratorViewImpl *View) {
  DataSource &S = sourceOf(H, "synchronize_to");
  AcceleratorViewImpl &V = View ? *View : *defaultDevice().defaultView();
  S.synchronizeTo(V, S.rangesOf(H, ElemSize));
  reportFaults();
}

void readViewDense(const ViewHeader *H, size_t ElemSize, void *Dst) {
  sourceOf(H, "copy").readDense(H, ElemSize, Dst);
  reportFaults();
}

void writeViewDense(const ViewHeader *H, size_t ElemSize, const void *Src) {
  sourceOf(H, "copy").writeDense(H, ElemSize, Src);
  reportFaults();
}

void copyView(const ViewHeader *Src, const ViewHeader *Dst, size_t ElemSize) {
  DataSource::copy(sourceOf(Src, "copy"), Src, sourceOf(Dst, "copy"), Dst,
                   ElemSize);
  reportFaults();
}

AcceleratorViewImpl *sourceAcceleratorView(DataSource *S) {
  if (!S || (!S->isUser() && !S->home()))
    throw Concurrency::runtime_exception(
        "get_source_accelerator_view: this array_view has no data source "
        "(it was created from an extent only)",
        Concurrency::AMPCC_E_INVALIDARG);
  if (S->home())
    return S->home();
  // Host memory is the CPU accelerator's.
  return hostDevice().defaultView().get();
}

AcceleratorViewImpl *sourceAssociatedView(DataSource *S) {
  if (S && S->associated())
    return S->associated();
  return sourceAcceleratorView(S);
}

} // namespace rt
} // namespace ampcc
