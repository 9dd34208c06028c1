//===- StagedTransfers.cpp - Ordinary memory moved at the link's speed ----===//

#include "transfers/StagedTransfers.h"

#include "observation/Stats.h"
#include "support/Env.h"
#include "transfers/StagingWays.h"

#include <algorithm>
#include <atomic>
#include <thread>

namespace ampcc {
namespace rt {
namespace {

std::atomic<uint64_t> PiecesMoved{0};

/// Runs one staged transfer the way \p Ring says; false when no
/// page-locked memory could be had.
bool staged(StagingPort &Port, const std::vector<Rect> &Rects, const void *Host, bool ToDevice,
            bool Ring) {
  size_t Pieces = 0;
  if (!(Ring ? ringTransfer : pipelineTransfer)(Port, Rects, Host, ToDevice, Pieces))
    return false;
  if (!Pieces)
    return true;
  PiecesMoved += Pieces;
  for (const Rect &Each : Rects)
    ToDevice ? noteHostToDevice(Each.bytes()) : noteDeviceToHost(Each.bytes());
  return true;
}

} // namespace

std::vector<StagedPiece> cutPieces(const std::vector<Rect> &Rects, bool ToDevice, size_t Limit) {
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

size_t pieceLimit(size_t Total, size_t Count) {
  const StagingTuning &T = stagingTuning();
  size_t Least = std::max<size_t>(1, T.MinPieceBytes);
  size_t Most = std::min(std::max(T.PieceBytes, Least), PinnedBlockBytes);
  return std::min(Most, std::max(Least, Total / std::max<size_t>(1, Count)));
}

unsigned stagingThreads() {
  static const unsigned Cores = std::max(1u, std::thread::hardware_concurrency());
  return std::max(1u, std::min(stagingTuning().Threads, Cores));
}


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
  return staged(Port, Rects, Host, true, stagingTuning().RingUploads);
}

bool stagedRead(StagingPort &Port, const std::vector<Rect> &Rects, void *Host) {
  return staged(Port, Rects, Host, false, totalBytes(Rects) >= stagingTuning().RingFromBytes);
}

uint64_t stagedPieces() { return PiecesMoved.load(std::memory_order_relaxed); }

} // namespace rt
} // namespace ampcc
