//===- AtomicOnlyViews.cpp - views a kernel only updates atomically -------===//

#include "AtomicOnlyViews.h"

#include "ampcc/Analysis/AmpModel.h"
#include "ampcc/host_kernel_abi.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace ampcc {
namespace {

const Expr *strip(const Expr *E) {
  for (;;) {
    const Expr *Next = E->IgnoreParenImpCasts()->IgnoreImplicit();
    if (Next == E)
      return E;
    E = Next;
  }
}

/// The kind of update of an atomic of <amp.h> on 32-bit integers whose
/// updates may be regrouped (a subtraction adds the negation modulo 2^32),
/// or AMPCC_OWN_NONE (exchange, compare-exchange).
unsigned atomicKind(const CallExpr *CE) {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD || !FD->getIdentifier() || !isInAmpNamespace(FD) || CE->getNumArgs() < 1)
    return AMPCC_OWN_NONE;
  QualType Elem = CE->getArg(0)->getType()->getPointeeType();
  if (Elem.isNull() || !Elem->isIntegerType() || FD->getASTContext().getTypeSize(Elem) != 32)
    return AMPCC_OWN_NONE;
  bool Signed = Elem->isSignedIntegerType();
  return llvm::StringSwitch<unsigned>(FD->getName())
      .Cases("atomic_fetch_add", "atomic_fetch_sub", "atomic_fetch_inc", "atomic_fetch_dec",
             AMPCC_OWN_ADD)
      .Case("atomic_fetch_max", Signed ? AMPCC_OWN_MAX_INT : AMPCC_OWN_MAX_UINT)
      .Case("atomic_fetch_min", Signed ? AMPCC_OWN_MIN_INT : AMPCC_OWN_MIN_UINT)
      .Case("atomic_fetch_and", AMPCC_OWN_AND)
      .Case("atomic_fetch_or", AMPCC_OWN_OR)
      .Case("atomic_fetch_xor", AMPCC_OWN_XOR)
      .Default(AMPCC_OWN_NONE);
}

/// Calls whose value the kernel drops: statements of their own, a void
/// cast's operand, a comma's left side, a for loop's increment.
class DroppedCalls : public RecursiveASTVisitor<DroppedCalls> {
public:
  llvm::SmallVector<const CallExpr *, 8> Calls;

  void note(const Stmt *S) {
    const auto *E = dyn_cast_or_null<Expr>(S);
    while (E) {
      E = E->IgnoreParens();
      if (const auto *FE = dyn_cast<FullExpr>(E)) {
        E = FE->getSubExpr();
      } else if (const auto *CE = dyn_cast<ExplicitCastExpr>(E);
                 CE && CE->getType()->isVoidType()) {
        E = CE->getSubExpr();
      } else if (const auto *BO = dyn_cast<BinaryOperator>(E);
                 BO && BO->getOpcode() == BO_Comma) {
        note(BO->getLHS());
        E = BO->getRHS();
      } else {
        break;
      }
    }
    if (const auto *CE = dyn_cast_or_null<CallExpr>(E))
      Calls.push_back(CE);
  }

  bool VisitCompoundStmt(CompoundStmt *S) {
    for (const Stmt *Child : S->body())
      note(Child);
    return true;
  }
  bool VisitIfStmt(IfStmt *S) {
    note(S->getThen());
    note(S->getElse());
    return true;
  }
  bool VisitForStmt(ForStmt *S) {
    note(S->getBody());
    note(S->getInc());
    return true;
  }
  bool VisitWhileStmt(WhileStmt *S) {
    note(S->getBody());
    return true;
  }
  bool VisitDoStmt(DoStmt *S) {
    note(S->getBody());
    return true;
  }
  bool VisitSwitchCase(SwitchCase *S) {
    note(S->getSubStmt());
    return true;
  }
  bool VisitLabelStmt(LabelStmt *S) {
    note(S->getSubStmt());
    return true;
  }
  bool VisitAttributedStmt(AttributedStmt *S) {
    note(S->getSubStmt());
    return true;
  }
  // A nested lambda's body is another function: its atomics are not the
  // kernel's own.
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
};

} // namespace

AtomicOnlyViews::AtomicOnlyViews(
    const CXXMethodDecl *Op,
    const llvm::DenseMap<const ValueDecl *, const FieldDecl *> &FieldOfVar) {
  const CXXRecordDecl *Closure = Op->getParent();
  // The capture an expression names, as a whole: `v` or a functor's `v`.
  auto CaptureOf = [&](const Expr *E) -> const FieldDecl * {
    E = strip(E);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return FieldOfVar.lookup(DRE->getDecl());
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
      if (F && F->getParent() == Closure && isa<CXXThisExpr>(strip(ME->getBase())))
        return F;
    }
    return nullptr;
  };

  // Mentions of a view that are a mergeable atomic's target, and each
  // view's kind (AMPCC_OWN_NONE once it has two).
  DroppedCalls Dropped;
  Dropped.TraverseStmt(Op->getBody());
  llvm::DenseSet<const Expr *> Accepted;
  llvm::DenseMap<const FieldDecl *, llvm::SmallVector<const Expr *, 4>> SitesOf;
  llvm::DenseMap<const FieldDecl *, unsigned> KindOf;
  for (const CallExpr *CE : Dropped.Calls) {
    unsigned Kind = atomicKind(CE);
    if (Kind == AMPCC_OWN_NONE)
      continue;
    const auto *Addr = dyn_cast<UnaryOperator>(strip(CE->getArg(0)));
    if (!Addr || Addr->getOpcode() != UO_AddrOf)
      continue;
    // v[i], v(i, j), v[i][j]: element accesses of views down to the capture.
    const Expr *Obj = strip(Addr->getSubExpr());
    bool Access = false;
    while (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Obj)) {
      if ((OC->getOperator() != OO_Subscript && OC->getOperator() != OO_Call) ||
          !viewShape(OC->getArg(0)->getType()))
        break;
      Access = true;
      Obj = strip(OC->getArg(0));
    }
    // The innermost access's object is a view, so a capture it names is one.
    const FieldDecl *F = Access ? CaptureOf(Obj) : nullptr;
    if (F) {
      Accepted.insert(Obj);
      SitesOf[F].push_back(CE->getArg(0));
      auto [It, New] = KindOf.try_emplace(F, Kind);
      if (!New && It->second != Kind)
        It->second = AMPCC_OWN_NONE;
    }
  }

  // Any other mention of the view, or one in a nested lambda, leaves it out.
  struct Mentions : RecursiveASTVisitor<Mentions> {
    llvm::function_ref<const FieldDecl *(const Expr *)> CaptureOf;
    const llvm::DenseSet<const Expr *> &Accepted;
    llvm::DenseSet<const FieldDecl *> Rejected;
    unsigned LambdaDepth = 0;
    Mentions(llvm::function_ref<const FieldDecl *(const Expr *)> CaptureOf,
             const llvm::DenseSet<const Expr *> &Accepted)
        : CaptureOf(CaptureOf), Accepted(Accepted) {}
    void mention(const Expr *E) {
      if (const FieldDecl *F = CaptureOf(E))
        if (LambdaDepth || !Accepted.contains(E))
          Rejected.insert(F);
    }
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      mention(E);
      return true;
    }
    bool VisitMemberExpr(MemberExpr *E) {
      mention(E);
      return true;
    }
    bool TraverseLambdaExpr(LambdaExpr *E) {
      ++LambdaDepth;
      bool R = RecursiveASTVisitor::TraverseLambdaExpr(E);
      --LambdaDepth;
      return R;
    }
  } M(CaptureOf, Accepted);
  M.TraverseStmt(Op->getBody());

  for (const auto &[F, Dests] : SitesOf) {
    if (M.Rejected.contains(F) || KindOf.lookup(F) == AMPCC_OWN_NONE)
      continue;
    Fields[F] = KindOf.lookup(F);
    for (const Expr *Dest : Dests)
      Sites[Dest] = F;
  }
}

} // namespace ampcc
