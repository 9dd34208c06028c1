//===- DataSource.h - Host and device copies of view data -------*- C++ -*-===//
//
// A DataSource is the storage that array_views (and arrays) share: a host
// copy and at most one device buffer. Which copy is current is tracked per
// byte (RangeSet, see Region.h), so that a view of a 10x10 section moves the
// section's 400 bytes, not the whole source:
//
//   HostStale    bytes whose current value is only in the device buffer
//                (a kernel wrote them); the host must read them back before
//                it looks at them.
//   DeviceStale  bytes whose current value is only in host memory (user
//                data never copied in, host writes); a kernel that uses them
//                must have them copied in first.
//
// Invariant: the two sets are disjoint. A byte in neither is current on both
// sides, or its value does not matter (fresh storage, discard_data).
//
// Data moves only when the side about to use a view holds a stale byte of
// that view: host access reads back (HostStale ∩ view), a launch writes out
// (DeviceStale ∩ the views the kernel uses). A kernel's writes mark its
// writable views HostStale; host writes mark the view DeviceStale.
//
// The buffer lives on one device at a time: where the array was placed
// (array(extent, accelerator_view)) or else where the first kernel that uses
// it runs; a kernel on another device moves it there through the host.
//
// The class is defined over five files, one job each: DataSource.cpp (the
// coherence rules above), SourceStorage.cpp (host memory and the buffer),
// SourceOrdering.cpp (commands on the buffer from several queues),
// SourceCopies.cpp (copies between sources) and SourceApi.cpp (the entry
// points of runtime_api.h).
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_DATASOURCE_H
#define AMPCC_RUNTIME_DATASOURCE_H

#include "ampcc/runtime_api.h"
#include "backends/Backend.h"
#include "support/Region.h"
#include "transfers/HostBlocks.h"

#include <array>
#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>

namespace ampcc {
namespace rt {

class AcceleratorViewImpl;
class Device;

/// ElemSize * Count; throws out_of_memory where that passes SIZE_MAX.
size_t checkedBytes(size_t ElemSize, size_t Count);

class DataSource {
public:
  /// Storage over user memory, which holds the current data.
  DataSource(void *UserMemory, size_t ElemSize, size_t Count);
  /// Storage the runtime owns, zero-initialised on both sides. Home is where
  /// its device copy is placed (nullptr: where the first kernel runs); with
  /// an Associated view it is a staging array, which prefers host memory.
  DataSource(size_t ElemSize, size_t Count,
             std::shared_ptr<AcceleratorViewImpl> Home,
             std::shared_ptr<AcceleratorViewImpl> Associated, bool IsArray,
             int CpuAccess = 3 /* access_type_read_write */);
  /// Writes pending device data back to user memory and frees the buffer;
  /// never throws (it runs from array_view destructors).
  ~DataSource();
  DataSource(const DataSource &) = delete;
  DataSource &operator=(const DataSource &) = delete;

  void retain() { RefCount.fetch_add(1, std::memory_order_relaxed); }
  /// True when this dropped the last reference; the caller deletes.
  bool release() {
    return RefCount.fetch_sub(1, std::memory_order_acq_rel) == 1;
  }

  size_t bytes() const { return Bytes; }
  bool isUser() const { return IsUser; }
  bool isArray() const { return IsArray; }
  /// The array's cpu_access_type (a Concurrency::access_type, never auto).
  int cpuAccess() const { return CpuAccess; }
  AcceleratorViewImpl *home() const { return Home.get(); }
  AcceleratorViewImpl *associated() const { return Associated.get(); }

  /// The bytes a view of this source shows; throws runtime_exception if the
  /// view reaches outside the source. H == nullptr: the whole source.
  RangeSet rangesOf(const ViewHeader *H, size_t ElemSize) const;
  /// The bytes of \p Levels mipmap levels of a texture, the first \p H:
  /// levels lie one after another, each dense, every extent halving (at
  /// least 1) from one level to the next (include/ampcc/graphics/mip.h).
  RangeSet mipChainRanges(const ViewHeader *H, size_t ElemSize, int32_t Levels) const;

  /// Makes the host copy of R current (Read, Write) and returns the host
  /// address of byte 0. Write and Overwrite make R stale on the device;
  /// Overwrite promises that every byte of R is written, so nothing is read
  /// back first.
  void *hostAccess(const RangeSet &R, HostAccessMode Mode);
  /// Host access for a view: rangesOf + hostAccess, cached per view shape.
  void *hostAccessView(const ViewHeader *H, size_t ElemSize,
                       HostAccessMode Mode);
  /// The current contents of R are not needed any more, on either side.
  void discard(const RangeSet &R);
  /// The host memory of R changed behind the runtime's back.
  void refresh(const RangeSet &R);
  /// Makes the device copy of R current on View's device (no kernel).
  void synchronizeTo(AcceleratorViewImpl &View, const RangeSet &R);

  /// Makes the device copy of Used current on View's device, ordered before
  /// what is enqueued on View's queue next, and returns the buffer. InPlace:
  /// nothing will write the buffer, so user memory may be the buffer itself
  /// where the device's memory is the host's (Backend::wrapHost). Kernels
  /// that write get a buffer of their own, so the user memory changes only
  /// at synchronize or the last view's destruction, as in Visual C++; so
  /// do kernels built without robust buffer access, whose buffers' slack
  /// and guard page catch stray writes instead of the program's heap.
  rt::Buffer prepareForKernel(AcceleratorViewImpl &View, const RangeSet &Used,
                              bool InPlace);
  /// A kernel that may write Written was enqueued: the host copy is stale.
  void kernelMayWrite(const RangeSet &Written);
  /// A command using the buffer was enqueued on its queue; Done completes
  /// when it does (retained here). Launches share one marker this way.
  void commandEnqueued(const Event &Done);

  /// Copies the elements of view H, row-major, into the dense buffer Dst,
  /// straight from the device when only it holds them (user memory is not
  /// updated on the way).
  void readDense(const ViewHeader *H, size_t ElemSize, void *Dst);
  /// Copies the dense buffer Src, row-major, into every element of view H:
  /// straight into the device buffer for an array that lives on a device,
  /// else into the host copy.
  void writeDense(const ViewHeader *H, size_t ElemSize, const void *Src);
  /// Copies the elements of view SrcH of Src into view DstH of Dst (same
  /// extents), by the cheapest route: host to host, host to device, device
  /// to host, or device to device.
  static void copy(DataSource &Src, const ViewHeader *SrcH, DataSource &Dst,
                   const ViewHeader *DstH, size_t ElemSize);

  /// For tests: the stale sets.
  RangeSet hostStale();
  RangeSet deviceStale();

private:
  void *hostAccessLocked(const RangeSet &R, HostAccessMode Mode);
  void ensureHostMemory();
  /// Host memory for a staging array: page-locked memory of its associated
  /// accelerator's driver (false: the driver would not give it).
  bool allocatePinned();
  /// Whether the host memory moves to and from Queue's device as
  /// page-locked memory: a staging array's, or user memory registered with
  /// Queue's backend.
  bool hostPinnedForQueue() const;
  /// Counts a transfer of \p Moved bytes of user memory, and registers the
  /// memory once transfers have moved it RegisterAfter times.
  void noteMoved(size_t Moved);
  void createBuffer(Device &Dev);
  /// Makes the user memory itself the buffer on Dev (Backend::wrapHost);
  /// false where Dev's backend cannot, or this is not user memory.
  bool wrapUserMemory(Device &Dev);
  /// Makes Q the queue of the buffer's next commands, ordered after its
  /// last one (LastCommand) wherever that was enqueued.
  void useQueue(const rt::Queue &Q);
  /// Records LastCommand: a marker at the end of Queue, or null after a
  /// blocking command (everything on Queue before it is done).
  void markLastCommand();
  /// The queue for a copy to or from this source's buffer on Dev.
  const rt::Queue &copyQueue(Device &Dev);
  void commandEnqueuedLocked(const Event &Done);
  void lastCommandDone();
  void readBack(const RangeSet &R);
  /// Async: do not wait for the upload (runtime-owned host memory only;
  /// see awaitUploads).
  void writeOut(const RangeSet &R, bool Async = false);
  /// Records an upload's end: its last write becomes the buffer's last
  /// command, and PendingUpload too where it still reads the host copy.
  void uploaded(Upload U);
  /// Waits for the asynchronous uploads of the host copy, before the host
  /// copy changes or goes away.
  void awaitUploads();
  /// awaitUploads without the throw: the wait's status (0: done).
  int waitForUpload();
  void moveBufferTo(Device &Dev);
  /// Moves the buffer's contents into a new buffer on Dev, through host
  /// memory or (AcrossContexts) by the backend's copy between contexts.
  void copyBufferTo(Device &Dev, bool AcrossContexts);
  void dropBuffer();
  void changed() { ++Generation; }
  /// The device this source's data should live on when it must be on one.
  Device *placement();
  /// Arrays live on their accelerator, except staging arrays and arrays on
  /// the CPU accelerator, whose home is host memory.
  bool prefersDevice() const;

  std::mutex Lock;
  std::atomic<unsigned> RefCount{1};
  const size_t ElemSize;
  const size_t Bytes;
  const bool IsUser;
  const bool IsArray;
  const int CpuAccess;
  const std::shared_ptr<AcceleratorViewImpl> Home;
  const std::shared_ptr<AcceleratorViewImpl> Associated;
  void *Host;                              ///< User memory or Owned.get().
  HostBlock Owned;                         ///< Allocated on first host use.

  rt::Buffer Buffer;
  Device *BufferDevice = nullptr;
  size_t BufferBytes = 0; ///< Counted against BufferDevice's memory.
  /// Buffer is the user memory itself (Backend::wrapHost), which only
  /// kernels that read have used: the copies between the two sides are
  /// nothing to do, and HostStale stays empty.
  bool BufferIsHost = false;
  /// The queue of the last command on Buffer: reads of the buffer
  /// go there so that they wait for the kernels that write it.
  rt::Queue Queue;
  /// Completes when the last command enqueued on Buffer does, or
  /// null when every such command has completed. A command on another queue
  /// waits for this event alone, not for the whole of Queue: a copy on one
  /// view's queue then runs beside an unrelated kernel on another's
  /// (docs/multi-device.md, "Copies beside kernels").
  Event LastCommand;
  /// A staging array's host memory (Host is its mapping), and the queue
  /// that mapped it; null otherwise.
  rt::Buffer Pinned;
  rt::Queue PinnedQueue;
  /// User memory registered for DMA with a backend (Backend::registerHost)
  /// once its transfers have moved it often enough to pay for that; null
  /// otherwise. RegistrationTried: asked once, never again.
  void *Registration = nullptr;
  Backend *RegisteredWith = nullptr;
  bool RegistrationTried = false;
  size_t BytesMoved = 0; ///< By readBack and writeOut, while unregistered.
  /// The last upload of the host copy not waited for, or null.
  Event PendingUpload;

  RangeSet HostStale;
  RangeSet DeviceStale;

  /// A cache of views whose host access needs no work: bumped by every change
  /// of the stale sets; an entry is good while its generation is current.
  uint64_t Generation = 1;
  struct CacheEntry {
    uint64_t Generation = 0;
    HostAccessMode Mode = HostAccessMode::Read;
    size_t ElemSize = 0;
    int32_t Offset = 0, Rank = 0;
    std::array<int32_t, 16> Shape{}; ///< Extents, then strides.
    bool matches(const ViewHeader *H, size_t ViewElemSize,
                 HostAccessMode M) const;
  };
  std::array<CacheEntry, 4> Cache;
  unsigned NextCacheSlot = 0;
};

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_DATASOURCE_H
