//===- DataSource.h - Host and device copies of view data -------*- C++ -*-===//
//
// A DataSource is the storage that array_views (and arrays) share: a host
// copy and at most one device buffer, each flagged valid or stale. The flags
// implement the coherence of spec §5.2 with the fewest transfers: data moves
// only when the side that is about to use it holds a stale copy.
//
// Invariant: HostValid || DeviceValid. "DeviceValid without a buffer" means
// the device contents do not matter (fresh storage, or discard_data): the
// first kernel creates the buffer and copies nothing in.
//
// The buffer lives on the device of the first kernel that uses the source,
// and moves (through the host) if a kernel on another device uses it later.
// Choosing a placement up front from array's accelerator_view, or keeping
// copies on several devices at once, is future work.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_DATASOURCE_H
#define AMPCC_RUNTIME_DATASOURCE_H

#include <CL/cl.h>

#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>

namespace ampcc {
namespace rt {

class AcceleratorViewImpl;
class Device;

class DataSource {
public:
  /// Storage over user memory, which holds the current data.
  DataSource(void *UserMemory, size_t ElemSize, size_t Count);
  /// Storage the runtime owns, with undefined initial contents.
  DataSource(size_t ElemSize, size_t Count);
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

  /// Makes the host copy current; WillWrite makes the device copy stale.
  /// Returns the host address of element 0.
  void *hostAccess(bool WillWrite);
  /// The device copy need not receive the host data before the next kernel.
  void discard();
  /// The host memory changed behind the runtime's back.
  void refresh();

  /// Makes the device copy current on View's device, ordered before what is
  /// enqueued on View's queue next, and returns the buffer.
  cl_mem prepareForKernel(AcceleratorViewImpl &View);
  /// A kernel that may write the data was enqueued: the host copy is stale.
  void kernelMayWrite();

private:
  void ensureHostMemory();
  void createBuffer(Device &Dev);
  void readBack();
  void writeOut();
  void dropBuffer();
  void useQueue(cl_command_queue Q);

  std::mutex Lock;
  std::atomic<unsigned> RefCount{1};
  const size_t ElemSize;
  const size_t Bytes;
  const bool IsUser;
  void *Host;                              ///< User memory or Owned.get().
  std::unique_ptr<unsigned char[]> Owned;  ///< Allocated on first host use.

  cl_mem Buffer = nullptr;
  Device *BufferDevice = nullptr;
  /// The queue of the last command on Buffer (retained): reads of the buffer
  /// go there so that they wait for the kernels that write it.
  cl_command_queue Queue = nullptr;

  bool HostValid;
  bool DeviceValid;
};

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_DATASOURCE_H
