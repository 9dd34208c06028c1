//===- PtxKernels.cpp - the kernels' PTX for the CUDA driver -------------===//
#include "PtxKernels.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace ampcc {

bool compileKernelsToPtx(const Options &Opts, const Toolchain &TC,
                         const DeviceCompileResult &Device, std::vector<PtxImage> &Out) {
  bool Emit = Opts.Act == Action::EmitPtx;
  bool Object = Opts.Act == Action::Link || Opts.Act == Action::Compile;
  if (Opts.DryRun || Device.Kernels.empty() || !(Emit || (Object && Opts.Cuda)))
    return true;
  PtxOptions Ptx;
  Ptx.Archs = Opts.CudaArchs;
  Ptx.ClangPath = TC.ClangXX;
  Ptx.LibclcPath = defaultLibclcPath();
  if (Opts.Verbose)
    llvm::errs() << "ampcc: kernels to PTX (in process, libclc " << Ptx.LibclcPath
                 << ") for " << llvm::join(Ptx.Archs, ", ") << "\n";
  return compilePtx(Device, Ptx, Out);
}

std::string ptxListing(const std::string &Src, const std::vector<PtxImage> &Ptx) {
  std::string Text;
  for (const PtxImage &P : Ptx)
    Text += "// ---- " + Src + ": " + P.Arch +
            (P.DomainCovered ? " (views cover the domain)" : "") + " ----\n" + P.Text;
  return Text;
}

} // namespace ampcc
