//===- FunctionEmitter.cpp - statements and expressions in OpenCL C -----===//
//
// C and C++ agree on most of the expression language, so most nodes print
// as themselves. The work is in what C lacks: references (pointers with an
// inferred address space), member functions, constructors and overloaded
// operators (calls to generated functions), and implicit conversions (made
// explicit, so that OpenCL's rules cannot differ from C++'s).
//
//===----------------------------------------------------------------------===//
#include "FunctionEmitter.h"

#include "Lowering.h"
#include "ampcc/Support/Diagnostics.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

#include <cmath>
#include <cstdio>

using namespace clang;

namespace ampcc {

void FunctionEmitter::line(const std::string &Text) {
  Out.append(Indent * 2, ' ');
  Out += Text;
  Out += '\n';
}

// --- Statements ---------------------------------------------------------------

void FunctionEmitter::loopBody(const Stmt *S) {
  pushScope(/*BreakTarget=*/true, /*ContinueTarget=*/true);
  emitBody(S);
  popScope();
}

std::string FunctionEmitter::discardedExpr(const Expr *E) {
  const Expr *Bare = E->IgnoreParens();
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(Bare)) {
    std::string WithDtors = fullExpr(EWC, /*Discarded=*/true);
    if (!WithDtors.empty())
      return WithDtors;
  }
  if (const auto *FE = dyn_cast<FullExpr>(Bare))
    Bare = FE->getSubExpr()->IgnoreParens();
  if (const auto *POE = dyn_cast<PseudoObjectExpr>(Bare))
    return pseudoObject(POE, /*Discarded=*/true);
  // A call returning a reference is discarded as the pointer the C call
  // returns: "(*f(x));" would warn about an unused value.
  if (const auto *CE = dyn_cast<CallExpr>(Bare))
    return call(CE).Text;
  return expr(E);
}

void FunctionEmitter::emitBody(const Stmt *S) {
  if (isa<CompoundStmt>(S))
    return emitStmt(S);
  ++Indent;
  emitStmt(S);
  --Indent;
}

void FunctionEmitter::emitCompound(const CompoundStmt *CS) {
  line("{");
  ++Indent;
  pushScope();
  for (const Stmt *S : CS->body()) {
    emitStmt(S);
    emitAbortCheck(S);
  }
  popScope();
  --Indent;
  line("}");
}

std::string FunctionEmitter::condition(const Stmt *Init, const VarDecl *CondVar,
                                       const Expr *Cond) {
  if (Init)
    emitStmt(Init);
  if (CondVar) {
    emitDecl(CondVar);
    return Vars[CondVar].Name;
  }
  return expr(Cond);
}

void FunctionEmitter::emitDecl(const VarDecl *VD) {
  emitDeclCode(VD);
  noteDeclared(VD);
}

void FunctionEmitter::emitDeclCode(const VarDecl *VD) {
  setResultInit(VD->getInit());
  if (VD->isStaticLocal() && !VD->hasAttr<CUDASharedAttr>()) {
    // Static locals are a restriction violation (spec §2.4.2); the
    // restriction checker reports them. Constants still need a value.
    report(CG.getDiags(), VD->getLocation(), Diag::err_amp_unsupported_stmt)
        << "static local variable";
    return;
  }
  if (VD->hasAttr<CUDASharedAttr>()) {
    // tile_static: OpenCL 1.2 wants __local variables at kernel scope, so
    // the storage lives there (see tileStaticStorage); the declaration
    // itself emits nothing, wherever it sits.
    Vars[VD] = tileStaticVar(VD);
    return;
  }
  if (Rematerialized.contains(VD) && !DeclaringRematerialized)
    return;
  if (auto It = Replicated.find(VD); It != Replicated.end()) {
    if (TileScalars.contains(VD)) {
      bindVar(VD, It->second);
      if (DeclaringTileScalars && VD->getInit())
        line(It->second + " = " + expr(VD->getInit()) + ";");
      return;
    }
    bindVar(VD, TileMajor.contains(VD) ? It->second : It->second + "[ampcc_wi]");
    if (VD->getInit())
      line(Vars[VD].Name + " = " + expr(VD->getInit()) + ";");
    return;
  }
  std::string Name = LocalPrefix + CodeGenModule::safeLocalName(VD->getName());
  QualType T = VD->getType();
  const Expr *Init = VD->getInit();
  bindVar(VD, Name);
  const VarInfo VI = Vars[VD];

  if (T->isReferenceType()) {
    if (!VI.IsRef) {
      // A reference to a temporary (or a const reference) is its value.
      QualType VT = T.getNonReferenceType().getUnqualifiedType();
      return line(CG.declare(VT, Name, VD->getLocation(), VI.ViewSpace) +
                  (Init ? " = " + expr(Init) : "") + ";");
    }
    return line(CG.pointerTo(T->getPointeeType(), VI.Space, VD->getLocation(),
                             VI.PointeeSpace, VI.ViewSpace) +
                Name + " = " + addressOf(Init) + ";");
  }
  if (T->isPointerType()) {
    // A pointer declared without a target takes its space from what is
    // assigned to it later (ClonePlanner.cpp).
    return line(CG.pointerTo(T->getPointeeType(), VI.Space, VD->getLocation(),
                             AddrSpace::Private, VI.ViewSpace) +
                Name + (Init ? " = " + expr(Init) : "") + ";");
  }

  std::string Decl =
      CG.declare(T.getUnqualifiedType(), Name, VD->getLocation(), VI.ViewSpace);
  if (!Init)
    return line(Decl + ";");
  if (const auto *CE = dyn_cast<CXXConstructExpr>(Init->IgnoreImplicit())) {
    // Trivial default construction leaves the object uninitialised, as in C++.
    if (CE->getConstructor()->isDefaultConstructor() &&
        CE->getConstructor()->isTrivial() && !CE->requiresZeroInitialization())
      return line(Decl + ";");
    // An array of objects with a default constructor (`float_4 v[4][2]`):
    // C has no array constructors, so every element, in order, is assigned
    // the constructor's result through a pointer to the first one. The
    // constructor may take arguments that all have defaults (ampblas's
    // `complex(const T &re = T(), const T &im = T())`).
    bool AllDefaults = llvm::all_of(CE->arguments(), [](const Expr *A) {
      return isa<CXXDefaultArgExpr>(A);
    });
    if (const auto *CAT = CG.getContext().getAsConstantArrayType(T))
      if (CE->getConstructor()->isDefaultConstructor() && AllDefaults) {
        line(Decl + ";");
        uint64_t Count = CG.getContext().getConstantArrayElementCount(CAT);
        QualType Elem = CG.getContext().getBaseElementType(T).getUnqualifiedType();
        CallParts Default;
        Default.FD = CE->getConstructor();
        Default.Args.assign(CE->arg_begin(), CE->arg_end());
        std::string Value = callFunction(Default, CE).value();
        std::string K = Name == "_k" ? "_k_" : "_k";
        return line("for (int " + K + " = 0; " + K + " < " + std::to_string(Count) + "; ++" +
                    K + ") ((" + CG.lowerType(Elem, VD->getLocation()) + " *)" + Name +
                    ")[" + K + "] = " + Value + ";");
      }
  }
  if (const auto *ILE = dyn_cast<InitListExpr>(Init->IgnoreImplicit()))
    return line(Decl + " = " + initList(ILE, false) + ";");
  line(Decl + " = " + expr(Init) + ";");
}

std::string FunctionEmitter::tileStaticStorage(const VarDecl *VD) {
  auto It = TileStaticNames.find(VD);
  if (It != TileStaticNames.end())
    return It->second;
  std::string Name = CodeGenModule::safeLocalName(VD->getName());
  std::string Unique = Name;
  for (unsigned I = 1;
       ReservedNames.contains(Unique) || !HoistedNames.insert(Unique).second; ++I)
    Unique = Name + "_" + std::to_string(I);
  if (HoistedDecls) {
    // The kernel: one __local variable per C++ variable, shared by every
    // call of the function declaring it, as a tile_static is per tile.
    *HoistedDecls += std::string("  ") + CG.tileStaticStorageClass() + " " +
                     CG.declare(VD->getType().getUnqualifiedType(), Unique,
                                VD->getLocation()) +
                     ";\n";
    // PoCL 3.1 (LLVM 15) turns a kernel-scope __local whose every read
    // follows a write of the same work-item into a private variable
    // (GlobalOpt's localisation, after splitting small constant-indexed
    // arrays), so a value one work-item writes between two barriers is
    // never seen by the others (docs/pocl-bugs.md). One volatile read
    // makes LLVM leave the variable alone; it costs one load per work-item,
    // which PTX (shared memory is never private there) does without.
    *HoistedDecls += "#ifndef __NVPTX__\n  (void)*(volatile __local uchar *)&" + Unique +
                     ";\n#endif\n";
    HoistedBytes += CG.getContext().getTypeSizeInChars(VD->getType()).getQuantity();
  }
  // In a called function the caller passes a pointer to the storage: a
  // parameter of the name, in the order of the plan's TileStatics.
  TileStaticNames[VD] = Unique;
  return Unique;
}

FunctionEmitter::VarInfo FunctionEmitter::tileStaticVar(const VarDecl *VD) {
  VarInfo VI;
  // In a called function the storage arrives as a pointer parameter.
  if (const VarPlace *V = Plan.var(VD))
    static_cast<VarPlace &>(VI) = *V;
  VI.Space = AddrSpace::Local;
  VI.Name = tileStaticStorage(VD);
  return VI;
}

std::string FunctionEmitter::tileStaticArgument(const VarDecl *VD) {
  std::string Storage = tileStaticStorage(VD);
  // Kernel scope holds the variable itself: pass its address (arrays
  // decay); a function holds a pointer already.
  if (HoistedDecls && !VD->getType()->isArrayType())
    return "&" + Storage;
  return Storage;
}

void FunctionEmitter::returnAfterCleanups(const std::string &Value,
                                          const std::string &Cleanups,
                                          llvm::function_ref<std::string()> MakeTemp) {
  if (Cleanups.empty())
    return line("return " + Value + ";");
  std::string Temp = MakeTemp();
  line(Temp + " = " + Value + ";");
  line(Cleanups);
  line("return " + Temp + ";");
}

void FunctionEmitter::emitReturn(const ReturnStmt *RS) {
  const Expr *E = RS->getRetValue();
  setResultInit(E);
  // Objects in scope are destroyed after the value is computed: it goes to
  // a temporary first when there are any.
  std::string Cleanups = cleanupsForJump(/*Return=*/true, false);
  // The named return value optimisation, as Clang's CodeGen does it: the
  // variable is the return value (so no copy, and no destruction here).
  if (const VarDecl *NRVO = RS->getNRVOCandidate();
      NRVO && NRVO->isNRVOVariable() && Vars.count(NRVO) && !Vars[NRVO].IsRef &&
      !Plan.ReturnsPointer)
    return returnAfterCleanups(Vars[NRVO].Name, Cleanups, [&] {
      return newTemporary(NRVO->getType(), E->getBeginLoc(), false, AddrSpace::Private,
                          Vars[NRVO].ViewSpace);
    });
  if (!E || E->getType()->isVoidType()) {
    if (E)
      line(discardedExpr(E) + ";");
    if (!Cleanups.empty())
      line(Cleanups);
    UsedVoidReturn = true;
    return line(VoidReturn);
  }
  // Return statements whose spaces differ were reported with the
  // signature (emitFunctionBody).
  if (Plan.ReturnsPointer)
    return returnAfterCleanups(addressOf(E), Cleanups, [&] {
      return newTemporary(E->getType(), E->getBeginLoc(), /*Pointer=*/true,
                          Plan.ReturnSpace, viewSpaceOf(E));
    });
  returnAfterCleanups(expr(E), Cleanups, [&] {
    if (E->getType()->isPointerType())
      return newTemporary(E->getType()->getPointeeType(), E->getBeginLoc(),
                          /*Pointer=*/true, pointeeSpaceOf(E), viewSpaceOf(E));
    return newTemporary(E->getType(), E->getBeginLoc(), false, AddrSpace::Private,
                        viewSpaceOf(E));
  });
}

void FunctionEmitter::emitCtorInit(const CXXCtorInitializer *Init,
                                   const CXXRecordDecl *Derived) {
  const Expr *E = Init->getInit();
  setResultInit(E);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E->IgnoreImplicit()))
    if (CE->getConstructor()->isDefaultConstructor() &&
        CE->getConstructor()->isTrivial())
      return;
  if (isa<ImplicitValueInitExpr>(E))
    return;
  if (Init->isDelegatingInitializer())
    return line("*_this = " + expr(E) + ";");
  if (Init->isBaseInitializer()) {
    // Bases are the leading _baseN members of the lowered struct.
    const CXXRecordDecl *Base = Init->getBaseClass()->getAsCXXRecordDecl();
    return line("_this->" + CodeGenModule::baseFieldName(Derived, Base) + " = " +
                expr(E) + ";");
  }
  if (!Init->isMemberInitializer()) {
    report(CG.getDiags(), Init->getSourceLocation(), Diag::err_amp_unsupported_stmt)
        << "virtual base class initializer";
    return;
  }
  const FieldDecl *F = Init->getMember();
  std::string Field = "_this->" + CodeGenModule::safeLocalName(F->getName());
  if (F->getType()->isArrayType()) {
    // Arrays are copied element-wise: C cannot assign arrays.
    if (const auto *ILE = dyn_cast<InitListExpr>(E)) {
      for (unsigned I = 0; I < ILE->getNumInits(); ++I)
        line(Field + "[" + std::to_string(I) + "] = " + expr(ILE->getInit(I)) + ";");
      return;
    }
    report(CG.getDiags(), Init->getSourceLocation(), Diag::err_amp_unsupported_stmt)
        << "array member initializer";
    return;
  }
  if (const auto *ILE = dyn_cast<InitListExpr>(E))
    return line(Field + " = " + initList(ILE, true) + ";");
  line(Field + " = " + expr(E) + ";");
}

// --- Expressions ------------------------------------------------------------

std::string FunctionEmitter::unsupported(const Expr *E) {
  report(CG.getDiags(), E->getBeginLoc(), Diag::err_amp_unsupported_expr)
      << E->getStmtClassName() << E->getSourceRange();
  return "0";
}

std::string FunctionEmitter::literal(const Expr *E) {
  if (const auto *IL = dyn_cast<IntegerLiteral>(E)) {
    std::string V = llvm::toString(IL->getValue(), 10, /*Signed=*/false);
    QualType T = IL->getType();
    if (T->isUnsignedIntegerType())
      V += "u";
    if (T->isSpecificBuiltinType(BuiltinType::Long) ||
        T->isSpecificBuiltinType(BuiltinType::ULong))
      V += "L";
    return V;
  }
  if (const auto *BL = dyn_cast<CXXBoolLiteralExpr>(E))
    return BL->getValue() ? "true" : "false";
  if (isa<CXXNullPtrLiteralExpr, GNUNullExpr>(E)) // nullptr, NULL (__null)
    return "0";
  if (const auto *FL = dyn_cast<FloatingLiteral>(E)) {
    bool IsFloat = FL->getType()->isSpecificBuiltinType(BuiltinType::Float);
    double V = FL->getValueAsApproximateDouble();
    if (!IsFloat)
      CG.noteUsesDouble();
    if (std::isinf(V))
      return std::string(V < 0 ? "-" : "") + (IsFloat ? "INFINITY" : "(double)INFINITY");
    if (std::isnan(V))
      return IsFloat ? "NAN" : "(double)NAN";
    char Buf[64];
    std::snprintf(Buf, sizeof Buf, IsFloat ? "%.9g" : "%.17g", V);
    std::string S = Buf;
    if (S.find_first_of(".e") == std::string::npos)
      S += ".0";
    return S + (IsFloat ? "f" : "");
  }
  // Character literals have type char, which amp code may not use; the
  // type check reports it.
  CG.lowerType(E->getType(), E->getBeginLoc());
  return "0";
}

std::string FunctionEmitter::versionDeclaration(const Expr *E) {
  if (const auto *FE = dyn_cast<FullExpr>(E))
    E = FE->getSubExpr();
  auto It = Plan.VersionAssigns.find(E);
  if (It == Plan.VersionAssigns.end())
    return "";
  const FunctionPlan::ViewVersion &V = It->second;
  std::string Name = versionName(Vars[V.Var].Name, V.N);
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) // a pointer
    return CG.pointerTo(V.Var->getType().getNonReferenceType()->getPointeeType(), V.Space,
                        E->getBeginLoc(),
                        AddrSpace::Private, Vars[V.Var].ViewSpace) +
           Name + " = " + expr(BO->getRHS());
  const auto *OC = llvm::cast<CXXOperatorCallExpr>(E);
  return CG.declare(V.Var->getType().getUnqualifiedType(), Name, E->getBeginLoc(), V.Space) +
         " = " + expr(OC->getArg(1));
}

bool FunctionEmitter::isTileMajorElement(const ArraySubscriptExpr *E) const {
  if (TileMajor.empty() || E->getType()->isArrayType())
    return false;
  const Expr *Base = E->getBase()->IgnoreParenImpCasts();
  while (const auto *ASE = dyn_cast<ArraySubscriptExpr>(Base))
    Base = ASE->getBase()->IgnoreParenImpCasts();
  const auto *DRE = dyn_cast<DeclRefExpr>(Base);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return VD && TileMajor.contains(VD);
}

std::string FunctionEmitter::declRef(const DeclRefExpr *DRE) {
  const ValueDecl *D = DRE->getDecl();
  if (const auto *EC = dyn_cast<EnumConstantDecl>(D))
    return intText(EC->getInitVal());
  auto It = Vars.find(D);
  if (auto V = Plan.VersionRefs.find(DRE); V != Plan.VersionRefs.end() && It != Vars.end())
    return versionName(It->second.Name, V->second.N);
  if (It != Vars.end()) {
    // A captured reference variable was captured by copy: its closure
    // field is a value even though the variable is a reference.
    if (It->second.IsRef && (!DRE->refersToEnclosingVariableOrCapture() ||
                             It->second.Captured))
      return "(*" + It->second.Name + ")";
    return It->second.Name;
  }
  if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->hasAttr<CUDASharedAttr>()) {
    // A tile_static of an enclosing function, named by a local class's
    // member: it reaches this function like one declared in a callee.
    Vars[VD] = tileStaticVar(VD);
    return declRef(DRE);
  }
  if (const auto *VD = dyn_cast<VarDecl>(D)) {
    // Constants (static const ints, constexpr values) are used by value.
    if (const Expr *Init = VD->getAnyInitializer()) {
      Expr::EvalResult R;
      if (VD->getType().isConstQualified() && Init->EvaluateAsRValue(R, CG.getContext())) {
        if (R.Val.isInt())
          return intText(R.Val.getInt()) +
                 (VD->getType()->isUnsignedIntegerType() ? "u" : "");
        if (R.Val.isFloat()) {
          llvm::SmallString<32> S;
          R.Val.getFloat().toString(S);
          std::string Lit = S.str().str();
          if (Lit.find_first_of(".eE") == std::string::npos)
            Lit += ".0";
          return Lit + (VD->getType()->isSpecificBuiltinType(BuiltinType::Float) ? "f" : "");
        }
      }
    }
    if (VD->isLocalVarDeclOrParm())
      return CodeGenModule::safeLocalName(VD->getName());
  }
  report(CG.getDiags(), DRE->getLocation(), Diag::err_amp_unsupported_expr)
      << ("reference to '" + D->getNameAsString() + "'") << DRE->getSourceRange();
  return "0";
}

/// \p E without parentheses and the opaque values that bind it once: a
/// property's operand (`v.x = c ? a : b` passes `c ? a : b` to set_x as
/// an opaque value, PropertyLowering.cpp) is the expression it binds.
static const Expr *throughOpaqueValues(const Expr *E) {
  E = E->IgnoreParens();
  while (const auto *OVE = dyn_cast<OpaqueValueExpr>(E)) {
    if (!OVE->getSourceExpr())
      break;
    E = OVE->getSourceExpr()->IgnoreParens();
  }
  return E;
}

std::string FunctionEmitter::cast(const CastExpr *CE) {
  const Expr *Sub = CE->getSubExpr();
  switch (CE->getCastKind()) {
  case CK_LValueToRValue:
  case CK_NoOp:
  case CK_ArrayToPointerDecay:
  case CK_FunctionToPointerDecay:
  case CK_ConstructorConversion:
  case CK_UserDefinedConversion:
  case CK_NullToPointer:
  case CK_ToVoid:
  case CK_LValueToRValueBitCast:
    if (CE->getCastKind() == CK_LValueToRValue)
      noteElementUse(Sub, ElementUse::Read);
    // Only the value of an lvalue ?: is wanted: select between the values,
    // not their addresses (a branch may be a constant folded to a literal).
    if (CE->getCastKind() == CK_LValueToRValue)
      if (const auto *Pun = dyn_cast<ExplicitCastExpr>(Sub->IgnoreParens());
          Pun && Pun->getCastKind() == CK_LValueBitCast) {
        // The value of a scalar read as another scalar of its size
        // (`reinterpret_cast<const unsigned &>(f)`, the float's bits, as
        // Visual C++ lowers it to asuint): OpenCL's as_type.
        QualType To = CE->getType(), From = Pun->getSubExpr()->getType();
        ASTContext &Ctx = CG.getContext();
        if (To->isArithmeticType() && From->isArithmeticType() &&
            Ctx.getTypeSize(To) == Ctx.getTypeSize(From))
          return "as_" + CG.lowerType(To.getUnqualifiedType(), CE->getBeginLoc()) + "(" +
                 expr(Pun->getSubExpr()) + ")";
      }
    if (CE->getCastKind() == CK_LValueToRValue)
      if (const auto *CO = dyn_cast<ConditionalOperator>(throughOpaqueValues(Sub)))
        return conditionalValue(CO);
    if (isa<ExplicitCastExpr>(CE) && CE->getType()->isVoidType())
      return "(void)(" + expr(Sub) + ")";
    return expr(Sub);
  case CK_IntegralCast:
  case CK_IntegralToFloating:
  case CK_FloatingToIntegral:
  case CK_FloatingCast:
  case CK_IntegralToBoolean:
  case CK_FloatingToBoolean:
  case CK_BooleanToSignedIntegral:
  case CK_PointerToBoolean: {
    // Explicit conversions keep C++'s semantics however OpenCL would have
    // promoted the operands.
    std::string T = CG.lowerType(CE->getType(), CE->getBeginLoc());
    if (CE->getCastKind() == CK_IntegralToBoolean ||
        CE->getCastKind() == CK_FloatingToBoolean ||
        CE->getCastKind() == CK_PointerToBoolean)
    {
      // Operators need parentheses before "!= 0" ("x & 4 != 0" means
      // "x & (4 != 0)"); primaries do not.
      const Expr *Inner = Sub->IgnoreImpCasts();
      bool Primary = isa<ParenExpr, DeclRefExpr, IntegerLiteral, FloatingLiteral,
                         CallExpr, MemberExpr, ArraySubscriptExpr>(Inner);
      std::string Value = expr(Sub);
      return "(" + (Primary ? Value : "(" + Value + ")") + " != 0)";
    }
    return "(" + T + ")(" + expr(Sub) + ")";
  }
  case CK_DerivedToBase:
  case CK_UncheckedDerivedToBase: {
    // Bases are the leading _baseN members of the lowered struct: follow the
    // cast's path one base at a time.
    QualType From = Sub->getType();
    if (From->isPointerType())
      From = From->getPointeeType();
    const CXXRecordDecl *Cur = From->getAsCXXRecordDecl();
    std::string Path;
    for (const CXXBaseSpecifier *B : CE->path()) {
      const CXXRecordDecl *Next = B->getType()->getAsCXXRecordDecl();
      Path += (Path.empty() ? "" : ".") + CodeGenModule::baseFieldName(Cur, Next);
      Cur = Next;
    }
    std::string S = expr(Sub);
    if (CE->getType()->isPointerType())
      return "(&(" + S + ")->" + Path + ")";
    return "(" + S + ")." + Path;
  }
  case CK_BaseToDerived:
    // A pointer downcast: back along the path, each step must be to a first
    // base, which the lowered class holds at offset 0 (its _base0 member).
    if (CE->getType()->isPointerType()) {
      const CXXRecordDecl *Cur = CE->getType()->getPointeeType()->getAsCXXRecordDecl();
      bool AtZero = Cur != nullptr;
      for (const CXXBaseSpecifier *B : CE->path()) {
        const CXXRecordDecl *Next = B->getType()->getAsCXXRecordDecl();
        (void)Next;
        AtZero = AtZero && CodeGenModule::baseFieldName(Cur, Next) == "_base0";
        Cur = Next;
      }
      if (AtZero)
        return "(" + CG.pointerTo(CE->getType()->getPointeeType(), pointeeSpaceOf(Sub),
                                  CE->getBeginLoc()) + ")(" + expr(Sub) + ")";
    }
    break;
  case CK_BitCast:
    if (CE->getType()->isPointerType())
      return "(" + CG.pointerTo(CE->getType()->getPointeeType(), pointeeSpaceOf(Sub),
                                CE->getBeginLoc()) + ")(" + expr(Sub) + ")";
    break;
  default:
    break;
  }
  return unsupported(CE);
}

/// A lambda inside amp code: its closure object, fields in capture order
/// (by-reference captures hold the variable's address).
std::string FunctionEmitter::lambda(const LambdaExpr *LE) {
  std::string S = "(" + CG.lowerType(LE->getType(), LE->getBeginLoc()) + "){";
  unsigned I = 0;
  auto Init = LE->capture_init_begin();
  for (const LambdaCapture &C : LE->captures()) {
    if (C.capturesThis() || !C.capturesVariable()) {
      report(CG.getDiags(), C.getLocation(), Diag::err_amp_unsupported_expr)
          << "capture of 'this' in a lambda in restrict(amp) code";
      ++Init;
      continue;
    }
    const Expr *E = *Init++;
    S += (I++ ? ", " : "") +
         (C.getCaptureKind() == LCK_ByRef ? addressOf(E) : expr(E));
  }
  return S + (I ? "}" : "0}");
}

std::string FunctionEmitter::initList(const InitListExpr *ILE,
                                      bool AsCompoundLiteral) {
  if (ILE->isTransparent())
    return expr(ILE->getInit(0));
  std::string S = "{";
  for (unsigned I = 0; I < ILE->getNumInits(); ++I) {
    const Expr *Init = ILE->getInit(I);
    std::string V;
    if (const auto *Inner = dyn_cast<InitListExpr>(Init->IgnoreImplicit()))
      V = initList(Inner, false);
    else
      V = expr(Init);
    S += (I ? ", " : "") + V;
  }
  S += "}";
  if (AsCompoundLiteral)
    return "(" + CG.lowerType(ILE->getType(), ILE->getBeginLoc(), viewSpaceOf(ILE)) + ")" +
           S;
  return S;
}

std::string FunctionEmitter::disjointPointers(const BinaryOperator *BO) {
  const Expr *L = BO->getLHS(), *R = BO->getRHS();
  const ASTContext &Ctx = CG.getContext();
  // A constant (a null pointer, `(T *)0`) points into no space.
  if (!L->getType()->isPointerType() || !R->getType()->isPointerType() ||
      L->isEvaluatable(Ctx) || R->isEvaluatable(Ctx) ||
      pointeeSpaceOf(L) == pointeeSpaceOf(R))
    return "";
  // The operands still run for their side effects.
  std::string Effects;
  for (const Expr *Op : {L, R})
    if (Op->HasSideEffects(Ctx))
      Effects += "(void)(" + expr(Op) + "), ";
  return "(" + Effects + (BO->getOpcode() == BO_EQ ? "0" : "1") + ")";
}

std::string FunctionEmitter::conditionalValue(const ConditionalOperator *CO) {
  // Nested conditionals are lvalues in C++ when their operands are; read,
  // they select values, not addresses, which may be in other address
  // spaces (a private temporary's and a view's element). Found by
  // tools/randamp (seed 1094).
  return "(" + expr(CO->getCond()) + " ? " + valueOf(CO->getTrueExpr()) + " : " +
         valueOf(CO->getFalseExpr()) + ")";
}

std::string FunctionEmitter::conditionalObject(const ConditionalOperator *CO) {
  // OpenCL 1.2 has no generic address space: `(c ? tile_static_int :
  // private_int) += 3` has no pointer to select. Its reads never get here
  // (conditionalValue).
  AddrSpace True = spaceOf(CO->getTrueExpr()), False = spaceOf(CO->getFalseExpr());
  if (True != False) {
    report(CG.getDiags(), CO->getQuestionLoc(), Diag::err_amp_conditional_spaces)
        << static_cast<unsigned>(True) << static_cast<unsigned>(False)
        << CO->getTrueExpr()->getSourceRange() << CO->getFalseExpr()->getSourceRange();
    return "0";
  }
  return "(*(" + expr(CO->getCond()) + " ? " + addressOf(CO->getTrueExpr()) + " : " +
         addressOf(CO->getFalseExpr()) + "))";
}

std::string FunctionEmitter::valueOf(const Expr *E) {
  // Through the qualification conversions that make both operands one
  // type (`c ? constInt : (c2 ? a : b)`).
  const Expr *Inner = E->IgnoreParens();
  while (const auto *ICE = dyn_cast<ImplicitCastExpr>(Inner)) {
    if (ICE->getCastKind() != CK_NoOp)
      break;
    Inner = ICE->getSubExpr()->IgnoreParens();
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(Inner); CO && CO->isGLValue())
    return conditionalValue(CO);
  return expr(E);
}

std::string FunctionEmitter::addressOf(const Expr *E) {
  const Expr *Inner = E->IgnoreParens();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Inner)) {
    auto It = Vars.find(DRE->getDecl());
    if (It != Vars.end() && It->second.IsRef)
      return It->second.Name;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(Inner))
    if (UO->getOpcode() == UO_Deref)
      return expr(UO->getSubExpr());
  if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(Inner)) {
    // A scalar value bound to a reference the callee takes by address
    // (`P(T1 &&, T2 &&)` called with `P(3, 4)`): C has no address of a
    // value, but a compound literal is an object of the enclosing block,
    // as long-lived as C++'s temporary.
    const Expr *Value = MTE->getSubExpr();
    if (Value->isPRValue() && Value->getType()->isArithmeticType())
      return "&(__private " +
             CG.lowerType(Value->getType().getUnqualifiedType(), Value->getBeginLoc()) + "){" +
             expr(Value) + "}";
    // A pointer value bound to `T *&&` (a function's returned pointer): the
    // same, a private object holding a pointer into the value's space.
    if (Value->isPRValue() && Value->getType()->isPointerType())
      return "&(" +
             CG.pointerTo(Value->getType()->getPointeeType(), pointeeSpaceOf(Value),
                          Value->getBeginLoc(), AddrSpace::Private, viewSpaceOf(Value)) +
             "__private){" + expr(Value) + "}";
    return addressOf(Value);
  }
  // C's comma is no lvalue: `&(a, b)` is `(a, &b)`.
  if (const auto *BO = dyn_cast<BinaryOperator>(Inner); BO && BO->getOpcode() == BO_Comma)
    return "(" + expr(BO->getLHS()) + ", " + addressOf(BO->getRHS()) + ")";
  // The object of a property access (PropertyLowering.cpp).
  if (const auto *OVE = dyn_cast<OpaqueValueExpr>(Inner))
    if (OVE->getSourceExpr())
      return addressOf(OVE->getSourceExpr());
  if (const auto *FE = dyn_cast<FullExpr>(Inner)) {
    if (const auto *EWC = dyn_cast<ExprWithCleanups>(FE)) {
      std::string WithDtors = fullExprAddress(EWC);
      if (!WithDtors.empty())
        return WithDtors;
    }
    return addressOf(FE->getSubExpr());
  }
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(Inner))
    if (ICE->getCastKind() == CK_NoOp)
      return addressOf(ICE->getSubExpr());
  if (const auto *CE = dyn_cast<CallExpr>(Inner)) {
    // A call returning a reference already yields its address.
    Lowered L = call(CE);
    if (L.IsAddress)
      return L.Text;
    // A reference into a temporary object, which the clone for temporaries
    // returns as a value (`c ? av.extent[0] : x` as an lvalue): C has no
    // address of it, but a compound literal can hold it as long as the
    // temporary lives. Found by tools/randamp (seed 1094).
    if (CE->isGLValue() && CE->getType()->isArithmeticType())
      return "&(__private " +
             CG.lowerType(CE->getType().getUnqualifiedType(), CE->getBeginLoc()) + "){" +
             L.Text + "}";
    return "&(" + L.Text + ")";
  }
  // `&s[n]` of a tile_static array of n elements is the valid pointer one
  // past its end (a loop's `p != &s[n]`): robust access keeps it.
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(Inner); ASE && CG.robustAccess()) {
    std::string Robust = robustSubscript(ASE, /*AddressOnly=*/true);
    if (!Robust.empty())
      return "&(" + Robust + ")";
  }
  return "&(" + expr(Inner) + ")";
}

} // namespace ampcc
