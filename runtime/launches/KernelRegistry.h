//===- KernelRegistry.h - Registered kernels and built programs -*- C++ -*-===//
//
// Generated code registers a KernelDesc for every kernel at static
// initialisation; a launch finds it again by the closure's typeid name. The
// OpenCL program of a translation unit is built (ProgramBuilder.h) the first
// time one of its kernels runs on a device, and kept for the rest of the
// process.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_KERNELREGISTRY_H
#define AMPCC_RUNTIME_KERNELREGISTRY_H

#include "ampcc/runtime_api.h"
#include "backends/Backend.h"

#include <mutex>

namespace ampcc {
namespace rt {

class Device;

/// The registered kernel for a closure type name, or nullptr.
const KernelDesc *lookupKernel(const char *TypeName);

/// The kernel object of one (kernel, device) pair. Setting arguments and
/// enqueueing must happen under Lock: kernel arguments are state of the
/// kernel object, shared by all threads that launch it.
struct BuiltKernel {
  rt::Kernel Kernel;
  /// The largest tile this kernel can run with.
  size_t MaxWorkGroupSize = 0;
  /// The kernel's tile_static bytes.
  uint64_t LocalMemBytes = 0;
  std::mutex Lock;
};

/// Which program variant a launch may take (kernel_abi.h,
/// CF_DomainPermShift): the one whose domain-indexed accesses go unguarded,
/// the one that guards them, or either, for a kernel that has no such
/// access (both variants run it alike).
enum class DomainVariant { Either, Covered, Guarded };

/// Builds K's program for Dev if needed and returns the kernel. Throws
/// unsupported_feature when the program needs double precision the device
/// lacks, and runtime_exception with the build log when the build fails.
/// \p Images: K's image form (KernelDesc::ImageKernelName), which lives in
/// the same program. \p Variant: Covered takes the program variant built
/// with AMPCC_DOMAIN_COVERED_OPTION, Guarded the other, each built on first
/// use; Either takes one already built (so that a program whose kernels
/// are covered or indifferent builds once), else the covered one where the
/// program has robust access.
BuiltKernel &getKernel(const KernelDesc &K, Device &Dev, bool Images = false,
                       DomainVariant Variant = DomainVariant::Either);

/// Releases every built program and kernel (amp_uninitialize); the next
/// launch builds again, from ampcc's kernel cache when it has the binary.
/// No launch may be under way.
void releaseBuiltKernels();

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_KERNELREGISTRY_H
