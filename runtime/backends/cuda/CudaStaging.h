//===- CudaStaging.h - Staged transfers on a CUDA stream --------*- C++ -*-===//
//
// StagedTransfers.h's ring through CUDA: the blocks are cuMemAllocHost
// memory of the device's context, kept in a PinnedPool for the process's
// life, each with an event recorded after the last copy through it; a
// piece is an asynchronous copy on the transfer's stream. CUDA moves
// pageable memory at 0.11x (up) and 0.20x (down) of page-locked on an H200
// (docs/performance.md), as nvcc's pageable cudaMemcpy does.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_CUDASTAGING_H
#define AMPCC_RUNTIME_CUDASTAGING_H

#include "backends/cuda/CudaBackend.h"
#include "transfers/StagedTransfers.h"

#include <vector>

namespace ampcc {
namespace rt {
namespace cuda {

/// One staged transfer's view of the stream \p S and the buffer \p M.
class StagingOnStream final : public StagingPort {
public:
  StagingOnStream(CudaBackend &B, Stream &S, Memory &M) : B(B), S(S), M(M) {}
  ~StagingOnStream() override;

  unsigned borrow(unsigned Least, unsigned Most, size_t Bytes) override;
  unsigned char *block(unsigned I) override;
  void awaitIdle(unsigned I) override;
  bool finished(unsigned I) override;
  void move(const StagedPiece &P, unsigned I, bool ToDevice) override;

private:
  CudaBackend &B;
  Stream &S;
  Memory &M;
  std::vector<void *> Lent;
};

} // namespace cuda
} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_CUDASTAGING_H
