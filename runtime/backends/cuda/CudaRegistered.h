//===- CudaRegistered.h - The program's memory registered for DMA -*- C++ -*-===//
//
// A copy from ordinary memory registered with cuMemHostRegister runs at the
// link's speed, as from cuMemAllocHost memory (H200: 55 GB/s against 45-52
// staged and 8-14 direct); registering costs about as much as moving the
// bytes at 16 GB/s (docs/performance.md, "Transfers through CUDA"), so the
// runtime registers only memory that a view moves again and again, for the
// view's life (coherence/DataSource.cpp).
//
// The driver finds a registration by address, for every copy from any
// memory in its pages. Were registered memory freed while its view lived
// (the program's error, but a quiet one under Visual C++) and its addresses
// given to new memory, the driver would move the new memory's bytes from
// the old pages. So the backend remembers every registered page range, and
// a copy of memory that is not the registration's own (HostPinned false)
// touching one goes through the staging blocks, whose copies on the host go
// by the page tables, never directly.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_CUDAREGISTERED_H
#define AMPCC_RUNTIME_CUDAREGISTERED_H

#include "support/Region.h"

#include <cstddef>
#include <vector>

namespace ampcc {
namespace rt {
namespace cuda {

/// Whether host memory [Lo, Hi) shares a page with a registered range.
bool touchesRegistered(const void *Lo, const void *Hi);

/// The host memory that rectangles \p R touch at \p Host: their Src side
/// (ToDevice) or their Dst side, from its first byte to past its last.
void hostSpan(const std::vector<Rect> &R, const void *Host, bool ToDevice, const void *&Lo,
              const void *&Hi);

} // namespace cuda
} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_CUDAREGISTERED_H
