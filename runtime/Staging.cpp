//===- Staging.cpp - Transfers from ordinary memory at the link's speed ---===//

#include "Staging.h"

#include "Env.h"
#include "Errors.h"
#include "HostCopy.h"
#include "PinnedBlocks.h"
#include "Profile.h"
#include "Stats.h"

#include <algorithm>
#include <atomic>
#include <map>
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

/// The piece size for a transfer of Total bytes: the tuning's, or a
/// quarter of the transfer when that is smaller, so that even a 1 MiB
/// transfer overlaps its host copies with the device's.
size_t pieceLimit(size_t Total) {
  const StagingTuning &T = stagingTuning();
  size_t Least = std::max<size_t>(1, T.MinPieceBytes);
  size_t Most = std::min(std::max(T.PieceBytes, Least), PinnedBlockBytes);
  return std::min(Most, std::max(Least, Total / 4));
}

bool contiguousOnDevice(const Piece &P) {
  return P.Rows == 1 || P.BufPitch == P.Width;
}

cl_event enqueueWrite(cl_command_queue Q, cl_mem Buf, const Piece &P,
                      const void *Block) {
  cl_event Done = nullptr;
  cl_int Err;
  if (contiguousOnDevice(P)) {
    Err = clEnqueueWriteBuffer(Q, Buf, CL_FALSE, P.BufOffset, P.bytes(), Block,
                               0, nullptr, &Done);
  } else {
    size_t BO[3] = {P.BufOffset % P.BufPitch, P.BufOffset / P.BufPitch, 0};
    size_t HO[3] = {0, 0, 0}, Region[3] = {P.Width, P.Rows, 1};
    Err = clEnqueueWriteBufferRect(Q, Buf, CL_FALSE, BO, HO, Region, P.BufPitch,
                                   0, P.Width, 0, Block, 0, nullptr, &Done);
  }
  checkCL(Err, "writing " + std::to_string(P.bytes()) +
                   " bytes through page-locked memory");
  return Done;
}

cl_event enqueueRead(cl_command_queue Q, cl_mem Buf, const Piece &P,
                     void *Block) {
  cl_event Done = nullptr;
  cl_int Err;
  if (contiguousOnDevice(P)) {
    Err = clEnqueueReadBuffer(Q, Buf, CL_FALSE, P.BufOffset, P.bytes(), Block,
                              0, nullptr, &Done);
  } else {
    size_t BO[3] = {P.BufOffset % P.BufPitch, P.BufOffset / P.BufPitch, 0};
    size_t HO[3] = {0, 0, 0}, Region[3] = {P.Width, P.Rows, 1};
    Err = clEnqueueReadBufferRect(Q, Buf, CL_FALSE, BO, HO, Region, P.BufPitch,
                                  0, P.Width, 0, Block, 0, nullptr, &Done);
  }
  checkCL(Err, "reading " + std::to_string(P.bytes()) +
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
void flush(cl_command_queue Q) { checkCL(clFlush(Q), "clFlush"); }

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

bool stagedWrite(cl_command_queue Q, cl_mem Buf, const std::vector<Rect> &Rects,
                 const void *Host, cl_event *Last) {
  std::vector<Piece> Pieces = cut(Rects, true, pieceLimit(totalBytes(Rects)));
  *Last = nullptr;
  if (Pieces.empty())
    return true;
  PinnedLease Blocks(contextOf(Q), deviceOf(Q),
                     std::min<size_t>(stagingTuning().Depth, Pieces.size()));
  if (!Blocks.size())
    return false;
  const auto *From = static_cast<const unsigned char *>(Host);
  unsigned Threads = hostThreads();
  cl_event Prev = nullptr;
  try {
    for (size_t I = 0; I < Pieces.size(); ++I) {
      const Piece &P = Pieces[I];
      PinnedBlock &B = Blocks[I % Blocks.size()];
      // The block's last write must have left it before it is refilled.
      checkCL(B.awaitIdle(), "waiting for a write through page-locked memory");
      copyRows(B.Host, P.Width, From + P.HostOffset, P.HostPitch, P.Width,
               P.Rows, Threads, stagingTuning().MinThreadBytes);
      cl_event E = enqueueWrite(Q, Buf, P, B.Host);
      B.setBusy(E);
      if (Prev)
        clReleaseEvent(Prev);
      Prev = E;
      flush(Q);
      profilePiece(E, TransferKind::HostToDevice, P.bytes());
    }
  } catch (...) {
    // The blocks keep their commands' events for their next borrower.
    if (Prev)
      clReleaseEvent(Prev);
    throw;
  }
  *Last = Prev;
  PiecesMoved += Pieces.size();
  for (const Rect &R : Rects)
    noteHostToDevice(R.bytes());
  return true;
}

bool stagedRead(cl_command_queue Q, cl_mem Buf, const std::vector<Rect> &Rects,
                void *Host) {
  std::vector<Piece> Pieces = cut(Rects, false, pieceLimit(totalBytes(Rects)));
  if (Pieces.empty())
    return true;
  PinnedLease Blocks(contextOf(Q), deviceOf(Q),
                     std::min<size_t>(stagingTuning().Depth, Pieces.size()));
  if (!Blocks.size())
    return false;
  auto *To = static_cast<unsigned char *>(Host);
  unsigned Threads = hostThreads();
  // Piece I goes through block I % N: its read is enqueued once the host
  // has copied piece I - N out of that block.
  auto Issue = [&](size_t I) {
    PinnedBlock &B = Blocks[I % Blocks.size()];
    checkCL(B.awaitIdle(), "waiting for a transfer through page-locked memory");
    cl_event E = enqueueRead(Q, Buf, Pieces[I], B.Host);
    B.setBusy(E);
    profilePiece(E, TransferKind::DeviceToHost, Pieces[I].bytes());
    clReleaseEvent(E);
  };
  for (size_t I = 0; I < Blocks.size(); ++I)
    Issue(I);
  flush(Q);
  for (size_t I = 0; I < Pieces.size(); ++I) {
    const Piece &P = Pieces[I];
    PinnedBlock &B = Blocks[I % Blocks.size()];
    checkCL(B.awaitIdle(), "reading through page-locked memory");
    copyRows(To + P.HostOffset, P.HostPitch, B.Host, P.Width, P.Width, P.Rows,
             Threads, stagingTuning().MinThreadBytes);
    if (I + Blocks.size() < Pieces.size()) {
      Issue(I + Blocks.size());
      flush(Q);
    }
  }
  PiecesMoved += Pieces.size();
  for (const Rect &R : Rects)
    noteDeviceToHost(R.bytes());
  return true;
}

uint64_t stagedPieces() { return PiecesMoved.load(std::memory_order_relaxed);
}

} // namespace rt
} // namespace ampcc
