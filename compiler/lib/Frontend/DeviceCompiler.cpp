//===- DeviceCompiler.cpp - parse a file and generate its kernels -------===//
#include "ampcc/Frontend/DeviceCompiler.h"

#include "ampcc/Analysis/KernelFinder.h"
#include "ampcc/Sema/LibraryMemberDefinitions.h"
#include "ampcc/Sema/DeclaratorGroups.h"
#include "ampcc/Sema/LocalClassInference.h"
#include "ampcc/Sema/TargetContexts.h"
#include "ampcc/Sema/TypedefRestrictions.h"
#include "ampcc/Sema/SpecialMemberInference.h"
#include "ampcc/Sema/TileStaticStorage.h"
#include "ampcc/Sema/RestrictionChecker.h"
#include "ampcc/Lex/SpecifierReorder.h"
#include "ampcc/Lex/SpecifierRules.h"
#include "ampcc/Frontend/TargetDiagnostics.h"
#include "ampcc/Frontend/VisualCppRepairs.h"
#include "ampcc/Frontend/VisualCppFiles.h"
#include "ampcc/Support/Diagnostics.h"
#include "ampcc/Lex/SpecifierMacros.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Mangle.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "llvm/Support/Process.h"
#include "clang/Tooling/Tooling.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Sema/SemaConsumer.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <algorithm>
#include <map>

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
    LangOpts = LO;
    Printer.BeginSourceFile(LO, P);
  }
  void EndSourceFile() override {
    // Clang's recovery from an error it turned into a Visual C++ fix-it may
    // cause more errors (an ambiguous `array` taken as std::array): those
    // are dropped, and the parse with the fix-its applied reports what is
    // really wrong.
    // A local class's member body calling another local class's member
    // fails when only the completed class was given its restriction: parse
    // again with the inferred restrictions written out.
    if (RetryWithFixIts && Errors && (!Repairs.empty() || !InferenceEdits.empty())) {
      Printer.dropErrors();
      Retry = true;
    }
    Printer.EndSourceFile();
    if (LimitReached && !Retry)
      llvm::errs() << "fatal error: too many errors emitted, stopping now "
                      "[-ferror-limit=]\n";
  }
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    bool RepairWarning = false;
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
    // Visual C++ code that Clang rejects and ampcc repairs: the error is a
    // warning (or ampcc's own warning later), and the caller parses again
    // with the repairs applied (VisualCppRepairs.h).
    if (Level >= DiagnosticsEngine::Error) {
      if (Info.getID() == diag::fatal_too_many_errors)
        return; // Clang's own limit is off: ampcc counts below.
      // ampcc/ms_prelude.h, force-included unless -fno-ms-headers.
      Repairs.setMsHeaders(
          PP && const_cast<Preprocessor *>(PP)->isMacroDefined("_AMPCC_MS_HEADERS"));
      VisualCppRepairs::Verdict V = Repairs.onError(Info, LangOpts);
      if (V == VisualCppRepairs::Verdict::Silent) {
        SuppressedNotes = true;
        DroppingNotes = true; // Its notes (candidates) go with it.
        return;
      }
      DroppingNotes = false;
      if (V == VisualCppRepairs::Verdict::Warning) {
        Level = DiagnosticsEngine::Warning;
        SuppressedNotes = false;
        RepairWarning = true;
      } else {
        ++Errors;
        // The user's -ferror-limit (Clang's default 20) counts Clang's
        // errors that remain: repaired ones must not exhaust it, so Clang's
        // own limit is off in the device pass (runDevicePass). ampcc's own
        // (the restriction checker's) were never limited.
        if (Info.getID() < diag::DIAG_UPPER_LIMIT)
          ++ClangErrors;
        if (ErrorLimit && ClangErrors > ErrorLimit) {
          LimitReached = true;
          DroppingNotes = true;
          return;
        }
      }
    } else if (Level == DiagnosticsEngine::Note) {
      Repairs.onNote(Info);
      if (DroppingNotes)
        return;
    } else {
      DroppingNotes = false;
    }
    // A later parse prints its errors only (the first printed the
    // warnings), except the warnings of repairs it found itself: Clang's
    // error turned into a warning, or the repairs' own at the end of the
    // translation unit.
    RepairWarning |= Level == DiagnosticsEngine::Warning && Repairs.reporting();
    if (ErrorsOnly && Level < DiagnosticsEngine::Error && !RepairWarning) {
      // Notes belong to the diagnostic before them.
      if (Level != DiagnosticsEngine::Note || SuppressedNotes)
        return;
    }
    if (ErrorsOnly)
      SuppressedNotes = Level < DiagnosticsEngine::Error && !RepairWarning;
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
  VisualCppRepairs Repairs;
  /// restrict(...) written out where a local class inherited it
  /// (LocalClassInference.h); applied only if the parse failed.
  std::vector<SourceEdit> InferenceEdits;
  LangOptions LangOpts;
  /// Whether errors may be dropped for a parse with the fix-its (first
  /// parse only), and whether they were.
  bool RetryWithFixIts = false;
  bool Retry = false;

private:
  const Preprocessor *PP = nullptr;
  RestrictDiagConsumer Printer;
  bool ErrorsOnly;
  bool SuppressedNotes = true;
  /// The last error was repaired silently: its notes are dropped too.
  bool DroppingNotes = false;

public:
  /// Errors printed at most (0: all), from -ferror-limit=.
  unsigned ErrorLimit = 20;
  bool LimitReached = false;
  unsigned ClangErrors = 0;
  /// Off: every error is printed as Clang reports it (the fallback when a
  /// parse failed and printed nothing).
  void disableRepairs() { Repairs.disable(); }
};

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

class KernelConsumer : public SemaConsumer {
public:
  KernelConsumer(DeviceCompileResult &Result, const DeviceOptions &Opts,
                 RestrictDiagConsumer &Restrict,
                 const std::vector<ReorderResult::Misplaced> &Misplaced,
                 const std::vector<SourceRange> &Skipped,
                 std::vector<SourceEdit> &InferenceEdits, VisualCppRepairs &Repairs,
                 Preprocessor &PP)
      : Result(Result), Opts(Opts), Restrict(Restrict), Misplaced(Misplaced),
        Skipped_(Skipped), Typedefs(PP), Targets(PP), InferenceEdits(InferenceEdits),
        Repairs(Repairs) {}

  void InitializeSema(Sema &S) override {
    Targets.setSema(&S);
    Targets.resolveBySideInBodies(S);
  }
  void ForgetSema() override { Targets.setSema(nullptr); }

  /// Specifiers out of the spec's order, found by the token pass (which
  /// reads every line): reported unless the preprocessor skipped them.
  void reportMisplaced(ASTContext &Ctx) {
    SourceManager &SM = Ctx.getSourceManager();
    SourceLocation Start = SM.getLocForStartOfFile(SM.getMainFileID());
    for (const ReorderResult::Misplaced &M : Misplaced) {
      SourceLocation L = Start.getLocWithOffset(M.Off);
      bool Skipped = llvm::any_of(Skipped_, [&](SourceRange R) {
        return !SM.isBeforeInTranslationUnit(L, R.getBegin()) &&
               SM.isBeforeInTranslationUnit(L, R.getEnd());
      });
      if (!Skipped)
        report(Ctx.getDiagnostics(), L, Diag::err_restrict_specifier_order) << M.Kind;
    }
  }
  const std::vector<SourceRange> &Skipped_;

  bool HandleTopLevelDecl(DeclGroupRef G) override {
    Typedefs.inferInGroup(G, [&](SourceLocation L) { Restrict.dropWarningsAt(L); });
    return true;
  }
  void HandleTagDeclDefinition(TagDecl *D) override {
    Typedefs.inferInClass(D, [&](SourceLocation L) { Restrict.dropWarningsAt(L); });
    inferLocalClassRestrictions(D, [&](const FunctionDecl *FD, bool Cpu) {
      recordInference(FD, Cpu);
    });
    markLibraryMembersDefinedElsewhere(D);
    if (const auto *RD = dyn_cast<CXXRecordDecl>(D))
      inferSpecialMemberRestrictions(RD);
  }
  ASTMutationListener *GetASTMutationListener() override { return &Members; }

  /// Where the inferred specifier would be written: after the declarator's
  /// parameter list and qualifiers, in the main file (not in macros, nor
  /// before a trailing return type, which the token pass handles).
  void recordInference(const FunctionDecl *FD, bool Cpu) {
    const TypeSourceInfo *TSI = FD->getTypeSourceInfo();
    const auto *FPT = FD->getType()->getAs<FunctionProtoType>();
    if (!TSI || !FPT || FPT->hasTrailingReturn())
      return;
    const SourceManager &SM = FD->getASTContext().getSourceManager();
    SourceLocation End = TSI->getTypeLoc().getEndLoc();
    if (End.isInvalid() || End.isMacroID() || !SM.isInMainFile(End))
      return;
    SourceLocation After = Lexer::getLocForEndOfToken(End, 0, SM, FD->getASTContext().getLangOpts());
    if (After.isInvalid())
      return;
    InferenceEdits.push_back(
        editAt(SM, After, 0, Cpu ? " restrict(cpu, amp)" : " restrict(amp)"));
  }

  /// A definition of wmain (int or void, with no parameters or with argc
  /// and argv) and none of main.
  void findWideMain(ASTContext &Ctx) {
    const FunctionDecl *Wide = nullptr;
    for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
      const auto *FD = dyn_cast<FunctionDecl>(D);
      if (!FD || !FD->isThisDeclarationADefinition() || !FD->getIdentifier())
        continue;
      if (FD->isMain())
        return;
      if (FD->getName() == "wmain")
        Wide = FD;
    }
    if (!Wide)
      return;
    QualType Ret = Wide->getReturnType();
    bool Args = Wide->getNumParams() == 2 &&
                Wide->getParamDecl(0)->getType()->isSpecificBuiltinType(BuiltinType::Int) &&
                Ctx.hasSameType(Wide->getParamDecl(1)->getType(),
                                Ctx.getPointerType(Ctx.getPointerType(Ctx.WCharTy)));
    if ((!Ret->isSpecificBuiltinType(BuiltinType::Int) && !Ret->isVoidType()) ||
        (Wide->getNumParams() != 0 && !Args))
      return;
    Result.WideMain = {true, Wide->getNumParams(), Ret->isVoidType()};
  }

  /// A function of a namespace declared through a restricted typedef
  /// (TypedefRestrictions.h) gets the restriction written after its name
  /// for the second parse, which runs if this one failed. The attribute
  /// itself, since `restrict(` after a name is not a specifier position
  /// for the token pass.
  void recordTypedefRestrictions(ASTContext &Ctx) {
    const SourceManager &SM = Ctx.getSourceManager();
    Typedefs.findInNamespaces(Ctx.getTranslationUnitDecl(), [&](const FunctionDecl *FD,
                                                                unsigned Bits) {
      SourceLocation Name = FD->getLocation();
      if (Name.isMacroID() || !SM.isInMainFile(Name))
        return;
      SourceLocation After = Lexer::getLocForEndOfToken(Name, 0, SM, Ctx.getLangOpts());
      const char *Attrs = Bits == (TypedefRestrictions::Cpu | TypedefRestrictions::Amp)
                              ? " __attribute__((host, device))"
                          : Bits == TypedefRestrictions::Amp ? " __attribute__((device))"
                                                             : " __attribute__((host))";
      if (After.isValid())
        InferenceEdits.push_back(editAt(SM, After, 0, Attrs));
    });
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    recordTypedefRestrictions(Ctx);
    Repairs.finishTranslationUnit(Ctx);
    findWideMain(Ctx);
    reportMisplaced(Ctx);
    DiagnosticsEngine &Diags = Ctx.getDiagnostics();
    // Sema errors make the AST unreliable; Clang has already reported them.
    // Its restriction errors (wrong-side calls, tile_static misuse) leave the
    // AST sound: the restriction checker runs and reports them again.
    if (Restrict.foreignErrors())
      return;
    std::vector<KernelSite> Sites = findKernels(Ctx);
    // C++ AMP's rules on amp code (compiler/lib/Sema), before code generation.
    if (checkRestrictions(Ctx, Sites, Restrict.findings()) || Diags.hasErrorOccurred())
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
    Result.Checks = CG.checks();
    Result.Success = true;
  }

private:
  DeviceCompileResult &Result;
  const DeviceOptions &Opts;
  RestrictDiagConsumer &Restrict;
  const std::vector<ReorderResult::Misplaced> &Misplaced;
  SpecialMemberListener Members;
  TypedefRestrictions Typedefs;
  TargetContexts Targets;
  std::vector<SourceEdit> &InferenceEdits;
  VisualCppRepairs &Repairs;
};

class KernelAction : public ASTFrontendAction {
public:
  KernelAction(DeviceCompileResult &Result, const DeviceOptions &Opts,
               RestrictDiagConsumer &Restrict,
               const std::vector<ReorderResult::Misplaced> &Misplaced,
               std::vector<SourceEdit> &InferenceEdits, VisualCppRepairs &Repairs)
      : Result(Result), Opts(Opts), Restrict(Restrict), Misplaced(Misplaced),
        InferenceEdits(InferenceEdits), Repairs(Repairs) {}
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    // Case-insensitive lookup stays out of system headers (VisualCppFiles.h).
    setSystemHeaderDirs(CI);
    // Checks every restrict(...) list as the preprocessor expands it.
    CI.getPreprocessor().addPPCallbacks(
        createSpecifierChecker(CI.getPreprocessor(), Restrict.originalMainText(),
                               [this](clang::SourceRange R) {
                                 Restrict.suppressClangErrorsIn(R);
                               }));
    CI.getPreprocessor().addPPCallbacks(std::make_unique<SkippedRanges>(Skipped));
    return true;
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    // tile_static's attribute is registered by a static object of ampccSema.
    linkTileStaticAttribute();
    acceptFunctionsInDeclaratorGroups(CI.getDiagnostics());
    return std::make_unique<KernelConsumer>(Result, Opts, Restrict, Misplaced, Skipped,
                                            InferenceEdits, Repairs, CI.getPreprocessor());
  }

  /// Lines in inactive #if branches.
  class SkippedRanges : public PPCallbacks {
  public:
    explicit SkippedRanges(std::vector<SourceRange> &Out) : Out(Out) {}
    void SourceRangeSkipped(SourceRange Range, SourceLocation) override {
      Out.push_back(Range);
    }

  private:
    std::vector<SourceRange> &Out;
  };

private:
  DeviceCompileResult &Result;
  const DeviceOptions &Opts;
  RestrictDiagConsumer &Restrict;
  const std::vector<ReorderResult::Misplaced> &Misplaced;
  std::vector<SourceRange> Skipped;
  std::vector<SourceEdit> &InferenceEdits;
  VisualCppRepairs &Repairs;
};

} // namespace

/// One run of the device pass over \p File; \p Overlays (absolute path to
/// contents) replace the files on disk: the main file and user headers as
/// the token pass and the Visual C++ repairs changed them.
static DeviceCompileResult runDevicePass(const std::string &File,
                                         const std::vector<std::string> &FrontendArgs,
                                         const std::string &ClangPath,
                                         const std::map<std::string, std::string> &Overlays,
                                         const DeviceOptions &Opts,
                                         ForwardingDiagConsumer &Diags,
                                         const std::vector<ReorderResult::Misplaced> &Misplaced,
                                         VisualCppFileChanges *FileChanges = nullptr) {
  DeviceCompileResult Result;
  std::vector<std::string> Args = {ClangPath};
  Args.insert(Args.end(), FrontendArgs.begin(), FrontendArgs.end());
  // Device mode: one front-end job, restrict(amp) code is the device side.
  // Clang's error limit would count the errors ampcc repairs: the consumer
  // applies the user's limit to the others (ForwardingDiagConsumer).
  Args.insert(Args.end(), {"--offload-device-only", "--offload-arch=gfx906",
                           "-fsyntax-only", "-ferror-limit=0",
                           "-D__AMPCC_DEVICE_PASS__=1", File});
  // In-memory files shadow the real ones at the same paths.
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS(
      new llvm::vfs::OverlayFileSystem(llvm::vfs::getRealFileSystem()));
  if (!Overlays.empty()) {
    llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> Mem(
        new llvm::vfs::InMemoryFileSystem());
    FS->pushOverlay(Mem);
    for (const auto &[Path, Text] : Overlays)
      Mem->addFile(Path, 0, llvm::MemoryBuffer::getMemBufferCopy(Text, Path));
    if (auto CWD = llvm::vfs::getRealFileSystem()->getCurrentWorkingDirectory())
      FS->setCurrentWorkingDirectory(*CWD);
  }
  // UTF-16 files and include names in another case, as Visual C++ reads
  // them (VisualCppFiles.h).
  VisualCppFileChanges Unrecorded;
  llvm::IntrusiveRefCntPtr<FileManager> Files(
      new FileManager(FileSystemOptions(),
                      createVisualCppFileSystem(FS, FileChanges ? *FileChanges : Unrecorded)));
  tooling::ToolInvocation Invocation(
      Args,
      std::make_unique<KernelAction>(Result, Opts, Diags.restrictions(), Misplaced,
                                     Diags.InferenceEdits, Diags.Repairs),
      Files.get());
  Invocation.setDiagnosticConsumer(&Diags);
  if (!Invocation.run() || Diags.Errors)
    Result.Success = false;
  return Result;
}

std::vector<std::string> frontendLanguageArgs(const std::string &IncludeDir,
                                              const std::string &Std,
                                              bool MsHeaders) {
  // HIP mode gives restrict(...) its semantics (see include/ampcc/restrict.h);
  // no HIP installation is needed or used. -fms-extensions accepts Visual
  // C++'s __int64 and __declspec; besides those keywords it only defines
  // _WCHAR_T_DEFINED and _NATIVE_WCHAR_T_DEFINED (unlike -fms-compatibility,
  // which breaks libstdc++). Visual C++ accepts dynamic exception
  // specifications (`throw(int)`) in every language mode, with a warning;
  // C++ AMP code written for it does too, so Clang's C++17 error is a
  // warning here. Visual C++ 2012 and 2013 (C++ AMP's compilers) accept the
  // `register` storage class silently, so Clang's C++17 error is off
  // (-Wregister makes it a warning again, -Werror=register an error). They
  // also accept narrowing conversions in braces and template arguments
  // (`Bits<0x80000000>` for an int parameter) with a warning at most: a
  // warning here too (-Werror=c++11-narrowing restores Clang's error).
  // restrict(...) and tile_static are keywords in Visual C++, usable without
  // any header: their macros come first in every file.
  std::vector<std::string> Args = {
      "-x", "hip", "-nogpuinc", "-nogpulib", "-std=" + Std,
      "-fdeclspec", "-fms-extensions", "-Wno-cuda-compat",
      "-Wno-error=dynamic-exception-spec", "-Wno-register",
      "-Wno-error=c++11-narrowing", "-D__AMPCC__=1",
      "-isystem", IncludeDir,
      "-include", IncludeDir + "/ampcc/restrict.h"};
  // What a Visual C++ machine gives every program (<windows.h>, the
  // Microsoft STL's internal header names, __min/__max): on unless
  // -fno-ms-headers. After the user's -I options, as system headers are.
  if (MsHeaders)
    Args.insert(Args.end(), {"-isystem", IncludeDir + "/ms", "-include",
                             IncludeDir + "/ampcc/ms_prelude.h"});
  return Args;
}

/// Applies repairs to the in-memory copies of the files they edit (read
/// from disk the first time a file is edited), last offset first so that
/// earlier offsets stay valid.
static void applyEdits(std::vector<SourceEdit> Edits,
                       std::map<std::string, std::string> &Overlays) {
  // Templates are parsed once per instantiation too: one edit per place.
  std::stable_sort(Edits.begin(), Edits.end());
  Edits.erase(std::unique(Edits.begin(), Edits.end(),
                          [](const SourceEdit &A, const SourceEdit &B) {
                            return A.File == B.File && A.Offset == B.Offset;
                          }),
              Edits.end());
  for (auto It = Edits.rbegin(); It != Edits.rend(); ++It) {
    auto [Slot, New] = Overlays.try_emplace(It->File);
    if (New) {
      auto Header = readSourceFile(It->File);
      if (!Header) {
        Overlays.erase(Slot);
        continue;
      }
      Slot->second = (*Header)->getBuffer().str();
    }
    if (It->Offset + It->Length <= Slot->second.size())
      Slot->second.replace(It->Offset, It->Length, It->Text);
  }
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
  // As clang's driver: #line directives (the user's, and those of repairs
  // that move text) give the line numbers diagnostics print.
  DiagOpts->ShowPresumedLoc = true;
  for (const std::string &A : FrontendArgs) {
    if (A == "-fno-diagnostics-show-option")
      DiagOpts->ShowOptionNames = false;
    else if (A == "-fdiagnostics-show-option")
      DiagOpts->ShowOptionNames = true;
    else if (A == "-fdiagnostics-parseable-fixits")
      DiagOpts->ShowParseableFixits = true;
    else if (A == "-fno-caret-diagnostics" || A == "-fcaret-diagnostics")
      DiagOpts->ShowCarets = A == "-fcaret-diagnostics";
    else if (A == "-fcolor-diagnostics" || A == "-fdiagnostics-color" ||
             A == "-fdiagnostics-color=always")
      DiagOpts->ShowColors = true;
    else if (A == "-fno-color-diagnostics" || A == "-fno-diagnostics-color" ||
             A == "-fdiagnostics-color=never")
      DiagOpts->ShowColors = false;
  }
  unsigned ErrorLimit = 20; // Clang's driver default.
  for (const std::string &A : FrontendArgs)
    if (llvm::StringRef(A).starts_with("-ferror-limit="))
      llvm::StringRef(A).substr(strlen("-ferror-limit=")).getAsInteger(10, ErrorLimit);
  ForwardingDiagConsumer Diags(DiagOpts.get(), /*ErrorsOnly=*/false);
  Diags.RetryWithFixIts = true;
  Diags.ErrorLimit = ErrorLimit;
  // Restriction specifiers in the spec's positions that Clang does not parse
  // (`mutable restrict(amp)`, `restrict(amp) noexcept`, before a trailing
  // return type) are moved first, on the same lines (SpecifierReorder.h).
  // UTF-16 is read as UTF-8 (VisualCppFiles.h).
  auto Buffer = readSourceFile(File);
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
  llvm::SmallString<256> MainPath(File);
  llvm::sys::fs::make_absolute(MainPath);
  llvm::sys::path::remove_dots(MainPath, /*remove_dot_dot=*/true);
  std::map<std::string, std::string> Overlays;
  if (Reordered.Changed)
    Overlays[MainPath.str().str()] = Reordered.Text;
  VisualCppFileChanges FileChanges;
  DeviceCompileResult Result = runDevicePass(File, Args, ClangPath, Overlays, Opts, Diags,
                                             Reordered.Misplacements, &FileChanges);
  // A UTF-8 byte order mark is skipped only at the start of a file: the
  // host pass's copy starts with a #line.
  if (Reordered.Changed)
    Result.RewrittenSource = Defines + "#line 1 \"" + File + "\"\n" +
                             withoutUTF8BOM(Reordered.Text).str();

  unsigned Printed = Diags.printedErrors();
  std::vector<SourceEdit> Edits = Diags.Repairs.edits();
  if (Diags.Errors)
    Edits.insert(Edits.end(), Diags.InferenceEdits.begin(), Diags.InferenceEdits.end());
  if (!Edits.empty() && (!Diags.Errors || Diags.Retry)) {
    Diags.Errors = 0;
    // Parse again with the edits applied; the host pass compiles the same
    // text (DeviceCompileResult::RewrittenSource and RewrittenHeaders).
    if (!Buffer) {
      llvm::errs() << "ampcc: error: cannot read '" << File << "'\n";
      Result.Success = false;
      return Result;
    }
    Overlays[MainPath.str().str()] =
        Reordered.Changed ? Reordered.Text : (*Buffer)->getBuffer().str();
    applyEdits(std::move(Edits), Overlays);
    // A repair may uncover the next (a declaration moved before a template
    // lets Clang see the template's next use of a later name): parse again
    // while a parse fails and finds new repairs, a few times at most.
    std::unique_ptr<ForwardingDiagConsumer> Again;
    for (int Round = 0; Round < 4; ++Round) {
      Again = std::make_unique<ForwardingDiagConsumer>(DiagOpts.get(), /*ErrorsOnly=*/true);
      Again->ErrorLimit = ErrorLimit;
      bool Last = Round == 3;
      // Errors that new repairs follow are dropped: the next round reports.
      Again->RetryWithFixIts = !Last;
      Result = runDevicePass(File, Args, ClangPath, Overlays, Opts, *Again,
                             Reordered.Misplacements, &FileChanges);
      std::vector<SourceEdit> More = Again->Repairs.edits();
      if (Result.Success || More.empty() || Last)
        break;
      applyEdits(std::move(More), Overlays);
    }
    std::string Text = std::move(Overlays[MainPath.str().str()]);
    Overlays.erase(MainPath.str().str());
    Result.RewrittenHeaders = std::move(Overlays);
    Result.RewrittenSource =
        Defines.empty() ? withoutUTF8BOM(Text).str()
                        : Defines + "#line 1 \"" + File + "\"\n" + withoutUTF8BOM(Text).str();
    Diags.Errors += Again->Errors;
    Printed += Again->printedErrors();
  }
  if (!Result.Success && !Printed) {
    // A failed parse always says why. Repairs may have hidden its errors
    // (an error taken for one ampcc repairs whose repair did not help):
    // parse the file as written, with no repairs, and print what Clang says.
    ForwardingDiagConsumer Plain(DiagOpts.get(), /*ErrorsOnly=*/false);
    Plain.ErrorLimit = ErrorLimit;
    Plain.disableRepairs();
    std::map<std::string, std::string> Original;
    if (Reordered.Changed)
      Original[MainPath.str().str()] = Reordered.Text;
    runDevicePass(File, Args, ClangPath, Original, Opts, Plain, Reordered.Misplacements);
    Printed = Plain.printedErrors();
    if (!Printed)
      llvm::errs() << "ampcc: error: internal error: the device pass over '" << File
                   << "' failed and Clang reported no error; please report this "
                      "with the file\n";
  }
  // The host pass reads UTF-16 files as the device pass did, as UTF-8
  // text, and includes spelt in another case as the files on disk.
  auto MainText = FileChanges.Transcoded.find(MainPath.str().str());
  if (MainText != FileChanges.Transcoded.end() && Result.RewrittenSource.empty())
    Result.RewrittenSource = MainText->second;
  for (auto &[Path, Text] : FileChanges.Transcoded)
    if (Path != MainPath.str())
      Result.RewrittenHeaders.try_emplace(Path, Text);
  Result.IncludeSpellings = FileChanges.Spellings;
  if (Printed)
    llvm::errs() << Printed << (Printed == 1 ? " error" : " errors")
                 << " generated.\n";
  return Result;
}

} // namespace ampcc
