//===- DeviceCompiler.cpp - parse a file and generate its kernels -------===//
#include "DeviceCompiler.h"

#include "../Analysis/KernelFinder.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "llvm/Support/Process.h"
#include "clang/Tooling/Tooling.h"

using namespace clang;

namespace ampcc {

namespace {

/// Prints diagnostics like Clang but keeps them out of the consumer's own
/// counts, so that Clang's summary line ("N errors generated when compiling
/// for gfx906") does not appear: the device pass is an implementation detail
/// users must not see. ampcc prints its own summary.
class ForwardingDiagConsumer : public DiagnosticConsumer {
public:
  ForwardingDiagConsumer(DiagnosticOptions *Opts)
      : Printer(llvm::errs(), Opts) {}
  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Printer.BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Printer.EndSourceFile(); }
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    if (Level >= DiagnosticsEngine::Error)
      ++Errors;
    Printer.HandleDiagnostic(Level, Info);
  }
  unsigned Errors = 0;

private:
  TextDiagnosticPrinter Printer;
};

class KernelConsumer : public ASTConsumer {
public:
  explicit KernelConsumer(DeviceCompileResult &Result) : Result(Result) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    DiagnosticsEngine &Diags = Ctx.getDiagnostics();
    // Sema errors make the AST unreliable; Clang has already reported them.
    if (Diags.hasErrorOccurred())
      return;
    std::vector<KernelSite> Sites = findKernels(Ctx);
    DeviceCodeGen CG(Ctx, Diags);
    for (const KernelSite &K : Sites)
      CG.emitKernel(K);
    if (Diags.hasErrorOccurred())
      return;
    Result.Kernels = CG.kernels();
    Result.UsesDouble = CG.usesDouble();
    if (!Result.Kernels.empty())
      Result.Program = CG.finish();
    Result.Success = true;
  }

private:
  DeviceCompileResult &Result;
};

class KernelAction : public ASTFrontendAction {
public:
  explicit KernelAction(DeviceCompileResult &Result) : Result(Result) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 llvm::StringRef) override {
    return std::make_unique<KernelConsumer>(Result);
  }

private:
  DeviceCompileResult &Result;
};

} // namespace

DeviceCompileResult compileDevice(const std::string &File,
                                  const std::vector<std::string> &FrontendArgs,
                                  const std::string &ClangPath) {
  DeviceCompileResult Result;
  std::vector<std::string> Args = {ClangPath};
  Args.insert(Args.end(), FrontendArgs.begin(), FrontendArgs.end());
  // Device mode: one front-end job, restrict(amp) code is the device side.
  Args.insert(Args.end(), {"--offload-device-only", "--offload-arch=gfx906",
                           "-fsyntax-only", "-D__AMPCC_DEVICE_PASS__=1", File});
  llvm::IntrusiveRefCntPtr<FileManager> Files(new FileManager(FileSystemOptions()));
  tooling::ToolInvocation Invocation(
      Args, std::make_unique<KernelAction>(Result), Files.get());
  llvm::IntrusiveRefCntPtr<DiagnosticOptions> DiagOpts(new DiagnosticOptions());
  DiagOpts->ShowColors = llvm::sys::Process::StandardErrHasColors();
  ForwardingDiagConsumer Diags(DiagOpts.get());
  Invocation.setDiagnosticConsumer(&Diags);
  if (!Invocation.run() || Diags.Errors)
    Result.Success = false;
  if (Diags.Errors)
    llvm::errs() << Diags.Errors << (Diags.Errors == 1 ? " error" : " errors")
                 << " generated.\n";
  return Result;
}

} // namespace ampcc
