//===- PropertyLowering.cpp - __declspec(property) accesses in OpenCL C ---===//
//
// Clang represents a use of a __declspec(property) (array_view::extent, the
// components and swizzles of <amp_short_vectors.h>) as a PseudoObjectExpr:
// a syntactic form (`v.x += 2`) and a semantic form, the calls it stands
// for, with the object and operands bound once to OpaqueValueExprs:
//
//   v.x          [ov = v]  get_x(ov)                        result: the get
//   v.x = q      [ov = v, oq = q]  set_x(ov, oq)            result: none
//   v.x += 2     [ov = v, o2 = 2]  set_x(ov, get_x(ov) + o2)
//   v.x++        [ov = v, old = get_x(ov)]  set_x(ov, old + 1)  result: old
//
// The semantic form prints as a C comma expression of its calls, each
// opaque value printed as its source expression wherever it is used. That
// re-evaluates a source used twice (the object of a compound assignment),
// which is only correct when evaluating it has no side effect; otherwise,
// and for the value of a postfix ++/-- (which would need a temporary taken
// before the store), ampcc reports an error rather than miscompile.
//
//===----------------------------------------------------------------------===//
#include "FunctionEmitter.h"

#include "ampcc/Support/Diagnostics.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"

using namespace clang;

namespace ampcc {

namespace {
/// Counts the uses of each opaque value in the calls of a semantic form.
class OpaqueUses : public RecursiveASTVisitor<OpaqueUses> {
public:
  llvm::DenseMap<const OpaqueValueExpr *, unsigned> Count;
  bool VisitOpaqueValueExpr(OpaqueValueExpr *OVE) {
    ++Count[OVE];
    return true;
  }
};

std::string propertyName(const PseudoObjectExpr *POE) {
  const Expr *Syn = POE->getSyntacticForm()->IgnoreParens();
  if (const auto *BO = dyn_cast<BinaryOperator>(Syn))
    Syn = BO->getLHS()->IgnoreParens();
  else if (const auto *UO = dyn_cast<UnaryOperator>(Syn))
    Syn = UO->getSubExpr()->IgnoreParens();
  if (const auto *PRE = dyn_cast<MSPropertyRefExpr>(Syn))
    return PRE->getPropertyDecl()->getNameAsString();
  return "?";
}
} // namespace

std::string FunctionEmitter::pseudoObject(const PseudoObjectExpr *POE,
                                          bool Discarded) {
  OpaqueUses Uses;
  for (const Expr *S : POE->semantics())
    if (!isa<OpaqueValueExpr>(S))
      Uses.TraverseStmt(const_cast<Expr *>(S));
  const Expr *Result = POE->getResultExpr();
  std::string Calls;
  unsigned NumCalls = 0;
  for (const Expr *S : POE->semantics()) {
    if (const auto *OVE = dyn_cast<OpaqueValueExpr>(S)) {
      const Expr *Src = OVE->getSourceExpr();
      if (Uses.Count.lookup(OVE) > 1 &&
          Src->HasSideEffects(CG.getContext(), /*IncludePossibleEffects=*/false)) {
        report(CG.getDiags(), Src->getBeginLoc(), Diag::err_amp_property_unsupported)
            << propertyName(POE) << 0 << Src->getSourceRange();
        return "0";
      }
      continue;
    }
    Calls += (NumCalls++ ? ", " : "") + expr(S);
  }
  std::string Text = NumCalls == 1 ? Calls : "(" + Calls + ")";
  if (Discarded || !Result || Result->getType()->isVoidType())
    return Text;
  if (isa<OpaqueValueExpr>(Result)) {
    // The value before a postfix ++/--: printing it again after the store
    // would read the new value.
    report(CG.getDiags(), POE->getBeginLoc(), Diag::err_amp_property_unsupported)
        << propertyName(POE) << 1 << POE->getSourceRange();
    return "0";
  }
  // A read (the getter alone), or a setter that returns a value: the last
  // call is the result.
  return Text;
}

} // namespace ampcc
