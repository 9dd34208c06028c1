//===- PinnedBlocks.cpp - Page-locked host blocks of a context ------------===//

#include "backends/opencl/PinnedBlocks.h"

#include <condition_variable>
#include <map>
#include <mutex>
#include <utility>

namespace ampcc {
namespace rt {
namespace {

/// 128 MiB of page-locked memory a context at most: two transfers at once
/// of eight pipelines with two blocks each.
constexpr unsigned MostBlocks = 32;

struct ContextBlocks {
  std::mutex Lock;
  std::condition_variable Returned;
  std::vector<PinnedBlock *> Free;
  unsigned Made = 0;
  /// The driver gave no more page-locked memory: Made is all there is.
  bool Refused = false;
  /// A queue of the pool's own for the maps: a map on a transfer's queue
  /// would wait for every kernel enqueued there before it.
  cl_command_queue MapQueue = nullptr;

  /// A new block, or null when the driver gives none.
  PinnedBlock *make(cl_context Ctx, cl_device_id Dev) {
    cl_int Err = CL_SUCCESS;
    if (!MapQueue) {
      MapQueue = clCreateCommandQueue(Ctx, Dev, 0, &Err);
      if (Err != CL_SUCCESS) {
        MapQueue = nullptr;
        return nullptr;
      }
    }
    cl_mem M = clCreateBuffer(Ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR,
                              PinnedBlockBytes, nullptr, &Err);
    if (Err != CL_SUCCESS)
      return nullptr;
    void *P = clEnqueueMapBuffer(MapQueue, M, CL_TRUE,
                                 CL_MAP_READ | CL_MAP_WRITE, 0,
                                 PinnedBlockBytes, 0, nullptr, nullptr, &Err);
    if (Err != CL_SUCCESS || !P) {
      clReleaseMemObject(M);
      return nullptr;
    }
    auto *B = new PinnedBlock;
    B->Mem = M;
    B->Host = static_cast<unsigned char *>(P);
    ++Made;
    return B;
  }
};

// Never destroyed, like the contexts: blocks stay mapped until exit.
ContextBlocks &blocksOf(cl_context Ctx) {
  static std::mutex MapLock;
  static auto *All = new std::map<cl_context, ContextBlocks *>;
  std::lock_guard<std::mutex> Guard(MapLock);
  ContextBlocks *&B = (*All)[Ctx];
  if (!B)
    B = new ContextBlocks;
  return *B;
}

} // namespace

cl_int PinnedBlock::awaitIdle() {
  if (!Busy)
    return CL_SUCCESS;
  cl_event E = std::exchange(Busy, nullptr);
  cl_int Err = clWaitForEvents(1, &E);
  clReleaseEvent(E);
  return Err;
}

void PinnedBlock::setBusy(cl_event E) {
  if (E)
    clRetainEvent(E);
  if (Busy)
    clReleaseEvent(Busy);
  Busy = E;
}

PinnedLease::PinnedLease(cl_context Ctx, cl_device_id Dev, unsigned Least,
                         unsigned Most)
    : Ctx(Ctx) {
  ContextBlocks &C = blocksOf(Ctx);
  std::unique_lock<std::mutex> L(C.Lock);
  unsigned Limit = MostBlocks;
  for (;;) {
    // Blocks are taken only Least or more at once, so two transfers that
    // wait never hold blocks the other waits for.
    while (C.Free.size() < Most && C.Made < Limit && !C.Refused) {
      PinnedBlock *B = C.make(Ctx, Dev);
      if (!B) {
        C.Refused = true;
        break;
      }
      C.Free.push_back(B);
    }
    if (C.Refused)
      Limit = C.Made;
    if (C.Free.size() >= Least) {
      while (Blocks.size() < Most && !C.Free.empty()) {
        Blocks.push_back(C.Free.back());
        C.Free.pop_back();
      }
      return;
    }
    // Fewer than Least could ever be free at once: the caller does without.
    if (Limit < Least)
      return;
    C.Returned.wait(L);
  }
}

PinnedLease::~PinnedLease() {
  if (Blocks.empty())
    return;
  ContextBlocks &C = blocksOf(Ctx);
  {
    std::lock_guard<std::mutex> Guard(C.Lock);
    C.Free.insert(C.Free.end(), Blocks.begin(), Blocks.end());
  }
  C.Returned.notify_all();
}

} // namespace rt
} // namespace ampcc
