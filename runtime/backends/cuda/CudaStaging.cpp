//===- CudaStaging.cpp - Staged transfers on a CUDA stream ----------------===//

#include "backends/cuda/CudaStaging.h"

#include "transfers/PinnedPool.h"

#include <map>
#include <mutex>

namespace ampcc {
namespace rt {
namespace cuda {
namespace {

/// A page-locked block and the event of the last copy through it.
struct Block {
  unsigned char *Host = nullptr;
  CUevent Done = nullptr;
  bool Busy = false; ///< Done was recorded and not yet waited for.
};

// Never destroyed, like the primary contexts: blocks stay until exit.
PinnedPool &poolOf(CUcontext Ctx) {
  static std::mutex Lock;
  static auto *All = new std::map<CUcontext, PinnedPool *>;
  std::lock_guard<std::mutex> Guard(Lock);
  PinnedPool *&P = (*All)[Ctx];
  if (!P)
    P = new PinnedPool;
  return *P;
}

/// A new block of the current context, or null when the driver gives no
/// more page-locked memory.
Block *makeBlock(const Api &A) {
  void *Host = nullptr;
  if (A.cuMemAllocHost(&Host, PinnedBlockBytes) != CUDA_SUCCESS)
    return nullptr;
  auto *B = new Block;
  B->Host = static_cast<unsigned char *>(Host);
  if (A.cuEventCreate(&B->Done, CU_EVENT_DISABLE_TIMING) != CUDA_SUCCESS) {
    A.cuMemFreeHost(Host);
    delete B;
    return nullptr;
  }
  return B;
}

} // namespace

StagingOnStream::~StagingOnStream() { poolOf(S.Ctx->Ctx).giveBack(Lent); }

unsigned StagingOnStream::borrow(unsigned Least, unsigned Most, size_t Bytes) {
  B.enter(*S.Ctx);
  const Api &A = B.api();
  Lent = poolOf(S.Ctx->Ctx).lend(
      Least, Most, [&A] { return static_cast<void *>(makeBlock(A)); }, Bytes);
  return unsigned(Lent.size());
}

unsigned char *StagingOnStream::block(unsigned I) {
  return static_cast<Block *>(Lent[I])->Host;
}

void StagingOnStream::awaitIdle(unsigned I) {
  auto &Blk = *static_cast<Block *>(Lent[I]);
  if (!Blk.Busy)
    return;
  // A participant runs on a thread of the host copies' pool, which may never
  // have made this context current.
  B.enter(*S.Ctx);
  Blk.Busy = false;
  B.check(B.api().cuEventSynchronize(Blk.Done),
          "waiting for a transfer through page-locked memory");
}

bool StagingOnStream::finished(unsigned I) {
  auto &Blk = *static_cast<Block *>(Lent[I]);
  if (!Blk.Busy)
    return true;
  B.enter(*S.Ctx);
  CUresult R = B.api().cuEventQuery(Blk.Done);
  if (R == CUDA_ERROR_NOT_READY)
    return false;
  Blk.Busy = false;
  B.check(R, "waiting for a transfer through page-locked memory");
  return true;
}

void StagingOnStream::move(const StagedPiece &P, unsigned I, bool ToDevice) {
  auto &Blk = *static_cast<Block *>(Lent[I]);
  const Api &A = B.api();
  B.enter(*S.Ctx);
  std::string What = std::string(ToDevice ? "writing " : "reading ") +
                     std::to_string(P.bytes()) + " bytes through page-locked memory";
  if (P.contiguousOnDevice()) {
    B.check(ToDevice ? A.cuMemcpyHtoDAsync(M.Ptr + P.BufOffset, Blk.Host, P.bytes(), S.Handle)
                     : A.cuMemcpyDtoHAsync(Blk.Host, M.Ptr + P.BufOffset, P.bytes(), S.Handle),
            What);
  } else {
    // Rows dense in the block, BufPitch apart in the buffer.
    Rect R{};
    R.Region[0] = P.Width;
    R.Region[1] = P.Rows;
    R.Region[2] = 1;
    size_t &BufOffset = ToDevice ? R.DstOffset : R.SrcOffset;
    size_t &BufPitch = ToDevice ? R.DstRowPitch : R.SrcRowPitch;
    size_t &BlockPitch = ToDevice ? R.SrcRowPitch : R.DstRowPitch;
    BufOffset = P.BufOffset;
    BufPitch = P.BufPitch;
    BlockPitch = P.Width;
    (ToDevice ? R.SrcOffset : R.DstOffset) = 0;
    Side Dev{true, M.Ptr, nullptr}, Host{false, 0, Blk.Host};
    B.check(ToDevice ? copyRect(A, S.Handle, R, Host, Dev) : copyRect(A, S.Handle, R, Dev, Host),
            What);
  }
  B.check(A.cuEventRecord(Blk.Done, S.Handle), What);
  Blk.Busy = true;
}

} // namespace cuda
} // namespace rt
} // namespace ampcc
