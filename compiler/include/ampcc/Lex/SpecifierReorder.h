//===- SpecifierReorder.h - restrict(...) where Clang accepts it -*- C++ -*-===//
//
// C++ AMP puts restriction specifiers where GNU attributes do not parse:
// after `mutable` in a lambda (`mutable restrict(amp)`), before an exception
// specification of a function (`restrict(amp) noexcept`), before a trailing
// return type (`auto f(int) restrict(amp) -> int`), and Visual C++ code also
// writes them after one (`-> int restrict(amp)`). This token-level pass over
// the main file (Clang's lexer in raw mode) moves each such specifier to a
// place Clang accepts, for the device pass and the host pass alike:
//  - lambdas: restrict(...) first, then mutable / noexcept / throw(...);
//  - functions: cv and ref qualifiers and the exception specification first,
//    then restrict(...);
//  - functions with a trailing return type: restrict(...) is blanked and the
//    declaration's `auto` becomes a macro of the same width that expands to
//    `auto restrict(...)` (a GNU attribute there applies to the function).
// Lines never move (tokens only move within their declarator, and newlines
// are kept), so diagnostics keep pointing at the user's lines. Object-like
// macros of the main file that stand for a restriction
// (`#define __GPU restrict(cpu, amp)`) are understood too. Nothing is
// rewritten when nothing needs to be. `restrict` is a contextual keyword:
// where it is followed by `(` but is not in a specifier position (a function
// or a class named `restrict`) it is renamed, so the macro leaves it alone.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_LEX_SPECIFIERREORDER_H
#define AMPCC_LEX_SPECIFIERREORDER_H

#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>
#include <vector>

namespace ampcc {

/// What an object-like macro used after a parameter list stands for, as
/// learned from the preprocessor (Lex/SpecifierMacros.h): headers and
/// -D options define them (`#define __GPU restrict(cpu, amp)`, `-DEXC=throw()`).
struct SpecifierMacro {
  enum KindTy { Restriction, ExceptionSpec, Mutable, CvRef, Empty, LambdaIntro, Auto } Kind;
  int Mask = 0; ///< Restriction: bit 0 cpu, bit 1 amp.
};
using SpecifierMacroMap = std::map<std::string, SpecifierMacro>;

struct ReorderResult {
  bool Changed = false;
  std::string Text; ///< The rewritten source, when Changed.
  /// Macro definitions (NAME=VALUE, as for -D) the rewritten text uses.
  std::vector<std::string> Defines;
  /// Text that moved: [NewOff, NewOff + Len) in Text was at OrigOff in the
  /// source. Lets diagnostics point at the user's columns.
  struct Move {
    unsigned NewOff, OrigOff, Len;
  };
  std::vector<Move> Moves;
  /// Text has the source's length and newlines at the same offsets, so the
  /// source can be shown in diagnostics in place of Text.
  bool SameLayout = false;
  /// Specifiers out of the spec's order (source offsets): kind 0 before
  /// `mutable`, 1 after the exception specification, 2 before cv or ref
  /// qualifiers, 3 after a lambda's trailing return type. Moved all the
  /// same, so that parsing goes on after the error.
  struct Misplaced {
    unsigned Off;
    int Kind;
  };
  std::vector<Misplaced> Misplacements;
  /// An identifier the pass could not classify stands where a specifier
  /// may: a header's or a -D macro. Run again with SpecifierMacroMap.
  bool NeedsMacros = false;
};

/// What `restrict` becomes where it is an identifier followed by `(` (a
/// function or class named `restrict`): same width, reserved to the
/// implementation, never a macro.
inline constexpr const char ContextualRestrictName[] = "_Rstrict";

ReorderResult reorderRestrictionSpecifiers(llvm::StringRef Source,
                                           const SpecifierMacroMap *Macros = nullptr);

} // namespace ampcc

#endif // AMPCC_LEX_SPECIFIERREORDER_H
