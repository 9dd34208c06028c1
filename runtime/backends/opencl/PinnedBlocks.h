//===- PinnedBlocks.h - Page-locked host blocks of a context ----*- C++ -*-===//
//
// A device's copy engines read and write page-locked host memory directly;
// ordinary (pageable) memory NVIDIA's driver moves through copies of its
// own, at a tenth of the link's speed (docs/performance.md). OpenCL has no
// call for page-locked memory, but a buffer made with CL_MEM_ALLOC_HOST_PTR
// and mapped once is such memory on NVIDIA's driver, and reading or writing
// another buffer from its mapping runs at the link's speed.
//
// Each context keeps the blocks it made in a PinnedPool. A block remembers the last transfer that used it (Busy): the next
// borrower waits for that before it touches the memory, so a transfer may
// return while its last device command is still running.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_PINNEDBLOCKS_H
#define AMPCC_RUNTIME_PINNEDBLOCKS_H

#include "transfers/StagedTransfers.h"

#include <CL/cl.h>

#include <cstddef>
#include <vector>

namespace ampcc {
namespace rt {

struct PinnedBlock {
  cl_mem Mem = nullptr;
  unsigned char *Host = nullptr; ///< The mapping, PinnedBlockBytes long.
  /// The last device command that reads or writes Host (retained), or null.
  cl_event Busy = nullptr;

  /// Waits for Busy and drops it; the command's status (CL_SUCCESS when
  /// there was none).
  cl_int awaitIdle();
  /// Busy becomes E (retained here; the old one is dropped unwaited: E was
  /// enqueued after it on the same in-order queue, or waited for it).
  void setBusy(cl_event E);
};

/// Some of a context's blocks, lent to one transfer and given back (with
/// their Busy events) when the lease ends.
class PinnedLease {
public:
  /// Up to \p Most blocks of \p Ctx (\p Dev maps new ones), at least
  /// \p Least, for a transfer of \p Bytes (PinnedPool::lend). Empty when
  /// fewer than Least page-locked blocks could be had.
  PinnedLease(cl_context Ctx, cl_device_id Dev, unsigned Least, unsigned Most, size_t Bytes);
  ~PinnedLease();
  PinnedLease(const PinnedLease &) = delete;
  PinnedLease &operator=(const PinnedLease &) = delete;

  size_t size() const { return Blocks.size(); }
  PinnedBlock &operator[](size_t I) { return *Blocks[I]; }

private:
  cl_context Ctx;
  std::vector<PinnedBlock *> Blocks;
};

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_PINNEDBLOCKS_H
