//===- PlanWalker.cpp - one walk over a body, filling its plan -----------===//
//
// The walk visits a body in evaluation order: declarations bind variables
// to the space of their initializers, calls and constructions key and plan
// their callees' clones first, returns fix where a returned reference
// points, and assignments of views and pointers into another space start a
// version of the variable (FunctionPlan::ViewVersion). A pointer declared
// without a target learns its space from its first assignment; when earlier
// uses saw another, the whole body is walked again (walkBody).
//
//===----------------------------------------------------------------------===//
#include "ClonePlanner.h"

#include "Lowering.h"
#include "ampcc/Analysis/AmpModel.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <functional>

using namespace clang;

namespace ampcc {

/// A view's or pointer's current version during the walk.
struct PlannedVersion {
  unsigned N = 0;
  AddrSpace FirstSpace = AddrSpace::Global;
  /// A pointer (its Space versions), not a view (its ViewSpace).
  bool Pointer = false;
};

/// One walk over a body, in evaluation order, filling a plan.
class ClonePlanner::Walker {
public:
  Walker(ClonePlanner &Planner, FunctionPlan &P,
         llvm::DenseMap<const VarDecl *, AddrSpace> &Learned)
      : Planner(Planner), P(P), Learned(Learned) {}

  void walk(const Stmt *S);
  /// \p E, when a value of a type holding views, is stored in \p Where,
  /// whose C type holds views of global memory.
  void stored(const Expr *E, const std::string &Where);
  void declare(const VarDecl *VD);
  /// The destruction of an object of type \p T in \p AS calls its
  /// destructor's clone.
  void destroyed(QualType T, AddrSpace AS, SourceLocation Loc,
                 AddrSpace ViewData = AddrSpace::Global);
  /// The views in \p E must view \p Expected, where \p What (for the
  /// message) keeps them.
  void sameSpace(const Expr *E, const std::string &What, AddrSpace Expected);
  /// A constructor's member or base initializer: the first that holds views
  /// decides where the object's views view.
  void initializes(const CXXCtorInitializer *Init);
  /// Pointer parameters are variables of the body's block: an assignment
  /// that is a statement of it may version them as it versions locals.
  void parameters(const FunctionDecl *Def);
  /// True when a pointer declared without a target learned a space
  /// different from the one its earlier uses saw.
  bool learnedLate() const { return LearnedLate; }

private:
  void call(const CallParts &Parts, const Expr *Site);
  void construct(const CXXConstructExpr *CE);
  void assign(const BinaryOperator *BO);
  void assignView(const CallParts &Parts, const Expr *Site);
  /// Starts a version of \p VD at \p Site, the statement assigning it
  /// something in \p New, when the rules allow (FunctionPlan::ViewVersion).
  bool startVersion(const VarDecl *VD, const Expr *Site, AddrSpace New, bool Pointer);
  void returns(const ReturnStmt *RS);
  void tileStatic(const VarDecl *VD);
  ASTContext &ctx() { return Planner.Ctx; }
  /// The image kernel the destructor of \p T's class belongs to.
  unsigned imageKernelOfDestructor(QualType T) {
    QualType Class = ctx().getBaseElementType(T.getNonReferenceType());
    return Planner.Reach.imageKernelFor(Class->getAsCXXRecordDecl()->getDestructor(),
                                     P.Key.ImageKernel);
  }

  ClonePlanner &Planner;
  FunctionPlan &P;
  /// Spaces of pointers declared without a target, from earlier walks.
  llvm::DenseMap<const VarDecl *, AddrSpace> &Learned;
  /// Pointers declared without a target, not yet assigned.
  llvm::SmallPtrSet<const VarDecl *, 4> Untargeted;
  bool SawReturn = false;
  bool SawViewInit = false;
  bool LearnedLate = false;
  /// The block being walked and its statement being walked (versions).
  const CompoundStmt *Block = nullptr;
  const Stmt *BlockStmt = nullptr;
  /// The block declaring each local view, and its current version.
  llvm::DenseMap<const VarDecl *, const CompoundStmt *> DeclBlock;
  llvm::DenseMap<const VarDecl *, PlannedVersion> Current;

public:
  /// The version-0 spaces, put back once the walk is done: declarations
  /// print the first version.
  void restoreFirstVersions() {
    for (auto &[VD, V] : Current)
      (V.Pointer ? P.Vars[VD].Space : P.Vars[VD].ViewSpace) = V.FirstSpace;
  }

private:
  /// May \p VD become another C variable at an assignment?
  bool versionable(const VarDecl *VD);
  /// The same for a pointer: named only to read its value, to assign,
  /// increment or decrement it.
  bool pointerVersionable(const VarDecl *VD);
  /// Does \p Allowed accept every name of \p VD in its function's body?
  bool everyName(const VarDecl *VD,
                 llvm::function_ref<bool(const DeclRefExpr *, const ParentMap &)> Allowed);
};

void ClonePlanner::Walker::walk(const Stmt *S) {
  if (!S)
    return;
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        declare(VD);
    return;
  }
  // A lambda's body is its call operator's, planned as a clone of its own
  // where it is called; here only the captures are evaluated.
  if (const auto *LE = dyn_cast<LambdaExpr>(S)) {
    for (const Expr *Init : LE->capture_inits()) {
      walk(Init);
      stored(Init, "a lambda's capture");
    }
    return;
  }
  if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
    walk(RS->getRetValue());
    return returns(RS);
  }
  // Default arguments and member initializers are not children, but are
  // printed where they are used.
  if (const auto *DAE = dyn_cast<CXXDefaultArgExpr>(S))
    return walk(DAE->getExpr());
  if (const auto *DIE = dyn_cast<CXXDefaultInitExpr>(S))
    return walk(DIE->getExpr());
  if (const auto *OVE = dyn_cast<OpaqueValueExpr>(S))
    return walk(OVE->getSourceExpr());
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    const CompoundStmt *OuterBlock = Block;
    const Stmt *OuterStmt = BlockStmt;
    for (const Stmt *Child : CS->body()) {
      Block = CS;
      BlockStmt = Child;
      walk(Child);
    }
    Block = OuterBlock;
    BlockStmt = OuterStmt;
    return;
  }

  for (const Stmt *Child : S->children())
    walk(Child);

  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    CallParts Parts;
    if (!isa<CXXPseudoDestructorExpr>(CE->getCallee()->IgnoreParens()) &&
        callParts(CE, Parts))
      call(Parts, CE);
  } else if (const auto *CCE = dyn_cast<CXXConstructExpr>(S)) {
    construct(CCE);
  } else if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    assign(BO);
  } else if (const auto *ILE = dyn_cast<InitListExpr>(S)) {
    // An aggregate's views all view one space, its first view's.
    AddrSpace First = Planner.viewSpaceOf(P, ILE);
    for (const Expr *Init : ILE->inits())
      if (holdsView(ctx(), Init->getType()))
        sameSpace(Init, "aggregate element", First);
  } else if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(S)) {
    destroyed(BTE->getType(), AddrSpace::Private, BTE->getBeginLoc(),
              Planner.viewSpaceOf(P, BTE));
  } else if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
    // A tile_static of an enclosing function, named by a local class's
    // member, reaches this function as one declared in a callee does.
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        VD && VD->hasAttr<CUDASharedAttr>())
      tileStatic(VD);
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (auto It = Current.find(VD); It != Current.end() && It->second.N > 0)
        P.VersionRefs[DRE] = {VD, It->second.N,
                              It->second.Pointer ? P.Vars[VD].Space : P.Vars[VD].ViewSpace};
  }
}

void ClonePlanner::Walker::declare(const VarDecl *VD) {
  const Expr *Init = VD->getInit();
  walk(Init);
  if (VD->hasAttr<CUDASharedAttr>())
    return tileStatic(VD);
  if (VD->isStaticLocal())
    return; // a restriction violation, reported by the checker
  QualType T = VD->getType();
  VarPlace V;
  if (T->isReferenceType()) {
    // A reference to a temporary (or a const reference without an
    // initializer) is its value, and so is one bound to what a call returns
    // as a value in C (`const V &d = light.dir();`, the callee returning a
    // `const V &`, which C functions return by value); any other reference
    // is a pointer.
    const Expr *Bound = Init ? ignoreFullExprAndImplicitCasts(Init) : nullptr;
    bool BindsTemporary = Bound && (isa<MaterializeTemporaryExpr>(Bound) ||
                                    !Init->IgnoreParens()->isGLValue() ||
                                    Planner.callReturnsValue(P, Bound));
    if (!BindsTemporary && Init) {
      V.IsRef = true;
      V.Space = Planner.spaceOf(P, Init);
      if (T->getPointeeType()->isPointerType())
        V.PointeeSpace = Planner.pointeeSpaceOf(P, Init);
    }
  } else if (T->isPointerType()) {
    // OpenCL 1.2 has no generic address space: a pointer declared without a
    // target (or as null) takes the space of the first non-null pointer
    // assigned to it.
    bool NoTarget = !Init || Init->isNullPointerConstant(
                                 ctx(), Expr::NPC_ValueDependentIsNotNull);
    if (NoTarget) {
      V.Space = Learned.lookup(VD);
      Untargeted.insert(VD);
    } else {
      V.Space = Planner.pointeeSpaceOf(P, Init);
    }
  }
  if (holdsView(ctx(), T) && Init)
    V.ViewSpace = Planner.viewSpaceOf(P, Init);
  if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
      Block && ((RD && isViewClass(RD)) || T->isPointerType()))
    DeclBlock[VD] = Block;
  P.Vars[VD] = V;
  if (!V.IsRef && !VD->isNRVOVariable())
    destroyed(T.getNonReferenceType(), AddrSpace::Private, VD->getLocation(), V.ViewSpace);
}

void ClonePlanner::Walker::parameters(const FunctionDecl *Def) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  for (const ParmVarDecl *PVD : Def->parameters())
    if (const VarPlace *V = P.var(PVD);
        Body && V && !V->IsRef && PVD->getType().getNonReferenceType()->isPointerType())
      DeclBlock[PVD] = Body;
}

void ClonePlanner::Walker::assign(const BinaryOperator *BO) {
  if (BO->getOpcode() != BO_Assign)
    return;
  const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->getType().getNonReferenceType()->isPointerType() ||
      BO->getRHS()->isNullPointerConstant(ctx(), Expr::NPC_ValueDependentIsNotNull))
    return;
  if (!Untargeted.count(VD)) {
    // A pointer given a pointer into another space: one C pointer cannot
    // point into two (OpenCL 1.2 has no generic space), so from a statement
    // of its own block on it is another C variable.
    if (const VarPlace *V = P.var(VD); V && !V->IsRef)
      startVersion(VD, BO, Planner.pointeeSpaceOf(P, BO->getRHS()), /*Pointer=*/true);
    return;
  }
  Untargeted.erase(VD);
  AddrSpace AS = Planner.pointeeSpaceOf(P, BO->getRHS());
  if (AS != P.Vars[VD].Space) {
    // Uses before this assignment (in a loop, the next iteration's) saw
    // another space: the walk is repeated with this one.
    Learned[VD] = AS;
    LearnedLate = true;
  }
}

void ClonePlanner::Walker::returns(const ReturnStmt *RS) {
  const Expr *E = RS->getRetValue();
  if (!E || E->getType()->isVoidType())
    return;
  if (holdsView(ctx(), E->getType()) && !P.ReturnsPointer) {
    AddrSpace AS = Planner.viewSpaceOf(P, E);
    if (SawReturn && AS != P.ReturnViewSpace)
      P.MixedSpaces.push_back({E->getBeginLoc(), "returned object's array_view", AS,
                               P.ReturnViewSpace});
    else
      P.ReturnViewSpace = AS;
    SawReturn = true;
    return;
  }
  AddrSpace AS;
  if (P.ReturnsPointer)
    AS = Planner.spaceOf(P, E);
  else if (E->getType()->isPointerType() &&
           !E->isNullPointerConstant(ctx(), Expr::NPC_ValueDependentIsNotNull))
    AS = Planner.pointeeSpaceOf(P, E);
  else
    return;
  if (SawReturn && AS != P.ReturnSpace)
    P.MixedSpaces.push_back(
        {E->getBeginLoc(), "returned reference or pointer", AS, P.ReturnSpace});
  else
    P.ReturnSpace = AS;
  SawReturn = true;
}

void ClonePlanner::Walker::tileStatic(const VarDecl *VD) {
  if (P.Vars.count(VD))
    return;
  VarPlace V;
  V.Space = AddrSpace::Local;
  if (!P.IsKernel) {
    // A called function receives the storage as a pointer parameter.
    if (VD->getType()->isArrayType())
      V.DecaysArray = true;
    else
      V.IsRef = true;
    P.TileStatics.push_back(VD);
  }
  P.Vars[VD] = V;
}

void ClonePlanner::Walker::call(const CallParts &Parts, const Expr *Site) {
  const auto *MD = dyn_cast<CXXMethodDecl>(Parts.FD);
  if (MD && isViewClass(MD->getParent()) &&
      MD->getOverloadedOperator() == OO_Equal && Parts.Args.size() == 1)
    assignView(Parts, Site);
  // Calls that do not go to a clone: the library's intrinsics, C struct
  // assignment, and calls to cpu functions (the checker reports those).
  if (isLibraryIntrinsic(Parts.FD, Parts.Args.size()) ||
      isTrivialAssignment(dyn_cast<CXXMethodDecl>(Parts.FD)) ||
      !isDeviceCallable(Parts.FD))
    return;
  CloneKey Key = Planner.cloneKey(P, Parts);
  const FunctionPlan &Callee = Planner.plan(Key, Site->getBeginLoc());
  P.Calls[Site] = Key;
  for (const VarDecl *VD : Callee.TileStatics)
    tileStatic(VD);
}

void ClonePlanner::Walker::assignView(const CallParts &Parts, const Expr *Site) {
  // A view is one C struct whose pointer has one space: views of another
  // space cannot be assigned to it.
  const Expr *Dest = Parts.Object->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Dest)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (VD && startVersion(VD, Site, Planner.viewSpaceOf(P, Parts.Args[0]), /*Pointer=*/false))
      return;
  }
  std::string What = "array_view";
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Dest))
    What += " '" + DRE->getDecl()->getNameAsString() + "'";
  else if (const auto *ME = dyn_cast<MemberExpr>(Dest))
    What = "member '" + ME->getMemberDecl()->getNameAsString() + "'";
  sameSpace(Parts.Args[0], What, Planner.viewSpaceOf(P, Parts.Object));
  (void)Site;
}

bool ClonePlanner::Walker::startVersion(const VarDecl *VD, const Expr *Site, AddrSpace New,
                                        bool Pointer) {
  AddrSpace &Space = Pointer ? P.Vars[VD].Space : P.Vars[VD].ViewSpace;
  const Stmt *Statement = BlockStmt;
  if (const auto *FE = dyn_cast_or_null<FullExpr>(Statement))
    Statement = FE->getSubExpr();
  if (New == Space || Statement != Site || DeclBlock.lookup(VD) != Block ||
      !(Pointer ? pointerVersionable(VD) : versionable(VD)))
    return false;
  PlannedVersion &Cur = Current[VD];
  if (Cur.N == 0) {
    Cur.FirstSpace = Space;
    Cur.Pointer = Pointer;
  }
  ++Cur.N;
  Space = New;
  P.VersionAssigns[Site] = {VD, Cur.N, New};
  return true;
}

bool ClonePlanner::Walker::everyName(
    const VarDecl *VD,
    llvm::function_ref<bool(const DeclRefExpr *, const ParentMap &)> Allowed) {
  const FunctionDecl *FD = dyn_cast<FunctionDecl>(VD->getDeclContext());
  if (!FD || !FD->getBody())
    return false;
  ParentMap PM(FD->getBody());
  bool Ok = true;
  std::function<void(const Stmt *)> Visit = [&](const Stmt *S) {
    if (!S || !Ok)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == VD)
      Ok = Allowed(DRE, PM);
    for (const Stmt *Child : S->children())
      Visit(Child);
  };
  Visit(FD->getBody());
  return Ok;
}

bool ClonePlanner::Walker::pointerVersionable(const VarDecl *VD) {
  // An address taken, a reference bound or a capture by reference could
  // see the old version; reads, assignments and steps name the current one.
  return everyName(VD, [](const DeclRefExpr *DRE, const ParentMap &PM) {
    const Stmt *Parent = PM.getParentIgnoreParens(const_cast<DeclRefExpr *>(DRE));
    if (const auto *ICE = dyn_cast_or_null<ImplicitCastExpr>(Parent))
      return ICE->getCastKind() == CK_LValueToRValue;
    if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Parent))
      return BO->isAssignmentOp() && BO->getLHS()->IgnoreParens() == DRE;
    if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Parent))
      return UO->isIncrementDecrementOp();
    return false;
  });
}

bool ClonePlanner::Walker::versionable(const VarDecl *VD) {
  // Every name of the variable in the function: the object of one of its
  // members or operators (view members are lowered on the C struct by
  // name), or the source of a copy. Anything else (a reference bound, an
  // address taken, a capture by reference) could see the old version.
  return everyName(VD, [](const DeclRefExpr *DRE, const ParentMap &PM) {
    const Stmt *Parent = PM.getParentIgnoreParenImpCasts(const_cast<DeclRefExpr *>(DRE));
    if (const auto *ME = dyn_cast_or_null<MemberExpr>(Parent))
      return !ME->isArrow();
    if (const auto *OC = dyn_cast_or_null<CXXOperatorCallExpr>(Parent))
      return OC->getNumArgs() > 0 && OC->getArg(0)->IgnoreParenImpCasts() == DRE;
    if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(Parent))
      return CE->getConstructor()->isCopyOrMoveConstructor();
    return false;
  });
}

void ClonePlanner::Walker::sameSpace(const Expr *E, const std::string &What,
                                     AddrSpace Expected) {
  AddrSpace AS = Planner.viewSpaceOf(P, E);
  if (AS != Expected)
    P.MixedSpaces.push_back({E->getBeginLoc(), What, AS, Expected});
}

void ClonePlanner::Walker::stored(const Expr *E, const std::string &Where) {
  if (!E || !holdsView(ctx(), E->getType()))
    return;
  AddrSpace AS = Planner.viewSpaceOf(P, E);
  if (AS != AddrSpace::Global)
    P.StoredViews.push_back({E->getBeginLoc(), AS, Where});
}

void ClonePlanner::Walker::initializes(const CXXCtorInitializer *Init) {
  walk(Init->getInit());
  if (!holdsView(ctx(), Init->getInit()->getType()))
    return;
  std::string What = Init->getMember() ? "member '" + Init->getMember()->getNameAsString() + "'"
                                        : std::string("base or delegated object");
  // The members initialized before it decided; `this` views the same.
  if (!SawViewInit) {
    SawViewInit = true;
    P.ThisViewSpace = P.ReturnViewSpace = Planner.viewSpaceOf(P, Init->getInit());
    return;
  }
  sameSpace(Init->getInit(), What, P.ThisViewSpace);
}

void ClonePlanner::Walker::construct(const CXXConstructExpr *CE) {
  if (constructsWithoutCall(CE))
    return;
  CallParts Parts;
  Parts.FD = CE->getConstructor();
  Parts.Args.assign(CE->arg_begin(), CE->arg_end());
  call(Parts, CE);
}

void ClonePlanner::Walker::destroyed(QualType T, AddrSpace AS, SourceLocation Loc,
                                     AddrSpace ViewData) {
  if (!Planner.Reach.needsDestruction(T))
    return;
  for (const VarDecl *VD :
       Planner.plan(destructorKey(ctx(), T, AS, ViewData, imageKernelOfDestructor(T)), Loc).TileStatics)
    tileStatic(VD);
}

void ClonePlanner::walkBody(const FunctionDecl *Def, FunctionPlan &P) {
  FunctionPlan Signature = P;
  llvm::DenseMap<const VarDecl *, AddrSpace> Learned;
  // Each repetition fixes the space of at least one more pointer declared
  // without a target; the bound only guards against a planner bug.
  for (unsigned Round = 0; Round < 8; ++Round) {
    P = Signature;
    Walker W(*this, P, Learned);
    W.parameters(Def);
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def))
      for (const CXXCtorInitializer *Init : Ctor->inits())
        W.initializes(Init);
    W.walk(Def->getBody());
    W.restoreFirstVersions();
    // A destructor destroys its members and bases, where `this` points.
    if (const auto *Dtor = dyn_cast<CXXDestructorDecl>(Def)) {
      for (const CXXBaseSpecifier &B : Dtor->getParent()->bases())
        W.destroyed(B.getType(), P.ThisSpace, B.getBeginLoc(), P.ThisViewSpace);
      for (const FieldDecl *F : Dtor->getParent()->fields())
        W.destroyed(F->getType(), P.ThisSpace, F->getLocation(), P.ThisViewSpace);
    }
    if (!W.learnedLate())
      return;
  }
}

} // namespace ampcc
