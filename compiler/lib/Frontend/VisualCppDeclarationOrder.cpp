//===- VisualCppDeclarationOrder.cpp - names used before their declaration ===//
//
// Visual C++ 2012 looks the names of a template up when it is instantiated,
// and makes a friend function defined in a class visible to ordinary lookup;
// Clang looks names up where they are written, and finds such a friend only
// through its arguments' classes. So programs use names before (or without)
// a declaration that C++17 can see. The repairs here give Clang one: the
// later declaration moved before the template that uses it, a forward
// declaration of a class template where two templates use each other, and
// a namespace-scope declaration of the friend before its class. Inserted
// text sits between #line directives, so every line keeps its number.
//
//===----------------------------------------------------------------------===//
#include "ampcc/Frontend/VisualCppRepairs.h"
#include "RepairSites.h"

#include "ampcc/Support/Diagnostics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclFriend.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace ampcc {

namespace {
/// The end of \p D's text, after its `;` if one follows.
SourceLocation endWithSemi(const Decl *D, const SourceManager &SM, const LangOptions &LO) {
  SourceLocation End = Lexer::getLocForEndOfToken(D->getEndLoc(), 0, SM, LO);
  if (End.isInvalid())
    return End;
  std::optional<Token> Next = Lexer::findNextToken(D->getEndLoc(), SM, LO);
  if (Next && Next->is(tok::semi))
    return Next->getEndLoc();
  return End;
}

/// The text that reopens, around a declaration moved out of the namespace
/// blocks between \p Inner and \p Outer, those namespaces (`namespace
/// detail {` and its `}`); false where \p Inner is not inside \p Outer.
bool reopenNamespaces(const DeclContext *Inner, const DeclContext *Outer,
                      std::string &Open, std::string &Close) {
  for (const DeclContext *DC = Inner; !DC->Equals(Outer); DC = DC->getParent()) {
    const auto *NS = dyn_cast<NamespaceDecl>(DC);
    if (!NS)
      return false;
    Open = (NS->isInline() ? "inline namespace " : "namespace ") + NS->getName().str() +
           " { " + Open;
    Close += " }";
  }
  return true;
}

/// Does the definition of \p D name the class or function template
/// \p Target (or, for a partial specialization, its primary template)?
class NamesTemplate : public RecursiveASTVisitor<NamesTemplate> {
public:
  explicit NamesTemplate(const Decl *Target) {
    if (const auto *PS = dyn_cast<ClassTemplatePartialSpecializationDecl>(Target))
      Target = PS->getSpecializedTemplate();
    this->Target = Target->getCanonicalDecl();
  }
  bool VisitTemplateSpecializationType(TemplateSpecializationType *T) {
    if (const TemplateDecl *TD = T->getTemplateName().getAsTemplateDecl())
      Found |= TD->getCanonicalDecl() == Target;
    return !Found;
  }
  bool VisitOverloadExpr(OverloadExpr *E) {
    for (const NamedDecl *ND : E->decls())
      Found |= ND->getUnderlyingDecl()->getCanonicalDecl() == Target;
    return !Found;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const FunctionDecl *FD = E->getDecl()->getAsFunction())
      if (const FunctionTemplateDecl *FT = FD->getPrimaryTemplate())
        Found |= FT->getCanonicalDecl() == Target;
    return !Found;
  }
  bool Found = false;

private:
  const Decl *Target;
};

bool names(const Decl *D, const Decl *Target) {
  NamesTemplate V(Target);
  V.TraverseDecl(const_cast<Decl *>(D));
  return V.Found;
}

/// A declaration of class template \p CTD (`template <int N> struct S;`),
/// or "" where its parameters have default arguments (which a declaration
/// before the definition would have to take over) or come from a macro.
std::string forwardDeclaration(const ClassTemplateDecl *CTD, const SourceManager &SM,
                               const LangOptions &LO) {
  const TemplateParameterList *Params = CTD->getTemplateParameters();
  for (const NamedDecl *P : *Params)
    if ((isa<TemplateTypeParmDecl>(P) && cast<TemplateTypeParmDecl>(P)->hasDefaultArgument()) ||
        (isa<NonTypeTemplateParmDecl>(P) && cast<NonTypeTemplateParmDecl>(P)->hasDefaultArgument()) ||
        (isa<TemplateTemplateParmDecl>(P) && cast<TemplateTemplateParmDecl>(P)->hasDefaultArgument()))
      return "";
  SourceRange R(Params->getTemplateLoc(), Params->getRAngleLoc());
  if (R.getBegin().isMacroID() || R.getEnd().isMacroID())
    return "";
  llvm::StringRef Header = Lexer::getSourceText(CharSourceRange::getTokenRange(R), SM, LO);
  if (Header.empty())
    return "";
  return Header.str() + " " + CTD->getTemplatedDecl()->getKindName().str() + " " +
         CTD->getName().str() + ";";
}

/// Is a class, enumeration or typedef that \p FD's declaration names
/// declared inside \p Outer (so that a declaration before \p Outer could
/// not name it)?
class NamesTypeWithin : public RecursiveASTVisitor<NamesTypeWithin> {
public:
  NamesTypeWithin(const SourceManager &SM, SourceRange Outer) : SM(SM), Outer(Outer) {}
  bool VisitTagType(TagType *T) { return check(T->getDecl()); }
  bool VisitTypedefType(TypedefType *T) { return check(T->getDecl()); }
  bool VisitTemplateSpecializationType(TemplateSpecializationType *T) {
    return check(T->getTemplateName().getAsTemplateDecl());
  }
  bool Found = false;

private:
  bool check(const Decl *D) {
    Found |= D && contains(SM, Outer, D->getCanonicalDecl()->getLocation());
    return !Found;
  }
  const SourceManager &SM;
  SourceRange Outer;
};

/// A #line directive, on a line of its own, that gives the next line the
/// number and file \p At has (as the user's file has them: an earlier round
/// of repairs may have moved text with #line already).
std::string lineDirective(const SourceManager &SM, SourceLocation At) {
  PresumedLoc P = SM.getPresumedLoc(At);
  return "\n#line " + std::to_string(P.getLine()) + " \"" + P.getFilename() + "\"\n";
}
} // namespace

/// \p Text, from \p From in the user's file, after a #line directive that
/// gives it that line's number.
std::string VisualCppRepairs::lineMarked(const SourceManager &SM, llvm::StringRef Text,
                                         SourceLocation From) {
  return lineDirective(SM, From) + Text.str() + "\n";
}

/// Inserts \p Text (lineMarked), in the namespaces \p Open and \p Close
/// name, just before \p Before: at the start of its line when only blanks
/// precede it there, followed by a #line directive that gives the rest its
/// own numbers again.
void VisualCppRepairs::insertBefore(const SourceManager &SM, const Decl *Before,
                                    llvm::StringRef Open, llvm::StringRef Close,
                                    llvm::StringRef Text) {
  SourceLocation Start = Before->getBeginLoc();
  unsigned Line = SM.getSpellingLineNumber(Start);
  SourceLocation LineStart = SM.translateLineCol(SM.getFileID(Start), Line, 1);
  llvm::StringRef Buf = SM.getBufferData(SM.getFileID(Start));
  llvm::StringRef Indent =
      Buf.substr(SM.getFileOffset(LineStart), SM.getFileOffset(Start) - SM.getFileOffset(LineStart));
  SourceLocation At = llvm::all_of(Indent, isWhitespace) ? LineStart : Start;
  addEdit(SM, At, 0, Open.str() + Text.str() + Close.str() + lineDirective(SM, At));
}

/// Visual C++ looks names in templates up when they are instantiated, so a
/// class template may use a constant or a class template declared after it
/// (`enum { value = count<N, bit32>::value };` before `static const
/// unsigned bit32 = ...;`), also in a later block of a nested namespace
/// (`detail::bit_at<N>` before `namespace detail { ... }`). Clang looks
/// them up at the definition. The later declaration (a variable, class,
/// class template or typedef) is moved to just before the template that
/// uses it, in its namespaces reopened there. A later class template that
/// itself names the template using it (two templates that use each other)
/// cannot move before it: a declaration of it goes there instead. A name
/// that a friend function defined in a class declares is declared before
/// that class (declareFriends).
void VisualCppRepairs::finishDeclaredLater(ASTContext &Ctx, const RepairSites &Sites) {
  if (DeclaredLater.empty())
    return;
  DiagnosticsEngine &Diags = Ctx.getDiagnostics();
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  // First which declaration each use wants moved before which template.
  struct Move {
    const LaterName *Use;
    const Decl *User, *Later;
  };
  std::vector<Move> Moves;
  llvm::DenseSet<const Decl *> Movers;
  FriendDeclarations Friends;
  for (const LaterName &Use : DeclaredLater) {
    SourceLocation Loc = Use.Loc;
    // A dependent base's type named as an expression would be (a template
    // argument, `get_real_type<promoted_type>`), or its member.
    if (!Use.Scope && editable(SM, Loc) &&
        (qualifyScopedEnumerator(Ctx, Sites, Loc, Use.Name) ||
         qualifyDependentBaseType(Ctx, Sites, Loc, Use.Name) ||
         qualifyDependentBaseMember(Ctx, Sites, Loc, Use.Name)))
      continue;
    // The namespace-scope declaration whose definition holds the use.
    const Decl *User = Sites.namespaceScopeAround(SM, Loc);
    if (!Use.Scope && User && declareFriends(Ctx, Sites, Use, User, Friends))
      continue;
    if (!User || !(isa<ClassTemplateDecl>(User) || isa<FunctionTemplateDecl>(User) ||
                   isa<ClassTemplatePartialSpecializationDecl>(User)))
      continue;
    const DeclContext *Where = Use.Scope ? Use.Scope : User->getDeclContext();
    const Decl *Later = nullptr;
    for (const NamedDecl *ND : Where->lookup(&Ctx.Idents.get(Use.Name))) {
      const Decl *D = ND;
      if (const auto *RD = dyn_cast<CXXRecordDecl>(D); RD && RD->getDescribedClassTemplate())
        D = RD->getDescribedClassTemplate();
      bool Kind = isa<ClassTemplateDecl>(D) || isa<CXXRecordDecl>(D) ||
                  isa<TypedefNameDecl>(D) || isa<EnumDecl>(D) ||
                  (isa<VarDecl>(D) && cast<VarDecl>(D)->hasInit());
      if (Kind && SM.isBeforeInTranslationUnit(User->getEndLoc(), D->getBeginLoc()) &&
          SM.getFileID(D->getBeginLoc()) == SM.getFileID(User->getBeginLoc()))
        Later = D;
    }
    if (Later && Movers.insert(Later).second)
      Moves.push_back({&Use, User, Later});
  }
  for (auto [Use, User, Later] : Moves) {
    SourceLocation Loc = Use->Loc;
    // A template that moves itself this round may need its own later names
    // again where it lands: the next round sees them there.
    if (Movers.count(User) || !editable(SM, Later->getBeginLoc()) ||
        !editable(SM, User->getBeginLoc()))
      continue;
    // Moved out of its namespace block: the namespaces between it and the
    // template's are reopened around it.
    std::string Open, Close;
    if (!reopenNamespaces(Later->getDeclContext(), User->getDeclContext(), Open, Close))
      continue;
    // Two class templates that use each other: the later one is declared
    // before the first (its definition stays where it is).
    if (const auto *CTD = dyn_cast<ClassTemplateDecl>(Later); CTD && names(CTD, User)) {
      std::string Declaration = forwardDeclaration(CTD, SM, LO);
      if (Declaration.empty())
        continue;
      insertBefore(SM, User, Open, Close, lineMarked(SM, Declaration, Later->getBeginLoc()));
      if (Warned.insert(Loc.getRawEncoding()).second)
        report(Diags, Loc, Diag::warn_vc_declared_later) << Use->Name << 1;
      continue;
    }
    // One declarator only (`static const int a = 1, b = 2;` stays).
    if (const auto *VD = dyn_cast<VarDecl>(Later)) {
      std::optional<Token> Next = Lexer::findNextToken(VD->getEndLoc(), SM, LO);
      if (!Next || Next->isNot(tok::semi))
        continue;
    }
    SourceLocation Begin = Later->getBeginLoc();
    SourceLocation End = endWithSemi(Later, SM, LO);
    if (Begin.isMacroID() || End.isInvalid() || End.isMacroID())
      continue;
    unsigned B = SM.getFileOffset(Begin), E = SM.getFileOffset(End);
    // Not if another repair edits the text being moved.
    std::string File = editAt(SM, Begin, 0, "").File;
    if (llvm::any_of(Edits, [&](const SourceEdit &Ed) {
          return Ed.File == File && Ed.Offset >= B && Ed.Offset < E;
        }))
      continue;
    llvm::StringRef Text = SM.getBufferData(SM.getFileID(Begin)).substr(B, E - B);
    // Where it was: as many line breaks as it had.
    addEdit(SM, Begin, E - B, std::string(Text.count('\n'), '\n'));
    insertBefore(SM, User, Open, Close, lineMarked(SM, Text, Begin));
    if (Warned.insert(Loc.getRawEncoding()).second)
      report(Diags, Loc, Diag::warn_vc_declared_later) << Use->Name << 0;
  }
  // Every friend declared before its class in one edit (edits at one
  // place are one).
  for (const auto &[Outer, Text] : Friends.Text)
    insertBefore(SM, Outer, "", "", Text);
  DeclaredLater.clear();
}

/// Visual C++ (before /permissive-) finds a friend function defined in a
/// class by ordinary lookup, as if the enclosing namespace declared it;
/// C++ finds it only through the classes of its arguments. A call to such
/// a friend whose arguments are other classes (`shade(hit.matte, ...)` in
/// the class's own member functions) gets a declaration of every friend
/// of that name at namespace scope, before the outermost class around it,
/// where the types it names are declared already. \p Declared holds the
/// friends declared this round and their text, by class.
bool VisualCppRepairs::declareFriends(ASTContext &Ctx, const RepairSites &Sites,
                                      const LaterName &Use, const Decl *User,
                                      FriendDeclarations &Declared) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  for (const CXXRecordDecl *RD : Sites.Records) {
    // Classes as written (no instantiations; a template's friends are
    // templated too) and visible where the name is used.
    if (!RD->isThisDeclarationADefinition() || RD->isDependentContext() ||
        isa<ClassTemplateSpecializationDecl>(RD) || RD->isLocalClass())
      continue;
    // The name first: comparing locations across files is slow, and a
    // translation unit with the standard headers has thousands of classes
    // (25 undeclared names took a minute).
    if (llvm::none_of(RD->friends(), [&](const FriendDecl *F) {
          const auto *FD = dyn_cast_or_null<FunctionDecl>(F->getFriendDecl());
          return FD && FD->getDeclName().isIdentifier() && FD->getName() == Use.Name;
        }))
      continue;
    if (SM.isBeforeInTranslationUnit(Use.Loc, RD->getBeginLoc()))
      continue;
    const Decl *Outer = Sites.namespaceScopeAround(SM, RD->getLocation());
    if (!Outer || !isa<CXXRecordDecl>(Outer) || !editable(SM, Outer->getBeginLoc()) ||
        !Outer->getDeclContext()->Encloses(User->getDeclContext()) ||
        SM.isBeforeInTranslationUnit(Use.Loc, Outer->getBeginLoc()) ||
        (User != Outer && SM.isBeforeInTranslationUnit(User->getBeginLoc(), Outer->getEndLoc())))
      continue;
    std::vector<std::pair<const FunctionDecl *, std::string>> Found;
    bool Usable = true;
    for (const FriendDecl *F : RD->friends()) {
      const auto *FD = dyn_cast_or_null<FunctionDecl>(F->getFriendDecl());
      if (!FD || !FD->getDeclName().isIdentifier() || FD->getName() != Use.Name)
        continue;
      // A definition in the class, the only declaration, in the namespace
      // of the class around it, its types declared before that class, no
      // default arguments (a redeclaration cannot repeat them).
      const Stmt *Body = FD->getBody();
      NamesTypeWithin Within(SM, Outer->getSourceRange());
      if (const TypeSourceInfo *TSI = FD->getTypeSourceInfo())
        Within.TraverseTypeLoc(TSI->getTypeLoc());
      // Its text up to the body, without `friend` (which may come after
      // `inline`).
      SourceLocation Begin = FD->getOuterLocStart(), Friend = F->getFriendLoc();
      if (!Body || FD->getPreviousDecl() || FD->getDescribedFunctionTemplate() ||
          !FD->getDeclContext()->Equals(Outer->getDeclContext()) || Within.Found ||
          Begin.isMacroID() || Friend.isMacroID() || Body->getBeginLoc().isMacroID() ||
          SM.isBeforeInTranslationUnit(Friend, Begin) ||
          llvm::any_of(FD->parameters(), [](const ParmVarDecl *P) { return P->hasDefaultArg(); })) {
        Usable = false;
        break;
      }
      SourceLocation AfterFriend = Lexer::getLocForEndOfToken(Friend, 0, SM, LO);
      std::string Text =
          Lexer::getSourceText(CharSourceRange::getCharRange(Begin, Friend), SM, LO).str() +
          Lexer::getSourceText(CharSourceRange::getCharRange(AfterFriend, Body->getBeginLoc()), SM, LO)
              .rtrim()
              .str();
      Found.push_back({FD, Text});
    }
    if (!Usable || Found.empty())
      continue;
    for (const auto &[FD, Text] : Found)
      if (Declared.Functions.insert(FD).second)
        Declared.Text[Outer] += lineMarked(SM, Text + ";", FD->getOuterLocStart());
    if (Warned.insert(Use.Loc.getRawEncoding()).second)
      report(Ctx.getDiagnostics(), Use.Loc, Diag::warn_vc_friend_injected) << Use.Name << RD;
    return true;
  }
  return false;
}

} // namespace ampcc
