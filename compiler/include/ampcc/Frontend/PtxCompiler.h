//===- PtxCompiler.h - a translation unit's kernels as PTX -------*- C++ -*-===//
//
// Compiles the OpenCL C the device pass generated to PTX for NVIDIA's CUDA
// driver, ahead of time and in process (issue 46): Clang's OpenCL front end
// for nvptx64, linked with libclc's NVPTX built-ins, optimised, then LLVM's
// NVPTX back end. The host stub carries the PTX beside the OpenCL C
// (HostStub.h), and the runtime's CUDA backend loads it. A kernel that
// cannot be lowered is an error here, at the user's source location, never
// a surprise at run time.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_FRONTEND_PTXCOMPILER_H
#define AMPCC_FRONTEND_PTXCOMPILER_H

#include "ampcc/CodeGen/HostStub.h"
#include "ampcc/Frontend/DeviceCompiler.h"

#include <string>
#include <vector>

namespace ampcc {

struct PtxOptions {
  /// GPU targets, "sm_70" (one PTX for every GPU since Volta: the driver
  /// compiles it for newer ones) unless --cuda-gpu-arch= says otherwise.
  std::vector<std::string> Archs;
  /// The clang++ binary, whose resource directory holds the OpenCL headers.
  std::string ClangPath;
  /// libclc's NVPTX bitcode (nvptx64--nvidiacl.bc).
  std::string LibclcPath;
};

/// The default target and where Debian's libclc-19 keeps its bitcode.
const char *defaultPtxArch();
std::string defaultLibclcPath();

/// The SM version of \p Arch ("sm_70" -> 70), 0 when it is none that
/// LLVM 19's NVPTX back end knows.
unsigned ptxSmVersion(const std::string &Arch);

/// Compiles \p Device's program to PTX: one module per target, and a
/// second per target for the program variant with domain-covered accesses
/// unguarded where the program has one. Reports errors (at the kernels'
/// locations) on standard error and returns false.
bool compilePtx(const DeviceCompileResult &Device, const PtxOptions &Opts,
                std::vector<PtxImage> &Out);

} // namespace ampcc

#endif // AMPCC_FRONTEND_PTXCOMPILER_H
