//===- SpecifierRules.cpp - checks on restrict(...) itself --------------===//
#include "ampcc/Lex/SpecifierRules.h"


#include "ampcc/Support/Diagnostics.h"

#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroArgs.h"
#include "clang/Lex/MacroInfo.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace ampcc {

namespace {

/// What an unknown specifier most likely meant: a known one to suggest, and
/// the attributes to parse it as meanwhile.
struct Intent {
  const char *Suggest; ///< Null: no suggestion.
  const char *Attrs;   ///< Attribute names for __attribute__((...)).
};

Intent intentOf(StringRef Name) {
  return llvm::StringSwitch<Intent>(Name)
      .Cases("gpu", "device", "accelerator", "kernel", {"amp", "device"})
      .Cases("AMP", "Amp", {"amp", "device"})
      .Cases("host", "CPU", "Cpu", {"cpu", "host"})
      .Default({nullptr, "host, device"});
}

class SpecifierChecker : public PPCallbacks {
public:
  SpecifierChecker(Preprocessor &PP, StringRef OriginalMainText,
                   MalformedSpecifierHandler OnMalformed)
      : PP(PP), Original(OriginalMainText), OnMalformed(std::move(OnMalformed)) {}

  void MacroExpands(const Token &NameTok, const MacroDefinition &MD, SourceRange Range,
                    const MacroArgs *Args) override {
    const IdentifierInfo *II = NameTok.getIdentifierInfo();
    const MacroInfo *MI = MD.getMacroInfo();
    if (!II || II->getName() != "restrict" || !MI || !MI->isFunctionLike() || !Args)
      return;
    std::vector<Token> Toks;
    for (const Token *T = Args->getUnexpArgument(0); T && T->isNot(tok::eof); ++T)
      Toks.push_back(*T);
    SourceManager &SM = PP.getSourceManager();
    // A malformed list in the main file was blanked to underscores before
    // parsing (SpecifierReorder.h): read what the user wrote.
    if (Toks.size() == 1 && Toks[0].getIdentifierInfo() && !Original.empty() &&
        Toks[0].getIdentifierInfo()->getName().find_first_not_of('_') == StringRef::npos &&
        Toks[0].getLocation().isFileID() && SM.isInMainFile(Toks[0].getLocation())) {
      defineRecovery(Toks[0].getIdentifierInfo()->getName(), "host, device",
                     Toks[0].getLocation());
      Toks = relex(Toks[0].getLocation(), Toks[0].getLength());
    }
    // Split the single variadic argument at top-level commas.
    std::vector<std::vector<Token>> Items(1);
    for (const Token &T : Toks) {
      if (T.is(tok::comma))
        Items.emplace_back();
      else
        Items.back().push_back(T);
    }
    DiagnosticsEngine &DE = PP.getDiagnostics();
    SourceLocation Loc = NameTok.getLocation();
    bool Bad = false;
    if (Items.size() == 1 && Items[0].empty()) {
      report(DE, Loc, Diag::err_restrict_empty_specifier);
      defineRecovery("", "host, device", Loc);
      Bad = true;
    } else if (Items.size() > 8) {
      // More than restrict.h spells out; only repeats could get here.
      report(DE, Loc, Diag::err_restrict_malformed_specifier) << Range;
      Bad = true;
    } else {
      llvm::StringSet<> Seen;
      for (const std::vector<Token> &Item : Items) {
        if (Item.size() != 1 || !isIdent(Item[0])) {
          report(DE, Item.empty() ? Loc : Item[0].getLocation(),
                 Diag::err_restrict_malformed_specifier)
              << Range;
          Bad = true;
          continue;
        }
        const Token &T = Item[0];
        std::string Name = spelling(T);
        // The Visual Studio 11 Developer Preview spelled amp `direct3d`
        // (ampcc/restrict.h parses it as amp); programs of that time
        // still do, some through `#define amp direct3d`.
        if (Name == "direct3d") {
          report(DE, T.getLocation(), Diag::warn_restrict_developer_preview_specifier)
              << FixItHint::CreateReplacement(SourceRange(T.getLocation()), "amp");
          Name = "amp";
        }
        if (Name == "cpu" || Name == "amp") {
          if (!Seen.insert(Name).second)
            report(DE, T.getLocation(), Diag::warn_restrict_duplicate_specifier) << Name;
          continue;
        }
        Intent I = intentOf(Name);
        report(DE, T.getLocation(), Diag::err_restrict_unknown_specifier)
            << Name << SourceRange(T.getLocation());
        if (I.Suggest)
          report(DE, T.getLocation(), Diag::note_restrict_did_you_mean)
              << I.Suggest
              << FixItHint::CreateReplacement(SourceRange(T.getLocation()), I.Suggest);
        if (T.getIdentifierInfo()) // else: blanked, already defined
          defineRecovery(Name, I.Attrs, T.getLocation());
        Bad = true;
      }
    }
    if (Bad && OnMalformed)
      OnMalformed(SourceRange(SM.getExpansionLoc(Range.getBegin()),
                              SM.getExpansionLoc(Range.getEnd())));
  }

private:
  static bool isIdent(const Token &T) {
    return T.getIdentifierInfo() || T.is(tok::raw_identifier);
  }
  std::string spelling(const Token &T) const {
    if (T.is(tok::raw_identifier))
      return T.getRawIdentifier().str();
    return T.getIdentifierInfo()->getName().str();
  }
  /// The user's tokens at [Loc, Loc + Len) of the main file, in raw mode.
  std::vector<Token> relex(SourceLocation Loc, unsigned Len) {
    SourceManager &SM = PP.getSourceManager();
    StringRef Text = Original;
    unsigned Off = SM.getFileOffset(Loc);
    std::vector<Token> Out;
    if (Off + Len > Text.size())
      return Out;
    SourceLocation Start = SM.getLocForStartOfFile(SM.getMainFileID());
    // The lexer needs the buffer's terminating NUL: lex from Off to the end
    // of the file and stop after Len characters.
    Lexer L(Start, PP.getLangOpts(), Text.begin(), Text.begin() + Off, Text.end());
    Token T;
    while (true) {
      bool AtEnd = L.LexFromRawLexer(T);
      if (T.is(tok::eof) || SM.getFileOffset(T.getLocation()) >= Off + Len)
        break;
      Out.push_back(T);
      if (AtEnd)
        break;
    }
    return Out;
  }

private:
  /// Defines AMPCC_RESTRICTION_<Name> (what restrict.h pastes the specifier
  /// into) as __attribute__((<Attrs>)), so that parsing goes on. The body
  /// is lexed from Clang's scratch buffer, as _Pragma's text is, so that
  /// each token has its spelling and length: the tokens were once built by
  /// hand with length 0, and a stringified macro argument holding the
  /// expansion (`#x`, as assert and gtest's EXPECT_EQ write) copied each
  /// identifier's name into the room its length made, none: a heap
  /// overflow (found by ampcc-fuzz, 2026-12-02).
  void defineRecovery(StringRef Name, StringRef Attrs, SourceLocation Loc) {
    IdentifierInfo *Macro = PP.getIdentifierInfo(("AMPCC_RESTRICTION_" + Name).str());
    if (PP.isMacroDefined(Macro))
      return;
    std::string Text = ("__attribute__((" + Attrs + "))").str();
    Token Scratch;
    Scratch.startToken();
    PP.CreateString(Text, Scratch);
    // The scratch buffer ends each string with a NUL, as the lexer needs.
    const char *Start = PP.getSourceManager().getCharacterData(Scratch.getLocation());
    Lexer L(Scratch.getLocation(), PP.getLangOpts(), Start, Start, Start + Text.size());
    std::vector<Token> Body;
    Token T;
    while (true) {
      bool AtEnd = L.LexFromRawLexer(T);
      if (T.is(tok::eof))
        break;
      if (T.is(tok::raw_identifier))
        PP.LookUpIdentifierInfo(T);
      Body.push_back(T);
      if (AtEnd)
        break;
    }
    MacroInfo *MI = PP.AllocateMacroInfo(Loc);
    MI->setTokens(Body, PP.getPreprocessorAllocator());
    PP.appendDefMacroDirective(Macro, MI);
  }

  Preprocessor &PP;
  StringRef Original;
  MalformedSpecifierHandler OnMalformed;
};

} // namespace

std::unique_ptr<PPCallbacks> createSpecifierChecker(Preprocessor &PP,
                                                    StringRef OriginalMainText,
                                                    MalformedSpecifierHandler OnMalformed) {
  return std::make_unique<SpecifierChecker>(PP, OriginalMainText, std::move(OnMalformed));
}

} // namespace ampcc
