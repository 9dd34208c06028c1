//===- DomainIndexing.cpp - accesses in range by construction ------------===//
//
// See DomainIndexing.h. Permutations are numbered in lexicographic order,
// the identity first (kernel_abi.h, domainPermutation); ranks above 3 take
// the identity only.
//
//===----------------------------------------------------------------------===//
#include "DomainIndexing.h"
#include "MutationQueries.h"

#include "IndexRanges.h"

#include "ampcc/Analysis/AmpModel.h"
#include "ampcc/kernel_abi.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <algorithm>

using namespace clang;

namespace ampcc {

namespace {

/// The number of \p Perm among the permutations of its length
/// (kernel_abi.h, domainPermutation).
std::optional<unsigned> permutationNumber(llvm::ArrayRef<unsigned> Perm) {
  for (unsigned K = 0; K < 6; ++K) {
    const unsigned char *P = rt::domainPermutation(Perm.size(), K);
    if (!P)
      break;
    if (std::equal(Perm.begin(), Perm.end(), P))
      return K;
  }
  return std::nullopt; // A coordinate repeats, or a higher rank permuted.
}

/// Whether every use of the index parameter \p Index in \p Body only reads
/// it: a copy, a const reference or a const member call, or a coordinate
/// (`idx[0]`, the non-const operator[]) whose result is only read.
/// ExprMutationAnalyzer counts every non-const call as a change, which
/// would take `int i = idx[0];` for one.
bool onlyRead(const ParmVarDecl *Index, Stmt *Body) {
  struct Uses : RecursiveASTVisitor<Uses> {
    const ParmVarDecl *Index;
    llvm::SmallVector<const DeclRefExpr *, 8> Refs;
    bool VisitDeclRefExpr(DeclRefExpr *DRE) {
      if (DRE->getDecl() == Index)
        Refs.push_back(DRE);
      return true;
    }
  } V;
  V.Index = Index;
  V.TraverseStmt(Body);
  ParentMap PM(Body);
  auto parentOf = [&](const Stmt *S) {
    const Stmt *P = PM.getParent(S);
    while (P && (isa<ParenExpr>(P) ||
                 (isa<ImplicitCastExpr>(P) &&
                  cast<ImplicitCastExpr>(P)->getCastKind() == CK_NoOp)))
      P = PM.getParent(P);
    return P;
  };
  for (const DeclRefExpr *DRE : V.Refs) {
    const Stmt *P = parentOf(DRE);
    if (const auto *OCE = dyn_cast_or_null<CXXOperatorCallExpr>(P);
        OCE && OCE->getOperator() == OO_Subscript && OCE->getArg(0)->IgnoreParenImpCasts() == DRE) {
      const auto *Read = dyn_cast_or_null<ImplicitCastExpr>(parentOf(OCE));
      if (!Read || Read->getCastKind() != CK_LValueToRValue)
        return false;
      continue;
    }
    const Expr *Arg = DRE;
    if (const auto *MTE = dyn_cast_or_null<MaterializeTemporaryExpr>(P)) {
      Arg = MTE;
      P = parentOf(MTE);
    }
    const FunctionDecl *Callee = nullptr;
    llvm::ArrayRef<const Expr *> Args;
    if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(P)) {
      Callee = CE->getConstructor();
      Args = llvm::ArrayRef(CE->getArgs(), CE->getNumArgs());
    } else if (const auto *Call = dyn_cast_or_null<CallExpr>(P)) {
      Callee = Call->getDirectCallee();
      Args = llvm::ArrayRef(Call->getArgs(), Call->getNumArgs());
    }
    if (!Callee)
      return false;
    const auto *It = llvm::find_if(Args, [&](const Expr *A) {
      return A->IgnoreParenImpCasts() == Arg->IgnoreParenImpCasts();
    });
    if (It == Args.end())
      return false;
    unsigned I = It - Args.begin();
    // A member operator's object is its first argument.
    const auto *MD = dyn_cast<CXXMethodDecl>(Callee);
    if (MD && isa<CXXOperatorCallExpr>(P) && MD->isInstance()) {
      if (I == 0) {
        if (!MD->isConst())
          return false;
        continue;
      }
      --I;
    }
    if (I >= Callee->getNumParams())
      return false;
    QualType PT = Callee->getParamDecl(I)->getType();
    if (PT->isReferenceType() && !PT.getNonReferenceType().isConstQualified())
      return false;
  }
  return true;
}

} // namespace

DomainIndexing::DomainIndexing(
    ASTContext &Ctx, MutationQueries &Mutations, const CXXMethodDecl *Op,
    llvm::DenseMap<const ValueDecl *, const FieldDecl *> FieldOfVar,
    llvm::DenseMap<const FieldDecl *, unsigned> CaptureOf)
    : Ctx(Ctx), Mutations(Mutations), Op(Op), FieldOfVar(std::move(FieldOfVar)) {
  if (!Op->getNumParams() || !Op->hasBody())
    return;
  Ranges = std::make_unique<IndexRanges>(Ctx, *this, Op->getBody(), std::move(CaptureOf));
  Index = Op->getParamDecl(0);
  const CXXRecordDecl *RD = Index->getType().getNonReferenceType()->getAsCXXRecordDecl();
  Tiled = isAmpClass(RD, "tiled_index");
  if (!Tiled && !isAmpClass(RD, "index"))
    Index = nullptr;
  else if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
    Rank = Tiled ? Spec->getTemplateArgs().size() : Spec->getTemplateArgs()[0].getAsIntegral().getZExtValue();
  // tiled_index<D0, D1, D2> has three arguments whatever its rank: count
  // the non-zero tile extents.
  if (Tiled)
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD)) {
      Rank = 0;
      for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
        if (A.getKind() == TemplateArgument::Integral && A.getAsIntegral() != 0 && Rank < 3)
          Tile[Rank++] = A.getAsIntegral().getZExtValue();
    }
}

DomainIndexing::~DomainIndexing() = default;

bool DomainIndexing::unchanged(const ValueDecl *D) {
  auto [It, New] = Unchanged.try_emplace(D, false);
  if (New)
    It->second = !Mutations.isMutated(*Op->getBody(), D);
  return It->second;
}

const FieldDecl *DomainIndexing::capturedView(const Expr *Object) {
  Object = Object->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Object)) {
    const FieldDecl *F = FieldOfVar.lookup(DRE->getDecl());
    // An array captured by reference keeps its extent whatever is done
    // with it; a view captured by copy must not be assigned another.
    if (F && F->getType()->isReferenceType())
      return F;
    return F && unchanged(DRE->getDecl()) ? F : nullptr;
  }
  // A functor's member, through a const call operator's `this`.
  if (const auto *ME = dyn_cast<MemberExpr>(Object))
    if (isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()) && Op->isConst())
      return dyn_cast<FieldDecl>(ME->getMemberDecl());
  return nullptr;
}

bool DomainIndexing::isGlobalIndex(const Expr *E) {
  if (!Index)
    return false;
  E = throughCopies(E);
  if (!Tiled) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    if (!DRE || DRE->getDecl() != Index)
      return false;
    auto [It, New] = Unchanged.try_emplace(Index, false);
    if (New)
      It->second = onlyRead(Index, Op->getBody());
    return It->second;
  }
  // tiled_index's members are const: `global` cannot change.
  const auto *ME = dyn_cast<MemberExpr>(E);
  if (!ME || !ME->getMemberDecl()->getIdentifier() || ME->getMemberDecl()->getName() != "global")
    return false;
  const auto *Base = dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts());
  return Base && Base->getDecl() == Index;
}

std::optional<unsigned> DomainIndexing::tiledCoordinate(const Expr *E, StringRef Member) {
  std::optional<IndexMemberCoordinate> C = indexMemberCoordinate(E, Member, Ctx);
  if (!Tiled || !C || C->Var != Index)
    return std::nullopt;
  return C->Dim >= 0 && C->Dim < int64_t(Rank) ? std::optional<unsigned>(C->Dim) : std::nullopt;
}

std::optional<unsigned> DomainIndexing::coordinate(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  // tile_origin[d] <= domain[d] - tile[d], local[e] < tile[e] <= tile[d].
  if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->getOpcode() == BO_Add) {
    for (auto [Origin, Local] : {std::pair(BO->getLHS(), BO->getRHS()),
                                 std::pair(BO->getRHS(), BO->getLHS())}) {
      std::optional<unsigned> D = tiledCoordinate(Origin, "tile_origin");
      std::optional<unsigned> L = tiledCoordinate(Local, "local");
      if (D && L && Tile[*L] <= Tile[*D])
        return D;
    }
    return std::nullopt;
  }
  if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (OCE->getOperator() != OO_Subscript || OCE->getNumArgs() != 2 ||
        !isGlobalIndex(OCE->getArg(0)))
      return std::nullopt;
    Expr::EvalResult R;
    if (!OCE->getArg(1)->EvaluateAsInt(R, Ctx))
      return std::nullopt;
    int64_t D = R.Val.getInt().getExtValue();
    return D >= 0 && D < int64_t(Rank) ? std::optional<unsigned>(D) : std::nullopt;
  }
  // `int r = t.global[0];`, never changed.
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->isLocalVarDecl() && VD->getType()->isIntegerType() &&
          Ctx.getTypeSize(VD->getType()) >= 32 && VD->getInit() && unchanged(VD))
        return coordinate(VD->getInit());
  return std::nullopt;
}

bool DomainIndexing::noteAccess(const Expr *Access, const Expr *Object,
                                llvm::ArrayRef<const Expr *> Args, unsigned ViewRank) {
  // Coordinates proved in range at launch (IndexRanges.h): the domain
  // covering the view is one way, the conditions around the access others
  // (a padded domain's `if (r < v.extent[0])`).
  if (Ranges && Access && Args.size() == ViewRank &&
      llvm::all_of(Args, [](const Expr *A) { return A->getType()->isIntegerType(); }))
    if (const FieldDecl *F = capturedView(Object); F && Ranges->noteAccess(Access, F, Args)) {
      RangeViews.insert(F);
      return true;
    }
  return notePermutation(Object, Args, ViewRank);
}

SubscriptProof DomainIndexing::noteSubscript(const Expr *Access, const Expr *Index,
                                             uint64_t Size) {
  return Ranges ? Ranges->noteSubscript(Access, Index, Size) : SubscriptProof::None;
}

std::vector<int64_t> DomainIndexing::rangeProof() const {
  return Ranges ? Ranges->words() : std::vector<int64_t>();
}

bool DomainIndexing::notePermutation(const Expr *Object, llvm::ArrayRef<const Expr *> Args,
                                     unsigned ViewRank) {
  if (!Index || ViewRank != Rank || Args.empty())
    return false;
  std::optional<unsigned> Number;
  if (Args.size() == 1 && Args[0]->getType()->getAsCXXRecordDecl()) {
    if (isGlobalIndex(Args[0]))
      Number = 0;
  } else if (Args.size() == ViewRank) {
    llvm::SmallVector<unsigned, 4> Perm;
    for (const Expr *A : Args) {
      std::optional<unsigned> D = coordinate(A);
      if (!D)
        return false;
      Perm.push_back(*D);
    }
    Number = permutationNumber(Perm);
  }
  if (!Number)
    return false;
  const FieldDecl *F = capturedView(Object);
  if (!F)
    return false;
  Perms[F] |= 1u << *Number;
  return true;
}

uint32_t DomainIndexing::flagsFor(const FieldDecl *F) const {
  return Perms.lookup(F) << rt::CF_DomainPermShift |
         (RangeViews.contains(F) ? rt::CF_RangeIndexed : 0);
}

} // namespace ampcc
