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
#include "Toolchain.h"

#include "ampcc/CodeGen/HostStub.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Program.h"

#include <functional>
#include <string>
#include <vector>

namespace ampcc {

/// The compiles of one translation unit's host kernels.
struct HostKernelCompiles {
  HostKernelTables Tables; ///< What the host stub registers.
  /// One command per object; the C file is their input.
  std::vector<std::vector<std::string>> Commands;
  std::vector<std::string> Objects;
  /// The started compiles and where their stderr goes.
  std::vector<llvm::sys::ProcessInfo> Procs;
  std::vector<std::string> Errs;
  /// What the host stub registers; null when nothing was compiled.
  const HostKernelTables *tables() const { return Tables.Plain.empty() ? nullptr : &Tables; }
};

/// The compiles of \p CFile (emitHostKernelsSource's text for \p Program)
/// into objects named after \p ObjectBase, with tables named after \p Unit
/// (a name unique to the compilation, so objects link together).
HostKernelCompiles planHostKernels(const Options &Opts, const std::string &ClangXX,
                                   const std::string &IncludeDir,
                                   const std::string &Program, const std::string &CFile,
                                   const std::string &ObjectBase, const std::string &Unit);

/// Writes the C of \p Kernels (of \p Program) for the host and starts its
/// compiles into \p H (only prints them under -###); \p Unit names the
/// compilation, \p Temp makes a temporary file's name from a suffix.
bool startHostKernels(const Options &Opts, const Toolchain &TC,
                      const std::vector<EmittedKernel> &Kernels, const std::string &Program,
                      const std::string &Unit,
                      const std::function<std::string(llvm::StringRef)> &Temp,
                      HostKernelCompiles &H);

/// Waits for \p H's compiles. When one failed, warns (naming \p Src and
/// quoting the C compiler) and drops every object: the program then runs
/// on the other backends.
void finishHostKernels(const std::string &Src, HostKernelCompiles &H);

} // namespace ampcc

#endif // AMPCC_DRIVER_HOSTKERNELS_H
