//===- CallLowering.cpp - calls, constructors and address spaces --------===//
//
// Every call in device code goes to a clone of its callee chosen by the
// address spaces of the arguments bound to pointer-lowered parameters. This
// file computes those spaces (spaceOf / pointeeSpaceOf) and prints calls.
//
//===----------------------------------------------------------------------===//
#include "FunctionEmitter.h"

#include "Lowering.h"
#include "ampcc/Support/Diagnostics.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace ampcc {

// --- Address spaces ----------------------------------------------------------

AddrSpace FunctionEmitter::spaceOf(const Expr *E) {
  if (!E)
    return AddrSpace::Private;
  E = E->IgnoreParens();
  if (const auto *FE = dyn_cast<FullExpr>(E))
    return spaceOf(FE->getSubExpr());
  // The object of a property access is printed as its source expression
  // (PropertyLowering.cpp), so it lives where that does.
  if (const auto *OVE = dyn_cast<OpaqueValueExpr>(E))
    return OVE->getSourceExpr() ? spaceOf(OVE->getSourceExpr()) : AddrSpace::Private;
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
    if (ICE->getCastKind() == CK_NoOp || ICE->getCastKind() == CK_DerivedToBase ||
        ICE->getCastKind() == CK_UncheckedDerivedToBase)
      return spaceOf(ICE->getSubExpr());
    return AddrSpace::Private;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    auto It = Vars.find(DRE->getDecl());
    if (It != Vars.end() && It->second.IsRef &&
        (!DRE->refersToEnclosingVariableOrCapture() ||
         CapturedRefs.count(DRE->getDecl())))
      return It->second.Space;
    if (It != Vars.end() && It->second.DecaysArray)
      return It->second.Space;
    if (DRE->getDecl()->hasAttr<CUDASharedAttr>())
      return AddrSpace::Local;
    return AddrSpace::Private;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return ME->isArrow() ? pointeeSpaceOf(ME->getBase()) : spaceOf(ME->getBase());
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
    return pointeeSpaceOf(ASE->getBase());
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_Deref)
      return pointeeSpaceOf(UO->getSubExpr());
    if (UO->getOpcode() == UO_PreInc || UO->getOpcode() == UO_PreDec)
      return spaceOf(UO->getSubExpr());
    return AddrSpace::Private;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAssignmentOp())
      return spaceOf(BO->getLHS());
    if (BO->getOpcode() == BO_Comma)
      return spaceOf(BO->getRHS());
    return AddrSpace::Private;
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return spaceOf(CO->getTrueExpr());
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return CE->isGLValue() ? callResultSpace(CE) : AddrSpace::Private;
  return AddrSpace::Private;
}

/// A copy or move assignment that is C struct assignment.
static bool isTrivialAssignment(const CXXMethodDecl *MD) {
  return MD && MD->isTrivial() &&
         (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator());
}

/// Functions amp code may call: restrict(amp), constexpr (Clang makes them
/// host-device) or implicit special members.
static bool isDeviceCallable(const FunctionDecl *FD) {
  return FD->hasAttr<CUDADeviceAttr>() || FD->isConstexpr() || FD->isImplicit();
}

AddrSpace FunctionEmitter::callResultSpace(const CallExpr *CE) {
  CallParts P;
  if (!callParts(CE, P))
    return AddrSpace::Private;
  const auto *MD = dyn_cast<CXXMethodDecl>(P.FD);
  // Elements of array_views and arrays (and their data()) live in global
  // memory.
  if (MD && isViewClass(MD->getParent()))
    return AddrSpace::Global;
  // Trivial assignment is C assignment: it yields its left operand.
  if (isTrivialAssignment(MD))
    return P.ObjectIsPointer ? pointeeSpaceOf(P.Object) : spaceOf(P.Object);
  if (!isDeviceCallable(P.FD))
    return AddrSpace::Private; // reported where the call is printed
  // The callee's clone is emitted first (callees before callers): its
  // return statements decided where its result points.
  return CG.requestFunction(cloneKey(P), CE->getBeginLoc()).ReturnSpace;
}

AddrSpace FunctionEmitter::pointeeSpaceOf(const Expr *E) {
  E = E->IgnoreParens();
  // Implicit and explicit casts alike: (bool *)p points where p does.
  if (const auto *ICE = dyn_cast<CastExpr>(E)) {
    switch (ICE->getCastKind()) {
    case CK_ArrayToPointerDecay:
      return spaceOf(ICE->getSubExpr());
    case CK_LValueToRValue: {
      if (const auto *DRE = dyn_cast<DeclRefExpr>(ICE->getSubExpr()->IgnoreParens()))
        return pointeeSpaceOf(DRE);
      return AddrSpace::Private;
    }
    case CK_NoOp:
    case CK_BitCast:
    case CK_DerivedToBase:
    case CK_UncheckedDerivedToBase:
    case CK_BaseToDerived:
      return pointeeSpaceOf(ICE->getSubExpr());
    default:
      return AddrSpace::Private;
    }
  }
  if (isa<CXXThisExpr>(E))
    return This.Space;
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_AddrOf)
      return spaceOf(UO->getSubExpr());
    return pointeeSpaceOf(UO->getSubExpr()); // p++, --p, ...
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getLHS()->getType()->isPointerType())
      return pointeeSpaceOf(BO->getLHS());
    if (BO->getRHS()->getType()->isPointerType())
      return pointeeSpaceOf(BO->getRHS());
    return AddrSpace::Private;
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return pointeeSpaceOf(CO->getTrueExpr());
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return callResultSpace(CE);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    auto It = Vars.find(DRE->getDecl());
    if (It != Vars.end()) {
      // A reference to a pointer: its Space is where the pointer lives.
      if (It->second.IsRef && DRE->getDecl()->getType()->isReferenceType() &&
          DRE->getDecl()->getType()->getPointeeType()->isPointerType())
        return It->second.PointeeSpace;
      return It->second.Space;
    }
  }
  return AddrSpace::Private;
}

// --- Calls -------------------------------------------------------------------

/// A prvalue, or a temporary materialised to bind `this`: no C lvalue.
static bool isTemporary(const Expr *E) {
  for (;;) {
    E = E->IgnoreParens();
    const auto *ICE = dyn_cast<ImplicitCastExpr>(E);
    if (!ICE || ICE->getCastKind() != CK_NoOp)
      break;
    E = ICE->getSubExpr();
  }
  return isa<MaterializeTemporaryExpr>(E) || !E->isGLValue();
}

bool FunctionEmitter::callParts(const CallExpr *CE, CallParts &P) {
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

Lowered FunctionEmitter::call(const CallExpr *CE) {
  // t.~T() for a scalar T (templates written for any type): it only
  // evaluates t.
  if (const auto *PD = dyn_cast<CXXPseudoDestructorExpr>(CE->getCallee()->IgnoreParens()))
    return "((void)(" + expr(PD->getBase()) + "))";
  CallParts P;
  if (!callParts(CE, P)) {
    report(CG.getDiags(), CE->getBeginLoc(), Diag::err_amp_unsupported_expr)
        << "indirect call" << CE->getSourceRange();
    return "0";
  }
  return callFunction(P, CE);
}

/// How an argument reaches a parameter of type \p PT in C.
enum class ArgPassing {
  Value,      ///< By value (also `const T&`).
  Address,    ///< A non-const reference: the address of the argument.
  ArrayDecay, ///< A reference to an array: the array, decayed.
  Pointer,    ///< A pointer: as it is.
};
static ArgPassing argPassing(QualType PT) {
  if (PT->isReferenceType() && PT->getPointeeType()->isArrayType())
    return ArgPassing::ArrayDecay;
  if (isPointerLoweredRef(PT))
    return ArgPassing::Address;
  if (PT->isPointerType())
    return ArgPassing::Pointer;
  return ArgPassing::Value;
}

CloneKey FunctionEmitter::cloneKey(const CallParts &P) {
  CloneKey Key;
  Key.FD = P.FD->getCanonicalDecl();
  const auto *MD = dyn_cast<CXXMethodDecl>(P.FD);
  if (MD && MD->isInstance() && !isa<CXXConstructorDecl>(MD) && !MD->isConst()) {
    if (!P.ObjectIsPointer && isTemporary(P.Object))
      Key.ThisByValue = true; // a temporary has no address in C
    else
      Key.ThisSpace = P.ObjectIsPointer ? pointeeSpaceOf(P.Object) : spaceOf(P.Object);
  }
  for (unsigned I = 0; I < P.Args.size() && I < P.FD->getNumParams(); ++I) {
    QualType PT = P.FD->getParamDecl(I)->getType();
    AddrSpace AS = AddrSpace::Private, Inner = AddrSpace::Private;
    switch (argPassing(PT)) {
    case ArgPassing::ArrayDecay:
      AS = spaceOf(P.Args[I]);
      break;
    case ArgPassing::Address:
      AS = spaceOf(P.Args[I]);
      if (PT->getPointeeType()->isPointerType())
        Inner = pointeeSpaceOf(P.Args[I]);
      break;
    case ArgPassing::Pointer:
      AS = pointeeSpaceOf(P.Args[I]);
      break;
    case ArgPassing::Value:
      break;
    }
    Key.ParamSpaces.push_back(AS);
    Key.InnerSpaces.push_back(Inner);
  }
  return Key;
}

Lowered FunctionEmitter::callFunction(const CallParts &P, const Expr *Site) {
  const FunctionDecl *FD = P.FD;
  const Expr *Object = P.Object;
  SourceLocation Loc = Site->getBeginLoc();
  bool Handled = false;
  Lowered Lib = ampLibraryCall(FD, Object, P.ObjectIsPointer, P.Args, Loc, Handled);
  if (Handled)
    return Lib;

  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  // Trivial assignment is C struct assignment.
  if (isTrivialAssignment(MD))
    return expr(Object) + " = " + expr(P.Args[0]);

  if (!isDeviceCallable(FD)) {
    assert(false && "the restriction checker rejects calls to cpu functions");
    report(CG.getDiags(), Loc, Diag::err_amp_unchecked) << 2 << FD;
    return "0";
  }

  CloneKey Key = cloneKey(P);
  std::vector<std::string> ArgText;
  if (MD && MD->isInstance() && !isa<CXXConstructorDecl>(MD)) {
    if (MD->isConst())
      ArgText.push_back(P.ObjectIsPointer ? "(*" + expr(Object) + ")" : expr(Object));
    else if (Key.ThisByValue || P.ObjectIsPointer)
      ArgText.push_back(expr(Object));
    else
      ArgText.push_back(addressOf(Object));
  }
  for (unsigned I = 0; I < P.Args.size() && I < FD->getNumParams(); ++I)
    ArgText.push_back(argPassing(FD->getParamDecl(I)->getType()) == ArgPassing::Address
                          ? addressOf(P.Args[I])
                          : expr(P.Args[I])); // arrays decay to their first element
  if (P.Args.size() > FD->getNumParams()) {
    report(CG.getDiags(), Loc, Diag::err_amp_unsupported_expr)
        << "call to a variadic function";
  }
  const CloneInfo &Info = CG.requestFunction(Key, Loc);
  for (const auto &TS : Info.TileStatics)
    ArgText.push_back(tileStaticArgument(TS.first));
  std::string S = Info.Name + "(";
  for (unsigned I = 0; I < ArgText.size(); ++I)
    S += (I ? ", " : "") + ArgText[I];
  S += ")";
  return Lowered(S, Info.ReturnsPointer);
}

std::string FunctionEmitter::construct(const CXXConstructExpr *CE) {
  const CXXConstructorDecl *Ctor = CE->getConstructor();
  const CXXRecordDecl *RD = Ctor->getParent();
  // A copy of a temporary that C++14 allows to elide: Clang always does.
  if (CE->isElidable() && CE->getNumArgs() == 1)
    return expr(CE->getArg(0));
  // Copies and moves of trivially copyable classes are C struct copies.
  if (Ctor->isCopyOrMoveConstructor() && Ctor->isTrivial())
    return expr(CE->getArg(0));
  // A view made from another view or array (copy, array_view<const T> from
  // array_view<T>, array_view from array): same device layout, maybe a
  // different element constness.
  if (isViewClass(RD) && CE->getNumArgs() == 1)
    if (const auto *Src = CE->getArg(0)->getType()->getAsCXXRecordDecl())
      if (isViewClass(Src)) {
        std::string To = CG.lowerType(CE->getType().getUnqualifiedType(), CE->getBeginLoc());
        std::string From = CG.lowerType(
            CE->getArg(0)->getType().getNonReferenceType().getUnqualifiedType(),
            CE->getBeginLoc());
        if (To == From)
          return expr(CE->getArg(0));
        std::string Fn = To + "_from_" + From;
        CG.addHelper(Fn, To + " " + Fn + "(" + From + " v) {\n  " + To +
                             " r;\n  r.data = v.data;\n  r.shape = v.shape;\n"
                             "  return r;\n}\n\n");
        return Fn + "(" + expr(CE->getArg(0)) + ")";
      }
  if (isViewClass(RD) && CE->getNumArgs() >= 2 &&
      CE->getArg(CE->getNumArgs() - 1)->getType()->isPointerType())
    return viewOverPointer(CE);
  std::string TypeName = CG.lowerType(CE->getType(), CE->getBeginLoc());
  if (Ctor->isDefaultConstructor() && Ctor->isTrivial())
    return "(" + TypeName + "){0}";
  CallParts P;
  P.FD = Ctor;
  P.Args.assign(CE->arg_begin(), CE->arg_end());
  return callFunction(P, CE).value();
}

/// array_view(extent, T *) and array_view(E0[, E1[, E2]], T *) in amp code:
/// a dense row-major view whose data pointer is the argument. Views hold
/// __global pointers, so only a pointer into global memory (an element of
/// another view or array) can become one.
std::string FunctionEmitter::viewOverPointer(const CXXConstructExpr *CE) {
  const Expr *Ptr = CE->getArg(CE->getNumArgs() - 1);
  if (pointeeSpaceOf(Ptr) != AddrSpace::Global) {
    report(CG.getDiags(), Ptr->getExprLoc(), Diag::err_amp_unsupported_expr)
        << "an array_view over memory that is not an array or array_view's "
           "(a local or tile_static variable)"
        << Ptr->getSourceRange();
    return "0";
  }
  ViewShape Shape = *viewShape(CE->getType());
  unsigned Rank = Shape.Rank;
  std::string View = CG.lowerType(CE->getType().getUnqualifiedType(), CE->getBeginLoc());
  std::string Fn = View + "_over_pointer";
  std::string Body = "  " + View + " r;\n  r.data = p;\n  r.shape.off = 0;\n"
                     "  int stride = 1;\n";
  for (int I = int(Rank) - 1; I >= 0; --I) {
    std::string D = std::to_string(I);
    Body += "  r.shape.ext[" + D + "] = e" + D + ";\n"
            "  r.shape.stride[" + D + "] = stride;\n"
            "  stride *= e" + D + ";\n";
  }
  std::string PtrTy = CG.pointerTo(Shape.Element,
                                   AddrSpace::Global, CE->getBeginLoc());
  std::string Params;
  for (unsigned I = 0; I < Rank; ++I)
    Params += "int e" + std::to_string(I) + ", ";
  CG.addHelper(Fn, View + " " + Fn + "(" + Params + PtrTy + "p) {\n" + Body +
                       "  return r;\n}\n\n");
  // The extent: one extent<N> argument (a value without side effects in
  // practice, read once per dimension), or N ints.
  std::string Args;
  if (CE->getNumArgs() == 2 && CE->getArg(0)->getType()->getAsCXXRecordDecl()) {
    std::string Ext = expr(CE->getArg(0));
    for (unsigned I = 0; I < Rank; ++I)
      Args += coordinate("(" + Ext + ")", I) + ", ";
  } else {
    for (unsigned I = 0; I + 1 < CE->getNumArgs(); ++I)
      Args += expr(CE->getArg(I)) + ", ";
  }
  return Fn + "(" + Args + expr(Ptr) + ")";
}

} // namespace ampcc
