//===- StagingWays.h - The two ways a staged transfer runs ------*- C++ -*-===//
//
// Private to transfers/: StagedTransfers.cpp picks, for each transfer, the
// ring (StagingRing.cpp) or the pipelines (StagingPipelines.cpp), which
// share how a transfer is cut into pieces.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_STAGINGWAYS_H
#define AMPCC_RUNTIME_STAGINGWAYS_H

#include "transfers/StagedTransfers.h"

#include <cstddef>
#include <vector>

namespace ampcc {
namespace rt {

/// Rects cut into pieces of at most Limit bytes: whole rows where a row is
/// shorter, else pieces of a row. ToDevice: the Src side of each rectangle
/// is host memory, else the Dst side is.
std::vector<StagedPiece> cutPieces(const std::vector<Rect> &Rects, bool ToDevice, size_t Limit);

/// The piece size for a transfer of Total bytes cut into about Count
/// pieces, within the tuning's bounds and a block's size.
size_t pieceLimit(size_t Total, size_t Count);

/// Host threads a transfer uses: the tuning's, at most the cores.
unsigned stagingThreads();

/// Starts \p Way (a ring or pipelines, which cut Rects and borrow blocks
/// in start()) and runs it; \p Pieces gets how many pieces moved. False
/// when no page-locked memory could be had.
template <typename WayT>
bool runWay(WayT &&Way, const std::vector<Rect> &Rects, size_t &Pieces) {
  if (!Way.start(Rects))
    return false;
  if (!Way.empty())
    Way.run();
  Pieces = Way.pieces();
  return true;
}

/// Moves Rects between Host and the port's buffer through a ring of the
/// port's blocks (StagedTransfers.h); \p Pieces gets how many pieces
/// moved. False when no page-locked memory could be had: nothing was done.
bool ringTransfer(StagingPort &Port, const std::vector<Rect> &Rects, const void *Host,
                  bool ToDevice, size_t &Pieces);

/// The same through pipelines of two blocks a thread.
bool pipelineTransfer(StagingPort &Port, const std::vector<Rect> &Rects, const void *Host,
                      bool ToDevice, size_t &Pieces);

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_STAGINGWAYS_H
