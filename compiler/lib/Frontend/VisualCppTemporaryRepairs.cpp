//===- VisualCppTemporaryRepairs.cpp - temporaries bound to T & ----------===//
//
// Visual C++'s C4239 extension binds a temporary of class type to a
// non-const reference. Programs rely on it for the handle classes
// (`accelerator_view &v = accelerator().default_view;`), for a view section
// passed to a `View &` parameter, and for a container's iterator passed as
// its `const_iterator &`. A variable's `&` is blanked; an argument is
// passed through Concurrency::details::bindTemporary (ampcc/restrict.h),
// which gives the function a reference to the temporary until the end of
// the full-expression, as Visual C++ does. Arguments of failed calls are
// found with the AST, from the candidates' notes.
//
//===----------------------------------------------------------------------===//
#include "ampcc/Frontend/VisualCppRepairs.h"
#include "RepairSites.h"

#include "ampcc/Analysis/AmpModel.h"
#include "ampcc/Support/Diagnostics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace ampcc {

namespace {

/// Visual C++'s C4239 extension binds a temporary of class type to a
/// non-const reference.
bool isClass(QualType T) { return !T.isNull() && T->getAsCXXRecordDecl(); }

/// The same, or, in a template's definition, a specialization of a class
/// template that depends on the template's parameters (`array_view<T>`).
bool isClassOrTemplateOfOne(QualType T) {
  return isClass(T) || (!T.isNull() && T->isDependentType() &&
                        (T->getAs<TemplateSpecializationType>() || T->getAs<InjectedClassNameType>()));
}

/// accelerator and accelerator_view are handles: copies share one device or
/// one queue, so a reference to a temporary behaves as a copy would.
bool isHandleClass(QualType T) {
  const CXXRecordDecl *RD = T.isNull() ? nullptr : T->getAsCXXRecordDecl();
  return RD && isInAmpNamespace(RD) &&
         (RD->getName() == "accelerator" || RD->getName() == "accelerator_view");
}

/// Is \p From a standard container's iterator and \p To its const_iterator?
/// Microsoft's STL derives each container's iterator from its
/// const_iterator, so Visual C++ binds a temporary iterator to a
/// `const_iterator &` parameter (C4239); libstdc++'s are separate classes
/// with a conversion.
bool constIteratorOf(QualType From, QualType To) {
  const auto *F = dyn_cast_or_null<ClassTemplateSpecializationDecl>(From->getAsCXXRecordDecl());
  const auto *T = dyn_cast_or_null<ClassTemplateSpecializationDecl>(To->getAsCXXRecordDecl());
  if (!F || !T)
    return false;
  auto InLibrary = [](const NamedDecl *D) {
    const auto *NS = dyn_cast<NamespaceDecl>(D->getDeclContext()->getEnclosingNamespaceContext());
    for (; NS; NS = dyn_cast<NamespaceDecl>(NS->getParent()))
      if (NS->getName() == "std" || NS->getName() == "__gnu_cxx")
        return true;
    return false;
  };
  if (!InLibrary(F) || !InLibrary(T))
    return false;
  llvm::StringRef FN = F->getName(), TN = T->getName();
  // vector, string, deque: one template, its pointer or reference arguments
  // const in the const_iterator (__normal_iterator<const T *, C>).
  if (FN == TN && (FN == "__normal_iterator" || FN == "_Deque_iterator")) {
    const TemplateArgumentList &FA = F->getTemplateArgs(), &TA = T->getTemplateArgs();
    if (FA.size() < 1 || FA.size() != TA.size() || FA[0].getKind() != TemplateArgument::Type ||
        TA[0].getKind() != TemplateArgument::Type)
      return false;
    QualType FP = FA[0].getAsType(), TP = TA[0].getAsType();
    if (FN == "_Deque_iterator")
      return FP == TP; // <T, T &, T *> and <T, const T &, const T *>: the value type
    return FP->isPointerType() && TP->isPointerType() &&
           TP->getPointeeType().isConstQualified() &&
           FP->getPointeeType().getUnqualifiedType() == TP->getPointeeType().getUnqualifiedType();
  }
  // list, map, set, unordered containers: X_iterator and X_const_iterator.
  for (llvm::StringRef Kind : {"_List", "_Rb_tree", "_Node"})
    if (FN == (Kind + "_iterator").str() && TN == (Kind + "_const_iterator").str())
      return true;
  return false;
}

} // namespace

/// Visual C++ binds a non-const reference to a temporary and extends its
/// life (`accelerator_view &v = accelerator().default_view;`, or
/// `run(accelerator().default_view)` for `void run(accelerator_view &)`).
/// For the handle types only: a variable's `&` is blanked (every column
/// kept), and the copy behaves exactly as that reference; an argument is
/// passed through Concurrency::details::bindTemporary, which gives the
/// function a reference to the temporary until the end of the
/// full-expression, as Visual C++ does.
VisualCppRepairs::Verdict VisualCppRepairs::recordTemporaryHandle(const Diagnostic &Info,
                                                                  const LangOptions &LO) {
  if (Info.getNumArgs() < 2 || Info.getArgKind(1) != DiagnosticsEngine::ak_qualtype)
    return Verdict::NotRepaired;
  QualType T = QualType::getFromOpaquePtr(reinterpret_cast<void *>(Info.getRawArg(1)));
  if (!isClass(T))
    return Verdict::NotRepaired;
  const SourceManager &SM = Info.getSourceManager();
  SourceLocation Loc = Info.getLocation();
  llvm::StringRef Buf = SM.getBufferData(SM.getFileID(Loc));
  unsigned Off = SM.getFileOffset(Loc);
  // A variable: the diagnostic points at its name, the `&` (not `&&`) just
  // before it.
  unsigned P = Off;
  while (P > 0 && (Buf[P - 1] == ' ' || Buf[P - 1] == '\t'))
    --P;
  if (P >= 2 && Buf[P - 1] == '&' && Buf[P - 2] != '&') {
    addEdit(SM, Loc.getLocWithOffset(int(P) - int(Off) - 1), 1, " ");
    HandleWarnings.push_back({Loc, T.getUnqualifiedType(), isHandleClass(T) ? 1u : 2u});
    return Verdict::Silent;
  }
  // An argument: the diagnostic points at it, with its range.
  if (Info.getNumRanges() == 0 || Info.getRange(0).getBegin() != Loc)
    return Verdict::NotRepaired;
  wrapTemporary(SM, Info.getRange(0).getAsRange(), LO);
  HandleWarnings.push_back({Loc, T.getUnqualifiedType(), 0u});
  return Verdict::Silent;
}

void VisualCppRepairs::wrapTemporaryAs(const SourceManager &SM, SourceRange R, QualType T,
                                       const ASTContext &Ctx) {
  // Fully qualified, so that the call's scope cannot change what it names.
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.FullyQualifiedName = true;
  Policy.PrintCanonicalTypes = true;
  Policy.SuppressUnwrittenScope = true;
  std::string Type = T.getUnqualifiedType().getCanonicalType().getAsString(Policy);
  wrapTemporary(SM, R, Ctx.getLangOpts(), std::string(TemporaryBinder) + "< " + Type + " >");
}

void VisualCppRepairs::wrapTemporary(const SourceManager &SM, SourceRange R,
                                     const LangOptions &LO, llvm::StringRef Binder) {
  SourceLocation End = Lexer::getLocForEndOfToken(R.getEnd(), 0, SM, LO);
  if (!editable(SM, R.getBegin()) || End.isInvalid() || End.isMacroID())
    return;
  wrapTemporaryText(SM, CharSourceRange::getCharRange(R.getBegin(), End), Binder);
}

void VisualCppRepairs::wrapTemporaryText(const SourceManager &SM, CharSourceRange R,
                                         llvm::StringRef Binder) {
  addEdit(SM, R.getBegin(), 0, Binder.str() + "(");
  addEdit(SM, R.getEnd(), 0, ")");
}

void VisualCppRepairs::finishTemporaryArguments(ASTContext &Ctx, const RepairSites &Sites) {
  if (CallRequests.empty())
    return;
  DiagnosticsEngine &Diags = Ctx.getDiagnostics();
  const SourceManager &SM = Ctx.getSourceManager();
  // Failed calls and their arguments: where Clang recovered, and, for an
  // instantiation's, as the template writes them.
  std::vector<std::pair<const OverloadExpr *, llvm::ArrayRef<const Expr *>>> Calls;
  for (auto [Callee, Call] : Sites.Calls)
    if (!Call->subExpressions().empty())
      Calls.push_back({Callee, llvm::ArrayRef<const Expr *>(Call->subExpressions().data() + 1,
                                                            Call->subExpressions().size() - 1)});
  for (auto [Callee, Call] : Sites.DependentCalls)
    Calls.push_back({Callee, llvm::ArrayRef<const Expr *>(Call->getArgs(), Call->getNumArgs())});
  for (const CallRequest &R : CallRequests) {
    for (auto [Callee, Args] : Calls) {
      if (Callee->getExprLoc() != R.Callee)
        continue;
      const FunctionDecl *FD = candidateAt(Callee, R.Candidate);
      if (!FD)
        continue;
      for (unsigned I = 0; I < FD->getNumParams(); ++I) {
        const ParmVarDecl *P = FD->getParamDecl(I);
        QualType PT = P->getType();
        // `T &` of a function template deduces T from the temporary's
        // class (`fill(av, a.section(0, n), 0)` for `fill(const
        // accelerator_view &, View &, const T &)`).
        bool Deduced = PT->isLValueReferenceType() &&
                       PT->getPointeeType()->getAs<TemplateTypeParmType>();
        if (P->getBeginLoc() != R.Param || !PT->isLValueReferenceType() ||
            PT->getPointeeType().isConstQualified() ||
            !(Deduced || isClassOrTemplateOfOne(PT->getPointeeType())))
          continue;
        if (I >= Args.size())
          continue;
        // A temporary of the parameter's own class (not one a conversion
        // would make: Visual C++ does not bind those either), or a
        // container's iterator for its const_iterator (a base class in
        // Microsoft's STL, a conversion in libstdc++'s).
        const Expr *Arg = Args[I];
        if (Arg->isLValue() || !isClassOrTemplateOfOne(Arg->getType()))
          continue;
        if (!Deduced && !P->getType()->isDependentType() &&
            constIteratorOf(Arg->getType(), PT->getPointeeType())) {
          wrapTemporaryAs(SM, Arg->getSourceRange(), PT->getPointeeType(), Ctx);
          if (firstTime(Arg->getBeginLoc()))
            report(Diags, Arg->getBeginLoc(), Diag::warn_vc_temporary_handle_reference)
                << PT->getPointeeType().getUnqualifiedType() << 0u;
          continue;
        }
        if (!(Deduced || Ctx.hasSameUnqualifiedType(Arg->getType(), PT->getPointeeType())))
          continue;
        wrapTemporary(SM, Arg->getSourceRange(), Ctx.getLangOpts());
        if (firstTime(Arg->getBeginLoc()))
          report(Diags, Arg->getBeginLoc(), Diag::warn_vc_temporary_handle_reference)
            << Arg->getType().getUnqualifiedType() << 0u;
      }
    }
  }
  CallRequests.clear();
}

} // namespace ampcc
