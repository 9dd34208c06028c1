//===- ReachAnalysis.cpp - what a function or a destruction reaches ------===//
#include "ReachAnalysis.h"

#include "ImageLowering.h"
#include "ampcc/Analysis/AmpModel.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace ampcc {

bool ReachAnalysis::needsDestruction(QualType T) {
  T = Ctx.getBaseElementType(T.getNonReferenceType());
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || RD->hasTrivialDestructor() ||
      isInAmpNamespace(RD))
    return false;
  auto [It, Inserted] = DestructionNeeded.try_emplace(RD, false);
  if (!Inserted)
    return It->second; // Also ends the recursion through incomplete types.
  bool Needs = false;
  if (const CXXDestructorDecl *Dtor = RD->getDestructor()) {
    const FunctionDecl *Def = nullptr;
    if (Dtor->isUserProvided() && Dtor->hasBody(Def)) {
      const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
      Needs = !Body || !Body->body_empty();
    }
  }
  for (const CXXBaseSpecifier &B : RD->bases())
    Needs = Needs || needsDestruction(B.getType());
  for (const FieldDecl *F : RD->fields())
    Needs = Needs || needsDestruction(F->getType());
  DestructionNeeded[RD] = Needs;
  return Needs;
}

unsigned ReachAnalysis::imageKernelFor(const FunctionDecl *FD, unsigned K) {
  if (!K || !FD)
    return 0;
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (MD && isImageIntrinsic(MD))
    return K;
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def))
    return 0;
  // Amp code does not recurse: a function met again while it is being
  // looked at adds nothing.
  auto [It, New] = ReachesImages.try_emplace(Def, false);
  if (!New)
    return It->second ? K : 0;
  struct Calls : RecursiveASTVisitor<Calls> {
    std::vector<const FunctionDecl *> Callees;
    bool shouldVisitImplicitCode() const { return true; }
    bool VisitCallExpr(CallExpr *CE) {
      if (const FunctionDecl *C = CE->getDirectCallee())
        Callees.push_back(C);
      return true;
    }
    bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
      Callees.push_back(CE->getConstructor());
      return true;
    }
  } Walk;
  Walk.TraverseStmt(Def->getBody());
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      Walk.TraverseStmt(Init->getInit());
  bool Reaches = false;
  for (const FunctionDecl *C : Walk.Callees)
    if ((Reaches = imageKernelFor(C, K) != 0))
      break;
  ReachesImages[Def] = Reaches;
  return Reaches ? K : 0;
}

} // namespace ampcc
