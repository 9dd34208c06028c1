//===- BarrierRules.cpp - tile barriers in divergent control flow -------===//
//
// Every thread of a tile must reach each tile_barrier::wait (spec 8.1.1):
// a barrier under a condition that differs between the threads of a tile
// deadlocks on GPUs or silently misbehaves. Visual C++ rejects it (C3561);
// so does ampcc, within one function: a condition is thread-varying when it
// reads a tiled_index's `local` or `global` member, or a local variable
// that holds a value computed from one *where the condition is evaluated*.
// That is a forward dataflow over Clang's CFG of the function: an
// initialization or assignment from a thread-varying value makes a variable
// varying, one from a uniform value makes it uniform again, and paths join
// by union (a variable varying on any path into a point is varying there).
// So `i = t.local[0]; ...; for (i = 4; i > 0; --i) barrier.wait();` is fine.
// The tile's own index (`tile`, `tile_origin`) is the same for all its
// threads. Calls are not followed (a barrier in a callee called under such a
// condition is not found), so nothing is reported that Visual C++ would
// accept.
//
//===----------------------------------------------------------------------===//
#include "Rule.h"
#include "ampcc/Analysis/KernelFinder.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseMap.h"
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

/// A call of tile_barrier::wait, wait_with_all_memory_fence, ...
bool isBarrierWait(const CXXMemberCallExpr *CE) {
  const CXXMethodDecl *MD = CE->getMethodDecl();
  return MD && MD->getName().starts_with("wait") &&
         isAmpClass(MD->getParent(), "tile_barrier");
}

/// Does the body wait at a tile barrier (not counting lambdas in it, which
/// are functions of their own)? Only then is the dataflow worth building.
class BarrierFinder : public RecursiveASTVisitor<BarrierFinder> {
public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool TraverseCXXRecordDecl(CXXRecordDecl *) { return true; }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *CE) {
    Found = isBarrierWait(CE);
    return !Found; // Stop at the first.
  }
  bool Found = false;
};

using VarSet = llvm::SmallPtrSet<const ValueDecl *, 8>;

/// Does \p E read a thread-varying value, given the variables \p Varying
/// that hold one? Sets \p Why to what it reads.
bool readsVarying(const Expr *E, const VarSet &Varying, std::string &Why) {
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
    if (const auto *CE = dyn_cast_or_null<Expr>(Child); CE && readsVarying(CE, Varying, Why))
      return true;
  return false;
}

/// The forward dataflow over the function's CFG: which variables hold a
/// thread-varying value at the end of each block, and so at the condition
/// of each branch or loop (the block's terminator).
class VaryingFlow {
public:
  VaryingFlow(const FunctionDecl *FD, ASTContext &Ctx) {
    CFG::BuildOptions Opts;
    Opts.setAllAlwaysAdd();
    Graph = CFG::buildCFG(FD, FD->getBody(), &Ctx, Opts);
    if (!Graph)
      return;
    llvm::DenseMap<const CFGBlock *, VarSet> Out;
    // Every block, again and again until nothing changes; the sets only
    // grow (union at joins of monotone transfers), so this ends. (Not
    // llvm's post-order walk: a CFG's successor lists hold null entries
    // for unreachable edges.)
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (const CFGBlock *B : *Graph) {
        VarSet State;
        for (const CFGBlock *Pred : B->preds())
          if (Pred)
            if (auto It = Out.find(Pred); It != Out.end())
              State.insert(It->second.begin(), It->second.end());
        for (const CFGElement &E : *B)
          if (std::optional<CFGStmt> S = E.getAs<CFGStmt>())
            transfer(S->getStmt(), State);
        VarSet &Old = Out[B];
        if (State.size() != Old.size()) {
          Old = std::move(State);
          Changed = true;
        }
      }
    }
    for (const CFGBlock *B : *Graph)
      if (const Stmt *T = B->getTerminatorStmt())
        AtTerminator[T] = Out[B];
  }

  /// The varying variables where \p S (an if, loop, switch or ?:) tests
  /// its condition; null when the CFG could not be built.
  const VarSet *at(const Stmt *S) const {
    auto It = AtTerminator.find(S);
    return It == AtTerminator.end() ? nullptr : &It->second;
  }

private:
  static void transfer(const Stmt *S, VarSet &State) {
    std::string Why;
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D)) {
          if (VD->getInit() && readsVarying(VD->getInit(), State, Why))
            State.insert(VD);
          else
            State.erase(VD);
        }
      return;
    }
    const auto *BO = dyn_cast<BinaryOperator>(S);
    if (!BO || !BO->isAssignmentOp())
      return;
    const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
    if (!DRE)
      return;
    if (readsVarying(BO->getRHS(), State, Why))
      State.insert(DRE->getDecl());
    else if (BO->getOpcode() == BO_Assign)
      State.erase(DRE->getDecl()); // `x += uniform` keeps what x was.
  }

  std::unique_ptr<CFG> Graph;
  llvm::DenseMap<const Stmt *, VarSet> AtTerminator;
};

/// Finds, in source order, the thread-varying conditions around each
/// barrier call of one function body.
class Walker : public RecursiveASTVisitor<Walker> {
public:
  Walker(CheckContext &C, const VaryingFlow &Flow) : C(C), Flow(Flow) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; } // its own function
  bool TraverseCXXRecordDecl(CXXRecordDecl *) { return true; }

  // Every variable that is ever varying: what a condition the CFG does not
  // show (it could not be built) is judged by.
  bool VisitVarDecl(VarDecl *VD) {
    if (VD->getInit() && readsVarying(VD->getInit(), EverVarying, Why))
      EverVarying.insert(VD);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp() && readsVarying(BO->getRHS(), EverVarying, Why))
      if (const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
        EverVarying.insert(DRE->getDecl());
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
    if (!Guard || !isBarrierWait(CE))
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
    const VarSet *Varying = Flow.at(S);
    if (!Guard && Cond && readsVarying(Cond, Varying ? *Varying : EverVarying, Why)) {
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

  CheckContext &C;
  const VaryingFlow &Flow;
  VarSet EverVarying;
  const Expr *Guard = nullptr;
  std::string GuardText, Why;
};

class BarrierRules : public Rule {
public:
  void checkFunction(const FunctionDecl *FD, CheckContext &C) override {
    const Stmt *Body = FD->getBody();
    BarrierFinder Barriers;
    if (Body)
      Barriers.TraverseStmt(const_cast<Stmt *>(Body));
    // Most amp functions have no barrier: no CFG, no dataflow, no walk.
    if (Barriers.Found) {
      VaryingFlow Flow(FD, C.ast());
      Walker(C, Flow).TraverseStmt(const_cast<Stmt *>(Body));
    }
  }
};

} // namespace

std::unique_ptr<Rule> createBarrierRules() { return std::make_unique<BarrierRules>(); }

} // namespace ampcc
