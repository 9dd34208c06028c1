//===- Staging.h - Transfers from ordinary memory at the link's speed -*- C++ -*-===//
//
// NVIDIA's OpenCL moves ordinary (pageable) host memory at 3 to 12 GB/s,
// against 55 GB/s from page-locked memory (H200, docs/performance.md).
// A staged transfer cuts the bytes into pieces and moves them through
// page-locked blocks (PinnedBlocks.h) in several pipelines at once, one a
// host thread (HostCopy.h), each with two blocks: the thread copies its
// next piece between the program's memory and one block while the device
// moves its last piece from or to the other, ordered by events. One thread
// copies at a fifth of the link's speed; eight keep it busy.
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

#include "support/Region.h"

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
  size_t PieceBytes = 4 << 20; ///< Largest piece; at most PinnedBlockBytes.
  /// Smallest piece: a transfer is cut so that each pipeline gets
  /// PiecesPerThread pieces, down to this size.
  size_t MinPieceBytes = 1 << 20;
  unsigned PiecesPerThread = 8;
  unsigned Threads = 12;       ///< Pipelines (host threads), at most the cores.
  bool FlushEach = true;       ///< clFlush after each piece's command.
  /// Non-temporal stores (HostCopy.h): 1 always, 0 never, -1 where they
  /// measured faster on the H100's host: uploads below StreamingSplit
  /// bytes, downloads from it up (docs/performance.md).
  int Streaming = -1;
  size_t StreamingSplit = 64 << 20;
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
