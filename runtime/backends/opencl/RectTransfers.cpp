//===- RectTransfers.cpp - Rectangles between host memory and buffers -----===//
//
// Every transfer of a data source is a list of rectangles (Region.h); these
// enqueue them, one OpenCL call a rectangle, and count the bytes. Large
// transfers between ordinary host memory and a device go through Staging.
//
//===----------------------------------------------------------------------===//

#include "backends/opencl/RectTransfers.h"

#include "backends/opencl/OpenCLBackend.h"

#include "observation/Profile.h"
#include "observation/Stats.h"
#include "backends/opencl/Errors.h"
#include "backends/opencl/Staging.h"

#include <cstdint>
#include <string>
#include <utility>

namespace ampcc {
namespace rt {

size_t bufferBytes(cl_mem B) {
  size_t Size = SIZE_MAX;
  if (clGetMemObjectInfo(B, CL_MEM_SIZE, sizeof(Size), &Size, nullptr) != CL_SUCCESS)
    Size = SIZE_MAX;
  return Size;
}

/// Where an enqueue puts its event: \p Last for the last command of a
/// transfer (which is waited for), else the profiler's slot. The profiler's
/// slot is handed out either way; shareLast gives it the last event too.
static cl_event *eventFor(bool IsLast, cl_event *Last, cl_event *&Slot) {
  Slot = profileEventSlot();
  return IsLast ? Last : Slot;
}

static void shareLast(bool IsLast, cl_event Last, cl_event *Slot) {
  if (IsLast && Slot && Last) {
    clRetainEvent(Last);
    *Slot = Last;
  }
}

/// After the last enqueue: waits for \p Last and releases it. NVIDIA's
/// driver holds a lock of the whole
/// context while a blocking transfer runs, so that another thread's
/// commands on another device of the context (a buffer, a wait, its own
/// transfer) wait for it: two GPUs fed from two threads took turns
/// (examples/multi-gpu: matmul 1.48x and transpose 0.87x on two H100s
/// against one; docs/performance.md, "Several GPUs"). A non-blocking
/// enqueue and a wait for its event leave the lock free (1.88x, 1.60x).
static void waitLast(cl_event &Last, const char *What) {
  if (!Last)
    return;
  cl_int Err = clWaitForEvents(1, &Last);
  clReleaseEvent(std::exchange(Last, nullptr));
  checkCL(Err, std::string("clWaitForEvents for ") + What);
}


void readRects(cl_command_queue Q, cl_mem Buf,
               const std::vector<Rect> &AnyRects, void *HostBase,
               bool HostPinned) {
  std::vector<Rect> Rects = withinBounds(AnyRects, bufferBytes(Buf), SIZE_MAX);
  if (!HostPinned && stagesTransfer(Q, totalBytes(Rects)) &&
      stagedRead(Q, Buf, Rects, HostBase))
    return;
  cl_event Last = nullptr;
  for (size_t I = 0; I < Rects.size(); ++I) {
    const Rect &R = Rects[I];
    bool IsLast = I + 1 == Rects.size();
    const cl_bool Blocking = CL_FALSE; // Waited for below (waitLast).
    cl_event *Slot;
    cl_event *Event = eventFor(IsLast, &Last, Slot);
    auto *Host = static_cast<unsigned char *>(HostBase);
    if (R.contiguous()) {
      checkCL(clEnqueueReadBuffer(Q, Buf, Blocking, R.SrcOffset, R.Region[0],
                                  Host + R.DstOffset, 0, nullptr, Event),
              "clEnqueueReadBuffer of " + std::to_string(R.Region[0]) +
                  " bytes");
    } else {
      size_t BO[3], HO[3];
      rectOrigin(R.SrcOffset, R.SrcRowPitch, R.SrcSlicePitch, BO);
      rectOrigin(R.DstOffset, R.DstRowPitch, R.DstSlicePitch, HO);
      checkCL(clEnqueueReadBufferRect(Q, Buf, Blocking, BO, HO, R.Region,
                                      R.SrcRowPitch, R.SrcSlicePitch,
                                      R.DstRowPitch, R.DstSlicePitch, Host, 0,
                                      nullptr, Event),
              "clEnqueueReadBufferRect of " + std::to_string(R.bytes()) +
                  " bytes");
    }
    shareLast(IsLast, Last, Slot);
    noteDeviceToHost(R.bytes());
  }
  waitLast(Last, "a read from the device");
}

CLUpload writeRects(cl_command_queue Q, cl_mem Buf,
                  const std::vector<Rect> &AnyRects, const void *HostBase,
                  bool HostPinned, bool Async) {
  std::vector<Rect> Rects = withinBounds(AnyRects, SIZE_MAX, bufferBytes(Buf));
  CLUpload U;
  if (!HostPinned && stagesTransfer(Q, totalBytes(Rects)) &&
      stagedWrite(Q, Buf, Rects, HostBase, &U.Last))
    return U;
  U.ReadsHost = Async;
  for (size_t I = 0; I < Rects.size(); ++I) {
    const Rect &R = Rects[I];
    bool IsLast = I + 1 == Rects.size();
    const cl_bool Blocking = CL_FALSE; // Waited for below unless Async.
    // The caller's event for the last write, which this function waits for
    // unless Async.
    cl_event *Slot;
    cl_event *Event = eventFor(IsLast, &U.Last, Slot);
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
    shareLast(IsLast, U.Last, Slot);
    noteHostToDevice(R.bytes());
  }
  if (!Async) {
    waitLast(U.Last, "a write to the device");
    U.Last = nullptr;
  }
  if (!U.Last)
    U.ReadsHost = false;
  return U;
}

void copyRects(cl_command_queue Q, cl_mem Src, cl_mem Dst,
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

} // namespace rt
} // namespace ampcc
