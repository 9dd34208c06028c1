//===- TypedefRestrictions.h - restrict(...) on function typedefs -*- C++ -*-===//
//
// Visual C++ keeps a restriction written on a typedef of function type
// (`typedef int F() restrict(cpu, amp);`) and gives it to every function
// declared through the typedef (`struct C { F f; };`), so that the
// definition `int C::f() restrict(cpu, amp) {...}` matches its declaration
// (conformance: typedef_specifier/TypeSpecifier.03). Clang drops CUDA
// target attributes on a typedef ("only applies to functions"), and the
// member would be cpu-only: the definition could not match it.
//
// The preprocessor says where each restrict(...) was written and what it
// lists; a typedef whose declarator the specifier follows keeps that list
// here, and a function declared through the typedef (at namespace scope or
// in a class, as each completes, before any later definition is parsed)
// takes it where it names no restriction of its own. Both passes apply it
// (the host plugin too), so both see one set of overloads.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_SEMA_TYPEDEFRESTRICTIONS_H
#define AMPCC_SEMA_TYPEDEFRESTRICTIONS_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <memory>

namespace clang {
class Decl;
class DeclContext;
class DeclGroupRef;
class FunctionDecl;
class Preprocessor;
class TagDecl;
class Token;
class TranslationUnitDecl;
class TypedefNameDecl;
} // namespace clang

namespace ampcc {

/// The restriction bits (TypedefRestrictions::Cpu, Amp) that the tokens of
/// a restrict(...) list spell: cpu, and amp or Visual C++ 11's direct3d.
unsigned restrictionListBits(llvm::ArrayRef<clang::Token> List);

class TypedefRestrictions {
public:
  /// Listens to \p PP's expansions of `restrict(...)` from now on.
  explicit TypedefRestrictions(clang::Preprocessor &PP);

  /// Called with the location of each typedef's restrict(...) that ampcc
  /// keeps (so that Clang's warning that it does not apply can be
  /// dropped).
  using HonouredFn = llvm::function_ref<void(clang::SourceLocation)>;

  /// Functions declared in \p G through a restricted typedef, and the
  /// restricted typedefs of \p G.
  void inferInGroup(clang::DeclGroupRef G, HonouredFn OnHonoured = nullptr);
  /// Member functions of the completed class \p D declared through one,
  /// and its restricted member typedefs.
  void inferInClass(clang::TagDecl *D, HonouredFn OnHonoured = nullptr);

  /// Functions of namespaces (not the global one) declared through one:
  /// Clang hands the consumer no declaration inside a namespace before the
  /// namespace ends, too late for a definition inside it. \p Found hears
  /// of each, with the bits, for a fix-it and a second parse. \p Roots:
  /// where to look (TranslationUnitRoots::decls(): the translation unit, or
  /// the file's own declarations when <amp.h> came precompiled; only the
  /// file's functions get fix-its).
  void findInNamespaces(llvm::ArrayRef<clang::Decl *> Roots,
                        llvm::function_ref<void(const clang::FunctionDecl *, unsigned)> Found);

  /// Restriction bits a restrict(...) list spells.
  enum : unsigned { Cpu = 1, Amp = 2 };

private:
  void infer(clang::Decl *D, HonouredFn OnHonoured);
  /// The restriction of the nearest restricted typedef \p FD is declared
  /// through (0: none), and where it is written.
  unsigned throughTypedef(const clang::FunctionDecl *FD, clang::SourceLocation &At);
  /// The restriction written after \p TD's declarator (0: none), and where.
  unsigned restrictionOf(const clang::TypedefNameDecl *TD,
                         clang::SourceLocation &At);

  clang::Preprocessor &PP;
  /// Expansion location (raw encoding) of each restrict(...) -> its bits.
  std::shared_ptr<llvm::DenseMap<unsigned, unsigned>> Written;
};

} // namespace ampcc

#endif // AMPCC_SEMA_TYPEDEFRESTRICTIONS_H
