//===- CallRules.cpp - what amp code may call ---------------------------===//
//
// Amp code may call only functions whose restriction includes amp
// (restrict(amp) or restrict(cpu, amp); also Clang's builtins and constexpr
// functions, which are usable on both sides). It may not call through
// function pointers or pointers to member functions, nor take the address of
// a function. Clang itself rejects most wrong-side calls while parsing; those
// diagnostics are reworded by TargetDiagnostics.cpp and this rule catches the
// calls Clang lets through (from restrict(cpu,amp) functions that no device
// code emits, implicit constructor calls).
//
//===----------------------------------------------------------------------===//
#include "Rule.h"

#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace ampcc {

namespace {

/// Where Clang reports a reference to \p Callee: the name in the call.
SourceLocation calleeLoc(const CallExpr *CE) {
  const Expr *Callee = CE->getCallee()->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Callee))
    return DRE->getLocation();
  if (const auto *ME = dyn_cast<MemberExpr>(Callee))
    return ME->getMemberLoc();
  return CE->getExprLoc();
}

class CallRules : public Rule {
public:
  void checkStmt(const Stmt *S, CheckContext &C) override {
    if (const auto *CE = dyn_cast<CallExpr>(S))
      return checkCall(CE, C);
    if (const auto *CCE = dyn_cast<CXXConstructExpr>(S)) {
      const CXXConstructorDecl *Ctor = CCE->getConstructor();
      if (Ctor && !CCE->getConstructor()->isTrivial())
        checkTarget(Ctor, CCE->getLocation(), CCE->getSourceRange(), C);
      return;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
      const auto *FD = dyn_cast<FunctionDecl>(DRE->getDecl());
      if (!FD || C.Callees.count(DRE))
        return;
      bool Member = isa<CXXMethodDecl>(FD) && !cast<CXXMethodDecl>(FD)->isStatic();
      C.error(DRE->getLocation(), Diag::err_restrict_function_address, DRE->getSourceRange())
          << (Member ? 1 : 0) << FD;
    }
  }

private:
  void checkCall(const CallExpr *CE, CheckContext &C) {
    const Expr *Callee = CE->getCallee()->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Callee))
      C.Callees.insert(DRE);
    if (const FunctionDecl *FD = CE->getDirectCallee()) {
      checkTarget(FD, calleeLoc(CE), Callee->getSourceRange(), C);
      return;
    }
    if (isa<CXXPseudoDestructorExpr>(Callee) || CE->isTypeDependent())
      return;
    if (const auto *BO = dyn_cast<BinaryOperator>(Callee); BO && BO->isPtrMemOp()) {
      C.error(BO->getOperatorLoc(), Diag::err_restrict_indirect_call, CE->getSourceRange())
          << 1;
      return;
    }
    C.error(CE->getBeginLoc(), Diag::err_restrict_indirect_call, Callee->getSourceRange())
        << 0;
  }

  void checkTarget(const FunctionDecl *FD, SourceLocation Loc, SourceRange R,
                   CheckContext &C) {
    if (CheckContext::isAmpCallable(FD))
      return;
    const FunctionDecl *Caller = C.current();
    int CallerSide = Caller ? static_cast<int>(CheckContext::sideOf(Caller)) : 0;
    if (C.error(Loc, Diag::err_restrict_call_target, R) << FD << 1 << CallerSide)
      C.note(FD->getLocation(), Diag::note_restrict_callee_declared) << 1 << FD << 0;
  }
};

} // namespace

std::unique_ptr<Rule> createCallRules() { return std::make_unique<CallRules>(); }

} // namespace ampcc
