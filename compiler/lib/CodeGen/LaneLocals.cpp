//===- LaneLocals.cpp - locals that vector lanes would share --------------===//

#include "LaneLocals.h"

#include "WorkItemLoops.h"
#include "ampcc/Analysis/AmpModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace ampcc {
namespace {

/// A record holding an array at any depth. C++ AMP's own classes do not
/// count: they hold arrays (index's `_M_base`) read at constant subscripts
/// once inlined, which Clang keeps in registers.
bool recordHoldsArray(QualType T, unsigned Depth = 0) {
  T = T.getCanonicalType();
  if (Depth > 0 && T->isArrayType())
    return true;
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || isInAmpNamespace(RD) || Depth > 8)
    return false;
  for (const FieldDecl *F : RD->fields())
    if (recordHoldsArray(F->getType(), Depth + 1))
      return true;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (recordHoldsArray(B.getType(), Depth + 1))
      return true;
  return false;
}

/// The locals of one function body (or one statement) kept in memory.
class Scan {
public:
  Scan(ASTContext &Ctx, llvm::function_ref<bool(const VarDecl *)> Elsewhere)
      : Ctx(Ctx), Elsewhere(Elsewhere) {}

  /// Over \p Stmts together: a declaration's uses may be in the statements
  /// after it.
  bool keepsLocalsInMemory(llvm::ArrayRef<const Stmt *> Stmts) {
    for (const Stmt *S : Stmts)
      collect(S);
    for (const Stmt *S : Stmts)
      walk(S);
    return InMemory;
  }

private:
  /// Array locals (Arrays), records holding arrays (InMemory), and the
  /// counters of loops that count between constants (Counters).
  void collect(const Stmt *S) {
    struct Collector : RecursiveASTVisitor<Collector> {
      Scan &Sc;
      explicit Collector(Scan &Sc) : Sc(Sc) {}
      bool shouldVisitLambdaBody() const { return false; }
      bool VisitVarDecl(VarDecl *VD) {
        if (!VD->hasLocalStorage() || isa<ParmVarDecl>(VD) || VD->hasAttr<CUDASharedAttr>() ||
            Sc.Elsewhere(VD))
          return true;
        if (VD->getType()->isArrayType())
          Sc.Arrays.insert(VD);
        else if (recordHoldsArray(VD->getType()))
          Sc.InMemory = true;
        return true;
      }
      bool VisitForStmt(ForStmt *FS) {
        Sc.countedLoop(FS);
        return true;
      }
    } C(*this);
    C.TraverseStmt(const_cast<Stmt *>(S));
  }

  /// `for (int i = c0; i < c1; ++i)` (any comparison with a constant, a
  /// step of one or a constant) whose body leaves i alone: LLVM unrolls it
  /// whole before it vectorises, or the loop around it is not innermost and
  /// is not vectorised.
  void countedLoop(const ForStmt *FS) {
    const auto *Init = dyn_cast_or_null<DeclStmt>(FS->getInit());
    const auto *VD = Init && Init->isSingleDecl() ? dyn_cast<VarDecl>(Init->getSingleDecl())
                                                  : nullptr;
    if (!VD || !VD->getType()->isIntegerType() || !VD->getInit() ||
        !VD->getInit()->isIntegerConstantExpr(Ctx))
      return;
    const auto *Cond = dyn_cast_or_null<BinaryOperator>(FS->getCond());
    if (!Cond || !Cond->isComparisonOp() || !isVar(Cond->getLHS(), VD) ||
        !Cond->getRHS()->isIntegerConstantExpr(Ctx))
      return;
    const Expr *Inc = FS->getInc() ? FS->getInc()->IgnoreParens() : nullptr;
    bool Step = false;
    if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Inc))
      Step = UO->isIncrementDecrementOp() && isVar(UO->getSubExpr(), VD);
    else if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc))
      Step = (CA->getOpcode() == BO_AddAssign || CA->getOpcode() == BO_SubAssign) &&
             isVar(CA->getLHS(), VD) && CA->getRHS()->isIntegerConstantExpr(Ctx);
    if (Step && !WorkItemLoops::mayChange(FS->getBody(), VD))
      Counters.insert(VD);
  }

  static bool isVar(const Expr *E, const VarDecl *VD) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == VD;
  }

  /// A subscript that is a constant once the counted loops are unrolled.
  bool fixedSubscript(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (E->isIntegerConstantExpr(Ctx))
      return true;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return Counters.contains(dyn_cast<VarDecl>(DRE->getDecl()));
    if (const auto *BO = dyn_cast<BinaryOperator>(E))
      return (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub ||
              BO->getOpcode() == BO_Mul) &&
             fixedSubscript(BO->getLHS()) && fixedSubscript(BO->getRHS());
    return false;
  }

  /// An array local is kept in registers where every use is an element at
  /// fixed subscripts, all of them given; any other use (a subscript known
  /// at run time, a pointer to it or to a row) keeps it in memory.
  void walk(const Stmt *S) {
    if (!S || InMemory)
      return;
    if (const auto *E = dyn_cast<Expr>(S)) {
      llvm::SmallVector<const Expr *, 3> Subscripts;
      const Expr *Base = E;
      while (const auto *ASE = dyn_cast<ArraySubscriptExpr>(Base->IgnoreParenImpCasts())) {
        Subscripts.push_back(ASE->getIdx());
        Base = ASE->getBase();
      }
      const auto *DRE = dyn_cast<DeclRefExpr>(Base->IgnoreParenImpCasts());
      const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if (VD && Arrays.contains(VD)) {
        unsigned Rank = 0;
        for (QualType T = VD->getType(); Ctx.getAsArrayType(T);
             T = Ctx.getAsArrayType(T)->getElementType())
          ++Rank;
        if (Subscripts.size() != Rank ||
            !llvm::all_of(Subscripts, [&](const Expr *I) { return fixedSubscript(I); }))
          InMemory = true;
        for (const Expr *I : Subscripts)
          walk(I);
        return;
      }
      if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_AddrOf) {
        const Expr *Sub = UO->getSubExpr()->IgnoreParenImpCasts();
        while (const auto *ASE = dyn_cast<ArraySubscriptExpr>(Sub))
          Sub = ASE->getBase()->IgnoreParenImpCasts();
        if (const auto *R = dyn_cast<DeclRefExpr>(Sub);
            R && Arrays.contains(dyn_cast<VarDecl>(R->getDecl()))) {
          InMemory = true;
          return;
        }
      }
    }
    if (const auto *LE = dyn_cast<LambdaExpr>(S)) {
      // A lambda capturing an array by reference holds its address.
      for (const LambdaCapture &C : LE->captures())
        if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef &&
            Arrays.contains(dyn_cast<VarDecl>(C.getCapturedVar())))
          InMemory = true;
      return;
    }
    for (const Stmt *Child : S->children())
      walk(Child);
  }

  ASTContext &Ctx;
  llvm::function_ref<bool(const VarDecl *)> Elsewhere;
  llvm::DenseSet<const VarDecl *> Arrays, Counters;
  bool InMemory = false;
};

} // namespace

void programCallees(const Stmt *S, llvm::SmallVectorImpl<const FunctionDecl *> &Out) {
  struct Finder : RecursiveASTVisitor<Finder> {
    llvm::SmallVectorImpl<const FunctionDecl *> &Out;
    explicit Finder(llvm::SmallVectorImpl<const FunctionDecl *> &Out) : Out(Out) {}
    void add(const FunctionDecl *FD) {
      const FunctionDecl *Def = nullptr;
      if (FD && !isInAmpNamespace(FD) && FD->hasBody(Def))
        Out.push_back(Def);
    }
    bool VisitCallExpr(CallExpr *CE) {
      add(CE->getDirectCallee());
      return true;
    }
    bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
      add(CE->getConstructor());
      return true;
    }
  } F(Out);
  F.TraverseStmt(const_cast<Stmt *>(S));
}

bool declaresLaneLocals(ASTContext &Ctx, llvm::ArrayRef<const Stmt *> Stmts,
                        llvm::function_ref<bool(const VarDecl *)> Elsewhere) {
  return Scan(Ctx, Elsewhere).keepsLocalsInMemory(Stmts);
}

bool anyReachedFunction(const FunctionDecl *FD,
                        llvm::function_ref<bool(const FunctionDecl *)> Pred) {
  llvm::DenseSet<const FunctionDecl *> Seen;
  llvm::SmallVector<const FunctionDecl *, 8> Work;
  const FunctionDecl *Def = nullptr;
  if (FD->hasBody(Def))
    Work.push_back(Def);
  while (!Work.empty()) {
    const FunctionDecl *F = Work.pop_back_val();
    if (!Seen.insert(F).second)
      continue;
    if (Pred(F))
      return true;
    programCallees(F->getBody(), Work);
  }
  return false;
}

bool reachesLaneLocals(ASTContext &Ctx, const FunctionDecl *FD) {
  auto Nowhere = [](const VarDecl *) { return false; };
  return anyReachedFunction(FD, [&](const FunctionDecl *F) {
    return Scan(Ctx, Nowhere).keepsLocalsInMemory({F->getBody()});
  });
}

} // namespace ampcc
