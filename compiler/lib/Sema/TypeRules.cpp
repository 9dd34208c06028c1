//===- TypeRules.cpp - only amp-compatible types in amp code ------------===//
//
// C++ AMP allows bool, int, unsigned int, long, unsigned long, float, double,
// void and nullptr_t, enumerations over int/unsigned/long/unsigned long,
// arrays, pointers and references to those (no pointers to pointers, no
// function pointers or pointers to members), and classes that follow the
// class rules. 'volatile' is not allowed at any level, nor pointers to
// concurrency::array, or arrays of bool, of pointers,
// of empty classes or of classes holding a bool (their layout on the
// accelerator differs: spec §2.4.1). Arithmetic on pointers to bool is
// rejected, and so are floating-point literals beyond their type's range.
//
// Checked where a type is written or deduced in amp code: parameters and
// return types, local variables, explicit casts and functional casts,
// temporaries, literals ('a', "text", 1LL, 1.0L) and lambda captures. Types in
// unevaluated operands (sizeof, alignof, decltype) are allowed: no value of
// such a type exists on the accelerator. Element types of array_view<T,N> are
// checked where a view is used.
//
//===----------------------------------------------------------------------===//
#include "Rule.h"

#include "clang/AST/ASTLambda.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Error.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace ampcc {

namespace {

enum Hint { HintNarrow = 0, HintLongLong, HintLongDouble, HintWide, HintGeneric };

bool isAllowedScalar(BuiltinType::Kind K) {
  switch (K) {
  case BuiltinType::Void:
  case BuiltinType::Bool:
  case BuiltinType::Int:
  case BuiltinType::UInt:
  case BuiltinType::Long:
  case BuiltinType::ULong:
  case BuiltinType::Float:
  case BuiltinType::Double:
  case BuiltinType::NullPtr:
    return true;
  default:
    return false;
  }
}

Hint hintFor(BuiltinType::Kind K) {
  switch (K) {
  case BuiltinType::Char_S:
  case BuiltinType::Char_U:
  case BuiltinType::SChar:
  case BuiltinType::UChar:
  case BuiltinType::Char8:
  case BuiltinType::Short:
  case BuiltinType::UShort:
    return HintNarrow;
  case BuiltinType::LongLong:
  case BuiltinType::ULongLong:
    return HintLongLong;
  case BuiltinType::LongDouble:
    return HintLongDouble;
  case BuiltinType::WChar_S:
  case BuiltinType::WChar_U:
  case BuiltinType::Char16:
  case BuiltinType::Char32:
    return HintWide;
  default:
    return HintGeneric;
  }
}

/// A fix-it for a 64-bit or long double type spelled out in \p R.
std::optional<FixItHint> typeFixIt(CheckContext &C, SourceRange R) {
  if (R.isInvalid() || R.getBegin().isMacroID() || R.getEnd().isMacroID())
    return std::nullopt;
  CharSourceRange CR = CharSourceRange::getTokenRange(R);
  StringRef Text = Lexer::getSourceText(CR, C.sm(), C.langOpts());
  llvm::SmallVector<StringRef, 4> Words;
  Text.split(Words, ' ', -1, /*KeepEmpty=*/false);
  std::string Norm = llvm::join(Words, " ");
  const char *Repl = llvm::StringSwitch<const char *>(Norm)
                         .Cases("long long", "long long int", "signed long long", "long")
                         .Cases("unsigned long long", "unsigned long long int",
                                "unsigned long")
                         .Case("long double", "double")
                         .Default(nullptr);
  if (!Repl)
    return std::nullopt;
  return FixItHint::CreateReplacement(CR, Repl);
}

/// Reports the first reason why \p T is not amp-compatible.
class TypeChecker {
public:
  TypeChecker(CheckContext &C, QualType Top, SourceLocation Loc, SourceRange Range,
              bool IsMember)
      : C(C), Top(Top), Loc(Loc), Range(Range), IsMember(IsMember) {}

  void check(QualType T, unsigned Depth = 0) {
    if (T.isNull() || T->isDependentType() || Depth > 16)
      return;
    QualType Can = T.getCanonicalType();
    if (Can.isVolatileQualified()) {
      C.error(Loc, Diag::err_restrict_volatile, Range) << Top;
      return;
    }
    if (const auto *BT = dyn_cast<BuiltinType>(Can)) {
      if (isAllowedScalar(BT->getKind()))
        return;
      Hint H = hintFor(BT->getKind());
      if (C.error(Loc, Diag::err_restrict_disallowed_type, Range) << T) {
        context(T);
        DiagRef N = C.note(Loc, Diag::note_restrict_type_hint);
        N << static_cast<int>(H);
        if (Depth == 0 && (H == HintLongLong || H == HintLongDouble))
          if (auto Fix = typeFixIt(C, Range))
            N << *Fix;
      }
      return;
    }
    if (const auto *ET = dyn_cast<EnumType>(Can)) {
      const EnumDecl *ED = ET->getDecl();
      QualType U = ED->getIntegerType();
      if (U.isNull())
        return;
      const auto *UB = U->getAs<BuiltinType>();
      BuiltinType::Kind K = UB ? UB->getKind() : BuiltinType::Void;
      if (K == BuiltinType::Int || K == BuiltinType::UInt || K == BuiltinType::Long ||
          K == BuiltinType::ULong)
        return;
      if (C.error(Loc, Diag::err_restrict_enum_type, Range) << T << U) {
        context(T);
        C.note(ED->getLocation(), Diag::note_restrict_enum_declared) << ED;
      }
      return;
    }
    if (const auto *PT = Can->getAs<PointerType>()) {
      QualType P = PT->getPointeeType();
      if (P.getCanonicalType()->isPointerType()) {
        if (C.error(Loc, Diag::err_restrict_pointer_to_pointer, Range) << T)
          context(T);
        return;
      }
      if (P->isFunctionType()) {
        if (C.error(Loc, Diag::err_restrict_function_pointer_type, Range) << 0 << T)
          context(T);
        return;
      }
      // A class member pointing to an array (a local pointer to a captured
      // array is fine, as in Visual C++).
      if (const auto *PRD = P->getAsCXXRecordDecl();
          IsMember && isAmpClass(PRD, "array")) {
        if (C.error(Loc, Diag::err_restrict_pointer_to_array, Range) << P.getUnqualifiedType())
          context(T);
        return;
      }
      check(T->getPointeeType(), Depth + 1);
      return;
    }
    if (const auto *RT = Can->getAs<ReferenceType>()) {
      if (RT->getPointeeType()->isFunctionType()) {
        if (C.error(Loc, Diag::err_restrict_function_pointer_type, Range) << 1 << T)
          context(T);
        return;
      }
      check(T->getPointeeType(), Depth + 1);
      return;
    }
    // Pointers to data members are offsets, which Visual C++ accepts in amp
    // signatures; pointers to member functions are function pointers.
    if (Can->isMemberFunctionPointerType()) {
      if (C.error(Loc, Diag::err_restrict_function_pointer_type, Range) << 2 << T)
        context(T);
      return;
    }
    if (isa<VariableArrayType>(Can)) {
      C.error(Loc, Diag::err_restrict_vla, Range) << T;
      return;
    }
    if (isa<ArrayType>(Can)) {
      QualType Elem = C.ast().getBaseElementType(T);
      int Why = badArrayElement(C.ast(), Elem);
      if (Why >= 0) {
        if (C.error(Loc, Diag::err_restrict_array_element, Range) << Elem << Why)
          context(T);
        return;
      }
      check(C.ast().getAsArrayType(T)->getElementType(), Depth + 1);
      return;
    }
    if (const auto *RD = Can->getAsCXXRecordDecl()) {
      checkRecord(RD, Depth);
      return;
    }
    if (Can->isRecordType())
      return; // C structs: no CXXRecordDecl in C++ mode, cannot happen
    if (Can->isFunctionType())
      return; // the type of a function itself, e.g. in a call
    if (Can->isComplexType() || Can->isVectorType() || Can->isAtomicType() ||
        Can->isBitIntType() || Can->isBlockPointerType()) {
      if (C.error(Loc, Diag::err_restrict_other_type, Range) << T)
        context(T);
    }
  }

private:
  /// Why \p Elem cannot be an array element type (the %select of
  /// err_restrict_array_element), or -1.
  static int badArrayElement(const ASTContext &Ctx, QualType Elem) {
    Elem = Elem.getCanonicalType();
    if (Elem->isBooleanType())
      return 0;
    if (Elem->isPointerType())
      return 1;
    const auto *RD = Elem->getAsCXXRecordDecl();
    if (!RD || !RD->hasDefinition() || RD->isLambda() || isInAmpNamespace(RD))
      return -1;
    if (RD->isEmpty())
      return 2;
    // Direct3D stores a bool in 4 bytes: an array of a class holding one has
    // another stride there unless the class is padded to whole 4-byte words,
    // as `__declspec(align(4))` on it does (Visual C++ accepts that array;
    // Microsoft's "AMP introduction and best practices" sample shows it).
    if (!holdsBool(RD, 0) || Ctx.getTypeSizeInChars(Elem).getQuantity() % 4 == 0)
      return -1;
    return 3;
  }
  static bool holdsBool(const CXXRecordDecl *RD, unsigned Depth) {
    if (Depth > 8 || !RD->hasDefinition())
      return false;
    for (const FieldDecl *F : RD->fields()) {
      QualType FT = F->getType().getCanonicalType();
      while (const auto *AT = dyn_cast<ArrayType>(FT))
        FT = AT->getElementType().getCanonicalType();
      if (FT->isBooleanType())
        return true;
      if (const auto *FR = FT->getAsCXXRecordDecl(); FR && !isInAmpNamespace(FR) &&
                                                      holdsBool(FR, Depth + 1))
        return true;
    }
    for (const CXXBaseSpecifier &B : RD->bases())
      if (const auto *BR = B.getType()->getAsCXXRecordDecl(); BR && holdsBool(BR, Depth + 1))
        return true;
    return false;
  }

  void checkRecord(const CXXRecordDecl *RD, unsigned Depth) {
    if (RD->isLambda())
      return; // captures are checked with the lambda (CaptureRules.cpp)
    if (isInAmpNamespace(RD)) {
      // The library's own classes are amp-compatible; their type arguments
      // (array_view<char,1>) must be too.
      if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
        for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
          if (A.getKind() == TemplateArgument::Type)
            check(A.getAsType(), Depth + 1);
      return;
    }
    if (C.OnClassUse)
      C.OnClassUse(RD, Loc);
  }

  void context(QualType T) {
    if (!C.ast().hasSameType(T, Top))
      C.note(Loc, Diag::note_restrict_type_context) << Top;
  }

  CheckContext &C;
  QualType Top;
  SourceLocation Loc;
  SourceRange Range;
  bool IsMember;
};

SourceRange typeRange(const DeclaratorDecl *D) {
  if (const TypeSourceInfo *TSI = D->getTypeSourceInfo())
    return TSI->getTypeLoc().getSourceRange();
  return SourceRange();
}

const Expr *boolPointerArithmetic(const Expr *E);
void checkLiteralRange(const FloatingLiteral *FL, CheckContext &C);

class TypeRules : public Rule {
public:
  void checkFunction(const FunctionDecl *FD, CheckContext &C) override {
    for (const ParmVarDecl *P : FD->parameters())
      C.checkType(P->getType(), P->getLocation(), typeRange(P));
    if (isa<CXXConstructorDecl>(FD) || isa<CXXDestructorDecl>(FD))
      return;
    SourceRange RR = FD->getReturnTypeSourceRange();
    SourceLocation RL = RR.isValid() && !isLambdaCallOperator(FD) ? RR.getBegin()
                                                                  : FD->getLocation();
    C.checkType(FD->getReturnType(), RL, RR);
  }

  void checkDecl(const Decl *D, CheckContext &C) override {
    const auto *VD = dyn_cast<VarDecl>(D);
    if (!VD || isa<ParmVarDecl>(VD) || VD->isImplicit())
      return;
    unsigned Before = C.errorCount();
    C.checkType(VD->getType(), VD->getLocation(), typeRange(VD));
    if (C.errorCount() != Before && VD->getInit())
      C.Covered.insert(VD->getInit()->IgnoreImplicit());
  }

  void checkStmt(const Stmt *S, CheckContext &C) override {
    const auto *E = dyn_cast<Expr>(S);
    if (!E || C.Covered.count(E))
      return;
    if (const auto *CL = dyn_cast<CharacterLiteral>(E)) {
      if (C.error(CL->getLocation(), Diag::err_restrict_disallowed_type, CL->getSourceRange())
          << CL->getType()) {
        std::string Code = std::to_string(CL->getValue());
        DiagRef N = C.note(CL->getLocation(), Diag::note_restrict_char_literal_hint);
        N << Code;
        if (!CL->getLocation().isMacroID())
          N << FixItHint::CreateReplacement(CL->getSourceRange(), Code);
      }
      return;
    }
    // direct3d_printf and direct3d_errorf take literals: their format and
    // %s arguments go to OpenCL C's printf, which takes nothing else.
    if (const auto *CE = dyn_cast<CallExpr>(E))
      if (const FunctionDecl *FD = CE->getDirectCallee())
        if (isKernelDiagnostic(FD) && FD->isVariadic())
          for (const Expr *A : CE->arguments())
            if (isa<StringLiteral>(A->IgnoreParenImpCasts()))
              C.Covered.insert(A->IgnoreParenImpCasts());
    if (isa<StringLiteral>(E) || isa<PredefinedExpr>(E)) {
      C.error(E->getBeginLoc(), Diag::err_restrict_string_literal, E->getSourceRange());
      return;
    }
    if (const auto *FL = dyn_cast<FloatingLiteral>(E))
      checkLiteralRange(FL, C);
    if (isa<IntegerLiteral>(E) || isa<FloatingLiteral>(E)) {
      C.checkType(E->getType(), E->getBeginLoc(), E->getSourceRange());
      return;
    }
    if (const Expr *P = boolPointerArithmetic(E)) {
      C.error(E->getExprLoc(), Diag::err_restrict_bool_pointer_arith, E->getSourceRange())
          << P->getType();
      return;
    }
    if (const auto *CE = dyn_cast<ExplicitCastExpr>(E)) {
      SourceRange R;
      if (const TypeSourceInfo *TSI = CE->getTypeInfoAsWritten())
        R = TSI->getTypeLoc().getSourceRange();
      C.checkType(CE->getTypeAsWritten(), R.isValid() ? R.getBegin() : CE->getBeginLoc(), R);
      return;
    }
    if (const auto *SV = dyn_cast<CXXScalarValueInitExpr>(E)) {
      C.checkType(SV->getType(), SV->getBeginLoc(), SV->getSourceRange());
      return;
    }
    if (const auto *TO = dyn_cast<CXXTemporaryObjectExpr>(E)) {
      C.checkType(TO->getType(), TO->getBeginLoc(), TO->getSourceRange());
      return;
    }
  }
};

/// The bool pointer operand of pointer arithmetic in \p E, if any.
const Expr *boolPointerArithmetic(const Expr *E) {
  auto IsBoolPtr = [](const Expr *X) {
    QualType T = X->IgnoreParenImpCasts()->getType();
    return T->isPointerType() && T->getPointeeType()->isBooleanType();
  };
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    BinaryOperatorKind K = BO->getOpcode();
    if (K == BO_Add || K == BO_Sub || K == BO_AddAssign || K == BO_SubAssign) {
      if (IsBoolPtr(BO->getLHS()))
        return BO->getLHS();
      if (IsBoolPtr(BO->getRHS()))
        return BO->getRHS();
    }
  } else if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->isIncrementDecrementOp() && IsBoolPtr(UO->getSubExpr()))
      return UO->getSubExpr();
  } else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    if (IsBoolPtr(AS->getBase()) &&
        !isa<ArrayType>(AS->getBase()->IgnoreParenImpCasts()->getType().getCanonicalType()))
      return AS->getBase();
  }
  return nullptr;
}

/// A floating-point literal beyond its type's range: C++ rounds it to the
/// largest value or to infinity without a word, Visual C++ rejects it in amp
/// code (spec §2.4.3.1). As Visual C++ does, the decimal value is first
/// rounded to double: a double literal is out of range when that overflows
/// (1.7976931348623158e+308 rounds down to the largest double and is fine),
/// a float literal when the double is beyond the largest float.
void checkLiteralRange(const FloatingLiteral *FL, CheckContext &C) {
  SourceLocation L = C.sm().getSpellingLoc(FL->getLocation());
  llvm::SmallString<32> Buf;
  bool Invalid = false;
  StringRef Text = Lexer::getSpelling(L, Buf, C.sm(), C.langOpts(), &Invalid);
  if (Invalid)
    return;
  Text = Text.rtrim("fFlL");
  std::string Digits;
  for (char Ch : Text)
    if (Ch != '\'')
      Digits += Ch;
  llvm::APFloat V(llvm::APFloat::IEEEdouble());
  auto Status = V.convertFromString(Digits, llvm::APFloat::rmNearestTiesToEven);
  if (!Status) {
    llvm::consumeError(Status.takeError());
    return;
  }
  bool Out = *Status & llvm::APFloat::opOverflow;
  if (!Out && &FL->getSemantics() != &llvm::APFloat::IEEEdouble()) {
    llvm::APFloat Max = llvm::APFloat::getLargest(FL->getSemantics());
    bool LosesInfo = false;
    Max.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
                &LosesInfo);
    V.clearSign();
    Out = V.compare(Max) == llvm::APFloat::cmpGreaterThan;
  }
  if (Out)
    C.error(FL->getLocation(), Diag::err_restrict_literal_range, FL->getSourceRange())
        << FL->getType();
}

} // namespace

void CheckContext::checkType(QualType T, SourceLocation Loc, SourceRange Range,
                             bool IsMember) {
  TypeChecker(*this, T, Loc, Range, IsMember).check(T);
}

std::unique_ptr<Rule> createTypeRules() { return std::make_unique<TypeRules>(); }

} // namespace ampcc
