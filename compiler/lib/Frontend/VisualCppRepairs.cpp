//===- VisualCppRepairs.cpp - Visual C++ code that Clang rejects ---------===//
//
// Sorts each error Clang reports into the repair that recognises it and
// runs the repairs that need the AST at the end of the translation unit;
// the repairs themselves are spread over the files beside this one, one
// family each. Here are the few that need one token or one fix-it.
//
//===----------------------------------------------------------------------===//
#include "ampcc/Frontend/VisualCppRepairs.h"
#include "RepairSites.h"
#include "ampcc/Analysis/TranslationUnitRoots.h"

#include "ampcc/Support/Diagnostics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
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

void VisualCppRepairs::finishTranslationUnit(ASTContext &Ctx,
                                             const TranslationUnitRoots &Roots) {
  Reporting = true;
  auto Done = llvm::make_scope_exit([&] { Reporting = false; });
  // One walk of the AST serves every repair that needs it, and none when
  // no such error was reported. It starts at the file's own declarations
  // when <amp.h> came precompiled: a walk from the translation unit would
  // read the whole header back (most of the time of a file with errors),
  // and the repairs edit the file, not the header.
  RepairSites Sites;
  if (!ExceptionVariables.empty() || !ExceptionBaseInits.empty() ||
      !DependentBaseTypes.empty() || !ShadowedBaseTypes.empty() ||
      !ShadowedVarTypes.empty() || !DeclaredLater.empty() ||
      !CallRequests.empty() || !RankRequests.empty() || !PartialSpecRequests.empty() ||
      !OperandRequests.empty() || !MinMaxRequests.empty()) {
    if (Roots.isWhole())
      Sites.TraverseDecl(Ctx.getTranslationUnitDecl());
    else
      Sites.traverseRoots(Roots);
  }
  finishExceptionMessages(Ctx, Sites);
  finishDependentBaseTypes(Ctx, Sites);
  finishDeclaredLater(Ctx, Sites);
  finishLookupRepairs(Ctx);
  finishTemporaryOperands(Ctx, Sites);
  finishMixedWidthMinMax(Ctx, Sites);
  finishBuiltinOperands(Ctx);
  reportRepairedAsFound(Ctx);
  finishTemporaryArguments(Ctx, Sites);
  finishRankParameters(Ctx, Sites);
}

/// The repairs made as their errors were reported, whose warnings wait for
/// the end of the translation unit (after Clang's diagnostics).
void VisualCppRepairs::reportRepairedAsFound(ASTContext &Ctx) {
  DiagnosticsEngine &Diags = Ctx.getDiagnostics();
  for (const auto &[Loc, Iter] : PointerTraits)
    report(Diags, Loc, Diag::warn_vc_pointer_iterator_traits) << Iter;
  PointerTraits.clear();
  for (const auto &[Loc, Bool] : StreamComparisons)
    report(Diags, Loc, Diag::warn_vc_stream_bool_comparison) << (Bool ? 0 : 1);
  StreamComparisons.clear();
  for (const HandleWarning &W : HandleWarnings)
    if (firstTime(W.Loc))
      report(Diags, W.Loc, Diag::warn_vc_temporary_handle_reference) << W.Type << W.Kind;
  HandleWarnings.clear();
}

} // namespace ampcc
