//===- ElementParts.cpp - writes to parts of elements in memory -----------===//

#include "ElementParts.h"
#include "LaneLocals.h"

#include "ampcc/Analysis/AmpModel.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"

using namespace clang;

namespace ampcc {
namespace {

/// Walks statements for writes to parts of objects in memory that is not
/// theirs, and for the mentions of each such object's root.
class Scan : public RecursiveASTVisitor<Scan> {
public:
  explicit Scan(const SourceManager &SM) : SM(SM) {}

  bool Unsafe = false;
  /// Where a part of an element of Root is written: the name of the root
  /// there, the end of the writing expression, and whether a loop of the
  /// statements' own runs it again.
  struct Site {
    const Expr *Ref;
    SourceLocation End;
    bool InLoop;
  };
  llvm::DenseMap<const ValueDecl *, llvm::SmallVector<Site, 2>> Sites;
  llvm::DenseMap<const ValueDecl *, llvm::SmallVector<const Expr *, 4>> Mentions;

  bool TraverseForStmt(ForStmt *S) { return loop([&] { return Base::TraverseForStmt(S); }); }
  bool TraverseWhileStmt(WhileStmt *S) {
    return loop([&] { return Base::TraverseWhileStmt(S); });
  }
  bool TraverseDoStmt(DoStmt *S) { return loop([&] { return Base::TraverseDoStmt(S); }); }

  /// A property's set is its syntactic assignment; the setter call in the
  /// semantic form would count twice.
  bool TraversePseudoObjectExpr(PseudoObjectExpr *E) {
    return TraverseStmt(E->getSyntacticForm());
  }

  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    Mentions[DRE->getDecl()].push_back(DRE);
    return true;
  }
  bool VisitMemberExpr(MemberExpr *ME) {
    if (isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
      Mentions[ME->getMemberDecl()].push_back(ME);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      partWrite(BO->getLHS(), BO);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp())
      partWrite(UO->getSubExpr(), UO);
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OC) {
    const auto *MD = dyn_cast_or_null<CXXMethodDecl>(OC->getCalleeDecl());
    if (!MD || MD->isConst() || MD->isStatic() || OC->getOperator() == OO_Subscript ||
        OC->getOperator() == OO_Call)
      return true;
    // A class element assigned whole (`a[i] = s`, `v[i] += w`): its fields'
    // stores, then maybe reads of them.
    object(OC->getArg(0), OC, /*Always=*/!OC->isAssignmentOp());
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MC) {
    // A member function that changes its object reads and writes its
    // fields in one iteration: always unsafe on an element in memory.
    const CXXMethodDecl *MD = MC->getMethodDecl();
    if (MD && !MD->isConst() && !MD->isStatic() && !isInAmpNamespace(MD))
      object(MC->getImplicitObjectArgument(), MC, /*Always=*/true);
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    // An element passed to a program's function by non-const reference or
    // pointer: the function may read and write its parts.
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD || isInAmpNamespace(FD) || isa<CXXOperatorCallExpr>(CE))
      return true;
    for (unsigned I = 0; I < CE->getNumArgs() && I < FD->getNumParams(); ++I) {
      QualType T = FD->getParamDecl(I)->getType();
      QualType Pointee = T->isReferenceType() ? T->getPointeeType()
                         : T->isPointerType() ? T->getPointeeType()
                                              : QualType();
      if (Pointee.isNull() || Pointee.isConstQualified() || !Pointee->isRecordType())
        continue;
      const Expr *Arg = CE->getArg(I)->IgnoreParenImpCasts();
      if (const auto *UO = dyn_cast<UnaryOperator>(Arg); UO && UO->getOpcode() == UO_AddrOf)
        Arg = UO->getSubExpr();
      object(Arg, CE, /*Always=*/true);
    }
    return true;
  }

  /// Whether some root written in part is named again after the write
  /// (or anywhere else, where a loop repeats the write): a read before the
  /// write, as `S s = a[i]; ...; a[i] = s;`, is safe.
  bool unsafe() const {
    if (Unsafe)
      return true;
    for (const auto &[Root, RootSites] : Sites) {
      for (const Expr *M : Mentions.lookup(Root))
        for (const Site &S : RootSites)
          if (M != S.Ref && (S.InLoop || SM.isBeforeInTranslationUnit(S.End, M->getBeginLoc())))
            return true;
    }
    return false;
  }

private:
  using Base = RecursiveASTVisitor<Scan>;

  template <class F> bool loop(F Traverse) {
    ++Loops;
    bool R = Traverse();
    --Loops;
    return R;
  }

  /// A write to \p LValue: a field of a class object, or a short vector's
  /// component (a property), counts where the object is not a local.
  void partWrite(const Expr *LValue, const Expr *Write) {
    LValue = LValue->IgnoreParens();
    if (const auto *ME = dyn_cast<MemberExpr>(LValue)) {
      if (isa<FieldDecl>(ME->getMemberDecl()))
        object(ME, Write, /*Always=*/false);
    } else if (const auto *MP = dyn_cast<MSPropertyRefExpr>(LValue)) {
      object(MP->getBaseExpr(), Write, /*Always=*/false);
    }
  }

  /// \p Obj, or the object it is part of, is written: nothing where it is
  /// a local of the statements' own; unsafe with \p Always or where its
  /// root is unknown; else its root is recorded.
  void object(const Expr *Obj, const Expr *Write, bool Always) {
    const ValueDecl *Root = nullptr;
    const Expr *Ref = nullptr;
    bool Local = false;
    if (!rootOf(Obj, Root, Ref, Local))
      Unsafe = true;
    else if (!Local && Always)
      Unsafe = true;
    else if (!Local)
      Sites[Root].push_back({Ref, Write->getEndLoc(), Loops > 0});
  }

  /// Follows \p E through fields, subscripts and C++ AMP's accessors to
  /// the variable (or `this`'s field) it lies in; false through a pointer
  /// or anything else.
  static bool rootOf(const Expr *E, const ValueDecl *&Root, const Expr *&Ref, bool &Local) {
    bool Accessor = false;
    while (true) {
      E = E->IgnoreParens()->IgnoreImplicit()->IgnoreParens();
      if (const auto *ME = dyn_cast<MemberExpr>(E)) {
        if (ME->isArrow()) {
          if (!isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
            return false;
          Root = ME->getMemberDecl();
          Ref = ME;
          return true;
        }
        E = ME->getBase();
      } else if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
        E = ASE->getBase();
      } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
        // A view's or an array's element: in their memory, whatever the
        // view variable is.
        if (OC->getOperator() != OO_Subscript && OC->getOperator() != OO_Call)
          return false;
        Accessor = true;
        E = OC->getArg(0);
      } else if (const auto *MP = dyn_cast<MSPropertyRefExpr>(E)) {
        E = MP->getBaseExpr();
      } else if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
        const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        if (!VD)
          return false;
        Root = VD;
        Ref = DRE;
        Local = !Accessor && VD->hasLocalStorage() && !VD->getType()->isReferenceType() &&
                !DRE->refersToEnclosingVariableOrCapture();
        // A local pointer's element is not the local's.
        if (VD->getType()->isPointerType())
          return false;
        return true;
      } else {
        return false;
      }
    }
  }

  const SourceManager &SM;
  unsigned Loops = 0;
};

} // namespace

bool writesElementParts(const SourceManager &SM, llvm::ArrayRef<const Stmt *> Stmts) {
  Scan S(SM);
  for (const Stmt *St : Stmts)
    S.TraverseStmt(const_cast<Stmt *>(St));
  return S.unsafe();
}

bool writesElementParts(const FunctionDecl *FD) {
  // The kernel and every function of the program it calls, each alone: a
  // function that takes a view writes parts of its elements as well.
  const SourceManager &SM = FD->getASTContext().getSourceManager();
  return anyReachedFunction(
      FD, [&](const FunctionDecl *F) { return writesElementParts(SM, {F->getBody()}); });
}

} // namespace ampcc
