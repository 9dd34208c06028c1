//===- DevicePass.cpp - one parse of the device pass ---------------------===//
#include "DevicePass.h"
#include "ForwardingDiagConsumer.h"


#include "ampcc/Analysis/KernelFinder.h"
#include "ampcc/Analysis/TranslationUnitRoots.h"
#include "ampcc/Lex/NamedIdentifiers.h"
#include "ampcc/Sema/LibraryMemberDefinitions.h"
#include "ampcc/Sema/DeclaratorGroups.h"
#include "ampcc/Sema/DeferredDiagnosticRoots.h"
#include "ampcc/Sema/HeaderVTableUses.h"
#include "ampcc/Sema/HostLibraryInstantiations.h"
#include "ampcc/Sema/LocalClassInference.h"
#include "ampcc/Sema/PrecompiledKeywords.h"
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
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Frontend/Utils.h"
#include "clang/Sema/Sema.h"
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
#include <mutex>

using namespace clang;

namespace ampcc {

namespace {

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

/// The program as OpenCL C, and with DeviceOptions::HostKernels the same
/// printer run again for the host C: the OpenCL text stays what it is
/// without host kernels (what -emit-opencl shows, what OpenCL devices and
/// the CUDA backend compile), and the host text may lower differently
/// where the host gains (work-item loops, reads). Both runs see the same
/// AST and name everything alike: the kernels' names must agree.
bool generate(ASTContext &Ctx, const std::vector<KernelSite> &Sites, const DeviceOptions &Opts,
              DeviceCompileResult &Result) {
  DiagnosticsEngine &Diags = Ctx.getDiagnostics();
  DeviceOptions OpenCL = Opts;
  OpenCL.HostKernels = false;
  DeviceCodeGen CG(Ctx, Diags, OpenCL);
  for (const KernelSite &K : Sites)
    CG.emitKernel(K);
  if (Diags.hasErrorOccurred())
    return false;
  Result.Kernels = CG.kernels();
  Result.UsesDouble = CG.usesDouble();
  if (!Result.Kernels.empty())
    Result.Program = CG.finish();
  Result.Checks = CG.checks();
  if (!Opts.HostKernels || Result.Kernels.empty())
    return true;
  DeviceCodeGen Host(Ctx, Diags, Opts, &CG);
  for (const KernelSite &K : Sites)
    Host.emitKernel(K);
  if (Diags.hasErrorOccurred())
    return false;
  const std::vector<EmittedKernel> &HostKernels = Host.kernels();
  assert(HostKernels.size() == Result.Kernels.size() && "one kernel list");
  for (size_t I = 0; I < HostKernels.size() && I < Result.Kernels.size(); ++I) {
    assert(HostKernels[I].KernelName == Result.Kernels[I].KernelName && "one name");
    Result.Kernels[I].HostEntry = HostKernels[I].HostEntry;
    Result.Kernels[I].HostTileLoops = HostKernels[I].HostTileLoops;
    Result.Kernels[I].HostOwned = HostKernels[I].HostOwned;
    Result.Kernels[I].TileStaticBytes = HostKernels[I].TileStaticBytes;
  }
  Result.HostProgram = Host.finish();
  return true;
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
    TheSema = &S;
    restoreKeywordsFromPrecompiledHeader(S.getPreprocessor());
    Targets.setSema(&S);
    Targets.resolveBySideInBodies(S);
  }
  void ForgetSema() override {
    Targets.setSema(nullptr);
    TheSema = nullptr;
  }

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
    // Before the file's end, where Clang would instantiate them; all of
    // them after an error (HostLibraryInstantiations.h).
    if (TheSema && !PrefixOnly && TheSema->getDiagnostics().hasErrorOccurred())
      LibraryCode.restore(*TheSema);
    else if (TheSema)
      LibraryCode.drop(*TheSema);
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
  ASTMutationListener *GetASTMutationListener() override { return &Listener; }

  /// Restriction inference for implicit members, and a record of what the
  /// file instantiates in a precompiled <amp.h>'s declarations.
  class PassListener : public InstantiationRecorder {
  public:
    void AddedCXXImplicitMember(const CXXRecordDecl *RD, const Decl *D) override {
      Members.AddedCXXImplicitMember(RD, D);
    }

  private:
    SpecialMemberListener Members;
  };

  /// Calls \p F on each declaration at namespace scope of the file.
  template <typename Fn> static void forEachWritten(const TranslationUnitRoots &Roots, Fn F) {
    for (const Decl *D : Roots.decls())
      if (const auto *TU = dyn_cast<TranslationUnitDecl>(D)) {
        for (const Decl *Member : TU->decls())
          F(Member);
      } else if (!TranslationUnitRoots::isInstantiation(D) &&
                 D->getDeclContext()->isTranslationUnit()) {
        F(D);
      }
  }

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
  void findWideMain(ASTContext &Ctx, const TranslationUnitRoots &Roots) {
    const FunctionDecl *Wide = nullptr;
    bool Main = false;
    forEachWritten(Roots, [&](const Decl *D) {
      const auto *FD = dyn_cast<FunctionDecl>(D);
      if (!FD || !FD->isThisDeclarationADefinition() || !FD->getIdentifier())
        return;
      Main |= FD->isMain();
      if (FD->getName() == "wmain")
        Wide = FD;
    });
    if (!Wide || Main)
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
  void recordTypedefRestrictions(ASTContext &Ctx, const TranslationUnitRoots &Roots) {
    const SourceManager &SM = Ctx.getSourceManager();
    Typedefs.findInNamespaces(Roots.decls(), [&](const FunctionDecl *FD, unsigned Bits) {
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

  /// Definitions of namespace-scope variables with external linkage in the
  /// user's files (DeviceCompileResult::Globals), through namespaces and
  /// extern "C" blocks.
  void findGlobalVariables(const TranslationUnitRoots &Roots, ASTContext &Ctx) {
    forEachWritten(Roots, [&](const Decl *D) { findGlobalVariable(D, Ctx); });
  }
  void findGlobalVariable(const Decl *D, ASTContext &Ctx) {
    const SourceManager &SM = Ctx.getSourceManager();
    if (isa<NamespaceDecl>(D) || isa<LinkageSpecDecl>(D)) {
      for (const Decl *Member : cast<DeclContext>(D)->decls())
        findGlobalVariable(Member, Ctx);
      return;
    }
    const auto *VD = dyn_cast<VarDecl>(D);
    if (!VD || VD->isThisDeclarationADefinition() != VarDecl::Definition ||
        !VD->hasExternalFormalLinkage() || VD->isInline() ||
        VD->getDescribedVarTemplate() || VD->isInAnonymousNamespace())
      return;
    SourceLocation Loc = SM.getExpansionLoc(VD->getLocation());
    if (SM.isInSystemHeader(Loc))
      return;
    PresumedLoc PL = SM.getPresumedLoc(Loc);
    std::string Declaration;
    llvm::raw_string_ostream OS(Declaration);
    VD->getType().print(OS, Ctx.getPrintingPolicy(), VD->getName());
    Result.Globals.push_back(
        {VD->getQualifiedNameAsString(), OS.str(),
         PL.isValid() ? std::string(PL.getFilename()) + ":" + std::to_string(PL.getLine())
                      : std::string()});
  }

  /// Building a precompiled <amp.h> (precompileDevicePrefix): the inference
  /// above marks its declarations, and nothing else runs.
  bool PrefixOnly = false;

  void HandleTranslationUnit(ASTContext &Ctx) override {
    // Before the header is written: what every file would read back for
    // nothing (DeferredDiagnosticRoots.h, HeaderVTableUses.h).
    if (PrefixOnly && TheSema) {
      dropInertDeferredDiagnosticRoots(*TheSema);
      dropHeaderVTableUses(*TheSema);
      LibraryCode.drop(*TheSema);
    }
    if (PrefixOnly)
      return;
    TranslationUnitRoots Roots = TranslationUnitRoots::of(Ctx, &Listener);
    recordTypedefRestrictions(Ctx, Roots);
    Repairs.finishTranslationUnit(Ctx, Roots);
    findWideMain(Ctx, Roots);
    Result.Globals.clear(); // A second parse (after repairs) finds them again.
    findGlobalVariables(Roots, Ctx);
    reportMisplaced(Ctx);
    DiagnosticsEngine &Diags = Ctx.getDiagnostics();
    // Sema errors make the AST unreliable; Clang has already reported them.
    // Its restriction errors (wrong-side calls, tile_static misuse) leave the
    // AST sound: the restriction checker runs and reports them again.
    if (Restrict.foreignErrors())
      return;
    // Walks from the translation unit, and the parent map that AST
    // matchers (ExprMutationAnalyzer) build, cover the roots too.
    if (!Roots.isWhole())
      Ctx.setTraversalScope(Roots.decls());
    std::vector<KernelSite> Sites = findKernels(Roots);
    // C++ AMP's rules on amp code (compiler/lib/Sema), before code generation.
    if (checkRestrictions(Ctx, Sites, Restrict.findings(), &Roots) ||
        Diags.hasErrorOccurred())
      return;
    if (!generate(Ctx, Sites, Opts, Result))
      return;
    Result.KernelKeys = kernelKeys(Ctx);
    Result.Success = true;
  }

private:
  DeviceCompileResult &Result;
  const DeviceOptions &Opts;
  RestrictDiagConsumer &Restrict;
  const std::vector<ReorderResult::Misplaced> &Misplaced;
  Sema *TheSema = nullptr;
  PassListener Listener;
  TypedefRestrictions Typedefs;
  TargetContexts Targets;
  HostLibraryFilter LibraryCode;
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

/// Builds a precompiled header of the device pass: its parse of the prefix
/// file with the same inference, written by Clang's PCH writer.
class PrefixAction : public GeneratePCHAction {
public:
  PrefixAction(std::string Output, std::vector<std::string> &Inputs,
               ForwardingDiagConsumer &Diags)
      : Output(std::move(Output)), Inputs(Inputs), Diags(Diags) {}

  bool BeginInvocation(CompilerInstance &CI) override {
    CI.getFrontendOpts().OutputFile = Output;
    return GeneratePCHAction::BeginInvocation(CI);
  }
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    setSystemHeaderDirs(CI);
    return GeneratePCHAction::BeginSourceFileAction(CI);
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef InFile) override {
    std::unique_ptr<ASTConsumer> Writer = GeneratePCHAction::CreateASTConsumer(CI, InFile);
    if (!Writer)
      return nullptr;
    linkTileStaticAttribute();
    acceptFunctionsInDeclaratorGroups(CI.getDiagnostics());
    auto Inference = std::make_unique<KernelConsumer>(
        Result, Opts, Diags.restrictions(), NoMisplaced, Skipped, Diags.InferenceEdits,
        Diags.Repairs, CI.getPreprocessor());
    Inference->PrefixOnly = true;
    // The inference first: it marks declarations before the writer sees them.
    std::vector<std::unique_ptr<ASTConsumer>> Consumers;
    Consumers.push_back(std::move(Inference));
    Consumers.push_back(std::move(Writer));
    return std::make_unique<MultiplexConsumer>(std::move(Consumers));
  }
  void EndSourceFileAction() override {
    // Every file the header was built from, to know when it is stale.
    SourceManager &SM = getCompilerInstance().getSourceManager();
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It) {
      llvm::StringRef Real = It->first.getFileEntry().tryGetRealPathName();
      llvm::SmallString<256> Path(Real.empty() ? It->first.getName() : Real);
      llvm::sys::fs::make_absolute(Path);
      Inputs.push_back(Path.str().str());
    }
    // The names it met: which command-line macros cannot change it
    // (PrecompiledAmpCache::get).
    if (!writeNamedIdentifiers(getCompilerInstance().getPreprocessor(), Output + ".names"))
      llvm::sys::fs::remove(Output + ".names");
    GeneratePCHAction::EndSourceFileAction();
  }

private:
  std::string Output;
  std::vector<std::string> &Inputs;
  ForwardingDiagConsumer &Diags;
  DeviceCompileResult Result;
  DeviceOptions Opts;
  std::vector<ReorderResult::Misplaced> NoMisplaced;
  std::vector<SourceRange> Skipped;
};

/// The device pass's Clang command line for \p File.
std::vector<std::string> devicePassArgs(const std::string &File,
                                        const std::vector<std::string> &FrontendArgs,
                                        const std::string &ClangPath) {
  std::vector<std::string> Args = {ClangPath};
  Args.insert(Args.end(), FrontendArgs.begin(), FrontendArgs.end());
  // Device mode: one front-end job, restrict(amp) code is the device side.
  // Clang's error limit would count the errors ampcc repairs: the consumer
  // applies the user's limit to the others (ForwardingDiagConsumer).
  Args.insert(Args.end(), {"--offload-device-only", "--offload-arch=gfx906",
                           "-fsyntax-only", "-ferror-limit=0",
                           "-D__AMPCC_DEVICE_PASS__=1", File});
  return Args;
}

/// The cc1 command line Clang's driver makes of \p Args, remembered: the
/// driver looks for configuration files and the ROCm and GCC installations
/// each time (through the Visual C++ file system, which lists folders),
/// a twentieth of a small file's device pass, and a compile parses up to
/// six times (DeviceCompiler.cpp), the fuzzer thousands of times, with one
/// command line. Empty when the driver fails: the caller then gives it
/// \p Args, so that it reports why.
std::vector<std::string> cc1CommandLine(const std::vector<std::string> &Args,
                                        llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS) {
  static std::mutex Lock;
  static std::map<std::vector<std::string>, std::vector<std::string>> Known;
  std::lock_guard<std::mutex> Guard(Lock);
  auto [It, New] = Known.try_emplace(Args);
  if (!New)
    return It->second;
  std::vector<const char *> Argv;
  for (const std::string &A : Args)
    Argv.push_back(A.c_str());
  CreateInvocationOptions Opts;
  Opts.VFS = std::move(FS);
  Opts.Diags = CompilerInstance::createDiagnostics(new DiagnosticOptions(),
                                                   new IgnoringDiagConsumer());
  std::vector<std::string> CC1;
  Opts.CC1Args = &CC1;
  if (createInvocation(Argv, Opts) && !CC1.empty() && CC1[0] == "-cc1") {
    It->second = {Args[0]};
    It->second.insert(It->second.end(), CC1.begin(), CC1.end());
  }
  return It->second;
}

} // namespace

bool precompileDevicePrefix(const std::string &PrefixFile,
                            const std::vector<std::string> &FrontendArgs,
                            const std::string &ClangPath, const std::string &Output,
                            std::vector<std::string> &Inputs) {
  // The inference's state lives in a device pass's consumer; the build's
  // own diagnostics are dropped: a header that fails is not used, and the
  // file's parse then reports whatever is wrong.
  llvm::IntrusiveRefCntPtr<DiagnosticOptions> DiagOpts(new DiagnosticOptions());
  ForwardingDiagConsumer Diags(DiagOpts.get(), /*ErrorsOnly=*/true);
  struct Counting : DiagnosticConsumer {
    void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
      DiagnosticConsumer::HandleDiagnostic(Level, Info);
    }
  } Quiet;
  VisualCppFileChanges Unrecorded;
  llvm::IntrusiveRefCntPtr<FileManager> Files(new FileManager(
      FileSystemOptions(), createVisualCppFileSystem(llvm::vfs::getRealFileSystem(),
                                                     Unrecorded)));
  // Templates that <amp.h> itself uses are instantiated in the header, not
  // again at the end of every file. Its templates are parsed where they
  // are written, even when the file's are parsed at instantiation (Visual
  // C++'s way, -fdelayed-template-parsing, which Clang allows beside such a
  // header): a file that instantiates one delayed template of a header
  // makes Clang read back every delayed template of it, which was most of
  // a small file's device pass. <amp.h> needs no delayed parsing.
  std::vector<std::string> Args = FrontendArgs;
  Args.push_back("-fpch-instantiate-templates");
  Args.push_back("-fno-delayed-template-parsing");
  tooling::ToolInvocation Invocation(devicePassArgs(PrefixFile, Args, ClangPath),
                                     std::make_unique<PrefixAction>(Output, Inputs, Diags),
                                     Files.get());
  Invocation.setDiagnosticConsumer(&Quiet);
  return Invocation.run() && !Quiet.getNumErrors();
}

DeviceCompileResult runDevicePass(const std::string &File,
                                  const std::vector<std::string> &FrontendArgs,
                                  const std::string &ClangPath,
                                  const std::map<std::string, std::string> &Overlays,
                                  const DeviceOptions &Opts,
                                  ForwardingDiagConsumer &Diags,
                                  const std::vector<ReorderResult::Misplaced> &Misplaced,
                                  VisualCppFileChanges *FileChanges) {
  DeviceCompileResult Result;
  std::vector<std::string> Args = devicePassArgs(File, FrontendArgs, ClangPath);
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
  std::vector<std::string> CC1 = cc1CommandLine(Args, &Files->getVirtualFileSystem());
  tooling::ToolInvocation Invocation(
      CC1.empty() ? Args : CC1,
      std::make_unique<KernelAction>(Result, Opts, Diags.restrictions(), Misplaced,
                                     Diags.InferenceEdits, Diags.Repairs),
      Files.get());
  Invocation.setDiagnosticConsumer(&Diags);
  if (!Invocation.run() || Diags.Errors)
    Result.Success = false;
  return Result;
}

} // namespace ampcc
