//===- HostPlugin.cpp - C++ AMP's inference rules in the host pass ------===//
//
// The host pass is clang++ itself (-x hip --offload-host-only), so it would
// resolve overloads with Clang's restrictions where the device pass uses
// C++ AMP's: an implicit special member of a class whose base overloads it
// on restrict(cpu) and restrict(amp) would be callable from cpu code in one
// pass and not in the other. The driver loads this plugin with -fplugin=;
// it applies the same inference (compiler/lib/Sema) as the device pass,
// through the same consumer callbacks, before Clang's own consumer runs.
// With Visual C++'s headers (the plugin's argument "ms"), it also gives the
// host code Visual C++'s definitions of static const members. Typedefs'
// restrictions (TypedefRestrictions.h), C++11's declarator groups
// (DeclaratorGroups.h) and the restriction of code outside function bodies
// (TargetContexts.h) apply as in the device pass. Building a precompiled
// <amp.h>, the driver passes "names=FILE": the names the header met are
// written there (Lex/NamedIdentifiers.h).
//
//===----------------------------------------------------------------------===//
#include "ampcc/Lex/NamedIdentifiers.h"
#include "ampcc/Sema/DeclaratorGroups.h"
#include "ampcc/Sema/LibraryMemberDefinitions.h"
#include "ampcc/Sema/LocalClassInference.h"
#include "ampcc/Sema/PrecompiledKeywords.h"
#include "ampcc/Sema/SpecialMemberInference.h"
#include "ampcc/Sema/StaticConstMembers.h"
#include "ampcc/Sema/TargetContexts.h"
#include "ampcc/Sema/TypedefRestrictions.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaConsumer.h"
#include "llvm/Support/FileSystem.h"

using namespace clang;

namespace {

class HostConsumer : public SemaConsumer {
public:
  HostConsumer(bool VisualCpp, std::string NamesFile, Preprocessor &PP)
      : VisualCpp(VisualCpp), NamesFile(std::move(NamesFile)), PP(PP), Typedefs(PP),
        Targets(PP) {}
  void InitializeSema(Sema &S) override {
    ampcc::restoreKeywordsFromPrecompiledHeader(S.getPreprocessor());
    Targets.setSema(&S);
  }
  void ForgetSema() override { Targets.setSema(nullptr); }
  bool HandleTopLevelDecl(DeclGroupRef G) override {
    Typedefs.inferInGroup(G);
    return true;
  }
  void HandleTagDeclDefinition(TagDecl *D) override {
    Typedefs.inferInClass(D);
    if (VisualCpp)
      ampcc::defineStaticConstMembers(D);
    ampcc::inferLocalClassRestrictions(D);
    ampcc::markLibraryMembersDefinedElsewhere(D);
    if (const auto *RD = dyn_cast<CXXRecordDecl>(D))
      ampcc::inferSpecialMemberRestrictions(RD);
  }
  ASTMutationListener *GetASTMutationListener() override { return &Members; }
  void HandleTranslationUnit(ASTContext &) override {
    // A failed write leaves no list: the header then serves only compiles
    // with its own macros.
    if (!NamesFile.empty() && !ampcc::writeNamedIdentifiers(PP, NamesFile))
      llvm::sys::fs::remove(NamesFile);
  }

private:
  bool VisualCpp;
  std::string NamesFile;
  Preprocessor &PP;
  ampcc::TypedefRestrictions Typedefs;
  ampcc::TargetContexts Targets;
  ampcc::SpecialMemberListener Members;
};

class HostAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    ampcc::acceptFunctionsInDeclaratorGroups(CI.getDiagnostics());
    return std::make_unique<HostConsumer>(VisualCpp, NamesFile, CI.getPreprocessor());
  }
  bool ParseArgs(const CompilerInstance &, const std::vector<std::string> &Args) override {
    VisualCpp = llvm::is_contained(Args, "ms");
    for (llvm::StringRef A : Args)
      if (A.consume_front("names="))
        NamesFile = A.str();
    return true;
  }
  ActionType getActionType() override { return AddBeforeMainAction; }

private:
  bool VisualCpp = false;
  std::string NamesFile;
};

} // namespace

static FrontendPluginRegistry::Add<HostAction>
    X("ampcc-host", "C++ AMP restriction inference for ampcc's host pass");
