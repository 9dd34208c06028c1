//===- PeerCopy.h - Copies between two devices through the host -*- C++ -*-===//
//
// Two devices of one OpenCL context can copy between their buffers with
// clEnqueueCopyBuffer, but a driver need not do that quickly: NVIDIA's
// copies between two GPUs at about 1 GB/s, while each GPU reads and writes
// page-locked host memory at 50 GB/s (measured on two H200s, 2026-11-24;
// docs/multi-device.md). copyThroughHost moves the bytes through two
// page-locked blocks of the context instead: the source's device reads a
// piece into one block while the destination's device writes the previous
// piece from the other, ordered by events alone.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_PEERCOPY_H
#define AMPCC_RUNTIME_PEERCOPY_H

#include "support/Region.h"

#include <CL/cl.h>

#include <vector>

namespace ampcc {
namespace rt {

/// Copies Rects (Src side in Src, Dst side in Dst, both already within
/// their buffers' bounds) from Src, read on SrcQ, into Dst, written on
/// DstQ (two queues of one context), through page-locked host memory.
/// Returns when the last byte is in Dst; counted as device-to-host and
/// host-to-device bytes, which is what crosses the bus.
void copyThroughHost(cl_command_queue SrcQ, cl_mem Src, cl_command_queue DstQ,
                     cl_mem Dst, const std::vector<Rect> &Rects);

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_PEERCOPY_H
