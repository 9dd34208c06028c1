//===- VisualCppExceptionRepairs.cpp - std::exception("message") ---------===//
//
// Microsoft's std::exception has a constructor taking a message;
// libstdc++'s has none. With the Visual C++ machine's headers
// (-fms-headers) the code that uses it gets ::ampcc_ms::exception
// (ampcc/ms_prelude.h) instead.
//
//===----------------------------------------------------------------------===//
#include "ampcc/Frontend/VisualCppRepairs.h"
#include "RepairSites.h"

#include "ampcc/Support/Diagnostics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace ampcc {

namespace {

bool isStdException(QualType T) {
  const CXXRecordDecl *RD = T.isNull() ? nullptr : T->getAsCXXRecordDecl();
  return RD && RD->getName() == "exception" && RD->isInStdNamespace() &&
         RD->getDeclContext()->isStdNamespace();
}

/// The length of `std::exception`, `::std::exception` or `exception` (with
/// any blanks around the `::`) at \p At, or 0.
unsigned exceptionNameLength(llvm::StringRef At) {
  llvm::StringRef S = At;
  if (S.starts_with("::"))
    S = S.drop_front(2).ltrim();
  if (S.starts_with("std")) {
    llvm::StringRef T = S.drop_front(3).ltrim();
    if (T.starts_with("::"))
      S = T.drop_front(2).ltrim();
  }
  if (!S.starts_with("exception"))
    return 0;
  S = S.drop_front(strlen("exception"));
  if (!S.empty() && isAsciiIdentifierContinue(S.front()))
    return 0;
  return unsigned(At.size() - S.size());
}

} // namespace

/// Microsoft's std::exception has a constructor taking a message;
/// libstdc++'s has none. A functional cast (`throw std::exception("bad")`)
/// or a mem-initializer naming std::exception gets ::ampcc_ms::exception
/// (ampcc/ms_prelude.h), a std::exception whose what() is the message; so
/// does a variable's type, and the base of a class whose constructor passes
/// a message (at the end of the translation unit, with the AST).
VisualCppRepairs::Verdict VisualCppRepairs::recordExceptionMessage(const Diagnostic &Info,
                                                                   bool Cast) {
  unsigned TypeArg = Cast ? 2 : 0; // "... cast from %1 to %2"
  if (Info.getNumArgs() <= TypeArg ||
      Info.getArgKind(TypeArg) != DiagnosticsEngine::ak_qualtype ||
      !isStdException(QualType::getFromOpaquePtr(
          reinterpret_cast<void *>(Info.getRawArg(TypeArg)))))
    return Verdict::NotRepaired;
  const SourceManager &SM = Info.getSourceManager();
  SourceLocation Loc = Info.getLocation();
  bool Invalid = false;
  const char *At = SM.getCharacterData(Loc, &Invalid);
  if (Invalid)
    return Verdict::NotRepaired;
  llvm::StringRef Rest(At, SM.getBufferData(SM.getFileID(Loc)).end() - At);
  if (unsigned Length = exceptionNameLength(Rest)) {
    // A functional cast, or a mem-initializer (the class's base changes
    // too).
    addEdit(SM, Loc, Length, "::ampcc_ms::exception");
    if (!Cast)
      ExceptionBaseInits.push_back(Loc);
    ExceptionWarnings.push_back(Loc);
    return Verdict::Silent;
  }
  if (Cast)
    return Verdict::NotRepaired;
  // `std::exception e("message");`: the diagnostic names the variable.
  ExceptionVariables.push_back(Loc);
  return Verdict::Silent;
}

void VisualCppRepairs::finishExceptionMessages(ASTContext &Ctx,
                                               const RepairSites &Sites) {
  if (ExceptionVariables.empty() && ExceptionBaseInits.empty() &&
      ExceptionWarnings.empty())
    return;
  DiagnosticsEngine &Diags = Ctx.getDiagnostics();
  const SourceManager &SM = Ctx.getSourceManager();
  for (SourceLocation L : ExceptionVariables)
    for (const VarDecl *V : Sites.Vars) {
      if (V->getLocation() != L || !isStdException(V->getType()))
        continue;
      if (replaceType(SM, typeText(V->getTypeSourceInfo(), SM, Ctx.getLangOpts()),
                      "::ampcc_ms::exception")) {
        ExceptionWarnings.push_back(L);
        break;
      }
    }
  for (SourceLocation L : ExceptionWarnings)
    if (Warned.insert(L.getRawEncoding()).second)
      report(Diags, L, Diag::warn_vc_exception_message) << 0;
  // The class whose constructor's mem-initializer was rewritten: its
  // std::exception base becomes ::ampcc_ms::exception.
  llvm::DenseSet<const CXXRecordDecl *> Done;
  for (SourceLocation L : ExceptionBaseInits)
    for (const CXXConstructorDecl *C : Sites.Ctors) {
      if (!contains(SM, C->getSourceRange(), L))
        continue;
      const CXXRecordDecl *RD = C->getParent();
      if (!Done.insert(RD).second)
        continue;
      for (const CXXBaseSpecifier &B : RD->bases()) {
        CharSourceRange Spelled = typeText(B.getTypeSourceInfo(), SM, Ctx.getLangOpts());
        if (!isStdException(B.getType()) ||
            !replaceType(SM, Spelled, "::ampcc_ms::exception"))
          continue;
        if (Warned.insert(Spelled.getBegin().getRawEncoding()).second)
          report(Diags, Spelled.getBegin(), Diag::warn_vc_exception_message) << 1;
      }
    }
  ExceptionVariables.clear();
  ExceptionBaseInits.clear();
  ExceptionWarnings.clear();
}

} // namespace ampcc
