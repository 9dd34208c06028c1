//===- HostCopy.h - The host side of staged transfers -----------*- C++ -*-===//
//
// A staged transfer (Staging.h) copies every byte once on the host, between
// the program's ordinary memory and page-locked blocks. One thread's memcpy
// runs at about 10 GB/s on the GPU machines' hosts, a fifth of a PCIe 5
// link (H100, 2026-11: docs/performance.md, "Transfers from ordinary
// memory"), so a transfer's host copies run on several threads at once, of
// a small pool the process keeps.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_HOSTCOPY_H
#define AMPCC_RUNTIME_HOSTCOPY_H

#include "support/Region.h"

#include <cstddef>
#include <functional>
#include <vector>

namespace ampcc {
namespace rt {

/// Runs Fn(0), ..., Fn(N - 1) at once, on the caller's thread and N - 1 of
/// the pool's, and returns when all have returned; where another transfer
/// holds the pool, on the caller's thread alone, one after another. Fn
/// must not throw.
void runOnThreads(unsigned N, const std::function<void(unsigned)> &Fn);

/// Copies Rows rows of Width bytes: row I from Src + I * SrcPitch to
/// Dst + I * DstPitch. Streaming: with non-temporal stores (x86-64), which
/// write whole cache lines to memory without reading them first: a third
/// less memory traffic than memcpy's stores, and nothing of a block the
/// device is about to read left in the caches. Fenced before it returns.
void copyRows(unsigned char *Dst, size_t DstPitch, const unsigned char *Src,
              size_t SrcPitch, size_t Width, size_t Rows, bool Streaming);

/// Host-to-host copy of rectangles (R's Src side in Src, Dst side in Dst).
void hostRects(const void *Src, void *Dst, const std::vector<Rect> &R);

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_HOSTCOPY_H
