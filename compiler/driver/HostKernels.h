//===- HostKernels.h - kernels compiled for the host CPU --------*- C++ -*-===//
//
// -fhost-kernels: beside the host stub, the program's OpenCL C is compiled
// as C for this CPU (include/ampcc/host_kernel.h), once per program variant
// the runtime can ask for, so the host backend runs kernels without a
// compiler at run time (docs/architecture.md, "The host backend").
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_DRIVER_HOSTKERNELS_H
#define AMPCC_DRIVER_HOSTKERNELS_H

#include "Options.h"

#include "ampcc/CodeGen/HostStub.h"

#include <string>
#include <vector>

namespace ampcc {

/// The compiles of one translation unit's host kernels.
struct HostKernelCompiles {
  HostKernelTables Tables; ///< What the host stub registers.
  /// One command per object; the C file is their input.
  std::vector<std::vector<std::string>> Commands;
  std::vector<std::string> Objects;
};

/// The compiles of \p CFile (emitHostKernelsSource's text for \p Program)
/// into objects named after \p ObjectBase, with tables named after \p Unit
/// (a name unique to the compilation, so objects link together).
HostKernelCompiles planHostKernels(const Options &Opts, const std::string &ClangXX,
                                   const std::string &IncludeDir,
                                   const std::string &Program, const std::string &CFile,
                                   const std::string &ObjectBase, const std::string &Unit);

} // namespace ampcc

#endif // AMPCC_DRIVER_HOSTKERNELS_H
