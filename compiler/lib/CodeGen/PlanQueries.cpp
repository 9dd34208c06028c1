//===- PlanQueries.cpp - where an expression points, from a plan ---------===//
//
// The planner's questions about one expression of a planned body: the space
// an lvalue lives in, the space a pointer points into, where a view's
// elements live, and the clone a call calls. Each is a pure function of
// the plan built so far and the AST, so the walk (PlanWalker.cpp) asks them
// as it goes and the printer asks them again with the finished plan.
//
//===----------------------------------------------------------------------===//
#include "ClonePlanner.h"

#include "Lowering.h"
#include "ampcc/Analysis/AmpModel.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace ampcc {

AddrSpace ClonePlanner::spaceOf(const FunctionPlan &P, const Expr *E) const {
  if (!E)
    return AddrSpace::Private;
  E = E->IgnoreParens();
  if (const auto *FE = dyn_cast<FullExpr>(E))
    return spaceOf(P, FE->getSubExpr());
  // The object of a property access is printed as its source expression
  // (PropertyLowering.cpp), so it lives where that does.
  if (const auto *OVE = dyn_cast<OpaqueValueExpr>(E))
    return spaceOf(P, OVE->getSourceExpr());
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
    if (ICE->getCastKind() == CK_NoOp || ICE->getCastKind() == CK_DerivedToBase ||
        ICE->getCastKind() == CK_UncheckedDerivedToBase)
      return spaceOf(P, ICE->getSubExpr());
    return AddrSpace::Private;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const VarPlace *V = P.var(DRE->getDecl());
    // A captured reference variable was captured by copy unless the
    // variable is bound to its closure field: then it is a value there.
    if (V && V->IsRef && (!DRE->refersToEnclosingVariableOrCapture() || V->Captured))
      return V->Space;
    if (V && V->DecaysArray)
      return V->Space;
    if (DRE->getDecl()->hasAttr<CUDASharedAttr>())
      return AddrSpace::Local;
    return AddrSpace::Private;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return ME->isArrow() ? pointeeSpaceOf(P, ME->getBase()) : spaceOf(P, ME->getBase());
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
    return pointeeSpaceOf(P, ASE->getBase());
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_Deref)
      return pointeeSpaceOf(P, UO->getSubExpr());
    if (UO->getOpcode() == UO_PreInc || UO->getOpcode() == UO_PreDec)
      return spaceOf(P, UO->getSubExpr());
    return AddrSpace::Private;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAssignmentOp())
      return spaceOf(P, BO->getLHS());
    if (BO->getOpcode() == BO_Comma)
      return spaceOf(P, BO->getRHS());
    return AddrSpace::Private;
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return spaceOf(P, CO->getTrueExpr());
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return CE->isGLValue() ? callResultSpace(P, CE) : AddrSpace::Private;
  return AddrSpace::Private;
}

AddrSpace ClonePlanner::pointeeSpaceOf(const FunctionPlan &P, const Expr *E) const {
  E = E->IgnoreParens();
  // An initializer whose temporaries need cleaning up (`&av[tidx]`, whose
  // tiled_index converts to an index temporary) points where its value does;
  // so does a pointer materialised to bind a reference (`T *&&`).
  if (const auto *FE = dyn_cast<FullExpr>(E))
    return pointeeSpaceOf(P, FE->getSubExpr());
  if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
    return pointeeSpaceOf(P, MTE->getSubExpr());
  // Implicit and explicit casts alike: (bool *)p points where p does.
  if (const auto *ICE = dyn_cast<CastExpr>(E)) {
    switch (ICE->getCastKind()) {
    case CK_ArrayToPointerDecay:
      return spaceOf(P, ICE->getSubExpr());
    case CK_LValueToRValue: {
      // The pointer read is a variable, or one chosen by an lvalue ?: or
      // the right of a comma (`b ? (--n, p) : q`).
      const Expr *Read = ICE->getSubExpr()->IgnoreParens();
      if (const auto *BO = dyn_cast<BinaryOperator>(Read);
          BO && BO->getOpcode() == BO_Comma)
        return pointeeSpaceOf(P, BO->getRHS());
      if (isa<DeclRefExpr, ConditionalOperator>(Read))
        return pointeeSpaceOf(P, Read);
      return AddrSpace::Private;
    }
    case CK_NoOp:
    case CK_BitCast:
    case CK_DerivedToBase:
    case CK_UncheckedDerivedToBase:
    case CK_BaseToDerived:
      return pointeeSpaceOf(P, ICE->getSubExpr());
    default:
      return AddrSpace::Private;
    }
  }
  if (isa<CXXThisExpr>(E))
    return P.ThisSpace;
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_AddrOf)
      return spaceOf(P, UO->getSubExpr());
    return pointeeSpaceOf(P, UO->getSubExpr()); // p++, --p, ...
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getLHS()->getType()->isPointerType())
      return pointeeSpaceOf(P, BO->getLHS());
    if (BO->getRHS()->getType()->isPointerType())
      return pointeeSpaceOf(P, BO->getRHS());
    return AddrSpace::Private;
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return pointeeSpaceOf(P, CO->getTrueExpr());
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return callResultSpace(P, CE);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const VarPlace *V = P.var(DRE->getDecl())) {
      if (auto It = P.VersionRefs.find(DRE); It != P.VersionRefs.end())
        return It->second.Space;
      // A reference to a pointer: its Space is where the pointer lives.
      QualType T = DRE->getDecl()->getType();
      if (V->IsRef && T->isReferenceType() && T->getPointeeType()->isPointerType())
        return V->PointeeSpace;
      return V->Space;
    }
  return AddrSpace::Private;
}

/// The operand whose views an expression's value holds, for expressions that
/// neither create nor call anything: wrappers, casts and copies keep the
/// data pointer, and a member or an element lives in its object or array,
/// whose views all view one space (a class holding views is one C struct
/// per space). Null for anything else.
static const Expr *viewCarrier(const Expr *E) {
  if (const auto *FE = dyn_cast<FullExpr>(E))
    return FE->getSubExpr();
  if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
    return MTE->getSubExpr();
  if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(E))
    return BTE->getSubExpr();
  if (const auto *OVE = dyn_cast<OpaqueValueExpr>(E))
    return OVE->getSourceExpr();
  if (const auto *CE = dyn_cast<CastExpr>(E))
    return CE->getSubExpr();
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return UO->getOpcode() == UO_Deref || UO->getOpcode() == UO_AddrOf ? UO->getSubExpr()
                                                                       : nullptr;
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return CO->getTrueExpr();
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_Comma)
      return BO->getRHS();
    if (BO->isAssignmentOp())
      return BO->getLHS();
    // Pointer arithmetic on a pointer to objects holding views.
    return BO->getLHS()->getType()->isPointerType() ? BO->getLHS() : BO->getRHS();
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return ME->getBase();
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
    return ASE->getBase();
  if (const auto *DAE = dyn_cast<CXXDefaultArgExpr>(E))
    return DAE->getExpr();
  if (const auto *DIE = dyn_cast<CXXDefaultInitExpr>(E))
    return DIE->getExpr();
  return nullptr;
}

AddrSpace ClonePlanner::viewSpaceOf(const FunctionPlan &P, const Expr *E) const {
  if (!E)
    return AddrSpace::Global;
  for (E = E->IgnoreParens(); const Expr *Carrier = viewCarrier(E);)
    E = Carrier->IgnoreParens();
  if (isa<CXXThisExpr>(E))
    return P.ThisViewSpace;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (auto It = P.VersionRefs.find(DRE); It != P.VersionRefs.end())
      return It->second.Space;
    const VarPlace *V = P.var(DRE->getDecl());
    return V ? V->ViewSpace : AddrSpace::Global;
  }
  if (const auto *ILE = dyn_cast<InitListExpr>(E)) {
    for (const Expr *Init : ILE->inits())
      if (holdsView(Ctx, Init->getType()))
        return viewSpaceOf(P, Init);
    return AddrSpace::Global;
  }
  if (const auto *CCE = dyn_cast<CXXConstructExpr>(E)) {
    const CXXRecordDecl *RD = CCE->getConstructor()->getParent();
    unsigned N = CCE->getNumArgs();
    if (isViewClass(RD)) {
      // array_view(extent, T *): over the memory the pointer points into;
      // array_view(T (&)[N]): over the array's.
      if (const Expr *M = viewedMemory(CCE))
        return M->getType()->isPointerType() ? pointeeSpaceOf(P, M) : spaceOf(P, M);
      if (N >= 1 && holdsView(Ctx, CCE->getArg(0)->getType()))
        return viewSpaceOf(P, CCE->getArg(0));
      return AddrSpace::Global;
    }
    // Copies that are C struct copies keep their source's views; other
    // constructors are clones, whose plan says what they store.
    if (constructsWithoutCall(CCE))
      return N == 1 ? viewSpaceOf(P, CCE->getArg(0)) : AddrSpace::Global;
    const FunctionPlan *Callee = calleePlan(P, CCE);
    return Callee ? Callee->ReturnViewSpace : AddrSpace::Global;
  }
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    CallParts Parts;
    if (!callParts(CE, Parts))
      return AddrSpace::Global;
    // Sections, projections, view_as, reinterpret_as and assignment: the
    // result views the object's data.
    const auto *MD = dyn_cast<CXXMethodDecl>(Parts.FD);
    if (MD && ((isViewClass(MD->getParent()) &&
                isLibraryIntrinsic(Parts.FD, Parts.Args.size())) ||
               isTrivialAssignment(MD)))
      return viewSpaceOf(P, Parts.Object);
    const FunctionPlan *Callee = calleePlan(P, CE);
    return Callee ? Callee->ReturnViewSpace : AddrSpace::Global;
  }
  return AddrSpace::Global;
}

AddrSpace ClonePlanner::callResultSpace(const FunctionPlan &P, const CallExpr *CE) const {
  CallParts Parts;
  if (!callParts(CE, Parts))
    return AddrSpace::Private;
  const auto *MD = dyn_cast<CXXMethodDecl>(Parts.FD);
  // Elements of array_views (and their data()) live where the view's data
  // does; an array's in global memory.
  if (MD && isViewClass(MD->getParent()))
    return viewSpaceOf(P, Parts.Object);
  // Trivial assignment is C assignment: it yields its left operand.
  if (isTrivialAssignment(MD))
    return Parts.ObjectIsPointer ? pointeeSpaceOf(P, Parts.Object)
                                 : spaceOf(P, Parts.Object);
  // Not a clone: reported where it is printed.
  const FunctionPlan *Callee = calleePlan(P, CE);
  return Callee ? Callee->ReturnSpace : AddrSpace::Private;
}

bool ClonePlanner::callReturnsValue(const FunctionPlan &P, const Expr *E) const {
  const auto *CE = dyn_cast<CallExpr>(E);
  if (!CE || !CE->isGLValue())
    return false;
  // The library's intrinsics and C assignment (no clone) yield lvalues.
  const FunctionPlan *Callee = calleePlan(P, CE);
  return Callee && !Callee->ReturnsPointer;
}

const FunctionPlan *ClonePlanner::calleePlan(const FunctionPlan &P, const Expr *Site) const {
  auto Call = P.Calls.find(Site);
  if (Call == P.Calls.end())
    return nullptr;
  auto Callee = Plans.find(Call->second);
  return Callee == Plans.end() ? nullptr : &Callee->second;
}

CloneKey ClonePlanner::cloneKey(const FunctionPlan &P, const CallParts &Parts) const {
  CloneKey Key;
  Key.FD = Parts.FD->getCanonicalDecl();
  // What an image kernel calls takes its images if it may use them.
  Key.ImageKernel = Reach.imageKernelFor(Parts.FD, P.Key.ImageKernel);
  const auto *MD = dyn_cast<CXXMethodDecl>(Parts.FD);
  if (MD && MD->isInstance() && !isa<CXXConstructorDecl>(MD) &&
      holdsView(Ctx, QualType(MD->getParent()->getTypeForDecl(), 0)))
    Key.ThisViewSpace = viewSpaceOf(P, Parts.Object);
  if (MD && MD->isInstance() && !isa<CXXConstructorDecl>(MD) && !MD->isConst()) {
    if (!Parts.ObjectIsPointer && isTemporary(Parts.Object))
      Key.ThisByValue = true; // a temporary has no address in C
    else
      Key.ThisSpace = Parts.ObjectIsPointer ? pointeeSpaceOf(P, Parts.Object)
                                            : spaceOf(P, Parts.Object);
  }
  for (unsigned I = 0; I < Parts.Args.size() && I < Parts.FD->getNumParams(); ++I) {
    QualType PT = Parts.FD->getParamDecl(I)->getType();
    AddrSpace AS = AddrSpace::Private, Inner = AddrSpace::Private;
    bool Temp = isTempPointer(PT, Parts.Args[I]);
    switch (Temp ? ArgPassing::Pointer : argPassing(PT)) {
    case ArgPassing::ArrayDecay:
      AS = spaceOf(P, Parts.Args[I]);
      break;
    case ArgPassing::Address:
      AS = spaceOf(P, Parts.Args[I]);
      if (PT->getPointeeType()->isPointerType())
        Inner = pointeeSpaceOf(P, Parts.Args[I]);
      break;
    case ArgPassing::Pointer:
      AS = pointeeSpaceOf(P, Parts.Args[I]);
      break;
    case ArgPassing::Value:
      break;
    }
    Key.TempPointers.push_back(Temp);
    Key.ParamSpaces.push_back(AS);
    Key.InnerSpaces.push_back(Inner);
    Key.ViewSpaces.push_back(holdsView(Ctx, PT)
                                 ? viewSpaceOf(P, Parts.Args[I])
                                 : AddrSpace::Global);
  }
  return Key;
}

} // namespace ampcc
