//===- Cleanups.cpp - destructors in lowered OpenCL C ----------------------===//
//
// C has no destructors, so the emitter runs them itself where C++ does:
//  * a local variable is destroyed at the end of its scope, and before every
//    return, break or continue that leaves the scope (innermost first);
//  * a temporary is destroyed at the end of its full-expression. Temporaries
//    live in function-level variables, and the full-expression becomes
//    `(r = value, dtor(&t1), r)`, so it stays an expression wherever it
//    sits (a for-increment, a condition, an initializer);
//  * a destructor destroys the members and bases it holds after its body.
// What "destroyed" runs is the class's destructor, lowered like any member
// function. Classes whose destructors do nothing on the device (those of
// the C++ AMP library, empty ones) are left alone, so that the common case
// prints no calls at all.
//
//===----------------------------------------------------------------------===//
#include "FunctionEmitter.h"

#include "Lowering.h"
#include "ampcc/Support/Diagnostics.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace ampcc {

std::string FunctionEmitter::destroy(QualType T, const std::string &Address,
                                     AddrSpace AS, SourceLocation Loc,
                                     AddrSpace ViewData) {
  ReachAnalysis &Reach = CG.planner().reach();
  if (!Reach.needsDestruction(T))
    return "";
  ASTContext &Ctx = CG.getContext();
  QualType Elem = Ctx.getBaseElementType(T.getNonReferenceType());
  QualType Class = Ctx.getBaseElementType(T.getNonReferenceType());
  unsigned Images =
      Reach.imageKernelFor(Class->getAsCXXRecordDecl()->getDestructor(), imageKernel());
  const CloneInfo &Info =
      CG.requestFunction(destructorKey(Ctx, T, AS, ViewData, Images), Loc);
  // Checked mode: the checking state is every function's last argument;
  // then an image kernel's images.
  std::string Checks =
      (CG.usesFaultRecord() ? std::string(", ") + CheckStateName : "") + CG.imageArgs(Images);
  const auto *CAT = Ctx.getAsConstantArrayType(T);
  if (!CAT)
    return Info.Name + "(" + Address + Checks + ");";
  // Arrays: elements in reverse order of construction, through a pointer to
  // the first one (the address of an array decays to it).
  uint64_t Count = Ctx.getConstantArrayElementCount(CAT);
  std::string K = "_ampcc_k" + std::to_string(TempCount++);
  return "for (int " + K + " = " + std::to_string(Count) + "; " + K + "-- > 0;) " +
         Info.Name + "(&((" + addrSpaceKeyword(AS) + " " +
         CG.lowerType(Elem.getUnqualifiedType(), Loc, ViewData) + " *)(" + Address + "))[" + K +
         "]" + Checks + ");";
}

// --- Scopes -----------------------------------------------------------------

void FunctionEmitter::pushScope(bool BreakTarget, bool ContinueTarget) {
  Scope S;
  S.BreakTarget = BreakTarget;
  S.ContinueTarget = ContinueTarget;
  Scopes.push_back(std::move(S));
}

void FunctionEmitter::popScope() {
  Scope S = std::move(Scopes.back());
  Scopes.pop_back();
  for (auto It = S.Cleanups.rbegin(); It != S.Cleanups.rend(); ++It)
    line(*It);
}

std::string FunctionEmitter::cleanupsForJump(bool Return, bool Continue) {
  std::string Text;
  for (auto It = Scopes.rbegin(); It != Scopes.rend(); ++It) {
    for (auto C = It->Cleanups.rbegin(); C != It->Cleanups.rend(); ++C)
      Text += *C + " ";
    if (!Return && (Continue ? It->ContinueTarget : It->BreakTarget))
      break;
  }
  return Text;
}

std::string FunctionEmitter::jump(bool Continue) {
  std::string Cleanups = cleanupsForJump(/*Return=*/false, Continue);
  std::string Jump = Continue ? "continue;" : "break;";
  return Cleanups.empty() ? Jump : "{ " + Cleanups + Jump + " }";
}

/// The temporary a reference variable extends to its own lifetime, if any.
static const MaterializeTemporaryExpr *extendedTemporary(const VarDecl *VD) {
  const auto *MTE = dyn_cast_or_null<MaterializeTemporaryExpr>(
      VD->getInit() ? ignoreFullExprAndImplicitCasts(VD->getInit()) : nullptr);
  return MTE && MTE->getExtendingDecl() == VD ? MTE : nullptr;
}

void FunctionEmitter::noteDeclared(const VarDecl *VD) {
  if (Scopes.empty() || VD->isStaticLocal() || VD->hasAttr<CUDASharedAttr>())
    return;
  auto It = Vars.find(VD);
  if (It == Vars.end())
    return;
  QualType T = VD->getType();
  if (T->isReferenceType()) {
    // A reference to a temporary is declared as the value (emitDecl), so the
    // variable holds the temporary and destroys it.
    const MaterializeTemporaryExpr *MTE = extendedTemporary(VD);
    if (!MTE || It->second.IsRef)
      return;
    T = MTE->getType();
    if (!CG.getContext().hasSameUnqualifiedType(T, VD->getType().getNonReferenceType()) &&
        CG.planner().reach().needsDestruction(T)) {
      // Bound to a base of the temporary: the variable holds only the base.
      report(CG.getDiags(), VD->getLocation(), Diag::err_amp_unsupported_stmt)
          << "reference to a base of a temporary with a destructor";
      return;
    }
  } else if (VD->isNRVOVariable()) {
    // The variable is the function's return value: the caller destroys it.
    return;
  }
  const VarInfo &VI = It->second;
  std::string Address = VI.IsRef || VI.DecaysArray || T->isArrayType()
                            ? VI.Name
                            : "&" + VI.Name;
  std::string Code = destroy(T, Address, VI.IsRef ? VI.Space : AddrSpace::Private,
                             VD->getLocation(), VI.ViewSpace);
  if (!Code.empty())
    Scopes.back().Cleanups.push_back(Code);
}

// --- Temporaries --------------------------------------------------------------

std::string FunctionEmitter::newTemporary(QualType T, SourceLocation Loc,
                                          bool Pointer, AddrSpace AS,
                                          AddrSpace ViewData) {
  std::string Name = "_ampcc_t" + std::to_string(TempCount++);
  T = T.getNonReferenceType().getUnqualifiedType();
  std::string Decl;
  if (Pointer)
    Decl = CG.pointerTo(T, AS, Loc, AddrSpace::Private, ViewData) + Name;
  else if (T->isPointerType())
    Decl = CG.pointerTo(T->getPointeeType(), AddrSpace::Private, Loc, AddrSpace::Private,
                        ViewData) +
           Name;
  else
    Decl = CG.declare(T, Name, Loc, ViewData);
  TempDecls += "  " + Decl + ";\n";
  return Name;
}

/// The temporary \p E materializes (through casts and parentheses), if any.
static const CXXBindTemporaryExpr *boundTemporary(const Expr *E) {
  while (E) {
    E = E->IgnoreParens();
    if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(E))
      return BTE;
    if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
      E = MTE->getSubExpr();
    else if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E))
      E = ICE->getSubExpr();
    else if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E);
             FC && FC->getCastKind() == CK_ConstructorConversion)
      E = FC->getSubExpr();
    else
      return nullptr;
  }
  return nullptr;
}

void FunctionEmitter::markResultObjects(const Expr *E) {
  while (E) {
    E = E->IgnoreParens();
    if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(E)) {
      NotDestroyedHere.insert(BTE);
      return;
    }
    if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      markResultObjects(CO->getTrueExpr());
      E = CO->getFalseExpr();
    } else if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E);
               ICE && ICE->getCastKind() == CK_NoOp) {
      E = ICE->getSubExpr();
    } else if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E);
               FC && FC->getCastKind() == CK_ConstructorConversion) {
      E = FC->getSubExpr();
    } else {
      return;
    }
  }
}

void FunctionEmitter::collectTemporaries(
    const Stmt *S, unsigned Conditional,
    llvm::SmallVectorImpl<const CXXBindTemporaryExpr *> &Out) {
  if (!S || isa<LambdaExpr>(S)) // A lambda's body is a function of its own.
    return;
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(S)) {
    collectTemporaries(CO->getCond(), Conditional, Out);
    collectTemporaries(CO->getTrueExpr(), 1, Out);
    collectTemporaries(CO->getFalseExpr(), 1, Out);
    return;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isLogicalOp()) {
    collectTemporaries(BO->getLHS(), Conditional, Out);
    collectTemporaries(BO->getRHS(), 2, Out);
    return;
  }
  if (const auto *DAE = dyn_cast<CXXDefaultArgExpr>(S))
    return collectTemporaries(DAE->getExpr(), Conditional, Out);
  if (const auto *DIE = dyn_cast<CXXDefaultInitExpr>(S))
    return collectTemporaries(DIE->getExpr(), Conditional, Out);
  if (const auto *OVE = dyn_cast<OpaqueValueExpr>(S))
    return collectTemporaries(OVE->getSourceExpr(), Conditional, Out);
  // A temporary extended to a variable's lifetime is destroyed by the
  // variable (noteDeclared); one copied by an elidable constructor (C++14)
  // is the object itself, as Clang elides the copy. The temporaries that
  // build either still end with the full-expression.
  if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(S);
      MTE && MTE->getExtendingDecl())
    if (const CXXBindTemporaryExpr *BTE = boundTemporary(MTE))
      NotDestroyedHere.insert(BTE);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(S);
      CE && CE->isElidable() && CE->getNumArgs() == 1)
    if (const CXXBindTemporaryExpr *BTE = boundTemporary(CE->getArg(0)))
      NotDestroyedHere.insert(BTE);
  // The elements of an aggregate initializer are its members.
  if (const auto *ILE = dyn_cast<InitListExpr>(S);
      ILE && (ILE->getType()->isRecordType() || ILE->getType()->isArrayType()))
    for (const Expr *Init : ILE->inits())
      markResultObjects(Init);
  for (const Stmt *Child : S->children())
    collectTemporaries(Child, Conditional, Out);
  const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(S);
  if (!BTE || NotDestroyedHere.contains(BTE) ||
      !CG.planner().reach().needsDestruction(BTE->getType()))
    return;
  if (Conditional) {
    report(CG.getDiags(), BTE->getBeginLoc(), Diag::err_amp_conditional_temporary)
        << BTE->getType() << (Conditional - 1);
    return;
  }
  Out.push_back(BTE); // After its subexpressions: the order of creation.
}

bool FunctionEmitter::bindTemporaries(const ExprWithCleanups *E, std::string &Dtors) {
  // Most full-expressions have nothing to destroy; remember those, so that
  // printing one twice neither walks it nor reports it twice.
  if (!WithoutTemporaries.insert(E).second)
    return false;
  if (E == ResultInit)
    markResultObjects(E->getSubExpr());
  llvm::SmallVector<const CXXBindTemporaryExpr *, 4> Temps;
  collectTemporaries(E->getSubExpr(), 0, Temps);
  if (Temps.empty())
    return false;
  WithoutTemporaries.erase(E);
  for (const CXXBindTemporaryExpr *BTE : Temps)
    Temporaries[BTE] = newTemporary(BTE->getType(), BTE->getBeginLoc(), false,
                                    AddrSpace::Private, viewSpaceOf(BTE));
  for (auto It = Temps.rbegin(); It != Temps.rend(); ++It) {
    std::string Call = destroy((*It)->getType(), "&" + Temporaries[*It],
                               AddrSpace::Private, (*It)->getBeginLoc(), viewSpaceOf(*It));
    Call.pop_back(); // The ';': these are operands of a comma expression.
    Dtors += ", " + Call;
  }
  return true;
}

std::string FunctionEmitter::temporaryExpr(const CXXBindTemporaryExpr *BTE) {
  auto It = Temporaries.find(BTE);
  if (It == Temporaries.end())
    return expr(BTE->getSubExpr());
  // An lvalue naming the temporary, so that its address can be taken.
  std::string Name = It->second;
  return "(*(" + Name + " = " + expr(BTE->getSubExpr()) + ", &" + Name + "))";
}

std::string FunctionEmitter::fullExpr(const ExprWithCleanups *E, bool Discarded) {
  std::string Dtors;
  if (!bindTemporaries(E, Dtors))
    return "";
  const Expr *Sub = E->getSubExpr();
  // (void): an unused temporary's value would warn in the build log.
  if (Discarded || Sub->getType()->isVoidType())
    return "((void)(" + expr(Sub) + ")" + Dtors + ")";
  if (Sub->isGLValue())
    return "(*" + addressThenDestroy(Sub, Dtors) + ")";
  std::string R = newTemporary(Sub->getType(), E->getBeginLoc(), false,
                               AddrSpace::Private, viewSpaceOf(Sub));
  return "(" + R + " = " + expr(Sub) + Dtors + ", " + R + ")";
}

std::string FunctionEmitter::fullExprAddress(const ExprWithCleanups *E) {
  std::string Dtors;
  if (!bindTemporaries(E, Dtors))
    return "";
  return addressThenDestroy(E->getSubExpr(), Dtors);
}

std::string FunctionEmitter::addressThenDestroy(const Expr *LValue,
                                                const std::string &Dtors) {
  std::string P = newTemporary(LValue->getType(), LValue->getBeginLoc(),
                               /*Pointer=*/true, spaceOf(LValue), viewSpaceOf(LValue));
  return "(" + P + " = " + addressOf(LValue) + Dtors + ", " + P + ")";
}

} // namespace ampcc
