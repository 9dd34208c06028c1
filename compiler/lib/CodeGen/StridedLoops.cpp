//===- StridedLoops.cpp - Loops whose stride is a run-time value ----------===//

#include "StridedLoops.h"

#include "WorkItemLoops.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace ampcc {

const char StridedTripsHelper[] = "ampcc_trips";
const char StridedTripsHelperCode[] =
    "/* The iterations of for (i = from; i < bound; i += step), bound and step\n"
    "   unchanged by the loop; a step <= 0 never ends it. */\n"
    "long ampcc_trips(int from, int bound, int step) {\n"
    "  if (from >= bound)\n    return 0;\n"
    "  if (step <= 0)\n    return 0x7fffffffffffffffL;\n"
    "  return (long)(((uint)bound - 1u - (uint)from) / (uint)step) + 1;\n"
    "}\n\n";

namespace {

bool isInt(QualType T) {
  const auto *BT = T.getCanonicalType()->getAs<BuiltinType>();
  return BT && BT->getKind() == BuiltinType::Int;
}

/// A method of the C++ AMP classes (index, extent, tiled_index, views):
/// their const members read the object, never memory it points to.
bool isAmpMethod(const CXXMethodDecl *MD) {
  for (const DeclContext *DC = MD->getParent(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (NS->getName() == "Concurrency" || NS->getName() == "concurrency")
        return true;
  return false;
}

bool isAmpValueClass(const CXXRecordDecl *RD) {
  llvm::StringRef Name = RD->getName();
  return Name == "index" || Name == "extent" || Name == "tiled_index" || Name == "tiled_extent";
}

/// Whether code outside the loop may have a way to change \p VD inside it:
/// its function takes its address or binds a reference to it anywhere (a
/// store through that pointer in the loop names no variable). Variables of
/// no function (globals) are taken to escape.
bool escapes(const VarDecl *VD) {
  const auto *FD = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
  return !VD->isLocalVarDeclOrParm() || !FD || !FD->getBody() ||
         WorkItemLoops::mayChange(FD->getBody(), VD, /*Writes=*/false);
}

/// Whether \p E has the same value in every iteration of a loop whose
/// body and increment are \p Body and \p Inc.
bool invariant(const Expr *E, const Stmt *Body, const Stmt *Inc) {
  E = E->IgnoreParens();
  if (isa<IntegerLiteral, CharacterLiteral, CXXBoolLiteralExpr>(E))
    return true;
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E))
    return invariant(ICE->getSubExpr(), Body, Inc);
  if (const auto *CE = dyn_cast<CStyleCastExpr>(E))
    return CE->getType()->isIntegerType() && invariant(CE->getSubExpr(), Body, Inc);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    return VD && !VD->getType()->isReferenceType() &&
           !VD->getType().isVolatileQualified() && !WorkItemLoops::mayChange(Body, VD) &&
           !WorkItemLoops::mayChange(Inc, VD) && !escapes(VD);
  }
  // A field of a local, or of `this` in a const member (a functor
  // kernel's capture): a non-const member could change it from a call.
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!FD || FD->isMutable())
      return false;
    if (!ME->isArrow())
      return invariant(ME->getBase(), Body, Inc);
    const Expr *Base = ME->getBase()->IgnoreParenImpCasts();
    return isa<CXXThisExpr>(Base) && Base->getType()->getPointeeType().isConstQualified();
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return !BO->isAssignmentOp() && BO->getOpcode() != BO_Comma &&
           invariant(BO->getLHS(), Body, Inc) && invariant(BO->getRHS(), Body, Inc);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return (UO->getOpcode() == UO_Minus || UO->getOpcode() == UO_Plus ||
            UO->getOpcode() == UO_Not || UO->getOpcode() == UO_LNot) &&
           invariant(UO->getSubExpr(), Body, Inc);
  if (const auto *POE = dyn_cast<PseudoObjectExpr>(E)) // A property's getter.
    return POE->getResultExpr() && invariant(POE->getResultExpr(), Body, Inc);
  if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E)) // A member's object.
    return invariant(MTE->getSubExpr(), Body, Inc);
  if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(E))
    return invariant(BTE->getSubExpr(), Body, Inc);
  if (const auto *OVE = dyn_cast<OpaqueValueExpr>(E))
    return OVE->getSourceExpr() && invariant(OVE->getSourceExpr(), Body, Inc);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) // A copy of an AMP value.
    return CE->getNumArgs() == 1 && CE->getConstructor()->isCopyOrMoveConstructor() &&
           isAmpMethod(CE->getConstructor()) && invariant(CE->getArg(0), Body, Inc);
  // A member of the C++ AMP value classes (index, extent: no pointers, so a
  // reference they return is to their own ints), or a by-value const member
  // of the others (a view's get_extent()).
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const auto *MD = dyn_cast_or_null<CXXMethodDecl>(Call->getCalleeDecl());
    if (!MD || !isAmpMethod(MD))
      return false;
    if (!isAmpValueClass(MD->getParent()) &&
        (!MD->isConst() || Call->getType()->isReferenceType() || Call->isGLValue()))
      return false;
    const Expr *Object = nullptr;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
      Object = MC->getImplicitObjectArgument();
    else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call))
      Object = OC->getNumArgs() ? OC->getArg(0) : nullptr;
    if (!Object || !invariant(Object, Body, Inc))
      return false;
    unsigned First = isa<CXXOperatorCallExpr>(Call) ? 1 : 0;
    for (unsigned I = First; I < Call->getNumArgs(); ++I)
      if (!invariant(Call->getArg(I), Body, Inc))
        return false;
    return true;
  }
  return false;
}

const VarDecl *counterOf(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

} // namespace

std::optional<StridedLoop> matchStridedLoop(const ForStmt *FS, bool AnyStride) {
  const auto *Init = dyn_cast_or_null<DeclStmt>(FS->getInit());
  if (!Init || !Init->isSingleDecl() || FS->getConditionVariable())
    return std::nullopt;
  const auto *VD = dyn_cast<VarDecl>(Init->getSingleDecl());
  if (!VD || !isInt(VD->getType()) || !VD->getInit() || VD->getType().isVolatileQualified())
    return std::nullopt;
  // i < n, or n > i, compared as ints.
  // Temporaries of the condition (a view's extent) with nothing to destroy.
  const Expr *CondExpr = FS->getCond();
  if (const auto *EWC = dyn_cast_or_null<ExprWithCleanups>(CondExpr))
    CondExpr = EWC->getNumObjects() ? nullptr : EWC->getSubExpr();
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(CondExpr);
  if (!Cond || !isInt(Cond->getLHS()->getType()) || !isInt(Cond->getRHS()->getType()))
    return std::nullopt;
  const Expr *Bound = nullptr, *CounterRef = nullptr;
  if (Cond->getOpcode() == BO_LT && counterOf(Cond->getLHS()) == VD)
    Bound = Cond->getRHS(), CounterRef = Cond->getLHS();
  else if (Cond->getOpcode() == BO_GT && counterOf(Cond->getRHS()) == VD)
    Bound = Cond->getLHS(), CounterRef = Cond->getRHS();
  // i += s, s an int (unless AnyStride, no constant: LLVM counts those).
  const auto *Inc = dyn_cast_or_null<CompoundAssignOperator>(FS->getInc());
  if (!Bound || !Inc || Inc->getOpcode() != BO_AddAssign || counterOf(Inc->getLHS()) != VD ||
      !isInt(Inc->getComputationLHSType()) || !isInt(Inc->getRHS()->getType()) ||
      (!AnyStride && Inc->getRHS()->isIntegerConstantExpr(VD->getASTContext())))
    return std::nullopt;
  const Expr *Stride = Inc->getRHS();
  const Stmt *Body = FS->getBody();
  if (WorkItemLoops::mayChange(Body, VD) || !invariant(Bound, Body, Inc) ||
      !invariant(Stride, Body, nullptr))
    return std::nullopt;
  return StridedLoop{VD, CounterRef, Bound, Stride};
}

} // namespace ampcc
