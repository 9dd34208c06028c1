//===- StatementRules.cpp - statements and operators amp code lacks -----===//
//
// No goto or labels, try/catch/throw, inline assembly, dynamic_cast, typeid,
// new/delete or va_arg in amp code, and no static or thread_local local
// variables. A local `static const` (or constexpr) integer with a constant
// initializer is accepted: it is a compile-time constant, exactly like the
// namespace-scope constants the spec allows.
//
//===----------------------------------------------------------------------===//
#include "Rule.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace ampcc {

namespace {

enum Construct {
  Goto = 0, Label, Try, Throw, Asm, DynamicCast, Typeid, New, Delete, VaArg
};

/// A static local that is really a named constant.
bool isStaticConstant(const VarDecl *VD, ASTContext &Ctx) {
  QualType T = VD->getType();
  return T.isConstQualified() && (T->isIntegralOrEnumerationType()) &&
         VD->getInit() && VD->getInit()->isIntegerConstantExpr(Ctx);
}

class StatementRules : public Rule {
public:
  void checkStmt(const Stmt *S, CheckContext &C) override {
    auto Report = [&](SourceLocation Loc, Construct K) -> DiagRef {
      SourceRange R = isa<CXXTryStmt>(S) ? SourceRange(Loc) : S->getSourceRange();
      DiagRef D = C.error(Loc, Diag::err_restrict_construct, R);
      D << static_cast<int>(K);
      return D;
    };
    if (const auto *G = dyn_cast<GotoStmt>(S))
      Report(G->getGotoLoc(), Goto);
    else if (const auto *IG = dyn_cast<IndirectGotoStmt>(S))
      Report(IG->getGotoLoc(), Goto);
    else if (const auto *L = dyn_cast<LabelStmt>(S)) {
      DiagRef D = C.error(L->getIdentLoc(), Diag::err_restrict_construct,
                          SourceRange(L->getIdentLoc()));
      D << static_cast<int>(Label) << L->getDecl();
    } else if (const auto *T = dyn_cast<CXXTryStmt>(S))
      Report(T->getTryLoc(), Try);
    else if (const auto *TE = dyn_cast<CXXThrowExpr>(S))
      Report(TE->getThrowLoc(), Throw);
    else if (isa<AsmStmt>(S))
      Report(cast<AsmStmt>(S)->getAsmLoc(), Asm);
    else if (const auto *DC = dyn_cast<CXXDynamicCastExpr>(S))
      Report(DC->getOperatorLoc(), DynamicCast);
    else if (isa<CXXTypeidExpr>(S))
      Report(S->getBeginLoc(), Typeid);
    else if (isa<CXXNewExpr>(S))
      Report(S->getBeginLoc(), New);
    else if (isa<CXXDeleteExpr>(S))
      Report(S->getBeginLoc(), Delete);
    else if (const auto *VA = dyn_cast<VAArgExpr>(S))
      Report(VA->getBuiltinLoc(), VaArg);
  }

  void checkDecl(const Decl *D, CheckContext &C) override {
    const auto *VD = dyn_cast<VarDecl>(D);
    if (!VD || VD->hasAttr<CUDASharedAttr>())
      return;
    if (VD->getTLSKind() != VarDecl::TLS_None) {
      C.error(VD->getLocation(), Diag::err_restrict_static_local, VD->getSourceRange())
          << 1 << VD;
      return;
    }
    if (VD->isStaticLocal() && !isStaticConstant(VD, C.ast()))
      C.error(VD->getLocation(), Diag::err_restrict_static_local, VD->getSourceRange())
          << 0 << VD;
  }
};

} // namespace

std::unique_ptr<Rule> createStatementRules() { return std::make_unique<StatementRules>(); }

} // namespace ampcc
