//===- DeviceCodeGen.h - restrict(amp) C++ to OpenCL C 1.2 ------*- C++ -*-===//
//
// The device code generator prints OpenCL C 1.2 source from the Clang AST of
// the kernels of one translation unit and everything they reach, and
// describes each kernel for the host stub (HostStub.h). This is all the
// frontend sees of CodeGen; the design and the machinery are private
// (compiler/lib/CodeGen/CodeGenModule.h), as Clang keeps CodeGenModule.h
// behind ModuleBuilder.h.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_CODEGEN_DEVICECODEGEN_H
#define AMPCC_CODEGEN_DEVICECODEGEN_H

#include "ampcc/Analysis/KernelFinder.h"
#include "ampcc/kernel_abi.h"

#include "clang/AST/ASTContext.h"

#include <memory>
#include <string>
#include <vector>

namespace ampcc {

/// How one kernel capture reaches the kernel: the runtime's description
/// (include/ampcc/kernel_abi.h, the ABI both sides share) and a name.
struct CaptureInfo : rt::CaptureDesc {
  CaptureInfo() : rt::CaptureDesc{rt::CaptureKind::Value, 0, 0, 0, rt::CF_None} {}
  std::string Name; ///< For comments and messages.
};

/// What the host stub needs to know about an emitted kernel.
struct EmittedKernel {
  std::string TypeName;   ///< typeid(Closure).name()
  std::string KernelName; ///< __kernel function name
  std::vector<CaptureInfo> Captures;
  unsigned ClosureSize = 0;
  unsigned Rank = 0;
  unsigned Tile[3] = {0, 0, 0};
  std::string Location;   ///< file:line:col of the kernel
  /// The kernel's image form (textures on OpenCL images), or "".
  std::string ImageKernelName;
  /// DeviceOptions::HostKernels: the C of the kernel's host entry, which
  /// calls the kernel over a launch's part (untiled) or for one work-item
  /// (tiled), its arguments unpacked (include/ampcc/host_kernel_abi.h).
  std::string HostEntry;
  /// The number of the kernel's parameters (its arguments at launch).
  unsigned NumParams = 0;
  /// Host kernels: the kernel also runs a whole tile as work-item loops
  /// (compiler/lib/CodeGen/WorkItemLoops.h).
  bool HostTileLoops = false;
  /// Host kernels: empty, or for each argument an AMPCC_OWN_* of
  /// ampcc/host_kernel_abi.h, the data of a view the kernel updates only
  /// with atomics of that kind (compiler/lib/CodeGen/AtomicOnlyViews.h).
  std::vector<unsigned char> HostOwned;
  /// Its tile_static variables' bytes (its callees' too), which the host
  /// backend checks against the device's tile_static memory as OpenCL
  /// drivers report theirs.
  uint64_t TileStaticBytes = 0;
  /// Robust access: KernelDesc::RangeProof's words (IndexRanges.h).
  std::vector<int64_t> RangeProof;
};

/// What the runtime needs to run a program built in checked mode.
struct ProgramChecks {
  bool Enabled = false;
  std::vector<std::string> Sites; ///< "file:line:col" per site number.
  unsigned ScratchBytes = 0;      ///< Global scratch after the fault record.
  /// Robust buffer access (DeviceOptions::RobustAccess): the size of each
  /// of the two regions of the sink buffer, the largest element accessed;
  /// 0 when the program is not robust.
  unsigned RobustSinkBytes = 0;
};

/// Options of the generated code that come from the command line.
struct DeviceOptions {
  /// Let the OpenCL compiler fuse a*b+c into one rounding (OpenCL's and
  /// Clang's default for C++; HLSL, which Visual C++'s C++ AMP used, fuses
  /// freely). -ffp-contract=off gives results identical to unfused host code.
  bool FPContract = true;
  /// -fsanitize=bounds: every element access of an array, array_view or
  /// C array (tile_static ones included) checks its index; a bad access is
  /// skipped and recorded for the runtime (docs/architecture.md, "Checked
  /// mode").
  bool CheckBounds = false;
  /// -frobust-buffer-access: Direct3D's robust buffer access. An element
  /// access of an array or array_view outside its buffer reads 0 and its
  /// write is dropped (docs/architecture.md, "Robust buffer access").
  /// Checked mode, which checks against the view's extent, supersedes it.
  bool RobustAccess = false;
  /// -fhost-kernels: the program is also compiled as C for the host CPU
  /// (include/ampcc/host_kernel.h): kernels take the work-item's ids as a
  /// parameter, tile_static storage is declared through a macro, and each
  /// kernel gets a host entry (EmittedKernel::HostEntry).
  bool HostKernels = false;
};

class CodeGenModule;

/// Prints the kernels of one translation unit as one OpenCL C program.
class DeviceCodeGen {
public:
  /// \p Earlier: a code generator over the same AST (the OpenCL printing,
  /// when this one prints host C) whose analyses of the kernels' bodies
  /// this one reuses.
  DeviceCodeGen(clang::ASTContext &Ctx, clang::DiagnosticsEngine &Diags,
                const DeviceOptions &Opts, const DeviceCodeGen *Earlier = nullptr);
  ~DeviceCodeGen();

  /// Emits the kernel entry point and everything it reaches.
  void emitKernel(const KernelSite &K);

  /// The whole OpenCL C program. Call after all emitKernel calls.
  std::string finish();

  const std::vector<EmittedKernel> &kernels() const;
  bool usesDouble() const;
  bool hadError() const;
  /// The checked accesses and the scratch they need (after finish()).
  ProgramChecks checks();

private:
  std::unique_ptr<CodeGenModule> CGM;
};

} // namespace ampcc

#endif // AMPCC_CODEGEN_DEVICECODEGEN_H
