//===- ClonePlanner.cpp - address spaces decided before printing --------===//
//
// A clone's plan is computed by one walk over its body in evaluation order:
// a variable's space comes from its initializer (whose variables are
// planned already), a call's clone from its arguments' spaces, and the
// callee is planned before the walk goes on, so its return space is known
// where the call's result is used. C++ AMP forbids recursion, so the call
// graph is a DAG and planning callees first terminates.
//
//===----------------------------------------------------------------------===//
#include "ClonePlanner.h"

#include "Lowering.h"
#include "ampcc/Analysis/AmpModel.h"
#include "ampcc/Support/Diagnostics.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <functional>

using namespace clang;

namespace ampcc {

// --- Shared rules -------------------------------------------------------------

bool holdsView(ASTContext &Ctx, QualType T) {
  T = T.getNonReferenceType();
  if (T->isPointerType())
    T = T->getPointeeType();
  const auto *RD = Ctx.getBaseElementType(T)->getAsCXXRecordDecl();
  // Lambdas inside amp code keep views of global memory (their captures
  // are checked where they are made).
  return RD && !RD->isLambda() && holdsAmpContainer(QualType(RD->getTypeForDecl(), 0));
}

bool callParts(const CallExpr *CE, CallParts &P) {
  P.FD = CE->getDirectCallee();
  if (!P.FD)
    return false;
  P.Args.assign(CE->arg_begin(), CE->arg_end());
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE)) {
    P.Object = MCE->getImplicitObjectArgument();
    if (const auto *ME = dyn_cast<MemberExpr>(MCE->getCallee()->IgnoreParens()))
      P.ObjectIsPointer = ME->isArrow();
  } else if (const auto *MD = dyn_cast<CXXMethodDecl>(P.FD);
             MD && MD->isInstance() && isa<CXXOperatorCallExpr>(CE)) {
    P.Object = P.Args.front();
    P.Args.erase(P.Args.begin());
  }
  return true;
}

ArgPassing argPassing(QualType PT) {
  if (PT->isReferenceType() && PT->getPointeeType()->isArrayType())
    return ArgPassing::ArrayDecay;
  if (isPointerLoweredRef(PT))
    return ArgPassing::Address;
  if (PT->isPointerType())
    return ArgPassing::Pointer;
  return ArgPassing::Value;
}

ArgPassing argPassing(const CloneKey &Key, unsigned I, QualType PT) {
  return I < Key.TempPointers.size() && Key.TempPointers[I] ? ArgPassing::Pointer
                                                            : argPassing(PT);
}

bool isTrivialAssignment(const CXXMethodDecl *MD) {
  return MD && MD->isTrivial() &&
         (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator());
}

bool isDeviceCallable(const FunctionDecl *FD) {
  return FD->hasAttr<CUDADeviceAttr>() || FD->isConstexpr() || FD->isImplicit();
}

bool isTemporary(const Expr *E) {
  for (;;) {
    E = E->IgnoreParens();
    const auto *ICE = dyn_cast<ImplicitCastExpr>(E);
    if (!ICE || ICE->getCastKind() != CK_NoOp)
      break;
    E = ICE->getSubExpr();
  }
  return isa<MaterializeTemporaryExpr>(E) || !E->isGLValue();
}

bool isTempPointer(QualType PT, const Expr *Arg) {
  return PT->isRValueReferenceType() && PT->getPointeeType()->isPointerType() &&
         isTemporary(Arg);
}

bool isLibraryIntrinsic(const FunctionDecl *FD, unsigned NumArgs) {
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (!MD) {
    if (!isInAmpNamespace(FD))
      return false;
    const auto *NS = dyn_cast<NamespaceDecl>(FD->getDeclContext());
    StringRef Space = NS ? NS->getName() : "";
    if (Space == "fast_math" || Space == "precise_math")
      return true;
    if (FD->getName().starts_with("atomic_"))
      return true;
    // The fences and direct3d_printf/errorf/abort, declared in <amp.h>.
    StringRef Name = FD->getName();
    if (Space == "Concurrency")
      return isKernelDiagnostic(FD) || Name == "all_memory_fence" ||
             Name == "global_memory_fence" || Name == "tile_static_memory_fence";
    // The one Concurrency::direct3d intrinsic that is only declared
    // (ampcc/direct3d_intrinsics.h); the others are ordinary inline C++.
    return Space == "direct3d" && FD->getName() == "countbits" && NumArgs == 1;
  }
  if (isAmpClass(MD->getParent(), "tile_barrier"))
    return true;
  // Members <amp.h> defines in C++ (the other section overloads, ...) are
  // lowered like any code; only the declarations are the compiler's to
  // implement. Assignment has a body for the host's reference counting but
  // is a struct copy on the device.
  return isViewClass(MD->getParent()) &&
         (!MD->isDefined() || MD->getOverloadedOperator() == OO_Equal);
}

bool constructsWithoutCall(const CXXConstructExpr *CE) {
  const CXXConstructorDecl *Ctor = CE->getConstructor();
  const CXXRecordDecl *RD = Ctor->getParent();
  if (CE->isElidable() && CE->getNumArgs() == 1)
    return true;
  if (Ctor->isCopyOrMoveConstructor() && Ctor->isTrivial())
    return true;
  if (isViewClass(RD) && CE->getNumArgs() == 1)
    if (const auto *Src = CE->getArg(0)->getType()->getAsCXXRecordDecl())
      if (isViewClass(Src))
        return true;
  if (isViewClass(RD) && CE->getNumArgs() >= 2 &&
      CE->getArg(CE->getNumArgs() - 1)->getType()->isPointerType())
    return true;
  return Ctor->isDefaultConstructor() && Ctor->isTrivial() &&
         !CE->getType()->isArrayType();
}

CloneKey destructorKey(ASTContext &Ctx, QualType T, AddrSpace AS, AddrSpace ViewData,
                       unsigned ImageKernel) {
  CloneKey Key;
  Key.ImageKernel = ImageKernel;
  Key.FD = Ctx.getBaseElementType(T.getNonReferenceType())
               ->getAsCXXRecordDecl()
               ->getDestructor();
  Key.ThisSpace = AS;
  Key.ThisViewSpace = holdsView(Ctx, T) ? ViewData : AddrSpace::Global;
  return Key;
}

void reportMixedSpaces(DiagnosticsEngine &Diags, const FunctionPlan &P) {
  for (const FunctionPlan::Mixed &M : P.MixedSpaces)
    report(Diags, M.Loc, Diag::err_amp_mixed_address_spaces)
        << M.What << (unsigned)M.Here << (unsigned)M.First;
  for (const FunctionPlan::StoredView &V : P.StoredViews)
    report(Diags, V.Loc, Diag::err_amp_view_space_stored) << (unsigned)V.Space << V.Where;
}

// --- Queries ----------------------------------------------------------------

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
      if (holdsView(CG.getContext(), Init->getType()))
        return viewSpaceOf(P, Init);
    return AddrSpace::Global;
  }
  if (const auto *CCE = dyn_cast<CXXConstructExpr>(E)) {
    const CXXRecordDecl *RD = CCE->getConstructor()->getParent();
    unsigned N = CCE->getNumArgs();
    if (isViewClass(RD)) {
      // array_view(extent, T *): over the memory the pointer points into.
      if (N >= 2 && CCE->getArg(N - 1)->getType()->isPointerType())
        return pointeeSpaceOf(P, CCE->getArg(N - 1));
      if (N >= 1 && holdsView(CG.getContext(), CCE->getArg(0)->getType()))
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
  Key.ImageKernel = CG.imageKernelFor(Parts.FD, P.Key.ImageKernel);
  const auto *MD = dyn_cast<CXXMethodDecl>(Parts.FD);
  if (MD && MD->isInstance() && !isa<CXXConstructorDecl>(MD) &&
      holdsView(CG.getContext(), QualType(MD->getParent()->getTypeForDecl(), 0)))
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
    Key.ViewSpaces.push_back(holdsView(CG.getContext(), PT)
                                 ? viewSpaceOf(P, Parts.Args[I])
                                 : AddrSpace::Global);
  }
  return Key;
}

// --- The walk -----------------------------------------------------------------

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
  ASTContext &ctx() { return Planner.CG.getContext(); }
  /// The image kernel the destructor of \p T's class belongs to.
  unsigned imageKernelOfDestructor(QualType T) {
    QualType Class = ctx().getBaseElementType(T.getNonReferenceType());
    return Planner.CG.imageKernelFor(Class->getAsCXXRecordDecl()->getDestructor(),
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
  if (!Planner.CG.needsDestruction(T))
    return;
  for (const VarDecl *VD :
       Planner.plan(destructorKey(ctx(), T, AS, ViewData, imageKernelOfDestructor(T)), Loc).TileStatics)
    tileStatic(VD);
}

// --- Plans --------------------------------------------------------------------

void ClonePlanner::bindSignature(const FunctionDecl *Def, FunctionPlan &P) {
  const CloneKey &Key = P.Key;
  const auto *MD = dyn_cast<CXXMethodDecl>(Def);
  // A clone for a temporary object returns values: a reference into the
  // callee's copy of the temporary would dangle.
  P.ReturnsPointer = isPointerLoweredRef(Def->getReturnType()) && !Key.ThisByValue;
  if (MD && MD->isInstance() && !isa<CXXConstructorDecl>(MD) && !MD->isConst() &&
      !Key.ThisByValue)
    P.ThisSpace = Key.ThisSpace;
  P.ThisViewSpace = Key.ThisViewSpace;
  // A lambda's body names the captured variables, not the closure's
  // fields: each variable is bound to its field.
  if (MD && MD->getParent()->isLambda())
    for (const FieldDecl *F : MD->getParent()->fields())
      if (const ValueDecl *Var = DeviceCodeGen::capturedVar(F)) {
        VarPlace V;
        V.Captured = true;
        if (F->getType()->isReferenceType()) {
          V.IsRef = true;
          V.Space = Var->hasAttr<CUDASharedAttr>() ? AddrSpace::Local : AddrSpace::Private;
        }
        P.Vars[Var] = V;
      }
  for (unsigned I = 0; I < Def->getNumParams(); ++I) {
    QualType PT = Def->getParamDecl(I)->getType();
    AddrSpace AS = I < Key.ParamSpaces.size() ? Key.ParamSpaces[I] : AddrSpace::Private;
    VarPlace V;
    switch (argPassing(Key, I, PT)) {
    case ArgPassing::ArrayDecay:
      V.DecaysArray = true;
      V.Space = AS;
      break;
    case ArgPassing::Address:
      V.IsRef = true;
      V.Space = AS;
      V.PointeeSpace = I < Key.InnerSpaces.size() ? Key.InnerSpaces[I] : AddrSpace::Private;
      break;
    case ArgPassing::Pointer:
      V.Space = AS;
      break;
    case ArgPassing::Value:
      break;
    }
    if (I < Key.ViewSpaces.size())
      V.ViewSpace = Key.ViewSpaces[I];
    P.Vars[Def->getParamDecl(I)] = V;
  }
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

const FunctionPlan &ClonePlanner::plan(const CloneKey &Key, SourceLocation CallLoc) {
  auto Done = Plans.find(Key);
  if (Done != Plans.end())
    return Done->second;
  static const FunctionPlan Empty;
  if (InProgress.count(Key)) {
    // C++ AMP forbids recursion (spec §2.4.2); the restriction checker
    // reports it.
    assert(false && "the restriction checker rejects recursion");
    report(CG.getDiags(), CallLoc, Diag::err_amp_unchecked) << 1 << Key.FD;
    return Empty;
  }
  FunctionPlan P;
  P.Key = Key;
  const FunctionDecl *Def = nullptr;
  if (!Key.FD->hasBody(Def) || !Def) {
    P.Undefined = true; // reported where it is called
    return Plans.emplace(Key, std::move(P)).first->second;
  }
  InProgress.insert(Key);
  bindSignature(Def, P);
  walkBody(Def, P);
  InProgress.erase(Key);
  return Plans.emplace(Key, std::move(P)).first->second;
}

FunctionPlan ClonePlanner::planKernel(const CXXMethodDecl *Op, unsigned ImageKernel) {
  FunctionPlan P;
  P.IsKernel = true;
  P.Key.FD = Op;
  P.Key.ImageKernel = ImageKernel;
  // Captures are values rebuilt in the kernel (a functor's object is a
  // private copy), so nothing is bound to a space but what the body binds.
  walkBody(Op, P);
  return P;
}

} // namespace ampcc
