//===- PtxLowering.h - OpenCL kernels' IR made ready for CUDA --*- C++ -*-===//
//
// The changes the OpenCL C program's LLVM IR needs before the NVPTX back end
// can give PTX that the CUDA driver runs as NVIDIA's OpenCL would run the
// source (PtxCompiler.cpp calls them in this order):
//   - the image forms of texture kernels go: libclc has no image built-ins
//     for NVIDIA, and CUDA runs every texture on its buffer;
//   - every kernel takes the launch's global offset as three more
//     arguments, added to get_global_id: CUDA has no global offset, and the
//     runtime splits launches larger than one enqueue may be;
//   - printf becomes the CUDA driver's vprintf, which takes the arguments
//     packed as the NVPTX back end packs a variadic call's, and pointers
//     (the format, %s strings) as generic addresses;
//   - float rsqrt becomes PTX's rsqrt.approx.f32;
//   - tiled kernels' work-group size becomes PTX's .reqntid;
//   - tile_static arrays are aligned to 16 bytes, so that the back end may
//     use vector loads and stores of shared memory;
//   - after linking libclc, what still has no definition is reported per
//     kernel that reaches it.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_FRONTEND_PTXLOWERING_H
#define AMPCC_FRONTEND_PTXLOWERING_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>
#include <vector>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace ampcc {

/// Whether \p F is an OpenCL __kernel.
bool isOpenCLKernel(const llvm::Function &F);

/// Removes the kernels named \p Names and their nvvm.annotations entries.
void dropKernels(llvm::Module &M, llvm::ArrayRef<std::string> Names);

/// Appends the three 64-bit global-offset arguments to every kernel and
/// adds them to its get_global_id results (kernel_abi.h, PtxModule).
void addGlobalOffsetArguments(llvm::Module &M);

/// printf -> vprintf (format string in the generic address space).
void lowerPrintf(llvm::Module &M);

/// The work-group size of tiled kernels (OpenCL's reqd_work_group_size) as
/// PTX's .reqntid, so that the driver's compiler knows the block size when
/// it allocates registers, as NVIDIA's OpenCL compiler does.
void annotateBlockSizes(llvm::Module &M);

/// Float rsqrt as PTX's rsqrt.approx.f32, as NVIDIA's OpenCL compiles it
/// (libclc's is 1 / sqrt, correctly rounded and several times slower;
/// OpenCL 1.2 allows rsqrt 2 ulp).
void lowerRsqrt(llvm::Module &M);

/// tile_static (shared memory) arrays aligned to 16 bytes.
void alignTileStatic(llvm::Module &M);

/// The functions still only declared (intrinsics and the CUDA driver's
/// own vprintf aside), each with the kernels that reach it.
std::map<std::string, std::vector<std::string>> unresolvedFunctions(llvm::Module &M);

} // namespace ampcc

#endif // AMPCC_FRONTEND_PTXLOWERING_H
