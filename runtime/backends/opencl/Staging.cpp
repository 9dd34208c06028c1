//===- Staging.cpp - Transfers from ordinary memory at the link's speed ---===//

#include "backends/opencl/Staging.h"

#include "backends/opencl/OpenCLBackend.h"

#include "observation/Profile.h"
#include "observation/Stats.h"
#include "support/Env.h"
#include "backends/opencl/Errors.h"
#include "transfers/HostCopy.h"
#include "backends/opencl/PinnedBlocks.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace ampcc {
namespace rt {
namespace {

std::atomic<uint64_t> PiecesMoved{0};

/// Some rows of one slice of a rectangle (Rows > 1), or some bytes of one
/// row (Rows 1): dense in its block, Width bytes a row.
struct Piece {
  size_t HostOffset, HostPitch;
  size_t BufOffset, BufPitch;
  size_t Width, Rows;
  size_t bytes() const { return Width * Rows; }
};

/// Cuts Rects into pieces of at most Limit bytes. ToDevice: the Src side
/// of each rectangle is host memory, else the Dst side is.
std::vector<Piece> cut(const std::vector<Rect> &Rects, bool ToDevice,
                       size_t Limit) {
  std::vector<Piece> Out;
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
        Out.push_back({HZ + Y * HP, HP, BZ + Y * BP, BP, W,
                       std::min(PerPiece, Rows - Y)});
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

bool contiguousOnDevice(const Piece &P) {
  return P.Rows == 1 || P.BufPitch == P.Width;
}

/// Enqueues the move of piece P between Buf and Block (its rows dense),
/// to the device (ToDevice) or from it; returns its event.
cl_event enqueuePiece(cl_command_queue Q, cl_mem Buf, const Piece &P,
                      void *Block, bool ToDevice) {
  cl_event Done = nullptr;
  cl_int Err;
  if (contiguousOnDevice(P)) {
    Err = ToDevice ? clEnqueueWriteBuffer(Q, Buf, CL_FALSE, P.BufOffset,
                                          P.bytes(), Block, 0, nullptr, &Done)
                   : clEnqueueReadBuffer(Q, Buf, CL_FALSE, P.BufOffset,
                                         P.bytes(), Block, 0, nullptr, &Done);
  } else {
    size_t BO[3] = {P.BufOffset % P.BufPitch, P.BufOffset / P.BufPitch, 0};
    size_t HO[3] = {0, 0, 0}, Region[3] = {P.Width, P.Rows, 1};
    Err = ToDevice
              ? clEnqueueWriteBufferRect(Q, Buf, CL_FALSE, BO, HO, Region,
                                         P.BufPitch, 0, P.Width, 0, Block, 0,
                                         nullptr, &Done)
              : clEnqueueReadBufferRect(Q, Buf, CL_FALSE, BO, HO, Region,
                                        P.BufPitch, 0, P.Width, 0, Block, 0,
                                        nullptr, &Done);
  }
  checkCL(Err, std::string(ToDevice ? "writing " : "reading ") +
                   std::to_string(P.bytes()) +
                   " bytes through page-locked memory");
  return Done;
}

/// Hands a piece's command to the profile (which keeps its own reference).
void profilePiece(cl_event E, TransferKind Kind, size_t Bytes) {
  cl_event *Slot = profileEventSlot();
  if (!Slot)
    return;
  clRetainEvent(E);
  *Slot = E;
  profileTransfer(Kind, Bytes);
}

/// Starts the commands enqueued so far: the next piece's host copy should
/// overlap them, and NVIDIA's driver may hold them back until a flush.
void flush(cl_command_queue Q) {
  if (stagingTuning().FlushEach)
    checkCL(clFlush(Q), "clFlush");
}

unsigned hostThreads() {
  static const unsigned Cores = std::max(1u, std::thread::hardware_concurrency());
  return std::max(1u, std::min(stagingTuning().Threads, Cores));
}

cl_device_id deviceOf(cl_command_queue Q) {
  cl_device_id D = nullptr;
  checkCL(clGetCommandQueueInfo(Q, CL_QUEUE_DEVICE, sizeof(D), &D, nullptr),
          "clGetCommandQueueInfo");
  return D;
}

cl_context contextOf(cl_command_queue Q) {
  cl_context C = nullptr;
  checkCL(clGetCommandQueueInfo(Q, CL_QUEUE_CONTEXT, sizeof(C), &C, nullptr),
          "clGetCommandQueueInfo");
  return C;
}

bool sharesHostMemory(cl_device_id D) {
  static std::mutex Lock;
  static auto *Known = new std::map<cl_device_id, bool>;
  std::lock_guard<std::mutex> Guard(Lock);
  auto It = Known->find(D);
  if (It != Known->end())
    return It->second;
  cl_bool Unified = CL_FALSE;
  if (clGetDeviceInfo(D, CL_DEVICE_HOST_UNIFIED_MEMORY, sizeof(Unified),
                      &Unified, nullptr) != CL_SUCCESS)
    Unified = CL_FALSE;
  return (*Known)[D] = Unified == CL_TRUE;
}

size_t totalBytes(const std::vector<Rect> &Rects) {
  size_t N = 0;
  for (const Rect &R : Rects)
    N += R.bytes();
  return N;
}

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

bool stagesTransfer(cl_command_queue Q, size_t Bytes) {
  const StagingTuning &T = stagingTuning();
  if (T.Mode >= 0)
    return T.Mode == 1 && Bytes;
  return Bytes >= T.MinBytes && !sharesHostMemory(deviceOf(Q));
}

namespace {

/// What the pipelines of one staged transfer share.
struct Pipelines {
  Pipelines(cl_command_queue Q, cl_mem Buf, unsigned char *Host)
      : Q(Q), Buf(Buf), Host(Host) {}
  cl_command_queue Q;
  cl_mem Buf;
  unsigned char *Host;
  std::vector<Piece> Pieces;
  std::unique_ptr<PinnedLease> Blocks;
  unsigned Count = 0;            ///< Pipelines: two blocks each.
  std::atomic<size_t> Next{0};   ///< The next piece nobody took.
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
    Streaming = T.Streaming >= 0 ? T.Streaming == 1
                                 : (Total < T.StreamingSplit) == ToDevice;
    Pieces = cut(Rects, ToDevice, pieceLimit(Total, Threads));
    if (Pieces.empty())
      return true;
    unsigned Want = unsigned(std::min<size_t>(Threads, Pieces.size()));
    Blocks = std::make_unique<PinnedLease>(contextOf(Q), deviceOf(Q), 2, 2 * Want);
    Count = unsigned(Blocks->size() / 2);
    return Count > 0;
  }
  /// The next piece for a pipeline, or null when none is left or a
  /// pipeline failed.
  const Piece *take() {
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

bool stagedWrite(cl_command_queue Q, cl_mem Buf, const std::vector<Rect> &Rects,
                 const void *Host, cl_event *Last) {
  *Last = nullptr;
  Pipelines P{Q, Buf, static_cast<unsigned char *>(const_cast<void *>(Host))};
  if (!P.start(Rects, true))
    return false;
  if (P.Pieces.empty())
    return true;
  // Each pipeline fills its two blocks in turn: the host copy of its next
  // piece overlaps the device's write of its last, and the pipelines' host
  // copies overlap each other. The queue takes the writes in any order.
  P.run([&](unsigned Line) {
    PinnedBlock *Mine[2] = {&(*P.Blocks)[2 * Line], &(*P.Blocks)[2 * Line + 1]};
    for (unsigned Turn = 0;; Turn ^= 1) {
      const Piece *Pc = P.take();
      if (!Pc)
        return;
      PinnedBlock &B = *Mine[Turn];
      // The block's last write must have left it before it is refilled.
      checkCL(B.awaitIdle(), "waiting for a write through page-locked memory");
      copyRows(B.Host, Pc->Width, P.Host + Pc->HostOffset, Pc->HostPitch,
               Pc->Width, Pc->Rows, P.Streaming);
      cl_event E = enqueuePiece(Q, Buf, *Pc, B.Host, true);
      B.setBusy(E);
      flush(Q);
      profilePiece(E, TransferKind::HostToDevice, Pc->bytes());
      clReleaseEvent(E);
    }
  });
  // On an in-order queue a marker completes after every write before it.
  checkCL(clEnqueueMarkerWithWaitList(Q, 0, nullptr, Last),
          "clEnqueueMarkerWithWaitList");
  PiecesMoved += P.Pieces.size();
  for (const Rect &R : Rects)
    noteHostToDevice(R.bytes());
  return true;
}

bool stagedRead(cl_command_queue Q, cl_mem Buf, const std::vector<Rect> &Rects,
                void *Host) {
  Pipelines P{Q, Buf, static_cast<unsigned char *>(Host)};
  if (!P.start(Rects, false))
    return false;
  if (P.Pieces.empty())
    return true;
  // Each pipeline keeps one read in flight into one of its blocks while it
  // copies the last piece out of the other.
  P.run([&](unsigned Line) {
    PinnedBlock *Mine[2] = {&(*P.Blocks)[2 * Line], &(*P.Blocks)[2 * Line + 1]};
    auto Issue = [&](const Piece *Pc, PinnedBlock &B) {
      checkCL(B.awaitIdle(), "waiting for a read through page-locked memory");
      cl_event E = enqueuePiece(Q, Buf, *Pc, B.Host, false);
      B.setBusy(E);
      flush(Q);
      profilePiece(E, TransferKind::DeviceToHost, Pc->bytes());
      clReleaseEvent(E);
    };
    const Piece *Cur = P.take();
    if (!Cur)
      return;
    Issue(Cur, *Mine[0]);
    for (unsigned Turn = 0; Cur; Turn ^= 1) {
      const Piece *Following = P.take();
      if (Following)
        Issue(Following, *Mine[Turn ^ 1]);
      PinnedBlock &B = *Mine[Turn];
      checkCL(B.awaitIdle(), "reading through page-locked memory");
      copyRows(P.Host + Cur->HostOffset, Cur->HostPitch, B.Host, Cur->Width,
               Cur->Width, Cur->Rows, P.Streaming);
      Cur = Following;
    }
  });
  PiecesMoved += P.Pieces.size();
  for (const Rect &R : Rects)
    noteDeviceToHost(R.bytes());
  return true;
}

uint64_t stagedPieces() { return PiecesMoved.load(std::memory_order_relaxed);
}

} // namespace rt
} // namespace ampcc
