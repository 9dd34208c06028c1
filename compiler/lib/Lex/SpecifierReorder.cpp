//===- SpecifierReorder.cpp - restrict(...) where Clang accepts it -----===//
#include "ampcc/Lex/SpecifierReorder.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <algorithm>
#include <map>
#include <set>

using namespace clang;

namespace ampcc {

namespace {

struct Tok {
  tok::TokenKind Kind;
  unsigned Off, Len;
  std::string Text; ///< Spelling of identifiers and keywords.
};

/// A restriction: bit 0 cpu, bit 1 amp; -1 when the list is not valid.
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

/// The same-width stand-ins for `auto` (see the header).
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

class Reorderer {
public:
  Reorderer(StringRef Src, const SpecifierMacroMap *Known) : Src(Src), Known(Known) {}

  ReorderResult run() {
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

private:
  /// How much the edits wholly before \p Off change its position.
  long shiftBefore(unsigned Off) const {
    long Shift = 0;
    for (const auto &[EOff, E] : Edits)
      if (EOff < Off && EOff + E.first <= Off)
        Shift += static_cast<long>(E.second.size()) - static_cast<long>(E.first);
    return Shift;
  }

  // --- Tokens --------------------------------------------------------------------
  void lex() {
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

  /// Records `#define NAME restrict(list)`.
  void directive(const std::vector<Tok> &D) {
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

  void match() {
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

  bool is(size_t I, StringRef Text) const {
    return I < Code.size() && Code[I].Kind == tok::raw_identifier && Code[I].Text == Text;
  }
  bool kind(size_t I, tok::TokenKind K) const { return I < Code.size() && Code[I].Kind == K; }

  /// restrict(...) or a macro standing for one, starting at \p I.
  bool isGroup(size_t I, size_t &End) const {
    if (is(I, "restrict") && kind(I + 1, tok::l_paren) && Match[I + 1] > 0) {
      End = static_cast<size_t>(Match[I + 1]);
      return true;
    }
    if (Code[I].Kind == tok::raw_identifier && Aliases.count(Code[I].Text)) {
      End = I;
      return true;
    }
    return false;
  }
  int groupMask(size_t B, size_t E) const {
    if (B == E)
      return Aliases.lookup(Code[B].Text);
    std::vector<std::string> Names;
    for (size_t I = B + 2; I < E; ++I)
      if (Code[I].Kind == tok::raw_identifier)
        Names.push_back(Code[I].Text);
    return parseList(Names);
  }

  struct Unit {
    size_t B, E;
    bool Group;
  };

  bool knownAs(size_t I, SpecifierMacro::KindTy K) const {
    if (!Known || I >= Code.size() || Code[I].Kind != tok::raw_identifier)
      return false;
    auto It = Known->find(Code[I].Text);
    return It != Known->end() && It->second.Kind == K;
  }

  /// A known macro (not a restriction) standing for qualifiers at \p I.
  const SpecifierMacro *qualifierMacro(size_t I) const {
    if (!Known || I >= Code.size() || Code[I].Kind != tok::raw_identifier)
      return nullptr;
    auto It = Known->find(Code[I].Text);
    if (It == Known->end() || It->second.Kind == SpecifierMacro::Restriction ||
        It->second.Kind == SpecifierMacro::LambdaIntro || It->second.Kind == SpecifierMacro::Auto)
      return nullptr;
    if (kind(I + 1, tok::l_paren))
      return nullptr; // an object-like macro followed by a parenthesis: a call
    return &It->second;
  }

  enum UnitKind { UGroup, UCvRef, UMutable, UException, UOther };
  UnitKind unitKind(const Unit &U) const {
    if (U.Group)
      return UGroup;
    if (const SpecifierMacro *M = qualifierMacro(U.B)) {
      switch (M->Kind) {
      case SpecifierMacro::ExceptionSpec:
        return UException;
      case SpecifierMacro::Mutable:
        return UMutable;
      case SpecifierMacro::CvRef:
        return UCvRef;
      default:
        return UOther;
      }
    }
    if (is(U.B, "const") || is(U.B, "volatile") || kind(U.B, tok::amp) || kind(U.B, tok::ampamp))
      return UCvRef;
    if (is(U.B, "mutable"))
      return UMutable;
    if (is(U.B, "noexcept") || is(U.B, "throw"))
      return UException;
    return UOther;
  }

  /// An identifier the pass cannot classify after a parameter list, next to
  /// another qualifier: likely a macro from a header or a -D option, which
  /// may stand for a specifier that needs moving (or reporting).
  void findUnknownQualifiers() {
    if (Known)
      return;
    static const llvm::StringSet<> Keywords = {"override", "final", "try", "requires",
                                               "const", "volatile", "mutable", "noexcept",
                                               "throw", "restrict", "__attribute__",
                                               "__declspec", "alignas", "decltype"};
    for (size_t I = 0; I + 1 < Code.size() && !NeedsMacros; ++I) {
      if (!kind(I, tok::r_paren) || Match[I] <= 0)
        continue;
      size_t O = static_cast<size_t>(Match[I]);
      // After a name, a lambda introducer, a template-id, or the declarator
      // of a pointer to function (`int (*fp)() __CPU_ONLY EXC_SPEC`); a
      // false match costs only the preprocessor run.
      if (Code[O - 1].Kind != tok::raw_identifier && !kind(O - 1, tok::r_square) &&
          !kind(O - 1, tok::greater) && !kind(O - 1, tok::r_paren))
        continue;
      unsigned Units = 0, Unknown = 0;
      size_t T = I + 1;
      while (T < Code.size()) {
        long E = unitForward(T);
        if (E >= 0) {
          ++Units;
          T = static_cast<size_t>(E) + 1;
          continue;
        }
        if (Code[T].Kind == tok::raw_identifier && !Keywords.contains(Code[T].Text) &&
            !kind(T + 1, tok::l_paren)) {
          ++Units;
          ++Unknown;
          ++T;
          continue;
        }
        if (kind(T, tok::arrow))
          ++Units;
        break;
      }
      NeedsMacros = Unknown > 0 && Units > 1;
    }
  }

  /// A qualifier unit starting at \p I: its last token, or -1.
  long unitForward(size_t I) const {
    size_t End;
    if (isGroup(I, End))
      return static_cast<long>(End);
    if (is(I, "const") || is(I, "volatile") || is(I, "mutable") || kind(I, tok::amp) ||
        kind(I, tok::ampamp) || qualifierMacro(I))
      return static_cast<long>(I);
    if (is(I, "noexcept"))
      return kind(I + 1, tok::l_paren) ? Match[I + 1] : static_cast<long>(I);
    if ((is(I, "throw") || is(I, "__attribute__")) && kind(I + 1, tok::l_paren))
      return Match[I + 1];
    if (kind(I, tok::l_square) && kind(I + 1, tok::l_square) && Match[I] > 0)
      return Match[I];
    return -1;
  }
  /// A qualifier unit ending at \p J: its first token, or -1.
  long unitBackward(size_t J) const {
    if (kind(J, tok::r_paren) && Match[J] > 0) {
      size_t O = static_cast<size_t>(Match[J]);
      if (O == 0)
        return -1;
      if (is(O - 1, "noexcept") || is(O - 1, "throw") || is(O - 1, "restrict") ||
          is(O - 1, "__attribute__"))
        return static_cast<long>(O - 1);
      return -1;
    }
    if (kind(J, tok::r_square) && Match[J] > 0 && kind(static_cast<size_t>(Match[J]) + 1,
                                                        tok::l_square))
      return Match[J];
    long F = unitForward(J);
    return F == static_cast<long>(J) ? static_cast<long>(J) : -1;
  }

  /// `&&`, `&` or `*` before a parameter list: the end of an abstract
  /// declarator (`const int && (int)`, a type-id naming a function type).
  bool isAbstractDeclaratorEnd(size_t P) const {
    return kind(P, tok::ampamp) || kind(P, tok::amp) || kind(P, tok::star);
  }

  /// The first token of the (possibly qualified) template name of the
  /// template-id ending with the `>` at \p P; Code.size() if none.
  size_t templateNameStart(size_t P) const {
    int Depth = 0;
    size_t I = P + 1;
    while (I-- > 0) {
      if (kind(I, tok::greater))
        ++Depth;
      else if (kind(I, tok::greatergreater))
        Depth += 2;
      else if (kind(I, tok::less) && --Depth == 0)
        break;
      else if (kind(I, tok::semi) || kind(I, tok::l_brace) || kind(I, tok::r_brace))
        return Code.size();
    }
    if (I == 0 || I > P || Code[I - 1].Kind != tok::raw_identifier)
      return Code.size();
    size_t N = I - 1;
    while (N >= 2 && kind(N - 1, tok::coloncolon) &&
           Code[N - 2].Kind == tok::raw_identifier)
      N -= 2;
    return N;
  }

  /// Does a type-id, never a declarator, start at \p N: right after `<`,
  /// `,` or `(`? A function's name cannot stand there.
  bool startsTypeId(size_t N) const {
    return N > 0 && N < Code.size() &&
           (kind(N - 1, tok::less) || kind(N - 1, tok::comma) ||
            kind(N - 1, tok::l_paren));
  }

  /// A builtin type keyword: before `(` it ends an abstract declarator.
  bool isBuiltinTypeName(size_t P) const {
    return Code[P].Kind == tok::raw_identifier &&
           llvm::is_contained({"void", "bool", "char", "short", "int", "long",
                               "float", "double", "signed", "unsigned",
                               "wchar_t", "char16_t", "char32_t"},
                              Code[P].Text);
  }

  /// Is the restriction group at \p I part of a function *type* rather than a
  /// function declaration: after the parameters of a pointer or reference to
  /// function (`int (*)(int) restrict(cpu)`, `int (*fp)(int) restrict(cpu)`)
  /// or of an abstract function declarator (`S<const int && (int)
  /// restrict(cpu)>`)? Clang takes no attribute there (in a template
  /// argument it does not even parse), and the restriction of a function
  /// type matters to no kernel: C++ AMP code cannot use function pointers
  /// (spec 2.4.1). Such a group is removed from the parsed text.
  bool isFunctionTypeGroup(size_t I) const {
    size_t K = qualifiersStart(I);
    if (K == 0 || !kind(K - 1, tok::r_paren) || Match[K - 1] <= 0)
      return false;
    size_t O = static_cast<size_t>(Match[K - 1]);
    size_t P = O - 1;
    if (P > 0 && is(P - 1, "operator"))
      return false; // `operator*(...)`, `operator&&(...)`: a function
    if (isAbstractDeclaratorEnd(P) || isBuiltinTypeName(P))
      return true; // `bool() restrict(cpu)`: no name, so a type
    if (kind(P, tok::greater) && startsTypeId(templateNameStart(P)))
      return true; // `is_same<F, obj<char>() restrict(cpu)>`
    if (!kind(P, tok::r_paren) || Match[P] < 0)
      return false;
    // `(*fp)`, also after identifiers such as a calling convention or a
    // macro that expands to nothing: `(__cdecl *fp)`, `(MODIFIER *fp)`.
    size_t Inner = static_cast<size_t>(Match[P]) + 1;
    while (Inner < P && Code[Inner].Kind == tok::raw_identifier)
      ++Inner;
    return kind(Inner, tok::star) || kind(Inner, tok::amp) ||
           kind(Inner, tok::ampamp) || kind(Inner, tok::caret);
  }

  /// The first of the qualifier units (cv/ref qualifiers, exception
  /// specifications, other specifiers) that end right before token \p I.
  size_t qualifiersStart(size_t I) const {
    size_t K = I;
    while (K > 0) {
      long S = unitBackward(K - 1);
      if (S < 0)
        break;
      K = static_cast<size_t>(S);
    }
    return K;
  }

  /// Does the `]` at \p RS end the name `operator[]`, `operator new[]` or
  /// `operator delete[]`?
  bool isSubscriptOperatorName(size_t RS) const {
    if (RS < 2 || !kind(RS - 1, tok::l_square))
      return false;
    if (is(RS - 2, "operator"))
      return true;
    return RS >= 3 && (is(RS - 2, "new") || is(RS - 2, "delete")) && is(RS - 3, "operator");
  }

  /// Is the parameter list opening at \p PO a lambda's?
  bool isLambdaParams(size_t PO) const {
    if (PO == 0)
      return false;
    if (kind(PO - 1, tok::r_square) && isSubscriptOperatorName(PO - 1))
      return false; // `operator[](...)`, `operator new[](...)`: a function
    if (kind(PO - 1, tok::r_square) || knownAs(PO - 1, SpecifierMacro::LambdaIntro))
      return true;
    if (!kind(PO - 1, tok::greater))
      return false;
    int Depth = 0;
    for (size_t I = PO; I-- > 0;) {
      if (kind(I, tok::greater))
        ++Depth;
      else if (kind(I, tok::less) && --Depth == 0)
        return I > 0 && kind(I - 1, tok::r_square);
      else if (kind(I, tok::semi) || kind(I, tok::l_brace) || kind(I, tok::r_brace))
        return false;
    }
    return false;
  }

  // --- Rewriting ------------------------------------------------------------------

  std::string text(size_t B, size_t E) const {
    return Src.substr(Code[B].Off, Code[E].Off + Code[E].Len - Code[B].Off).str();
  }

  bool edit(unsigned Off, unsigned Len, std::string Text) {
    for (const auto &[O, LT] : Edits)
      if (Off < O + LT.first && O < Off + Len)
        return false; // overlapping: leave the first edit
    Edits[Off] = {Len, std::move(Text)};
    return true;
  }

  /// Replaces the text of units \p Old with units \p New (same tokens, new
  /// order, some possibly dropped) keeping the region's newlines and width.
  void rewrite(const std::vector<Unit> &Old, const std::vector<Unit> &New) {
    unsigned B = Code[Old.front().B].Off;
    unsigned E = Code[Old.back().E].Off + Code[Old.back().E].Len;
    std::string Joined;
    for (const Unit &U : New)
      Joined += (Joined.empty() ? "" : " ") + text(U.B, U.E);
    StringRef Orig = Src.substr(B, E - B);
    size_t Newlines = Orig.count('\n');
    if (Newlines) {
      size_t Tail = Orig.size() - Orig.rfind('\n') - 1;
      Joined += std::string(Newlines, '\n') + std::string(Tail, ' ');
    } else if (Joined.size() < Orig.size()) {
      Joined += std::string(Orig.size() - Joined.size(), ' ');
    }
    if (Joined == Orig || !edit(B, E - B, Joined))
      return;
    unsigned Pos = B;
    for (const Unit &U : New) {
      unsigned Len = Code[U.E].Off + Code[U.E].Len - Code[U.B].Off;
      if (Pos != Code[U.B].Off)
        PendingMoves.push_back({B, ReorderResult::Move{Pos, Code[U.B].Off, Len}});
      Pos += Len + 1;
    }
  }

  /// Keywords after which `(` opens an expression or a statement's condition,
  /// never a parameter list.
  static bool isExpressionKeyword(StringRef S) {
    return llvm::is_contained({"if", "while", "for", "switch", "return", "sizeof", "alignof",
                               "decltype", "case", "else", "do", "new", "delete", "typeid",
                               "static_assert", "co_return", "co_await", "co_yield", "and",
                               "or", "not", "__alignof", "_Alignof"},
                              S);
  }

  /// Is the `restrict` at \p I (followed by `(`) a restriction specifier? It is
  /// one where a declarator's qualifiers may stand: after a parameter list (and
  /// any cv/ref qualifiers, exception specification or other specifier), after
  /// a lambda introducer, or after a trailing return type. Anywhere else
  /// (`int restrict(int)`, `restrict(x)` as a call, a class named `restrict`)
  /// the word is an ordinary identifier: C++ AMP makes it a contextual keyword
  /// (spec §2.1).
  bool isSpecifierPosition(size_t I) const {
    size_t K = qualifiersStart(I);
    if (K == 0)
      return false;
    size_t P = K - 1;
    if (kind(P, tok::r_square) && Match[P] >= 0)
      return true; // `[captures] restrict(amp)`
    if (kind(P, tok::r_paren) && Match[P] > 0) {
      size_t O = static_cast<size_t>(Match[P]);
      // `(` after a name, `operator@`, `>` (template-id), `]` (lambda) or `)`
      // (a declarator such as `(*fp)(int)`) opens a parameter list; after a
      // statement keyword, an operator or punctuation it is a cast or a
      // parenthesised expression.
      if (O >= 2 && (is(O - 2, "operator") || is(O - 1, "operator")))
        return true;
      if (Code[O - 1].Kind == tok::raw_identifier)
        return !isExpressionKeyword(Code[O - 1].Text);
      return kind(O - 1, tok::greater) || kind(O - 1, tok::r_square) ||
             kind(O - 1, tok::r_paren) || isAbstractDeclaratorEnd(O - 1);
    }
    // After a trailing return type: `-> T restrict(amp)`.
    int Depth = 0;
    for (size_t J = I, N = 0; J-- > 0 && N < 64; ++N) {
      tok::TokenKind TK = Code[J].Kind;
      if (TK == tok::r_paren || TK == tok::r_square)
        ++Depth;
      else if (TK == tok::l_paren || TK == tok::l_square) {
        if (--Depth < 0)
          return false;
      } else if (Depth == 0 && (TK == tok::semi || TK == tok::l_brace ||
                                TK == tok::r_brace || TK == tok::comma || TK == tok::equal))
        return false;
      else if (Depth == 0 && TK == tok::arrow)
        return true;
    }
    return false;
  }

  /// `restrict(amp)`, `restrict(cpu, amp)` where no specifier may stand
  /// (`int restrict(amp) f()`) is a misplaced specifier, which the checker
  /// reports (FunctionRules.cpp), not a call.
  bool listsOnlySpecifiers(size_t I) const {
    if (Match[I + 1] < 0)
      return false;
    size_t Close = static_cast<size_t>(Match[I + 1]);
    for (size_t K = I + 2; K < Close; ++K)
      if (!kind(K, tok::comma) && !is(K, "cpu") && !is(K, "amp"))
        return false;
    return Close > I + 2;
  }

  /// `restrict` used as an identifier before `(` would be taken by the
  /// `restrict(...)` macro: every use of the identifier in the file (a class
  /// named `restrict` is also named without `(`) is renamed to a reserved
  /// identifier of the same width, consistently in both passes (diagnostics
  /// say `restrict` again, see TargetDiagnostics.cpp).
  void renameContextual() {
    for (size_t I = 0; I < Code.size(); ++I) {
      if (!is(I, "restrict") || (kind(I + 1, tok::l_paren) &&
                                 (isSpecifierPosition(I) || listsOnlySpecifiers(I))))
        continue;
      edit(Code[I].Off, Code[I].Len, ContextualRestrictName);
      Code[I].Text = ContextualRestrictName;
    }
  }

  /// A restrict(...) whose list is not up to eight identifiers separated by
  /// commas would derail the parser after the error that SpecifierRules.cpp
  /// reports: its inside becomes underscores (one identifier, same width),
  /// which parses, and the checker reads the user's text back.
  void blankMalformed() {
    for (size_t I = 0; I + 1 < Code.size(); ++I) {
      if (!is(I, "restrict") || !kind(I + 1, tok::l_paren) || Match[I + 1] < 0)
        continue;
      size_t Close = static_cast<size_t>(Match[I + 1]);
      unsigned Items = 1, InItem = 0;
      bool Ok = true;
      for (size_t K = I + 2; K < Close && Ok; ++K) {
        if (kind(K, tok::comma)) {
          Ok = InItem == 1;
          ++Items;
          InItem = 0;
        } else {
          Ok = Code[K].Kind == tok::raw_identifier && ++InItem == 1;
        }
      }
      Ok = Ok && InItem == 1 && Items <= 8; // repeats: see restrict.h
      unsigned B = Code[I + 1].Off + 1, E = Code[Close].Off;
      if (Ok || E == B)
        continue;
      fill(B, E, '_');
    }
  }

  /// Turns the declaration's `auto` (before \p NameEnd) into the macro that
  /// carries the restriction; false if there is none.
  bool autoTrick(size_t NameEnd, int Mask) {
    if (Mask < 0)
      return false;
    for (size_t I = NameEnd + 1, N = 0; I-- > 0 && N < 64; ++N) {
      if (kind(I, tok::semi) || kind(I, tok::l_brace) || kind(I, tok::r_brace))
        return false;
      if ((is(I, "auto") && Code[I].Len == 4) || knownAs(I, SpecifierMacro::Auto)) {
        // A macro for `auto` (-DTYPE_SPECIFIER=auto) is replaced the same
        // way, padded to its width.
        edit(Code[I].Off, Code[I].Len,
             std::string(autoMacro(Mask)) + std::string(Code[I].Len - 4, ' '));
        Macros.insert(Mask);
        return true;
      }
    }
    return false;
  }

  /// Replaces the text at [Off, End) by \p Ch, keeping its newlines (and
  /// so every later line number).
  void fill(unsigned Off, unsigned End, char Ch) {
    std::string S = Src.substr(Off, End - Off).str();
    for (char &C : S)
      if (C != '\n')
        C = Ch;
    edit(Off, End - Off, S);
  }

  /// Blanks tokens \p B to \p E, the text between them included.
  void blank(size_t B, size_t E) { fill(Code[B].Off, Code[E].Off + Code[E].Len, ' '); }

  void handle(size_t GB, size_t GE) {
    // Units before the group, back to the parameter list's ')'.
    std::vector<Unit> Before;
    size_t K = GB;
    while (K > 0) {
      long S = unitBackward(K - 1);
      if (S < 0)
        break;
      size_t End;
      Before.insert(Before.begin(), Unit{static_cast<size_t>(S), K - 1,
                                         isGroup(static_cast<size_t>(S), End)});
      K = static_cast<size_t>(S);
    }
    if (K == 0 || !kind(K - 1, tok::r_paren) || Match[K - 1] < 0)
      return afterTrailingReturn(GB, GE);
    size_t PC = K - 1, PO = static_cast<size_t>(Match[PC]);
    bool Lambda = isLambdaParams(PO);

    std::vector<Unit> All = Before;
    All.push_back(Unit{GB, GE, true});
    size_t T = GE + 1;
    while (T < Code.size()) {
      long E = unitForward(T);
      if (E < 0)
        break;
      size_t End;
      All.push_back(Unit{T, static_cast<size_t>(E), isGroup(T, End)});
      T = static_cast<size_t>(E) + 1;
    }
    for (const Unit &U : All) {
      if (U.Group)
        Done.insert(U.B);
      Lambda |= unitKind(U) == UMutable; // only lambdas are `mutable`
    }

    // The spec's orders (§2.1): functions `cv ref restrict(...) noexcept`,
    // lambdas `mutable restrict(...) noexcept`. Anything else is reported,
    // then put in Clang's order all the same so that parsing goes on.
    bool SawGroup = false, SawException = false;
    for (const Unit &U : All) {
      UnitKind K = unitKind(U);
      int Bad = -1;
      if (K == UGroup && SawException)
        Bad = 1;
      else if (K == UMutable && SawGroup && Lambda)
        Bad = 0;
      else if (K == UCvRef && SawGroup && !Lambda)
        Bad = 2;
      if (Bad >= 0) {
        const Unit &G = K == UGroup ? U : *std::find_if(All.begin(), All.end(),
                                                        [](const Unit &X) { return X.Group; });
        Misplacements.push_back({Code[G.B].Off, Bad});
        break;
      }
      SawGroup |= K == UGroup;
      SawException |= K == UException;
    }

    std::vector<Unit> Groups, Rest;
    for (const Unit &U : All)
      (U.Group ? Groups : Rest).push_back(U);
    bool Arrow = kind(T, tok::arrow);
    if (!Lambda && Arrow) {
      int Mask = 0;
      for (const Unit &U : Groups) {
        int M = groupMask(U.B, U.E);
        Mask = M < 0 || Mask < 0 ? -1 : Mask | M;
      }
      if (PO > 0 && autoTrick(PO - 1, Mask)) {
        if (Rest.empty())
          for (const Unit &U : Groups)
            blank(U.B, U.E);
        else
          rewrite(All, Rest); // drops the groups, padding with spaces
        return;
      }
    }
    std::vector<Unit> Want;
    if (Lambda) {
      Want = Groups;
      Want.insert(Want.end(), Rest.begin(), Rest.end());
    } else {
      Want = Rest;
      Want.insert(Want.end(), Groups.begin(), Groups.end());
    }
    bool Same = std::equal(All.begin(), All.end(), Want.begin(),
                           [](const Unit &A, const Unit &B) { return A.B == B.B; });
    if (!Same)
      rewrite(All, Want);
  }

  /// `-> T restrict(...)`: a restriction after a trailing return type.
  void afterTrailingReturn(size_t GB, size_t GE) {
    size_t End;
    if (GE + 1 < Code.size() && !kind(GE + 1, tok::l_brace) && !kind(GE + 1, tok::semi) &&
        !kind(GE + 1, tok::equal) && !is(GE + 1, "override") && !is(GE + 1, "final") &&
        !isGroup(GE + 1, End))
      return;
    int Depth = 0;
    for (size_t I = GB, N = 0; I-- > 0 && N < 64; ++N) {
      tok::TokenKind K = Code[I].Kind;
      if (K == tok::r_paren || K == tok::r_square)
        ++Depth;
      else if (K == tok::l_paren || K == tok::l_square) {
        if (--Depth < 0)
          return;
      } else if (Depth == 0 &&
                 (K == tok::semi || K == tok::l_brace || K == tok::r_brace || K == tok::comma))
        return;
      else if (Depth == 0 && K == tok::arrow) {
        size_t P = qualifiersStart(I);
        if (P == 0 || !kind(P - 1, tok::r_paren) || Match[P - 1] < 0)
          return;
        size_t PO = static_cast<size_t>(Match[P - 1]);
        if (isLambdaParams(PO)) {
          // Visual C++ rejects a lambda's specifier after its trailing
          // return type (spec §2.1.2): reported, then moved before it so
          // that parsing goes on.
          Misplacements.push_back({Code[GB].Off, 3});
          rewrite({Unit{I, GB - 1, false}, Unit{GB, GE, true}},
                  {Unit{GB, GE, true}, Unit{I, GB - 1, false}});
        } else if (PO > 0 && autoTrick(PO - 1, groupMask(GB, GE))) {
          blank(GB, GE);
        }
        return;
      }
    }
  }

  StringRef Src;
  const SpecifierMacroMap *Known;
  std::vector<ReorderResult::Misplaced> Misplacements;
  bool NeedsMacros = false;
  std::vector<Tok> Code;
  std::vector<long> Match;
  llvm::StringMap<int> Aliases;
  std::set<size_t> Done;
  std::map<unsigned, std::pair<unsigned, std::string>> Edits;
  std::set<int> Macros;
  /// (offset of the edit, move in original offsets).
  std::vector<std::pair<unsigned, ReorderResult::Move>> PendingMoves;
};

} // namespace

ReorderResult reorderRestrictionSpecifiers(StringRef Source, const SpecifierMacroMap *Macros) {
  return Reorderer(Source, Macros).run();
}

} // namespace ampcc
