//===- DeviceCompiler.cpp - parse a file and generate its kernels -------===//
#include "DeviceCompiler.h"

#include "../Analysis/KernelFinder.h"
#include "../Sema/RestrictionChecker.h"
#include "../Sema/SpecifierReorder.h"
#include "../Sema/SpecifierRules.h"
#include "../Sema/TargetDiagnostics.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Mangle.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Preprocessor.h"
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
/// users must not see. ampcc prints its own summary. The printing goes
/// through the restriction checker's consumer, which rewords Clang's CUDA
/// terms and prints everything in source order at the end of the file.
class ForwardingDiagConsumer : public DiagnosticConsumer {
public:
  ForwardingDiagConsumer(DiagnosticOptions *Opts, bool ErrorsOnly)
      : Printer(Opts), ErrorsOnly(ErrorsOnly) {}
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
  RestrictDiagConsumer &restrictions() { return Printer; }
  unsigned printedErrors() const { return Printer.printedErrors(); }
  unsigned Errors = 0;
  /// (file offset, text) insertions of `template` fix-its in the main file.
  std::vector<std::pair<unsigned, std::string>> Insertions;

private:
  RestrictDiagConsumer Printer;
  bool ErrorsOnly;
  bool SuppressedNotes = true;
};

/// typeid(T).name() of \p RD as the host's Itanium C++ ABI spells it (what
/// the host stub registers the kernel under).
std::string typeInfoName(ASTContext &Ctx, const CXXRecordDecl *RD) {
  std::unique_ptr<MangleContext> MC(
      ItaniumMangleContext::create(Ctx, Ctx.getDiagnostics()));
  std::string S;
  llvm::raw_string_ostream OS(S);
  MC->mangleCXXRTTIName(QualType(RD->getTypeForDecl(), 0), OS);
  return llvm::StringRef(OS.str()).drop_front(4).str(); // "_ZTS"
}

/// Without RTTI a launch is keyed by Concurrency::details::kernelKey<K>()'s
/// __PRETTY_FUNCTION__ (parallel_for_each.h). Both passes parse the same
/// text with the same file name, so Clang prints the same string here as in
/// the host compile; the pairs let the runtime map it to the typeid name.
std::vector<std::pair<std::string, std::string>> kernelKeys(ASTContext &Ctx) {
  std::vector<std::pair<std::string, std::string>> Keys;
  auto Lookup = [&](const DeclContext *DC, llvm::StringRef Name) {
    auto R = DC->lookup(&Ctx.Idents.get(Name));
    return R.empty() ? nullptr : R.front();
  };
  const auto *Amp = dyn_cast_or_null<NamespaceDecl>(
      Lookup(Ctx.getTranslationUnitDecl(), "Concurrency"));
  const auto *Details =
      Amp ? dyn_cast_or_null<NamespaceDecl>(Lookup(Amp, "details")) : nullptr;
  const auto *Key = Details ? dyn_cast_or_null<FunctionTemplateDecl>(
                                  Lookup(Details, "kernelKey"))
                            : nullptr;
  if (!Key)
    return Keys;
  for (FunctionDecl *FD : Key->specializations()) {
    const TemplateArgumentList *Args = FD->getTemplateSpecializationArgs();
    if (!Args || Args->size() != 1 ||
        Args->get(0).getKind() != TemplateArgument::Type)
      continue;
    if (const CXXRecordDecl *RD = Args->get(0).getAsType()->getAsCXXRecordDecl())
      Keys.emplace_back(
          PredefinedExpr::ComputeName(PredefinedIdentKind::PrettyFunction, FD),
          typeInfoName(Ctx, RD));
  }
  return Keys;
}

class KernelConsumer : public ASTConsumer {
public:
  KernelConsumer(DeviceCompileResult &Result, const DeviceOptions &Opts,
                 RestrictDiagConsumer &Restrict)
      : Result(Result), Opts(Opts), Restrict(Restrict) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    DiagnosticsEngine &Diags = Ctx.getDiagnostics();
    // Sema errors make the AST unreliable; Clang has already reported them.
    // Its restriction errors (wrong-side calls, tile_static misuse) leave the
    // AST sound: the restriction checker runs and reports them again.
    if (Restrict.foreignErrors())
      return;
    std::vector<KernelSite> Sites = findKernels(Ctx);
    // C++ AMP's rules on amp code (compiler/lib/Sema), before code generation.
    if (checkRestrictions(Ctx, Sites, &Restrict) || Diags.hasErrorOccurred())
      return;
    DeviceCodeGen CG(Ctx, Diags, Opts);
    for (const KernelSite &K : Sites)
      CG.emitKernel(K);
    if (Diags.hasErrorOccurred())
      return;
    Result.Kernels = CG.kernels();
    Result.KernelKeys = kernelKeys(Ctx);
    Result.UsesDouble = CG.usesDouble();
    if (!Result.Kernels.empty())
      Result.Program = CG.finish();
    Result.Success = true;
  }

private:
  DeviceCompileResult &Result;
  const DeviceOptions &Opts;
  RestrictDiagConsumer &Restrict;
};

class KernelAction : public ASTFrontendAction {
public:
  KernelAction(DeviceCompileResult &Result, const DeviceOptions &Opts,
               RestrictDiagConsumer &Restrict)
      : Result(Result), Opts(Opts), Restrict(Restrict) {}
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    // Checks every restrict(...) list as the preprocessor expands it.
    CI.getPreprocessor().addPPCallbacks(
        createSpecifierChecker(CI.getPreprocessor(), &Restrict));
    return true;
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 llvm::StringRef) override {
    return std::make_unique<KernelConsumer>(Result, Opts, Restrict);
  }

private:
  DeviceCompileResult &Result;
  const DeviceOptions &Opts;
  RestrictDiagConsumer &Restrict;
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
      Args, std::make_unique<KernelAction>(Result, Opts, Diags.restrictions()),
      Files.get());
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
  // As clang's driver: warnings name their flag ("[-Wunused-variable]")
  // unless told not to; the last colour option wins.
  DiagOpts->ShowOptionNames = true;
  for (const std::string &A : FrontendArgs) {
    if (A == "-fno-diagnostics-show-option")
      DiagOpts->ShowOptionNames = false;
    else if (A == "-fdiagnostics-show-option")
      DiagOpts->ShowOptionNames = true;
    else if (A == "-fdiagnostics-parseable-fixits")
      DiagOpts->ShowParseableFixits = true;
    else if (A == "-fcolor-diagnostics" || A == "-fdiagnostics-color" ||
             A == "-fdiagnostics-color=always")
      DiagOpts->ShowColors = true;
    else if (A == "-fno-color-diagnostics" || A == "-fno-diagnostics-color" ||
             A == "-fdiagnostics-color=never")
      DiagOpts->ShowColors = false;
  }
  ForwardingDiagConsumer Diags(DiagOpts.get(), /*ErrorsOnly=*/false);
  // Restriction specifiers in the spec's positions that Clang does not parse
  // (`mutable restrict(amp)`, `restrict(amp) noexcept`, before a trailing
  // return type) are moved first, on the same lines (SpecifierReorder.h).
  auto Buffer = llvm::MemoryBuffer::getFile(File);
  ReorderResult Reordered;
  if (Buffer)
    Reordered = reorderRestrictionSpecifiers((*Buffer)->getBuffer());
  std::vector<std::string> Args = FrontendArgs;
  std::string Defines;
  for (const std::string &D : Reordered.Defines) {
    Args.push_back("-D" + D);
    size_t Eq = D.find('=');
    Defines += "#define " + D.substr(0, Eq) + " " + D.substr(Eq + 1) + "\n";
  }
  if (Reordered.Changed)
    Diags.restrictions().setRewrite(Reordered, (*Buffer)->getBuffer());
  DeviceCompileResult Result = runDevicePass(
      File, Args, ClangPath, Reordered.Changed ? &Reordered.Text : nullptr, Opts, Diags);
  if (Reordered.Changed)
    Result.RewrittenSource =
        Defines + "#line 1 \"" + File + "\"\n" + Reordered.Text;

  unsigned Printed = Diags.printedErrors();
  if (!Diags.Insertions.empty() && !Diags.Errors) {
    // Parse again with the `template` keywords inserted; the host pass
    // compiles the same text (DeviceCompileResult::RewrittenSource).
    if (!Buffer) {
      llvm::errs() << "ampcc: error: cannot read '" << File << "'\n";
      Result.Success = false;
      return Result;
    }
    std::string Text =
        Reordered.Changed ? Reordered.Text : (*Buffer)->getBuffer().str();
    std::sort(Diags.Insertions.begin(), Diags.Insertions.end());
    for (auto It = Diags.Insertions.rbegin(); It != Diags.Insertions.rend(); ++It)
      if (It->first <= Text.size())
        Text.insert(It->first, It->second);
    ForwardingDiagConsumer Again(DiagOpts.get(), /*ErrorsOnly=*/true);
    Result = runDevicePass(File, Args, ClangPath, &Text, Opts, Again);
    Result.RewrittenSource =
        Defines.empty() ? std::move(Text)
                        : Defines + "#line 1 \"" + File + "\"\n" + Text;
    Diags.Errors += Again.Errors;
    Printed += Again.printedErrors();
  }
  if (Printed)
    llvm::errs() << Printed << (Printed == 1 ? " error" : " errors")
                 << " generated.\n";
  else if (!Result.Success)
    llvm::errs() << "ampcc: error: the device pass over '" << File
                 << "' failed without a diagnostic\n";
  return Result;
}

} // namespace ampcc
