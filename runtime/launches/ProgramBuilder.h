//===- ProgramBuilder.h - OpenCL programs from source or cache --*- C++ -*-===//
//
// Turns a ProgramDesc (the generated OpenCL C of a translation unit) into a
// built Program for one device. A cached binary is tried first; any
// refusal of it (the driver rejects the binary or fails to build it) falls
// back to building from source, whose binary is then stored for the next
// process. Build errors only come from the source build, so they always
// carry the driver's log, mapped to the user's file and line (BuildLog.h).
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_PROGRAMBUILDER_H
#define AMPCC_RUNTIME_PROGRAMBUILDER_H

#include "ampcc/runtime_api.h"

#include "backends/Backend.h"

#include <string>

namespace ampcc {
namespace rt {

class Device;
class KernelCache;

/// The clBuildProgram options of every program (they depend on Env.h).
std::string programBuildOptions();

/// The cache key text of P's program built for Dev with Options.
std::string programCacheKey(const ProgramDesc &P, const Device &Dev,
                            const std::string &Options);

/// Builds P for Dev, through Cache (which may be disabled). Throws
/// runtime_exception with the build log when the source does not build.
/// \p DomainCovered: the variant whose domain-indexed accesses go
/// unguarded (kernel_abi.h, CF_DomainPermShift).
Program buildProgram(const ProgramDesc &P, Device &Dev,
                     const KernelCache &Cache, bool DomainCovered = false);

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_PROGRAMBUILDER_H
