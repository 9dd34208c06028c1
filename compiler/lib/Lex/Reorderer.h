//===- Reorderer.h - the token pass of SpecifierReorder ---------*- C++ -*-===//
//
// The token pass that moves restriction specifiers to where Clang parses
// them (ampcc/Lex/SpecifierReorder.h has what it does and why). Its work is
// spread over three files: reading the tokens and assembling the result
// (SpecifierReorder.cpp), finding where specifiers and qualifiers stand
// (SpecifierPositions.cpp), and editing the text (SpecifierRewrite.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_LEX_REORDERER_H
#define AMPCC_LEX_REORDERER_H

#include "ampcc/Lex/SpecifierReorder.h"

#include "clang/Basic/TokenKinds.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace ampcc {
namespace reorder {

using llvm::StringRef;
namespace tok = clang::tok;

struct Tok {
  tok::TokenKind Kind;
  unsigned Off, Len;
  std::string Text; ///< Spelling of identifiers and keywords.
};

/// A restriction: bit 0 cpu, bit 1 amp; -1 when the list is not valid.
int parseList(const std::vector<std::string> &Names);
/// The same-width stand-ins for `auto` (see SpecifierReorder.h) and what
/// they expand to.
const char *autoMacro(int Mask);
const char *autoMacroValue(int Mask);

class Reorderer {
public:
  Reorderer(StringRef Src, const SpecifierMacroMap *Known) : Src(Src), Known(Known) {}

  ReorderResult run();

private:
  /// How much the edits wholly before \p Off change its position.
  long shiftBefore(unsigned Off) const;

  // --- Tokens --------------------------------------------------------------------
  void lex();

  /// Records `#define NAME restrict(list)`.
  void directive(const std::vector<Tok> &D);

  void match();

  bool is(size_t I, StringRef Text) const {
    return I < Code.size() && Code[I].Kind == tok::raw_identifier && Code[I].Text == Text;
  }
  bool kind(size_t I, tok::TokenKind K) const { return I < Code.size() && Code[I].Kind == K; }

  /// restrict(...) or a macro standing for one, starting at \p I.
  bool isGroup(size_t I, size_t &End) const;
  int groupMask(size_t B, size_t E) const;

  struct Unit {
    size_t B, E;
    bool Group;
  };

  bool knownAs(size_t I, SpecifierMacro::KindTy K) const;

  /// A known macro (not a restriction) standing for qualifiers at \p I.
  const SpecifierMacro *qualifierMacro(size_t I) const;

  enum UnitKind { UGroup, UCvRef, UMutable, UException, UOther };
  UnitKind unitKind(const Unit &U) const;

  /// An identifier the pass cannot classify after a parameter list, next to
  /// another qualifier: likely a macro from a header or a -D option, which
  /// may stand for a specifier that needs moving (or reporting).
  void findUnknownQualifiers();

  /// A qualifier unit starting at \p I: its last token, or -1.
  long unitForward(size_t I) const;
  /// A qualifier unit ending at \p J: its first token, or -1.
  long unitBackward(size_t J) const;

  /// `&&`, `&` or `*` before a parameter list: the end of an abstract
  /// declarator (`const int && (int)`, a type-id naming a function type).
  bool isAbstractDeclaratorEnd(size_t P) const;

  /// The first token of the (possibly qualified) template name of the
  /// template-id ending with the `>` at \p P; Code.size() if none.
  size_t templateNameStart(size_t P) const;

  /// Does a type-id, never a declarator, start at \p N: right after `<`,
  /// `,` or `(`? A function's name cannot stand there.
  bool startsTypeId(size_t N) const;

  /// A builtin type keyword: before `(` it ends an abstract declarator.
  bool isBuiltinTypeName(size_t P) const;

  /// Is the restriction group at \p I part of a function *type* rather than a
  /// function declaration: after the parameters of a pointer or reference to
  /// function (`int (*)(int) restrict(cpu)`, `int (*fp)(int) restrict(cpu)`)
  /// or of an abstract function declarator (`S<const int && (int)
  /// restrict(cpu)>`)? Clang takes no attribute there (in a template
  /// argument it does not even parse), and the restriction of a function
  /// type matters to no kernel: C++ AMP code cannot use function pointers
  /// (spec 2.4.1). Such a group is removed from the parsed text.
  bool isFunctionTypeGroup(size_t I) const;

  /// The first of the qualifier units (cv/ref qualifiers, exception
  /// specifications, other specifiers) that end right before token \p I.
  size_t qualifiersStart(size_t I) const;

  /// Does the `]` at \p RS end the name `operator[]`, `operator new[]` or
  /// `operator delete[]`?
  bool isSubscriptOperatorName(size_t RS) const;

  /// Is the parameter list opening at \p PO a lambda's?
  bool isLambdaParams(size_t PO) const;

  // --- Rewriting ------------------------------------------------------------------

  std::string text(size_t B, size_t E) const;

  bool edit(unsigned Off, unsigned Len, std::string Text);

  /// Replaces the text of units \p Old with units \p New (same tokens, new
  /// order, some possibly dropped) keeping the region's newlines and width.
  void rewrite(const std::vector<Unit> &Old, const std::vector<Unit> &New);

  /// Keywords after which `(` opens an expression or a statement's condition,
  /// never a parameter list.
  static bool isExpressionKeyword(StringRef S);

  /// Is the `restrict` at \p I (followed by `(`) a restriction specifier? It is
  /// one where a declarator's qualifiers may stand: after a parameter list (and
  /// any cv/ref qualifiers, exception specification or other specifier), after
  /// a lambda introducer, or after a trailing return type. Anywhere else
  /// (`int restrict(int)`, `restrict(x)` as a call, a class named `restrict`)
  /// the word is an ordinary identifier: C++ AMP makes it a contextual keyword
  /// (spec §2.1).
  bool isSpecifierPosition(size_t I) const;

  /// `restrict(amp)`, `restrict(cpu, amp)` where no specifier may stand
  /// (`int restrict(amp) f()`) is a misplaced specifier, which the checker
  /// reports (FunctionRules.cpp), not a call.
  bool listsOnlySpecifiers(size_t I) const;

  /// `restrict` used as an identifier before `(` would be taken by the
  /// `restrict(...)` macro: every use of the identifier in the file (a class
  /// named `restrict` is also named without `(`) is renamed to a reserved
  /// identifier of the same width, consistently in both passes (diagnostics
  /// say `restrict` again, see TargetDiagnostics.cpp).
  void renameContextual();

  /// A restrict(...) whose list is not up to eight identifiers separated by
  /// commas would derail the parser after the error that SpecifierRules.cpp
  /// reports: its inside becomes underscores (one identifier, same width),
  /// which parses, and the checker reads the user's text back.
  void blankMalformed();

  /// Turns the declaration's `auto` (before \p NameEnd) into the macro that
  /// carries the restriction; false if there is none.
  bool autoTrick(size_t NameEnd, int Mask);

  /// Replaces the text at [Off, End) by \p Ch, keeping its newlines (and
  /// so every later line number).
  void fill(unsigned Off, unsigned End, char Ch);

  /// Blanks tokens \p B to \p E, the text between them included.
  void blank(size_t B, size_t E) { fill(Code[B].Off, Code[E].Off + Code[E].Len, ' '); }

  void handle(size_t GB, size_t GE);

  /// `-> T restrict(...)`: a restriction after a trailing return type.
  void afterTrailingReturn(size_t GB, size_t GE);

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

} // namespace reorder
} // namespace ampcc

#endif // AMPCC_LEX_REORDERER_H
