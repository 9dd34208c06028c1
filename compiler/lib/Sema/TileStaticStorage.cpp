//===- TileStaticStorage.cpp - tile_static objects are not constructed ---===//
//
// The `ampcc_tile_static` attribute (see the header for why).
//
//===----------------------------------------------------------------------===//
#include "ampcc/Sema/TileStaticStorage.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/Basic/ParsedAttrInfo.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace {

/// The aliasee's name: never emitted.
constexpr llvm::StringLiteral UnconstructedMark = "__ampcc_tile_static";

/// Whether the declarator is followed by an initializer, which is an error
/// the restriction checker reports (and which Clang would report again as
/// an alias with a definition). The attribute is handled before the parser
/// reads past the declarator, so this looks at the token after it.
bool hasInitializer(Sema &S, const VarDecl *VD) {
  const SourceManager &SM = S.getSourceManager();
  SourceLocation End = SM.getExpansionLoc(VD->getEndLoc());
  std::optional<Token> Next = Lexer::findNextToken(End, SM, S.getLangOpts());
  return Next && Next->isOneOf(tok::equal, tok::l_paren, tok::l_brace);
}

struct TileStaticAttrInfo : public ParsedAttrInfo {
  TileStaticAttrInfo() {
    static constexpr Spelling S[] = {{ParsedAttr::AS_GNU, "ampcc_tile_static"}};
    Spellings = S;
  }

  bool diagAppertainsToDecl(Sema &S, const ParsedAttr &Attr,
                            const Decl *D) const override {
    // Anything but a variable is reported by the restriction checker, as
    // `tile_static` on it (the shared attribute beside this one says so).
    return true;
  }

  AttrHandling handleDeclAttribute(Sema &S, Decl *D,
                                   const ParsedAttr &Attr) const override {
    auto *VD = dyn_cast<VarDecl>(D);
    // Only a local object: a tile_static elsewhere is an error of its own,
    // and a reference or pointer has nothing to construct.
    if (!VD || !VD->isLocalVarDecl() || VD->getType()->isReferenceType() ||
        hasInitializer(S, VD))
      return AttributeApplied;
    VD->addAttr(AliasAttr::CreateImplicit(S.Context, UnconstructedMark,
                                          Attr.getRange()));
    return AttributeApplied;
  }
};

} // namespace

static ParsedAttrInfoRegistry::Add<TileStaticAttrInfo>
    TileStaticAttr("ampcc_tile_static",
                   "tile_static objects are neither constructed nor destroyed");

namespace ampcc {

void linkTileStaticAttribute() {}

} // namespace ampcc
