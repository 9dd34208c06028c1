//===- SourceCopies.cpp - Copies between sources and dense memory ---------===//
//
// copy() and copy_async between views, and between a view and dense host
// memory (an iterator range), by the cheapest route: host to host, one
// transfer, or device to device (through page-locked memory where the
// driver's copies between devices are slow, PeerCopy.h).
//
//===----------------------------------------------------------------------===//

#include "coherence/DataSource.h"

#include "ampcc/exceptions.h"
#include "devices/Device.h"
#include "observation/Profile.h"
#include "transfers/HostCopy.h"

#include <cstring>
#include <mutex>
#include <vector>

namespace ampcc {
namespace rt {

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

/// The queue for commands on a source placed on Dev that has none yet.
static const Queue &queueFor(Device &Dev, AcceleratorViewImpl *Preferred) {
  if (Preferred && &Preferred->device() == &Dev)
    return Preferred->queue();
  return Dev.defaultView()->queue();
}

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
  // On the queue of the array's own view, as for copies between views: it
  // waits for the commands that wrote the bytes, not for later kernels
  // queued on the view they ran on (examples/mpi copies its edge rows out
  // while the interior's kernel runs).
  if (Buffer && HostStale.contains(R)) {
    useQueue(copyQueue(*BufferDevice));
    Queue.readRects(Buffer, rectsBetween(S, T.ref(), E), Dst);
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
    uploaded(Queue.writeRects(Buffer, rectsBetween(T.ref(), S, E), Src,
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

  // No detail: the transfer's own event has its bytes, and a detail string
  // would be built on every copy, traced or not.
  HostStep Step("copy");
  std::unique_lock<std::mutex> SrcGuard(Src.Lock, std::defer_lock),
      DstGuard(Dst.Lock, std::defer_lock);
  std::lock(SrcGuard, DstGuard);
  bool SrcOnHost = !Src.HostStale.intersects(SR);
  bool SrcOnDevice = Src.Buffer && !Src.DeviceStale.intersects(SR);

  Device *DstDev = Dst.Buffer ? Dst.BufferDevice : Dst.placement();
  // The destination's buffer now holds the copied bytes.
  auto Copied = [&] {
    Dst.DeviceStale.subtract(DR);
    Dst.HostStale.add(DR);
    Dst.changed();
  };
  // From one device's buffer to another's, each on its own copy queue:
  // through page-locked host memory (PeerCopy.h; the thread waits, as for
  // other copies through the host), or by the backend's copy between two
  // contexts (CUDA; ordered by events both ways, Backend.h).
  auto BetweenDevices = [&](bool ThroughHost) {
    Src.useQueue(Src.copyQueue(*Src.BufferDevice));
    Dst.useQueue(Dst.copyQueue(*DstDev));
    if (!Dst.Buffer)
      Dst.createBuffer(*DstDev);
    Backend &B = Src.Buffer.backend();
    std::vector<Rect> R = withinBounds(rectsBetween(SS, DS, E), B.bufferBytes(Src.Buffer),
                                       B.bufferBytes(Dst.Buffer));
    if (ThroughHost) {
      B.copyThroughHost(Src.Queue, Src.Buffer, Dst.Queue, Dst.Buffer, R);
      Src.lastCommandDone();
      Dst.lastCommandDone();
    } else {
      B.copyAcrossContexts(Src.Queue, Src.Buffer, Dst.Queue, Dst.Buffer, R);
      Src.markLastCommand();
      Dst.markLastCommand();
    }
    Copied();
  };
  if (SrcOnDevice && Dst.prefersDevice() &&
      Src.BufferDevice->sharesContextWith(*DstDev)) {
    // Device to device, never through the host: on the source's queue when
    // both live on one device, else on the destination's (it pulls the
    // data). Both sources then follow that queue, so that the destination's
    // later reads wait for the copy and the source's later writes too.
    // Except where the driver's own copy between devices is slow.
    if (DstDev != Src.BufferDevice &&
        Src.BufferDevice->peerCopiesThroughHost(*DstDev))
      return BetweenDevices(/*ThroughHost=*/true);
    rt::Queue Q = DstDev == Src.BufferDevice ? Src.Queue
                                         : queueFor(*DstDev, Dst.Home.get());
    Dst.useQueue(Q);
    Src.useQueue(Q);
    if (!Dst.Buffer)
      Dst.createBuffer(*DstDev);
    Q.copyRects(Src.Buffer, Dst.Buffer, rectsBetween(SS, DS, E));
    Dst.markLastCommand();
    Src.commandEnqueuedLocked(Dst.LastCommand);
    return Copied();
  }
  // Two GPUs, a context each (CUDA): the driver copies between them.
  if (SrcOnDevice && Dst.prefersDevice() &&
      Src.BufferDevice->copiesAcrossContextsTo(*DstDev))
    return BetweenDevices(/*ThroughHost=*/false);
  if (SrcOnDevice && !SrcOnHost) {
    // Straight from the source's buffer into the destination's host memory
    // (then on to the destination's device, if it has one elsewhere), on
    // the queue of the source's own view: after the commands that wrote
    // it, beside later kernels on other views.
    Dst.ensureHostMemory();
    Dst.awaitUploads();
    Src.useQueue(Src.copyQueue(*Src.BufferDevice));
    Dst.HostStale.subtract(DR);
    Dst.DeviceStale.add(DR);
    Dst.changed();
    // The read waits for the kernels that wrote the source: the destination
    // (a staging array that several devices' threads copy their results
    // into, examples/multi-gpu) is not locked meanwhile, or those threads
    // would take turns. Its stale sets say already what the read leaves;
    // another thread that touches these bytes before the read ends races
    // with this copy, as it would in Visual C++.
    void *To = Dst.Host;
    bool ToPinned = bool(Dst.Pinned);
    DstGuard.unlock();
    Src.Queue.readRects(Src.Buffer, rectsBetween(SS, DS, E), To, ToPinned);
    Src.lastCommandDone();
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
    HostStep Writing("copy: write to the device");
    Dst.uploaded(Dst.Queue.writeRects(Dst.Buffer, rectsBetween(SS, DS, E),
                                      Src.Host, bool(Src.Pinned), false));
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

} // namespace rt
} // namespace ampcc
