//===- LocalClassInference.cpp - restrictions of local classes ----------===//
//
// See LocalClassInference.h. Only members written in the class itself take
// the restriction: inherited members keep their own (a base defined outside
// the amp function stays cpu code), and members that spell a restriction
// keep it. The bodies were type-checked as cpu code; the restriction checker
// walks them again as amp code when a kernel reaches them.
//
//===----------------------------------------------------------------------===//
#include "ampcc/Sema/LocalClassInference.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"

using namespace clang;

namespace ampcc {

namespace {

/// The function whose body defines \p RD, directly or through other local
/// classes; null for a class at namespace or class scope.
const FunctionDecl *enclosingFunction(const CXXRecordDecl *RD) {
  for (const DeclContext *DC = RD->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *FD = dyn_cast<FunctionDecl>(DC))
      return FD;
  return nullptr;
}

void inherit(CXXRecordDecl *RD, bool Amp, bool Cpu,
             llvm::function_ref<void(const FunctionDecl *, bool)> OnInferred) {
  ASTContext &Ctx = RD->getASTContext();
  for (Decl *D : RD->decls()) {
    if (auto *Nested = dyn_cast<CXXRecordDecl>(D)) {
      if (!Nested->isImplicit() && Nested->isThisDeclarationADefinition())
        inherit(Nested, Amp, Cpu, OnInferred);
      continue;
    }
    FunctionDecl *FD = D->getAsFunction();
    if (!FD || FD->isImplicit() || FD->hasAttr<CUDADeviceAttr>() ||
        FD->hasAttr<CUDAHostAttr>())
      continue;
    if (Amp)
      FD->addAttr(CUDADeviceAttr::CreateImplicit(Ctx));
    if (Cpu)
      FD->addAttr(CUDAHostAttr::CreateImplicit(Ctx));
    if (OnInferred)
      OnInferred(FD, Cpu);
    // Classes local to this member were completed while it was still cpu
    // code (its body is parsed before this class completes): they inherit
    // now, at any depth.
    for (Decl *Inner : FD->decls())
      if (auto *Local = dyn_cast<CXXRecordDecl>(Inner))
        if (!Local->isLambda() && Local->isThisDeclarationADefinition())
          inherit(Local, Amp, Cpu, OnInferred);
  }
}

} // namespace

void inferLocalClassRestrictions(
    TagDecl *D, llvm::function_ref<void(const FunctionDecl *, bool)> OnInferred) {
  auto *RD = dyn_cast<CXXRecordDecl>(D);
  // Lambdas' call operators get their restriction from their own rules.
  if (!RD || RD->isLambda() || !RD->isLocalClass())
    return;
  const FunctionDecl *Outer = enclosingFunction(RD);
  if (!Outer || !Outer->hasAttr<CUDADeviceAttr>())
    return; // cpu functions: the default restriction already applies
  inherit(RD, /*Amp=*/true, /*Cpu=*/Outer->hasAttr<CUDAHostAttr>(), OnInferred);
}

} // namespace ampcc
