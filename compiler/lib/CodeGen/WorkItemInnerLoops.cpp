//===- WorkItemInnerLoops.cpp - a kernel's loops around work-item loops ---===//
//
// LLVM vectorises innermost loops, so a loop of the kernel's own inside a
// work-item loop keeps the work-item loop scalar, and a work-item that
// walks memory alone walks it with a stride of its own. Two forms of such
// loops turn inside out, the work-item loop innermost:
// - uniform ones (counter, bounds and step alike for the tile) simply move
//   outside: every work-item runs the same iterations; their bodies may
//   hold short loops of constant bounds, which LLVM unrolls whole before
//   it vectorises (matmul-blocked's). In a tile of several rows such a
//   loop runs in each row, around the loop over the row's work-items
//   (emitLiftedInRows): matmul-tiled's `Sum += As[r][k] * Bs[k][c]` then
//   keeps a row's sums in registers across k, where around the whole tile
//   every iteration loaded and stored all 256 (host / OpenMP 1.47 -> 0.79
//   on the AVX2 build machine);
// - grid-stride ones, whose counter starts from the index and moves by a
//   uniform step to a uniform bound, become a loop over the iterations of
//   the work-items still counting: iteration k recomputes each one's
//   counter (start + k * step), so a counter that starts at the global
//   index reads memory contiguously across the work-items; a flag per
//   work-item (an array over the tile) remembers which have stopped, and
//   the loop ends when none counts. Where the loop is a strided one
//   (StridedLoops.h), each work-item's iterations are counted first
//   instead: the iterations all of them run go without flags or masks,
//   and only the last few, which some skip, test the count.
// The work-items' iterations run in another order, which is legal because
// between barriers they are unordered; each work-item's own iterations
// keep their order.
//
//===----------------------------------------------------------------------===//
#include "WorkItemLoops.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace ampcc {

std::optional<WorkItemLoops::CountedLoop> WorkItemLoops::countedLoop(const Stmt *S) {
  const auto *FS = dyn_cast<ForStmt>(S);
  if (!FS || FS->getConditionVariable() || !FS->getCond() || !FS->getInc() ||
      hasBarrier(FS))
    return std::nullopt;
  const auto *Init = dyn_cast_or_null<DeclStmt>(FS->getInit());
  if (!Init || !Init->isSingleDecl())
    return std::nullopt;
  const auto *VD = dyn_cast<VarDecl>(Init->getSingleDecl());
  if (!VD || !VD->getType()->isIntegerType() || !VD->getInit())
    return std::nullopt;
  CountedLoop L{FS, VD};
  // The increment: ++i, i++, --i, i-- or i op= a value.
  const Expr *Inc = FS->getInc()->IgnoreParenImpCasts();
  auto Counter = [VD](const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == VD;
  };
  if (const auto *UO = dyn_cast<UnaryOperator>(Inc)) {
    if (!UO->isIncrementDecrementOp() || !Counter(UO->getSubExpr()))
      return std::nullopt;
    L.Down = UO->isDecrementOp();
  } else if (const auto *CAO = dyn_cast<CompoundAssignOperator>(Inc)) {
    if (!Counter(CAO->getLHS()))
      return std::nullopt;
    L.Step = CAO->getRHS();
    L.Down = CAO->getOpcode() == BO_SubAssign;
    L.Affine = CAO->getOpcode() == BO_AddAssign || L.Down;
  } else {
    return std::nullopt;
  }
  // Only a loop whose body has no loop of its own, or only short loops of
  // constant bounds, which LLVM unrolls whole: the work-item loop inside it
  // is then innermost, what the vectoriser takes.
  if (!unrolledWhole(FS->getBody(), 1) || mayChange(FS->getBody(), VD) ||
      leavesLoop(FS->getBody()))
    return std::nullopt;
  return L;
}

namespace {

/// The trip count of `for (int i = A; i < B; ++i)` (or `<=`) with constant
/// A and B, and a body that changes i nowhere else; none for any other loop.
std::optional<uint64_t> constantTrips(const ForStmt *FS, ASTContext &Ctx) {
  const auto *Init = dyn_cast_or_null<DeclStmt>(FS->getInit());
  const auto *VD = Init && Init->isSingleDecl() ? dyn_cast<VarDecl>(Init->getSingleDecl())
                                                : nullptr;
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(FS->getCond());
  const auto *Inc = dyn_cast_or_null<UnaryOperator>(FS->getInc());
  if (!VD || !VD->getInit() || !VD->getType()->isIntegerType() || !Cond || !Inc ||
      !Inc->isIncrementOp() || (Cond->getOpcode() != BO_LT && Cond->getOpcode() != BO_LE))
    return std::nullopt;
  auto Names = [VD](const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == VD;
  };
  Expr::EvalResult From, To;
  if (!Names(Inc->getSubExpr()) || !Names(Cond->getLHS()) ||
      !VD->getInit()->EvaluateAsInt(From, Ctx) || !Cond->getRHS()->EvaluateAsInt(To, Ctx))
    return std::nullopt;
  int64_t Lo = From.Val.getInt().getSExtValue(), Hi = To.Val.getInt().getSExtValue();
  if (Cond->getOpcode() == BO_LE)
    ++Hi;
  return Hi > Lo ? uint64_t(Hi - Lo) : 0;
}

} // namespace

bool WorkItemLoops::unrolledWhole(const Stmt *S, uint64_t Trips) {
  // LLVM's full unroller takes a nest of a few dozen iterations of a small
  // body; a bound of 64 iterations in all (times the enclosing loops')
  // keeps to what it unrolls at -O3.
  const uint64_t MaxTrips = 64;
  if (!S)
    return true;
  if (isa<WhileStmt, DoStmt, CXXForRangeStmt>(S))
    return false;
  if (const auto *FS = dyn_cast<ForStmt>(S)) {
    std::optional<uint64_t> N = constantTrips(FS, FE.CG.getContext());
    if (!N || Trips * *N > MaxTrips)
      return false;
    const auto *Counter = cast<VarDecl>(cast<DeclStmt>(FS->getInit())->getSingleDecl());
    return !mayChange(FS->getBody(), Counter) && !leavesLoop(FS->getBody()) &&
           unrolledWhole(FS->getBody(), Trips * *N);
  }
  for (const Stmt *Child : S->children())
    if (!unrolledWhole(Child, Trips))
      return false;
  return true;
}

bool WorkItemLoops::liftable(const Stmt *S) {
  std::optional<CountedLoop> L = countedLoop(S);
  if (!L || !isUniform(L->Counter->getInit()) || (L->Step && !isUniform(L->Step)))
    return false;
  UniformVars.insert(L->Counter);
  if (isUniform(L->For->getCond()))
    return true;
  UniformVars.erase(L->Counter);
  return false;
}

bool WorkItemLoops::emitLiftedInRows(const ForStmt *FS) {
  // The head runs once a row: it must declare its counter (countedLoop) and
  // do nothing else that a repetition would change; the work-items that
  // returned are tested by a check after each work-item loop, which the
  // rows would repeat.
  ASTContext &Ctx = FE.CG.getContext();
  CountedLoop L = *countedLoop(FS);
  if (Tile[1] * Tile[2] == 1 || RowsOpen || root().HasReturns ||
      FS->getCond()->HasSideEffects(Ctx) || (L.Step && L.Step->HasSideEffects(Ctx)) ||
      L.Counter->getInit()->HasSideEffects(Ctx))
    return false;
  openRowLoops(" {");
  ++FE.Indent;
  RowsOpen = true;
  FE.emitStmt(FS->getInit());
  FE.line("for (; " + FE.expr(FS->getCond()) + "; " + FE.discardedExpr(FS->getInc()) + ")");
  emitList(FS->getBody());
  RowsOpen = false;
  --FE.Indent;
  FE.line("}");
  return true;
}

bool WorkItemLoops::interchangeable(const Stmt *S) {
  std::optional<CountedLoop> L = countedLoop(S);
  if (!L || !L->Affine || !fromIndex(L->Counter->getInit()) ||
      (L->Step && !isUniform(L->Step)))
    return false;
  // The bound: the counter compared with a uniform value.
  const auto *BO = dyn_cast<BinaryOperator>(L->For->getCond()->IgnoreParenImpCasts());
  if (!BO || !BO->isComparisonOp())
    return false;
  auto Counter = [&](const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == L->Counter;
  };
  return (Counter(BO->getLHS()) && isUniform(BO->getRHS())) ||
         (Counter(BO->getRHS()) && isUniform(BO->getLHS()));
}

void WorkItemLoops::emitInterchanged(const ForStmt *FS) {
  if (std::optional<StridedLoop> SL = matchStridedLoop(FS, /*AnyStride=*/true))
    return emitInterchangedCounted(FS, *SL);
  CountedLoop L = *countedLoop(FS);
  std::string N = std::to_string(++root().InterchangedCount);
  std::string Live = "ampcc_live" + N, K = "ampcc_k" + N, Any = "ampcc_any" + N;
  root().ExtraDecls += "  unsigned char " + Live + "[" + std::to_string(TileSize) + "];\n";
  FE.line("for (size_t " + K + " = 0;; ++" + K + ") {");
  ++FE.Indent;
  FE.line("int " + Any + " = 0;");
  openLoop(lanesIndependent(FS->getBody()) && !mayUpdateShared(FS->getCond()));
  declareIteration(L, K);
  // A work-item that stopped stays stopped, as its own loop would.
  FE.line("unsigned char ampcc_on = (" + K + " == 0 || " + Live + "[ampcc_wi]) && (" +
          FE.expr(FS->getCond()) + ");");
  FE.line(Live + "[ampcc_wi] = ampcc_on;");
  FE.line(Any + " |= ampcc_on;");
  emitIterationBody(FS, "ampcc_on");
  closeLoop();
  FE.line("if (!" + Any + ")");
  FE.line("  break;");
  --FE.Indent;
  FE.line("}");
}

void WorkItemLoops::emitInterchangedCounted(const ForStmt *FS, const StridedLoop &SL) {
  CountedLoop L = *countedLoop(FS);
  std::string N = std::to_string(++root().InterchangedCount);
  std::string First = "ampcc_first" + N, Last = "ampcc_last" + N, Lo = "ampcc_lo" + N,
              Hi = "ampcc_hi" + N, K = "ampcc_k" + N;
  std::string Bound = FE.expr(SL.Bound), Stride = FE.expr(SL.Stride);
  // A count falls as the start rises (bound and stride are uniform), so the
  // work-items' lowest and highest starts give the most and fewest
  // iterations: two divisions a tile, not one a work-item.
  FE.line("int " + First + " = 0x7fffffff, " + Last + " = -0x7fffffff - 1;");
  openLoop(/*Vectorize=*/true);
  FE.line("int ampcc_from = " + FE.expr(L.Counter->getInit()) + ";");
  FE.line(First + " = ampcc_from < " + First + " ? ampcc_from : " + First + ";");
  FE.line(Last + " = ampcc_from > " + Last + " ? ampcc_from : " + Last + ";");
  closeLoop();
  FE.CG.addHelper(StridedTripsHelper, StridedTripsHelperCode);
  FE.line("long " + Lo + " = " + StridedTripsHelper + "(" + Last + ", " + Bound + ", " +
          Stride + "), " + Hi + " = " + StridedTripsHelper + "(" + First + ", " + Bound +
          ", " + Stride + ");");
  bool Vectorize = lanesIndependent(FS->getBody());
  // The iterations every work-item runs need no mask; only the last few,
  // which some work-items skip, test the work-item's own counter, in 64
  // bits: below the bound then, the loop's int counter has not wrapped.
  // Where the body is short, those iterations go 8 (then 4) at a time,
  // each work-item running its next ones in turn: a grid-stride loop's
  // iterations read pieces a stride apart, and the cores' prefetchers,
  // which follow one piece, then have that many in flight (in a
  // single-thread test of reduction's tile function, 8 at a time ran as
  // fast as a plain loop over the same data, 1.4x faster than one).
  bool Jam = jammable(FS->getBody());
  if (Jam) {
    FE.line("long " + K + " = 0;");
    for (unsigned Count : {8u, 4u})
      emitJammed(FS, L, K, Lo, Count, Vectorize);
  }
  for (bool All : {true, false}) {
    bool Jammed = All && Jam;
    FE.line("for (" + std::string(Jammed ? "" : "long " + K + " = " + (All ? "0" : Lo)) +
            "; " + K + " < " + (All ? Lo : Hi) + "; ++" + K + ") {");
    ++FE.Indent;
    openLoop(Vectorize);
    if (!All) {
      FE.line("if ((long)(" + FE.expr(L.Counter->getInit()) + ") + " + K + " * (long)(" +
              Stride + ") < (long)(" + Bound + ")) {");
      ++FE.Indent;
    }
    declareIteration(L, K);
    emitIterationBody(FS, "");
    if (!All) {
      --FE.Indent;
      FE.line("}");
    }
    closeLoop();
    --FE.Indent;
    FE.line("}");
  }
}

void WorkItemLoops::emitJammed(const ForStmt *FS, const CountedLoop &L, const std::string &K,
                               const std::string &Trips, unsigned Count, bool Vectorize) {
  std::string C = std::to_string(Count);
  FE.line("for (; " + K + " + " + C + " <= " + Trips + "; " + K + " += " + C + ") {");
  ++FE.Indent;
  openLoop(Vectorize);
  for (unsigned J = 0; J < Count; ++J) {
    FE.line("{");
    ++FE.Indent;
    declareIteration(L, "(" + K + " + " + std::to_string(J) + ")");
    emitIterationBody(FS, "");
    --FE.Indent;
    FE.line("}");
  }
  closeLoop();
  --FE.Indent;
  FE.line("}");
}

bool WorkItemLoops::jammable(const Stmt *Body) {
  // Short, and nothing in it leaves the work-item's iteration early: a
  // `continue` would skip the work-item's later iterations of the group.
  // (A jump inside a loop of the body's own would not, but is rare enough
  // not to tell apart.)
  struct Scan : RecursiveASTVisitor<Scan> {
    unsigned Nodes = 0;
    bool Jumps = false;
    bool VisitStmt(Stmt *S) {
      ++Nodes;
      Jumps |= isa<ContinueStmt, BreakStmt, ReturnStmt, GotoStmt, IndirectGotoStmt>(S);
      return !Jumps && Nodes <= 64;
    }
  } S;
  S.TraverseStmt(const_cast<Stmt *>(Body));
  return !S.Jumps && S.Nodes <= 64;
}

void WorkItemLoops::declareIteration(const CountedLoop &L, const std::string &K) {
  // The counter in iteration K: start + K * step, in the counter's type
  // (its wrap-around is the repeated increment's).
  const VarDecl *VD = L.Counter;
  std::string Name = FE.LocalPrefix + CodeGenModule::safeLocalName(VD->getName());
  QualType T = VD->getType().getUnqualifiedType();
  std::string Ty = "(" + FE.CG.lowerType(T, VD->getLocation()) + ")";
  std::string Step = L.Step ? Ty + "(" + FE.expr(L.Step) + ")" : Ty + "1";
  FE.bindVar(VD, Name);
  FE.line(FE.CG.declare(T, Name, VD->getLocation()) + " = " + Ty + "(" +
          FE.expr(VD->getInit()) + (L.Down ? " - " : " + ") + Ty + K + " * " + Step + ");");
}

void WorkItemLoops::emitIterationBody(const ForStmt *FS, const std::string &Guard) {
  if (!Guard.empty()) {
    FE.line("if (" + Guard + ") {");
    ++FE.Indent;
  }
  FE.pushScope();
  FE.emitStmt(FS->getBody());
  FE.popScope();
  if (!Guard.empty()) {
    --FE.Indent;
    FE.line("}");
  }
}

} // namespace ampcc
