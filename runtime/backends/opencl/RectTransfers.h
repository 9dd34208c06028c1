//===- RectTransfers.h - Rectangles between host and buffers -*- C++ -*-===//
//
// The transfers of the coherence layer (DataSource): lists of rectangles
// (Region.h) read from a buffer, written to one, copied between two of one
// context, or between two host memories. Each rectangle is cut to its
// buffer first (withinBounds) and counted (Stats.h).
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_TRANSFERS_RECTTRANSFERS_H
#define AMPCC_RUNTIME_TRANSFERS_RECTTRANSFERS_H

#include "support/Region.h"

#include <CL/cl.h>

#include <cstddef>
#include <vector>

namespace ampcc {
namespace rt {

/// How an upload ended: Last is the event of its last write when that may
/// still run (retained), null when every write completed; ReadsHost: that
/// write still reads the host memory it came from.
struct CLUpload {
  cl_event Last = nullptr;
  bool ReadsHost = false;
};

/// The size of buffer \p B in bytes (the bound withinBounds checks).
size_t bufferBytes(cl_mem B);

/// Reads the rectangles R from Buf (R's Src side) into host memory at
/// HostBase (R's Dst side). Large reads into ordinary memory go through
/// page-locked blocks (Staging.h); otherwise only the last read blocks,
/// which on an in-order queue also waits for the others (and for every
/// kernel before them). HostPinned: HostBase is page-locked already.
void readRects(cl_command_queue Q, cl_mem Buf, const std::vector<Rect> &R,
               void *HostBase, bool HostPinned = false);

/// Writes host memory at HostBase (R's Src side) into Buf (R's Dst side).
/// Large writes from ordinary memory go through page-locked blocks
/// (Staging.h): the host memory is no longer read when this returns, and
/// the last write may still run. Other writes block on the last write,
/// unless Async: then the last write may still read HostBase, and the
/// caller keeps it unchanged until the write completes (ReadsHost).
CLUpload writeRects(cl_command_queue Q, cl_mem Buf, const std::vector<Rect> &R,
                  const void *HostBase, bool HostPinned, bool Async);

/// Copies rectangles between two buffers of one context, on the device.
void copyRects(cl_command_queue Q, cl_mem Src, cl_mem Dst,
               const std::vector<Rect> &R);

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_TRANSFERS_RECTTRANSFERS_H
