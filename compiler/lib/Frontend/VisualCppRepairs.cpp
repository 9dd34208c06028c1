//===- VisualCppRepairs.cpp - Visual C++ code that Clang rejects ---------===//
#include "ampcc/Frontend/VisualCppRepairs.h"
#include "RepairSites.h"

#include "ampcc/Analysis/AmpModel.h"
#include "ampcc/Support/Diagnostics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/DiagnosticAST.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

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

/// Is \p P used as an argument of a C++ AMP class template at a position
/// whose parameter is an `int` (the rank of array, array_view, index,
/// extent; the tile sizes of tiled_extent, tiled_index)?
class RankUseFinder : public RecursiveASTVisitor<RankUseFinder> {
public:
  explicit RankUseFinder(const NonTypeTemplateParmDecl *P) : P(P) {}
  bool VisitTemplateSpecializationType(TemplateSpecializationType *T) {
    const TemplateDecl *TD = T->getTemplateName().getAsTemplateDecl();
    if (!TD || !isInAmpNamespace(TD))
      return true;
    const TemplateParameterList *Params = TD->getTemplateParameters();
    llvm::ArrayRef<TemplateArgument> Args = T->template_arguments();
    for (unsigned I = 0; I < Args.size() && I < Params->size(); ++I) {
      const auto *Param = dyn_cast<NonTypeTemplateParmDecl>(Params->getParam(I));
      if (!Param || !Param->getType()->isSpecificBuiltinType(BuiltinType::Int) ||
          Args[I].getKind() != TemplateArgument::Expression)
        continue;
      const auto *Ref = dyn_cast<DeclRefExpr>(Args[I].getAsExpr()->IgnoreParenImpCasts());
      if (Ref && Ref->getDecl() == P)
        Found = true;
    }
    return true;
  }
  const NonTypeTemplateParmDecl *P;
  bool Found = false;
};

} // namespace

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

/// The text of a type as written (\p TSI's TypeLoc to the end of its last
/// token); an invalid range where there is none or it starts or ends in a
/// macro.
CharSourceRange typeText(const TypeSourceInfo *TSI, const SourceManager &SM,
                         const LangOptions &LO) {
  if (!TSI)
    return {};
  SourceRange R = TSI->getTypeLoc().getSourceRange();
  SourceLocation End = Lexer::getLocForEndOfToken(R.getEnd(), 0, SM, LO);
  if (R.getBegin().isInvalid() || R.getBegin().isMacroID() || End.isInvalid() ||
      End.isMacroID())
    return {};
  return CharSourceRange::getCharRange(R.getBegin(), End);
}

} // namespace

bool VisualCppRepairs::editable(const SourceManager &SM, SourceLocation Loc) const {
  if (Loc.isInvalid() || Loc.isMacroID() || SM.isInSystemHeader(Loc))
    return false;
  OptionalFileEntryRef F = SM.getFileEntryRefForID(SM.getFileID(Loc));
  return F.has_value();
}

SourceEdit editAt(const SourceManager &SM, SourceLocation Loc, unsigned Length,
                  std::string Text) {
  FileID FID = SM.getFileID(Loc);
  llvm::SmallString<256> Path(SM.getFileEntryRefForID(FID)->getName());
  llvm::sys::fs::make_absolute(Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return {Path.str().str(), SM.getFileOffset(Loc), Length, std::move(Text)};
}

/// Microsoft's STL has class iterators where libstdc++ has pointers
/// (std::array's, among others): code written for it names
/// `Iter::value_type` of a template parameter Iter, which libstdc++'s
/// iterator, a pointer, does not have. The qualifier becomes
/// `::std::iterator_traits<Iter>`, which names the same five types for a
/// class iterator and a pointer alike.
VisualCppRepairs::Verdict VisualCppRepairs::qualifyPointerTraits(const Diagnostic &Info,
                                                                 const LangOptions &LO) {
  if (Info.getNumArgs() < 1 || Info.getArgKind(0) != DiagnosticsEngine::ak_qualtype ||
      !QualType::getFromOpaquePtr(reinterpret_cast<void *>(Info.getRawArg(0)))
           ->isPointerType())
    return Verdict::NotRepaired;
  const SourceManager &SM = Info.getSourceManager();
  SourceLocation Loc = Info.getLocation();
  // Iter :: member, as written (not through a macro).
  std::optional<Token> Colons = Lexer::findNextToken(Loc, SM, LO);
  std::optional<Token> Member =
      Colons ? Lexer::findNextToken(Colons->getLocation(), SM, LO) : std::nullopt;
  if (Loc.isMacroID() || !Colons || Colons->isNot(tok::coloncolon) || !Member ||
      Member->isNot(tok::raw_identifier) ||
      !llvm::is_contained({"value_type", "difference_type", "pointer", "reference",
                           "iterator_category"},
                          Member->getRawIdentifier()))
    return Verdict::NotRepaired;
  llvm::SmallString<32> Buffer;
  llvm::StringRef Iter = Lexer::getSpelling(Loc, Buffer, SM, LO);
  if (Iter.empty() || !(isAsciiIdentifierStart(Iter[0])))
    return Verdict::NotRepaired;
  // A template reports it in every instantiation: one edit, one warning.
  if (Warned.insert(Loc.getRawEncoding()).second) {
    addEdit(SM, Loc, Iter.size(), "::std::iterator_traits<" + Iter.str() + ">");
    PointerTraits.push_back({Loc, Iter.str()});
  }
  return Verdict::Silent;
}

VisualCppRepairs::Verdict VisualCppRepairs::onError(const Diagnostic &Info,
                                                    const LangOptions &LO) {
  LastErrorID = Info.getID();
  LastErrorLoc = Info.getLocation();


  if (Disabled)
    return Verdict::NotRepaired;
  const SourceManager &SM = Info.getSourceManager();
  unsigned ID = Info.getID();
  if (ID == diag::err_template_kw_missing) {
    // The diagnostic points at the template's name; the keyword goes
    // right before it.
    SourceLocation L = SM.getExpansionLoc(Info.getLocation());
    if (!editable(SM, L))
      return Verdict::NotRepaired;
    addEdit(SM, L, 0, "template ");
    return Verdict::Warning;
  }
  if (!editable(SM, Info.getLocation()))
    return Verdict::NotRepaired;
  if (ID == diag::err_nested_name_spec_non_tag)
    return qualifyPointerTraits(Info, LO);
  if (ID == diag::err_ambiguous_reference) {
    if (recordAmpName(Info))
      return Verdict::Warning;
    recordAmbiguousName(Info); // resolved with the AST, at the end
    return Verdict::NotRepaired;
  }
  if (ID == diag::err_for_range_invalid) {
    recordRangeForStdLookup(Info, LO); // resolved with the AST, at the end
    return Verdict::NotRepaired;
  }
  if (ID == diag::err_lvalue_reference_bind_to_temporary)
    return recordTemporaryHandle(Info, LO);
  if (ID == diag::err_template_param_shadow)
    return renameShadowingParameter(Info, LO) ? Verdict::Warning : Verdict::NotRepaired;
  if (ID == diag::err_partial_spec_ordering_ambiguous && Info.getNumArgs() > 0 &&
      Info.getArgKind(0) == DiagnosticsEngine::ak_nameddecl) {
    // Maybe an unsigned rank deduced from an int: resolved with the AST.
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(
            reinterpret_cast<const NamedDecl *>(Info.getRawArg(0))))
      PartialSpecRequests.insert(Spec->getSpecializedTemplate()->getCanonicalDecl());
    return Verdict::NotRepaired;
  }
  if (ID == diag::err_typecheck_invalid_operands) {
    if (compareStreamAsBool(Info, LO))
      return Verdict::Silent;
    recordOperands(Info, LO); // maybe a temporary for a `T &`: see onNote
    return Verdict::NotRepaired;
  }
  if (ID == diag::err_ovl_ambiguous_oper_binary || ID == diag::err_ovl_ambiguous_oper_unary) {
    recordBuiltinOperands(Info, LO); // resolved with the AST, at the end
    return Verdict::NotRepaired;
  }
  if (ID == diag::err_typecheck_ordered_comparison_of_pointer_and_zero)
    return compareZeroAsNullPointer(Info, LO) ? Verdict::Warning : Verdict::NotRepaired;
  if (ID == diag::err_template_parameter_default_template_member)
    return dropDefaultArgument(Info) ? Verdict::Warning : Verdict::NotRepaired;
  if ((ID == diag::err_undeclared_var_use || ID == diag::err_undeclared_var_use_suggest ||
       ID == diag::err_no_template || ID == diag::err_found_in_dependent_base) &&
      Info.getNumArgs() > 0) {
    // Maybe declared later, which Visual C++ accepts in a template.
    std::string Name;
    if (Info.getArgKind(0) == DiagnosticsEngine::ak_identifierinfo)
      Name = Info.getArgIdentifier(0)->getName().str();
    else if (Info.getArgKind(0) == DiagnosticsEngine::ak_declarationname)
      Name = DeclarationName::getFromOpaqueInteger(Info.getRawArg(0)).getAsString();
    if (!Name.empty())
      DeclaredLater.push_back({Info.getLocation(), Name});
    return Verdict::NotRepaired;
  }
  if (ID == diag::err_no_member && Info.getNumArgs() > 1 &&
      Info.getArgKind(0) == DiagnosticsEngine::ak_declarationname &&
      Info.getArgKind(1) == DiagnosticsEngine::ak_declcontext) {
    // `detail::name` where a later block of namespace detail declares it.
    const auto *DC = reinterpret_cast<const DeclContext *>(Info.getRawArg(1));
    if (isa<NamespaceDecl>(DC))
      DeclaredLater.push_back(
          {Info.getLocation(),
           DeclarationName::getFromOpaqueInteger(Info.getRawArg(0)).getAsString(), DC});
    return Verdict::NotRepaired;
  }
  if ((ID == diag::err_unknown_typename || ID == diag::err_unknown_typename_suggest) &&
      Info.getNumArgs() > 0 &&
      Info.getArgKind(0) == DiagnosticsEngine::ak_identifierinfo) {
    // Maybe a type of a dependent base: resolved with the AST, at the end.
    DependentBaseTypes.push_back(
        {Info.getLocation(), Info.getArgIdentifier(0)->getName().str()});
    return Verdict::NotRepaired;
  }
  // (err_auto_not_allowed's first argument 3: a template named without
  // arguments where a type must be deduced, as in a return type.)
  if ((ID == diag::err_template_missing_args ||
       ID == diag::err_deduced_class_template_ctor_no_viable ||
       (ID == diag::err_auto_not_allowed && Info.getNumArgs() > 0 &&
        Info.getArgKind(0) == DiagnosticsEngine::ak_uint && Info.getRawArg(0) == 3)) &&
      !Info.getLocation().isMacroID()) {
    // `real_type f();` in a class template whose dependent base declares
    // real_type, while a class template real_type is visible: Visual C++
    // takes the base's type. Resolved with the AST, at the end.
    // The diagnostic points at the name, or for a variable (`real_type v =
    // ...;`, its type deduced) at the variable: the name is then its type's.
    llvm::SmallString<32> Buffer;
    llvm::StringRef Name = Lexer::getSpelling(Info.getLocation(), Buffer, SM, LO);
    if (ID == diag::err_deduced_class_template_ctor_no_viable && Info.getNumArgs() > 0) {
      std::string Arg;
      if (Info.getArgKind(0) == DiagnosticsEngine::ak_std_string)
        Arg = Info.getArgStdStr(0);
      else if (Info.getArgKind(0) == DiagnosticsEngine::ak_nameddecl)
        Arg = reinterpret_cast<const NamedDecl *>(Info.getRawArg(0))->getName().str();
      llvm::StringRef Bare = llvm::StringRef(Arg).trim("'");
      if (llvm::StringRef Last = Bare.rsplit("::").second; !Last.empty())
        Bare = Last;
      if (Name != Bare) {
        if (!Bare.empty())
          ShadowedVarTypes.push_back({Info.getLocation(), Bare.str()});
        return Verdict::NotRepaired;
      }
    }
    if (!Name.empty() && isAsciiIdentifierStart(Name[0]))
      ShadowedBaseTypes.push_back({Info.getLocation(), Name.str()});
    return Verdict::NotRepaired;
  }
  if (MsHeaders && (ID == diag::err_ovl_no_viable_function_in_init ||
                    ID == diag::err_ovl_no_viable_conversion_in_cast))
    return recordExceptionMessage(Info, ID == diag::err_ovl_no_viable_conversion_in_cast);
  if (ID == diag::err_typename_missing || ID == diag::err_typename_missing_template ||
      ID == diag::err_main_returns_nonint) {
    if (recordClangFixIts(Info, LO))
      return Verdict::Warning;
    // In an instantiation Clang offers no fix-it (`T(ampblas::real_type<
    // T>::type(n))`, a functional cast): the diagnostic points at the
    // qualified name, where `typename` goes; once, though every
    // instantiation reports it.
    if (ID == diag::err_main_returns_nonint || Info.getLocation().isMacroID())
      return Verdict::NotRepaired;
    if (Warned.insert(Info.getLocation().getRawEncoding()).second)
      addEdit(Info.getSourceManager(), Info.getLocation(), 0, "typename ");
    return Verdict::Warning;
  }
  return Verdict::NotRepaired;
}

void VisualCppRepairs::onNote(const Diagnostic &Info) {
  if (Disabled)
    return;
  if (Info.getID() == diag::note_constexpr_function_param_value_unknown) {
    recordStaticMemberThroughReference(Info);
    return;
  }
  if (LastErrorID == diag::err_ovl_ambiguous_oper_binary ||
      LastErrorID == diag::err_ovl_ambiguous_oper_unary) {
    noteBuiltinOperands(Info);
    return;
  }
  if (LastErrorID == diag::err_typecheck_invalid_operands &&
      Info.getID() == diag::note_ovl_candidate_bad_value_category) {
    recordTemporaryOperand(Info);
    return;
  }
  bool AfterCallError = LastErrorID == diag::err_ovl_no_viable_function_in_call ||
                        LastErrorID == diag::err_ovl_no_viable_member_function_in_call;
  if (!AfterCallError || Info.getLocation().isInvalid())
    return;
  // "candidate function not viable: expects an lvalue for 2nd argument":
  // its range is the parameter's.
  // "no known conversion from 'iterator' to 'const_iterator &'": maybe a
  // container's iterator, which Microsoft's STL derives from its
  // const_iterator (see constIteratorOf).
  if ((Info.getID() == diag::note_ovl_candidate_bad_value_category ||
       Info.getID() == diag::note_ovl_candidate_bad_conv) &&
      Info.getNumRanges() > 0)
    CallRequests.push_back(
        {LastErrorLoc, Info.getLocation(), Info.getRange(0).getBegin()});
  // "candidate template ignored: deduced conflicting types for parameter
  // '_Tp' ('unsigned int' vs. 'unsigned long')": maybe std::max of a
  // 32-bit value and a size_t (VisualCppExpressionRepairs.cpp).
  if (Info.getID() == diag::note_ovl_candidate_inconsistent_deduction)
    recordMixedWidthMinMax(Info);
  // "candidate template ignored: substitution failure ...: deduced
  // non-type template argument does not have the same type".
  if (Info.getID() == diag::note_ovl_candidate_substitution_failure)
    RankRequests.push_back(Info.getLocation());
}

/// `typename ` inserted before a dependent name; `void` of `void main()`
/// replaced by `int` (which returns 0 when main ends, as Visual C++'s void
/// main does). Both are Clang's own fix-its.
bool VisualCppRepairs::recordClangFixIts(const Diagnostic &Info, const LangOptions &LO) {
  const SourceManager &SM = Info.getSourceManager();
  bool Found = false;
  for (const FixItHint &H : Info.getFixItHints()) {
    if (H.RemoveRange.isInvalid() || !editable(SM, H.RemoveRange.getBegin()))
      continue;
    SourceLocation B = H.RemoveRange.getBegin();
    unsigned Begin = SM.getFileOffset(B);
    // An insertion has an empty character range; a replacement (`void` ->
    // `int`) a token range, which ends after its last token.
    unsigned Length = 0;
    SourceLocation E = H.RemoveRange.getEnd();
    if (H.RemoveRange.isTokenRange())
      E = Lexer::getLocForEndOfToken(E, 0, SM, LO);
    if (E.isValid() && !E.isMacroID() && SM.getFileOffset(E) > Begin)
      Length = SM.getFileOffset(E) - Begin;
    addEdit(SM, B, Length, H.CodeToInsert);
    Found = true;
  }
  return Found;
}

/// Under `using namespace std; using namespace concurrency;` on Linux,
/// `array` also finds std::array (libstdc++'s <tuple>, which <amp.h>'s
/// <future> and <memory> include, declares it) and `index` glibc's BSD
/// index(); Visual C++'s headers declare neither. Resolve such a name toward
/// C++ AMP's by qualifying it.
bool VisualCppRepairs::recordAmpName(const Diagnostic &Info) {
  if (Info.getNumArgs() < 1 || Info.getArgKind(0) != DiagnosticsEngine::ak_declarationname)
    return false;
  DeclarationName Name = DeclarationName::getFromOpaqueInteger(Info.getRawArg(0));
  std::string Id = Name.getAsString();
  if (Id != "array" && Id != "index")
    return false;
  const SourceManager &SM = Info.getSourceManager();
  SourceLocation Loc = Info.getLocation();
  // Only the name as written (not `::array`, or text of a macro).
  bool Invalid = false;
  const char *At = SM.getCharacterData(Loc, &Invalid);
  if (Invalid || llvm::StringRef(At).substr(0, Id.size()) != Id)
    return false;
  addEdit(SM, Loc, 0, "Concurrency::");
  return true;
}

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

bool VisualCppRepairs::replaceType(const SourceManager &SM, CharSourceRange Spelled,
                                   std::string Text) {
  if (Spelled.isInvalid() || !editable(SM, Spelled.getBegin()))
    return false;
  addEdit(SM, Spelled.getBegin(),
          SM.getFileOffset(Spelled.getEnd()) - SM.getFileOffset(Spelled.getBegin()),
          std::move(Text));
  return true;
}

/// Visual C++ lets a member template's parameter shadow the class
/// template's (`template <typename T> struct A { template <typename T>
/// friend void f(A<T> &); };`): in the member's scope the name means the
/// member's own parameter. The member's parameter is renamed, with every
/// use of the name from it to the end of that declaration (its body
/// included); a qualifier naming the class (`A<T>::` of an out-of-class
/// definition) keeps the class's parameter. Tokens come from Clang's lexer.
bool VisualCppRepairs::renameShadowingParameter(const Diagnostic &Info,
                                                const LangOptions &LO) {
  const SourceManager &SM = Info.getSourceManager();
  SourceLocation Loc = Info.getLocation();
  // The diagnostic points at the member template's parameter.
  if (!editable(SM, Loc))
    return false;
  llvm::SmallString<32> Spelling;
  llvm::StringRef Name = Lexer::getSpelling(Loc, Spelling, SM, LO);
  if (Name.empty())
    return false;
  FileID FID = SM.getFileID(Loc);
  llvm::StringRef Buf = SM.getBufferData(FID);
  // A declaration has a type before its name. Clang's recovery from a
  // failed name in a template argument list (`enum { v = a::b<N, Bit> }`
  // with `b` undeclared) parses `Bit` as an enumerator after a comma: that
  // is the other error's consequence, not a shadowing parameter.
  llvm::StringRef Before = Buf.take_front(SM.getFileOffset(Loc)).rtrim();
  if (Before.empty() || llvm::StringRef(",{};(<").contains(Before.back()))
    return false;
  Lexer Lex(SM.getLocForStartOfFile(FID), LO, Buf.begin(),
            Buf.begin() + SM.getFileOffset(Loc), Buf.end());
  std::vector<Token> Toks;
  int Depth = 0; // (), [], {}
  bool OpenedBrace = false;
  for (bool AtEnd = false; !AtEnd;) {
    Token T;
    AtEnd = Lex.LexFromRawLexer(T);
    if (T.is(tok::eof))
      break;
    Toks.push_back(T);
    if (T.isOneOf(tok::l_paren, tok::l_square, tok::l_brace)) {
      OpenedBrace |= T.is(tok::l_brace) && Depth == 0;
      ++Depth;
    } else if (T.isOneOf(tok::r_paren, tok::r_square, tok::r_brace)) {
      if (--Depth < 0)
        break; // The enclosing scope ended: a malformed declaration.
      if (Depth == 0 && T.is(tok::r_brace) && OpenedBrace)
        break; // The end of its body.
    } else if (T.is(tok::semi) && Depth == 0) {
      break;
    }
  }
  if (Toks.empty() || Toks.front().isNot(tok::raw_identifier) ||
      Toks.front().getRawIdentifier() != Name)
    return false;
  // Template arguments of a qualifier (`A<T>::`) name the outer parameter.
  std::vector<bool> Keep(Toks.size(), false);
  for (size_t I = 1; I < Toks.size(); ++I) {
    if (Toks[I].isNot(tok::less) || Toks[I - 1].isNot(tok::raw_identifier))
      continue;
    int Angles = 0;
    size_t J = I;
    for (; J < Toks.size(); ++J) {
      if (Toks[J].is(tok::less))
        ++Angles;
      else if (Toks[J].is(tok::greater))
        --Angles;
      else if (Toks[J].is(tok::greatergreater))
        Angles -= 2;
      if (Angles <= 0)
        break;
    }
    if (J + 1 < Toks.size() && Toks[J + 1].is(tok::coloncolon))
      for (size_t K = I; K <= J; ++K)
        Keep[K] = true;
  }
  std::string NewName = ("_Ampcc_shadowed_" + Name).str();
  for (size_t I = 0; I < Toks.size(); ++I)
    if (!Keep[I] && Toks[I].is(tok::raw_identifier) && Toks[I].getRawIdentifier() == Name)
      addEdit(SM, Toks[I].getLocation(), Name.size(), NewName);
  return true;
}

/// Visual C++ accepts (and ignores) a default template argument repeated
/// on the out-of-class definition of a class template's member template;
/// Clang rejects it. It is blanked out (`= int` becomes spaces).
bool VisualCppRepairs::dropDefaultArgument(const Diagnostic &Info) {
  if (Info.getNumRanges() == 0)
    return false;
  const SourceManager &SM = Info.getSourceManager();
  CharSourceRange R = Info.getRange(0);
  SourceLocation B = R.getBegin(), E = R.getEnd();
  if (!editable(SM, B) || E.isMacroID() || SM.getFileID(B) != SM.getFileID(E))
    return false;
  llvm::StringRef Buf = SM.getBufferData(SM.getFileID(B));
  unsigned Begin = SM.getFileOffset(B), End = SM.getFileOffset(E);
  if (R.isTokenRange())
    End += Lexer::MeasureTokenLength(E, SM, LangOptions());
  // Back over the `=` before the argument.
  unsigned Eq = Begin;
  while (Eq > 0 && (Buf[Eq - 1] == ' ' || Buf[Eq - 1] == '\t'))
    --Eq;
  if (Eq == 0 || Buf[Eq - 1] != '=' || End <= Eq - 1 || End > Buf.size())
    return false;
  --Eq;
  addEdit(SM, B.getLocWithOffset(int(Eq) - int(Begin)), End - Eq,
          std::string(End - Eq, ' '));
  return true;
}

/// Visual C++ looks unqualified names up in dependent base classes when
/// the template is instantiated (no two-phase lookup), so a class deriving
/// from `std::iterator<Tag, T>` writes `reference` for its base's typedef.
/// Clang reports "unknown type name"; when the name is a type member of a
/// dependent base's template, it is qualified as `typename Base<...>::`,
/// the base spelled as in the class head.
namespace {
/// The innermost class template definition around \p Loc.
const CXXRecordDecl *classTemplateAround(const SourceManager &SM, const RepairSites &Sites,
                                         SourceLocation Loc) {
  const CXXRecordDecl *Best = nullptr;
  for (const CXXRecordDecl *RD : Sites.Records) {
    if (!RD->isDependentContext() || !RD->hasDefinition() ||
        !contains(SM, RD->getSourceRange(), Loc))
      continue;
    if (!Best || SM.isBeforeInTranslationUnit(Best->getBeginLoc(), RD->getBeginLoc()))
      Best = RD;
  }
  return Best;
}

/// The base of \p RD, a class template specialization of a dependent
/// type, whose template's definition declares \p Name as a type (\p Type)
/// or as a member function or data member (!\p Type).
const CXXBaseSpecifier *dependentBaseDeclaring(ASTContext &Ctx, const CXXRecordDecl *RD,
                                               llvm::StringRef Name, bool Type,
                                               unsigned Depth = 0) {
  if (!RD || Depth > 4)
    return nullptr;
  for (const CXXBaseSpecifier &B : RD->bases()) {
    const auto *TST = B.getType()->getAs<TemplateSpecializationType>();
    const auto *CTD = TST ? dyn_cast_or_null<ClassTemplateDecl>(
                                TST->getTemplateName().getAsTemplateDecl())
                          : nullptr;
    const CXXRecordDecl *Pattern = CTD ? CTD->getTemplatedDecl() : nullptr;
    if (!Pattern || !Pattern->hasDefinition() || !B.getTypeSourceInfo())
      continue;
    for (const NamedDecl *D : Pattern->getDefinition()->lookup(&Ctx.Idents.get(Name))) {
      bool IsType = isa<TypeDecl>(D) || isa<TypeAliasTemplateDecl>(D);
      bool IsMember = isa<CXXMethodDecl>(D) || isa<FunctionTemplateDecl>(D) ||
                      isa<FieldDecl>(D) || isa<VarDecl>(D);
      if (Type ? IsType : IsMember)
        return &B;
    }
    // Declared further up (a base of the base's template): named through
    // this base, whose specialization inherits it.
    if (dependentBaseDeclaring(Ctx, Pattern->getDefinition(), Name, Type, Depth + 1))
      return &B;
  }
  return nullptr;
}

/// The non-static member function of \p RD whose body holds \p Loc.
bool inInstanceMember(const SourceManager &SM, const CXXRecordDecl *RD, SourceLocation Loc) {
  for (const Decl *D : RD->decls()) {
    if (const auto *FTD = dyn_cast<FunctionTemplateDecl>(D))
      D = FTD->getTemplatedDecl();
    const auto *MD = dyn_cast<CXXMethodDecl>(D);
    if (MD && !MD->isStatic() && MD->hasBody() && contains(SM, MD->getSourceRange(), Loc))
      return true;
  }
  return false;
}
} // namespace

void VisualCppRepairs::finishDependentBaseTypes(ASTContext &Ctx,
                                                const RepairSites &Sites) {
  if (DependentBaseTypes.empty() && ShadowedBaseTypes.empty() && ShadowedVarTypes.empty())
    return;
  DiagnosticsEngine &Diags = Ctx.getDiagnostics();
  const SourceManager &SM = Ctx.getSourceManager();
  // Unknown names may instead be declared later; a shadowing template is
  // only repaired when a base declares the name.
  size_t Unknown = DependentBaseTypes.size();
  // A variable whose type names the template: the name starts its type.
  for (const auto &[Loc, Name] : ShadowedVarTypes)
    for (const VarDecl *V : Sites.Vars)
      if (V->getLocation() == Loc && V->getTypeSourceInfo())
        ShadowedBaseTypes.push_back(
            {V->getTypeSourceInfo()->getTypeLoc().getBeginLoc(), Name});
  ShadowedVarTypes.clear();
  DependentBaseTypes.insert(DependentBaseTypes.end(), ShadowedBaseTypes.begin(),
                            ShadowedBaseTypes.end());
  ShadowedBaseTypes.clear();
  for (size_t I = 0; I < DependentBaseTypes.size(); ++I) {
    const auto &[Loc, Name] = DependentBaseTypes[I];
    if (editable(SM, Loc) && !qualifyDependentBaseType(Ctx, Sites, Loc, Name) && I < Unknown)
      DeclaredLater.push_back({Loc, Name});
  }
  DependentBaseTypes.clear();
}

bool VisualCppRepairs::qualifyDependentBaseType(ASTContext &Ctx, const RepairSites &Sites,
                                                SourceLocation Loc, llvm::StringRef Name) {
  const SourceManager &SM = Ctx.getSourceManager();
  const CXXBaseSpecifier *B =
      dependentBaseDeclaring(Ctx, classTemplateAround(SM, Sites, Loc), Name, /*Type=*/true);
  CharSourceRange Spelled =
      B ? typeText(B->getTypeSourceInfo(), SM, Ctx.getLangOpts()) : CharSourceRange();
  if (Spelled.isInvalid())
    return false;
  llvm::StringRef Base = Lexer::getSourceText(Spelled, SM, Ctx.getLangOpts());
  addEdit(SM, Loc, 0, "typename " + Base.str() + "::");
  if (Warned.insert(Loc.getRawEncoding()).second)
    report(Ctx.getDiagnostics(), Loc, Diag::warn_vc_dependent_base_type) << Name << Base;
  return true;
}

/// A member function or data member of a dependent base named without
/// qualification in a member function of a class template (Visual C++ has
/// no two-phase lookup): `this->` before the name.
bool VisualCppRepairs::qualifyDependentBaseMember(ASTContext &Ctx, const RepairSites &Sites,
                                                  SourceLocation Loc, llvm::StringRef Name) {
  const SourceManager &SM = Ctx.getSourceManager();
  const CXXRecordDecl *RD = classTemplateAround(SM, Sites, Loc);
  if (!editable(SM, Loc) || !dependentBaseDeclaring(Ctx, RD, Name, /*Type=*/false) ||
      !inInstanceMember(SM, RD, Loc))
    return false;
  // Once per place: a template reports the name in every instantiation.
  if (!Warned.insert(Loc.getRawEncoding()).second)
    return true;
  addEdit(SM, Loc, 0, "this->");
  report(Ctx.getDiagnostics(), Loc, Diag::warn_vc_dependent_base_member) << Name;
  return true;
}

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

void VisualCppRepairs::finishTranslationUnit(ASTContext &Ctx) {
  Reporting = true;
  auto Done = llvm::make_scope_exit([&] { Reporting = false; });
  // One walk of the AST serves every repair that needs it, and none when
  // no such error was reported.
  RepairSites Sites;
  if (!ExceptionVariables.empty() || !ExceptionBaseInits.empty() ||
      !DependentBaseTypes.empty() || !ShadowedBaseTypes.empty() ||
      !ShadowedVarTypes.empty() || !DeclaredLater.empty() ||
      !CallRequests.empty() || !RankRequests.empty() || !PartialSpecRequests.empty() ||
      !OperandRequests.empty() || !MinMaxRequests.empty())
    Sites.TraverseDecl(Ctx.getTranslationUnitDecl());
  finishExceptionMessages(Ctx, Sites);
  finishDependentBaseTypes(Ctx, Sites);
  finishDeclaredLater(Ctx, Sites);
  finishLookupRepairs(Ctx);
  finishTemporaryOperands(Ctx, Sites);
  finishMixedWidthMinMax(Ctx, Sites);
  finishBuiltinOperands(Ctx);
  DiagnosticsEngine &Diags = Ctx.getDiagnostics();
  const SourceManager &SM = Ctx.getSourceManager();
  // Templates report an error once per instantiation: warn once per place.
  auto FirstTime = [&](SourceLocation L) {
    return Warned.insert(L.getRawEncoding()).second;
  };
  for (const auto &[Loc, Iter] : PointerTraits)
    report(Diags, Loc, Diag::warn_vc_pointer_iterator_traits) << Iter;
  PointerTraits.clear();
  for (const auto &[Loc, Bool] : StreamComparisons)
    report(Diags, Loc, Diag::warn_vc_stream_bool_comparison) << (Bool ? 0 : 1);
  StreamComparisons.clear();
  for (const HandleWarning &W : HandleWarnings)
    if (FirstTime(W.Loc))
      report(Diags, W.Loc, Diag::warn_vc_temporary_handle_reference) << W.Type << W.Kind;
  HandleWarnings.clear();
  if (CallRequests.empty() && RankRequests.empty() && PartialSpecRequests.empty())
    return;

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
          if (FirstTime(Arg->getBeginLoc()))
            report(Diags, Arg->getBeginLoc(), Diag::warn_vc_temporary_handle_reference)
                << PT->getPointeeType().getUnqualifiedType() << 0u;
          continue;
        }
        if (!(Deduced || Ctx.hasSameUnqualifiedType(Arg->getType(), PT->getPointeeType())))
          continue;
        wrapTemporary(SM, Arg->getSourceRange(), Ctx.getLangOpts());
        if (FirstTime(Arg->getBeginLoc()))
          report(Diags, Arg->getBeginLoc(), Diag::warn_vc_temporary_handle_reference)
            << Arg->getType().getUnqualifiedType() << 0u;
      }
    }
  }
  CallRequests.clear();

  // `template <typename T, unsigned N> void f(array_view<T, N>)`: Visual C++
  // deduces N from array_view<T, 2>, whose parameter is an int; C++17 does
  // not ([temp.deduct.type]/18). Declare such a parameter `int`, padded
  // with blanks so that every column stays where it was.
  auto RetypeRanks = [&](const TemplateParameterList *Params,
                         llvm::function_ref<void(RankUseFinder &)> FindUses) {
    for (const NamedDecl *ND : *Params) {
      const auto *P = dyn_cast<NonTypeTemplateParmDecl>(ND);
      if (!P || !P->getType()->isIntegralType(Ctx) ||
          P->getType()->isSpecificBuiltinType(BuiltinType::Int))
        continue;
      RankUseFinder Uses(P);
      FindUses(Uses);
      CharSourceRange Spelled = typeText(P->getTypeSourceInfo(), SM, Ctx.getLangOpts());
      if (!Uses.Found || Spelled.isInvalid())
        continue;
      unsigned Length = SM.getFileOffset(Spelled.getEnd()) -
                        SM.getFileOffset(Spelled.getBegin());
      std::string Text = "int";
      if (Length > Text.size())
        Text.append(Length - Text.size(), ' ');
      if (!replaceType(SM, Spelled, Text))
        continue;
      if (FirstTime(P->getLocation()))
        report(Diags, P->getLocation(), Diag::warn_vc_rank_parameter_type)
            << P << P->getType();
    }
  };
  for (SourceLocation Loc : RankRequests) {
    for (const FunctionTemplateDecl *FTD : Sites.Templates) {
      const FunctionDecl *FD = FTD->getTemplatedDecl();
      if (FD->getLocation() != Loc)
        continue;
      RetypeRanks(FTD->getTemplateParameters(), [&](RankUseFinder &Uses) {
        for (const ParmVarDecl *Parm : FD->parameters())
          Uses.TraverseType(Parm->getType());
      });
    }
  }
  // `template <typename T, unsigned N> struct is_view<array_view<T, N>>` and
  // `<array_view<const T, N>>`: Visual C++ orders the two partial
  // specializations (the second is more specialized); with an unsigned N
  // deduced from array_view's int rank Clang finds them ambiguous.
  for (const ClassTemplateDecl *CTD : PartialSpecRequests) {
    for (const CXXRecordDecl *RD : Sites.Records) {
      const auto *PS = dyn_cast<ClassTemplatePartialSpecializationDecl>(RD);
      if (!PS || PS->getSpecializedTemplate()->getCanonicalDecl() != CTD->getCanonicalDecl())
        continue;
      RetypeRanks(PS->getTemplateParameters(), [&](RankUseFinder &Uses) {
        if (const ASTTemplateArgumentListInfo *Args = PS->getTemplateArgsAsWritten())
          for (const TemplateArgumentLoc &A : Args->arguments())
            if (A.getArgument().getKind() == TemplateArgument::Type)
              Uses.TraverseType(A.getArgument().getAsType());
      });
    }
  }
  PartialSpecRequests.clear();
  RankRequests.clear();
}

} // namespace ampcc
