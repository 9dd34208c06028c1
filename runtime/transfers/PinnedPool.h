//===- PinnedPool.h - Page-locked blocks kept and lent out ------*- C++ -*-===//
//
// Making a page-locked block costs milliseconds (the driver locks every
// page), so each device context keeps the blocks it made for the process's
// life and lends them to one staged transfer at a time (StagedTransfers.h).
// The pool knows nothing of what a block is: each backend makes its own
// (an OpenCL mapped buffer, CUDA's cuMemAllocHost) and the pool hands them
// out as opaque pointers.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_PINNEDPOOL_H
#define AMPCC_RUNTIME_PINNEDPOOL_H

#include <condition_variable>
#include <functional>
#include <mutex>
#include <vector>

namespace ampcc {
namespace rt {

class PinnedPool {
public:
  /// 128 MiB of page-locked memory a context at most: two transfers at
  /// once, each with a ring of sixteen blocks.
  static constexpr unsigned MostBlocks = 32;

  /// Up to \p Most blocks, at least \p Least, for a transfer of \p Bytes:
  /// waits while fewer are free and no more may be made. \p Make makes a
  /// new block (null when the driver gives no more; it is then not asked
  /// again); new blocks are made only once transfers have asked for
  /// StagingTuning::WarmBytes (or staging is forced). Empty when fewer than
  /// Least could be had.
  std::vector<void *> lend(unsigned Least, unsigned Most, const std::function<void *()> &Make,
                           size_t Bytes);
  /// Takes back blocks lent out.
  void giveBack(const std::vector<void *> &Blocks);

private:
  std::mutex Lock;
  std::condition_variable Returned;
  std::vector<void *> Free;
  unsigned Made = 0;
  size_t Asked = 0; ///< Bytes of the transfers that asked for blocks.
  /// The driver gave no more page-locked memory: Made is all there is.
  bool Refused = false;
};

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_PINNEDPOOL_H
