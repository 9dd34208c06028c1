//===- FunctionRules.cpp - declarators of amp functions -----------------===//
//
// A function of amp code cannot be variadic, virtual, volatile-qualified,
// have C language linkage, or have a dynamic exception specification
// (throw(...), including throw(): suggest noexcept). Its restriction
// specifier must follow the parameter list (spec §2.1.1): GNU attributes in
// the decl-specifiers (`int restrict(amp) f()`) apply to the function too, so
// Clang accepts them, and the position is checked here.
// Parameter and return types are checked by the type rules; recursion by the
// checker's call-graph walk.
//
//===----------------------------------------------------------------------===//
#include "Rule.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace ampcc {

namespace {

class FunctionRules : public Rule {
public:
  void checkFunction(const FunctionDecl *FD, CheckContext &C) override {
    if (FD->isVariadic())
      C.error(FD->getLocation(), Diag::err_restrict_variadic) << FD;
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && MD->isVirtual())
      C.error(FD->getLocation(), Diag::err_restrict_virtual_function) << 1 << MD->getParent()
                                                                     << FD;
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && MD->isVolatile())
      C.error(FD->getLocation(), Diag::err_restrict_volatile_member) << FD;
    // A C-linkage name stands for one function: it can be restrict(amp) or
    // restrict(cpu), but not both, nor overloaded on restriction.
    if (FD->isExternC() && !FD->isImplicit() && !isInAmpNamespace(FD)) {
      bool Clash = CheckContext::sideOf(FD) == Side::Both;
      for (const NamedDecl *Other : FD->getDeclContext()->getRedeclContext()->lookup(
               FD->getDeclName()))
        if (const auto *OF = dyn_cast<FunctionDecl>(Other);
            OF && OF->getCanonicalDecl() != FD->getCanonicalDecl() && OF->isExternC())
          Clash = true;
      if (Clash)
        C.error(FD->getLocation(), Diag::err_restrict_c_linkage) << FD;
    }

    const auto *FPT = FD->getType()->getAs<FunctionProtoType>();
    if (!FPT)
      return;
    ExceptionSpecificationType EST = FPT->getExceptionSpecType();
    // throw(...) is EST_MSAny under -fms-extensions.
    if (EST != EST_Dynamic && EST != EST_DynamicNone && EST != EST_MSAny)
      return;
    SourceRange R = FD->getExceptionSpecSourceRange();
    if (!(C.error(R.isValid() ? R.getBegin() : FD->getLocation(),
                  Diag::err_restrict_exception_spec, R)
          << FD))
      return;
    if (EST == EST_DynamicNone && R.isValid() && !R.getBegin().isMacroID())
      C.note(R.getBegin(), Diag::note_restrict_use_noexcept)
          << FixItHint::CreateReplacement(R, "noexcept");
  }

  /// The position rule holds for cpu functions too: every function of the
  /// translation unit outside system headers and <amp.h>.
  void checkTranslationUnit(CheckContext &C) override {
    // Written declarations only: instantiations repeat their templates.
    for (const Decl *D : C.roots().decls())
      if (const auto *TU = dyn_cast<TranslationUnitDecl>(D))
        walk(TU, C);
      else if (!TranslationUnitRoots::isInstantiation(D))
        visit(D, C);
  }

private:
  void walk(const DeclContext *DC, CheckContext &C) {
    for (const Decl *D : DC->decls())
      visit(D, C);
  }

  void visit(const Decl *D, CheckContext &C) {
    if (D->isImplicit() || C.sm().isInSystemHeader(D->getLocation()))
      return;
    if (const auto *NS = dyn_cast<NamespaceDecl>(D)) {
      if (!isInAmpNamespace(NS) && NS->getName() != "Concurrency")
        walk(NS, C);
      return;
    }
    if (const auto *FTD = dyn_cast<FunctionTemplateDecl>(D))
      D = FTD->getTemplatedDecl();
    if (const auto *CTD = dyn_cast<ClassTemplateDecl>(D))
      D = CTD->getTemplatedDecl();
    if (const auto *FD = dyn_cast<FunctionDecl>(D))
      checkSpecifierPosition(FD, C);
    if (isa<CXXRecordDecl, LinkageSpecDecl>(D))
      walk(cast<DeclContext>(D), C);
  }

  /// The macros SpecifierReorder.cpp puts in place of `auto` carry the
  /// specifier before the name on purpose.
  static bool fromReorderMacro(SourceLocation L, const SourceManager &SM,
                               const LangOptions &LO) {
    while (L.isMacroID()) {
      StringRef Name = Lexer::getImmediateMacroName(L, SM, LO);
      if (Name == "_Ra_" || Name == "_Rb_" || Name == "_Rc_")
        return true;
      L = SM.getImmediateMacroCallerLoc(L);
    }
    return false;
  }

  void checkSpecifierPosition(const FunctionDecl *FD, CheckContext &C) {
    if (FD->isImplicit() || isa<CXXDeductionGuideDecl>(FD))
      return;
    const SourceManager &SM = C.sm();
    SourceLocation Name = SM.getExpansionLoc(FD->getLocation());
    for (const Attr *A : FD->attrs()) {
      if (A->isImplicit() || !isa<CUDADeviceAttr, CUDAHostAttr>(A) ||
          A->getLocation().isInvalid())
        continue;
      if (const auto *IA = dyn_cast<InheritableAttr>(A); IA && IA->isInherited())
        continue;
      SourceLocation At = SM.getExpansionLoc(A->getLocation());
      SourceLocation Begin = SM.getExpansionLoc(FD->getBeginLoc());
      // Only specifiers written in this declaration, between its start and
      // its name (a redeclaration's attributes come from elsewhere).
      if (SM.getFileID(At) != SM.getFileID(Name) || !SM.isBeforeInTranslationUnit(At, Name) ||
          SM.isBeforeInTranslationUnit(At, Begin) ||
          fromReorderMacro(A->getLocation(), SM, C.langOpts()))
        continue;
      C.error(At, Diag::err_restrict_specifier_position) << FD;
      return;
    }
  }
};

} // namespace

std::unique_ptr<Rule> createFunctionRules() { return std::make_unique<FunctionRules>(); }

} // namespace ampcc
