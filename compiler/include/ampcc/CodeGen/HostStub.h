//===- HostStub.h - the host half of a translation unit's kernels -*- C++ -*-===//
//
// The host stub is a small C++ file compiled next to the user's code. It
// holds the OpenCL C program text (and its PTX, unless -fno-cuda) and one
// ampcc::rt::KernelDesc per kernel, and registers them with the runtime
// before main() runs.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_CODEGEN_HOSTSTUB_H
#define AMPCC_CODEGEN_HOSTSTUB_H

#include "ampcc/CodeGen/DeviceCodeGen.h"

#include <string>
#include <vector>

namespace ampcc {

/// One PTX module of the program (kernel_abi.h's PtxModule).
struct PtxImage {
  std::string Arch; ///< "sm_70"
  unsigned SmVersion = 0;
  bool DomainCovered = false;
  std::string Text;
};

/// The tables of a program's kernels compiled for the host (C symbols):
/// without and with AMPCC_DOMAIN_COVERED, the same table where the program
/// does not differ.
struct HostKernelTables {
  std::string Plain, Covered;
  /// The extensions they use (AMPCC_HOST_ISA in ampcc/host_kernel.h).
  std::string Isa;
};

std::string emitHostStub(const std::vector<EmittedKernel> &Kernels,
                         const std::string &Program,
                         const std::string &SourceFile, bool UsesDouble,
                         const ProgramChecks &Checks = ProgramChecks(),
                         const HostKernelTables *Host = nullptr,
                         const std::vector<PtxImage> &Ptx = {});

/// The C file that compiles \p Program for the host CPU: the OpenCL C
/// behind include/ampcc/host_kernel.h, each kernel's host entry, and their
/// table, named by the macro AMPCC_HOST_TABLE (given when compiling it).
std::string emitHostKernelsSource(const std::vector<EmittedKernel> &Kernels,
                                  const std::string &Program);

/// A main for a file that defines only Visual C++'s wide entry point: it
/// calls wmain with the arguments widened (ampcc::rt::callWideMain).
/// \p Params is wmain's parameter count (0 or 2).
std::string emitWideMainEntry(unsigned Params, bool ReturnsVoid);

} // namespace ampcc

#endif // AMPCC_CODEGEN_HOSTSTUB_H
