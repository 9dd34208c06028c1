//===- RobustSink.h - where kernels' accesses outside a buffer go -*- C++ -*-===//
//
// Kernels built with robust buffer access (`-frobust-buffer-access`,
// ProgramDesc::RobustSinkBytes) take a sink buffer as their last argument:
// a write outside its array's buffer goes to the sink's first region, a
// read there reads its second region, which holds zeros and is never
// written. One sink per OpenCL context and region size serves every launch
// and is kept for the life of the process.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_ROBUSTSINK_H
#define AMPCC_RUNTIME_ROBUSTSINK_H

#include "backends/Backend.h"

#include <cstdint>

namespace ampcc {
namespace rt {

/// The sink of two \p RegionBytes regions in context \p C (the second
/// zeroed), created on first use and kept for the life of the process.
const Buffer &robustSink(const Context &C, uint32_t RegionBytes);

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_ROBUSTSINK_H
