//===- CLQueue.cpp - commands on an OpenCL in-order queue -----------------===//

#include "backends/opencl/Errors.h"
#include "backends/opencl/OpenCLBackend.h"
#include "observation/Profile.h"
#include "backends/opencl/PeerCopy.h"
#include "backends/opencl/RectTransfers.h"

#include <algorithm>
#include <vector>

namespace ampcc {
namespace rt {

void OpenCLBackend::setArg(void *Kernel, unsigned Index, size_t Bytes,
                           const void *Value, const std::string &For) {
  cl_int Err = clSetKernelArg(static_cast<cl_kernel>(Kernel), cl_uint(Index),
                              Bytes, Value);
  if (Err != CL_SUCCESS)
    throwCLError(Err, "clSetKernelArg for argument " + std::to_string(Index) +
                          " " + For);
}

void OpenCLBackend::setBufferArg(void *Kernel, unsigned Index, void *Mem,
                                 const std::string &For) {
  cl_mem M = clMem(Mem);
  setArg(Kernel, Index, sizeof(M), &M, For);
}

void OpenCLBackend::launch(void *Q, void *Kernel, const LaunchPart &Part,
                           Event *Done, const std::string &For) {
  // Without a caller for the event, the profile's slot takes it
  // (profileLaunch picks it up).
  EventSlot Slot(Done);
  checkCL(clEnqueueNDRangeKernel(clQueue(Q), static_cast<cl_kernel>(Kernel),
                                 Part.Dims, Part.Offset, Part.Size, Part.Local,
                                 0, nullptr,
                                 Done ? Slot.get() : profileEventSlot()),
          "clEnqueueNDRangeKernel " + For);
}

void OpenCLBackend::read(void *Q, void *B, bool Blocking, size_t Offset,
                         size_t Bytes, void *Host, Event *Done,
                         const std::string &For) {
  EventSlot Slot(Done);
  checkCL(clEnqueueReadBuffer(clQueue(Q), clMem(B), Blocking, Offset, Bytes,
                              Host, 0, nullptr, Slot.get()),
          "clEnqueueReadBuffer " + For);
}

void OpenCLBackend::readRects(void *Q, void *B, const std::vector<Rect> &R,
                              void *Host, bool HostPinned) {
  rt::readRects(clQueue(Q), clMem(B), R, Host, HostPinned);
}

Upload OpenCLBackend::writeRects(void *Q, void *B, const std::vector<Rect> &R,
                                 const void *Host, bool HostPinned, bool Async) {
  CLUpload CL = rt::writeRects(clQueue(Q), clMem(B), R, Host, HostPinned, Async);
  Upload U;
  if (CL.Last)
    U.Last = adoptEvent(CL.Last);
  U.ReadsHost = CL.ReadsHost;
  return U;
}

void OpenCLBackend::copyRects(void *Q, void *Src, void *Dst,
                              const std::vector<Rect> &R) {
  rt::copyRects(clQueue(Q), clMem(Src), clMem(Dst), R);
}

void OpenCLBackend::copyThroughHost(const Queue &SrcQ, const Buffer &Src,
                                    const Queue &DstQ, const Buffer &Dst,
                                    const std::vector<Rect> &R) {
  rt::copyThroughHost(clQueue(SrcQ), clMem(Src), clQueue(DstQ), clMem(Dst), R);
}

bool OpenCLBackend::copiesThroughHost(const DeviceProperties &A,
                                      const DeviceProperties &) {
  // NVIDIA's driver copies between two GPUs at about 1 GB/s (no peer
  // access over NVLink; docs/multi-device.md).
  return A.PlatformName.find("NVIDIA") != std::string::npos;
}

void OpenCLBackend::fill(void *Q, void *B, const void *Pattern,
                         size_t PatternBytes, size_t Offset, size_t Bytes,
                         const std::string &For) {
  // In pieces of at most 256 MB: NVIDIA's driver fails
  // (CL_INVALID_COMMAND_QUEUE later) or hangs on a single fill of 2 GB or
  // more with a one-byte pattern (measured, H100).
  const size_t Piece = size_t(256) << 20;
  for (size_t Off = 0; Off < Bytes; Off += Piece)
    checkCL(clEnqueueFillBuffer(clQueue(Q), clMem(B), Pattern, PatternBytes,
                                Offset + Off, std::min(Piece, Bytes - Off), 0,
                                nullptr, nullptr),
            "clEnqueueFillBuffer " + For);
}

Event OpenCLBackend::marker(void *Q, const std::string &For) {
  cl_event Done = nullptr;
  cl_int Err = clEnqueueMarkerWithWaitList(clQueue(Q), 0, nullptr, &Done);
  if (Err != CL_SUCCESS)
    throwCLError(Err, For.empty() ? "clEnqueueMarkerWithWaitList"
                                  : "clEnqueueMarkerWithWaitList " + For);
  return adoptEvent(Done);
}

void OpenCLBackend::waitFor(void *Q, const Event &E) {
  cl_event Wait = clEvent(E);
  checkCL(clEnqueueBarrierWithWaitList(clQueue(Q), 1, &Wait, nullptr),
          "clEnqueueBarrierWithWaitList");
}

void OpenCLBackend::flush(void *Q) { checkCL(clFlush(clQueue(Q)), "clFlush"); }

int OpenCLBackend::finish(void *Q) { return clFinish(clQueue(Q)); }

} // namespace rt
} // namespace ampcc
