//===- TypedefRestrictions.cpp - restrict(...) on function typedefs -----===//
//
// See TypedefRestrictions.h. The specifier's position comes from the
// preprocessor, not from the text: `typedef int (F)() __GPU;` with
// `#define __GPU restrict(cpu, amp)` expands `restrict` inside `__GPU`, and
// the expansion location of that `restrict` is where `__GPU` is written,
// the token after the typedef's declarator.
//
//===----------------------------------------------------------------------===//
#include "ampcc/Sema/TypedefRestrictions.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclGroup.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroArgs.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace ampcc {

unsigned restrictionListBits(llvm::ArrayRef<Token> List) {
  unsigned Bits = 0;
  for (const Token &T : List)
    if (const IdentifierInfo *Name = T.getIdentifierInfo()) {
      if (Name->getName() == "cpu")
        Bits |= TypedefRestrictions::Cpu;
      else if (Name->getName() == "amp" || Name->getName() == "direct3d")
        Bits |= TypedefRestrictions::Amp;
    }
  return Bits;
}

namespace {

/// Records every expansion of restrict(...) with the sides it lists.
class RestrictLog : public PPCallbacks {
public:
  RestrictLog(const SourceManager &SM,
              std::shared_ptr<llvm::DenseMap<unsigned, unsigned>> Written)
      : SM(SM), Written(std::move(Written)) {}

  void MacroExpands(const Token &NameTok, const MacroDefinition &MD, SourceRange,
                    const MacroArgs *Args) override {
    const IdentifierInfo *II = NameTok.getIdentifierInfo();
    const MacroInfo *MI = MD.getMacroInfo();
    if (!II || II->getName() != "restrict" || !MI || !MI->isFunctionLike() || !Args)
      return;
    const Token *List = Args->getUnexpArgument(0);
    unsigned Bits =
        List ? restrictionListBits(llvm::ArrayRef(List, MacroArgs::getArgLength(List))) : 0;
    if (Bits)
      (*Written)[SM.getExpansionLoc(NameTok.getLocation()).getRawEncoding()] = Bits;
  }

private:
  const SourceManager &SM;
  std::shared_ptr<llvm::DenseMap<unsigned, unsigned>> Written;
};

} // namespace

TypedefRestrictions::TypedefRestrictions(Preprocessor &PP)
    : PP(PP), Written(std::make_shared<llvm::DenseMap<unsigned, unsigned>>()) {
  PP.addPPCallbacks(std::make_unique<RestrictLog>(PP.getSourceManager(), Written));
}

unsigned TypedefRestrictions::restrictionOf(const TypedefNameDecl *TD, SourceLocation &At) {
  const TypeSourceInfo *TSI = TD->getTypeSourceInfo();
  if (!TSI || !TD->getUnderlyingType()->isFunctionType() || Written->empty())
    return 0;
  const SourceManager &SM = PP.getSourceManager();
  SourceLocation Loc = SM.getExpansionLoc(TSI->getTypeLoc().getEndLoc());
  // The specifier follows the parameter list and what may stand between
  // (cv and ref qualifiers, an exception specification), before the end
  // of the declarator.
  for (int Steps = 0; Loc.isValid() && Steps < 16; ++Steps) {
    std::optional<Token> Tok = Lexer::findNextToken(Loc, SM, PP.getLangOpts());
    if (!Tok || Tok->isOneOf(tok::semi, tok::comma, tok::l_brace, tok::equal, tok::eof))
      return 0;
    auto It = Written->find(Tok->getLocation().getRawEncoding());
    if (It != Written->end()) {
      At = Tok->getLocation();
      return It->second;
    }
    Loc = Tok->getLocation();
  }
  return 0;
}

unsigned TypedefRestrictions::throughTypedef(const FunctionDecl *FD, SourceLocation &At) {
  const TypeSourceInfo *TSI = FD->getTypeSourceInfo();
  if (!TSI || FD->hasAttr<CUDAHostAttr>() || FD->hasAttr<CUDADeviceAttr>())
    return 0;
  // The nearest typedef that was written with a restriction gives it
  // (`typedef F G;` keeps F's).
  QualType T = TSI->getType();
  while (const auto *TT = T->getAs<TypedefType>()) {
    if (unsigned Bits = restrictionOf(TT->getDecl(), At))
      return Bits;
    T = TT->desugar();
  }
  return 0;
}

void TypedefRestrictions::infer(Decl *D, HonouredFn OnHonoured) {
  // The typedef itself keeps its restriction for the functions to come, so
  // Clang's "does not apply" is wrong for it, used or not.
  if (const auto *TD = dyn_cast_or_null<TypedefNameDecl>(D)) {
    SourceLocation At;
    if (OnHonoured && restrictionOf(TD, At))
      OnHonoured(At);
    return;
  }
  auto *FD = dyn_cast_or_null<FunctionDecl>(D);
  SourceLocation At;
  unsigned Bits = FD ? throughTypedef(FD, At) : 0;
  if (!Bits)
    return;
  ASTContext &Ctx = FD->getASTContext();
  if (Bits & Amp)
    FD->addAttr(CUDADeviceAttr::CreateImplicit(Ctx));
  if (Bits & Cpu)
    FD->addAttr(CUDAHostAttr::CreateImplicit(Ctx));
  if (OnHonoured)
    OnHonoured(At);
}

void TypedefRestrictions::findInNamespaces(
    llvm::ArrayRef<Decl *> Roots,
    llvm::function_ref<void(const FunctionDecl *, unsigned)> Found) {
  if (Written->empty())
    return;
  std::vector<const DeclContext *> Work;
  for (const Decl *Root : Roots) {
    if (isa<NamespaceDecl>(Root))
      Work.push_back(cast<DeclContext>(Root));
    else if (const auto *TU = dyn_cast<TranslationUnitDecl>(Root))
      for (const Decl *D : TU->decls())
        if (isa<NamespaceDecl>(D))
          Work.push_back(cast<DeclContext>(D));
  }
  while (!Work.empty()) {
    const DeclContext *DC = Work.back();
    Work.pop_back();
    for (const Decl *D : DC->decls()) {
      if (isa<NamespaceDecl, LinkageSpecDecl>(D))
        Work.push_back(cast<DeclContext>(D));
      else if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
        SourceLocation At;
        if (unsigned Bits = throughTypedef(FD, At))
          Found(FD, Bits);
      }
    }
  }
}

void TypedefRestrictions::inferInGroup(DeclGroupRef G, HonouredFn OnHonoured) {
  for (Decl *D : G)
    infer(D, OnHonoured);
}

void TypedefRestrictions::inferInClass(TagDecl *D, HonouredFn OnHonoured) {
  if (auto *RD = dyn_cast<CXXRecordDecl>(D))
    for (Decl *Member : RD->decls())
      infer(Member, OnHonoured);
}

} // namespace ampcc
