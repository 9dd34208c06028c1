//===- Options.h - the ampcc command line -------------------------*- C++ -*-===//
//
// ampcc takes a gcc/clang-like command line. Options that only matter to the
// host compile or the link are forwarded; options ampcc cannot honour are
// rejected with the reason; anything else is an error with a "did you mean"
// suggestion, so a typo is never silently ignored.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_DRIVER_OPTIONS_H
#define AMPCC_DRIVER_OPTIONS_H

#include <string>
#include <vector>

namespace ampcc {

enum class Action {
  Link,        ///< Default: compile and link an executable.
  Compile,     ///< -c: one object per input.
  Assemble,    ///< -S: host assembly (kernels are OpenCL C: -emit-opencl).
  Preprocess,  ///< -E: the host pass's preprocessed source.
  SyntaxOnly,  ///< -fsyntax-only.
  EmitOpenCL,  ///< -emit-opencl: print the generated OpenCL C.
  EmitPtx,     ///< -emit-ptx: print the kernels' PTX (every target).
  /// -emit-host-kernels: print the C the host backend's kernels are
  /// compiled from.
  EmitHostKernels,
};

struct Options {
  Action Act = Action::Link;
  /// -emit-opencl, -emit-ptx, -emit-host-kernels: the kernels printed, no
  /// host pass, nothing linked.
  bool printsKernels() const {
    return Act == Action::EmitOpenCL || Act == Action::EmitPtx ||
           Act == Action::EmitHostKernels;
  }
  std::vector<std::string> Sources;     ///< C++ inputs.
  std::vector<std::string> LinkInputs;  ///< .o/.a/.so inputs.
  std::string Output;                   ///< -o ("-" is standard output)
  std::vector<std::string> FrontendArgs; ///< -I/-D/-U/-include/-W: both passes
  std::vector<std::string> CodegenArgs;  ///< -O/-g/-fPIC/-m...: host compile
  std::vector<std::string> StubArgs;     ///< what the kernel stub compile needs
  std::vector<std::string> LinkArgs;     ///< -L/-l/-Wl,/-shared...: link
  std::vector<std::string> DepArgs;      ///< -MD/-MMD/-MF/-MT/-MQ
  std::string Std = "c++17";
  bool Verbose = false;
  bool DryRun = false;        ///< -###: print the commands, run nothing
  bool SaveTemps = false;
  bool ShowVersion = false;
  bool DumpVersion = false;
  bool ShowHelp = false;
  bool NoRTTI = false;        ///< -fno-rtti: kernels are looked up by name
  bool FPContract = true;     ///< -ffp-contract=off turns fusion off in kernels
  bool CheckBounds = false;   ///< -fsanitize=bounds: checked mode in kernels
  /// -f[no-]robust-buffer-access: Direct3D's robust buffer access in
  /// kernels, on at every level as Direct3D gives every Visual C++
  /// program; accesses in range by construction pay nothing where the views
  /// cover the domain (compiler/lib/CodeGen/DomainIndexing.h), and
  /// docs/performance.md ("Robust buffer access") measures the rest.
  bool RobustAccess = true;
  /// -f[no-]host-kernels: kernels are also compiled for the host CPU, for
  /// the runtime's host backend (docs/architecture.md, "The host backend").
  /// On by default: on a machine without a GPU the host backend is then
  /// the default accelerator, with no kernel compiled at run time.
  bool HostKernels = true;
  /// -Xhost-kernels <arg>: appended to the host kernels' C compiles.
  std::vector<std::string> HostKernelArgs;
  bool ShowOptionNames = true; ///< [-Wflag] after warnings, as clang
  /// Function templates parsed when instantiated, as Visual C++ does;
  /// -fno-delayed-template-parsing turns it off.
  bool DelayedTemplateParsing = true;
  /// <windows.h>, Microsoft STL header names, __min/__max and
  /// std::exception("message"): -fno-ms-headers turns them off.
  bool MsHeaders = true;
  /// Visual C++ runs on past a value-returning function's missing return
  /// (warning C4715) and keeps type-punned accesses in order (it has no
  /// type-based alias analysis): host code is compiled with
  /// -fno-strict-return and -fno-strict-aliasing unless -fstrict-return or
  /// -fstrict-aliasing is given.
  bool StrictReturn = false;
  bool StrictAliasing = false;
  /// -f[no-]cuda: the kernels' PTX for the CUDA driver in every object
  /// (compiler/lib/Frontend/PtxCompiler.cpp), for the --cuda-gpu-arch=
  /// targets (sm_70 when none is given).
  bool Cuda = true;
  std::vector<std::string> CudaArchs;
  /// <amp.h> loaded from a precompiled header where the file starts with
  /// it (PrecompiledAmp.h); -fno-pch-amp parses it in every file.
  bool PrecompiledAmp = true;
};

/// Parses \p Argv (response files expanded) into \p Opts; on error prints
/// "ampcc: error: ..." and returns false.
bool parseOptions(int Argc, const char *const *Argv, Options &Opts);

void printHelp();

} // namespace ampcc

#endif // AMPCC_DRIVER_OPTIONS_H
