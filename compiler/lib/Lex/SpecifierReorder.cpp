//===- SpecifierReorder.cpp - restrict(...) where Clang accepts it --------===//
//
// The token pass's entry point: the main file's tokens (Clang's lexer in
// raw mode, directives apart), their matching brackets, and the result
// assembled from the edits the other two files make.
//
//===----------------------------------------------------------------------===//
#include "ampcc/Lex/SpecifierReorder.h"
#include "Reorderer.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace ampcc {
namespace reorder {

int parseList(const std::vector<std::string> &Names) {
  int Mask = 0;
  for (const std::string &N : Names) {
    if (N == "cpu")
      Mask |= 1;
    else if (N == "amp")
      Mask |= 2;
    else
      return -1;
  }
  return Mask ? Mask : -1;
}

const char *autoMacro(int Mask) {
  switch (Mask) {
  case 1:
    return "_Rc_";
  case 2:
    return "_Ra_";
  default:
    return "_Rb_";
  }
}
const char *autoMacroValue(int Mask) {
  switch (Mask) {
  case 1:
    return "auto restrict(cpu)";
  case 2:
    return "auto restrict(amp)";
  default:
    return "auto restrict(cpu, amp)";
  }
}

ReorderResult Reorderer::run() {
  lex();
  if (Known)
    for (const auto &[Name, M] : *Known)
      if (M.Kind == SpecifierMacro::Restriction && !Aliases.count(Name))
        Aliases[Name] = M.Mask;
  match();
  renameContextual();
  blankMalformed();
  findUnknownQualifiers();
  for (size_t I = 0; I < Code.size(); ++I) {
    size_t End;
    if (isGroup(I, End) && !Done.count(I)) {
      Done.insert(I);
      if (isFunctionTypeGroup(I))
        blank(I, End);
      else
        handle(I, End);
    }
  }
  ReorderResult R;
  R.NeedsMacros = NeedsMacros;
  // Misplaced specifiers are reported where the parsed text has them (a
  // moved one is at its new offset; diagnostics map it back through Moves).
  for (ReorderResult::Misplaced M : Misplacements) {
    for (const auto &[EditOff, Mv] : PendingMoves)
      if (Mv.OrigOff == M.Off)
        M.Off = Mv.NewOff + static_cast<unsigned>(shiftBefore(EditOff));
    R.Misplacements.push_back(M);
  }
  if (Edits.empty())
    return R;
  R.Changed = true;
  R.Text = Src.str();
  for (auto It = Edits.rbegin(); It != Edits.rend(); ++It)
    R.Text.replace(It->first, It->second.first, It->second.second);
  R.SameLayout = R.Text.size() == Src.size();
  for (size_t I = 0; R.SameLayout && I < Src.size(); ++I)
    R.SameLayout = (Src[I] == '\n') == (R.Text[I] == '\n');
  // Moves are in original offsets until the edits before them are known.
  for (const auto &[Off, Mv] : PendingMoves)
    R.Moves.push_back({static_cast<unsigned>(static_cast<long>(Mv.NewOff) + shiftBefore(Off)),
                       Mv.OrigOff, Mv.Len});
  for (int Mask : Macros)
    R.Defines.push_back(std::string(autoMacro(Mask)) + "=" + autoMacroValue(Mask));
  return R;
}

long Reorderer::shiftBefore(unsigned Off) const {
  long Shift = 0;
  for (const auto &[EOff, E] : Edits)
    if (EOff < Off && EOff + E.first <= Off)
      Shift += static_cast<long>(E.second.size()) - static_cast<long>(E.first);
  return Shift;
}

void Reorderer::lex() {
  LangOptions LO;
  LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus14 = LO.CPlusPlus17 = 1;
  LO.Bool = 1;
  Lexer L(SourceLocation(), LO, Src.begin(), Src.begin(), Src.end());
  L.SetCommentRetentionState(false);
  Token T;
  bool InDirective = false;
  std::vector<Tok> Directive;
  while (true) {
    bool AtEnd = L.LexFromRawLexer(T);
    if (T.is(tok::eof))
      break;
    if (T.isAtStartOfLine()) {
      if (InDirective)
        directive(Directive);
      InDirective = T.is(tok::hash);
      Directive.clear();
    }
    Tok K{T.getKind(), T.getLocation().getRawEncoding(), T.getLength(), ""};
    if (T.is(tok::raw_identifier))
      K.Text = T.getRawIdentifier().str();
    if (InDirective)
      Directive.push_back(K);
    else
      Code.push_back(K);
    if (AtEnd)
      break;
  }
  if (InDirective)
    directive(Directive);
}

void Reorderer::directive(const std::vector<Tok> &D) {
  if (D.size() < 6 || D[1].Text != "define" || D[2].Kind != tok::raw_identifier ||
      D[3].Text != "restrict" || D[4].Kind != tok::l_paren || D.back().Kind != tok::r_paren)
    return;
  if (D[3].Off == D[2].Off + D[2].Len)
    return; // function-like macro
  std::vector<std::string> Names;
  for (size_t I = 5; I + 1 < D.size(); ++I)
    if (D[I].Kind == tok::raw_identifier)
      Names.push_back(D[I].Text);
    else if (D[I].Kind != tok::comma)
      return;
  Aliases[D[2].Text] = parseList(Names);
}

void Reorderer::match() {
  Match.assign(Code.size(), -1);
  std::vector<size_t> Open;
  for (size_t I = 0; I < Code.size(); ++I) {
    tok::TokenKind K = Code[I].Kind;
    if (K == tok::l_paren || K == tok::l_square || K == tok::l_brace) {
      Open.push_back(I);
    } else if (K == tok::r_paren || K == tok::r_square || K == tok::r_brace) {
      if (!Open.empty()) {
        Match[I] = static_cast<long>(Open.back());
        Match[Open.back()] = static_cast<long>(I);
        Open.pop_back();
      }
    }
  }
}

} // namespace reorder

ReorderResult reorderRestrictionSpecifiers(StringRef Source, const SpecifierMacroMap *Macros) {
  return reorder::Reorderer(Source, Macros).run();
}

} // namespace ampcc
