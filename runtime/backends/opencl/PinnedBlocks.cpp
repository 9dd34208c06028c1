//===- PinnedBlocks.cpp - Page-locked host blocks of a context ------------===//

#include "backends/opencl/PinnedBlocks.h"

#include "transfers/PinnedPool.h"

#include <map>
#include <mutex>
#include <utility>

namespace ampcc {
namespace rt {
namespace {

struct ContextBlocks {
  PinnedPool Pool;
  /// A queue of the pool's own for the maps: a map on a transfer's queue
  /// would wait for every kernel enqueued there before it. Made under the
  /// pool's lock (Pool.lend calls make one at a time).
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
                         unsigned Most, size_t Bytes)
    : Ctx(Ctx) {
  ContextBlocks &C = blocksOf(Ctx);
  for (void *B :
       C.Pool.lend(Least, Most, [&] { return static_cast<void *>(C.make(Ctx, Dev)); }, Bytes))
    Blocks.push_back(static_cast<PinnedBlock *>(B));
}

PinnedLease::~PinnedLease() {
  blocksOf(Ctx).Pool.giveBack(std::vector<void *>(Blocks.begin(), Blocks.end()));
}

} // namespace rt
} // namespace ampcc
