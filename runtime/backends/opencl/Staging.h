//===- Staging.h - Staged transfers through OpenCL ---------------*- C++ -*-===//
//
// StagedTransfers.h's ring on an OpenCL queue: the blocks are mapped
// CL_MEM_ALLOC_HOST_PTR buffers of the queue's context (PinnedBlocks.h),
// a piece is a non-blocking buffer read or write whose event the block
// keeps.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_STAGING_H
#define AMPCC_RUNTIME_STAGING_H

#include "transfers/StagedTransfers.h"

#include <CL/cl.h>

#include <vector>

namespace ampcc {
namespace rt {

/// Whether a transfer of \p Bytes between ordinary host memory and Q's
/// device goes through page-locked blocks.
bool stagesTransfer(cl_command_queue Q, size_t Bytes);

/// stagedWrite on Q into Buf; *Last is the event of the last write
/// (retained; on an in-order queue it completes after the others).
bool stagedWrite(cl_command_queue Q, cl_mem Buf, const std::vector<Rect> &Rects,
                 const void *Host, cl_event *Last);

/// stagedRead on Q from Buf.
bool stagedRead(cl_command_queue Q, cl_mem Buf, const std::vector<Rect> &Rects,
                void *Host);

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_STAGING_H
