//===- LibraryMemberDefinitions.cpp - amp members the code generator defines ---===//
//
// See the header for why.
//
//===----------------------------------------------------------------------===//
#include "ampcc/Sema/LibraryMemberDefinitions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"

using namespace clang;

namespace ampcc {

namespace {

/// Declared in namespace Concurrency (at any depth), as ampcc's classes are.
/// The host plugin does not link the AMP model, so this asks the context.
bool inConcurrency(const Decl *D) {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (NS->getParent()->isTranslationUnit())
        return NS->getName() == "Concurrency";
  return false;
}

} // namespace

void markLibraryMembersDefinedElsewhere(TagDecl *D) {
  auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(D);
  if (!Spec || Spec->isExternallyVisible() || !inConcurrency(Spec))
    return;
  ASTContext &Ctx = Spec->getASTContext();
  for (CXXMethodDecl *M : Spec->methods()) {
    if (!M->hasAttr<CUDADeviceAttr>() || M->hasAttr<CUDAHostAttr>() ||
        M->hasAttr<DLLImportAttr>())
      continue;
    // Only members the header declares without a body; the others are
    // instantiated from their definitions when used.
    const FunctionDecl *Pattern = M->getTemplateInstantiationPattern();
    if (!Pattern || Pattern->isDefined())
      continue;
    M->addAttr(DLLImportAttr::CreateImplicit(Ctx, M->getSourceRange()));
  }
}

} // namespace ampcc
