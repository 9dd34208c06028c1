//===- LaneLocals.cpp - locals that vector lanes would share --------------===//

#include "LaneLocals.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace ampcc {
namespace {

/// A declaration of C++ AMP's library (namespace Concurrency): its classes
/// hold arrays (index's `_M_base`) read at constant subscripts once
/// inlined, which Clang keeps in registers.
bool inAmpLibrary(const Decl *D) {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC); NS && NS->getName() == "Concurrency")
      return true;
  return false;
}

bool holdsArray(QualType T, unsigned Depth = 0) {
  T = T.getCanonicalType();
  if (T->isArrayType())
    return true;
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || inAmpLibrary(RD) || Depth > 8)
    return false;
  for (const FieldDecl *F : RD->fields())
    if (holdsArray(F->getType(), Depth + 1))
      return true;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (holdsArray(B.getType(), Depth + 1))
      return true;
  return false;
}

struct Finder : RecursiveASTVisitor<Finder> {
  llvm::function_ref<bool(const VarDecl *)> Elsewhere;
  /// With Callees, the functions met so far (each walked once).
  llvm::DenseSet<const FunctionDecl *> *Seen = nullptr;
  bool Found = false;

  bool shouldVisitLambdaBody() const { return false; }

  bool VisitVarDecl(VarDecl *VD) {
    if (VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) && !VD->hasAttr<CUDASharedAttr>() &&
        !Elsewhere(VD) && holdsArray(VD->getType()))
      Found = true;
    return !Found;
  }
  void callee(const FunctionDecl *FD) {
    const FunctionDecl *Def = nullptr;
    if (!Seen || !FD || inAmpLibrary(FD) || !FD->hasBody(Def) || !Seen->insert(Def).second)
      return;
    TraverseStmt(Def->getBody());
  }
  bool VisitCallExpr(CallExpr *CE) {
    callee(CE->getDirectCallee());
    return !Found;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
    callee(CE->getConstructor());
    return !Found;
  }
};

} // namespace

bool declaresLaneLocals(const Stmt *S, llvm::function_ref<bool(const VarDecl *)> Elsewhere) {
  Finder F;
  F.Elsewhere = Elsewhere;
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Found;
}

bool reachesLaneLocals(const FunctionDecl *FD) {
  llvm::DenseSet<const FunctionDecl *> Seen;
  auto Nowhere = [](const VarDecl *) { return false; };
  Finder F;
  F.Elsewhere = Nowhere;
  F.Seen = &Seen;
  F.callee(FD);
  return F.Found;
}

} // namespace ampcc
