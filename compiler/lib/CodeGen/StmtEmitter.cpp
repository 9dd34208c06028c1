//===- StmtEmitter.cpp - OpenCL C statements from C++ statements -------===//
//
// One visitor method per statement class, as in Clang's CodeGen
// (CGStmt.cpp). C has every statement C++ AMP allows except those with
// declarations in their conditions and C++'s scoped destruction: both are
// lowered here, with the scopes of Cleanups.cpp.
//
//===----------------------------------------------------------------------===//
#include "FunctionEmitter.h"

#include "Lowering.h"
#include "StridedLoops.h"
#include "ampcc/Support/Diagnostics.h"

#include "clang/AST/StmtCXX.h"
#include "clang/AST/StmtVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace ampcc {

class StmtEmitter : public ConstStmtVisitor<StmtEmitter> {
public:
  explicit StmtEmitter(FunctionEmitter &FE) : FE(FE) {}

  void VisitCompoundStmt(const CompoundStmt *CS) { FE.emitCompound(CS); }
  void VisitDeclStmt(const DeclStmt *DS) {
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        FE.emitDecl(VD);
    // Type and using declarations need no code.
  }
  void VisitReturnStmt(const ReturnStmt *RS) { FE.emitReturn(RS); }
  void VisitIfStmt(const IfStmt *IS) {
    if (IS->isConsteval())
      return;
    if (IS->isConstexpr()) {
      // Only the branch that was instantiated is meaningful.
      std::optional<const Stmt *> Taken = IS->getNondiscardedCase(FE.CG.getContext());
      if (Taken && *Taken)
        FE.emitStmt(*Taken);
      return;
    }
    bool Scoped = IS->getInit() || IS->getConditionVariable();
    if (Scoped)
      openBlock();
    FE.line("if (" + FE.condition(IS->getInit(), IS->getConditionVariable(), IS->getCond()) +
            ")");
    FE.emitBody(IS->getThen());
    if (IS->getElse()) {
      FE.line("else");
      FE.emitBody(IS->getElse());
    }
    if (Scoped)
      closeBlock();
  }
  void VisitForStmt(const ForStmt *FS) {
    openBlock(); // The init-statement's variables.
    FE.emitStmt(FS->getInit());
    bool Wait = iterationBarrier(FS);
    if (std::optional<StridedLoop> SL = matchStridedLoop(FS)) {
      // Counted first, so that LLVM can unroll it (StridedLoops.h). The
      // block scopes the count, as nested loops declare theirs.
      FE.CG.addHelper(StridedTripsHelper, StridedTripsHelperCode);
      FE.line("long ampcc_trips_left = " + std::string(StridedTripsHelper) + "(" +
              FE.expr(SL->CounterRef) + ", " + FE.expr(SL->Bound) + ", " +
              FE.expr(SL->Stride) + ");");
      FE.line("for (; ampcc_trips_left > 0; --ampcc_trips_left, " +
              afterIteration(Wait, FE.discardedExpr(FS->getInc())) + ")");
      FE.loopBody(FS->getBody());
      closeBlock();
      return;
    }
    // for (...; T v = e; ...) is rare: the condition variable is evaluated
    // inside the loop.
    std::string Cond = "1";
    if (!FS->getConditionVariable() && FS->getCond())
      Cond = FE.expr(FS->getCond());
    // The increment's value is discarded (`for (...; v.x++)`).
    std::string Inc = FS->getInc() ? FE.discardedExpr(FS->getInc()) : "";
    FE.line("for (; " + Cond + "; " + afterIteration(Wait, Inc) + ")");
    if (const VarDecl *CV = FS->getConditionVariable())
      conditionVariableLoop(CV, FS->getBody());
    else
      FE.loopBody(FS->getBody());
    closeBlock();
  }
  void VisitWhileStmt(const WhileStmt *WS) {
    bool Wait = iterationBarrier(WS);
    if (const VarDecl *CV = WS->getConditionVariable()) {
      FE.line("for (;; " + afterIteration(Wait, "") + ")");
      return conditionVariableLoop(CV, WS->getBody());
    }
    std::string Cond = FE.expr(WS->getCond());
    FE.line(Wait ? "for (; " + Cond + "; " + afterIteration(Wait, "") + ")"
                 : "while (" + Cond + ")");
    FE.loopBody(WS->getBody());
  }
  void VisitDoStmt(const DoStmt *DS) {
    bool Wait = iterationBarrier(DS);
    FE.line("do");
    FE.loopBody(DS->getBody());
    std::string Cond = FE.expr(DS->getCond());
    FE.line("while (" + (Wait ? "(" + afterIteration(Wait, Cond) + ")" : Cond) + ");");
  }
  void VisitSwitchStmt(const SwitchStmt *SS) {
    FE.line("switch (" +
            FE.condition(SS->getInit(), SS->getConditionVariable(), SS->getCond()) + ")");
    FE.pushScope(/*BreakTarget=*/true);
    FE.emitStmt(SS->getBody());
    FE.popScope();
  }
  void VisitCaseStmt(const CaseStmt *CS) {
    Expr::EvalResult R;
    std::string Value = CS->getLHS()->EvaluateAsInt(R, FE.CG.getContext())
                            ? intText(R.Val.getInt())
                            : FE.expr(CS->getLHS());
    label("case " + Value + ":", CS->getSubStmt());
  }
  void VisitDefaultStmt(const DefaultStmt *DS) { label("default:", DS->getSubStmt()); }
  void VisitBreakStmt(const BreakStmt *) { FE.line(FE.jump(/*Continue=*/false)); }
  void VisitContinueStmt(const ContinueStmt *) { FE.line(FE.jump(/*Continue=*/true)); }
  void VisitNullStmt(const NullStmt *) { FE.line(";"); }
  void VisitAttributedStmt(const AttributedStmt *AS) { FE.emitStmt(AS->getSubStmt()); }
  void VisitExpr(const Expr *E) {
    // Discarded values: a cast to void prints as the expression alone.
    const Expr *Inner = E->IgnoreParens();
    // A view (or a pointer) assigned one of another space becomes a new C
    // variable here.
    if (std::string Decl = FE.versionDeclaration(Inner); !Decl.empty())
      return FE.line(Decl + ";");
    if (const auto *CE = dyn_cast<CStyleCastExpr>(Inner))
      if (CE->getType()->isVoidType())
        Inner = CE->getSubExpr();
    FE.line(FE.discardedExpr(Inner) + ";");
  }
  void VisitStmt(const Stmt *S) {
    report(FE.CG.getDiags(), S->getBeginLoc(), Diag::err_amp_unsupported_stmt)
        << S->getStmtClassName();
  }

private:
  /// `{` opening a scope of its own (an if's or for's init-statement).
  void openBlock() {
    FE.line("{");
    ++FE.Indent;
    FE.pushScope();
  }
  void closeBlock() {
    FE.popScope();
    --FE.Indent;
    FE.line("}");
  }
  /// For a loop that waits at a barrier, on the host backend's fiber path:
  /// prints a barrier where the loop starts and returns true, for one at
  /// the end of each iteration (afterIteration). A fiber runs its work-item to
  /// the next barrier, so without them one work-item would start the next
  /// iteration, and store into tile_static memory, before the others had
  /// read the last one's values: a race that a program missing its loop's
  /// trailing barrier has, but that GPUs, PoCL (which puts these barriers in
  /// as well) and the work-item loops (which run each iteration for the whole
  /// tile) never show. OpenCL C defines the macro away (CodeGenModule.cpp).
  bool iterationBarrier(const Stmt *Loop) {
    if (!FE.CG.hostKernels() || !FE.CG.barriers().hasBarrier(Loop))
      return false;
    FE.line("AMPCC_ITERATION_BARRIER();");
    return true;
  }
  /// \p Next (an increment, a condition, or nothing) preceded by the
  /// iteration's barrier when \p Wait: what runs between two iterations.
  static std::string afterIteration(bool Wait, const std::string &Next) {
    if (!Wait)
      return Next;
    return Next.empty() ? "AMPCC_ITERATION_BARRIER()" : "AMPCC_ITERATION_BARRIER(), " + Next;
  }
  /// The body of a loop whose condition declares \p CV: declared and tested
  /// at the top of each iteration, destroyed at its end.
  void conditionVariableLoop(const VarDecl *CV, const Stmt *Body) {
    FE.line("{");
    ++FE.Indent;
    FE.pushScope(/*BreakTarget=*/true, /*ContinueTarget=*/true);
    FE.emitDecl(CV);
    FE.line("if (!" + FE.Vars[CV].Name + ") " + FE.jump(/*Continue=*/false));
    FE.emitStmt(Body);
    FE.popScope();
    --FE.Indent;
    FE.line("}");
  }
  /// A case or default label, outdented, then its statement.
  void label(const std::string &Text, const Stmt *Sub) {
    --FE.Indent;
    // C99 wants a statement after a label where C++ also takes a
    // declaration (`default: int x = 0;`): an empty one goes between.
    FE.line(printsDeclaration(Sub) ? Text + " ;" : Text);
    ++FE.Indent;
    FE.emitStmt(Sub);
  }

  /// Whether \p S prints as a C declaration: a declaration, or an
  /// assignment that makes a new version of a view or pointer.
  bool printsDeclaration(const Stmt *S) const {
    if (isa<DeclStmt>(S))
      return true;
    const auto *E = dyn_cast<Expr>(S);
    if (!E)
      return false;
    E = E->IgnoreParens();
    if (const auto *Full = dyn_cast<FullExpr>(E))
      E = Full->getSubExpr();
    return FE.Plan.VersionAssigns.count(E) != 0;
  }

  FunctionEmitter &FE;
};

void FunctionEmitter::emitStmt(const Stmt *S) {
  if (!S)
    return;
  // A #line directive whenever the user's line changes, so that OpenCL
  // build logs point into the user's source.
  if (!isa<CompoundStmt>(S)) {
    const SourceManager &SM = CG.getContext().getSourceManager();
    SourceLocation Loc = SM.getExpansionLoc(S->getBeginLoc());
    unsigned Line = Loc.isValid() ? SM.getPresumedLineNumber(Loc) : 0;
    if (Line && Line != LastLine) {
      Out += CG.lineDirective(Loc) + "\n";
      LastLine = Line;
    }
  }
  StmtEmitter(*this).Visit(S);
}

} // namespace ampcc
