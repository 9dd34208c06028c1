//===- BarrierRules.cpp - tile barriers in divergent control flow -------===//
//
// Every thread of a tile must reach each tile_barrier::wait (spec 8.1.1):
// a barrier under a condition that differs between the threads of a tile
// deadlocks on GPUs or silently misbehaves. Visual C++ rejects it (C3561);
// so does ampcc, within one function: a condition is thread-varying when it
// reads a tiled_index's `local` or `global` member, or a local variable
// initialized or assigned from one. The tile's own index (`tile`,
// `tile_origin`) is the same for all its threads and is fine. Calls are not
// followed (a barrier in a callee called under such a condition is not
// found), so nothing is reported that Visual C++ would accept.
//
//===----------------------------------------------------------------------===//
#include "Rule.h"
#include "ampcc/Analysis/KernelFinder.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace ampcc {

namespace {

bool isTiledIndexMember(const MemberExpr *ME) {
  const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
  if (!FD || !FD->getIdentifier() ||
      (FD->getName() != "local" && FD->getName() != "global"))
    return false;
  return isAmpClass(dyn_cast<CXXRecordDecl>(FD->getParent()), "tiled_index");
}

/// Finds, in source order, the thread-varying conditions around each
/// barrier call of one function body.
class Walker : public RecursiveASTVisitor<Walker> {
public:
  explicit Walker(CheckContext &C) : C(C) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; } // its own function
  bool TraverseCXXRecordDecl(CXXRecordDecl *) { return true; }

  bool VisitVarDecl(VarDecl *VD) {
    if (VD->getInit() && varying(VD->getInit()))
      Varying.insert(VD);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp() && varying(BO->getRHS()))
      if (const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
        Varying.insert(DRE->getDecl());
    return true;
  }

  bool TraverseIfStmt(IfStmt *S) { return guarded(S->getCond(), S); }
  bool TraverseWhileStmt(WhileStmt *S) { return guarded(S->getCond(), S); }
  bool TraverseDoStmt(DoStmt *S) { return guarded(S->getCond(), S); }
  bool TraverseForStmt(ForStmt *S) {
    if (S->getInit())
      TraverseStmt(S->getInit());
    return guarded(S->getCond(), S);
  }
  bool TraverseSwitchStmt(SwitchStmt *S) { return guarded(S->getCond(), S); }
  bool TraverseConditionalOperator(ConditionalOperator *E) {
    return guarded(E->getCond(), E);
  }

  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *CE) {
    const CXXMethodDecl *MD = CE->getMethodDecl();
    if (!Guard || !MD || !MD->getName().starts_with("wait") ||
        !isAmpClass(MD->getParent(), "tile_barrier"))
      return true;
    if (C.error(CE->getExprLoc(), Diag::err_restrict_barrier_divergent,
                CE->getSourceRange()))
      C.note(Guard->getBeginLoc(), Diag::note_restrict_divergent_condition)
          << GuardText << Guard->getSourceRange();
    return true;
  }

private:
  /// Traverses \p S (whose condition is \p Cond) with the condition in force
  /// when it is thread-varying.
  bool guarded(Expr *Cond, Stmt *S) {
    const Expr *Saved = Guard;
    std::string SavedText = GuardText;
    if (!Guard && Cond && varying(Cond)) {
      Guard = Cond;
      GuardText = Why;
    }
    for (Stmt *Child : S->children())
      if (Child)
        TraverseStmt(Child);
    Guard = Saved;
    GuardText = SavedText;
    return true;
  }

  /// Does \p E read a thread-varying value? Sets Why to what it reads.
  bool varying(const Expr *E) {
    if (!E)
      return false;
    if (const auto *ME = dyn_cast<MemberExpr>(E); ME && isTiledIndexMember(ME)) {
      Why = ME->getMemberDecl()->getName().str();
      return true;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E); DRE && Varying.count(DRE->getDecl())) {
      Why = DRE->getDecl()->getName().str();
      return true;
    }
    for (const Stmt *Child : E->children())
      if (const auto *CE = dyn_cast_or_null<Expr>(Child); CE && varying(CE))
        return true;
    return false;
  }

  CheckContext &C;
  llvm::SmallPtrSet<const ValueDecl *, 8> Varying;
  const Expr *Guard = nullptr;
  std::string GuardText, Why;
};

class BarrierRules : public Rule {
public:
  void checkFunction(const FunctionDecl *FD, CheckContext &C) override {
    if (const Stmt *Body = FD->getBody())
      Walker(C).TraverseStmt(const_cast<Stmt *>(Body));
  }
};

} // namespace

std::unique_ptr<Rule> createBarrierRules() { return std::make_unique<BarrierRules>(); }

} // namespace ampcc
