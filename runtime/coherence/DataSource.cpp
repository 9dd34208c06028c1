//===- DataSource.cpp - Which copy of a source's bytes is current ---------===//
//
// The coherence rules of DataSource.h: the stale sets, host access, discard
// and refresh, and what a launch needs written out first. Where the copies
// live and how commands on the buffer are ordered is SourceStorage.cpp and
// SourceOrdering.cpp; copies between sources SourceCopies.cpp.
//
//===----------------------------------------------------------------------===//

#include "coherence/DataSource.h"

#include "ampcc/exceptions.h"
#include "devices/Device.h"
#include "observation/Profile.h"
#include "observation/Stats.h"

#include <cstdint>
#include <cstring>
#include <utility>

namespace ampcc {
namespace rt {

size_t checkedBytes(size_t ElemSize, size_t Count) {
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
  if (Pinned)
    Pinned.backend().unmapPinned(PinnedQueue, Pinned, Host);
  if (Registration)
    RegisteredWith->unregisterHost(Registration);
}

// Registering costs about what moving the bytes at 16 GB/s does, and saves
// 0.1-0.5x of a staged transfer's time each time (H200, bench/transfers:
// docs/performance.md); memory moved four times its size is likely to move
// again. Below 1 MiB transfers go directly and staging is not the cost.
static constexpr size_t RegisterMinBytes = size_t(1) << 20;
static constexpr size_t RegisterAfter = 4;

bool DataSource::hostPinnedForQueue() const {
  return Pinned || (Registration && &Queue.backend() == RegisteredWith);
}

void DataSource::noteMoved(size_t Moved) {
  if (!IsUser || Pinned || RegistrationTried || Bytes < RegisterMinBytes)
    return;
  BytesMoved += Moved;
  if (BytesMoved < RegisterAfter * Bytes)
    return;
  RegistrationTried = true;
  RegisteredWith = &Queue.backend();
  Registration = RegisteredWith->registerHost(Host, Bytes);
}

void DataSource::readBack(const RangeSet &R) {
  if (R.empty())
    return;
  HostStep Step("read back", std::to_string(R.bytes()) + " bytes");
  ensureHostMemory();
  Queue.readRects(Buffer, rectsOf(R), Host, hostPinnedForQueue());
  noteMoved(R.bytes());
  lastCommandDone();
  HostStale.subtract(R);
  changed();
}

void DataSource::writeOut(const RangeSet &R, bool Async) {
  if (R.empty())
    return;
  if (BufferIsHost) {
    DeviceStale.subtract(R);
    changed();
    return;
  }
  ensureHostMemory();
  // Only the runtime writes its own host memory, and it waits for the
  // upload first (awaitUploads); user memory may change behind the
  // runtime's back as soon as a launch returns (Visual C++ copies it at the
  // launch), so its uploads must be done reading it when this returns.
  uploaded(Queue.writeRects(Buffer, rectsOf(R), Host, hostPinnedForQueue(),
                            Async && !IsUser));
  noteMoved(R.bytes());
  DeviceStale.subtract(R);
  changed();
}

void DataSource::uploaded(Upload U) {
  if (!U.Last) {
    lastCommandDone();
    return;
  }
  if (U.ReadsHost)
    PendingUpload = U.Last;
  commandEnqueuedLocked(U.Last);
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

rt::Buffer DataSource::prepareForKernel(AcceleratorViewImpl &View,
                                        const RangeSet &Used, bool InPlace) {
  Device &Dev = View.device();
  const rt::Queue &Q = View.queue();
  std::lock_guard<std::mutex> Guard(Lock);
  moveBufferTo(Dev);
  if (Buffer && BufferIsHost && !InPlace) {
    // A kernel that writes: into a buffer of its own, from the user memory,
    // which is current (only kernels that read used it in place).
    dropBuffer();
    DeviceStale = RangeSet::all(Bytes);
    changed();
  }
  useQueue(Q);
  if (!Buffer && !(InPlace && wrapUserMemory(Dev)))
    createBuffer(Dev);
  writeOut(DeviceStale.intersect(Used), /*Async=*/true);
  return Buffer;
}

void DataSource::synchronizeTo(AcceleratorViewImpl &View, const RangeSet &R) {
  // No kernel writes what this makes current: in place where it can be.
  prepareForKernel(View, R, /*InPlace=*/true);
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

} // namespace rt
} // namespace ampcc
