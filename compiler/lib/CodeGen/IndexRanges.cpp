//===- IndexRanges.cpp - indices in range under launch-time facts --------===//
//
// See IndexRanges.h. Forms are kept exact and small: a coefficient or
// constant past 2^48 gives up the bound rather than risk overflow in the
// runtime's check, and a bound keeps at most four candidates.
//
//===----------------------------------------------------------------------===//
#include "IndexRanges.h"
#include "MutationQueries.h"

#include "DomainIndexing.h"

#include "ampcc/Analysis/AmpModel.h"
#include "ampcc/kernel_abi.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/FoldingSet.h"

#include <algorithm>
#include <numeric>

using namespace clang;

namespace ampcc {

namespace {

constexpr int64_t FormLimit = int64_t(1) << 48;
constexpr unsigned MaxCandidates = 4;
constexpr unsigned MaxDepth = 12;

using Candidate = IndexRanges::Candidate;
using Range = IndexRanges::Range;

bool fits(int64_t V) { return V > -FormLimit && V < FormLimit; }

void normalize(LinearForm &F) {
  int64_t G = std::gcd(F.C < 0 ? -F.C : F.C, F.Den);
  for (const auto &[S, K] : F.Terms)
    G = std::gcd(G, K < 0 ? -K : K);
  if (G > 1) {
    F.C /= G;
    F.Den /= G;
    for (auto &T : F.Terms)
      T.second /= G;
  }
}

LinearForm constant(int64_t C) {
  LinearForm F;
  F.C = C;
  return F;
}

LinearForm symbol(uint32_t S) {
  LinearForm F;
  F.Terms.push_back({S, 1});
  return F;
}

/// A * KA + B * KB.
std::optional<LinearForm> combine(const LinearForm &A, int64_t KA, const LinearForm &B, int64_t KB) {
  int64_t G = std::gcd(A.Den, B.Den);
  int64_t MA = B.Den / G, MB = A.Den / G, Den;
  if (__builtin_mul_overflow(A.Den, MA, &Den) || !fits(Den) ||
      __builtin_mul_overflow(KA, MA, &KA) || __builtin_mul_overflow(KB, MB, &KB))
    return std::nullopt;
  LinearForm R;
  R.Den = Den;
  int64_t X, Y;
  if (__builtin_mul_overflow(A.C, KA, &X) || __builtin_mul_overflow(B.C, KB, &Y) ||
      __builtin_add_overflow(X, Y, &R.C) || !fits(R.C))
    return std::nullopt;
  size_t I = 0, J = 0;
  while (I < A.Terms.size() || J < B.Terms.size()) {
    uint32_t S;
    int64_t K = 0;
    if (J == B.Terms.size() || (I < A.Terms.size() && A.Terms[I].first < B.Terms[J].first)) {
      S = A.Terms[I].first;
      if (__builtin_mul_overflow(A.Terms[I++].second, KA, &K))
        return std::nullopt;
    } else if (I == A.Terms.size() || B.Terms[J].first < A.Terms[I].first) {
      S = B.Terms[J].first;
      if (__builtin_mul_overflow(B.Terms[J++].second, KB, &K))
        return std::nullopt;
    } else {
      S = A.Terms[I].first;
      if (__builtin_mul_overflow(A.Terms[I++].second, KA, &X) ||
          __builtin_mul_overflow(B.Terms[J++].second, KB, &Y) || __builtin_add_overflow(X, Y, &K))
        return std::nullopt;
    }
    if (!fits(K))
      return std::nullopt;
    if (K)
      R.Terms.push_back({S, K});
  }
  normalize(R);
  return R;
}

std::optional<LinearForm> divide(LinearForm F, int64_t K) {
  if (K <= 0 || __builtin_mul_overflow(F.Den, K, &F.Den) || !fits(F.Den))
    return std::nullopt;
  normalize(F);
  return F;
}

/// An integer's constant bound \p F rounded up (a lower bound) or down.
LinearForm roundInwards(LinearForm F, bool Up) {
  if (!F.isConstant() || F.Den == 1 || F.Modulus)
    return F;
  int64_t Q = F.C / F.Den, R = F.C % F.Den; // Truncated towards zero.
  if (R && (Up == (F.C > 0)))
    Q += Up ? 1 : -1;
  return constant(Q);
}

/// The values a symbol can take at any launch: an int or unsigned scalar's
/// type's, an extent's (a compute domain and its tile count are never
/// empty).
std::pair<int64_t, int64_t> symbolBounds(uint32_t S) {
  constexpr int64_t IntMax = 0x7fffffff;
  switch (S & rt::RangeSymKindMask) {
  case rt::RS_ScalarInt:
    return {-IntMax - 1, IntMax};
  case rt::RS_ScalarUint:
    return {0, 2 * IntMax + 1};
  case rt::RS_ViewExtent:
    return {0, IntMax};
  default:
    return {1, IntMax};
  }
}

/// Whether the fact F >= 0 holds whatever the launch: true, false, or
/// unknown until then.
std::optional<bool> decided(const LinearForm &F) {
  if (F.Modulus) {
    for (const auto &[S, K] : F.Terms)
      if (K % F.Modulus)
        return std::nullopt;
    return F.C % F.Modulus == 0;
  }
  int64_t Least = F.C, Most = F.C;
  for (const auto &[S, K] : F.Terms) {
    auto [Lo, Hi] = symbolBounds(S);
    // |K| < 2^48 and the bounds < 2^32: no overflow for a few terms.
    Least += K > 0 ? K * Lo : K * Hi;
    Most += K > 0 ? K * Hi : K * Lo;
  }
  if (Least >= 0)
    return true;
  if (Most < 0)
    return false;
  return std::nullopt;
}

bool sameForm(const LinearForm &A, const LinearForm &B) {
  return A.C == B.C && A.Den == B.Den && A.Modulus == B.Modulus && A.Terms == B.Terms;
}

/// Adds the fact F >= 0 to \p Pre; false when it can never hold.
bool require(llvm::SmallVectorImpl<LinearForm> &Pre, std::optional<LinearForm> F) {
  if (!F)
    return false;
  if (std::optional<bool> D = decided(*F))
    return *D;
  // Of two facts `t + c >= 0` on the same terms, the smaller c implies the
  // other.
  for (LinearForm &P : Pre)
    if (P.Modulus == F->Modulus && P.Den == F->Den && P.Terms == F->Terms &&
        (P.C == F->C || !P.Modulus)) {
      P.C = std::min(P.C, F->C);
      return true;
    }
  Pre.push_back(std::move(*F));
  return true;
}

bool requireAll(llvm::SmallVectorImpl<LinearForm> &Pre, llvm::ArrayRef<LinearForm> Facts) {
  for (const LinearForm &F : Facts)
    if (!require(Pre, F))
      return false;
  return true;
}

/// The fewest facts first, then the simplest bounds; at most MaxCandidates.
void prune(llvm::SmallVectorImpl<Candidate> &Cs) {
  std::stable_sort(Cs.begin(), Cs.end(), [](const Candidate &A, const Candidate &B) {
    if (A.Pre.size() != B.Pre.size())
      return A.Pre.size() < B.Pre.size();
    return A.Bound.Terms.size() < B.Bound.Terms.size();
  });
  llvm::SmallVector<Candidate, 4> Kept;
  for (Candidate &C : Cs) {
    if (Kept.size() == MaxCandidates)
      break;
    if (llvm::none_of(Kept, [&](const Candidate &K) {
          return sameForm(K.Bound, C.Bound) && K.Pre.size() <= C.Pre.size();
        }))
      Kept.push_back(std::move(C));
  }
  Cs.assign(Kept.begin(), Kept.end());
}

/// Candidates A*KA + B*KB for every pair.
llvm::SmallVector<Candidate, 4> pairwise(llvm::ArrayRef<Candidate> A, int64_t KA,
                                         llvm::ArrayRef<Candidate> B, int64_t KB) {
  llvm::SmallVector<Candidate, 4> R;
  for (const Candidate &X : A)
    for (const Candidate &Y : B) {
      std::optional<LinearForm> F = combine(X.Bound, KA, Y.Bound, KB);
      if (!F)
        continue;
      Candidate C{*F, X.Pre};
      if (requireAll(C.Pre, Y.Pre))
        R.push_back(std::move(C));
    }
  prune(R);
  return R;
}

/// Bounds on the smaller (Lower) or larger of two values bounded by A and
/// B on that side: where the two bounds differ by a constant, the smaller
/// (larger) one; else each, with the fact that it is the smaller (larger).
llvm::SmallVector<Candidate, 4> join(llvm::ArrayRef<Candidate> A, llvm::ArrayRef<Candidate> B,
                                     bool Lower) {
  llvm::SmallVector<Candidate, 4> R;
  for (const Candidate &X : A)
    for (const Candidate &Y : B) {
      std::optional<LinearForm> D = combine(X.Bound, 1, Y.Bound, -1); // X - Y
      if (!D)
        continue;
      for (bool TakeX : {true, false}) {
        const Candidate &Take = TakeX ? X : Y, &Other = TakeX ? Y : X;
        Candidate C{Take.Bound, Take.Pre};
        // Take is the smaller (Lower) or larger bound: Other - Take >= 0
        // or Take - Other >= 0.
        std::optional<LinearForm> Fact =
            combine(*D, (TakeX == Lower) ? -1 : 1, constant(0), 0);
        if (requireAll(C.Pre, Other.Pre) && require(C.Pre, Fact))
          R.push_back(std::move(C));
      }
    }
  prune(R);
  return R;
}

/// The type's values, kept within FormLimit (a 64-bit type's range is
/// taken as +-2^47, which only makes the proof stricter).
std::optional<std::pair<int64_t, int64_t>> limitsOf(ASTContext &Ctx, QualType T) {
  if (!T->isIntegerType() || T->isBooleanType())
    return std::nullopt;
  uint64_t Bits = Ctx.getIntWidth(T);
  bool Signed = T->isSignedIntegerOrEnumerationType();
  if (Bits >= 48)
    return std::pair(Signed ? -(FormLimit / 2) : 0, FormLimit / 2);
  int64_t Max = Signed ? (int64_t(1) << (Bits - 1)) - 1 : (int64_t(1) << Bits) - 1;
  return std::pair(Signed ? -Max - 1 : 0, Max);
}

/// \p R's value fits in \p T, so that the node did not wrap: the facts
/// that one pair of its bounds lies within T's range, on every candidate.
Range fitIn(ASTContext &Ctx, Range R, QualType T) {
  std::optional<std::pair<int64_t, int64_t>> L = limitsOf(Ctx, T);
  if (!L || !R.known())
    return {};
  llvm::SmallVector<LinearForm, 4> Facts(R.Lo[0].Pre.begin(), R.Lo[0].Pre.end());
  Facts.append(R.Hi[0].Pre.begin(), R.Hi[0].Pre.end());
  std::optional<LinearForm> Above = combine(R.Lo[0].Bound, 1, constant(L->first), -1);
  std::optional<LinearForm> Below = combine(constant(L->second), 1, R.Hi[0].Bound, -1);
  llvm::SmallVector<LinearForm, 4> Checked;
  if (!requireAll(Checked, Facts) || !require(Checked, Above) || !require(Checked, Below))
    return {};
  for (auto *Side : {&R.Lo, &R.Hi}) {
    llvm::SmallVector<Candidate, 4> Kept;
    for (Candidate &C : *Side)
      if (requireAll(C.Pre, Checked))
        Kept.push_back(std::move(C));
    *Side = std::move(Kept);
  }
  return R.known() ? R : Range{};
}

/// The one value \p R allows, when it is a constant.
std::optional<int64_t> exactConstant(const Range &R) {
  if (!R.known() || !R.Lo[0].Pre.empty() || !R.Lo[0].Bound.isConstant() ||
      R.Lo[0].Bound.Den != 1 || !sameForm(R.Lo[0].Bound, R.Hi[0].Bound))
    return std::nullopt;
  return R.Lo[0].Bound.C;
}

Range exactly(LinearForm F) {
  Range R;
  R.Lo.push_back({F, {}});
  R.Hi.push_back({std::move(F), {}});
  return R;
}

Range between(LinearForm Lo, LinearForm Hi) {
  Range R;
  R.Lo.push_back({std::move(Lo), {}});
  R.Hi.push_back({std::move(Hi), {}});
  return R;
}

uint32_t symbolWord(unsigned Kind, unsigned Capture, unsigned Dim) {
  return Kind | Capture << rt::RangeSymCaptureShift | Dim << rt::RangeSymDimShift;
}

/// concurrency::direct3d's imin, clamp and the like.
bool isDirect3DIntrinsic(const FunctionDecl *FD) {
  const auto *NS = dyn_cast<NamespaceDecl>(FD->getDeclContext());
  return NS && NS->getIdentifier() && NS->getName() == "direct3d" && isInAmpNamespace(FD);
}

/// Whether running \p S always leaves the enclosing block: a return,
/// continue or break, alone or last in a block.
bool exits(const Stmt *S) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
    return !CS->body_empty() && exits(CS->body_back());
  return isa_and_nonnull<ReturnStmt, ContinueStmt, BreakStmt>(S);
}

} // namespace

IndexRanges::IndexRanges(ASTContext &Ctx, DomainIndexing &Domain, const Stmt *Body,
                         llvm::DenseMap<const FieldDecl *, unsigned> CaptureOf)
    : Ctx(Ctx), Domain(Domain), Body(Body), CaptureOf(std::move(CaptureOf)) {}

IndexRanges::~IndexRanges() = default;

const ParentMap &IndexRanges::parents() {
  if (!Parents)
    Parents = std::make_unique<ParentMap>(const_cast<Stmt *>(Body));
  return *Parents;
}

bool IndexRanges::sameExpr(const Expr *A, const Expr *B) const {
  A = A->IgnoreParenImpCasts();
  B = B->IgnoreParenImpCasts();
  if (A == B)
    return true;
  llvm::FoldingSetNodeID IA, IB;
  A->Profile(IA, Ctx, /*Canonical=*/true);
  B->Profile(IB, Ctx, /*Canonical=*/true);
  return IA == IB;
}

bool IndexRanges::inLoop(const VarDecl *VD) const {
  return llvm::any_of(Loops, [&](const ForStmt *F) {
    const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit());
    return DS && DS->isSingleDecl() && DS->getSingleDecl() == VD;
  });
}

bool IndexRanges::stable(const Expr *E) {
  E = E->IgnoreParens();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD) // An enumerator, or the function a call names.
      return isa<EnumConstantDecl, FunctionDecl>(DRE->getDecl());
    // The index parameter, only read (its non-const operator[] included).
    if (Domain.isGlobalIndex(DRE))
      return true;
    // A loop counter changes only between iterations of its loop, which
    // encloses the access and everything known on the way to it.
    return Domain.unchanged(VD) || inLoop(VD);
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->isIncrementDecrementOp())
    return false;
  if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->isAssignmentOp())
    return false;
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(E))
    if (const CXXMethodDecl *MD = MCE->getMethodDecl(); !MD || !MD->isConst())
      return false;
  if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(E))
    if (OCE->getOperator() != OO_Subscript)
      return false;
  if (isa<CallExpr>(E) && !isa<CXXMemberCallExpr, CXXOperatorCallExpr>(E)) {
    const FunctionDecl *FD = cast<CallExpr>(E)->getDirectCallee();
    if (!FD || !isDirect3DIntrinsic(FD))
      return false;
  }
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child); CE && !stable(CE))
      return false;
  return true;
}

void IndexRanges::assumeCompare(const Expr *L, const Expr *R, int64_t LeDelta, bool Both) {
  // L <= R + LeDelta, and R >= L - LeDelta.
  Assumed.push_back({L, R, LeDelta, true});
  Assumed.push_back({R, L, -LeDelta, false});
  if (Both) { // L == R: L >= R and R <= L too.
    Assumed.push_back({L, R, 0, false});
    Assumed.push_back({R, L, 0, true});
  }
}

void IndexRanges::assume(const Expr *Cond, bool Truth, unsigned Depth) {
  if (Depth > MaxDepth)
    return;
  Cond = Cond->IgnoreParens();
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(Cond)) // v.extent[0]'s temporary
    return assume(EWC->getSubExpr(), Truth, Depth + 1);
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(Cond);
      ICE && (ICE->getCastKind() == CK_LValueToRValue || ICE->getCastKind() == CK_NoOp))
    return assume(ICE->getSubExpr(), Truth, Depth + 1);
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond); UO && UO->getOpcode() == UO_LNot)
    return assume(UO->getSubExpr(), !Truth, Depth + 1);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Cond)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (VD && VD->isLocalVarDecl() && VD->getParentFunctionOrMethod() == Domain.op() &&
        VD->getType()->isBooleanType() && VD->getInit() && Domain.unchanged(VD))
      assume(VD->getInit(), Truth, Depth + 1);
    return;
  }
  const auto *BO = dyn_cast<BinaryOperator>(Cond);
  if (!BO)
    return;
  BinaryOperatorKind Op = BO->getOpcode();
  if ((Op == BO_LAnd && Truth) || (Op == BO_LOr && !Truth)) {
    assume(BO->getLHS(), Truth, Depth + 1);
    assume(BO->getRHS(), Truth, Depth + 1);
    return;
  }
  if (!BO->isComparisonOp() || Op == BO_NE || Op == BO_Cmp)
    return;
  const Expr *L = BO->getLHS(), *R = BO->getRHS();
  // Compared as written: a conversion between signed and unsigned would
  // compare other values than the operands' own.
  QualType T = L->getType().getCanonicalType().getUnqualifiedType();
  for (const Expr *Side : {L, R}) {
    QualType ST = Side->IgnoreParenImpCasts()->getType().getCanonicalType().getUnqualifiedType();
    if (!T->isIntegerType() || ST != T || !stable(Side))
      return;
  }
  if (Op == BO_EQ) {
    if (Truth)
      assumeCompare(L, R, 0, true);
    return;
  }
  if (!Truth)
    Op = Op == BO_LT ? BO_GE : Op == BO_LE ? BO_GT : Op == BO_GT ? BO_LE : BO_LT;
  switch (Op) {
  case BO_LT: assumeCompare(L, R, -1, false); break;
  case BO_LE: assumeCompare(L, R, 0, false); break;
  case BO_GT: assumeCompare(R, L, -1, false); break;
  default:    assumeCompare(R, L, 0, false); break; // BO_GE
  }
}

void IndexRanges::collectPath(const Expr *Access) {
  Loops.clear();
  Assumed.clear();
  const ParentMap &PM = parents();
  const Stmt *Child = Access;
  // First the loops: what is known on the way may name their counters.
  llvm::SmallVector<std::pair<const Stmt *, const Stmt *>, 16> Path;
  while (Child != Body) {
    const Stmt *P = PM.getParent(Child);
    if (!P) {
      Loops.clear();
      Path.clear();
      Assumed.push_back({nullptr, nullptr, 0, false}); // Not in the body.
      return;
    }
    Path.push_back({Child, P});
    if (const auto *For = dyn_cast<ForStmt>(P); For && For->getBody() == Child && countsUp(For))
      Loops.push_back(For);
    Child = P;
  }
  for (auto [C, P] : Path) {
    if (const auto *If = dyn_cast<IfStmt>(P)) {
      if (If->getCond() && C == If->getThen())
        assume(If->getCond(), true);
      else if (If->getCond() && C == If->getElse())
        assume(If->getCond(), false);
    } else if (const auto *CO = dyn_cast<ConditionalOperator>(P)) {
      if (C == CO->getTrueExpr())
        assume(CO->getCond(), true);
      else if (C == CO->getFalseExpr())
        assume(CO->getCond(), false);
    } else if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
      if (C == BO->getRHS() && BO->getOpcode() == BO_LAnd)
        assume(BO->getLHS(), true);
      else if (C == BO->getRHS() && BO->getOpcode() == BO_LOr)
        assume(BO->getLHS(), false);
    } else if (const auto *For = dyn_cast<ForStmt>(P)) {
      if (C == For->getBody() && For->getCond())
        assume(For->getCond(), true);
    } else if (const auto *While = dyn_cast<WhileStmt>(P)) {
      if (C == While->getBody())
        assume(While->getCond(), true);
    } else if (const auto *CS = dyn_cast<CompoundStmt>(P)) {
      // `if (c) return;` before the access: c is false here.
      for (const Stmt *S : CS->body()) {
        if (S == C)
          break;
        if (const auto *If = dyn_cast<IfStmt>(S);
            If && !If->getElse() && !If->hasInitStorage() && exits(If->getThen()))
          assume(If->getCond(), false);
      }
    }
  }
}

std::optional<uint32_t> IndexRanges::symbolOf(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (!isa<DeclRefExpr, MemberExpr>(E))
    return std::nullopt;
  const FieldDecl *F = Domain.capturedView(E);
  auto It = F ? CaptureOf.find(F) : CaptureOf.end();
  QualType T = E->getType();
  if (It == CaptureOf.end() || !T->isIntegerType() || T->isBooleanType() ||
      Ctx.getTypeSize(T) != 32)
    return std::nullopt;
  return symbolWord(T->isSignedIntegerType() ? rt::RS_ScalarInt : rt::RS_ScalarUint, It->second,
                    0);
}

std::optional<unsigned> IndexRanges::extentOf(const Expr *E, const FieldDecl *&View) {
  const auto *OCE = dyn_cast<CXXOperatorCallExpr>(E->IgnoreParenImpCasts());
  if (!OCE || OCE->getOperator() != OO_Subscript || OCE->getNumArgs() != 2)
    return std::nullopt;
  const auto *Get = dyn_cast<CXXMemberCallExpr>(throughCopies(OCE->getArg(0)));
  const CXXMethodDecl *MD = Get ? Get->getMethodDecl() : nullptr;
  if (!MD || !MD->getIdentifier() || MD->getName() != "get_extent")
    return std::nullopt;
  View = Domain.capturedView(throughCopies(Get->getImplicitObjectArgument()));
  Expr::EvalResult R;
  if (!View || !OCE->getArg(1)->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  int64_t D = R.Val.getInt().getExtValue();
  if (D < 0 || D > 2)
    return std::nullopt;
  return unsigned(D);
}

Range IndexRanges::leafRange(const Expr *E) {
  if (std::optional<uint32_t> S = symbolOf(E))
    return exactly(symbol(*S));
  const FieldDecl *View = nullptr;
  if (std::optional<unsigned> D = extentOf(E, View)) {
    auto It = CaptureOf.find(View);
    if (It == CaptureOf.end())
      return {};
    return exactly(symbol(symbolWord(rt::RS_ViewExtent, It->second, *D)));
  }
  if (std::optional<unsigned> D = Domain.coordinate(E))
    return between(constant(0), *combine(symbol(symbolWord(rt::RS_Domain, 0, *D)), 1,
                                         constant(1), -1));
  for (StringRef Member : {"local", "tile", "tile_origin"}) {
    std::optional<unsigned> D = Domain.tiledCoordinate(E, Member);
    if (!D)
      continue;
    int64_t T = Domain.tileExtent(*D);
    LinearForm Tiles = symbol(symbolWord(rt::RS_TileCount, 0, *D));
    if (Member == "local")
      return between(constant(0), constant(T - 1));
    if (Member == "tile")
      return between(constant(0), *combine(Tiles, 1, constant(1), -1));
    return between(constant(0), *combine(Tiles, T, constant(T), -1)); // tile_origin
  }
  return {};
}

bool IndexRanges::countsUp(const ForStmt *For) {
  auto [It, New] = CountsUp.try_emplace(For, false);
  if (!New)
    return It->second;
  const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit());
  const auto *VD = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
  // Changed only by the increment (counterRange checks its form).
  return It->second =
             VD && VD->getType()->isIntegerType() && For->getCond() && For->getInc() &&
             !Domain.mutations().isMutated(*For->getBody(), VD) &&
             !Domain.mutations().isMutated(*For->getCond(), VD);
}

Range IndexRanges::counterRange(const ForStmt *For, const VarDecl *VD, unsigned Depth) {
  if (!For) {
    for (const ForStmt *F : Loops) {
      const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit());
      if (DS && DS->isSingleDecl() && DS->getSingleDecl() == VD)
        For = F;
    }
    if (!For)
      return {};
  }
  if (!VD->getInit() || !For->getCond() || !For->getInc())
    return {};
  auto isVar = [&](const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == VD;
  };
  const Expr *Step = nullptr;
  bool Down = false;
  const Expr *Inc = For->getInc()->IgnoreParens();
  IntegerLiteral OneLit(Ctx, llvm::APInt(Ctx.getIntWidth(Ctx.IntTy), 1), Ctx.IntTy,
                        SourceLocation());
  if (const auto *UO = dyn_cast<UnaryOperator>(Inc); UO && isVar(UO->getSubExpr()) &&
                                                     UO->isIncrementDecrementOp()) {
    Step = &OneLit;
    Down = UO->isDecrementOp();
  } else if (const auto *CA = dyn_cast<CompoundAssignOperator>(Inc);
             CA && (CA->getOpcode() == BO_AddAssign || CA->getOpcode() == BO_SubAssign) &&
             isVar(CA->getLHS())) {
    Step = CA->getRHS();
    Down = CA->getOpcode() == BO_SubAssign;
  }
  if (!Step)
    return {};
  // The condition's bound: `v < e`, `v <= e` counting up, `v > e`, `v >= e`
  // counting down (or reversed), possibly one of several conjuncts.
  const Expr *Bound = nullptr;
  int64_t Delta = 0;
  llvm::SmallVector<const Expr *, 4> Work{For->getCond()};
  while (!Work.empty() && !Bound) {
    const Expr *E = Work.pop_back_val()->IgnoreParenImpCasts();
    if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
      E = EWC->getSubExpr()->IgnoreParenImpCasts();
    const auto *BO = dyn_cast<BinaryOperator>(E);
    if (!BO)
      continue;
    if (BO->getOpcode() == BO_LAnd) {
      Work.push_back(BO->getLHS());
      Work.push_back(BO->getRHS());
      continue;
    }
    BinaryOperatorKind Op = BO->getOpcode();
    const Expr *L = BO->getLHS(), *R = BO->getRHS();
    if (!BO->isComparisonOp())
      continue;
    if (isVar(R))
      std::swap(L, R), Op = BinaryOperator::reverseComparisonOp(Op);
    QualType T = VD->getType().getCanonicalType().getUnqualifiedType();
    bool Strict = Op == (Down ? BO_GT : BO_LT);
    if ((Strict || Op == (Down ? BO_GE : BO_LE)) && isVar(L) &&
        R->IgnoreParenImpCasts()->getType().getCanonicalType().getUnqualifiedType() == T &&
        L->getType().getCanonicalType().getUnqualifiedType() == T && stable(R)) {
      Bound = R;
      Delta = !Strict ? 0 : Down ? 1 : -1;
    }
  }
  if (!Bound)
    return {};
  Range Init = range(VD->getInit(), Depth + 1), Limit = range(Bound, Depth + 1),
        StepR = range(Step, Depth + 1);
  std::optional<std::pair<int64_t, int64_t>> L = limitsOf(Ctx, VD->getType());
  if (!Init.known() || !Limit.known() || !StepR.known() || !L)
    return {};
  // The counter moves one way only, and its last step does not wrap (which
  // would take it back past its start): step >= 0, and limit + Delta + step
  // (counting down: - step) fits. Both bounds rest on that.
  const Candidate &Edge = Down ? Limit.Lo[0] : Limit.Hi[0];
  llvm::SmallVector<LinearForm, 4> Facts(StepR.Lo[0].Pre.begin(), StepR.Lo[0].Pre.end());
  std::optional<LinearForm> Last = combine(Edge.Bound, 1, constant(Delta), 1);
  std::optional<LinearForm> Next =
      Last ? combine(*Last, 1, StepR.Hi[0].Bound, Down ? -1 : 1) : std::nullopt;
  std::optional<LinearForm> Fits;
  if (Next)
    Fits = Down ? combine(*Next, 1, constant(L->first), -1)
                : combine(constant(L->second), 1, *Next, -1);
  if (!Next || !require(Facts, StepR.Lo[0].Bound) || !requireAll(Facts, StepR.Hi[0].Pre) ||
      !requireAll(Facts, Edge.Pre) || !require(Facts, Fits))
    return {};
  // From its start on one side, to the limit (plus Delta) on the other.
  Range R;
  auto &FromStart = Down ? R.Hi : R.Lo, &FromLimit = Down ? R.Lo : R.Hi;
  for (const Candidate &C : Down ? Init.Hi : Init.Lo) {
    Candidate K = C;
    if (requireAll(K.Pre, Facts))
      FromStart.push_back(std::move(K));
  }
  for (const Candidate &C : Down ? Limit.Lo : Limit.Hi) {
    std::optional<LinearForm> Bound = combine(C.Bound, 1, constant(Delta), 1);
    if (!Bound)
      continue;
    Candidate K{*Bound, C.Pre};
    if (requireAll(K.Pre, Facts))
      FromLimit.push_back(std::move(K));
    // A counter from c by a constant s takes values c + s*j: below a bound
    // u with u - c a multiple of s, it is at most u - s (a tiled loop
    // `for (k = 0; k < n; k += 16) v[k + l]`, l < 16, stays below n when
    // n is a multiple of 16). Delta is -1 only for `v < u` counting up.
    std::optional<int64_t> From = exactConstant(Init), By = exactConstant(StepR);
    if (Delta == -1 && From && By && *By > 1 && C.Bound.Den == 1) {
      std::optional<LinearForm> Stepped = combine(C.Bound, 1, constant(*By), -1);
      std::optional<LinearForm> Multiple = combine(C.Bound, 1, constant(*From), -1);
      if (!Stepped || !Multiple)
        continue;
      Multiple->Modulus = *By;
      Candidate M{*Stepped, C.Pre};
      if (requireAll(M.Pre, Facts) && require(M.Pre, Multiple))
        R.Hi.push_back(std::move(M));
    }
  }
  prune(R.Lo);
  prune(R.Hi);
  return R;
}

Range IndexRanges::varRange(const VarDecl *VD, unsigned Depth) {
  if (!VD->getType()->isIntegerType())
    return {};
  if (inLoop(VD))
    return counterRange(nullptr, VD, Depth);
  if (!VD->isLocalVarDecl() || VD->getParentFunctionOrMethod() != Domain.op() ||
      !VD->getInit() || !Domain.unchanged(VD))
    return {};
  return fitIn(Ctx, range(VD->getInit(), Depth + 1), VD->getType());
}

Range IndexRanges::callRange(const CallExpr *CE, unsigned Depth) {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD || !isDirect3DIntrinsic(FD) || !FD->getIdentifier() ||
      !CE->getType()->isIntegerType())
    return {};
  StringRef Name = FD->getName();
  bool Min = Name == "imin" || Name == "umin", Max = Name == "imax" || Name == "umax";
  if ((Min || Max) && CE->getNumArgs() == 2) {
    Range A = range(CE->getArg(0), Depth + 1), B = range(CE->getArg(1), Depth + 1);
    if (!A.known() || !B.known())
      return {};
    Range R;
    R.Lo = Min ? join(A.Lo, B.Lo, true) : A.Lo;
    R.Hi = Min ? A.Hi : join(A.Hi, B.Hi, false);
    if (Min)
      R.Hi.append(B.Hi.begin(), B.Hi.end());
    else
      R.Lo.append(B.Lo.begin(), B.Lo.end());
    prune(R.Lo);
    prune(R.Hi);
    return R;
  }
  if (Name == "clamp" && CE->getNumArgs() == 3) {
    // clamp(x, lo, hi) = min(max(x, lo), hi).
    Range X = range(CE->getArg(0), Depth + 1), Lo = range(CE->getArg(1), Depth + 1),
          Hi = range(CE->getArg(2), Depth + 1);
    if (!X.known() || !Lo.known() || !Hi.known())
      return {};
    Range M;
    M.Lo = X.Lo;
    M.Lo.append(Lo.Lo.begin(), Lo.Lo.end());
    M.Hi = join(X.Hi, Lo.Hi, false);
    Range R;
    R.Lo = join(M.Lo, Hi.Lo, true);
    R.Hi = M.Hi;
    R.Hi.append(Hi.Hi.begin(), Hi.Hi.end());
    prune(R.Lo);
    prune(R.Hi);
    return R;
  }
  return {};
}

Range IndexRanges::binaryRange(const BinaryOperator *BO, unsigned Depth) {
  BinaryOperatorKind Op = BO->getOpcode();
  const Expr *LHS = BO->getLHS(), *RHS = BO->getRHS();
  Expr::EvalResult ER;
  std::optional<int64_t> K;
  if (RHS->EvaluateAsInt(ER, Ctx))
    K = ER.Val.getInt().getExtValue();
  else if ((Op == BO_Mul || Op == BO_And) && LHS->EvaluateAsInt(ER, Ctx)) {
    K = ER.Val.getInt().getExtValue(); // c * x, mask & x
    std::swap(LHS, RHS);
  }
  Range A = range(LHS, Depth + 1);
  if (Op == BO_And && K && *K >= 0 && *K < FormLimit) // x & mask lies in [0, mask].
    return between(constant(0), constant(*K));
  if (!A.known())
    return {};
  Range R;
  switch (Op) {
  case BO_Add:
  case BO_Sub: {
    Range B = range(RHS, Depth + 1);
    if (!B.known())
      return {};
    int64_t S = Op == BO_Add ? 1 : -1;
    R.Lo = pairwise(A.Lo, 1, Op == BO_Add ? B.Lo : B.Hi, S);
    R.Hi = pairwise(A.Hi, 1, Op == BO_Add ? B.Hi : B.Lo, S);
    break;
  }
  case BO_Mul:
  case BO_Shl: {
    if (!K || *K < 0 || *K >= (Op == BO_Mul ? FormLimit : 31))
      return {};
    int64_t F = Op == BO_Mul ? *K : int64_t(1) << *K;
    R.Lo = pairwise(A.Lo, F, {Candidate{constant(0), {}}}, 0);
    R.Hi = pairwise(A.Hi, F, {Candidate{constant(0), {}}}, 0);
    break;
  }
  case BO_Div:
  case BO_Shr: {
    if (!K || *K <= 0 || (Op == BO_Shr && *K >= 31))
      return {};
    int64_t D = Op == BO_Div ? *K : int64_t(1) << *K;
    // Truncation (and the shift's flooring) stays within
    // [(x - (D - 1)) / D, x / D] for x >= 0; division needs x >= 0 for the
    // upper bound.
    // The quotient is an integer: a constant bound rounds inwards (a tile
    // row `l / 4` of l in [0, 63] is in [0, 15], not [-3/4, 63/4]).
    for (const Candidate &C : A.Lo)
      if (std::optional<LinearForm> F = combine(C.Bound, 1, constant(D - 1), -1))
        if (std::optional<LinearForm> Q = divide(*F, D))
          R.Lo.push_back({roundInwards(*Q, /*Up=*/true), C.Pre});
    for (const Candidate &C : A.Hi)
      if (std::optional<LinearForm> Q = divide(C.Bound, D)) {
        Candidate Q2{roundInwards(*Q, /*Up=*/false), C.Pre};
        if (Op == BO_Shr ||
            (requireAll(Q2.Pre, A.Lo[0].Pre) && require(Q2.Pre, A.Lo[0].Bound)))
          R.Hi.push_back(std::move(Q2));
      }
    return R.known() ? R : Range{};
  }
  case BO_Rem: {
    // x % d with x >= 0 and d >= 1 lies in [0, d - 1], and in [0, x].
    Range B = range(RHS, Depth + 1);
    if (!B.known())
      return {};
    llvm::SmallVector<LinearForm, 4> Facts(A.Lo[0].Pre.begin(), A.Lo[0].Pre.end());
    if (!require(Facts, A.Lo[0].Bound) || !requireAll(Facts, B.Lo[0].Pre) ||
        !require(Facts, combine(B.Lo[0].Bound, 1, constant(1), -1)))
      return {};
    R.Lo.push_back({constant(0), {Facts.begin(), Facts.end()}});
    for (const auto *Side : {&A.Hi, &B.Hi})
      for (const Candidate &C : *Side) {
        Candidate Q{Side == &A.Hi ? C.Bound : *combine(C.Bound, 1, constant(1), -1), C.Pre};
        if (requireAll(Q.Pre, Facts))
          R.Hi.push_back(std::move(Q));
      }
    prune(R.Hi);
    return R.known() ? R : Range{};
  }
  default:
    return {};
  }
  return fitIn(Ctx, std::move(R), BO->getType());
}

Range IndexRanges::structuralRange(const Expr *E, unsigned Depth) {
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
    CastKind CK = ICE->getCastKind();
    if (CK == CK_LValueToRValue || CK == CK_NoOp)
      return range(ICE->getSubExpr(), Depth + 1);
    if (CK == CK_IntegralCast)
      return fitIn(Ctx, range(ICE->getSubExpr(), Depth + 1), E->getType());
    return {};
  }
  if (const auto *CE = dyn_cast<ExplicitCastExpr>(E)) {
    if (!CE->getType()->isIntegerType() || !CE->getSubExpr()->getType()->isIntegerType())
      return {};
    return fitIn(Ctx, range(CE->getSubExpr(), Depth + 1), E->getType());
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && !symbolOf(E))
      return varRange(VD, Depth);
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_Plus)
      return range(UO->getSubExpr(), Depth + 1);
    if (UO->getOpcode() != UO_Minus)
      return {};
    Range A = range(UO->getSubExpr(), Depth + 1);
    Range R;
    R.Lo = pairwise(A.Hi, -1, {Candidate{constant(0), {}}}, 0);
    R.Hi = pairwise(A.Lo, -1, {Candidate{constant(0), {}}}, 0);
    return fitIn(Ctx, std::move(R), E->getType());
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return binaryRange(BO, Depth);
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    // Each arm is bounded under what its condition says there.
    size_t Before = Assumed.size();
    assume(CO->getCond(), true);
    Range T = range(CO->getTrueExpr(), Depth + 1);
    Assumed.resize(Before);
    assume(CO->getCond(), false);
    Range F = range(CO->getFalseExpr(), Depth + 1);
    Assumed.resize(Before);
    if (!T.known() || !F.known())
      return {};
    Range R;
    R.Lo = join(T.Lo, F.Lo, true);
    R.Hi = join(T.Hi, F.Hi, false);
    return R.known() ? R : Range{};
  }
  if (const auto *CE = dyn_cast<CallExpr>(E); CE && !isa<CXXOperatorCallExpr>(E))
    return callRange(CE, Depth);
  return leafRange(E);
}

void IndexRanges::addAssumed(const Expr *E, Range &R, unsigned Depth) {
  InUse.resize(Assumed.size(), false);
  for (size_t I = 0; I < Assumed.size(); ++I) {
    const Assumption A = Assumed[I];
    if (!A.Subject || InUse[I] || !sameExpr(A.Subject, E))
      continue;
    InUse[I] = true;
    Range O = range(A.Other, Depth + 1);
    InUse[I] = false;
    for (const Candidate &C : A.Upper ? O.Hi : O.Lo)
      if (std::optional<LinearForm> F = combine(C.Bound, 1, constant(A.Delta), 1))
        (A.Upper ? R.Hi : R.Lo).push_back({*F, C.Pre});
  }
  prune(R.Lo);
  prune(R.Hi);
}

Range IndexRanges::range(const Expr *E, unsigned Depth) {
  if (Depth > MaxDepth || !E->getType()->isIntegerType())
    return {};
  E = E->IgnoreParens();
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(E)) // `int n = v.extent[0];`
    E = EWC->getSubExpr()->IgnoreParens();
  Expr::EvalResult ER;
  if (!E->isValueDependent() && E->EvaluateAsInt(ER, Ctx)) {
    int64_t V = ER.Val.getInt().getExtValue();
    return fits(V) ? exactly(constant(V)) : Range{};
  }
  Range R = structuralRange(E, Depth);
  addAssumed(E, R, Depth);
  return R;
}

bool IndexRanges::boundClauses(const Expr *Index, const LinearForm &Last,
                               std::vector<Clause> &New) {
  if (!Index->getType()->isIntegerType())
    return false;
  Range R = range(Index, 0);
  if (!R.known())
    return false;
  for (bool Lower : {true, false}) {
    Clause C;
    bool Always = false;
    for (const Candidate &K : Lower ? R.Lo : R.Hi) {
      Alternative A(K.Pre.begin(), K.Pre.end());
      // index >= 0, or last - index >= 0.
      if (!require(A, Lower ? std::optional(K.Bound) : combine(Last, 1, K.Bound, -1)))
        continue;
      Always |= A.empty();
      C.push_back(std::move(A));
    }
    if (C.empty())
      return false;
    if (!Always)
      New.push_back(std::move(C));
  }
  return true;
}

void IndexRanges::addClauses(std::vector<Clause> New) {
  // The same access printed twice (host kernels print the body again)
  // adds nothing.
  for (Clause &C : New)
    if (llvm::none_of(Clauses, [&](const Clause &Old) {
          return Old.size() == C.size() &&
                 std::equal(Old.begin(), Old.end(), C.begin(),
                            [](const Alternative &X, const Alternative &Y) {
                              return X.size() == Y.size() &&
                                     std::equal(X.begin(), X.end(), Y.begin(), sameForm);
                            });
        }))
      Clauses.push_back(std::move(C));
}

bool IndexRanges::noteAccess(const Expr *Access, const FieldDecl *View,
                             llvm::ArrayRef<const Expr *> Args) {
  auto ViewIt = CaptureOf.find(View);
  if (ViewIt == CaptureOf.end() || Args.empty() || Args.size() > 3)
    return false;
  collectPath(Access);
  if (!Assumed.empty() && !Assumed.front().Subject)
    return false; // Not in the kernel's own body.
  std::vector<Clause> New;
  for (unsigned J = 0; J < Args.size(); ++J) {
    LinearForm Last = *combine(symbol(symbolWord(rt::RS_ViewExtent, ViewIt->second, J)), 1,
                               constant(1), -1);
    if (!boundClauses(Args[J], Last, New))
      return false;
  }
  addClauses(std::move(New));
  return true;
}

SubscriptProof IndexRanges::noteSubscript(const Expr *Access, const Expr *Index,
                                              uint64_t Size) {
  if (Size == 0 || !fits(int64_t(Size)))
    return SubscriptProof::None;
  collectPath(Access);
  if (!Assumed.empty() && !Assumed.front().Subject)
    return SubscriptProof::None;
  std::vector<Clause> New;
  if (!boundClauses(Index, constant(int64_t(Size) - 1), New))
    return SubscriptProof::None;
  if (New.empty())
    return SubscriptProof::Always;
  addClauses(std::move(New));
  return SubscriptProof::AtLaunch;
}

std::vector<int64_t> IndexRanges::words() const {
  std::vector<int64_t> W;
  if (Clauses.empty())
    return W;
  W.push_back(int64_t(Clauses.size()));
  for (const Clause &C : Clauses) {
    W.push_back(int64_t(C.size()));
    for (const Alternative &A : C) {
      W.push_back(int64_t(A.size()));
      for (const LinearForm &F : A) {
        // F >= 0 when its numerator is: the denominator is positive.
        W.push_back(int64_t(F.Terms.size()) | F.Modulus << rt::RangeFactModulusShift);
        W.push_back(F.C);
        for (const auto &[S, K] : F.Terms) {
          W.push_back(int64_t(S));
          W.push_back(K);
        }
      }
    }
  }
  return W;
}

} // namespace ampcc
