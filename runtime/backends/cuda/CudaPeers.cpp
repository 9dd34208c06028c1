//===- CudaPeers.cpp - copies between two GPUs, peer to peer -------------===//
//
// Each GPU has its own context (CudaDevices.cpp), so the runtime's copies
// between devices of one context never apply to CUDA's; without this file
// an array copied from one GPU to another would cross the bus twice,
// through the host. The driver copies between contexts itself
// (cuMemcpy3DPeerAsync), over NVLink or PCIe where the two GPUs can reach
// each other's memory once peer access is enabled, and ordered by events,
// which CUDA lets one context's stream wait for on another's.
//
//===----------------------------------------------------------------------===//

#include "backends/cuda/CudaBackend.h"

#include "observation/Stats.h"
#include "support/Env.h"
#include "support/Region.h"

namespace ampcc {
namespace rt {

using namespace cuda;

bool CudaBackend::copiesAcrossContexts(void *A, void *B) {
  // AMPCC_PEER_COPIES=host keeps the copy through the host, for comparison.
  if (env().PeerCopiesThroughHost.value_or(false))
    return false;
  return A && B && A != B;
}

void CudaBackend::enablePeerAccess(DeviceContext &A, DeviceContext &B) {
  std::lock_guard<std::mutex> Guard(PeerLock);
  if (!PeersTried.insert({A.Ctx, B.Ctx}).second)
    return;
  PeersTried.insert({B.Ctx, A.Ctx});
  // Each way: the current context gains access to the other's memory.
  for (auto [From, To] : {std::pair{&A, &B}, std::pair{&B, &A}}) {
    int Can = 0;
    if (Api->cuDeviceCanAccessPeer(&Can, From->Device, To->Device) != CUDA_SUCCESS || !Can)
      continue; // The driver still copies, staging through the host.
    enter(*From);
    CUresult Err = Api->cuCtxEnablePeerAccess(To->Ctx, 0);
    if (Err != CUDA_SUCCESS && Err != CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED)
      fail(Err, "enabling peer access between two GPUs");
  }
}

void CudaBackend::copyAcrossContexts(const Queue &SrcQ, const Buffer &Src,
                                     const Queue &DstQ, const Buffer &Dst,
                                     const std::vector<Rect> &R) {
  auto &From = *static_cast<Stream *>(SrcQ.raw());
  auto &To = *static_cast<Stream *>(DstQ.raw());
  auto &S = *static_cast<Memory *>(Src.raw());
  auto &D = *static_cast<Memory *>(Dst.raw());
  enablePeerAccess(*From.Ctx, *To.Ctx);
  // On the destination's stream, after what the source's stream holds (the
  // kernels that wrote the source)...
  Event Written = marker(SrcQ.raw(), "before a copy between GPUs");
  waitFor(DstQ.raw(), Written);
  enter(*To.Ctx);
  for (const Rect &One : R) {
    timedCopyRect(To, One, {true, S.Ptr, nullptr, From.Ctx->Ctx},
                  {true, D.Ptr, nullptr, To.Ctx->Ctx}, "copying a rectangle between two GPUs");
    noteDeviceToDevice(One.bytes());
  }
  // ... and before what the source's stream runs next (a kernel that
  // writes the source again).
  Event Copied = marker(DstQ.raw(), "after a copy between GPUs");
  waitFor(SrcQ.raw(), Copied);
}

} // namespace rt
} // namespace ampcc
