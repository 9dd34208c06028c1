//===- WorkItemLoops.cpp - a tile's work-items as loops on the host -------===//

#include "WorkItemLoops.h"

#include "CodeGenModule.h"
#include "ElementParts.h"
#include "LaneLocals.h"
#include "ampcc/Analysis/AmpModel.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace clang;

namespace ampcc {

namespace {

/// What makes a body unfit for work-item loops anywhere in it; counts its
/// barriers and its calls of functions that wait at one.
struct Unfit : RecursiveASTVisitor<Unfit> {
  Unfit(llvm::function_ref<bool(const CallExpr *)> Waiting, bool AllowReturns)
      : Waiting(Waiting), AllowReturns(AllowReturns) {}
  llvm::function_ref<bool(const CallExpr *)> Waiting;
  bool AllowReturns;
  bool Found = false;
  unsigned BarrierCalls = 0, Returns = 0;
  bool VisitReturnStmt(ReturnStmt *) {
    ++Returns;
    return AllowReturns || !(Found = true);
  }
  bool VisitLambdaExpr(LambdaExpr *) { return !(Found = true); }
  bool VisitCallExpr(CallExpr *CE) {
    if (BarrierQueries::isBarrierCall(CE) || Waiting(CE))
      ++BarrierCalls;
    return true;
  }
};

/// A copy of \p CE's one argument: a trivial copy, or a view's (which C
/// copies as a struct).
const Expr *copied(const CXXConstructExpr *CE) {
  const CXXConstructorDecl *Ctor = CE->getConstructor();
  if (CE->getNumArgs() != 1 || !Ctor->isCopyOrMoveConstructor() ||
      !(Ctor->isTrivial() || isViewClass(Ctor->getParent())))
    return nullptr;
  return CE->getArg(0);
}

/// A class whose objects C copies as plain structs: trivially copied and
/// destroyed, fields arithmetic, arrays of arithmetic, or such classes
/// (index, extent, the short vectors, a program's own plain structs).
bool plainData(QualType T, ASTContext &Ctx) {
  T = Ctx.getBaseElementType(T);
  if (T->isArithmeticType())
    return true;
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || RD->isUnion() || !RD->isTriviallyCopyable() ||
      !RD->hasTrivialDestructor() || RD->isPolymorphic())
    return false;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (!plainData(B.getType(), Ctx))
      return false;
  return llvm::all_of(RD->fields(), [&](const FieldDecl *FD) {
    return !FD->isBitField() && plainData(FD->getType(), Ctx);
  });
}

/// A local that can be an array over the tile: arithmetic, an object of a
/// plain class (its declaration assigns the element the constructor's
/// value), or an array of arithmetic elements declared without an
/// initializer.
bool replicable(const VarDecl *VD, ASTContext &Ctx) {
  QualType T = VD->getType();
  if (T->isArithmeticType())
    return true;
  if (T->isRecordType())
    return plainData(T, Ctx) &&
           (!VD->getInit() || !isa<InitListExpr>(VD->getInit()->IgnoreImplicit()));
  if (const auto *AT = Ctx.getAsConstantArrayType(T))
    return !VD->getInit() && Ctx.getBaseElementType(AT)->isArithmeticType();
  return false;
}

const Stmt *parentStmt(const Stmt *S, ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(*S);
  return Parents.empty() ? nullptr : Parents[0].get<Stmt>();
}

/// Whether \p DRE, naming an array local, starts subscripts down to one
/// arithmetic element that is read, assigned or incremented: no pointer
/// into the array, whose arithmetic would assume its own layout, escapes.
bool wholeElementUse(const DeclRefExpr *DRE, ASTContext &Ctx) {
  const Expr *E = DRE;
  for (const Stmt *P = parentStmt(E, Ctx); P; P = parentStmt(E, Ctx)) {
    const auto *Cast = dyn_cast<ImplicitCastExpr>(P);
    const auto *ASE = dyn_cast<ArraySubscriptExpr>(P);
    if (isa<ParenExpr>(P) || (Cast && Cast->getCastKind() == CK_ArrayToPointerDecay))
      E = cast<Expr>(P);
    else if (ASE && ASE->getBase() == E)
      E = ASE;
    else
      break;
  }
  if (!isa<ArraySubscriptExpr>(E) || !E->getType()->isArithmeticType())
    return false;
  const Stmt *P = parentStmt(E, Ctx);
  while (isa_and_nonnull<ParenExpr>(P)) {
    E = cast<Expr>(P);
    P = parentStmt(P, Ctx);
  }
  if (const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(P))
    return Cast->getCastKind() == CK_LValueToRValue;
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P))
    return BO->isAssignmentOp() && BO->getLHS() == E;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(P))
    return UO->isIncrementDecrementOp();
  return false;
}

/// Whether every use of the array local \p VD in \p Body is one element.
bool elementsOnly(const VarDecl *VD, const Stmt *Body, ASTContext &Ctx) {
  struct Uses : RecursiveASTVisitor<Uses> {
    const VarDecl *VD;
    ASTContext &Ctx;
    bool Whole = true;
    Uses(const VarDecl *VD, ASTContext &Ctx) : VD(VD), Ctx(Ctx) {}
    bool VisitDeclRefExpr(DeclRefExpr *DRE) {
      if (DRE->getDecl() == VD && !wholeElementUse(DRE, Ctx))
        Whole = false;
      return Whole;
    }
  } U(VD, Ctx);
  U.TraverseStmt(const_cast<Stmt *>(Body));
  return U.Whole;
}

} // namespace

WorkItemLoops::WorkItemLoops(FunctionEmitter F, const CXXMethodDecl *Op, const unsigned T[3],
                             std::string Index)
    : FE(std::move(F)), Op(Op), Tile{T[0], T[1], T[2]},
      TileSize(T[0] * T[1] * T[2]), IndexPrologue(std::move(Index)) {
  IndexVars.insert(Op->getParamDecl(0));
}

WorkItemLoops::~WorkItemLoops() = default;

std::string WorkItemLoops::replicatedName(const VarDecl *VD) const {
  std::string Base =
      "ampcc_wi_" + FE.LocalPrefix + CodeGenModule::safeLocalName(VD->getName());
  // Locals of one name in separate blocks (two loops' `index`) are C's to
  // tell apart, but their arrays over the tile all live at the tile
  // function's scope: each gets a name of its own.
  auto Taken = [&](const std::string &Name) {
    for (const auto &[Other, OtherName] : FE.Replicated)
      if (Other != VD && OtherName == Name)
        return true;
    return false;
  };
  std::string Name = Base;
  for (unsigned I = 1; Taken(Name); ++I)
    Name = Base + "_" + std::to_string(I);
  return Name;
}

bool WorkItemLoops::lanesIndependent(llvm::ArrayRef<const Stmt *> Stmts) const {
  // Replicated locals are arrays over the tile, a lane's element each.
  return llvm::none_of(Stmts, mayUpdateShared) && !writesElementParts(FE.CG.getContext().getSourceManager(), Stmts) &&
         !declaresLaneLocals(FE.CG.getContext(), Stmts,
                             [&](const VarDecl *VD) { return FE.Replicated.count(VD) != 0; });
}

llvm::DenseSet<const VarDecl *> WorkItemLoops::declaredIn(const Stmt *S) {
  struct Collect : RecursiveASTVisitor<Collect> {
    llvm::DenseSet<const VarDecl *> Vars;
    bool VisitVarDecl(VarDecl *VD) {
      Vars.insert(VD);
      return true;
    }
  } C;
  C.TraverseStmt(const_cast<Stmt *>(S));
  return C.Vars;
}

bool WorkItemLoops::mayUpdateShared(const Stmt *S) {
  struct Calls : RecursiveASTVisitor<Calls> {
    bool Found = false;
    bool VisitCallExpr(CallExpr *CE) {
      const FunctionDecl *FD = CE->getDirectCallee();
      // The C++ AMP library's own functions but its atomics.
      if (!FD || (FD->getIdentifier() && FD->getName().starts_with("atomic_")) ||
          !isInAmpNamespace(FD))
        Found = true;
      return !Found;
    }
  } C;
  C.TraverseStmt(const_cast<Stmt *>(S));
  return C.Found;
}

bool WorkItemLoops::ownParameter(const VarDecl *VD) const {
  // A kernel's body names the parameters of the function around the
  // lambda that it captures, as the function's ParmVarDecls: captures.
  return isa<ParmVarDecl>(VD) &&
         (!Op || VD->getDeclContext() == static_cast<const DeclContext *>(Op));
}

bool WorkItemLoops::isUniformVar(const ValueDecl *D) {
  if (isa<EnumConstantDecl>(D))
    return true;
  const auto *VD = dyn_cast<VarDecl>(D);
  if (!VD)
    return false;
  if (UniformVars.contains(VD))
    return true;
  // A tile_static array stands for its address, the tile's.
  if (VD->hasAttr<CUDASharedAttr>() && VD->getType()->isArrayType())
    return true;
  if (ownParameter(VD))
    return false; // The index parameter varies.
  // A local set once from uniform values (`int TileRow = t.tile[0]`).
  if (Locals.contains(VD))
    return VD->getType()->isArithmeticType() && VD->getInit() && !mayChange(Body, VD) &&
           isUniform(VD->getInit());
  // A capture (or a constant) is the tile's, unless a mutable kernel may
  // change its own copy. An inlined callee sees constants only.
  return !Op || Op->isConst();
}

bool WorkItemLoops::isUniform(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (isa<IntegerLiteral, FloatingLiteral, CXXBoolLiteralExpr, CharacterLiteral>(E))
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return isUniformVar(DRE->getDecl());
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    // The tile's own members of the tiled_index: its tile and its origin.
    const auto *Index = dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts());
    if (Index && IndexVars.contains(dyn_cast<VarDecl>(Index->getDecl())) &&
        ME->getMemberDecl()->getIdentifier() &&
        (ME->getMemberDecl()->getName() == "tile" ||
         ME->getMemberDecl()->getName() == "tile_origin"))
      return true;
    return isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()) ? Op && Op->isConst()
                                                                   : isUniform(ME->getBase());
  }
  // index<N>::operator[] and the like, of a uniform index.
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
    const auto *MD = dyn_cast_or_null<CXXMethodDecl>(OC->getCalleeDecl());
    return MD && MD->isConst() && isAmpClass(MD->getParent(), "index") &&
           OC->getOperator() == OO_Subscript && isUniform(OC->getArg(0)) &&
           isUniform(OC->getArg(1));
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return !BO->isAssignmentOp() && isUniform(BO->getLHS()) && isUniform(BO->getRHS());
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return !UO->isIncrementDecrementOp() && UO->getOpcode() != UO_Deref &&
           isUniform(UO->getSubExpr());
  if (const auto *CE = dyn_cast<CastExpr>(E))
    return isUniform(CE->getSubExpr());
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return isUniform(CO->getCond()) && isUniform(CO->getTrueExpr()) &&
           isUniform(CO->getFalseExpr());
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    return copied(CE) && isUniform(copied(CE));
  return false;
}

bool WorkItemLoops::fromIndex(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (isUniform(E))
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    return VD && (IndexVars.contains(VD) || FE.Rematerialized.contains(VD));
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return fromIndex(ME->getBase());
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return !BO->isAssignmentOp() && fromIndex(BO->getLHS()) && fromIndex(BO->getRHS());
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return !UO->isIncrementDecrementOp() && UO->getOpcode() != UO_Deref &&
           UO->getOpcode() != UO_AddrOf && fromIndex(UO->getSubExpr());
  if (const auto *CE = dyn_cast<CastExpr>(E))
    return fromIndex(CE->getSubExpr());
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    return copied(CE) && fromIndex(copied(CE));
  // index<N>::operator[] and the like: members of the C++ AMP index classes.
  if (const auto *CE = dyn_cast<CXXMemberCallExpr>(E))
    return CE->getMethodDecl() &&
           (isAmpClass(CE->getMethodDecl()->getParent(), "index") ||
            isAmpClass(CE->getMethodDecl()->getParent(), "tiled_index")) &&
           fromIndex(CE->getImplicitObjectArgument()) &&
           llvm::all_of(CE->arguments(), [&](const Expr *A) { return fromIndex(A); });
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
    const auto *MD = dyn_cast_or_null<CXXMethodDecl>(OC->getCalleeDecl());
    return MD && (isAmpClass(MD->getParent(), "index") ||
                  isAmpClass(MD->getParent(), "tiled_index")) &&
           llvm::all_of(OC->arguments(), [&](const Expr *A) { return fromIndex(A); });
  }
  return false;
}

bool WorkItemLoops::pureArithmetic(const FunctionDecl *FD) {
  if (auto It = Pure.find(FD); It != Pure.end())
    return It->second;
  Pure[FD] = false; // Until shown: a recursive call is not pure.
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || isa<CXXMethodDecl>(Def) || !Def->getReturnType()->isArithmeticType() ||
      llvm::any_of(Def->parameters(),
                   [](const ParmVarDecl *P) { return !P->getType()->isArithmeticType(); }))
    return false;
  // Arithmetic parameters by value leave the body no memory but its own
  // locals to read or write, given that it names nothing else (amp code
  // has no globals) and calls only functions like it.
  struct Check : RecursiveASTVisitor<Check> {
    WorkItemLoops &W;
    const FunctionDecl *Def;
    bool Ok = true;
    Check(WorkItemLoops &W, const FunctionDecl *Def) : W(W), Def(Def) {}
    bool VisitDeclRefExpr(DeclRefExpr *DRE) {
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        Ok = Ok && VD->getDeclContext() == Def && !VD->isStaticLocal();
      return Ok;
    }
    bool VisitCallExpr(CallExpr *CE) {
      const FunctionDecl *Callee = CE->getDirectCallee();
      Ok = Ok && Callee && (isAmpMathFunction(Callee) || W.pureArithmetic(Callee));
      return Ok;
    }
    bool VisitCXXThisExpr(CXXThisExpr *) { return Ok = false; }
    bool VisitGCCAsmStmt(GCCAsmStmt *) { return Ok = false; }
  } C(*this, Def);
  C.TraverseStmt(Def->getBody());
  return Pure[FD] = C.Ok;
}

bool WorkItemLoops::tileValue(const Expr *E) {
  E = E->IgnoreImplicit()->IgnoreParens();
  if (isUniform(E))
    return true;
  auto AllTileValues = [&](auto Range) {
    return llvm::all_of(Range, [&](const Expr *A) { return tileValue(A); });
  };
  // An element of a view or an array (`TV[Opt]`, `A(i, j)`), an index or
  // extent made of tile values.
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
    const auto *MD = dyn_cast_or_null<CXXMethodDecl>(OC->getCalleeDecl());
    return MD &&
           (OC->getOperator() == OO_Subscript || OC->getOperator() == OO_Call) &&
           (isAmpClass(MD->getParent(), "array_view") || isAmpClass(MD->getParent(), "array") ||
            isAmpClass(MD->getParent(), "index") || isAmpClass(MD->getParent(), "extent")) &&
           AllTileValues(OC->arguments());
  }
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (copied(CE))
      return tileValue(copied(CE));
    const CXXRecordDecl *RD = CE->getConstructor()->getParent();
    return (isAmpClass(RD, "index") || isAmpClass(RD, "extent")) &&
           AllTileValues(CE->arguments());
  }
  // An element of tile_static memory or of a capture at a uniform place.
  if (isa<ArraySubscriptExpr>(E))
    return uniformAddress(E);
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return CE->getDirectCallee() &&
           (isAmpMathFunction(CE->getDirectCallee()) || pureArithmetic(CE->getDirectCallee())) &&
           AllTileValues(CE->arguments());
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return !BO->isAssignmentOp() && BO->getOpcode() != BO_Comma && tileValue(BO->getLHS()) &&
           tileValue(BO->getRHS());
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return !UO->isIncrementDecrementOp() && UO->getOpcode() != UO_Deref &&
           UO->getOpcode() != UO_AddrOf && tileValue(UO->getSubExpr());
  if (const auto *CE = dyn_cast<CastExpr>(E))
    return tileValue(CE->getSubExpr());
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return tileValue(CO->getCond()) && tileValue(CO->getTrueExpr()) &&
           tileValue(CO->getFalseExpr());
  return false;
}

std::optional<bool> WorkItemLoops::tileLevelDecl(const Stmt *S) const {
  const auto *DS = dyn_cast<DeclStmt>(S);
  if (!DS)
    return std::nullopt;
  bool Any = false;
  for (const Decl *D : DS->decls()) {
    const auto *VD = dyn_cast<VarDecl>(D);
    if (!VD)
      return std::nullopt;
    if (FE.TileScalars.contains(VD))
      Any = true;
    else if (!FE.Rematerialized.contains(VD) && !VD->hasAttr<CUDASharedAttr>())
      return std::nullopt;
  }
  return Any;
}

bool WorkItemLoops::addressFromIndex(const Expr *E) {
  E = E->IgnoreParens();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return isUniformVar(DRE->getDecl()) && !DRE->getType()->isReferenceType();
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    const Expr *Base = ASE->getBase()->IgnoreParens();
    const auto *Decay = dyn_cast<ImplicitCastExpr>(Base);
    return Decay && Decay->getCastKind() == CK_ArrayToPointerDecay &&
           addressFromIndex(Decay->getSubExpr()) && fromIndex(ASE->getIdx());
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return !ME->isArrow() && addressFromIndex(ME->getBase());
  // `notrans ? at[i][j] : at[j][i]`: one of two such places.
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return CO->isGLValue() && fromIndex(CO->getCond()) &&
           addressFromIndex(CO->getTrueExpr()) && addressFromIndex(CO->getFalseExpr());
  return false;
}

bool WorkItemLoops::readsBodyLocal(const Expr *E) const {
  struct Reads : RecursiveASTVisitor<Reads> {
    const WorkItemLoops &W;
    bool Found = false;
    explicit Reads(const WorkItemLoops &W) : W(W) {}
    bool VisitDeclRefExpr(DeclRefExpr *DRE) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      // Captures name the host function's variables: not the body's.
      if (VD && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) &&
          VD->getDeclContext() == W.Op && !W.IndexVars.contains(VD) &&
          !W.FE.Rematerialized.contains(VD))
        Found = true;
      return !Found;
    }
  } R(*this);
  R.TraverseStmt(const_cast<Expr *>(E));
  return R.Found;
}

void WorkItemLoops::declareFromIndex() {
  FE.DeclaringRematerialized = true;
  for (const VarDecl *VD : FromIndex)
    FE.emitDecl(VD);
  FE.DeclaringRematerialized = false;
}

bool WorkItemLoops::mayChange(const Stmt *S, const VarDecl *VD, bool Writes) {
  if (!S)
    return false;
  // Whether \p E names VD or a part of it (a member, an element of an
  // array, or what a non-const operator[] returns; not what a pointer or a
  // view points to).
  auto Names = [VD](const Expr *E) {
    for (;;) {
      E = E->IgnoreParenImpCasts();
      const auto *ASE = dyn_cast<ArraySubscriptExpr>(E);
      const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
      const auto *MD = OC ? dyn_cast_or_null<CXXMethodDecl>(OC->getCalleeDecl()) : nullptr;
      if (const auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow())
        E = ME->getBase();
      else if (ASE && ASE->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
        E = ASE->getBase();
      else if (MD && !MD->isConst() && OC->getOperator() == OO_Subscript)
        E = OC->getArg(0);
      else
        break;
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    return DRE && DRE->getDecl() == VD;
  };
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      Writes && BO && BO->isAssignmentOp() && Names(BO->getLHS()))
    return true;
  if (const auto *UO = dyn_cast<UnaryOperator>(S);
      UO && ((Writes && UO->isIncrementDecrementOp()) || UO->getOpcode() == UO_AddrOf) &&
      Names(UO->getSubExpr()))
    return true;
  // Bound to a non-const reference, or the object of a non-const member.
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S))
    if (MC->getMethodDecl() && !MC->getMethodDecl()->isConst() &&
        Names(MC->getImplicitObjectArgument()))
      return true;
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S))
    if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(OC->getCalleeDecl());
        MD && !MD->isConst() && OC->getNumArgs() && Names(OC->getArg(0)))
      return true;
  if (const auto *CE = dyn_cast<CallExpr>(S); CE && !isa<CXXOperatorCallExpr>(CE))
    if (const FunctionDecl *FD = CE->getDirectCallee())
      for (unsigned I = 0; I < CE->getNumArgs() && I < FD->getNumParams(); ++I) {
        QualType PT = FD->getParamDecl(I)->getType();
        if (PT->isReferenceType() && !PT->getPointeeType().isConstQualified() &&
            Names(CE->getArg(I)))
          return true;
      }
  // A reference bound to it by a declaration or a constructor's `T &`
  // parameter (found by tools/randamp: a local passed to a function's
  // `int &` was declared again in each work-item loop and lost its stores).
  auto BindsMutableRef = [&Names](QualType PT, const Expr *Arg) {
    return PT->isReferenceType() && !PT.getNonReferenceType().isConstQualified() &&
           Names(Arg);
  };
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *Local = dyn_cast<VarDecl>(D);
          Local && Local->getInit() && BindsMutableRef(Local->getType(), Local->getInit()))
        return true;
  if (const auto *CE = dyn_cast<CXXConstructExpr>(S))
    for (unsigned I = 0; I < CE->getNumArgs() && I < CE->getConstructor()->getNumParams(); ++I)
      if (BindsMutableRef(CE->getConstructor()->getParamDecl(I)->getType(), CE->getArg(I)))
        return true;
  for (const Stmt *Child : S->children())
    if (mayChange(Child, VD, Writes))
      return true;
  return false;
}

bool WorkItemLoops::hasBarrier(const Stmt *S) { return FE.CG.barriers().hasBarrier(S); }

bool WorkItemLoops::isBarrierStatement(const Stmt *S) {
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(S))
    S = EWC->getSubExpr();
  return BarrierQueries::isBarrierCall(S);
}

bool WorkItemLoops::returnsInLoop(const Stmt *S, bool InLoop) {
  if (!S)
    return false;
  if (isa<ReturnStmt>(S))
    return InLoop;
  InLoop |= isa<ForStmt, WhileStmt, DoStmt, SwitchStmt, CXXForRangeStmt>(S);
  for (const Stmt *Child : S->children())
    if (returnsInLoop(Child, InLoop))
      return true;
  return false;
}

const Stmt *WorkItemLoops::jumpOf(const Stmt *S) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
    S = CS->size() == 1 ? CS->body_front() : nullptr;
  return isa_and_nonnull<BreakStmt, ContinueStmt>(S) ? S : nullptr;
}

bool WorkItemLoops::uniformJump(const Stmt *S) {
  const auto *IS = dyn_cast<IfStmt>(S);
  return IS && !IS->getElse() && !IS->getInit() && !IS->getConditionVariable() &&
         !IS->isConstexpr() && !IS->isConsteval() && jumpOf(IS->getThen()) &&
         isUniform(IS->getCond());
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
    // Split points: barriers, statements holding one, loops that move out
    // of the work-item loops. A local that a split point follows may live
    // across it: an array over the tile.
    size_t LastSplit = 0, At = 0;
    llvm::SmallVector<bool, 16> SplitAt(CS->size() + 1, false);
    for (const Stmt *Child : CS->body()) {
      ++At;
      if (isBarrierStatement(Child)) {
        ++BarrierStatements;
        LastSplit = At;
        SplitAt[At] = true;
        continue;
      }
      if (const CallExpr *Call = waitingCall(Child)) {
        ++BarrierStatements; // It stands for the barriers it waits at.
        Calls.push_back(Call);
        LastSplit = At;
        SplitAt[At] = true;
        continue;
      }
      if (hasBarrier(Child)) {
        if (!planLevel(Child))
          return false;
        LastSplit = At;
      } else if (returnsInLoop(Child)) {
        return false;
      } else if (uniformJump(Child)) {
        TileJumps.insert(Child);
        LastSplit = At;
      } else if (liftable(Child)) {
        Lifted.insert(Child);
        LastSplit = At;
      } else if (interchangeable(Child)) {
        Interchanged.insert(Child);
        LastSplit = At;
      } else if (leavesLoop(Child)) {
        return false;
      }
      SplitAt[At] = LastSplit == At;
    }
    At = 0;
    // Whether the statements so far of the current region only declare:
    // tile scalars are taken at a region's start alone (tileValue).
    bool Leading = true;
    for (const Stmt *Child : CS->body()) {
      if (At > 0 && SplitAt[At])
        Leading = true;
      if (++At >= LastSplit)
        break;
      if (!isa<DeclStmt>(Child))
        Leading = false;
      const auto *DS = dyn_cast<DeclStmt>(Child);
      if (!DS)
        continue;
      llvm::SmallVector<const VarDecl *, 4> Scalars;
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D); !VD) {
          Leading = false; // A type: emitLoop's tileLevelDecl stops there.
        } else {
          if (VD->hasAttr<CUDASharedAttr>())
            continue;
          // A reference is never rebound: one to an element of the
          // tile's storage at a place from the index alone is bound
          // again in every work-item loop, as a value from the index is.
          bool FixedRef = VD->getType()->isReferenceType() && VD->getInit() &&
                          addressFromIndex(VD->getInit());
          if (((VD->getType()->isArithmeticType() && !mayChange(Body, VD) &&
                VD->getInit() && fromIndex(VD->getInit())) ||
               FixedRef) &&
              !readsBodyLocal(VD->getInit())) {
            FE.Rematerialized.insert(VD);
            FromIndex.push_back(VD);
            continue;
          }
          if (!replicable(VD, Ctx))
            return false;
          FE.Replicated[VD] = replicatedName(VD);
          // A kernel whose work-items may have returned could skip the
          // read for all of them; an inlined callee's locals keep arrays.
          if (Leading && !Caller && !HasReturns &&
              VD->getType()->isArithmeticType() && VD->getInit() &&
              !mayChange(Body, VD) && tileValue(VD->getInit())) {
            FE.TileScalars.insert(VD);
            UniformVars.insert(VD);
            Scalars.push_back(VD);
            continue;
          }
          Leading = false;
          // Structure of arrays for an array local too, where no pointer
          // into it escapes (bounds checks take the element's address).
          if (VD->getType()->isArrayType() && !FE.CG.checksBounds() &&
              elementsOnly(VD, Body, Ctx))
            FE.TileMajor.insert(VD);
        }
      // A declaration is computed before the work-item loop whole or not
      // at all: with a local per work-item beside them, its tile scalars
      // are arrays over the tile too.
      if (!Leading)
        for (const VarDecl *VD : Scalars) {
          FE.TileScalars.erase(VD);
          UniformVars.erase(VD);
        }
    }
    return true;
  }
  if (const auto *FS = dyn_cast<ForStmt>(S)) {
    // A loop holding barriers runs once for the tile: its counter is uniform.
    if (const auto *Init = dyn_cast_or_null<DeclStmt>(FS->getInit()))
      for (const Decl *D : Init->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D))
          UniformVars.insert(VD);
    // A header that changes a variable declared before the loop is run for
    // every work-item (emitBroadcastHeader, the increment printed at the
    // end of the body), and a `continue` would skip that.
    const auto *InitDecls = dyn_cast_or_null<DeclStmt>(FS->getInit());
    bool OwnCounter =
        (!FS->getInit() || InitDecls) &&
        llvm::none_of(Locals, [&](const VarDecl *VD) {
          bool Own = InitDecls && llvm::is_contained(InitDecls->decls(), VD);
          return !Own && mayChange(FS->getInc(), VD);
        });
    return !FS->getConditionVariable() && !hasBarrier(FS->getInit()) &&
           !hasBarrier(FS->getCond()) && !hasBarrier(FS->getInc()) &&
           (OwnCounter || !leavesLoop(FS->getBody())) && planLevel(FS->getBody());
  }
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
  if (const CallExpr *Call = waitingCall(S)) {
    ++BarrierStatements;
    Calls.push_back(Call);
    return true;
  }
  // A barrier-free statement as a loop's whole body: one work-item loop.
  // A barrier inside some other statement or expression: no loops.
  return !hasBarrier(S) && !leavesLoop(S) && !returnsInLoop(S);
}

bool WorkItemLoops::plan(const Stmt *B) {
  Body = B;
  Locals = declaredIn(Body);
  auto Waiting = [this](const CallExpr *CE) {
    return CE->getDirectCallee() && waits(CE->getDirectCallee());
  };
  // A return in the kernel's own body ends its work-item: a flag per
  // work-item that every later work-item loop tests (an inlined callee's
  // return would end only the call: not taken).
  Unfit U(Waiting, /*AllowReturns=*/Op != nullptr);
  U.TraverseStmt(const_cast<Stmt *>(Body));
  if (U.Found)
    return false;
  if (U.Returns) {
    HasReturns = true;
    FE.setVoidReturn("{ ampcc_done[ampcc_wi] = 1; continue; }");
    ExtraDecls += "  unsigned char ampcc_done[" + std::to_string(TileSize) + "] = {0};\n";
  }
  // Every barrier must be a statement of a list the loops split. The calls
  // that wait are planned once every local's kind is known.
  return planLevel(Body) && BarrierStatements == U.BarrierCalls &&
         llvm::all_of(Calls, [this](const CallExpr *Call) { return planCall(Call); });
}

void WorkItemLoops::openLoop(bool Vectorize, const std::string &XLo, const std::string &XHi,
                             bool Ordered) {
  std::string X = std::to_string(Tile[0]), Y = std::to_string(Tile[1]);
  // One loop per dimension of the tile, the fastest innermost: its local id
  // is the induction variable, so accesses along it are contiguous. Between
  // two barriers the work-items are unordered, as in an untiled launch: the
  // loop carries no dependence the vectoriser must respect. Its trip count
  // is a constant, often 16, which LLVM's full unroller (it runs before the
  // vectoriser) would unroll, dropping the pragma: the vectoriser then takes
  // the loop over ly, at a stride of a tile row (gathers and scatters:
  // matmul-tiled ran 14x slower). unroll(disable) keeps the loop whole.
  if (!RowsOpen)
    openRowLoops();
  // Inside a lifted loop (emitLiftedInRows), a row of at most 32 as one
  // vector iteration: the loop over it then disappears and what a
  // work-item updates in every iteration of the lifted loop is kept in
  // registers across it.
  bool WholeRow = RowsOpen && XLo == "0" && XHi.empty() && Tile[0] >= 4 && Tile[0] <= 32 &&
                  llvm::isPowerOf2_32(Tile[0]);
  if (Vectorize && Ordered)
    FE.line("#pragma clang loop vectorize(enable) unroll(disable)");
  else if (Vectorize)
    FE.line(std::string("#pragma clang loop vectorize(assume_safety) ") +
            (WholeRow ? "vectorize_width(" + X + ") " : "") + "unroll(disable)");
  FE.line("for (size_t ampcc_lx = " + XLo + "; ampcc_lx < " + (XHi.empty() ? X : XHi) +
          "; ++ampcc_lx) {");
  ++FE.Indent;
  FE.line("size_t ampcc_wi = (ampcc_lz * " + Y + " + ampcc_ly) * " + X + " + ampcc_lx;");
  if (root().HasReturns) {
    FE.line("if (ampcc_done[ampcc_wi])");
    FE.line("  continue;");
  }
  FE.line("ampcc_item ampcc_it = ampcc_tile;");
  FE.line("ampcc_it.lid[0] = ampcc_lx;");
  FE.line("ampcc_it.lid[1] = ampcc_ly;");
  FE.line("ampcc_it.lid[2] = ampcc_lz;");
  for (int D = 0; D < 3; ++D)
    FE.line("ampcc_it.gid[" + std::to_string(D) + "] += ampcc_it.lid[" + std::to_string(D) +
            "];");
  FE.Out += IndexPrologue;
  declareFromIndex();
}

void WorkItemLoops::openRowLoops(llvm::StringRef After) {
  FE.line("for (size_t ampcc_lz = 0; ampcc_lz < " + std::to_string(Tile[2]) + "; ++ampcc_lz)");
  FE.line("for (size_t ampcc_ly = 0; ampcc_ly < " + std::to_string(Tile[1]) + "; ++ampcc_ly)" +
          After.str());
}

void WorkItemLoops::closeLoop() {
  --FE.Indent;
  FE.line("}");
}

void WorkItemLoops::emitLoop(std::vector<const Stmt *> &Pending) {
  // The region's tile scalars, once for the tile before its loop. The
  // values from the index beside them stay, for the guards' analysis (in
  // the loop they print nothing but at its top).
  std::vector<const Stmt *> Rest;
  bool Leading = true;
  FE.DeclaringTileScalars = true;
  for (const Stmt *S : Pending) {
    std::optional<bool> TileLevel = tileLevelDecl(S);
    Leading = Leading && TileLevel;
    if (Leading && *TileLevel)
      FE.emitStmt(S);
    else
      Rest.push_back(S);
  }
  FE.DeclaringTileScalars = false;
  Pending = std::move(Rest);
  if (Pending.empty())
    return;
  bool Vectorize = lanesIndependent(Pending);
  if (!emitGuardedLoop(Pending, Vectorize)) {
    openLoop(Vectorize);
    FE.pushScope();
    for (const Stmt *S : Pending)
      FE.emitStmt(S);
    FE.popScope();
    closeLoop();
  }
  // Once every work-item has returned, the tile is done: the loops holding
  // barriers after it need not run, and one whose only way out was the
  // return would not end.
  if (HasReturns && llvm::any_of(Pending, [](const Stmt *S) { return returnsInLoop(S, true); })) {
    FE.line("{");
    FE.line("  unsigned char ampcc_alive = 0;");
    FE.line("  for (size_t ampcc_w = 0; ampcc_w < " + std::to_string(TileSize) + "; ++ampcc_w)");
    FE.line("    ampcc_alive |= !ampcc_done[ampcc_w];");
    FE.line("  if (!ampcc_alive)");
    FE.line("    return;");
    FE.line("}");
  }
  Pending.clear();
}

void WorkItemLoops::emitList(llvm::ArrayRef<const Stmt *> Stmts) {
  FE.line("{");
  ++FE.Indent;
  std::vector<const Stmt *> Pending;
  for (size_t K = 0; K < Stmts.size(); ++K) {
    const Stmt *S = Stmts[K];
    if (isBarrierStatement(S)) {
      emitLoop(Pending);
      continue;
    }
    if (K + 2 < Stmts.size() && isBarrierStatement(Stmts[K + 1]) && fusible(S, Stmts[K + 2])) {
      emitLoop(Pending);
      emitFused(cast<ForStmt>(S), cast<ForStmt>(Stmts[K + 2]));
      K += 2;
      continue;
    }
    if (!hasBarrier(S) && !Lifted.contains(S) && !Interchanged.contains(S) &&
        !TileJumps.contains(S)) {
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

bool WorkItemLoops::headerChangesReplicated(const ForStmt *FS) const {
  return changesReplicated(FS->getInit()) || changesReplicated(FS->getInc());
}

namespace {

/// The operands of a comma expression, left to right (else \p E alone).
void commaOperands(const Expr *E, llvm::SmallVectorImpl<const Expr *> &Out) {
  const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParens());
  if (BO && BO->getOpcode() == BO_Comma) {
    commaOperands(BO->getLHS(), Out);
    commaOperands(BO->getRHS(), Out);
    return;
  }
  Out.push_back(E);
}

} // namespace

bool WorkItemLoops::changesReplicated(const Stmt *S) const {
  return llvm::any_of(FE.Replicated,
                      [&](const auto &Entry) { return mayChange(S, Entry.first); });
}

void WorkItemLoops::emitBroadcastHeader(const ForStmt *FS) {
  // `for (stride = N / 2; stride > 0; stride >>= 1)` over a local that
  // each work-item keeps (it was used per work-item before the loop): the
  // loop runs once for the tile, but its init and increment must change
  // every work-item's copy, not work-item 0's alone. Its condition is
  // uniform (C++ AMP's barriers are in uniform control flow): work-item
  // 0's copy decides. The loop's own counter (`for (int t = 0; ...; ++t,
  // origin += 16)`) is the tile's: declared and stepped once, outside the
  // work-item loops, in the order of the increment's operands.
  FE.line("{");
  ++FE.Indent;
  std::vector<const Stmt *> PerItem;
  if (const Stmt *Init = FS->getInit()) {
    if (isa<DeclStmt>(Init))
      FE.emitStmt(Init);
    else
      PerItem.push_back(Init);
  }
  emitLoop(PerItem);
  std::string Cond = FS->getCond() ? FE.expr(FS->getCond()) : "1";
  FE.line("for (; " + Cond + ";)");
  FE.line("{");
  ++FE.Indent;
  emitList(FS->getBody());
  llvm::SmallVector<const Expr *, 4> Steps;
  if (FS->getInc())
    commaOperands(FS->getInc(), Steps);
  for (const Expr *Step : Steps) {
    if (changesReplicated(Step)) {
      PerItem.push_back(Step);
      continue;
    }
    emitLoop(PerItem);
    FE.line(FE.discardedExpr(Step) + ";");
  }
  emitLoop(PerItem);
  --FE.Indent;
  FE.line("}");
  --FE.Indent;
  FE.line("}");
}

void WorkItemLoops::emitLevel(const Stmt *S) {
  if (const CallExpr *Call = waitingCall(S))
    return emitCall(Call);
  if (Interchanged.contains(S))
    return emitInterchanged(cast<ForStmt>(S));
  if (TileJumps.contains(S)) {
    const auto *IS = cast<IfStmt>(S);
    FE.line("if (" + FE.expr(IS->getCond()) + ")");
    FE.line(isa<BreakStmt>(jumpOf(IS->getThen())) ? "  break;" : "  continue;");
    return;
  }
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    llvm::SmallVector<const Stmt *, 16> Body(CS->body_begin(), CS->body_end());
    return emitList(Body);
  }
  // Control flow around barriers runs once, for the tile (uniform).
  if (const auto *FS = dyn_cast<ForStmt>(S)) {
    if (Lifted.contains(FS) && emitLiftedInRows(FS))
      return;
    if (headerChangesReplicated(FS))
      return emitBroadcastHeader(FS);
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

std::vector<std::pair<const VarDecl *, std::string>>
WorkItemLoops::replicatedInSourceOrder() const {
  // The planner adds a block's locals after those of the blocks it holds;
  // declared in source order, the C reads as the kernel does.
  std::vector<std::pair<const VarDecl *, std::string>> Entries(FE.Replicated.begin(),
                                                               FE.Replicated.end());
  const SourceManager &SM = FE.CG.getContext().getSourceManager();
  llvm::stable_sort(Entries, [&](const auto &A, const auto &B) {
    return SM.isBeforeInTranslationUnit(A.first->getLocation(), B.first->getLocation());
  });
  return Entries;
}

std::string WorkItemLoops::replicatedDecls() {
  std::string Decls;
  ASTContext &Ctx = FE.CG.getContext();
  std::string Tile = "[" + std::to_string(TileSize) + "]";
  for (const auto &[VD, Name] : replicatedInSourceOrder()) {
    if (!FE.TileMajor.contains(VD)) {
      Decls += "  " +
               FE.CG.declare(VD->getType().getUnqualifiedType(),
                             FE.TileScalars.contains(VD) ? Name : Name + Tile,
                             VD->getLocation()) +
               ";\n";
      continue;
    }
    // The array's own extents first, the tile's last.
    std::string Extents;
    QualType T = VD->getType();
    while (const ConstantArrayType *CAT = Ctx.getAsConstantArrayType(T)) {
      Extents += "[" + std::to_string(CAT->getSize().getZExtValue()) + "]";
      T = CAT->getElementType();
    }
    Decls += "  " +
             FE.CG.declare(T.getUnqualifiedType(), Name + Extents + Tile, VD->getLocation()) +
             ";\n";
  }
  return Decls;
}

std::string WorkItemLoops::print(const Stmt *Body) {
  std::string Decls = "  size_t ampcc_wi = 0;\n  ampcc_item ampcc_it = ampcc_tile;\n" +
                      IndexPrologue + replicatedDecls();
  // Work-item 0's values of the index's locals, for code run once a tile.
  std::string Loops = std::move(FE.output());
  FE.output().clear();
  declareFromIndex();
  Decls += FE.output();
  FE.output() = std::move(Loops);
  emitLevel(Body);
  return Decls + ExtraDecls + FE.temporaryDecls() + FE.output();
}

} // namespace ampcc
