//===- RectTransfers.cpp - Rectangles between host memory and buffers -----===//
//
// Every transfer of a data source is a list of rectangles (Region.h); these
// enqueue them, one OpenCL call a rectangle, and count the bytes. Large
// transfers between ordinary host memory and a device go through Staging.
//
//===----------------------------------------------------------------------===//

#include "transfers/RectTransfers.h"

#include "observation/Profile.h"
#include "observation/Stats.h"
#include "support/Errors.h"
#include "transfers/Staging.h"

#include <cstdint>
#include <cstring>

namespace ampcc {
namespace rt {

size_t bufferBytes(cl_mem B) {
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

void readRects(cl_command_queue Q, cl_mem Buf,
               const std::vector<Rect> &AnyRects, void *HostBase,
               bool HostPinned) {
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

Upload writeRects(cl_command_queue Q, cl_mem Buf,
                  const std::vector<Rect> &AnyRects, const void *HostBase,
                  bool HostPinned, bool Async) {
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

void hostRects(const void *Src, void *Dst, const std::vector<Rect> &Rects) {
  const auto *S = static_cast<const unsigned char *>(Src);
  auto *D = static_cast<unsigned char *>(Dst);
  for (const Rect &R : Rects)
    for (size_t Z = 0; Z < R.Region[2]; ++Z)
      for (size_t Y = 0; Y < R.Region[1]; ++Y)
        std::memmove(D + R.DstOffset + Z * R.DstSlicePitch + Y * R.DstRowPitch,
                     S + R.SrcOffset + Z * R.SrcSlicePitch + Y * R.SrcRowPitch,
                     R.Region[0]);
}

} // namespace rt
} // namespace ampcc
