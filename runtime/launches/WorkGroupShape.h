//===- WorkGroupShape.h - work-groups of untiled launches -------*- C++ -*-===//
//
// Untiled kernels leave the work-group shape to the runtime. Left to the
// driver, NVIDIA's picks tiny work-groups for sizes such as 8191x8191
// (8191 is prime), so on GPUs the runtime chooses the shape and rounds the
// launch up to whole work-groups; the compiler's guard makes the
// work-items past the domain leave at once (KernelEmitter::computeIndex).
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_WORKGROUPSHAPE_H
#define AMPCC_RUNTIME_WORKGROUPSHAPE_H

#include <cstddef>
#include <cstdint>

namespace ampcc {
namespace rt {

/// The work-group shape of an untiled launch on a GPU, in OpenCL order
/// (dimension 0 fastest): 256 work-items, as wide as a warp or more along
/// dimension 0 so that neighbouring work-items touch neighbouring elements
/// (32x8 in 2-D, 32x4x2 in 3-D, the shapes CUDA programs use), no wider
/// than the domain needs; \p Global is rounded up to whole work-groups.
void untiledShape(uint32_t Rank, size_t MaxGroup, size_t Global[3], size_t Local[3]);

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_WORKGROUPSHAPE_H
