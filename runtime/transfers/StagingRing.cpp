//===- StagingRing.cpp - Pieces in order through a ring of blocks ---------===//
//
// Downloads from 16 MiB (StagedTransfers.h): the device moves the pieces
// back to back, each into a block of the ring, and every host thread copies
// chunks of each piece as soon as it is in.
//
//===----------------------------------------------------------------------===//

#include "transfers/HostCopy.h"
#include "transfers/StagingWays.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>

namespace ampcc {
namespace rt {
namespace {

/// How many chunks piece P's host copy is cut into: about ChunkBytes each,
/// at most one a host thread, at most its rows.
unsigned chunksOf(const StagedPiece &P) {
  size_t Of = P.bytes() / std::max<size_t>(1, stagingTuning().ChunkBytes);
  Of = std::min<size_t>(std::max<size_t>(Of, 1), stagingThreads());
  return unsigned(P.Rows > 1 ? std::min(Of, P.Rows) : Of);
}
/// One staged transfer: its pieces pass through a ring of Slots blocks in
/// order (piece K through block K % Slots), and every host thread taking
/// part copies chunks of them in order. Any participant does whatever is
/// due (a participant may run alone, when another transfer holds the
/// threads): the one that takes a piece's first chunk waits for its block,
/// and whoever finds the next piece ready submits its move (pump).
class Ring {
public:
  Ring(StagingPort &Port, const void *Host, bool ToDevice)
      : Port(Port), Host(static_cast<unsigned char *>(const_cast<void *>(Host))),
        ToDevice(ToDevice) {}

  /// Cuts Rects and borrows blocks; false when no page-locked memory
  /// could be had.
  bool start(const std::vector<Rect> &Rects) {
    size_t Total = totalBytes(Rects);
    const StagingTuning &T = stagingTuning();
    Streaming = T.Streaming >= 0 ? T.Streaming == 1 : (Total < T.StreamingSplit) == ToDevice;
    Pieces = cutPieces(Rects, ToDevice, pieceLimit(Total, T.Pieces));
    if (Pieces.empty())
      return true;
    FirstChunk.reserve(Pieces.size() + 1);
    FirstChunk.push_back(0);
    for (const StagedPiece &P : Pieces)
      FirstChunk.push_back(FirstChunk.back() + chunksOf(P));
    Copied.reset(new std::atomic<unsigned>[Pieces.size()]());
    Ready.reset(new std::atomic<bool>[Pieces.size()]());
    unsigned Want = unsigned(std::min<size_t>(std::max(1u, T.RingBlocks), Pieces.size()));
    Slots = Port.borrow(1, Want, Total);
    return Slots > 0;
  }

  bool empty() const { return Pieces.empty(); }
  size_t pieces() const { return Pieces.size(); }

  /// Runs the transfer on the pool's threads; rethrows the first failure
  /// once every participant stopped.
  void run() {
    size_t Chunks = FirstChunk.back();
    unsigned Threads = unsigned(std::min<size_t>(stagingThreads(), Chunks));
    runOnThreads(Threads, [this](unsigned Part) {
      try {
        // One participant submits the first moves of a download while
        // the others take chunks and wait for them: the thread that takes
        // the first chunk would otherwise submit them all (16 moves took
        // 66 us on an H200) before it looks for the first piece.
        if (Part == 0)
          pump();
        participate();
      } catch (...) {
        {
          std::lock_guard<std::mutex> G(ErrorLock);
          if (!Error)
            Error = std::current_exception();
        }
        Failed = true; // after Error: nobody stops before it is recorded
      }
    });
    if (Error)
      std::rethrow_exception(Error);
  }

private:
  void participate() {
    size_t N = Pieces.size();
    for (;;) {
      size_t J = NextChunk.fetch_add(1);
      if (J >= FirstChunk.back())
        break;
      size_t K = size_t(std::upper_bound(FirstChunk.begin(), FirstChunk.end(), J) -
                        FirstChunk.begin()) - 1;
      unsigned C = unsigned(J - FirstChunk[K]);
      auto IsReady = [&] { return Ready[K].load(std::memory_order_acquire); };
      if (C == 0 ? !makeReady(K) : !waitFor(IsReady))
        return;
      copyChunk(K, C);
      Copied[K].fetch_add(1, std::memory_order_acq_rel);
      pump();
    }
    // An upload reads the program's memory until its last piece is
    // submitted; a download is done once its chunks are copied.
    if (ToDevice)
      waitFor([&] { return Issued.load(std::memory_order_acquire) == N; });
  }

  /// Piece K's block may be copied into (uploads: the block's last move
  /// has left it) or out of (downloads: K's move has arrived).
  bool makeReady(size_t K) {
    if (ToDevice ? K >= Slots && !waitFor([&] { return Issued.load() > K - Slots; })
                 : !waitFor([&] { return Issued.load() > K; }))
      return false;
    if (!waitFor([&] { return Port.finished(unsigned(K % Slots)); }))
      return false;
    Ready[K].store(true, std::memory_order_release);
    return true;
  }

  /// Submits the moves of the pieces that are due, in order, unless
  /// another participant is at it.
  void pump() {
    // Loads first: the threads that wait call this on every turn, and a
    // compare-exchange would take the line from every other core.
    size_t Next = Issued.load(std::memory_order_acquire);
    if (Next == Pieces.size() || !due(Next) || Issuing.load(std::memory_order_relaxed))
      return;
    bool Idle = false;
    if (!Issuing.compare_exchange_strong(Idle, true))
      return;
    struct Release {
      std::atomic<bool> &Flag;
      ~Release() { Flag.store(false); }
    } R{Issuing};
    for (size_t K = Issued.load(); K < Pieces.size() && due(K); K = Issued.load()) {
      unsigned B = unsigned(K % Slots);
      if (!ToDevice)
        Port.awaitIdle(B); // a previous transfer's move through the block
      Port.move(Pieces[K], B, ToDevice);
      Issued.store(K + 1, std::memory_order_release);
    }
  }

  /// Whether piece K may be submitted: its block is free (downloads: the
  /// piece before it in the block is copied out) or filled (uploads).
  bool due(size_t K) const {
    size_t Of = ToDevice ? K : K - Slots;
    if (!ToDevice && K < Slots)
      return true;
    return Copied[Of].load(std::memory_order_acquire) == FirstChunk[Of + 1] - FirstChunk[Of];
  }

  /// Waits until Done() holds, submitting what is due meanwhile; false
  /// when another participant failed.
  template <typename Pred> bool waitFor(Pred Done) {
    for (unsigned Spins = 0; !Done(); ++Spins) {
      if (Failed.load(std::memory_order_relaxed))
        return false;
      pump();
      if (Spins > 64)
        std::this_thread::yield();
    }
    return true;
  }

  /// Copies chunk C of piece K between the program's memory and the
  /// piece's block: a share of its rows, or of its bytes when it is one
  /// row.
  void copyChunk(size_t K, unsigned C) {
    const StagedPiece &P = Pieces[K];
    unsigned Of = unsigned(FirstChunk[K + 1] - FirstChunk[K]);
    unsigned char *Blk = Port.block(unsigned(K % Slots));
    size_t HostAt = P.HostOffset, BlockAt = 0, Width = P.Width, Rows = P.Rows;
    if (P.Rows > 1) {
      size_t R0 = P.Rows * C / Of, R1 = P.Rows * (C + 1) / Of;
      HostAt += R0 * P.HostPitch;
      BlockAt = R0 * P.Width;
      Rows = R1 - R0;
    } else {
      // Seams on cache lines: no two threads store into one line.
      size_t B0 = P.Width * C / Of / 64 * 64;
      size_t B1 = C + 1 == Of ? P.Width : P.Width * (C + 1) / Of / 64 * 64;
      HostAt += B0;
      BlockAt = B0;
      Width = B1 - B0;
    }
    if (ToDevice)
      copyRows(Blk + BlockAt, P.Width, Host + HostAt, P.HostPitch, Width, Rows, Streaming);
    else
      copyRows(Host + HostAt, P.HostPitch, Blk + BlockAt, P.Width, Width, Rows, Streaming);
  }

  StagingPort &Port;
  unsigned char *Host;
  bool ToDevice;
  bool Streaming = false; ///< Host copies with non-temporal stores.
  std::vector<StagedPiece> Pieces;
  std::vector<size_t> FirstChunk; ///< Piece K's chunks: [FirstChunk[K], FirstChunk[K + 1]).
  unsigned Slots = 0;
  std::unique_ptr<std::atomic<unsigned>[]> Copied; ///< Chunks copied, a piece.
  std::unique_ptr<std::atomic<bool>[]> Ready;      ///< makeReady done, a piece.
  // Each on a cache line of its own: written by different threads.
  alignas(64) std::atomic<size_t> NextChunk{0};
  alignas(64) std::atomic<size_t> Issued{0};
  alignas(64) std::atomic<bool> Issuing{false};
  alignas(64) std::atomic<bool> Failed{false};
  std::mutex ErrorLock;
  std::exception_ptr Error;
};

} // namespace

bool ringTransfer(StagingPort &Port, const std::vector<Rect> &Rects, const void *Host,
                  bool ToDevice, size_t &Pieces) {
  return runWay(Ring(Port, Host, ToDevice), Rects, Pieces);
}

} // namespace rt
} // namespace ampcc
