//===- CallLowering.cpp - calls, constructors and address spaces --------===//
//
// Every call in device code goes to a clone of its callee chosen by the
// address spaces of the arguments bound to pointer-lowered parameters; the
// planner chose it (ClonePlanner.cpp), and this file prints the call.
//
//===----------------------------------------------------------------------===//
#include "FunctionEmitter.h"

#include "Lowering.h"
#include "ampcc/Support/Diagnostics.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace ampcc {

// --- Calls -------------------------------------------------------------------

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

Lowered FunctionEmitter::callFunction(const CallParts &P, const Expr *Site) {
  const FunctionDecl *FD = P.FD;
  const Expr *Object = P.Object;
  SourceLocation Loc = Site->getBeginLoc();
  if (isLibraryIntrinsic(FD, P.Args.size())) {
    LibrarySite = Site; // Robust access: how a view element is used.
    return ampLibraryCall(FD, Object, P.ObjectIsPointer, P.Args, Loc);
  }

  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  // Trivial assignment is C struct assignment. Its source is read whole:
  // `a = c ? a : b`, with `a` tile_static and `b` a by-value copy of a
  // const reference, selects between values, where their addresses are
  // in different spaces (C++ AMP's TSP demo, opt2kernel.h).
  if (isTrivialAssignment(MD))
    return expr(Object) + " = " + valueOf(P.Args[0]);

  if (!isDeviceCallable(FD)) {
    assert(false && "the restriction checker rejects calls to cpu functions");
    report(CG.getDiags(), Loc, Diag::err_amp_unchecked) << 2 << FD;
    return "0";
  }

  const CloneKey *Key = plannedCall(Site);
  if (!Key) {
    assert(false && "the planner walks every call the printer prints");
    report(CG.getDiags(), Loc, Diag::err_amp_unchecked) << 4 << FD;
    return "0";
  }
  std::vector<std::string> ArgText;
  if (MD && MD->isInstance() && !isa<CXXConstructorDecl>(MD)) {
    if (MD->isConst() && !P.ObjectIsPointer)
      noteElementUse(Object, ElementUse::Read); // passed by value
    if (MD->isConst())
      ArgText.push_back(P.ObjectIsPointer ? "(*" + expr(Object) + ")" : expr(Object));
    else if (Key->ThisByValue || P.ObjectIsPointer)
      ArgText.push_back(expr(Object));
    else
      ArgText.push_back(addressOf(Object));
  }
  for (unsigned I = 0; I < P.Args.size() && I < FD->getNumParams(); ++I) {
    bool ByAddress =
        argPassing(*Key, I, FD->getParamDecl(I)->getType()) == ArgPassing::Address;
    if (!ByAddress) // a const T& parameter takes a copy
      noteElementUse(P.Args[I], ElementUse::Read);
    ArgText.push_back(ByAddress ? addressOf(P.Args[I])
                                : valueOf(P.Args[I])); // arrays decay to their first element
  }
  if (P.Args.size() > FD->getNumParams()) {
    report(CG.getDiags(), Loc, Diag::err_amp_unsupported_expr)
        << "call to a variadic function";
  }
  const CloneInfo &Info = CG.requestFunction(*Key, Loc);
  for (const clang::VarDecl *VD : Info.Plan->TileStatics)
    ArgText.push_back(tileStaticArgument(VD));
  if (CG.usesFaultRecord())
    ArgText.push_back(CheckStateName);
  std::string Images = CG.imageArgs(Key->ImageKernel);
  if (!Images.empty())
    ArgText.push_back(Images.substr(2)); // without the leading ", "
  std::string S = Info.Name + "(";
  for (unsigned I = 0; I < ArgText.size(); ++I)
    S += (I ? ", " : "") + ArgText[I];
  S += ")";
  return Lowered(S, Info.Plan->ReturnsPointer);
}

std::string FunctionEmitter::construct(const CXXConstructExpr *CE) {
  const CXXConstructorDecl *Ctor = CE->getConstructor();
  const CXXRecordDecl *RD = Ctor->getParent();
  // A copy of a temporary that C++14 allows to elide: Clang always does.
  if (CE->isElidable() && CE->getNumArgs() == 1)
    return expr(CE->getArg(0));
  // Copies and moves of trivially copyable classes are C struct copies.
  if (Ctor->isCopyOrMoveConstructor() && Ctor->isTrivial()) {
    noteElementUse(CE->getArg(0), ElementUse::Read);
    return valueOf(CE->getArg(0));
  }
  // A view made from another view or array (copy, array_view<const T> from
  // array_view<T>, array_view from array): same device layout, maybe a
  // different element constness.
  if (isViewClass(RD) && CE->getNumArgs() == 1)
    if (const auto *Src = CE->getArg(0)->getType()->getAsCXXRecordDecl())
      if (isViewClass(Src)) {
        AddrSpace Space = viewSpaceOf(CE->getArg(0));
        std::string To =
            CG.lowerType(CE->getType().getUnqualifiedType(), CE->getBeginLoc(), Space);
        std::string From = CG.lowerType(
            CE->getArg(0)->getType().getNonReferenceType().getUnqualifiedType(),
            CE->getBeginLoc(), Space);
        if (To == From)
          return expr(CE->getArg(0));
        std::string Fn = To + "_from_" + From;
        bool Sink = CG.robustAccess() && Space == AddrSpace::Global;
        CG.addHelper(Fn, To + " " + Fn + "(" + From + " v) {\n  " + To +
                             " r;\n  r.data = v.data;\n  r.shape = v.shape;\n" +
                             (Sink ? "  r.sink = v.sink;\n  r.lo = v.lo;\n" : "") +
                             "  return r;\n}\n\n");
        return Fn + "(" + expr(CE->getArg(0)) + ")";
      }
  if (viewedMemory(CE))
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
/// a dense row-major view whose data pointer is the argument. Over private
/// or tile_static memory it is the view struct of that space (the planner
/// gives the variables that hold it that type). array_view(T (&)[N]) is
/// the rank-1 one over the array, of extent N.
std::string FunctionEmitter::viewOverPointer(const CXXConstructExpr *CE) {
  const Expr *Ptr = viewedMemory(CE);
  const ConstantArrayType *Array = CG.getContext().getAsConstantArrayType(Ptr->getType());
  AddrSpace Space = Array ? spaceOf(Ptr) : pointeeSpaceOf(Ptr);
  ViewShape Shape = *viewShape(CE->getType());
  unsigned Rank = Shape.Rank;
  std::string View =
      CG.lowerType(CE->getType().getUnqualifiedType(), CE->getBeginLoc(), Space);
  std::string Fn = View + "_over_pointer";
  std::string Body = "  " + View + " r;\n  r.data = p;\n  r.shape.off = 0;\n"
                     "  int stride = 1;\n";
  for (int I = int(Rank) - 1; I >= 0; --I) {
    std::string D = std::to_string(I);
    Body += "  r.shape.ext[" + D + "] = e" + D + ";\n"
            "  r.shape.stride[" + D + "] = stride;\n"
            "  stride *= e" + D + ";\n";
  }
  if (CG.robustAccess()) {
    // Robust access: the buffer behind the pointer is unknown, so the
    // view is left unchecked (n = -1 passes every offset but -1) and a
    // write at -1 stays in the view's own data.
    Body += "  r.shape.n = -1;\n";
    if (Space == AddrSpace::Global)
      Body += "  r.sink = (__global uchar *)p;\n  r.lo = 0;\n";
  }
  std::string PtrTy = CG.pointerTo(Shape.Element, Space, CE->getBeginLoc());
  std::string Params;
  for (unsigned I = 0; I < Rank; ++I)
    Params += "int e" + std::to_string(I) + ", ";
  CG.addHelper(Fn, View + " " + Fn + "(" + Params + PtrTy + "p) {\n" + Body +
                       "  return r;\n}\n\n");
  // The extent: one extent<N> argument (a value without side effects in
  // practice, read once per dimension), or N ints.
  std::string Args;
  if (Array) {
    Args = std::to_string(Array->getSize().getZExtValue()) + ", ";
  } else if (CE->getNumArgs() == 2 && CE->getArg(0)->getType()->getAsCXXRecordDecl()) {
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
