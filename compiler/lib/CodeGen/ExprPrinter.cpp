//===- ExprPrinter.cpp - one C expression per C++ expression -----------===//
//
// C and C++ agree on most of the expression language, so most nodes print
// as themselves; one visitor method per node class, as in Clang's
// StmtPrinter. What C lacks (references, member functions, constructors,
// overloaded operators, implicit conversions) is lowered by the
// FunctionEmitter methods these call: calls in CallLowering.cpp, the AMP
// library in AmpLibrary.cpp, temporaries in Cleanups.cpp.
//
//===----------------------------------------------------------------------===//
#include "FunctionEmitter.h"

#include "Lowering.h"

#include "clang/AST/StmtVisitor.h"

using namespace clang;

namespace ampcc {

class ExprPrinter : public ConstStmtVisitor<ExprPrinter, std::string> {
public:
  explicit ExprPrinter(FunctionEmitter &FE) : FE(FE) {}

  std::string VisitParenExpr(const ParenExpr *E) {
    return "(" + FE.expr(E->getSubExpr()) + ")";
  }
  std::string VisitExprWithCleanups(const ExprWithCleanups *E) {
    std::string WithDtors = FE.fullExpr(E, /*Discarded=*/false);
    return WithDtors.empty() ? FE.expr(E->getSubExpr()) : WithDtors;
  }
  std::string VisitFullExpr(const FullExpr *E) { return FE.expr(E->getSubExpr()); }
  std::string VisitMaterializeTemporaryExpr(const MaterializeTemporaryExpr *E) {
    return FE.expr(E->getSubExpr());
  }
  std::string VisitCXXBindTemporaryExpr(const CXXBindTemporaryExpr *E) {
    return FE.temporaryExpr(E);
  }
  std::string VisitSubstNonTypeTemplateParmExpr(const SubstNonTypeTemplateParmExpr *E) {
    return FE.expr(E->getReplacement());
  }
  std::string VisitCXXDefaultArgExpr(const CXXDefaultArgExpr *E) {
    return FE.expr(E->getExpr());
  }
  std::string VisitCXXDefaultInitExpr(const CXXDefaultInitExpr *E) {
    return FE.expr(E->getExpr());
  }
  std::string VisitPseudoObjectExpr(const PseudoObjectExpr *E) {
    return FE.pseudoObject(E, /*Discarded=*/false);
  }
  std::string VisitOpaqueValueExpr(const OpaqueValueExpr *E) {
    return FE.expr(E->getSourceExpr());
  }

  // Literals and names.
  std::string VisitIntegerLiteral(const IntegerLiteral *E) { return FE.literal(E); }
  std::string VisitFloatingLiteral(const FloatingLiteral *E) { return FE.literal(E); }
  std::string VisitCXXBoolLiteralExpr(const CXXBoolLiteralExpr *E) { return FE.literal(E); }
  std::string VisitCXXNullPtrLiteralExpr(const CXXNullPtrLiteralExpr *E) {
    return FE.literal(E);
  }
  std::string VisitGNUNullExpr(const GNUNullExpr *E) { return FE.literal(E); }
  std::string VisitCharacterLiteral(const CharacterLiteral *E) { return FE.literal(E); }
  std::string VisitDeclRefExpr(const DeclRefExpr *E) { return FE.declRef(E); }
  std::string VisitCXXThisExpr(const CXXThisExpr *E) {
    return FE.This.Present ? FE.This.Spelling : FE.unsupported(E);
  }

  // Operators.
  std::string VisitCastExpr(const CastExpr *E) { return FE.cast(E); }
  std::string VisitUnaryOperator(const UnaryOperator *UO) {
    // An address prints its operand its own way (and a tile_static
    // element's index with the one-past-the-end limit): not twice.
    if (UO->getOpcode() == UO_AddrOf)
      return FE.addressOf(UO->getSubExpr());
    std::string Sub = FE.expr(UO->getSubExpr());
    // C++'s prefix ++/-- is an lvalue, C's is not: `----p` becomes
    // `--(*(--p, &p))` (the operand is evaluated twice, so only when that
    // has no side effects; otherwise C rejects the program, see lit tests).
    const auto *Inner = dyn_cast<UnaryOperator>(UO->getSubExpr()->IgnoreParens());
    if (Inner && Inner->isPrefix() && Inner->isIncrementDecrementOp() &&
        UO->isIncrementDecrementOp() &&
        !Inner->getSubExpr()->HasSideEffects(FE.CG.getContext()))
      Sub = "(*(" + Sub + ", " + FE.addressOf(Inner->getSubExpr()) + "))";
    switch (UO->getOpcode()) {
    case UO_PostInc: return Sub + "++";
    case UO_PostDec: return Sub + "--";
    case UO_PreInc: return "++" + Sub;
    case UO_PreDec: return "--" + Sub;
    case UO_Deref: return "(*" + Sub + ")";
    case UO_Plus: return "+" + Sub;
    case UO_Minus: return "-" + Sub;
    case UO_Not: return "~" + Sub;
    case UO_LNot: return "!" + Sub;
    default: return FE.unsupported(UO);
    }
  }
  std::string VisitBinaryOperator(const BinaryOperator *BO) {
    if (BO->getOpcode() == BO_PtrMemD || BO->getOpcode() == BO_PtrMemI)
      return FE.unsupported(BO);
    if (BO->isEqualityOp()) {
      std::string Known = FE.disjointPointers(BO);
      if (!Known.empty())
        return Known;
    }
    return FE.expr(BO->getLHS()) + " " + BO->getOpcodeStr().str() + " " +
           FE.expr(BO->getRHS());
  }
  std::string VisitConditionalOperator(const ConditionalOperator *CO) {
    // C's ?: is never an lvalue: select between addresses instead.
    if (CO->isGLValue())
      return FE.conditionalObject(CO);
    return FE.expr(CO->getCond()) + " ? " + FE.expr(CO->getTrueExpr()) + " : " +
           FE.expr(CO->getFalseExpr());
  }
  std::string VisitArraySubscriptExpr(const ArraySubscriptExpr *E) {
    if (FE.CG.checksBounds()) {
      std::string Checked = FE.checkedSubscript(E);
      if (!Checked.empty())
        return Checked;
    }
    if (FE.CG.robustAccess()) {
      std::string Robust = FE.robustSubscript(E);
      if (!Robust.empty())
        return FE.isTileMajorElement(E) ? Robust + "[ampcc_wi]" : Robust;
    }
    std::string Element = FE.expr(E->getBase()) + "[" + FE.expr(E->getIdx()) + "]";
    return FE.isTileMajorElement(E) ? Element + "[ampcc_wi]" : Element;
  }
  std::string VisitMemberExpr(const MemberExpr *ME) {
    const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!F) {
      // A static data member: only constants are allowed in amp code.
      if (const auto *VD = dyn_cast<VarDecl>(ME->getMemberDecl())) {
        Expr::EvalResult R;
        if (const Expr *Init = VD->getAnyInitializer())
          if (Init->EvaluateAsInt(R, FE.CG.getContext()))
            return intText(R.Val.getInt());
      }
      return FE.unsupported(ME);
    }
    // fieldName, not the bare name: an anonymous union or struct member
    // has none, and the record's lowering named it.
    return FE.expr(ME->getBase()) + (ME->isArrow() ? "->" : ".") + FE.CG.fieldName(F);
  }
  std::string VisitUnaryExprOrTypeTraitExpr(const UnaryExprOrTypeTraitExpr *E) {
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, FE.CG.getContext()))
      return intText(R.Val.getInt()) + "u";
    return FE.unsupported(E);
  }

  // Calls, objects and initializers.
  std::string VisitCallExpr(const CallExpr *E) { return FE.call(E).value(); }
  std::string VisitCXXConstructExpr(const CXXConstructExpr *E) { return FE.construct(E); }
  std::string VisitInitListExpr(const InitListExpr *E) { return FE.initList(E, true); }
  std::string VisitLambdaExpr(const LambdaExpr *E) { return FE.lambda(E); }
  std::string VisitCXXScalarValueInitExpr(const CXXScalarValueInitExpr *E) {
    return "(" + FE.CG.lowerType(E->getType(), E->getBeginLoc()) + ")0";
  }
  std::string VisitImplicitValueInitExpr(const ImplicitValueInitExpr *) { return "0"; }

  std::string VisitExpr(const Expr *E) { return FE.unsupported(E); }

private:
  FunctionEmitter &FE;
};

std::string FunctionEmitter::expr(const Expr *E) { return ExprPrinter(*this).Visit(E); }

} // namespace ampcc
