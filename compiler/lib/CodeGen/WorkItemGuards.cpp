//===- WorkItemGuards.cpp - work-item loops over the work-items a guard admits ===//
//
// A tree reduction halves the work-items that work at each step:
// `if (l < stride) s[l] += s[l + stride];` between barriers. As a loop over
// the whole tile, every step would test every work-item, and the vectoriser
// turns the test into masked loads and stores (on AMD's cores a masked
// store is microcoded: the tree cost a third of the reduction's tile
// function). When the statements between two barriers are one such `if`,
// its condition comparing the local id of the tile's fastest dimension (plus
// terms alike for the tile, as in `j = l + tile * i; if (j < step)` inside a
// loop lifted out of the work-item loop) with a value alike for the tile,
// the loop runs over the work-items the condition admits instead, and the
// branch runs unguarded. Declarations before the `if` may come along. An
// `else`, and an assignment of a choice on such a condition (binomial
// pricing's `next[i] = j < step ? pu * v[j + 1] + pd * v[j] : 0`, which
// computed both sides for every work-item, the vectoriser's select), run
// as a second loop over the work-items the condition refuses.
//
//===----------------------------------------------------------------------===//
#include "WorkItemLoops.h"

#include "ampcc/Analysis/AmpModel.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace ampcc {

namespace {

/// The variables \p E reads.
llvm::SmallVector<const VarDecl *, 4> varsIn(const Expr *E) {
  struct Collect : RecursiveASTVisitor<Collect> {
    llvm::SmallVector<const VarDecl *, 4> Vars;
    bool VisitDeclRefExpr(DeclRefExpr *DRE) {
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        Vars.push_back(VD);
      return true;
    }
  } C;
  C.TraverseStmt(const_cast<Expr *>(E));
  return C.Vars;
}

} // namespace

std::optional<WorkItemLoops::IdTerms>
WorkItemLoops::fastLocalIdPlus(const Expr *E, const llvm::DenseSet<const VarDecl *> &Declared) {
  E = E->IgnoreParenImpCasts();
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    return CE->getNumArgs() == 1 ? fastLocalIdPlus(CE->getArg(0), Declared) : std::nullopt;
  // l + c, c + l, l - c: a term alike for the tile, which the bound takes
  // the other way (guardedRegion refuses one that reads what the region
  // declares: the bound is printed before the loop).
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() != BO_Add && BO->getOpcode() != BO_Sub)
      return std::nullopt;
    auto Term = [&](const Expr *Id, const Expr *C, bool Minus) -> std::optional<IdTerms> {
      if (!isUniform(C))
        return std::nullopt;
      std::optional<IdTerms> T = fastLocalIdPlus(Id, Declared);
      if (T)
        T->push_back({Minus, C});
      return T;
    };
    if (std::optional<IdTerms> T = Term(BO->getLHS(), BO->getRHS(), BO->getOpcode() == BO_Sub))
      return T;
    return BO->getOpcode() == BO_Add ? Term(BO->getRHS(), BO->getLHS(), false) : std::nullopt;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD || !VD->getType()->isIntegerType())
      return std::nullopt;
    // A local set once from it (`int l = t.local[0];`), in the body or in
    // the region itself.
    if (FE.Rematerialized.contains(VD) || Declared.contains(VD))
      return VD->getInit() && !mayChange(Body, VD) ? fastLocalIdPlus(VD->getInit(), Declared)
                                                   : std::nullopt;
    // An inlined callee's parameter: the caller's local id itself (terms of
    // the caller's would not print here).
    if (Caller && IndexVars.contains(VD))
      for (const Param &P : Params)
        if (P.Decl == VD) {
          std::optional<IdTerms> T;
          if (P.Kind == Param::FromIndex && P.Passing == ArgPassing::Value)
            T = Caller->fastLocalIdPlus(P.Arg, {});
          return T && T->empty() ? T : std::nullopt;
        }
    return std::nullopt;
  }
  // t.local[R - 1] of a tiled_index of rank R: OpenCL's dimension 0.
  std::optional<IndexMemberCoordinate> C =
      indexMemberCoordinate(E, "local", FE.CG.getContext());
  const auto *IndexVar = C ? dyn_cast<VarDecl>(C->Var) : nullptr;
  if (!IndexVar || !IndexVars.contains(IndexVar) || mayChange(Body, IndexVar) ||
      !isAmpClass(IndexVar->getType().getNonReferenceType()->getAsCXXRecordDecl(), "tiled_index"))
    return std::nullopt;
  unsigned Rank = indexRank(C->Member->getType(), "index");
  if (Rank && C->Dim == int64_t(Rank) - 1)
    return IdTerms();
  return std::nullopt;
}

std::optional<WorkItemLoops::GuardedRegion>
WorkItemLoops::guardedRegion(llvm::ArrayRef<const Stmt *> Stmts) {
  if (Stmts.empty())
    return std::nullopt;
  // Declarations first, which a skipped work-item need not run: arithmetic
  // values from the index or alike for the tile, kept by no later region.
  llvm::DenseSet<const VarDecl *> Declared;
  for (const Stmt *S : Stmts.drop_back()) {
    const auto *DS = dyn_cast<DeclStmt>(S);
    if (!DS)
      return std::nullopt;
    for (const Decl *D : DS->decls()) {
      const auto *VD = dyn_cast<VarDecl>(D);
      if (!VD || !VD->getType()->isArithmeticType() || !VD->getInit() ||
          FE.Replicated.count(VD) || !fromIndex(VD->getInit()))
        return std::nullopt;
      Declared.insert(VD);
    }
  }
  GuardedRegion G;
  const Expr *Cond = nullptr;
  if (const auto *If = dyn_cast<IfStmt>(Stmts.back())) {
    if (If->getInit() || If->getConditionVariable() || If->isConsteval())
      return std::nullopt;
    Cond = If->getCond();
    G.Admitted = If->getThen();
    G.Others = If->getElse();
  } else if (const auto *Assign = dyn_cast<BinaryOperator>(Stmts.back())) {
    // x = c ? a : b, of one arithmetic type throughout (no conversion of
    // the choice to print), x without side effects (it is printed twice).
    const auto *Choice = dyn_cast<ConditionalOperator>(Assign->getRHS()->IgnoreParens());
    if (Assign->getOpcode() != BO_Assign || !Choice ||
        !Assign->getType()->isArithmeticType() ||
        Assign->getLHS()->HasSideEffects(FE.CG.getContext()))
      return std::nullopt;
    Cond = Choice->getCond();
    G.Admitted = Choice->getTrueExpr();
    G.Others = Choice->getFalseExpr();
    G.Choice = Assign;
  }
  if (!Cond)
    return std::nullopt;
  const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParens());
  if (!BO || !BO->isComparisonOp() || BO->getOpcode() == BO_NE ||
      !BO->getLHS()->getType()->isSignedIntegerType() ||
      !BO->getRHS()->getType()->isSignedIntegerType())
    return std::nullopt;
  // Local id (plus terms) OP bound, the operator turned around when the id
  // is on the right.
  BinaryOperatorKind Opc = BO->getOpcode();
  const Expr *Bound = BO->getRHS();
  std::optional<IdTerms> Terms = fastLocalIdPlus(BO->getLHS(), Declared);
  if (!Terms) {
    Terms = fastLocalIdPlus(BO->getRHS(), Declared);
    if (!Terms)
      return std::nullopt;
    Bound = BO->getLHS();
    Opc = BinaryOperator::reverseComparisonOp(Opc);
  }
  // Read once, before the loop: alike for the tile and unchanged by it.
  if (!isUniform(Bound))
    return std::nullopt;
  auto ChangedOrOwn = [&](const Expr *E) {
    return llvm::any_of(varsIn(E), [&](const VarDecl *VD) {
      return Declared.contains(VD) || mayChange(Stmts.back(), VD);
    });
  };
  if (ChangedOrOwn(Bound) ||
      llvm::any_of(*Terms, [&](const auto &T) { return ChangedOrOwn(T.second); }))
    return std::nullopt;
  std::string BoundText = "(long)(" + FE.expr(Bound) + ")";
  for (const auto &[Minus, Term] : *Terms) // l + c < b: l < b - c
    BoundText += std::string(Minus ? " + " : " - ") + "(long)(" + FE.expr(Term) + ")";
  std::string X = std::to_string(Tile[0]);
  std::string B = "ampcc_gb";
  auto Clamp = [&](const std::string &V) {
    return "(" + V + " < 0 ? 0 : " + V + " > " + X + " ? " + X + " : " + V + ")";
  };
  // b + 1 without overflow: b is at most LONG_MAX only where b >= X.
  std::string Next = "(" + B + " >= " + X + " ? " + X + " : " + B + " + 1)";
  G.Lo = "0";
  G.Hi = X;
  G.BoundDecl = "long " + B + " = " + BoundText + ";";
  switch (Opc) {
  case BO_LT: G.Hi = Clamp(B); break;
  case BO_LE: G.Hi = Clamp(Next); break;
  case BO_GT: G.Lo = Clamp(Next); break;
  case BO_GE: G.Lo = Clamp(B); break;
  case BO_EQ:
    G.Lo = Clamp(B);
    G.Hi = "(" + B + " >= 0 && " + B + " < " + X + " ? " + B + " + 1 : 0)";
    break;
  default:
    return std::nullopt;
  }
  return G;
}

bool WorkItemLoops::emitGuardedLoop(llvm::ArrayRef<const Stmt *> Stmts, bool Vectorize) {
  // A loop's body is one compound statement (emitList of a lifted loop).
  llvm::SmallVector<const Stmt *, 4> Inner;
  if (Stmts.size() == 1)
    if (const auto *CS = dyn_cast<CompoundStmt>(Stmts.front())) {
      Inner.assign(CS->body_begin(), CS->body_end());
      Stmts = Inner;
    }
  std::optional<GuardedRegion> G = guardedRegion(Stmts);
  if (!G)
    return false;
  emitGuardedLoops({{Stmts, *G}}, Vectorize, /*Ordered=*/false);
  return true;
}

void WorkItemLoops::emitGuardedLoops(llvm::ArrayRef<GuardedPhase> Phases, bool Vectorize,
                                     bool Ordered) {
  const GuardedRegion &G = Phases.front().G;
  FE.line("{");
  ++FE.Indent;
  FE.line(G.BoundDecl);
  FE.line("size_t ampcc_glo = " + G.Lo + ", ampcc_ghi = " + G.Hi + ";");
  // Several phases (fused) each in a block of their own: both may declare
  // `j`.
  bool Blocks = Phases.size() > 1;
  auto Loop = [&](const std::string &Lo, const std::string &Hi, bool Others) {
    openLoop(Vectorize, Lo, Hi, Ordered);
    for (const GuardedPhase &P : Phases)
      if (!Others || P.G.Others)
        emitPhase(P.Stmts, &P.G, Others, Blocks);
    closeLoop();
  };
  Loop("ampcc_glo", "ampcc_ghi", false);
  if (llvm::any_of(Phases, [](const GuardedPhase &P) { return P.G.Others; })) {
    // The rest of the row: below and above the admitted range, or all of
    // it where that range is empty (an equality's bound outside the tile).
    std::string X = std::to_string(Tile[0]);
    FE.line("size_t ampcc_olo = ampcc_glo < ampcc_ghi ? ampcc_glo : " + X +
            ", ampcc_ohi = ampcc_glo < ampcc_ghi ? ampcc_ghi : " + X + ";");
    Loop("0", "ampcc_olo", true);
    Loop("ampcc_ohi", X, true);
  }
  --FE.Indent;
  FE.line("}");
}

void WorkItemLoops::emitPhase(llvm::ArrayRef<const Stmt *> Stmts, const GuardedRegion *G,
                              bool Others, bool Block) {
  if (Block) {
    FE.line("{");
    ++FE.Indent;
  }
  FE.pushScope();
  for (const Stmt *S : G ? Stmts.drop_back() : Stmts)
    FE.emitStmt(S);
  if (G)
    emitGuardedPart(*G, Others);
  FE.popScope();
  if (Block) {
    --FE.Indent;
    FE.line("}");
  }
}

void WorkItemLoops::emitGuardedPart(const GuardedRegion &G, bool Others) {
  const Stmt *Part = Others ? G.Others : G.Admitted;
  if (!G.Choice) {
    FE.emitStmt(Part);
    return;
  }
  FE.line(FE.expr(G.Choice->getLHS()) + " = " + FE.expr(cast<Expr>(Part)) + ";");
}

} // namespace ampcc
