//===- PtxCompiler.cpp - a translation unit's kernels as PTX -------------===//
//
// OpenCL C -> LLVM IR (Clang's OpenCL front end, triple nvptx64-nvidia-nvcl,
// LLVM passes off) -> the CUDA fix-ups of PtxLowering.h -> linked with
// libclc's nvptx64--nvidiacl.bc (only what is used) -> every function but
// the kernels internalized -> LLVM's O3 pipeline for the target -> the
// NVPTX back end's assembly, which is PTX. The same steps as `clang-19 -x
// cl -target nvptx64-nvidia-nvcl`, `llvm-link --only-needed`, `opt` and
// `llc`, measured on an H200 before this was written (design brief, "Facts
// measured 2026-11-28"), without running four programs per file.
//
//===----------------------------------------------------------------------===//
#include "ampcc/Frontend/PtxCompiler.h"
#include "PtxLowering.h"

#include "ampcc/Support/Diagnostics.h"

#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/CodeGen/CodeGenAction.h"
#include "clang/Driver/Driver.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/IPO/Internalize.h"

#include <cstdlib>
#include <memory>

using namespace clang;

namespace ampcc {

namespace {
struct ArchInfo {
  const char *Name;
  unsigned Sm;
  unsigned MinPtx; ///< The first PTX ISA version that knows the target.
};
// LLVM 19's NVPTX targets, each with the lowest PTX version that has it:
// the lowest gives the oldest drivers a chance to load the module.
constexpr ArchInfo Archs[] = {
    {"sm_50", 50, 40}, {"sm_52", 52, 41}, {"sm_53", 53, 42}, {"sm_60", 60, 50},
    {"sm_61", 61, 50}, {"sm_62", 62, 50}, {"sm_70", 70, 60}, {"sm_72", 72, 61},
    {"sm_75", 75, 63}, {"sm_80", 80, 70}, {"sm_86", 86, 71}, {"sm_87", 87, 74},
    {"sm_89", 89, 78}, {"sm_90", 90, 78}, {"sm_90a", 90, 80}};

const ArchInfo *findArch(const std::string &Name) {
  for (const ArchInfo &A : Archs)
    if (Name == A.Name)
      return &A;
  return nullptr;
}

/// Reports ampcc's diagnostics at "file:line:col" texts (the kernels'
/// locations), with the user's line and caret as Clang shows them.
class LocationReporter {
public:
  LocationReporter()
      : DiagOpts(new DiagnosticOptions), Printer(llvm::errs(), DiagOpts.get()),
        Engine(new DiagnosticIDs, DiagOpts, &Printer, /*ShouldOwnClient=*/false),
        Files(FileSystemOptions()), Sources(Engine, Files) {
    DiagOpts->ShowColors = llvm::errs().has_colors();
    Engine.setSourceManager(&Sources);
    Printer.BeginSourceFile(Lang, nullptr);
  }
  ~LocationReporter() { Printer.EndSourceFile(); }

  DiagnosticBuilder report(llvm::StringRef Location, Diag D) {
    return ampcc::report(Engine, locate(Location), D);
  }

private:
  SourceLocation locate(llvm::StringRef Location) {
    auto [FileLine, Col] = Location.rsplit(':');
    auto [File, Line] = FileLine.rsplit(':');
    unsigned L = 0, C = 0;
    if (Line.getAsInteger(10, L) || Col.getAsInteger(10, C))
      return SourceLocation();
    auto Entry = Files.getOptionalFileRef(File);
    if (!Entry)
      return SourceLocation();
    FileID ID = Sources.getOrCreateFileID(*Entry, SrcMgr::C_User);
    return Sources.translateLineCol(ID, L, C);
  }

  LangOptions Lang;
  llvm::IntrusiveRefCntPtr<DiagnosticOptions> DiagOpts;
  TextDiagnosticPrinter Printer;
  DiagnosticsEngine Engine;
  FileManager Files;
  SourceManager Sources;
};

/// One compile: a program variant for one target.
struct PtxJob {
  const DeviceCompileResult &Device;
  const PtxOptions &Opts;
  const ArchInfo &Arch;
  bool DomainCovered;
  LocationReporter &Reporter;
};
} // namespace

const char *defaultPtxArch() { return "sm_70"; }

std::string defaultLibclcPath() {
  // Debian's libclc-19; AMPCC_LIBCLC_PATH for another layout.
  if (const char *Env = std::getenv("AMPCC_LIBCLC_PATH"); Env && *Env)
    return Env;
  return "/usr/lib/clc/nvptx64--nvidiacl.bc";
}

unsigned ptxSmVersion(const std::string &Arch) {
  const ArchInfo *A = findArch(Arch);
  return A ? A->Sm : 0;
}

/// Clang's OpenCL front end on the program text, LLVM passes off (they run
/// after the fix-ups and the link).
static std::unique_ptr<llvm::Module> emitIR(const PtxJob &Job, llvm::LLVMContext &Ctx) {
  llvm::SmallString<256> Clang;
  if (llvm::sys::fs::real_path(Job.Opts.ClangPath, Clang))
    Clang = Job.Opts.ClangPath;
  std::string ResourceDir = driver::Driver::GetResourcesPath(Clang);
  const char *Input = "ampcc-kernels.cl";
  std::vector<const char *> Args = {
      "-triple", "nvptx64-nvidia-nvcl", "-emit-llvm", "-O3", "-disable-llvm-passes",
      "-cl-std=CL1.2", "-finclude-default-header", "-fdeclare-opencl-builtins",
      "-ffp-contract=on", "-w", "-resource-dir", ResourceDir.c_str(), "-x", "cl",
      Input};
  if (Job.DomainCovered)
    Args.insert(Args.begin(), {"-D", "AMPCC_DOMAIN_COVERED"});
  CompilerInstance CI;
  CI.createDiagnostics();
  auto Invocation = std::make_shared<CompilerInvocation>();
  if (!CompilerInvocation::CreateFromArgs(*Invocation, Args, CI.getDiagnostics()))
    return nullptr;
  // The program carries #line directives: its errors name the user's file.
  Invocation->getPreprocessorOpts().addRemappedFile(
      Input, llvm::MemoryBuffer::getMemBufferCopy(Job.Device.Program, Input).release());
  CI.setInvocation(std::move(Invocation));
  // Again, with the invocation's options (-w: the generated code's warnings
  // are no news to the user, whose code ampcc's device pass warned about).
  CI.createDiagnostics();
  EmitLLVMOnlyAction Action(&Ctx);
  if (!CI.ExecuteAction(Action))
    return nullptr;
  return Action.takeModule();
}

/// Links the libclc functions the program uses into \p M.
static bool linkLibclc(const PtxJob &Job, llvm::Module &M) {
  llvm::SMDiagnostic Err;
  std::unique_ptr<llvm::Module> Lib =
      llvm::getLazyIRFileModule(Job.Opts.LibclcPath, Err, M.getContext());
  if (!Lib) {
    Job.Reporter.report("", Diag::err_ptx_no_libclc) << Job.Opts.LibclcPath;
    return false;
  }
  // libclc says nvptx64-unknown-nvidiacl; the two are one target.
  Lib->setTargetTriple(M.getTargetTriple());
  Lib->setDataLayout(M.getDataLayout());
  return !llvm::Linker::linkModules(M, std::move(Lib),
                                    llvm::Linker::Flags::LinkOnlyNeeded);
}

/// Each function the program needs but nothing defines, at every kernel
/// that reaches it.
static bool checkResolved(const PtxJob &Job, llvm::Module &M) {
  bool Ok = true;
  for (const auto &[Name, Kernels] : unresolvedFunctions(M)) {
    for (const std::string &Kernel : Kernels) {
      std::string Location;
      for (const EmittedKernel &K : Job.Device.Kernels)
        if (K.KernelName == Kernel)
          Location = K.Location;
      Job.Reporter.report(Location, Diag::err_ptx_unresolved)
          << llvm::demangle(Name) << Job.Arch.Name;
      Ok = false;
    }
  }
  return Ok;
}

static std::unique_ptr<llvm::TargetMachine> targetMachine(const PtxJob &Job,
                                                          llvm::Module &M) {
  // The CUDA driver's flavour of the target (libclc's functions were built
  // for -nvcl, the same code): only it writes the linkage directives the
  // driver's linker needs (`.extern .func vprintf`, `.visible .entry`).
  M.setTargetTriple("nvptx64-nvidia-cuda");
  std::string Error;
  const llvm::Target *T = llvm::TargetRegistry::lookupTarget(M.getTargetTriple(), Error);
  if (!T)
    return nullptr;
  std::string Features = "+ptx" + std::to_string(Job.Arch.MinPtx);
  return std::unique_ptr<llvm::TargetMachine>(T->createTargetMachine(
      M.getTargetTriple(), Job.Arch.Name, Features, llvm::TargetOptions(),
      llvm::Reloc::Static, std::nullopt, llvm::CodeGenOptLevel::Aggressive));
}

/// Internalizes all but the kernels, then LLVM's O3 pipeline for the target.
static void optimize(llvm::Module &M, llvm::TargetMachine &TM) {
  llvm::internalizeModule(
      M, [](const llvm::GlobalValue &GV) {
        auto *F = llvm::dyn_cast<llvm::Function>(&GV);
        return F && (isOpenCLKernel(*F) || F->getName() == "vprintf");
      });
  llvm::PipelineTuningOptions Tuning;
  Tuning.LoopVectorization = true;
  Tuning.SLPVectorization = true;
  llvm::PassBuilder PB(&TM, Tuning);
  llvm::LoopAnalysisManager LAM;
  llvm::FunctionAnalysisManager FAM;
  llvm::CGSCCAnalysisManager CGAM;
  llvm::ModuleAnalysisManager MAM;
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  PB.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3).run(M, MAM);
}

static std::string emitPtx(llvm::Module &M, llvm::TargetMachine &TM) {
  llvm::SmallString<0> Text;
  llvm::raw_svector_ostream OS(Text);
  llvm::legacy::PassManager PM;
  if (TM.addPassesToEmitFile(PM, OS, nullptr, llvm::CodeGenFileType::AssemblyFile))
    return std::string();
  PM.run(M);
  return std::string(Text.str());
}

/// LLVM's options for the PTX compile. The NVPTX back end's own, which only
/// its command line sets: float division as div.full.f32 (2 ulp: OpenCL
/// 1.2 allows 2.5), not the
/// IEEE-exact form, which costs a dozen instructions. Square root stays
/// sqrt.rn.f32: LLVM 19 gives the approximate form only with flushed
/// denormals, which OpenCL's full profile does not allow.
/// AMPCC_PTX_LLVM_OPTIONS ("-name=value ..."), for experiments with LLVM's
/// passes on the PTX (as clang's -mllvm): unknown names are ignored.
static void setBackendOptions() {
  static bool Done = [] {
    auto &Registered = llvm::cl::getRegisteredOptions();
    // Partial unrolling up to LLVM's full threshold (300), not the quarter
    // of it that NVPTX's tuning allows: the loops over a tile's elements
    // (n-body's bodies, the blocked multiply's k) were unrolled 2x and ran
    // at 0.94x and 0.93x nvcc on an H200; at 300 (docs/performance.md, two
    // alternating rounds) n-body 3.31 -> 3.15 ms, the blocked multiply
    // 5.29 -> 5.01, histogram 0.163 -> 0.152, the rest unchanged. The
    // option reaches only this in-process PTX compile: the host's and the
    // host kernels' compiles are processes of their own.
    std::vector<std::pair<std::string, std::string>> Options = {
        {"nvptx-prec-divf32", "1"}, {"unroll-partial-threshold", "300"}};
    if (const char *Env = std::getenv("AMPCC_PTX_LLVM_OPTIONS")) {
      llvm::SmallVector<llvm::StringRef, 4> Words;
      llvm::StringRef(Env).split(Words, ' ', -1, false);
      for (llvm::StringRef W : Words) {
        auto [Name, Value] = W.ltrim('-').split('=');
        Options.emplace_back(Name.str(), Value.empty() ? "true" : Value.str());
      }
    }
    for (const auto &[Name, Value] : Options)
      if (auto It = Registered.find(Name); It != Registered.end())
        It->second->addOccurrence(0, Name, Value);
    return true;
  }();
  (void)Done;
}

static bool compileOne(const PtxJob &Job, std::vector<PtxImage> &Out) {
  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M = emitIR(Job, Ctx);
  if (!M)
    return false;
  std::vector<std::string> ImageForms;
  for (const EmittedKernel &K : Job.Device.Kernels)
    if (!K.ImageKernelName.empty())
      ImageForms.push_back(K.ImageKernelName);
  dropKernels(*M, ImageForms);
  addGlobalOffsetArguments(*M);
  lowerPrintf(*M);
  lowerRsqrt(*M);
  annotateBlockSizes(*M);
  alignTileStatic(*M);
  if (!linkLibclc(Job, *M) || !checkResolved(Job, *M))
    return false;
  std::unique_ptr<llvm::TargetMachine> TM = targetMachine(Job, *M);
  if (!TM)
    return false;
  M->setDataLayout(TM->createDataLayout());
  for (llvm::Function &F : *M) {
    F.removeFnAttr("target-cpu");
    F.removeFnAttr("target-features");
  }
  optimize(*M, *TM);
  PtxImage Image;
  Image.Arch = Job.Arch.Name;
  Image.SmVersion = Job.Arch.Sm;
  Image.DomainCovered = Job.DomainCovered;
  Image.Text = emitPtx(*M, *TM);
  Out.push_back(std::move(Image));
  return !Out.back().Text.empty();
}

/// A failure inside LLVM's back end ends the process: say which file and
/// how to go on without PTX before it does.
static void backEndFailed(void *File, const char *Reason, bool) {
  llvm::errs() << "ampcc: error: the NVPTX back end failed on the kernels of "
               << *static_cast<const std::string *>(File) << ": " << Reason
               << " (compile with -fno-cuda to leave PTX out)\n";
  std::exit(1);
}

bool compilePtx(const DeviceCompileResult &Device, const PtxOptions &Opts,
                std::vector<PtxImage> &Out) {
  if (Device.Program.empty())
    return true;
  LLVMInitializeNVPTXTargetInfo();
  LLVMInitializeNVPTXTarget();
  LLVMInitializeNVPTXTargetMC();
  LLVMInitializeNVPTXAsmPrinter();
  setBackendOptions();
  std::string File = Device.Kernels.empty() ? "" : Device.Kernels.front().Location;
  llvm::ScopedFatalErrorHandler OnFailure(backEndFailed, &File);
  LocationReporter Reporter;
  // The unguarded variant exists where a view's accesses may go unguarded.
  bool HasCovered = Device.Program.find("AMPCC_DOMAIN_COVERED") != std::string::npos;
  for (const std::string &Name : Opts.Archs) {
    const ArchInfo *Arch = findArch(Name);
    if (!Arch)
      return false;
    for (bool Covered : {false, true}) {
      if (Covered && !HasCovered)
        continue;
      if (!compileOne(PtxJob{Device, Opts, *Arch, Covered, Reporter}, Out))
        return false;
    }
  }
  return true;
}

} // namespace ampcc
