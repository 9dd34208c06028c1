//===- PeerCopy.cpp - Copies between two devices through the host ---------===//

#include "backends/opencl/PeerCopy.h"

#include "observation/Stats.h"
#include "backends/opencl/Errors.h"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace ampcc {
namespace rt {

namespace {

/// 64 MiB pieces: large enough that a transfer runs at the bus's speed,
/// small enough that the first piece's wait is short.
constexpr size_t PieceBytes = size_t(64) << 20;

/// Two pieces of page-locked memory of one context, used by one copy at a
/// time (Lock), kept for the process's life like the context.
struct Blocks {
  std::mutex Lock;
  cl_mem Mem = nullptr;
  unsigned char *Host = nullptr;
};

Blocks &blocksFor(cl_context Ctx, cl_command_queue Q) {
  static std::mutex MapLock;
  static std::map<cl_context, std::unique_ptr<Blocks>> All;
  std::lock_guard<std::mutex> Guard(MapLock);
  std::unique_ptr<Blocks> &B = All[Ctx];
  if (!B)
    B = std::make_unique<Blocks>();
  if (!B->Mem) {
    cl_int Err = CL_SUCCESS;
    cl_mem M = clCreateBuffer(Ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR,
                              2 * PieceBytes, nullptr, &Err);
    checkCL(Err, "clCreateBuffer of page-locked memory for copies between "
                 "devices");
    void *P = clEnqueueMapBuffer(Q, M, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0,
                                 2 * PieceBytes, 0, nullptr, nullptr, &Err);
    if (Err != CL_SUCCESS)
      clReleaseMemObject(M);
    checkCL(Err, "clEnqueueMapBuffer of page-locked memory for copies "
                 "between devices");
    B->Mem = M;
    B->Host = static_cast<unsigned char *>(P);
  }
  return *B;
}

/// A piece: some rows of one slice of a rectangle, or some bytes of a
/// one-row rectangle (Rows 1).
struct Piece {
  size_t SrcOffset, DstOffset;
  size_t Width, Rows; ///< Bytes per row, rows.
  size_t SrcPitch, DstPitch;
};

/// Cuts Rects into pieces of at most PieceBytes (a rectangle whose rows are
/// longer than that and that has several rows is left whole: Direct).
void cut(const std::vector<Rect> &Rects, std::vector<Piece> &Pieces,
         std::vector<Rect> &Direct) {
  for (const Rect &R : Rects) {
    if (R.contiguous()) {
      for (size_t Off = 0; Off < R.Region[0]; Off += PieceBytes)
        Pieces.push_back({R.SrcOffset + Off, R.DstOffset + Off,
                          std::min(PieceBytes, R.Region[0] - Off), 1, 0, 0});
      continue;
    }
    if (R.Region[0] > PieceBytes) {
      Direct.push_back(R);
      continue;
    }
    size_t PerPiece = PieceBytes / R.Region[0];
    for (size_t Z = 0; Z < R.Region[2]; ++Z)
      for (size_t Y = 0; Y < R.Region[1]; Y += PerPiece)
        Pieces.push_back({R.SrcOffset + Z * R.SrcSlicePitch + Y * R.SrcRowPitch,
                          R.DstOffset + Z * R.DstSlicePitch + Y * R.DstRowPitch,
                          R.Region[0], std::min(PerPiece, R.Region[1] - Y),
                          R.SrcRowPitch, R.DstRowPitch});
  }
}

void origin(size_t Offset, size_t Pitch, size_t O[3]) {
  O[0] = Pitch ? Offset % Pitch : Offset;
  O[1] = Pitch ? Offset / Pitch : 0;
  O[2] = 0;
}

/// Enqueues the read of P into Host (dense rows) on Q after Wait.
cl_event readPiece(cl_command_queue Q, cl_mem Src, const Piece &P, void *Host,
                   cl_event Wait) {
  cl_event Done = nullptr;
  cl_uint N = Wait ? 1 : 0;
  cl_int Err;
  if (P.Rows == 1) {
    Err = clEnqueueReadBuffer(Q, Src, CL_FALSE, P.SrcOffset, P.Width, Host, N,
                              Wait ? &Wait : nullptr, &Done);
  } else {
    size_t BO[3], HO[3] = {0, 0, 0}, Region[3] = {P.Width, P.Rows, 1};
    origin(P.SrcOffset, P.SrcPitch, BO);
    Err = clEnqueueReadBufferRect(Q, Src, CL_FALSE, BO, HO, Region, P.SrcPitch,
                                  0, P.Width, 0, Host, N,
                                  Wait ? &Wait : nullptr, &Done);
  }
  checkCL(Err, "reading " + std::to_string(P.Width * P.Rows) +
                   " bytes of a copy between devices");
  return Done;
}

cl_event writePiece(cl_command_queue Q, cl_mem Dst, const Piece &P,
                    const void *Host, cl_event Wait) {
  cl_event Done = nullptr;
  cl_int Err;
  if (P.Rows == 1) {
    Err = clEnqueueWriteBuffer(Q, Dst, CL_FALSE, P.DstOffset, P.Width, Host, 1,
                               &Wait, &Done);
  } else {
    size_t BO[3], HO[3] = {0, 0, 0}, Region[3] = {P.Width, P.Rows, 1};
    origin(P.DstOffset, P.DstPitch, BO);
    Err = clEnqueueWriteBufferRect(Q, Dst, CL_FALSE, BO, HO, Region, P.DstPitch,
                                   0, P.Width, 0, Host, 1, &Wait, &Done);
  }
  checkCL(Err, "writing " + std::to_string(P.Width * P.Rows) +
                   " bytes of a copy between devices");
  return Done;
}

} // namespace

void copyThroughHost(cl_command_queue SrcQ, cl_mem Src, cl_command_queue DstQ,
                     cl_mem Dst, const std::vector<Rect> &Rects) {
  std::vector<Piece> Pieces;
  std::vector<Rect> Direct;
  cut(Rects, Pieces, Direct);
  cl_context Ctx = nullptr;
  checkCL(clGetCommandQueueInfo(SrcQ, CL_QUEUE_CONTEXT, sizeof(Ctx), &Ctx,
                                nullptr),
          "clGetCommandQueueInfo");
  Blocks &B = blocksFor(Ctx, SrcQ);
  std::lock_guard<std::mutex> Guard(B.Lock);
  // Piece I goes through half I % 2: its read waits for the write that
  // last emptied that half (piece I - 2), its write for its read.
  cl_event Written[2] = {nullptr, nullptr};
  cl_int Status = CL_SUCCESS;
  try {
    for (size_t I = 0; I < Pieces.size(); ++I) {
      unsigned char *Half = B.Host + (I % 2) * PieceBytes;
      cl_event Read = readPiece(SrcQ, Src, Pieces[I], Half, Written[I % 2]);
      // The other queue waits for this event: submit it first.
      clFlush(SrcQ);
      cl_event W = writePiece(DstQ, Dst, Pieces[I], Half, Read);
      clFlush(DstQ);
      clReleaseEvent(Read);
      if (Written[I % 2])
        clReleaseEvent(Written[I % 2]);
      Written[I % 2] = W;
      noteDeviceToHost(Pieces[I].Width * Pieces[I].Rows);
      noteHostToDevice(Pieces[I].Width * Pieces[I].Rows);
    }
  } catch (...) {
    // Wait for what was enqueued before the halves serve another copy.
    clFinish(SrcQ);
    clFinish(DstQ);
    for (cl_event E : Written)
      if (E)
        clReleaseEvent(E);
    throw;
  }
  // DstQ is in order: its last write completes after all of them.
  for (size_t I = 0; I < 2; ++I) {
    cl_event E = Written[(Pieces.size() + I) % 2];
    if (!E)
      continue;
    cl_int Err = clWaitForEvents(1, &E);
    if (Status == CL_SUCCESS)
      Status = Err;
    clReleaseEvent(E);
  }
  checkCL(Status, "clWaitForEvents for a copy between devices");
  // Rows longer than a piece: the driver's own copy.
  for (const Rect &R : Direct) {
    size_t SO[3], DO[3];
    rectOrigin(R.SrcOffset, R.SrcRowPitch, R.SrcSlicePitch, SO);
    rectOrigin(R.DstOffset, R.DstRowPitch, R.DstSlicePitch, DO);
    checkCL(clEnqueueCopyBufferRect(DstQ, Src, Dst, SO, DO, R.Region,
                                    R.SrcRowPitch, R.SrcSlicePitch,
                                    R.DstRowPitch, R.DstSlicePitch, 0, nullptr,
                                    nullptr),
            "clEnqueueCopyBufferRect of " + std::to_string(R.bytes()) +
                " bytes");
    noteDeviceToDevice(R.bytes());
  }
  if (!Direct.empty())
    checkCL(clFinish(DstQ), "clFinish");
}

} // namespace rt
} // namespace ampcc
