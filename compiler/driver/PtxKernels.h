//===- PtxKernels.h - the kernels' PTX for the CUDA driver ------*- C++ -*-===//
//
// Unless -fno-cuda: the program's OpenCL C compiled to PTX in process
// (ampcc/Frontend/PtxCompiler.h) for the --cuda-gpu-arch= targets, which the
// host stub carries for the runtime's CUDA backend; -emit-ptx prints it.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_DRIVER_PTXKERNELS_H
#define AMPCC_DRIVER_PTXKERNELS_H

#include "Options.h"
#include "Toolchain.h"

#include "ampcc/Frontend/PtxCompiler.h"

#include <string>
#include <vector>

namespace ampcc {

/// \p Device's PTX into \p Out where this compile wants it (objects unless
/// -fno-cuda, or -emit-ptx); false after reporting an error.
bool compileKernelsToPtx(const Options &Opts, const Toolchain &TC,
                         const DeviceCompileResult &Device, std::vector<PtxImage> &Out);

/// -emit-ptx's text for source \p Src: each module under a header line.
std::string ptxListing(const std::string &Src, const std::vector<PtxImage> &Ptx);

} // namespace ampcc

#endif // AMPCC_DRIVER_PTXKERNELS_H
