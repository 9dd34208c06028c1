//===- StagedTransfers.cpp - Ordinary memory moved at the link's speed ----===//

#include "transfers/StagedTransfers.h"

#include "observation/Stats.h"
#include "support/Env.h"
#include "transfers/HostCopy.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>

namespace ampcc {
namespace rt {
namespace {

std::atomic<uint64_t> PiecesMoved{0};

/// Cuts Rects into pieces of at most Limit bytes. ToDevice: the Src side
/// of each rectangle is host memory, else the Dst side is.
std::vector<StagedPiece> cut(const std::vector<Rect> &Rects, bool ToDevice, size_t Limit) {
  std::vector<StagedPiece> Out;
  for (const Rect &R : Rects) {
    size_t HO = ToDevice ? R.SrcOffset : R.DstOffset;
    size_t HP = ToDevice ? R.SrcRowPitch : R.DstRowPitch;
    size_t HS = ToDevice ? R.SrcSlicePitch : R.DstSlicePitch;
    size_t BO = ToDevice ? R.DstOffset : R.SrcOffset;
    size_t BP = ToDevice ? R.DstRowPitch : R.SrcRowPitch;
    size_t BS = ToDevice ? R.DstSlicePitch : R.SrcSlicePitch;
    size_t W = R.Region[0], Rows = R.Region[1];
    for (size_t Z = 0; Z < R.Region[2]; ++Z) {
      size_t HZ = HO + Z * HS, BZ = BO + Z * BS;
      if (Rows == 1 || W >= Limit) {
        // Rows as long as a piece or longer: each in pieces of bytes.
        for (size_t Y = 0; Y < Rows; ++Y)
          for (size_t Off = 0; Off < W; Off += Limit)
            Out.push_back({HZ + Y * HP + Off, 0, BZ + Y * BP + Off, 0,
                           std::min(Limit, W - Off), 1});
        continue;
      }
      size_t PerPiece = Limit / W;
      for (size_t Y = 0; Y < Rows; Y += PerPiece)
        Out.push_back({HZ + Y * HP, HP, BZ + Y * BP, BP, W, std::min(PerPiece, Rows - Y)});
    }
  }
  return Out;
}

/// The piece size for a transfer of Total bytes over Threads pipelines:
/// the tuning's, or less where that gives each pipeline two pieces to
/// overlap, down to the tuning's least.
size_t pieceLimit(size_t Total, unsigned Threads) {
  const StagingTuning &T = stagingTuning();
  size_t Least = std::max<size_t>(1, T.MinPieceBytes);
  size_t Most = std::min(std::max(T.PieceBytes, Least), PinnedBlockBytes);
  size_t Per = size_t(std::max(1u, T.PiecesPerThread)) * Threads;
  return std::min(Most, std::max(Least, Total / Per));
}

unsigned hostThreads() {
  static const unsigned Cores = std::max(1u, std::thread::hardware_concurrency());
  return std::max(1u, std::min(stagingTuning().Threads, Cores));
}


/// What the pipelines of one staged transfer share.
struct Pipelines {
  Pipelines(StagingPort &Port, unsigned char *Host) : Port(Port), Host(Host) {}
  StagingPort &Port;
  unsigned char *Host;
  std::vector<StagedPiece> Pieces;
  unsigned Count = 0;          ///< Pipelines: two blocks each.
  std::atomic<size_t> Next{0}; ///< The next piece nobody took.
  std::atomic<bool> Failed{false};
  std::mutex ErrorLock;
  std::exception_ptr Error;
  bool Streaming = false; ///< Host copies with non-temporal stores.

  /// Cuts Rects and borrows blocks; false when no page-locked memory
  /// could be had.
  bool start(const std::vector<Rect> &Rects, bool ToDevice) {
    unsigned Threads = hostThreads();
    size_t Total = totalBytes(Rects);
    const StagingTuning &T = stagingTuning();
    Streaming = T.Streaming >= 0 ? T.Streaming == 1 : (Total < T.StreamingSplit) == ToDevice;
    Pieces = cut(Rects, ToDevice, pieceLimit(Total, Threads));
    if (Pieces.empty())
      return true;
    unsigned Want = unsigned(std::min<size_t>(Threads, Pieces.size()));
    Count = Port.borrow(2, 2 * Want, Total) / 2;
    return Count > 0;
  }
  /// The next piece for a pipeline, or null when none is left or a
  /// pipeline failed.
  const StagedPiece *take() {
    if (Failed.load(std::memory_order_relaxed))
      return nullptr;
    size_t I = Next.fetch_add(1, std::memory_order_relaxed);
    return I < Pieces.size() ? &Pieces[I] : nullptr;
  }
  /// Runs Body(pipeline) on Count threads; rethrows the first failure
  /// once every pipeline stopped.
  void run(const std::function<void(unsigned)> &Body) {
    runOnThreads(Count, [&](unsigned P) {
      try {
        Body(P);
      } catch (...) {
        Failed = true;
        std::lock_guard<std::mutex> G(ErrorLock);
        if (!Error)
          Error = std::current_exception();
      }
    });
    if (Error)
      std::rethrow_exception(Error);
  }
};

} // namespace

StagingTuning &stagingTuning() {
  static StagingTuning T = [] {
    StagingTuning Init;
    if (env().StagedCopies)
      Init.Mode = *env().StagedCopies ? 1 : 0;
    return Init;
  }();
  return T;
}

bool stagesTransfer(bool SharesHostMemory, size_t Bytes) {
  const StagingTuning &T = stagingTuning();
  if (T.Mode >= 0)
    return T.Mode == 1 && Bytes;
  return Bytes >= T.MinBytes && !SharesHostMemory;
}

bool stagedWrite(StagingPort &Port, const std::vector<Rect> &Rects, const void *Host) {
  Pipelines P{Port, static_cast<unsigned char *>(const_cast<void *>(Host))};
  if (!P.start(Rects, true))
    return false;
  if (P.Pieces.empty())
    return true;
  // Each pipeline fills its two blocks in turn: the host copy of its next
  // piece overlaps the device's move of its last, and the pipelines' host
  // copies overlap each other. The device takes the moves in any order.
  P.run([&](unsigned Line) {
    for (unsigned Turn = 0;; Turn ^= 1) {
      const StagedPiece *Pc = P.take();
      if (!Pc)
        return;
      unsigned B = 2 * Line + Turn;
      // The block's last move must have left it before it is refilled.
      Port.awaitIdle(B);
      copyRows(Port.block(B), Pc->Width, P.Host + Pc->HostOffset, Pc->HostPitch, Pc->Width,
               Pc->Rows, P.Streaming);
      Port.move(*Pc, B, true);
    }
  });
  PiecesMoved += P.Pieces.size();
  for (const Rect &R : Rects)
    noteHostToDevice(R.bytes());
  return true;
}

bool stagedRead(StagingPort &Port, const std::vector<Rect> &Rects, void *Host) {
  Pipelines P{Port, static_cast<unsigned char *>(Host)};
  if (!P.start(Rects, false))
    return false;
  if (P.Pieces.empty())
    return true;
  // Each pipeline keeps one move in flight into one of its blocks while it
  // copies the last piece out of the other.
  P.run([&](unsigned Line) {
    auto Issue = [&](const StagedPiece *Pc, unsigned B) {
      Port.awaitIdle(B);
      Port.move(*Pc, B, false);
    };
    const StagedPiece *Cur = P.take();
    if (!Cur)
      return;
    Issue(Cur, 2 * Line);
    for (unsigned Turn = 0; Cur; Turn ^= 1) {
      const StagedPiece *Following = P.take();
      if (Following)
        Issue(Following, 2 * Line + (Turn ^ 1));
      unsigned B = 2 * Line + Turn;
      Port.awaitIdle(B);
      copyRows(P.Host + Cur->HostOffset, Cur->HostPitch, Port.block(B), Cur->Width,
               Cur->Width, Cur->Rows, P.Streaming);
      Cur = Following;
    }
  });
  PiecesMoved += P.Pieces.size();
  for (const Rect &R : Rects)
    noteDeviceToHost(R.bytes());
  return true;
}

uint64_t stagedPieces() { return PiecesMoved.load(std::memory_order_relaxed); }

} // namespace rt
} // namespace ampcc
