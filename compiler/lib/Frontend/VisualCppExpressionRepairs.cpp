//===- VisualCppExpressionRepairs.cpp - expressions Visual C++ accepts --===//
//
// Expressions that Visual C++ 2012/2013 compile and Clang rejects in C++11
// and later (a pointer compared with 0, a stream compared with a bool), or
// on a 64-bit target (std::max of an unsigned and a size_t), or where its
// built-in operator candidates differ from C++'s (an operand whose class
// converts to int and, through a template, to any type), each repaired in
// the text where it is written (the device pass parses again, the host pass
// compiles the same text) and reported as a warning.
//
//===----------------------------------------------------------------------===//
#include "ampcc/Frontend/VisualCppRepairs.h"
#include "RepairSites.h"

#include "ampcc/Support/Diagnostics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace ampcc {

/// `p <= 0` for a pointer p: C++03 let 0 be a null pointer constant there,
/// and Visual C++ still does (ampcblas's `if (x <= 0)`); C++11 forbids an
/// ordered comparison with a null pointer constant. The zero becomes a
/// null pointer of the pointer's own type, `(true ? nullptr : (p))`, which
/// keeps the comparison's meaning and names no type, so every instantiation
/// of a template gets its own.
bool VisualCppRepairs::compareZeroAsNullPointer(const Diagnostic &Info,
                                                const LangOptions &LO) {
  if (Info.getNumRanges() < 2 || Info.getNumArgs() < 2 ||
      Info.getArgKind(0) != DiagnosticsEngine::ak_qualtype ||
      Info.getArgKind(1) != DiagnosticsEngine::ak_qualtype)
    return false;
  const SourceManager &SM = Info.getSourceManager();
  QualType LHS = QualType::getFromOpaquePtr(reinterpret_cast<void *>(Info.getRawArg(0)));
  bool ZeroOnLeft = !LHS->isPointerType();
  CharSourceRange Zero = Info.getRange(ZeroOnLeft ? 0 : 1);
  CharSourceRange Pointer = Info.getRange(ZeroOnLeft ? 1 : 0);
  if (Zero.getBegin().isMacroID() || Pointer.getBegin().isMacroID() ||
      !editable(SM, Zero.getBegin()))
    return false;
  Zero = Lexer::makeFileCharRange(Zero, SM, LO);
  Pointer = Lexer::makeFileCharRange(Pointer, SM, LO);
  if (Zero.isInvalid() || Pointer.isInvalid())
    return false;
  llvm::StringRef PointerText = Lexer::getSourceText(Pointer, SM, LO);
  unsigned Length = SM.getFileOffset(Zero.getEnd()) - SM.getFileOffset(Zero.getBegin());
  if (PointerText.empty() || Length == 0)
    return false;
  // Templates report it once per instantiation: one edit.
  if (Warned.insert(Zero.getBegin().getRawEncoding()).second)
    addEdit(SM, Zero.getBegin(), Length, "(true ? nullptr : (" + PointerText.str() + "))");
  return true;
}

namespace {
/// Is \p T std::basic_ios or a class derived from it (a stream)?
bool isStream(QualType T) {
  const CXXRecordDecl *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !(RD = RD->getDefinition()))
    return false;
  auto IsBasicIos = [](const CXXRecordDecl *Base) {
    return Base->getName() == "basic_ios" && Base->isInStdNamespace();
  };
  if (IsBasicIos(RD))
    return true;
  return !RD->forallBases([&](const CXXRecordDecl *Base) { return !IsBasicIos(Base); });
}
} // namespace

/// `cin == false`, `stream != 0`: Visual C++ 2012's streams converted to
/// `void *` (C++03's safe-bool), which compares with a null pointer constant;
/// C++11's `explicit operator bool` does not convert there. The stream
/// becomes `static_cast<bool>(stream)`, which has the meaning the pointer
/// comparison had.
bool VisualCppRepairs::compareStreamAsBool(const Diagnostic &Info, const LangOptions &LO) {
  if (Info.getNumRanges() < 2 || Info.getNumArgs() < 2 ||
      Info.getArgKind(0) != DiagnosticsEngine::ak_qualtype ||
      Info.getArgKind(1) != DiagnosticsEngine::ak_qualtype)
    return false;
  QualType LHS = QualType::getFromOpaquePtr(reinterpret_cast<void *>(Info.getRawArg(0)));
  QualType RHS = QualType::getFromOpaquePtr(reinterpret_cast<void *>(Info.getRawArg(1)));
  bool StreamOnLeft = isStream(LHS);
  QualType Other = StreamOnLeft ? RHS : LHS;
  if (StreamOnLeft == isStream(RHS) || !Other->isBooleanType() && !Other->isIntegerType())
    return false;
  const SourceManager &SM = Info.getSourceManager();
  // Only `==` and `!=`: the operator stands between the operands.
  CharSourceRange Stream =
      Lexer::makeFileCharRange(Info.getRange(StreamOnLeft ? 0 : 1), SM, LO);
  if (Stream.isInvalid() || !editable(SM, Stream.getBegin()))
    return false;
  SourceLocation Op = SM.getExpansionLoc(Info.getLocation());
  llvm::StringRef OpText(SM.getCharacterData(Op), 2);
  if (OpText != "==" && OpText != "!=")
    return false;
  if (Warned.insert(Stream.getBegin().getRawEncoding()).second) {
    addEdit(SM, Stream.getBegin(), 0, "static_cast<bool>(");
    addEdit(SM, Stream.getEnd(), 0, ")");
    StreamComparisons.push_back({Op, Other->isBooleanType()});
  }
  return true;
}

/// `settings == ProcessingUnitSettings::Invalid()` where the class's
/// `bool operator==(ProcessingUnitSettings &)` takes a non-const reference:
/// Visual C++ binds the temporary (its C4239 extension), as it does for a
/// function's argument (VisualCppRepairs.cpp). Clang reports the operator
/// as invalid, then each candidate with the operand it could not bind; the
/// operands are kept here for those notes.
void VisualCppRepairs::recordOperands(const Diagnostic &Info, const LangOptions &LO) {
  LastOperands[0] = LastOperands[1] = CharSourceRange();
  if (Info.getNumRanges() < 2)
    return;
  const SourceManager &SM = Info.getSourceManager();
  for (unsigned I = 0; I < 2; ++I) {
    CharSourceRange R = Lexer::makeFileCharRange(Info.getRange(I), SM, LO);
    if (R.isValid() && editable(SM, R.getBegin()))
      LastOperands[I] = R;
  }
}

/// "candidate function not viable: expects an lvalue for 1st argument"
/// (arguments 3, 4 and 5: an argument, its ordinal, an lvalue): which
/// operand that is depends on whether the candidate is a member, which the
/// AST tells at the end.
void VisualCppRepairs::recordTemporaryOperand(const Diagnostic &Info) {
  // (A bool argument is an ak_sint, an unsigned one an ak_uint.)
  auto Integer = [&](unsigned I) {
    return Info.getArgKind(I) == DiagnosticsEngine::ak_uint ||
           Info.getArgKind(I) == DiagnosticsEngine::ak_sint;
  };
  if (Info.getNumArgs() < 6 || !Integer(3) || !Integer(4) || !Integer(5) ||
      Info.getRawArg(3) != 0 || Info.getRawArg(5) != 0 || LastOperands[0].isInvalid() ||
      LastOperands[1].isInvalid())
    return;
  OperandRequests.push_back({{LastOperands[0], LastOperands[1]},
                             Info.getLocation(),
                             unsigned(Info.getRawArg(4))});
}

void VisualCppRepairs::finishTemporaryOperands(ASTContext &Ctx, const RepairSites &Sites) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const OperandRequest &R : OperandRequests) {
    // A member operator's first argument is its right operand (the left
    // is the object); a non-member's are the operands in order.
    bool Member = llvm::any_of(Sites.Records, [&](const CXXRecordDecl *RD) {
      return llvm::any_of(RD->methods(), [&](const CXXMethodDecl *MD) {
        return MD->isInstance() && MD->getLocation() == R.Candidate;
      });
    });
    unsigned Operand = Member ? R.Ordinal : R.Ordinal - 1;
    if (Operand > 1)
      continue;
    CharSourceRange Range = R.Operands[Operand];
    if (!Warned.insert(Range.getBegin().getRawEncoding()).second)
      continue;
    wrapTemporaryText(SM, Range);
    report(Ctx.getDiagnostics(), Range.getBegin(), Diag::warn_vc_temporary_operand);
  }
  OperandRequests.clear();
}

/// `std::max(0U, 55 - name.length())`: on 32-bit Windows, the target of
/// Visual C++ 2012's projects unless one is added, size_t is `unsigned
/// int`, so both arguments have one type; on a 64-bit target std::max
/// cannot deduce one. Recorded from the candidate's note when std::max or
/// std::min deduced two integer types of one signedness, 32 and 64 bits
/// wide; the call names the wider type (`std::max<unsigned long>(...)`),
/// which holds both values.
void VisualCppRepairs::recordMixedWidthMinMax(const Diagnostic &Info) {
  // Its first argument selects "conflicting types" (0).
  bool Types = (Info.getArgKind(0) == DiagnosticsEngine::ak_uint && Info.getArgUInt(0) == 0) ||
               (Info.getArgKind(0) == DiagnosticsEngine::ak_sint && Info.getArgSInt(0) == 0);
  if (!MsHeaders || Info.getNumArgs() < 4 || !Types ||
      Info.getArgKind(2) != DiagnosticsEngine::ak_qualtype ||
      Info.getArgKind(3) != DiagnosticsEngine::ak_qualtype)
    return;
  MinMaxRequest R{LastErrorLoc, Info.getLocation(), {}};
  for (unsigned I = 0; I < 2; ++I)
    R.Types[I] = QualType::getFromOpaquePtr(reinterpret_cast<void *>(Info.getRawArg(2 + I)));
  MinMaxRequests.push_back(R);
}

void VisualCppRepairs::finishMixedWidthMinMax(ASTContext &Ctx, const RepairSites &Sites) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const MinMaxRequest &R : MinMaxRequests) {
    QualType A = R.Types[0].getCanonicalType().getUnqualifiedType();
    QualType B = R.Types[1].getCanonicalType().getUnqualifiedType();
    if (!A->isIntegerType() || !B->isIntegerType() || A->isEnumeralType() ||
        B->isEnumeralType() || A->isSignedIntegerType() != B->isSignedIntegerType())
      continue;
    uint64_t WA = Ctx.getTypeSize(A), WB = Ctx.getTypeSize(B);
    if (std::min(WA, WB) != 32 || std::max(WA, WB) != 64)
      continue;
    QualType Wide = WA > WB ? A : B;
    for (auto [Callee, Call] : Sites.Calls) {
      const FunctionDecl *FD = Callee->getExprLoc() == R.Callee
                                   ? candidateAt(Callee, R.Candidate)
                                   : nullptr;
      if (!FD || !FD->isInStdNamespace() || !FD->getDeclName().isIdentifier() ||
          (FD->getName() != "max" && FD->getName() != "min") ||
          Callee->hasExplicitTemplateArgs() || !editable(SM, Callee->getNameLoc()))
        continue;
      SourceLocation AfterName =
          Lexer::getLocForEndOfToken(Callee->getNameLoc(), 0, SM, Ctx.getLangOpts());
      if (AfterName.isInvalid() || !Warned.insert(Callee->getNameLoc().getRawEncoding()).second)
        continue;
      std::string Type = Wide.getAsString(Ctx.getPrintingPolicy());
      addEdit(SM, AfterName, 0, "<" + Type + ">");
      report(Ctx.getDiagnostics(), Callee->getNameLoc(), Diag::warn_vc_win32_min_max)
          << FD->getName() << R.Types[0] << R.Types[1] << Type;
    }
  }
  MinMaxRequests.clear();
}

/// `obj + 1` where obj's class has `operator int()` and a conversion
/// function template (`template <class U> operator U()`), or `operator
/// char()` beside `operator int()`: C++ forms a built-in candidate for
/// every pair of promoted arithmetic types, obj converts to each of them
/// through a different conversion function, and so no candidate is better
/// than another (CWG 507). Visual C++, as GCC, forms the candidates from
/// the types the operands' conversion functions name, and picks
/// `operator+(int, int)`. The operator and its operands are kept here until
/// the notes show that only built-in candidates were ambiguous.
void VisualCppRepairs::recordBuiltinOperands(const Diagnostic &Info, const LangOptions &LO) {
  bool Binary = Info.getID() == diag::err_ovl_ambiguous_oper_binary;
  unsigned Count = Binary ? 2 : 1;
  if (Info.getNumArgs() < 1 + Count || Info.getNumRanges() < Count)
    return;
  std::string Op;
  if (Info.getArgKind(0) == DiagnosticsEngine::ak_std_string)
    Op = Info.getArgStdStr(0);
  else if (Info.getArgKind(0) == DiagnosticsEngine::ak_c_string)
    Op = Info.getArgCStr(0);
  // The operators whose built-in candidates take promoted arithmetic
  // types (a compound assignment's left operand is a reference; `!`, `&&`
  // and `||` take bool).
  static const llvm::StringRef Arithmetic[] = {"+",  "-",  "*",  "/",  "%",  "<",
                                               ">",  "<=", ">=", "==", "!=", "&",
                                               "|",  "^",  "<<", ">>", "~"};
  if (!llvm::is_contained(Arithmetic, Op) || (!Binary && Op != "+" && Op != "-" && Op != "~"))
    return;
  const SourceManager &SM = Info.getSourceManager();
  BuiltinOperandRequest R;
  R.Operator = Info.getLocation();
  for (unsigned I = 0; I < Count; ++I) {
    if (Info.getArgKind(1 + I) != DiagnosticsEngine::ak_qualtype)
      return;
    R.Types[I] = QualType::getFromOpaquePtr(reinterpret_cast<void *>(Info.getRawArg(1 + I)));
    R.Operands[I] = Lexer::makeFileCharRange(Info.getRange(I), SM, LO);
    if (R.Operands[I].isInvalid() || !editable(SM, R.Operands[I].getBegin()))
      return;
  }
  BuiltinOperandRequests.push_back(R);
}

/// The ambiguous candidates' notes: built-in candidates, and the
/// conversion functions behind an ambiguous conversion, keep the request;
/// an operator function among them, or an instantiation of a template
/// (whose operands may have other types in other instantiations), drops it.
void VisualCppRepairs::noteBuiltinOperands(const Diagnostic &Info) {
  if (BuiltinOperandRequests.empty() || BuiltinOperandRequests.back().Operator != LastErrorLoc)
    return;
  BuiltinOperandRequest &R = BuiltinOperandRequests.back();
  unsigned ID = Info.getID();
  if (ID == diag::note_ambiguous_type_conversion)
    R.InConversion = true;
  else if (ID == diag::note_ovl_builtin_candidate)
    R.InConversion = false;
  else if (!(ID == diag::note_ovl_candidate && R.InConversion))
    R.Kept = false;
}

namespace {
/// The one promoted arithmetic type that the non-template conversion
/// functions of \p T's class name, which Visual C++'s built-in candidates
/// take for an operand of type \p T; null where there are several or a
/// pointer among them, or where no conversion function names it exactly
/// (`operator E()` of an enumeration beside `operator bool()`: converting
/// to int is as ambiguous as before). Restrictions do not matter: the
/// conversion itself is resolved again, in the context of the expression.
QualType builtinOperandType(ASTContext &Ctx, QualType T) {
  const CXXRecordDecl *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !(RD = RD->getDefinition()))
    return {};
  QualType Found;
  bool Exact = false;
  for (const NamedDecl *D : RD->getVisibleConversionFunctions()) {
    // A conversion function template names no type.
    const auto *Conv = dyn_cast<CXXConversionDecl>(D->getUnderlyingDecl());
    if (!Conv || Conv->isExplicit())
      continue;
    QualType C = Conv->getConversionType().getNonReferenceType().getCanonicalType();
    C = C.getUnqualifiedType();
    if (C->isRecordType())
      continue;
    if (!C->isArithmeticType())
      return {};
    QualType Named = C;
    if (const auto *ET = C->getAs<EnumType>())
      C = ET->getDecl()->getPromotionType();
    else if (Ctx.isPromotableIntegerType(C))
      C = Ctx.getPromotedIntegerType(C);
    C = C.getCanonicalType();
    if (!Found.isNull() && Found != C)
      return {};
    Found = C;
    Exact |= Named == C;
  }
  return Exact ? Found : QualType();
}
} // namespace

void VisualCppRepairs::finishBuiltinOperands(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  PrintingPolicy Policy(Ctx.getLangOpts());
  for (const BuiltinOperandRequest &R : BuiltinOperandRequests) {
    if (!R.Kept)
      continue;
    QualType To[2];
    bool Repairable = true;
    for (unsigned I = 0; I < 2 && !R.Types[I].isNull(); ++I)
      if (R.Types[I]->getAsCXXRecordDecl() &&
          (To[I] = builtinOperandType(Ctx, R.Types[I])).isNull())
        Repairable = false;
    // Templates report once per instantiation: one edit.
    if (!Repairable || (To[0].isNull() && To[1].isNull()) ||
        !Warned.insert(R.Operator.getRawEncoding()).second)
      continue;
    for (unsigned I = 0; I < 2; ++I) {
      if (To[I].isNull())
        continue;
      addEdit(SM, R.Operands[I].getBegin(), 0,
              "static_cast<" + To[I].getAsString(Policy) + ">(");
      addEdit(SM, R.Operands[I].getEnd(), 0, ")");
      report(Ctx.getDiagnostics(), R.Operands[I].getBegin(),
             Diag::warn_vc_builtin_operator_operand)
          << R.Types[I].getUnqualifiedType() << To[I];
    }
  }
  BuiltinOperandRequests.clear();
}

} // namespace ampcc
