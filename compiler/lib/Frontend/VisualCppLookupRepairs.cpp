//===- VisualCppLookupRepairs.cpp - names Visual C++ 2012 finds -----------===//
//
// Names that Visual C++ 2012 resolves where C++17 finds nothing, or too
// much: a static member named through a reference parameter in a constant
// expression, a scoped enumeration's enumerator named without its
// enumeration, a name that both a using-declaration and a class declared
// but never defined introduce, and a range-for whose begin and end only
// namespace std declares, and a type or member of a dependent base named
// without qualification (Visual C++ has no two-phase lookup). Each is written the way C++17 reads it, in the
// user's text (the device pass parses again, the host pass compiles the
// same text), and reported with ampcc's own warning at the end of the
// translation unit.
//
//===----------------------------------------------------------------------===//
#include "ampcc/Frontend/VisualCppRepairs.h"
#include "RepairSites.h"

#include "ampcc/Support/Diagnostics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/DiagnosticAST.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace ampcc {

namespace {

/// The identifier that starts at \p At, if any.
llvm::StringRef identifierAt(llvm::StringRef At) {
  if (At.empty() || !isAsciiIdentifierStart(At[0]))
    return {};
  size_t N = 1;
  while (N < At.size() && isAsciiIdentifierContinue(At[N]))
    ++N;
  return At.take_front(N);
}

/// Is \p Text a name, a member of one, or a chain of them (`a`, `s.v`,
/// `p->v`, `ns::v`): an expression that may be evaluated twice?
bool isNamedRange(llvm::StringRef Text) {
  Text = Text.trim();
  if (Text.empty() || (!isAsciiIdentifierStart(Text[0]) && Text[0] != ':'))
    return false;
  return llvm::all_of(Text, [](char C) {
    return isAsciiIdentifierContinue(C) || C == '.' || C == ':' || C == '-' ||
           C == '>' || isWhitespace(C);
  });
}

/// The class or class template that a parameter type such as
/// `concurrency::array<T, 1> const &` names.
const Decl *classNamedBy(QualType T) {
  T = T.getNonReferenceType().getUnqualifiedType();
  if (const auto *TST = T->getAs<TemplateSpecializationType>())
    if (const TemplateDecl *TD = TST->getTemplateName().getAsTemplateDecl())
      return TD->getCanonicalDecl();
  if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl()) {
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
      return Spec->getSpecializedTemplate()->getCanonicalDecl();
    return RD->getCanonicalDecl();
  }
  return nullptr;
}

/// Does namespace std declare a one-parameter `begin` for \p Range's class
/// (a program's own overload, as C++11 as published let range-for find)?
bool stdDeclaresBegin(ASTContext &Ctx, QualType Range) {
  const Decl *Class = classNamedBy(Range);
  if (!Class)
    return false;
  for (const NamedDecl *NS : Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get("std"))) {
    const auto *Std = dyn_cast<NamespaceDecl>(NS);
    if (!Std)
      continue;
    for (const NamedDecl *ND : Std->lookup(&Ctx.Idents.get("begin"))) {
      const FunctionDecl *FD = ND->getAsFunction();
      if (FD && FD->getNumParams() == 1 && !Ctx.getSourceManager().isInSystemHeader(FD->getLocation()) &&
          classNamedBy(FD->getParamDecl(0)->getType()) == Class)
        return true;
    }
  }
  return false;
}

} // namespace

/// `tiled_index<domain.tile_dim0, domain.tile_dim1>` with `domain` a
/// reference parameter: Visual C++ takes a static member named through an
/// object as a constant, also through a reference; C++17 does not (P2280,
/// which Clang 19 lacks), and says so in this note on the error. The
/// object becomes its type: `::std::remove_reference<decltype(domain)>::
/// type::tile_dim0` (<type_traits>, which the prelude's <memory> includes).
void VisualCppRepairs::recordStaticMemberThroughReference(const Diagnostic &Info) {
  if (!MsHeaders || Info.getNumArgs() < 1 ||
      Info.getArgKind(0) != DiagnosticsEngine::ak_nameddecl)
    return;
  const auto *Param = dyn_cast<ParmVarDecl>(reinterpret_cast<const NamedDecl *>(Info.getRawArg(0)));
  const SourceManager &SM = Info.getSourceManager();
  SourceLocation Loc = Info.getLocation();
  if (!Param || !Param->getType()->isReferenceType() || Loc.isMacroID() || !editable(SM, Loc))
    return;
  const CXXRecordDecl *RD = Param->getType().getNonReferenceType()->getAsCXXRecordDecl();
  bool Invalid = false;
  const char *At = SM.getCharacterData(Loc, &Invalid);
  if (!RD || Invalid)
    return;
  // `name . member`, as written.
  llvm::StringRef Rest(At, SM.getBufferData(SM.getFileID(Loc)).end() - At);
  llvm::StringRef Name = identifierAt(Rest);
  if (Name != Param->getName())
    return;
  llvm::StringRef AfterName = Rest.drop_front(Name.size()).ltrim();
  if (!AfterName.consume_front("."))
    return;
  llvm::StringRef Member = identifierAt(AfterName.ltrim());
  if (Member.empty())
    return;
  auto IsStatic = [&](llvm::StringRef M) {
    bool Static = false;
    for (const NamedDecl *ND : RD->lookup(&Param->getASTContext().Idents.get(M)))
      Static |= isa<VarDecl>(ND) || isa<EnumConstantDecl>(ND);
    return Static;
  };
  if (!IsStatic(Member))
    return;
  // A template reports it once per instantiation: one edit.
  if (!Warned.insert(Loc.getRawEncoding()).second)
    return;
  std::string Type = "::std::remove_reference<decltype(" + Name.str() + ")>::type::";
  addEdit(SM, Loc, AfterName.ltrim().data() - At, Type);
  ReferenceMembers.push_back({Loc, Member.str(), Name.str(), {}});
  // Clang stops at the first such name of an expression: the others on the
  // same line (`tiled_index<d.tile_dim0, d.tile_dim1>`) are repaired now,
  // where the warnings can still point at the user's columns.
  llvm::StringRef Line = Rest.take_until([](char C) { return C == '\n'; });
  for (size_t From = Name.size(); (From = Line.find(Name, From)) != llvm::StringRef::npos;
       From += Name.size()) {
    if (isAsciiIdentifierContinue(Line[From - 1]) ||
        identifierAt(Line.drop_front(From)) != Name)
      continue;
    llvm::StringRef After = Line.drop_front(From + Name.size()).ltrim();
    if (!After.consume_front("."))
      continue;
    llvm::StringRef Next = identifierAt(After.ltrim());
    if (Next.empty() || !IsStatic(Next))
      continue;
    SourceLocation At2 = Loc.getLocWithOffset(From);
    if (!Warned.insert(At2.getRawEncoding()).second)
      continue;
    addEdit(SM, At2, After.ltrim().data() - Line.data() - From, Type);
    ReferenceMembers.push_back({At2, Next.str(), Name.str(), {}});
  }
}

/// `for (T e : a)` where only namespace std declares begin(a) and end(a):
/// C++11 as published looked them up with std as an associated namespace,
/// and Visual C++ 2012 still did; DR 1442 took std out. A named range is
/// passed through ::ampcc_ms::std_range (ampcc/ms_prelude.h) with
/// ::std::begin(a) and ::std::end(a), found where the loop is written.
bool VisualCppRepairs::recordRangeForStdLookup(const Diagnostic &Info, const LangOptions &LO) {
  if (!MsHeaders || Info.getNumArgs() < 1 || Info.getNumRanges() < 1 ||
      Info.getArgKind(0) != DiagnosticsEngine::ak_qualtype)
    return false;
  const SourceManager &SM = Info.getSourceManager();
  CharSourceRange R = Lexer::makeFileCharRange(Info.getRange(0), SM, LO);
  if (R.isInvalid() || !editable(SM, R.getBegin()))
    return false;
  llvm::StringRef Text = Lexer::getSourceText(R, SM, LO);
  if (!isNamedRange(Text))
    return false;
  StdRanges.push_back({R.getBegin(), {}, Text.str(),
                       QualType::getFromOpaquePtr(reinterpret_cast<void *>(Info.getRawArg(0)))});
  return true;
}

/// "reference to 'istream' is ambiguous": a header's `class istream;`
/// (declared, never defined) beside the main file's `using std::istream;`.
/// Visual C++ takes the using-declaration's; so does the repair, which
/// qualifies the name as `::std::istream`.
bool VisualCppRepairs::recordAmbiguousName(const Diagnostic &Info) {
  if (Info.getNumArgs() < 1 || Info.getArgKind(0) != DiagnosticsEngine::ak_declarationname)
    return false;
  const SourceManager &SM = Info.getSourceManager();
  SourceLocation Loc = Info.getLocation();
  std::string Name = DeclarationName::getFromOpaqueInteger(Info.getRawArg(0)).getAsString();
  bool Invalid = false;
  const char *At = SM.getCharacterData(Loc, &Invalid);
  if (Invalid || Loc.isMacroID() || identifierAt(At) != Name)
    return false;
  AmbiguousNames.push_back({Loc, Name, {}, {}});
  return true;
}

/// An enumerator of a scoped enumeration named alone
/// (`string_split_options split_options = none`, `none` being
/// `string_split_options::none`), which Visual C++ 2012 accepts: qualified
/// with its enumeration when exactly one scoped enumeration declared before
/// the use, in a namespace around it, has an enumerator of that name.
/// (The caller, finishDeclaredLater, has checked that \p Loc is editable.)
bool VisualCppRepairs::qualifyScopedEnumerator(ASTContext &Ctx, const RepairSites &Sites,
                                               SourceLocation Loc, llvm::StringRef Name) {
  const SourceManager &SM = Ctx.getSourceManager();
  bool Invalid = false;
  const char *At = SM.getCharacterData(Loc, &Invalid);
  if (Invalid || Loc.isMacroID() || identifierAt(At) != Name)
    return false;
  auto Encloses = [&](const DeclContext *DC) {
    if (DC->isTranslationUnit())
      return true;
    const auto *NS = dyn_cast<NamespaceDecl>(DC);
    return NS && llvm::any_of(NS->redecls(), [&](const NamespaceDecl *Block) {
             return contains(SM, Block->getSourceRange(), Loc);
           });
  };
  const EnumDecl *Found = nullptr;
  for (const Decl *D : Sites.NamespaceScope) {
    const auto *ED = dyn_cast<EnumDecl>(D);
    if (!ED || !ED->isScoped() || !ED->isThisDeclarationADefinition() ||
        !SM.isBeforeInTranslationUnit(ED->getEndLoc(), Loc) || !Encloses(ED->getDeclContext()) ||
        llvm::none_of(ED->enumerators(),
                      [&](const EnumConstantDecl *E) { return E->getName() == Name; }))
      continue;
    if (Found)
      return false; // two candidates: not guessed
    Found = ED;
  }
  if (!Found)
    return false;
  std::string Qualified = Found->getQualifiedNameAsString();
  if (llvm::StringRef(Qualified).contains('('))
    return false; // in an anonymous namespace: no name to write
  if (!Warned.insert(Loc.getRawEncoding()).second)
    return true;
  addEdit(SM, Loc, 0, "::" + Qualified + "::");
  report(Ctx.getDiagnostics(), Loc, Diag::warn_vc_unqualified_enumerator) << Name << Qualified;
  return true;
}

void VisualCppRepairs::finishLookupRepairs(ASTContext &Ctx) {
  DiagnosticsEngine &Diags = Ctx.getDiagnostics();
  const SourceManager &SM = Ctx.getSourceManager();
  for (const NameUse &U : ReferenceMembers)
    report(Diags, U.Loc, Diag::warn_vc_static_member_through_reference)
        << U.Name << U.Text;
  ReferenceMembers.clear();

  for (const NameUse &U : AmbiguousNames) {
    const NamedDecl *Using = nullptr, *Declared = nullptr;
    for (const NamedDecl *ND : Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get(U.Name))) {
      if (const auto *Shadow = dyn_cast<UsingShadowDecl>(ND)) {
        if (Shadow->getTargetDecl()->getDeclContext()->isStdNamespace())
          Using = Shadow;
      } else if (const auto *RD = dyn_cast<CXXRecordDecl>(ND)) {
        if (!RD->hasDefinition())
          Declared = RD;
      }
    }
    if (!Using || !Declared || !Warned.insert(U.Loc.getRawEncoding()).second)
      continue;
    addEdit(SM, U.Loc, 0, "::std::");
    report(Diags, U.Loc, Diag::warn_vc_ambiguous_declared_class) << U.Name;
    report(Diags, Declared->getLocation(), Diag::note_vc_declared_class_here) << U.Name;
  }
  AmbiguousNames.clear();

  for (const NameUse &U : StdRanges) {
    if (!stdDeclaresBegin(Ctx, U.Type) || !Warned.insert(U.Loc.getRawEncoding()).second)
      continue;
    addEdit(SM, U.Loc, U.Text.size(),
            "::ampcc_ms::std_range(::std::begin(" + U.Text + "), ::std::end(" + U.Text + "))");
    report(Diags, U.Loc, Diag::warn_vc_range_for_std_lookup)
        << U.Type.getNonReferenceType().getUnqualifiedType();
  }
  StdRanges.clear();
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

} // namespace ampcc
