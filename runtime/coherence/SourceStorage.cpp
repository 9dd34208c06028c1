//===- SourceStorage.cpp - Where a source's copies live -------------------===//
//
// A DataSource's host memory (allocated at first use; page-locked for a
// staging array) and its device buffer: created zeroed, placed on a device,
// moved to another one, freed. The caller holds the source's lock.
//
//===----------------------------------------------------------------------===//

#include "coherence/DataSource.h"

#include "ampcc/exceptions.h"
#include "devices/Device.h"
#include "observation/Profile.h"

#include <algorithm>
#include <cstring>
#include <utility>

namespace ampcc {
namespace rt {

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

bool DataSource::allocatePinned() {
  // A staging array exists to move data to and from its accelerator fast.
  // Memory the driver allocates for the host (and page-locks) is reached
  // by the device's copy engines directly; NVIDIA's driver moves ordinary
  // (pageable) memory through copies of its own, at about 7 GB/s on an
  // H200 whichever the number of GPUs (measured, 2026-11-24).
  Device &Dev = Associated->device();
  const rt::Queue &Q = Associated->queue();
  void *Mapped = nullptr;
  rt::Buffer P = Dev.backend()->allocatePinned(Dev.context(), Q, Bytes, Mapped);
  if (!P)
    return false; // Ordinary host memory will do.
  std::memset(Mapped, 0, Bytes); // Fresh storage reads as zeros.
  Pinned = std::move(P);
  PinnedQueue = Q;
  Host = Mapped;
  return true;
}

/// A buffer of Size bytes on Dev, counted against its memory.
static rt::Buffer newBuffer(Device &Dev, size_t Size) {
  Dev.reserveMemory(Size);
  try {
    return Dev.backend()->allocate(Dev.context(), Size, nullptr,
                                   "of " + std::to_string(Size) + " bytes on " +
                                       Dev.info().Name);
  } catch (...) {
    Dev.releaseMemory(Size);
    throw;
  }
}

bool DataSource::wrapUserMemory(Device &Dev) {
  // A view of the program's memory on a device whose memory is the host's
  // own (the host backend): kernels that read it use that memory, and
  // nothing is copied in.
  if (!IsUser || !Bytes)
    return false;
  Buffer = Dev.backend()->wrapHost(Dev.context(), Host, Bytes);
  if (!Buffer)
    return false;
  BufferDevice = &Dev;
  BufferIsHost = true;
  return true;
}

void DataSource::createBuffer(Device &Dev) {
  const DeviceInfo &Info = Dev.info();
  // OpenCL forbids empty buffers, yet an empty view still becomes a kernel
  // argument: give it one element nobody reads.
  size_t Size = Bytes ? Bytes : (ElemSize ? ElemSize : 1);
  HostStep Step("create buffer", std::to_string(Size) + " bytes");
  Buffer = newBuffer(Dev, Size);
  BufferDevice = &Dev;
  BufferBytes = Size;
  // Runtime-owned storage reads as zeros on both sides until written, unless
  // the host is about to provide every byte anyway.
  if (!IsUser && Bytes && DeviceStale.bytes() != Bytes) {
    // The widest pattern that divides the size (the backend cuts the fill
    // where its driver needs it).
    const unsigned char Zero[16] = {};
    size_t Pattern = 16;
    while (Bytes % Pattern)
      Pattern /= 2;
    Queue.fill(Buffer, Zero, Pattern, 0, Bytes,
               "of " + std::to_string(Bytes) + " bytes on " + Info.Name);
    markLastCommand();
  }
}

void DataSource::dropBuffer() {
  // Never throws (destructors call this): a failed upload has nobody left
  // to tell.
  waitForUpload();
  if (Buffer)
    BufferDevice->releaseMemory(BufferBytes);
  lastCommandDone();
  Buffer.reset();
  Queue.reset();
  BufferDevice = nullptr;
  BufferBytes = 0;
  BufferIsHost = false;
}

void DataSource::copyBufferTo(Device &Dev, bool AcrossContexts) {
  useQueue(copyQueue(*BufferDevice));
  rt::Queue To = copyQueue(Dev);
  rt::Buffer New = newBuffer(Dev, BufferBytes);
  std::vector<Rect> Whole = {Rect{0, 0, {BufferBytes, 1, 1}, 0, 0, 0, 0}};
  try {
    if (AcrossContexts) {
      // Waited for: the old buffer goes at once.
      Buffer.backend().copyAcrossContexts(Queue, Buffer, To, New, Whole);
      To.finish("cuStreamSynchronize");
    } else {
      Buffer.backend().copyThroughHost(Queue, Buffer, To, New, Whole);
    }
  } catch (...) {
    Dev.releaseMemory(BufferBytes);
    throw;
  }
  Buffer = std::move(New);
  BufferDevice->releaseMemory(BufferBytes);
  BufferDevice = &Dev;
  lastCommandDone();
  useQueue(To);
}

void DataSource::moveBufferTo(Device &Dev) {
  if (!Buffer || BufferDevice == &Dev)
    return;
  if (BufferDevice->sharesContextWith(Dev) &&
      BufferDevice->peerCopiesThroughHost(Dev)) {
    // The driver would move the contents itself, as slowly as its copies
    // between devices (NVIDIA): copy them through page-locked host memory
    // into a buffer of Dev's instead.
    return copyBufferTo(Dev, /*AcrossContexts=*/false);
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
  if (BufferDevice->copiesAcrossContextsTo(Dev)) {
    // Two GPUs, a context each (CUDA): the driver moves the contents
    // between them directly.
    return copyBufferTo(Dev, /*AcrossContexts=*/true);
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

} // namespace rt
} // namespace ampcc
