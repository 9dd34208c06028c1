//===- HostLibraryCode.cpp - library code that cannot hold the user's -----===//
#include "ampcc/Analysis/HostLibraryCode.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace ampcc {
namespace {

/// The namespaces whose templates this may leave out: the standard
/// library's, and those of the libraries <amp.h> brings. None of their
/// templates holds a kernel except through a type of its caller's.
bool isLibraryNamespace(llvm::StringRef Name) {
  return Name == "std" || Name == "__gnu_cxx" || Name == "__cxxabiv1" || Name == "tbb" ||
         Name == "Concurrency" || Name == "ampcc" || Name == "ampcc_ms";
}

/// A declaration of a system header in one of those namespaces, or a C
/// header's type (at global scope in a system header).
bool isLibraryDecl(const Decl *D) {
  const SourceManager &SM = D->getASTContext().getSourceManager();
  SourceLocation L = D->getLocation();
  if (L.isInvalid() || !SM.isInSystemHeader(SM.getExpansionLoc(L)))
    return false;
  const DeclContext *Top = D->getDeclContext();
  if (Top->isTranslationUnit() || Top->isExternCContext())
    return isa<TagDecl>(D);
  while (!Top->getParent()->isTranslationUnit() && !Top->getParent()->isExternCXXContext() &&
         !Top->getParent()->isExternCContext())
    Top = Top->getParent();
  const auto *NS = dyn_cast<NamespaceDecl>(Top);
  return NS && NS->getIdentifier() && isLibraryNamespace(NS->getName());
}

bool namesUserCode(const TemplateArgumentList &Args);

/// Whether \p T names a type declared outside those libraries, or one
/// whose form this does not know (kept, to be safe).
bool namesUserCode(QualType T) {
  const Type *Ty = T.getCanonicalType().getTypePtr();
  if (isa<BuiltinType>(Ty))
    return false;
  if (const auto *P = dyn_cast<PointerType>(Ty))
    return namesUserCode(P->getPointeeType());
  if (const auto *R = dyn_cast<ReferenceType>(Ty))
    return namesUserCode(R->getPointeeType());
  if (const auto *A = dyn_cast<ArrayType>(Ty))
    return namesUserCode(A->getElementType());
  if (const auto *V = dyn_cast<VectorType>(Ty))
    return namesUserCode(V->getElementType());
  if (const auto *M = dyn_cast<MemberPointerType>(Ty))
    return namesUserCode(M->getPointeeType()) || namesUserCode(QualType(M->getClass(), 0));
  if (const auto *F = dyn_cast<FunctionProtoType>(Ty))
    return namesUserCode(F->getReturnType()) ||
           llvm::any_of(F->getParamTypes(), [](QualType P) { return namesUserCode(P); });
  // A class of the library's, unless its templates, or those of the
  // functions it is local to (a lambda's), have the user's arguments.
  if (const auto *Tag = dyn_cast<TagType>(Ty))
    return !isHostLibraryCode(Tag->getDecl());
  return true;
}

bool namesUserCode(const TemplateArgument &A) {
  switch (A.getKind()) {
  case TemplateArgument::Null:
  case TemplateArgument::Integral:
  case TemplateArgument::NullPtr:
    return false;
  case TemplateArgument::Type:
    return namesUserCode(A.getAsType());
  case TemplateArgument::Pack:
    return llvm::any_of(A.pack_elements(),
                        [](const TemplateArgument &E) { return namesUserCode(E); });
  case TemplateArgument::Template: {
    const TemplateDecl *TD = A.getAsTemplate().getAsTemplateDecl();
    return !TD || !isLibraryDecl(TD);
  }
  default: // declarations, values and expressions: kept
    return true;
  }
}

bool namesUserCode(const TemplateArgumentList &Args) {
  return llvm::any_of(Args.asArray(),
                      [](const TemplateArgument &A) { return namesUserCode(A); });
}

} // namespace

bool isHostLibraryCode(const Decl *D) {
  // A template's specializations are judged one by one.
  if (isa<TemplateDecl>(D) || !isLibraryDecl(D))
    return false;
  for (const DeclContext *DC = dyn_cast<DeclContext>(D); DC; DC = DC->getParent()) {
    if (const auto *FD = dyn_cast<FunctionDecl>(DC)) {
      if (const TemplateArgumentList *Args = FD->getTemplateSpecializationArgs();
          Args && namesUserCode(*Args))
        return false;
    } else if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(DC)) {
      if (namesUserCode(Spec->getTemplateArgs()))
        return false;
    }
  }
  return true;
}

} // namespace ampcc
