//===- HostBlocks.h - Recycled host memory for data sources -----*- C++ -*-===//
//
// A data source's host copy (DataSource::Owned) is a block of host memory
// as large as its buffer. A fresh block of many MiB costs a page fault per
// 4 KiB page when first touched: on the H100 machine's host a 64 MiB
// texture copied out took ~50 ms, most of it faults, against ~5 ms for the
// transfer itself. Programs that make and drop arrays or textures of the
// same size again and again (per frame, per call) get a block that is
// already mapped back instead. Blocks of 1 MiB or more that are freed are
// kept, up to 256 MiB in all, and handed out again for the same size;
// smaller ones go straight back to the allocator, which recycles them
// already.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_HOSTBLOCKS_H
#define AMPCC_RUNTIME_HOSTBLOCKS_H

#include <cstddef>
#include <memory>

namespace ampcc {
namespace rt {

struct HostBlockReturn {
  size_t Bytes = 0;
  void operator()(unsigned char *P) const;
};
using HostBlock = std::unique_ptr<unsigned char[], HostBlockReturn>;

/// A block of \p Bytes bytes of unspecified contents, or null when the host
/// has no memory for it.
HostBlock takeHostBlock(size_t Bytes);

/// Frees the blocks kept for reuse (amp_uninitialize).
void releaseHostBlocks();

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_HOSTBLOCKS_H
