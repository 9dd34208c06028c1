//===- GuardedPages.h - buffer memory fenced off from the heap --*- C++ -*-===//
//
// Memory for a CPU device's buffer (PoCL's through the OpenCL backend, the
// host backend's own): pages of its own with a page of slack after the
// data and an inaccessible page on each side. A kernel built without
// robust access that writes a little past its array writes the slack, one
// that writes further faults at once, and neither reaches the host heap
// (issue 44; e2e/cpu-device-overrun-heap). Anonymous pages cost nothing
// until touched, and the slack reads 0 until written.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_SUPPORT_GUARDEDPAGES_H
#define AMPCC_RUNTIME_SUPPORT_GUARDEDPAGES_H

#include <cstddef>

namespace ampcc {
namespace rt {

/// The first byte of \p Bytes of guarded memory; null when none is left.
void *mapGuardedPages(size_t Bytes);
/// Releases what mapGuardedPages(\p Bytes) returned as \p Data.
void unmapGuardedPages(void *Data, size_t Bytes);

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_SUPPORT_GUARDEDPAGES_H
