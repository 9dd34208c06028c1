//===- Staging.h - Transfers from ordinary memory at the link's speed -*- C++ -*-===//
//
// NVIDIA's OpenCL moves ordinary (pageable) host memory at 3 to 12 GB/s,
// against 55 GB/s from page-locked memory (H200, docs/performance.md).
// A staged transfer cuts the bytes into pieces and moves each through a
// page-locked block (PinnedBlocks.h): the host copies piece K+1 between the
// program's memory and one block (several threads, HostCopy.h) while the
// device moves piece K from or to another, ordered by events.
//
// Staged are transfers between a device without host-unified memory (a
// discrete GPU) and ordinary host memory, of at least MinBytes in all.
// Devices that share host memory (PoCL) gain nothing from a second copy,
// and small transfers are dominated by latency. AMPCC_STAGED_COPIES=1
// stages every transfer from or to ordinary memory (tests on PoCL),
// AMPCC_STAGED_COPIES=0 none.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_STAGING_H
#define AMPCC_RUNTIME_STAGING_H

#include "Region.h"

#include <CL/cl.h>

#include <cstdint>
#include <vector>

namespace ampcc {
namespace rt {

/// The knobs of staged transfers; set them (tests, bench/transfers) before
/// any transfer runs, never while one does.
struct StagingTuning {
  int Mode = -1;               ///< -1: by device and size; 0: never; 1: always.
  size_t MinBytes = 1 << 20;   ///< Smaller transfers go directly (Mode -1).
  size_t PieceBytes = 8 << 20; ///< Largest piece; at most PinnedBlockBytes.
  /// Smallest piece: a transfer is cut in four down to this size, so that
  /// even a small one overlaps host copies with the device's.
  size_t MinPieceBytes = 256 << 10;
  unsigned Depth = 3;          ///< Blocks in flight per transfer.
  unsigned Threads = 4;        ///< Host threads per piece's copy.
  size_t MinThreadBytes = 256 << 10; ///< Least a host thread copies.
};
/// The current knobs; Mode starts from AMPCC_STAGED_COPIES.
StagingTuning &stagingTuning();

/// Whether a transfer of \p Bytes between ordinary host memory and Q's
/// device goes through page-locked blocks.
bool stagesTransfer(cl_command_queue Q, size_t Bytes);

/// Writes Rects (Src side in host memory at Host, Dst side in Buf, within
/// Buf's bounds) on Q through page-locked blocks. On return the host memory
/// is no longer read; *Last is the event of the last write (retained; on
/// an in-order queue it completes after the others). Counted as one
/// host-to-device copy a rectangle, as direct transfers are. False when no
/// page-locked memory could be had: nothing was done.
bool stagedWrite(cl_command_queue Q, cl_mem Buf, const std::vector<Rect> &Rects,
                 const void *Host, cl_event *Last);

/// Reads Rects (Src side in Buf, Dst side in host memory at Host) on Q
/// through page-locked blocks; returns when every byte is in Host. False
/// when no page-locked memory could be had: nothing was done.
bool stagedRead(cl_command_queue Q, cl_mem Buf, const std::vector<Rect> &Rects,
                void *Host);

/// Pieces moved through page-locked blocks so far (tests: the staged path
/// did run).
uint64_t stagedPieces();

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_STAGING_H
