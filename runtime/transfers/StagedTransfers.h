//===- StagedTransfers.h - Ordinary memory moved at the link's speed -*- C++ -*-===//
//
// A discrete GPU's copy engines read and write page-locked host memory
// directly; ordinary (pageable) memory its driver moves through copies of
// its own, at 3 to 12 GB/s against 55 GB/s (H200, docs/performance.md),
// through NVIDIA's OpenCL and CUDA's driver API alike. A staged transfer
// cuts the bytes into pieces and moves them through page-locked blocks,
// the host threads (HostCopy.h) copying between the program's memory and
// the blocks while the device moves other pieces. One thread copies at a
// fifth of the link's speed, so many do:
//
//  - downloads of 16 MiB and more pass in order through a ring of blocks,
//    one piece a block:
//    the device moves the pieces back to back on one queue, and all the
//    threads copy chunks of each piece as soon as its move is done, so the
//    last piece's copy, which overlaps nothing, is shared by all of them;
//  - uploads and smaller downloads run pipelines, a thread each with two
//    blocks: it copies its next piece into one while the device moves its
//    last from the other, or the other way round (RingUploads puts uploads
//    through the ring too).
//
// Each was the faster way in its direction on an H200 (docs/performance.md,
// "Transfers through CUDA"); the scheme of the ring alone, through CUDA's
// driver API (bench/transfers/staging-probe.cpp), reaches more than the
// runtime does yet.
//
// Both are the same for every backend; what differs (where the
// blocks come from, how a piece is moved and waited for) is a backend's
// StagingPort. Staged are transfers between a device that does not share
// host memory and ordinary host memory, of at least MinBytes in all.
// AMPCC_STAGED_COPIES=1 stages every transfer from or to ordinary memory
// (tests on PoCL), AMPCC_STAGED_COPIES=0 none.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_STAGEDTRANSFERS_H
#define AMPCC_RUNTIME_STAGEDTRANSFERS_H

#include "support/Region.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ampcc {
namespace rt {

/// Every page-locked block is this large: a transfer's pieces are at most
/// this.
constexpr size_t PinnedBlockBytes = size_t(4) << 20;

/// The knobs of staged transfers; set them (tests, bench/transfers) before
/// any transfer runs, never while one does.
struct StagingTuning {
  int Mode = -1;               ///< -1: by device and size; 0: never; 1: always.
  size_t MinBytes = 1 << 20;   ///< Smaller transfers go directly (Mode -1).
  /// A transfer is cut into about Pieces pieces of MinPieceBytes to
  /// PieceBytes (at most PinnedBlockBytes): 1 MiB pieces at 16 MiB, 4 MiB
  /// from 64 MiB (the best of bench/transfers' --grid on the H200).
  size_t PieceBytes = 4 << 20;
  size_t MinPieceBytes = 1 << 20;
  unsigned Pieces = 16;
  /// Each piece's host copy in chunks of about this, at most one a thread.
  size_t ChunkBytes = 256 << 10;
  unsigned RingBlocks = 16;    ///< Blocks a transfer borrows at most.
  /// Downloads of at least this go through the ring, smaller ones through
  /// pipelines of two blocks a thread; uploads through the ring only with
  /// RingUploads. Pipelines cut a transfer into about PiecesPerThread
  /// pieces a thread. (Each the faster on the H200, StagedTransfers.cpp.)
  size_t RingFromBytes = size_t(16) << 20;
  bool RingUploads = false;
  unsigned PiecesPerThread = 8;
  unsigned Threads = 12;       ///< Host threads, at most the cores.
  bool FlushEach = true;       ///< Submit each piece's command at once (OpenCL).
  /// Non-temporal stores (HostCopy.h): 1 always, 0 never, -1 where they
  /// measured faster on the H100's host: uploads below StreamingSplit
  /// bytes, downloads from it up (docs/performance.md).
  int Streaming = -1;
  size_t StreamingSplit = 64 << 20;
  /// A context makes page-locked blocks only once transfers have asked it
  /// to stage this many bytes (Mode -1): making them costs 15-20 ms on the
  /// H200 machines (cuMemAllocHost or a mapped buffer, a few MiB each), more
  /// than staging saves a program that moves a few MiB (about 0.08 ms a
  /// MiB); until then transfers go directly.
  size_t WarmBytes = size_t(256) << 20;
};
/// The current knobs; Mode starts from AMPCC_STAGED_COPIES.
StagingTuning &stagingTuning();

/// Whether a transfer of \p Bytes between ordinary host memory and a
/// device goes through page-locked blocks; \p SharesHostMemory: the device
/// reads host memory itself (PoCL, an integrated GPU), where a second copy
/// gains nothing.
bool stagesTransfer(bool SharesHostMemory, size_t Bytes);

/// Some rows of one slice of a rectangle (Rows > 1), or some bytes of one
/// row (Rows 1): dense in its block, Width bytes a row.
struct StagedPiece {
  size_t HostOffset, HostPitch;
  size_t BufOffset, BufPitch;
  size_t Width, Rows;
  size_t bytes() const { return Width * Rows; }
  /// Whether its bytes are one run in the device buffer.
  bool contiguousOnDevice() const { return Rows == 1 || BufPitch == Width; }
};

/// What a backend lends one staged transfer: page-locked blocks of
/// PinnedBlockBytes, and the device's half of moving a piece. move(),
/// awaitIdle() and finished() are called from several host threads at
/// once, on different blocks (through the ring, one thread at a time calls
/// move(), in the pieces' order). The destructor gives the blocks back,
/// each remembering its last move, which the next borrower waits for
/// before touching it.
class StagingPort {
public:
  virtual ~StagingPort() = default;
  /// Borrows at least \p Least and at most \p Most blocks for a transfer
  /// of \p Bytes; how many it got (none when the driver gives no
  /// page-locked memory, or the context makes none yet: PinnedPool).
  virtual unsigned borrow(unsigned Least, unsigned Most, size_t Bytes) = 0;
  /// Block \p I's memory.
  virtual unsigned char *block(unsigned I) = 0;
  /// Returns once the device's last move through block \p I has finished;
  /// throws runtime_exception when it failed.
  virtual void awaitIdle(unsigned I) = 0;
  /// Whether block \p I's last move has finished, without waiting: when
  /// it has, as awaitIdle() (the block is free; throws when the move
  /// failed). Polling it keeps a waiting thread out of the driver's
  /// blocking waits, which held back the other threads' driver calls
  /// (CUDA on an H200: a staged download's pieces came ready 100 us
  /// late).
  virtual bool finished(unsigned I) {
    awaitIdle(I);
    return true;
  }
  /// Starts moving \p P between block \p I and the device's buffer, to the
  /// device (ToDevice) or from it; block I is busy until the move is done.
  virtual void move(const StagedPiece &P, unsigned I, bool ToDevice) = 0;
};

/// Writes Rects (Src side in host memory at Host, Dst side in the port's
/// buffer, within its bounds) through the port's blocks. On return the host
/// memory is no longer read; the device's moves may still run (the caller
/// orders what follows after them). Counted as one host-to-device copy a
/// rectangle, as direct transfers are. False when no page-locked memory
/// could be had: nothing was done.
bool stagedWrite(StagingPort &Port, const std::vector<Rect> &Rects, const void *Host);

/// Reads Rects (Src side in the port's buffer, Dst side in host memory at
/// Host) through the port's blocks; returns when every byte is in Host.
/// False when no page-locked memory could be had: nothing was done.
bool stagedRead(StagingPort &Port, const std::vector<Rect> &Rects, void *Host);

/// Pieces moved through page-locked blocks so far (tests: the staged path
/// did run).
uint64_t stagedPieces();

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_STAGEDTRANSFERS_H
