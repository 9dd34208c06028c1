//===- DeviceCompiler.cpp - parse a file and generate its kernels -------===//
#include "DeviceCompiler.h"

#include "../Analysis/KernelFinder.h"
#include "../Sema/RestrictionChecker.h"
#include "../Sema/SpecifierReorder.h"
#include "../Sema/SpecifierRules.h"
#include "../Sema/TargetDiagnostics.h"
#include "../Support/Diagnostics.h"
#include "SpecifierMacros.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Mangle.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Basic/CharInfo.h"
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
  void BeginSourceFile(const LangOptions &LO, const Preprocessor *P) override {
    PP = P;
    Printer.BeginSourceFile(LO, P);
  }
  void EndSourceFile() override { Printer.EndSourceFile(); }
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    // Visual C++ accepts a member template called on a dependent object
    // without the `template` keyword (A.extent.tile<16,16>()), and C++ AMP
    // code relies on it. Clang recovers and knows the fix-it: report it as a
    // warning, remember the fix-it, and let the caller parse again with it
    // applied.
    // restrict(...) or tile_static on something other than a function or a
    // variable (a class, a variable declared restrict(cpu), a function
    // declared tile_static) is an error in C++ AMP; Clang only warns that
    // the attribute does not apply.
    if (Level == DiagnosticsEngine::Warning &&
        (Info.getID() == diag::warn_attribute_wrong_decl_type ||
         Info.getID() == diag::warn_attribute_wrong_decl_type_str)) {
      llvm::SmallString<128> Msg;
      Info.FormatDiagnostic(Msg);
      StringRef M = Msg;
      if ((M.contains("'host' attribute") || M.contains("'device' attribute") ||
           M.contains("'shared' attribute")) &&
          !afterParameterList(Info))
        Level = DiagnosticsEngine::Error;
    }
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

  /// Does the specifier Clang ignored follow a parameter list? Then it is on
  /// a function pointer or function type (`int (*p)(int) restrict(cpu)`),
  /// which C++ AMP allows and Clang cannot represent: a warning. Anywhere
  /// else (`T *p restrict(cpu);`, `class C restrict(amp)`) it is an error.
  /// Qualifiers and macros between the `)` and the specifier are skipped
  /// (`(int) const REF_QUALIFIER __GPU`).
  bool afterParameterList(const Diagnostic &Info) const {
    if (!Info.hasSourceManager())
      return false;
    const SourceManager &SM = Info.getSourceManager();
    SourceLocation L = SM.getExpansionLoc(Info.getLocation());
    bool Invalid = false;
    StringRef Buf = SM.getBufferData(SM.getFileID(L), &Invalid);
    unsigned Off = SM.getFileOffset(L);
    if (Invalid || Off > Buf.size())
      return false;
    // The token pass's stand-ins for `auto restrict(...)` (_Ra_, _Rb_, _Rc_)
    // put the specifier before the name on purpose.
    StringRef At = Buf.substr(Off, 4);
    if (At == "_Ra_" || At == "_Rb_" || At == "_Rc_")
      return true;
    StringRef Before = Buf.substr(0, Off);
    for (int Steps = 0; Steps < 16; ++Steps) {
      Before = Before.rtrim();
      if (Before.ends_with(")"))
        return true;
      if (Before.ends_with("&")) {
        Before = Before.drop_back();
        continue;
      }
      size_t Start = Before.size();
      while (Start > 0 && isAsciiIdentifierContinue(Before[Start - 1]))
        --Start;
      StringRef Word = Before.substr(Start);
      if (Word.empty() || !(Word == "const" || Word == "volatile" ||
                            (PP && const_cast<Preprocessor *>(PP)->isMacroDefined(Word))))
        return false;
      Before = Before.substr(0, Start);
    }
    return false;
  }
  unsigned printedErrors() const { return Printer.printedErrors(); }
  unsigned Errors = 0;
  /// (file offset, text) insertions of `template` fix-its in the main file.
  std::vector<std::pair<unsigned, std::string>> Insertions;

private:
  const Preprocessor *PP = nullptr;
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
                 RestrictDiagConsumer &Restrict,
                 const std::vector<ReorderResult::Misplaced> &Misplaced)
      : Result(Result), Opts(Opts), Restrict(Restrict), Misplaced(Misplaced) {}

  void Initialize(ASTContext &Ctx) override {
    // Specifiers out of the spec's order, found by the token pass.
    SourceManager &SM = Ctx.getSourceManager();
    SourceLocation Start = SM.getLocForStartOfFile(SM.getMainFileID());
    for (const ReorderResult::Misplaced &M : Misplaced)
      report(Ctx.getDiagnostics(), Start.getLocWithOffset(M.Off),
             Diag::err_restrict_specifier_order)
          << M.Kind;
  }

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
  const std::vector<ReorderResult::Misplaced> &Misplaced;
};

class KernelAction : public ASTFrontendAction {
public:
  KernelAction(DeviceCompileResult &Result, const DeviceOptions &Opts,
               RestrictDiagConsumer &Restrict,
               const std::vector<ReorderResult::Misplaced> &Misplaced)
      : Result(Result), Opts(Opts), Restrict(Restrict), Misplaced(Misplaced) {}
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    // Checks every restrict(...) list as the preprocessor expands it.
    CI.getPreprocessor().addPPCallbacks(
        createSpecifierChecker(CI.getPreprocessor(), &Restrict));
    return true;
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 llvm::StringRef) override {
    return std::make_unique<KernelConsumer>(Result, Opts, Restrict, Misplaced);
  }

private:
  DeviceCompileResult &Result;
  const DeviceOptions &Opts;
  RestrictDiagConsumer &Restrict;
  const std::vector<ReorderResult::Misplaced> &Misplaced;
};

} // namespace

/// One run of the device pass over \p File (its contents replaced by
/// \p Contents when given).
static DeviceCompileResult runDevicePass(const std::string &File,
                                         const std::vector<std::string> &FrontendArgs,
                                         const std::string &ClangPath,
                                         const std::string *Contents,
                                         const DeviceOptions &Opts,
                                         ForwardingDiagConsumer &Diags,
                                         const std::vector<ReorderResult::Misplaced> &Misplaced) {
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
      Args, std::make_unique<KernelAction>(Result, Opts, Diags.restrictions(), Misplaced),
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
  if (Buffer) {
    Reordered = reorderRestrictionSpecifiers((*Buffer)->getBuffer());
    // Names from headers or -D options where specifiers stand: learn what
    // they mean from the preprocessor, then order again (SpecifierMacros.h).
    if (Reordered.NeedsMacros) {
      std::vector<std::string> PPArgs = {ClangPath};
      PPArgs.insert(PPArgs.end(), FrontendArgs.begin(), FrontendArgs.end());
      PPArgs.insert(PPArgs.end(), {"--offload-device-only", "--offload-arch=gfx906",
                                   "-fsyntax-only", "-D__AMPCC_DEVICE_PASS__=1"});
      SpecifierMacroMap Macros = collectSpecifierMacros(File, PPArgs);
      Reordered = reorderRestrictionSpecifiers((*Buffer)->getBuffer(), &Macros);
    }
  }
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
      File, Args, ClangPath, Reordered.Changed ? &Reordered.Text : nullptr, Opts, Diags,
      Reordered.Misplacements);
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
    Result = runDevicePass(File, Args, ClangPath, &Text, Opts, Again, {});
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
