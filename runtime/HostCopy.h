//===- HostCopy.h - Host memory copies spread over a few threads -*- C++ -*-===//
//
// A staged transfer (Staging.h) copies every byte once on the host, between
// the program's ordinary memory and a page-locked block, while the device
// moves the previous block. One thread's memcpy runs at roughly a quarter of
// a PCIe 5 link's speed on the GPU machines' hosts (docs/performance.md,
// "Transfers from ordinary memory"), so the copy is split over a few
// threads, which a small pool keeps for the process's life.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_HOSTCOPY_H
#define AMPCC_RUNTIME_HOSTCOPY_H

#include <cstddef>

namespace ampcc {
namespace rt {

/// Copies Rows rows of Width bytes: row I from Src + I * SrcPitch to
/// Dst + I * DstPitch. Spread over at most \p Threads threads (the caller's
/// among them), each given at least \p MinPart bytes (a wake-up costs
/// microseconds: 256 KiB, ~20 us of memcpy, is worth one); on the caller's
/// thread alone when another copy holds the pool.
void copyRows(unsigned char *Dst, size_t DstPitch, const unsigned char *Src,
              size_t SrcPitch, size_t Width, size_t Rows, unsigned Threads,
              size_t MinPart);

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_HOSTCOPY_H
