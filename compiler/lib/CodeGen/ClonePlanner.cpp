//===- ClonePlanner.cpp - address spaces decided before printing --------===//
//
// A clone's plan is computed by one walk over its body in evaluation order
// (PlanWalker.cpp): a variable's space comes from its initializer (whose
// variables are planned already), a call's clone from its arguments'
// spaces (PlanQueries.cpp), and the callee is planned before the walk goes
// on, so its return space is known where the call's result is used. C++ AMP
// forbids recursion, so the call graph is a DAG and planning callees first
// terminates. This file binds a clone's signature and keeps the plans.
//
//===----------------------------------------------------------------------===//
#include "ClonePlanner.h"

#include "Lowering.h"
#include "ampcc/Support/Diagnostics.h"

#include "clang/AST/Attr.h"

using namespace clang;

namespace ampcc {

void reportMixedSpaces(DiagnosticsEngine &Diags, const FunctionPlan &P) {
  for (const FunctionPlan::Mixed &M : P.MixedSpaces)
    report(Diags, M.Loc, Diag::err_amp_mixed_address_spaces)
        << M.What << (unsigned)M.Here << (unsigned)M.First;
  for (const FunctionPlan::StoredView &V : P.StoredViews)
    report(Diags, V.Loc, Diag::err_amp_view_space_stored) << (unsigned)V.Space << V.Where;
}

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
      if (const ValueDecl *Var = capturedVar(F)) {
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

const FunctionPlan &ClonePlanner::plan(const CloneKey &Key, SourceLocation CallLoc) {
  auto Done = Plans.find(Key);
  if (Done != Plans.end())
    return Done->second;
  static const FunctionPlan Empty;
  if (InProgress.count(Key)) {
    // C++ AMP forbids recursion (spec §2.4.2); the restriction checker
    // reports it.
    assert(false && "the restriction checker rejects recursion");
    report(Diags, CallLoc, Diag::err_amp_unchecked) << 1 << Key.FD;
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
