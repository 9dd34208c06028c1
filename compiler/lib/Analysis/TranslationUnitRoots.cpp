//===- TranslationUnitRoots.cpp - where walks of the file start ----------===//
#include "ampcc/Analysis/TranslationUnitRoots.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace ampcc {

void InstantiationRecorder::add(const Decl *Template, const Decl *D) {
  // A specialization the reader loaded is the header's; one of a template
  // the file declared is reached from that template.
  if (!Template->isFromASTFile() || D->isFromASTFile())
    return;
  Decls.push_back(const_cast<Decl *>(D));
}

void InstantiationRecorder::AddedCXXTemplateSpecialization(
    const ClassTemplateDecl *TD, const ClassTemplateSpecializationDecl *D) {
  add(TD, D);
}

void InstantiationRecorder::AddedCXXTemplateSpecialization(
    const VarTemplateDecl *TD, const VarTemplateSpecializationDecl *D) {
  add(TD, D);
}

void InstantiationRecorder::AddedCXXTemplateSpecialization(const FunctionTemplateDecl *TD,
                                                           const FunctionDecl *D) {
  add(TD, D);
}

void InstantiationRecorder::FunctionDefinitionInstantiated(const FunctionDecl *D) {
  // A member of a specialization the header made, defined by this file
  // (one the file made is reached through its class).
  if (D->isFromASTFile())
    Decls.push_back(const_cast<FunctionDecl *>(D));
}

void InstantiationRecorder::VariableDefinitionInstantiated(const VarDecl *D) {
  if (D->isFromASTFile())
    Decls.push_back(const_cast<VarDecl *>(D));
}

TranslationUnitRoots TranslationUnitRoots::whole(ASTContext &Ctx) {
  TranslationUnitRoots R;
  R.Decls.push_back(Ctx.getTranslationUnitDecl());
  return R;
}

TranslationUnitRoots TranslationUnitRoots::of(ASTContext &Ctx,
                                              const InstantiationRecorder *Recorded) {
  if (!Recorded || !Ctx.getExternalSource())
    return whole(Ctx);
  TranslationUnitRoots R;
  R.Whole = false;
  // noload_decls: the declarations parsed here (and any the reader has
  // loaded already, which the filter drops) without loading the rest.
  for (Decl *D : Ctx.getTranslationUnitDecl()->noload_decls())
    if (!D->isFromASTFile())
      R.Decls.push_back(D);
  // Each once, in the order the file instantiated them.
  llvm::SmallPtrSet<const Decl *, 32> Seen;
  for (Decl *D : Recorded->decls())
    if (Seen.insert(D).second)
      R.Decls.push_back(D);
  return R;
}

bool TranslationUnitRoots::isInstantiation(const Decl *D) {
  if (const auto *FD = dyn_cast<FunctionDecl>(D))
    return FD->isTemplateInstantiation();
  if (const auto *CS = dyn_cast<ClassTemplateSpecializationDecl>(D))
    return CS->getSpecializationKind() != TSK_ExplicitSpecialization;
  if (const auto *VS = dyn_cast<VarTemplateSpecializationDecl>(D))
    return VS->getSpecializationKind() != TSK_ExplicitSpecialization;
  if (const auto *VD = dyn_cast<VarDecl>(D))
    return VD->isStaticDataMember() && VD->getTemplateSpecializationKind() == TSK_ImplicitInstantiation;
  return false;
}

} // namespace ampcc
