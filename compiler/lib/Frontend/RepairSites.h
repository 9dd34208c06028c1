//===- RepairSites.h - what the Visual C++ repairs look at -----*- C++ -*-===//
//
// The repairs that need the AST (VisualCppRepairs.cpp and the files beside
// it) share one walk of the translation unit, made at its end and only
// when such an error was reported.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_LIB_FRONTEND_REPAIRSITES_H
#define AMPCC_LIB_FRONTEND_REPAIRSITES_H

#include "ampcc/Analysis/TranslationUnitRoots.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <utility>
#include <vector>

namespace ampcc {

/// Is \p L inside \p R (its ends included)?
inline bool contains(const clang::SourceManager &SM, clang::SourceRange R, clang::SourceLocation L) {
  return R.isValid() && !SM.isBeforeInTranslationUnit(L, R.getBegin()) &&
         !SM.isBeforeInTranslationUnit(R.getEnd(), L);
}

/// The text of a type as written (\p TSI's TypeLoc to the end of its last
/// token); an invalid range where there is none or it starts or ends in a
/// macro.
inline clang::CharSourceRange typeText(const clang::TypeSourceInfo *TSI,
                                       const clang::SourceManager &SM,
                                       const clang::LangOptions &LO) {
  if (!TSI)
    return {};
  clang::SourceRange R = TSI->getTypeLoc().getSourceRange();
  clang::SourceLocation End = clang::Lexer::getLocForEndOfToken(R.getEnd(), 0, SM, LO);
  if (R.getBegin().isInvalid() || R.getBegin().isMacroID() || End.isInvalid() ||
      End.isMacroID())
    return {};
  return clang::CharSourceRange::getCharRange(R.getBegin(), End);
}

/// The function a candidate note names: one of the overload set's decls.
inline const clang::FunctionDecl *candidateAt(const clang::OverloadExpr *Callee,
                                              clang::SourceLocation Loc) {
  for (const clang::NamedDecl *D : Callee->decls()) {
    D = D->getUnderlyingDecl();
    const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(D);
    if (const auto *FTD = llvm::dyn_cast<clang::FunctionTemplateDecl>(D))
      FD = FTD->getTemplatedDecl();
    if (FD && FD->getLocation() == Loc)
      return FD;
  }
  return nullptr;
}

/// Finds what the recorded errors refer to: failed calls (RecoveryExpr,
/// which keeps the callee and the arguments), function templates,
/// variables, constructors and classes, and the declarations at namespace
/// scope.
class RepairSites : public clang::RecursiveASTVisitor<RepairSites> {
public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitRecoveryExpr(clang::RecoveryExpr *E) {
    if (!E->subExpressions().empty())
      if (const auto *Callee = llvm::dyn_cast<clang::OverloadExpr>(E->subExpressions()[0]))
        Calls.emplace_back(Callee, E);
    return true;
  }
  /// A call in a template's definition whose callee is still a set of
  /// candidates: where a failed call of an instantiation is written (the
  /// instantiation keeps no RecoveryExpr).
  bool VisitCallExpr(clang::CallExpr *E) {
    if (E->isTypeDependent())
      if (const auto *Callee = llvm::dyn_cast<clang::OverloadExpr>(E->getCallee()->IgnoreParens()))
        DependentCalls.emplace_back(Callee, E);
    return true;
  }
  bool VisitFunctionTemplateDecl(clang::FunctionTemplateDecl *D) {
    Templates.push_back(D);
    return true;
  }
  bool VisitVarDecl(clang::VarDecl *D) {
    Vars.push_back(D);
    return true;
  }
  bool VisitCXXConstructorDecl(clang::CXXConstructorDecl *D) {
    Ctors.push_back(D);
    return true;
  }
  bool VisitCXXRecordDecl(clang::CXXRecordDecl *D) {
    Records.push_back(D);
    return true;
  }
  bool VisitTranslationUnitDecl(clang::TranslationUnitDecl *D) { return scope(D); }
  /// Walks \p Roots (the file's declarations) instead of the translation
  /// unit; those of them at namespace scope count as such.
  void traverseRoots(const TranslationUnitRoots &Roots) {
    for (clang::Decl *D : Roots.decls())
      if (llvm::isa<clang::TranslationUnitDecl>(D->getDeclContext()) &&
          !llvm::isa<clang::NamespaceDecl>(D) && !D->isImplicit())
        NamespaceScope.push_back(D);
    Roots.traverse(*this);
  }
  bool VisitNamespaceDecl(clang::NamespaceDecl *D) { return scope(D); }

  std::vector<std::pair<const clang::OverloadExpr *, const clang::RecoveryExpr *>> Calls;
  std::vector<std::pair<const clang::OverloadExpr *, const clang::CallExpr *>> DependentCalls;
  std::vector<const clang::FunctionTemplateDecl *> Templates;
  std::vector<const clang::VarDecl *> Vars;
  std::vector<const clang::CXXConstructorDecl *> Ctors;
  std::vector<const clang::CXXRecordDecl *> Records;
  /// Declarations directly in a namespace (or the translation unit),
  /// namespaces themselves left out.
  std::vector<const clang::Decl *> NamespaceScope;
  /// The one of them whose text holds \p Loc (the class or template around
  /// a use), or null.
  const clang::Decl *namespaceScopeAround(const clang::SourceManager &SM,
                                          clang::SourceLocation Loc) const {
    const clang::Decl *Around = nullptr;
    for (const clang::Decl *D : NamespaceScope)
      if (contains(SM, D->getSourceRange(), Loc))
        Around = D;
    return Around;
  }

private:
  bool scope(clang::DeclContext *DC) {
    for (clang::Decl *Child : DC->decls())
      if (!llvm::isa<clang::NamespaceDecl>(Child) && !Child->isImplicit())
        NamespaceScope.push_back(Child);
    return true;
  }
};

} // namespace ampcc

#endif // AMPCC_LIB_FRONTEND_REPAIRSITES_H
