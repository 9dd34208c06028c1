//===- HostKernels.cpp - kernels compiled for the host CPU ----------------===//

#include "HostKernels.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

namespace ampcc {

HostKernelCompiles planHostKernels(const Options &Opts, const std::string &ClangXX,
                                   const std::string &IncludeDir,
                                   const std::string &Program, const std::string &CFile,
                                   const std::string &ObjectBase, const std::string &Unit) {
  HostKernelCompiles H;
  H.Tables.Plain = "ampcc_host_kernels_" + Unit;
  // A robust program's kernels differ where the runtime proves the domain
  // covered (DomainIndexing.h); otherwise one object serves both.
  bool TwoVariants = llvm::StringRef(Program).contains("AMPCC_DOMAIN_COVERED");
  H.Tables.Covered = TwoVariants ? H.Tables.Plain + "_covered" : H.Tables.Plain;
  H.Tables.Isa = H.Tables.Plain + "_isa";
  // The kernels' own optimisation: always -O3 (the vectoriser), as a device
  // compiler builds kernels whatever the host code's level; the user's
  // -march (else this machine's), no errno (OpenCL has none).
  std::vector<std::string> Base = {ClangXX, "-x", "c", "-std=gnu11", "-O3",
                                   "-fno-math-errno", "-w", "-isystem", IncludeDir};
  bool March = false;
  for (const std::string &A : Opts.CodegenArgs)
    if (llvm::StringRef(A).starts_with("-march=") || llvm::StringRef(A).starts_with("-mcpu=")) {
      Base.push_back(A);
      March = true;
    }
  if (!March)
    Base.push_back("-march=native");
  // On a CPU with AVX-512, LLVM vectorises 256 bits wide unless told
  // otherwise (a guard against the clock drop of wide vectors in scalar-
  // heavy code). Kernels are the vector loops of the program: a tile row of
  // 16 floats is then one vector, and the harness's tiled cases ran 1.3-3x
  // faster (docs/performance.md). Without AVX-512 the flag changes nothing.
  Base.push_back("-mprefer-vector-width=512");
  if (!Opts.FPContract)
    Base.push_back("-ffp-contract=off");
  Base.insert(Base.end(), Opts.StubArgs.begin(), Opts.StubArgs.end());
  Base.insert(Base.end(), Opts.HostKernelArgs.begin(), Opts.HostKernelArgs.end());
  for (bool Covered : {false, true}) {
    if (Covered && !TwoVariants)
      break;
    std::vector<std::string> Cmd = Base;
    std::string Object = ObjectBase + (Covered ? ".covered.o" : ".o");
    Cmd.push_back("-DAMPCC_HOST_TABLE=" + (Covered ? H.Tables.Covered : H.Tables.Plain));
    if (Covered)
      Cmd.push_back("-DAMPCC_DOMAIN_COVERED");
    else
      Cmd.push_back("-DAMPCC_HOST_ISA=" + H.Tables.Isa);
    Cmd.insert(Cmd.end(), {"-c", CFile, "-o", Object});
    H.Commands.push_back(std::move(Cmd));
    H.Objects.push_back(std::move(Object));
  }
  return H;
}

bool startHostKernels(const Options &Opts, const Toolchain &TC,
                      const std::vector<EmittedKernel> &Kernels, const std::string &Program,
                      const std::string &Unit,
                      const std::function<std::string(llvm::StringRef)> &Temp,
                      HostKernelCompiles &H) {
  std::string CFile = Temp(".hostk.c");
  std::error_code EC;
  llvm::raw_fd_ostream OS(CFile, EC);
  if (EC) {
    llvm::errs() << "ampcc: error: cannot write '" << CFile << "': " << EC.message() << "\n";
    return false;
  }
  OS << emitHostKernelsSource(Kernels, Program);
  OS.close();
  H = planHostKernels(Opts, TC.ClangXX, TC.IncludeDir, Program, CFile, Temp(".hostk"), Unit);
  for (const std::vector<std::string> &Cmd : H.Commands) {
    if (Opts.DryRun) {
      TC.run(Cmd);
      continue;
    }
    H.Errs.push_back(Temp(".hostk.err"));
    H.Procs.push_back(TC.start(Cmd, H.Errs.back()));
  }
  return true;
}

/// The first lines of \p ErrFile, indented, for the warning.
static std::string firstLines(const std::string &ErrFile, unsigned Count) {
  std::string Text;
  auto Buf = llvm::MemoryBuffer::getFile(ErrFile);
  if (!Buf)
    return Text;
  llvm::SmallVector<llvm::StringRef, 8> Lines;
  (*Buf)->getBuffer().split(Lines, '\n', Count + 1, /*KeepEmpty=*/false);
  for (unsigned I = 0; I < Lines.size() && I < Count; ++I)
    Text += "  " + Lines[I].str() + "\n";
  return Text;
}

void finishHostKernels(const std::string &Src, HostKernelCompiles &H) {
  int Failed = -1;
  for (size_t I = 0; I < H.Procs.size(); ++I) {
    std::string ErrMsg;
    H.Procs[I] = llvm::sys::Wait(H.Procs[I], std::nullopt, &ErrMsg);
    if (H.Procs[I].ReturnCode != 0 && Failed < 0)
      Failed = static_cast<int>(I);
  }
  if (Failed < 0)
    return;
  // The host kernels are a second compile of kernels OpenCL devices run
  // anyway: a failure there leaves the program without the host backend
  // (the stub's references to the tables are weak), not without a build.
  llvm::errs() << "ampcc: warning: the kernels of '" << Src
               << "' could not be compiled for the host CPU; the host backend "
                  "will not run this program (OpenCL devices still do); the C "
                  "compiler said:\n"
               << firstLines(H.Errs[Failed], 4);
  H.Objects.clear();
}

} // namespace ampcc
