//===- WorkItemFusion.cpp - two phases of a tile in one work-item loop ----===//
//
// A GPU kernel that updates tile_static memory in place reads into a
// private value, waits, and writes the value back:
//
//   for (i = 0; i < n; ++i) { j = l + T * i; next[i] = f(s[j], s[j + 1]); }
//   t.barrier.wait();
//   for (i = 0; i < n; ++i) { j = l + T * i; if (j < step) s[j] = next[i]; }
//
// On the host each phase is a pass over the tile (the loops over i are
// lifted around the work-item loops), and the second only copies: binomial
// pricing spent half its time there. One thread runs the tile, in the
// order of i and then of the local id, so the two phases may run as one
// loop, A's body and then B's for each work-item in turn, where that order
// gives what the barrier gave: no work-item's B touches what a later
// work-item's A (in that order) reads or writes, or reads what it writes.
// Proved here for a 1-D tile and tile_static elements at `l + K * i + c`
// (K at least the tile's width, so the position grows with the order):
// B's access at c_b and a later A's at c_a meet only when c_a < c_b, so
// every pair with a write needs c_a >= c_b. Each phase may read the
// kernel's views and captures but write only tile_static elements, its
// own locals and elements `v[i]` of a local v kept per work-item, which
// every mention of v names so (each i's element is written and read in the
// same iteration); nothing through pointers or references, no calls but
// C++ AMP's library. The second loop's counter prints as the first's, so
// no local of the second phase may take that name. The fused loop carries those dependences: it asks
// LLVM to vectorise what it proves (vectorize(enable)), not assume_safety.
//
// When both phases are the same guard on the local id (WorkItemGuards.cpp),
// the fused loop runs over the work-items it admits; a choice whose value
// for the others only B would read, where it reads nothing (next[i] = j <
// step ? ... : 0), loses that side.
//
//===----------------------------------------------------------------------===//
#include "WorkItemLoops.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace ampcc {

namespace {

/// The counter of a lifted loop (WorkItemLoops::countedLoop's).
const VarDecl *counterOf(const ForStmt *FS) {
  return cast<VarDecl>(cast<DeclStmt>(FS->getInit())->getSingleDecl());
}

/// The statements of a loop's body.
llvm::SmallVector<const Stmt *, 8> bodyStmts(const ForStmt *FS) {
  if (const auto *CS = dyn_cast<CompoundStmt>(FS->getBody()))
    return {CS->body_begin(), CS->body_end()};
  return {FS->getBody()};
}

/// `v[c]`: the base variable of a subscript of an array variable at the
/// variable \p Counter, or null.
const VarDecl *elementAtCounter(const Expr *E, const VarDecl *Counter) {
  const auto *ASE = dyn_cast<ArraySubscriptExpr>(E->IgnoreParens());
  if (!ASE)
    return nullptr;
  const auto *Base = dyn_cast<DeclRefExpr>(ASE->getBase()->IgnoreParenImpCasts());
  const auto *Idx = dyn_cast<DeclRefExpr>(ASE->getIdx()->IgnoreParenImpCasts());
  if (!Base || !Idx || Idx->getDecl() != Counter || !Base->getType()->isArrayType())
    return nullptr;
  return dyn_cast<VarDecl>(Base->getDecl());
}

/// What one phase does to memory, as far as fusion must know.
struct PhaseScan : RecursiveASTVisitor<PhaseScan> {
  struct Element {
    const VarDecl *Array;
    const Expr *Index;
    bool Read, Write;
  };
  const VarDecl *Counter;
  const llvm::DenseSet<const VarDecl *> &Own;
  const llvm::MapVector<const VarDecl *, std::string> &Replicated;
  std::vector<Element> Shared; ///< tile_static elements.
  llvm::DenseMap<const VarDecl *, unsigned> SharedMentions;
  llvm::DenseMap<const VarDecl *, unsigned> ReplicatedMentions, AtCounter;
  llvm::DenseSet<const VarDecl *> ReplicatedWritten;
  /// Lvalues the phase writes (true: and reads, `+=`, `++`).
  llvm::DenseMap<const Expr *, bool> Targets;
  bool Unfit = false;

  PhaseScan(const VarDecl *Counter, const llvm::DenseSet<const VarDecl *> &Own,
            const llvm::MapVector<const VarDecl *, std::string> &Replicated)
      : Counter(Counter), Own(Own), Replicated(Replicated) {}

  bool fail() { return !(Unfit = true); }

  /// A write to \p LValue: a tile_static or replicated element (checked at
  /// the subscript) or an arithmetic local of the phase's own.
  bool target(const Expr *LValue, bool AlsoRead) {
    LValue = LValue->IgnoreParens();
    if (isa<ArraySubscriptExpr>(LValue)) {
      Targets[LValue] = AlsoRead;
      return true;
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(LValue);
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    return VD && Own.contains(VD) && VD->getType()->isArithmeticType() ? true : fail();
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    return !BO->isAssignmentOp() || target(BO->getLHS(), BO->isCompoundAssignmentOp());
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->getOpcode() == UO_AddrOf || UO->getOpcode() == UO_Deref)
      return fail();
    return !UO->isIncrementDecrementOp() || target(UO->getSubExpr(), true);
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OC) {
    // An assignment of a class (a short vector's `=`, `+=`): not followed.
    return !OC->isAssignmentOp() && OC->getOperator() != OO_PlusPlus &&
                   OC->getOperator() != OO_MinusMinus
               ? true
               : fail();
  }
  bool VisitCallExpr(CallExpr *CE) {
    // Calls of C++ AMP's library alone, no atomics (mayUpdateShared, in
    // fusible), and of none of its members that change their object.
    const auto *MD = dyn_cast_or_null<CXXMethodDecl>(CE->getDirectCallee());
    return MD && MD->isInstance() && !MD->isConst() ? fail() : true;
  }
  bool VisitMemberExpr(MemberExpr *ME) { return ME->isArrow() ? fail() : true; }
  bool VisitCXXThisExpr(CXXThisExpr *) { return fail(); }
  bool VisitLambdaExpr(LambdaExpr *) { return fail(); }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD)
      return true;
    // A reference may name tile_static memory under another name.
    if (VD->getType()->isReferenceType() || VD->getType()->isPointerType())
      return fail();
    if (VD->hasAttr<CUDASharedAttr>())
      ++SharedMentions[VD];
    else if (Replicated.count(VD))
      ++ReplicatedMentions[VD];
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *ASE) {
    auto It = Targets.find(ASE);
    bool Write = It != Targets.end(), Read = !Write || It->second;
    const auto *Base = dyn_cast<DeclRefExpr>(ASE->getBase()->IgnoreParenImpCasts());
    const auto *VD = Base ? dyn_cast<VarDecl>(Base->getDecl()) : nullptr;
    // Through a pointer, a member or a row of a multi-dimensional array:
    // memory this does not follow.
    if (!VD || !VD->getType()->isConstantArrayType() ||
        VD->getType()->getArrayElementTypeNoTypeQual()->isArrayType())
      return fail();
    if (VD->hasAttr<CUDASharedAttr>()) {
      Shared.push_back({VD, ASE->getIdx(), Read, Write});
      return true;
    }
    if (Replicated.count(VD)) {
      if (elementAtCounter(ASE, Counter) == VD)
        ++AtCounter[VD];
      if (Write)
        ReplicatedWritten.insert(VD);
      return true;
    }
    return !Write || Own.contains(VD) ? true : fail();
  }
};

} // namespace

std::optional<WorkItemLoops::LinearIndex>
WorkItemLoops::linearIndex(const Expr *E, const VarDecl *Counter,
                           const llvm::DenseSet<const VarDecl *> &Own, unsigned Depth) {
  E = E->IgnoreParenImpCasts();
  ASTContext &Ctx = FE.CG.getContext();
  if (Depth > 16 || !E->getType()->isIntegerType())
    return std::nullopt;
  LinearIndex L;
  if (std::optional<llvm::APSInt> C = E->getIntegerConstantExpr(Ctx)) {
    if (C->getSignificantBits() > 32)
      return std::nullopt;
    L.Const = C->getExtValue();
    return L;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (VD && VD == Counter) {
      L.Counter = 1;
      return L;
    }
    // A local set once, the phase's own or one from the index.
    if (VD && VD->getInit() && (Own.contains(VD) || FE.Rematerialized.contains(VD)) &&
        !mayChange(Body, VD))
      return linearIndex(VD->getInit(), Counter, Own, Depth + 1);
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    std::optional<LinearIndex> X = linearIndex(BO->getLHS(), Counter, Own, Depth + 1);
    std::optional<LinearIndex> Y = linearIndex(BO->getRHS(), Counter, Own, Depth + 1);
    if (!X || !Y)
      return std::nullopt;
    int64_t Sign = BO->getOpcode() == BO_Sub ? -1 : 1;
    switch (BO->getOpcode()) {
    case BO_Add:
    case BO_Sub:
      return LinearIndex{X->Lx + Sign * Y->Lx, X->Counter + Sign * Y->Counter,
                         X->Const + Sign * Y->Const};
    case BO_Mul: {
      // One side a constant; small values only (no overflow here).
      if (X->Lx || X->Counter)
        std::swap(X, Y);
      if (X->Lx || X->Counter || X->Const < -65536 || X->Const > 65536)
        return std::nullopt;
      return LinearIndex{X->Const * Y->Lx, X->Const * Y->Counter, X->Const * Y->Const};
    }
    default:
      return std::nullopt;
    }
  }
  // The local id of the tile's fastest dimension alone.
  std::optional<IdTerms> Terms = fastLocalIdPlus(E, {});
  if (Terms && Terms->empty()) {
    L.Lx = 1;
    return L;
  }
  return std::nullopt;
}

std::string WorkItemLoops::fusedCounterName(const ForStmt *A, const ForStmt *) {
  return FE.LocalPrefix + CodeGenModule::safeLocalName(counterOf(A)->getName());
}

bool WorkItemLoops::fusible(const Stmt *SA, const Stmt *SB) {
  const auto *A = dyn_cast<ForStmt>(SA), *B = dyn_cast<ForStmt>(SB);
  // One thread per tile, a row at a time: the order is (i, local id) only
  // for a tile of one row.
  if (!A || !B || !Lifted.contains(A) || !Lifted.contains(B) || HasReturns ||
      root().HasReturns || Tile[1] * Tile[2] != 1)
    return false;
  CountedLoop LA = *countedLoop(A), LB = *countedLoop(B);
  // The same iterations, counting up by one.
  if (LA.Step || LB.Step || LA.Down || LB.Down ||
      LA.Counter->getType() != LB.Counter->getType())
    return false;
  const auto *CA = dyn_cast<BinaryOperator>(A->getCond()->IgnoreParenImpCasts());
  const auto *CB = dyn_cast<BinaryOperator>(B->getCond()->IgnoreParenImpCasts());
  auto IsCounter = [](const Expr *E, const VarDecl *VD) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == VD;
  };
  if (!CA || !CB || CA->getOpcode() != CB->getOpcode() ||
      (CA->getOpcode() != BO_LT && CA->getOpcode() != BO_LE) ||
      !IsCounter(CA->getLHS(), LA.Counter) || !IsCounter(CB->getLHS(), LB.Counter) ||
      FE.expr(CA->getRHS()) != FE.expr(CB->getRHS()) ||
      FE.expr(LA.Counter->getInit()) != FE.expr(LB.Counter->getInit()))
    return false;

  // What each phase touches.
  llvm::DenseSet<const VarDecl *> OwnA = declaredIn(A->getBody()),
                                  OwnB = declaredIn(B->getBody());
  // B's counter prints as A's: no local of B's may take that name.
  if (llvm::any_of(OwnB, [&](const VarDecl *VD) {
        return VD != LB.Counter && VD->getName() == LA.Counter->getName();
      }))
    return false;
  if (mayUpdateShared(A->getBody()) || mayUpdateShared(B->getBody()))
    return false;
  PhaseScan PA(LA.Counter, OwnA, FE.Replicated), PB(LB.Counter, OwnB, FE.Replicated);
  PA.TraverseStmt(const_cast<Stmt *>(A->getBody()));
  PB.TraverseStmt(const_cast<Stmt *>(B->getBody()));
  if (PA.Unfit || PB.Unfit)
    return false;
  // A local kept per work-item that either phase writes: only ever its
  // element at the counter.
  llvm::DenseSet<const VarDecl *> Written = PA.ReplicatedWritten;
  Written.insert(PB.ReplicatedWritten.begin(), PB.ReplicatedWritten.end());
  for (const VarDecl *VD : Written)
    if (PA.ReplicatedMentions.lookup(VD) + PB.ReplicatedMentions.lookup(VD) !=
        PA.AtCounter.lookup(VD) + PB.AtCounter.lookup(VD))
      return false;
  // tile_static arrays named only at their elements.
  for (const PhaseScan *P : {&PA, &PB})
    for (const auto &[VD, Mentions] : P->SharedMentions)
      if (Mentions != llvm::count_if(P->Shared, [VD = VD](const PhaseScan::Element &E) {
            return E.Array == VD;
          }))
        return false;
  // B's access before a later work-item's A (in the fused order): apart.
  for (const PhaseScan::Element &EB : PB.Shared)
    for (const PhaseScan::Element &EA : PA.Shared) {
      if (EA.Array != EB.Array || !(EA.Write || EB.Write))
        continue;
      std::optional<LinearIndex> IA = linearIndex(EA.Index, LA.Counter, OwnA);
      std::optional<LinearIndex> IB = linearIndex(EB.Index, LB.Counter, OwnB);
      if (!IA || !IB || IA->Lx != 1 || IB->Lx != 1 || IA->Counter != IB->Counter ||
          IA->Counter < int64_t(Tile[0]) || IA->Const < IB->Const)
        return false;
    }
  // Both phases one guard on the local id, or neither: the fused loop runs
  // where it admits. B's counter prints as A's.
  std::string Name = fusedCounterName(A, B);
  FE.bindVar(LA.Counter, Name);
  FE.bindVar(LB.Counter, Name);
  std::optional<GuardedRegion> GA = guardedRegion(bodyStmts(A));
  std::optional<GuardedRegion> GB = guardedRegion(bodyStmts(B));
  if (GA.has_value() != GB.has_value())
    return false;
  return !GA || (GA->BoundDecl == GB->BoundDecl && GA->Lo == GB->Lo && GA->Hi == GB->Hi);
}

bool WorkItemLoops::deadOtherSide(const GuardedRegion &G, const ForStmt *Writer,
                                  const ForStmt *Reader, const std::optional<GuardedRegion> &RG) {
  if (!G.Choice || !RG || RG->Others)
    return false;
  const VarDecl *V = elementAtCounter(G.Choice->getLHS(), counterOf(Writer));
  if (!V || !FE.Replicated.count(V) || FE.TileScalars.contains(V))
    return false;
  // Every mention of V in the whole body: the choice's target, or V[i] in
  // the reader's admitted part.
  struct Mentions : RecursiveASTVisitor<Mentions> {
    const VarDecl *V, *Counter;
    const Stmt *Admitted;
    const Expr *Target;
    unsigned Elsewhere = 0;
    std::vector<const Stmt *> Stack;
    bool TraverseStmt(Stmt *S) {
      if (!S)
        return true;
      Stack.push_back(S);
      bool R = RecursiveASTVisitor::TraverseStmt(S);
      Stack.pop_back();
      return R;
    }
    bool VisitDeclRefExpr(DeclRefExpr *DRE) {
      if (DRE->getDecl() != V)
        return true;
      // The subscript around this mention, and whether it is inside the
      // reader's admitted part.
      const Expr *Element = nullptr;
      for (auto It = Stack.rbegin(); It != Stack.rend(); ++It)
        if (isa<ArraySubscriptExpr>(*It)) {
          Element = cast<Expr>(*It);
          break;
        }
      bool InAdmitted = llvm::is_contained(Stack, Admitted);
      if (Element == Target)
        return true;
      if (!InAdmitted || !Element || elementAtCounter(Element, Counter) != V)
        ++Elsewhere;
      return true;
    }
  } M;
  M.V = V;
  M.Counter = counterOf(Reader);
  M.Admitted = RG->Admitted;
  M.Target = G.Choice->getLHS()->IgnoreParens();
  M.TraverseStmt(const_cast<Stmt *>(Body));
  return M.Elsewhere == 0;
}

void WorkItemLoops::emitFused(const ForStmt *A, const ForStmt *B) {
  std::string Name = fusedCounterName(A, B);
  FE.line("{");
  ++FE.Indent;
  FE.emitStmt(A->getInit());
  FE.bindVar(counterOf(B), Name);
  FE.line("for (; " + FE.expr(A->getCond()) + "; " + FE.discardedExpr(A->getInc()) + ")");
  FE.line("{");
  ++FE.Indent;
  llvm::SmallVector<const Stmt *, 8> SA = bodyStmts(A), SB = bodyStmts(B);
  llvm::SmallVector<const Stmt *, 16> All(SA.begin(), SA.end());
  All.append(SB.begin(), SB.end());
  bool Vectorize = lanesIndependent(All);
  std::optional<GuardedRegion> GA = guardedRegion(SA), GB = guardedRegion(SB);
  if (!GA) {
    // Each phase's statements in a block of their own: both may declare `j`.
    openLoop(Vectorize, "0", "", /*Ordered=*/true);
    emitPhase(SA, nullptr, false, /*Block=*/true);
    emitPhase(SB, nullptr, false, /*Block=*/true);
    closeLoop();
  } else {
    if (deadOtherSide(*GA, A, B, GB))
      GA->Others = nullptr;
    emitGuardedLoops({{SA, *GA}, {SB, *GB}}, Vectorize, /*Ordered=*/true);
  }
  --FE.Indent;
  FE.line("}");
  --FE.Indent;
  FE.line("}");
}

} // namespace ampcc
