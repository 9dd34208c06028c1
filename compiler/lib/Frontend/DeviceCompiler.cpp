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
#include "clang/Basic/DiagnosticSema.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <algorithm>

using namespace clang;

namespace ampcc {

namespace {

/// Prints diagnostics like Clang but keeps them out of the consumer's own
/// counts, so that Clang's summary line ("N errors generated when compiling
/// for gfx906") does not appear: the device pass is an implementation detail
/// users must not see. ampcc prints its own summary.
class ForwardingDiagConsumer : public DiagnosticConsumer {
public:
  ForwardingDiagConsumer(DiagnosticOptions *Opts, bool ErrorsOnly)
      : Printer(llvm::errs(), Opts), ErrorsOnly(ErrorsOnly) {}
  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Printer.BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Printer.EndSourceFile(); }
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    // Visual C++ accepts a member template called on a dependent object
    // without the `template` keyword (A.extent.tile<16,16>()), and C++ AMP
    // code relies on it. Clang recovers and knows the fix-it: report it as a
    // warning, remember the fix-it, and let the caller parse again with it
    // applied.
    if (Info.getID() == diag::err_template_kw_missing &&
        Info.getSourceManager().isInMainFile(Info.getLocation())) {
      // The diagnostic points at the template's name; the keyword goes
      // right before it.
      const SourceManager &SM = Info.getSourceManager();
      Insertions.push_back(
          {SM.getFileOffset(SM.getExpansionLoc(Info.getLocation())), "template "});
      Level = DiagnosticsEngine::Warning;
      SuppressedNotes = false;
    } else if (Level >= DiagnosticsEngine::Error) {
      ++Errors;
    }
    if (ErrorsOnly && Level < DiagnosticsEngine::Error) {
      // Notes belong to the diagnostic before them.
      if (Level != DiagnosticsEngine::Note || SuppressedNotes)
        return;
    }
    if (ErrorsOnly)
      SuppressedNotes = Level < DiagnosticsEngine::Error;
    Printer.HandleDiagnostic(Level, Info);
  }
  unsigned Errors = 0;
  /// (file offset, text) insertions of `template` fix-its in the main file.
  std::vector<std::pair<unsigned, std::string>> Insertions;

private:
  TextDiagnosticPrinter Printer;
  bool ErrorsOnly;
  bool SuppressedNotes = true;
};

class KernelConsumer : public ASTConsumer {
public:
  KernelConsumer(DeviceCompileResult &Result, const DeviceOptions &Opts)
      : Result(Result), Opts(Opts) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    DiagnosticsEngine &Diags = Ctx.getDiagnostics();
    // Sema errors make the AST unreliable; Clang has already reported them.
    if (Diags.hasErrorOccurred())
      return;
    std::vector<KernelSite> Sites = findKernels(Ctx);
    DeviceCodeGen CG(Ctx, Diags, Opts);
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
  const DeviceOptions &Opts;
};

class KernelAction : public ASTFrontendAction {
public:
  KernelAction(DeviceCompileResult &Result, const DeviceOptions &Opts)
      : Result(Result), Opts(Opts) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 llvm::StringRef) override {
    return std::make_unique<KernelConsumer>(Result, Opts);
  }

private:
  DeviceCompileResult &Result;
  const DeviceOptions &Opts;
};

} // namespace

/// One run of the device pass over \p File (its contents replaced by
/// \p Contents when given).
static DeviceCompileResult runDevicePass(const std::string &File,
                                         const std::vector<std::string> &FrontendArgs,
                                         const std::string &ClangPath,
                                         const std::string *Contents,
                                         const DeviceOptions &Opts,
                                         ForwardingDiagConsumer &Diags) {
  DeviceCompileResult Result;
  std::vector<std::string> Args = {ClangPath};
  Args.insert(Args.end(), FrontendArgs.begin(), FrontendArgs.end());
  // Device mode: one front-end job, restrict(amp) code is the device side.
  Args.insert(Args.end(), {"--offload-device-only", "--offload-arch=gfx906",
                           "-fsyntax-only", "-D__AMPCC_DEVICE_PASS__=1", File});
  // With Contents, an in-memory file shadows the real one at the same path.
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS(
      new llvm::vfs::OverlayFileSystem(llvm::vfs::getRealFileSystem()));
  if (Contents) {
    llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> Mem(
        new llvm::vfs::InMemoryFileSystem());
    FS->pushOverlay(Mem);
    llvm::SmallString<256> Abs(File);
    llvm::sys::fs::make_absolute(Abs);
    Mem->addFile(Abs, 0, llvm::MemoryBuffer::getMemBufferCopy(*Contents, Abs));
    if (auto CWD = llvm::vfs::getRealFileSystem()->getCurrentWorkingDirectory())
      FS->setCurrentWorkingDirectory(*CWD);
  }
  llvm::IntrusiveRefCntPtr<FileManager> Files(
      new FileManager(FileSystemOptions(), FS));
  tooling::ToolInvocation Invocation(
      Args, std::make_unique<KernelAction>(Result, Opts), Files.get());
  Invocation.setDiagnosticConsumer(&Diags);
  if (!Invocation.run() || Diags.Errors)
    Result.Success = false;
  return Result;
}

DeviceCompileResult compileDevice(const std::string &File,
                                  const std::vector<std::string> &FrontendArgs,
                                  const std::string &ClangPath,
                                  const DeviceOptions &Opts) {
  llvm::IntrusiveRefCntPtr<DiagnosticOptions> DiagOpts(new DiagnosticOptions());
  DiagOpts->ShowColors = llvm::sys::Process::StandardErrHasColors();
  ForwardingDiagConsumer Diags(DiagOpts.get(), /*ErrorsOnly=*/false);
  DeviceCompileResult Result =
      runDevicePass(File, FrontendArgs, ClangPath, nullptr, Opts, Diags);

  if (!Diags.Insertions.empty() && !Diags.Errors) {
    // Parse again with the `template` keywords inserted; the host pass
    // compiles the same text (DeviceCompileResult::RewrittenSource).
    auto Buffer = llvm::MemoryBuffer::getFile(File);
    if (!Buffer) {
      llvm::errs() << "ampcc: error: cannot read '" << File << "'\n";
      Result.Success = false;
      return Result;
    }
    std::string Text = (*Buffer)->getBuffer().str();
    std::sort(Diags.Insertions.begin(), Diags.Insertions.end());
    for (auto It = Diags.Insertions.rbegin(); It != Diags.Insertions.rend(); ++It)
      if (It->first <= Text.size())
        Text.insert(It->first, It->second);
    ForwardingDiagConsumer Again(DiagOpts.get(), /*ErrorsOnly=*/true);
    Result = runDevicePass(File, FrontendArgs, ClangPath, &Text, Opts, Again);
    Result.RewrittenSource = std::move(Text);
    Diags.Errors += Again.Errors;
  }
  if (Diags.Errors)
    llvm::errs() << Diags.Errors << (Diags.Errors == 1 ? " error" : " errors")
                 << " generated.\n";
  else if (!Result.Success)
    llvm::errs() << "ampcc: error: the device pass over '" << File
                 << "' failed without a diagnostic\n";
  return Result;
}

} // namespace ampcc
