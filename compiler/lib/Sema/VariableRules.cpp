//===- VariableRules.cpp - globals, statics and pointer casts -----------===//
//
// Amp code cannot use global variables, static data members or namespace
// statics: the accelerator has no copy of them. The exception is a constant
// read as a value: a `static const` integer (the spec's rule), and as an
// extension any const scalar with a constant initializer (`static const float
// W = 64.0f;`, constexpr variables), which the code generator folds into a
// literal. Binding such a constant to a reference or taking its address is
// an error. Statics inside amp functions are reported
// at their declaration (StatementRules.cpp), tile_static variables are not
// statics at all.
//
// Casts between pointers and integers, implicit or explicit, are rejected
// (also an object reinterpreted as a pointer through a reference cast):
// addresses on the accelerator have no meaningful integer value.
//
//===----------------------------------------------------------------------===//
#include "Rule.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace ampcc {

namespace {

class VariableRules : public Rule {
public:
  void checkStmt(const Stmt *S, CheckContext &C) override {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      return checkVarUse(DRE, DRE->getDecl(), DRE->getLocation(), DRE->isNonOdrUse(),
                         DRE->getSourceRange(), C);
    if (const auto *ME = dyn_cast<MemberExpr>(S))
      return checkVarUse(ME, ME->getMemberDecl(), ME->getMemberLoc(), ME->isNonOdrUse(),
                         ME->getSourceRange(), C);
    if (const auto *CE = dyn_cast<CastExpr>(S)) {
      // Reads come before the variable they read (pre-order walk).
      if (CE->getCastKind() == CK_LValueToRValue)
        Reads.insert(CE->getSubExpr()->IgnoreParens());
      CastKind K = CE->getCastKind();
      QualType From = CE->getSubExpr()->getType();
      // `(int *&)i` reinterprets an int object as a pointer.
      bool Reinterprets = K == CK_LValueBitCast &&
                          From->isPointerType() != CE->getType()->isPointerType();
      if (K != CK_PointerToIntegral && K != CK_IntegralToPointer && !Reinterprets)
        return;
      SourceLocation Loc = isa<ExplicitCastExpr>(CE) ? CE->getBeginLoc() : CE->getExprLoc();
      C.error(Loc, Diag::err_restrict_pointer_int_cast, CE->getSourceRange())
          << From << CE->getType();
    }
  }

private:
  /// A const scalar with a constant initializer.
  static bool isScalarConstant(const VarDecl *VD, ASTContext &Ctx) {
    QualType T = VD->getType();
    const Expr *Init = VD->getAnyInitializer();
    return T.isConstQualified() && T->isArithmeticType() && Init &&
           !Init->isValueDependent() && Init->isConstantInitializer(Ctx, false);
  }

  void checkVarUse(const Expr *Use, const ValueDecl *D, SourceLocation Loc,
                   NonOdrUseReason NOUR, SourceRange R, CheckContext &C) {
    const auto *VD = dyn_cast<VarDecl>(D);
    if (!VD || !VD->hasGlobalStorage() || VD->hasAttr<CUDASharedAttr>())
      return;
    // A static local of amp code is reported at its declaration
    // (StatementRules.cpp); one of an enclosing cpu function, used by a
    // lambda without capture, is host memory like a global.
    if (VD->isStaticLocal()) {
      const auto *Owner = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
      if (!Owner || CheckContext::sideOf(Owner) != Side::Cpu)
        return;
    }
    if (NOUR != NOUR_None)
      return; // a constant used as a value, or an unevaluated use
    if (Reads.count(Use) && isScalarConstant(VD, C.ast()))
      return;
    int Kind = VD->isStaticDataMember() ? 1
               : (VD->getStorageClass() == SC_Static || !VD->isExternallyVisible()) ? 2
                                                                                   : 0;
    if (!(C.error(Loc, Diag::err_restrict_global_ref, R) << Kind << VD))
      return;
    C.note(Loc, Diag::note_restrict_global_ref_hint);
    C.note(VD->getLocation(), Diag::note_restrict_declared_here) << VD;
  }

  llvm::SmallPtrSet<const Expr *, 32> Reads;
};

} // namespace

std::unique_ptr<Rule> createVariableRules() { return std::make_unique<VariableRules>(); }

} // namespace ampcc
