//===- WorkItemLoops.cpp - a tile's work-items as loops on the host -------===//

#include "WorkItemLoops.h"

#include "CodeGenModule.h"
#include "ampcc/Analysis/AmpModel.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace ampcc {

namespace {

bool isBarrierCall(const Stmt *S) {
  const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(S);
  if (!MC || !MC->getMethodDecl())
    return false;
  return isAmpClass(MC->getMethodDecl()->getParent(), "tile_barrier");
}

/// What makes a kernel body unfit for work-item loops anywhere in it.
struct Unfit : RecursiveASTVisitor<Unfit> {
  bool Found = false;
  unsigned BarrierCalls = 0;
  bool VisitReturnStmt(ReturnStmt *) { return !(Found = true); }
  bool VisitLambdaExpr(LambdaExpr *) { return !(Found = true); }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *MC) {
    if (isBarrierCall(MC))
      ++BarrierCalls;
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    // A callee given the barrier or the tiled index may wait at a barrier.
    for (const Expr *A : CE->arguments()) {
      const CXXRecordDecl *RD =
          A->getType().getNonReferenceType()->getAsCXXRecordDecl();
      if (RD && (isAmpClass(RD, "tile_barrier") || isAmpClass(RD, "tiled_index")))
        return !(Found = true);
    }
    return true;
  }
};

/// A local that can be an array over the tile: arithmetic, or an array of
/// arithmetic elements declared without an initializer.
bool replicable(const VarDecl *VD, ASTContext &Ctx) {
  QualType T = VD->getType();
  if (T->isArithmeticType())
    return true;
  if (const auto *AT = Ctx.getAsConstantArrayType(T))
    return !VD->getInit() && Ctx.getBaseElementType(AT)->isArithmeticType();
  return false;
}

} // namespace

WorkItemLoops::WorkItemLoops(FunctionEmitter F, const unsigned T[3], std::string Index)
    : FE(std::move(F)), Tile{T[0], T[1], T[2]}, TileSize(T[0] * T[1] * T[2]),
      IndexPrologue(std::move(Index)) {}

bool WorkItemLoops::hasBarrier(const Stmt *S) {
  if (!S)
    return false;
  auto It = Barriers.find(S);
  if (It != Barriers.end())
    return It->second;
  bool Has = isBarrierCall(S);
  for (const Stmt *Child : S->children())
    Has |= hasBarrier(Child);
  return Barriers[S] = Has;
}

bool WorkItemLoops::isBarrierStatement(const Stmt *S) {
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(S))
    S = EWC->getSubExpr();
  return isBarrierCall(S);
}

bool WorkItemLoops::leavesLoop(const Stmt *S) {
  if (!S || isa<ForStmt, WhileStmt, DoStmt, SwitchStmt>(S))
    return false;
  if (isa<BreakStmt, ContinueStmt>(S))
    return true;
  for (const Stmt *Child : S->children())
    if (leavesLoop(Child))
      return true;
  return false;
}

bool WorkItemLoops::planLevel(const Stmt *S) {
  ASTContext &Ctx = FE.CG.getContext();
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *Child : CS->body()) {
      if (isBarrierStatement(Child)) {
        ++BarrierStatements;
        continue;
      }
      if (const auto *DS = dyn_cast<DeclStmt>(Child))
        for (const Decl *D : DS->decls())
          if (const auto *VD = dyn_cast<VarDecl>(D)) {
            if (VD->hasAttr<CUDASharedAttr>())
              continue;
            if (!replicable(VD, Ctx))
              return false;
            FE.Replicated[VD] = "ampcc_wi_" + CodeGenModule::safeLocalName(VD->getName());
          }
      if (hasBarrier(Child) ? !planLevel(Child) : leavesLoop(Child))
        return false;
    }
    return true;
  }
  if (const auto *FS = dyn_cast<ForStmt>(S))
    return !FS->getConditionVariable() && !hasBarrier(FS->getInit()) &&
           !hasBarrier(FS->getCond()) && !hasBarrier(FS->getInc()) &&
           planLevel(FS->getBody());
  if (const auto *WS = dyn_cast<WhileStmt>(S))
    return !WS->getConditionVariable() && !hasBarrier(WS->getCond()) &&
           planLevel(WS->getBody());
  if (const auto *DS = dyn_cast<DoStmt>(S))
    return !hasBarrier(DS->getCond()) && planLevel(DS->getBody());
  if (const auto *IS = dyn_cast<IfStmt>(S))
    return !IS->getInit() && !IS->getConditionVariable() && !IS->isConstexpr() &&
           !IS->isConsteval() && !hasBarrier(IS->getCond()) && planLevel(IS->getThen()) &&
           (!IS->getElse() || planLevel(IS->getElse()));
  if (isBarrierStatement(S)) {
    ++BarrierStatements;
    return true;
  }
  return false; // A barrier inside some other statement or expression.
}

bool WorkItemLoops::plan(const Stmt *Body) {
  Unfit U;
  U.TraverseStmt(const_cast<Stmt *>(Body));
  if (U.Found)
    return false;
  // Every barrier must be a statement of a list the loops split.
  return planLevel(Body) && BarrierStatements == U.BarrierCalls;
}

void WorkItemLoops::emitLoop(std::vector<const Stmt *> &Pending) {
  if (Pending.empty())
    return;
  std::string N = std::to_string(TileSize), X = std::to_string(Tile[0]),
              XY = std::to_string(Tile[0] * Tile[1]), Y = std::to_string(Tile[1]);
  // Between two barriers the work-items are unordered, as in an untiled
  // launch: the loop carries no dependence the vectoriser must respect.
  FE.line("#pragma clang loop vectorize(assume_safety)");
  FE.line("for (size_t ampcc_wi = 0; ampcc_wi < " + N + "; ++ampcc_wi) {");
  ++FE.Indent;
  FE.line("ampcc_item ampcc_it = ampcc_tile;");
  FE.line("ampcc_it.lid[0] = ampcc_wi % " + X + ";");
  FE.line("ampcc_it.lid[1] = ampcc_wi / " + X + " % " + Y + ";");
  FE.line("ampcc_it.lid[2] = ampcc_wi / " + XY + ";");
  for (int D = 0; D < 3; ++D)
    FE.line("ampcc_it.gid[" + std::to_string(D) + "] += ampcc_it.lid[" + std::to_string(D) +
            "];");
  FE.Out += IndexPrologue;
  FE.pushScope();
  for (const Stmt *S : Pending)
    FE.emitStmt(S);
  FE.popScope();
  --FE.Indent;
  FE.line("}");
  Pending.clear();
}

void WorkItemLoops::emitList(llvm::ArrayRef<const Stmt *> Stmts) {
  FE.line("{");
  ++FE.Indent;
  std::vector<const Stmt *> Pending;
  for (const Stmt *S : Stmts) {
    if (isBarrierStatement(S)) {
      emitLoop(Pending);
      continue;
    }
    if (!hasBarrier(S)) {
      Pending.push_back(S);
      continue;
    }
    emitLoop(Pending);
    emitLevel(S);
  }
  emitLoop(Pending);
  --FE.Indent;
  FE.line("}");
}

void WorkItemLoops::emitLevel(const Stmt *S) {
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    llvm::SmallVector<const Stmt *, 16> Body(CS->body_begin(), CS->body_end());
    return emitList(Body);
  }
  // Control flow around barriers runs once, for the tile (uniform).
  if (const auto *FS = dyn_cast<ForStmt>(S)) {
    FE.line("{");
    ++FE.Indent;
    FE.emitStmt(FS->getInit());
    std::string Cond = FS->getCond() ? FE.expr(FS->getCond()) : "1";
    std::string Inc = FS->getInc() ? FE.discardedExpr(FS->getInc()) : "";
    FE.line("for (; " + Cond + "; " + Inc + ")");
    emitList(FS->getBody());
    --FE.Indent;
    FE.line("}");
    return;
  }
  if (const auto *WS = dyn_cast<WhileStmt>(S)) {
    FE.line("while (" + FE.expr(WS->getCond()) + ")");
    return emitList(WS->getBody());
  }
  if (const auto *DS = dyn_cast<DoStmt>(S)) {
    FE.line("do");
    emitList(DS->getBody());
    FE.line("while (" + FE.expr(DS->getCond()) + ");");
    return;
  }
  const auto *IS = cast<IfStmt>(S);
  FE.line("if (" + FE.expr(IS->getCond()) + ")");
  emitList(IS->getThen());
  if (IS->getElse()) {
    FE.line("else");
    emitList(IS->getElse());
  }
}

std::string WorkItemLoops::print(const Stmt *Body) {
  std::string Decls = "  size_t ampcc_wi = 0;\n  ampcc_item ampcc_it = ampcc_tile;\n" +
                      IndexPrologue;
  for (const auto &[VD, Name] : FE.Replicated)
    Decls += "  " +
             FE.CG.declare(VD->getType().getUnqualifiedType(),
                           Name + "[" + std::to_string(TileSize) + "]", VD->getLocation()) +
             ";\n";
  emitLevel(Body);
  return Decls + FE.temporaryDecls() + FE.output();
}

} // namespace ampcc
