//===- WorkItemGuards.cpp - work-item loops over the work-items a guard admits ===//
//
// A tree reduction halves the work-items that work at each step:
// `if (l < stride) s[l] += s[l + stride];` between barriers. As a loop over
// the whole tile, every step would test every work-item, and the vectoriser
// turns the test into masked loads and stores (on AMD's cores a masked
// store is microcoded: the tree cost a third of the reduction's tile
// function). When the statements between two barriers are one such `if`,
// its condition comparing the local id of the tile's fastest dimension with
// a value alike for the tile, the loop runs over the work-items the
// condition admits instead, and the branch runs unguarded.
//
//===----------------------------------------------------------------------===//
#include "WorkItemLoops.h"

#include "ampcc/Analysis/AmpModel.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace ampcc {

namespace {

/// The rank of index<N> \p T, or 0.
unsigned indexRank(QualType T) {
  const auto *Spec =
      dyn_cast_or_null<ClassTemplateSpecializationDecl>(T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || !isAmpClass(Spec, "index") || Spec->getTemplateArgs().size() < 1 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Integral)
    return 0;
  return unsigned(Spec->getTemplateArgs()[0].getAsIntegral().getZExtValue());
}

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

bool WorkItemLoops::isFastLocalId(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    return CE->getNumArgs() == 1 && isFastLocalId(CE->getArg(0));
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD || !VD->getType()->isIntegerType())
      return false;
    // A local set once from it (`int l = t.local[0];`).
    if (FE.Rematerialized.contains(VD))
      return VD->getInit() && !mayChange(Body, VD) && isFastLocalId(VD->getInit());
    // An inlined callee's parameter from the caller's.
    if (Caller && IndexVars.contains(VD))
      for (const Param &P : Params)
        if (P.Decl == VD)
          return P.Kind == Param::FromIndex && P.Passing == ArgPassing::Value &&
                 Caller->isFastLocalId(P.Arg);
    return false;
  }
  // t.local[R - 1] of a tiled_index of rank R: OpenCL's dimension 0.
  const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
  if (!OC || OC->getOperator() != OO_Subscript || OC->getNumArgs() != 2)
    return false;
  const auto *ME = dyn_cast<MemberExpr>(OC->getArg(0)->IgnoreParenImpCasts());
  if (!ME || !ME->getMemberDecl()->getIdentifier() || ME->getMemberDecl()->getName() != "local")
    return false;
  const auto *Base = dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts());
  const auto *IndexVar = Base ? dyn_cast<VarDecl>(Base->getDecl()) : nullptr;
  if (!IndexVar || !IndexVars.contains(IndexVar) || mayChange(Body, IndexVar) ||
      !isAmpClass(IndexVar->getType().getNonReferenceType()->getAsCXXRecordDecl(), "tiled_index"))
    return false;
  unsigned Rank = indexRank(ME->getType());
  Expr::EvalResult Dim;
  return Rank && OC->getArg(1)->EvaluateAsInt(Dim, FE.CG.getContext()) &&
         Dim.Val.getInt() == int64_t(Rank) - 1;
}

std::optional<WorkItemLoops::GuardedRegion> WorkItemLoops::guardedRegion(const Stmt *S) {
  const auto *If = dyn_cast<IfStmt>(S);
  if (!If || If->getElse() || If->getInit() || If->getConditionVariable() || If->isConsteval())
    return std::nullopt;
  const auto *BO = dyn_cast<BinaryOperator>(If->getCond()->IgnoreParens());
  if (!BO || !BO->isComparisonOp() || BO->getOpcode() == BO_NE ||
      !BO->getLHS()->getType()->isSignedIntegerType() ||
      !BO->getRHS()->getType()->isSignedIntegerType())
    return std::nullopt;
  // Local id OP bound, the operator turned around when the id is on the right.
  BinaryOperatorKind Opc = BO->getOpcode();
  const Expr *Bound = BO->getRHS();
  if (!isFastLocalId(BO->getLHS())) {
    if (!isFastLocalId(BO->getRHS()))
      return std::nullopt;
    Bound = BO->getLHS();
    Opc = BinaryOperator::reverseComparisonOp(Opc);
  }
  // Read once, before the loop: alike for the tile and unchanged by it.
  if (!isUniform(Bound))
    return std::nullopt;
  for (const VarDecl *VD : varsIn(Bound))
    if (mayChange(If->getThen(), VD))
      return std::nullopt;
  std::string X = std::to_string(Tile[0]);
  std::string B = "ampcc_gb";
  auto Clamp = [&](const std::string &V) {
    return "(" + V + " < 0 ? 0 : " + V + " > " + X + " ? " + X + " : " + V + ")";
  };
  // b + 1 without overflow: b is at most LONG_MAX only where b >= X.
  std::string Next = "(" + B + " >= " + X + " ? " + X + " : " + B + " + 1)";
  GuardedRegion G{"0", X, If->getThen(), "long " + B + " = (long)(" + FE.expr(Bound) + ");"};
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

bool WorkItemLoops::emitGuardedLoop(const Stmt *S, bool Vectorize) {
  std::optional<GuardedRegion> G = guardedRegion(S);
  if (!G)
    return false;
  FE.line("{");
  ++FE.Indent;
  FE.line(G->BoundDecl);
  FE.line("size_t ampcc_glo = " + G->Lo + ", ampcc_ghi = " + G->Hi + ";");
  openLoop(Vectorize, "ampcc_glo", "ampcc_ghi");
  FE.pushScope();
  FE.emitStmt(G->Then);
  FE.popScope();
  closeLoop();
  --FE.Indent;
  FE.line("}");
  return true;
}

} // namespace ampcc
