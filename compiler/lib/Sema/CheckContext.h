//===- CheckContext.h - state shared by the restriction rules ----*- C++ -*-===//
//
// What every rule of the restriction checker needs: the AST, the function of
// amp code being checked, and a way to report a violation. A report is the
// error at the offending construct, then the rule's own notes, then notes
// that walk the call chain back to the kernel ("called from here" ... "in the
// kernel passed to parallel_for_each here"), emitted automatically when the
// next report starts or the function is done. One error per construct: a
// second error at a location already reported is dropped with its notes.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_SEMA_CHECKCONTEXT_H
#define AMPCC_SEMA_CHECKCONTEXT_H

#include "ampcc/Analysis/AmpModel.h"
#include "ampcc/Analysis/KernelFinder.h"
#include "ampcc/Support/Diagnostics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <functional>
#include <optional>
#include <vector>

namespace ampcc {

/// A diagnostic being built, or nothing when the report was dropped as a
/// duplicate. Stream arguments into it like into a clang::DiagnosticBuilder.
class DiagRef {
public:
  DiagRef() = default;
  explicit DiagRef(clang::DiagnosticBuilder B) : B(std::move(B)) {}
  template <typename T> const DiagRef &operator<<(const T &V) const {
    if (B)
      *B << V;
    return *this;
  }
  explicit operator bool() const { return B.has_value(); }

private:
  std::optional<clang::DiagnosticBuilder> B;
};

/// How a function of amp code was first reached.
struct Reach {
  const clang::FunctionDecl *Caller = nullptr; ///< Null for roots.
  clang::SourceLocation CallLoc;               ///< In Caller.
  const KernelSite *Kernel = nullptr;          ///< Set on kernel call operators.
};

class CheckContext {
public:
  explicit CheckContext(clang::ASTContext &Ctx);
  ~CheckContext();

  clang::ASTContext &ast() const { return Ctx; }
  /// Where walks of the whole file start (TranslationUnitRoots.h).
  const TranslationUnitRoots &roots() const { return Roots; }
  void setRoots(const TranslationUnitRoots &R) { Roots = R; }
  clang::SourceManager &sm() const { return Ctx.getSourceManager(); }
  const clang::LangOptions &langOpts() const { return Ctx.getLangOpts(); }

  // --- The function being checked --------------------------------------------
  /// Sets the function whose violations are being reported (null: none, e.g.
  /// for translation-unit-wide rules). Emits pending chain notes first.
  void setCurrent(const clang::FunctionDecl *FD);
  const clang::FunctionDecl *current() const { return Current; }
  void setReach(const clang::FunctionDecl *FD, Reach R) { Reaches.try_emplace(FD, R); }
  const Reach *reachOf(const clang::FunctionDecl *FD) const;

  // --- Reporting ---------------------------------------------------------------
  /// Reports error \p D at \p Loc (highlighting \p Range) with the call chain
  /// of the current function. Returns an empty DiagRef for duplicates.
  DiagRef error(clang::SourceLocation Loc, Diag D, clang::SourceRange Range = {});
  /// A note of the last error; dropped with it.
  DiagRef note(clang::SourceLocation Loc, Diag D);
  /// Emits the chain notes of the last error now.
  void flush();
  /// True when this context reported an error at \p Loc, or at a construct
  /// whose range contains it.
  bool coversLocation(clang::SourceLocation Loc) const;
  unsigned errorCount() const { return Errors; }

  // --- Shared services -------------------------------------------------------
  /// Checks that \p T is allowed in amp code (TypeRules.cpp), reporting at
  /// \p Loc. Classes are checked once each, by the class rules.
  void checkType(clang::QualType T, clang::SourceLocation Loc,
                 clang::SourceRange Range = {}, bool IsMember = false);
  /// Hook the checker installs to run the class rules on a class used in amp
  /// code at \p UseLoc (once per class).
  std::function<void(const clang::CXXRecordDecl *, clang::SourceLocation)> OnClassUse;
  /// Marks a class as checked; false if it already was.
  bool markClassChecked(const clang::CXXRecordDecl *RD) {
    return CheckedClasses.insert(RD).second;
  }
  /// Expressions already covered by a report on their declaration (for
  /// example the 'a' in `char c = 'a';`), which must not be reported again.
  llvm::SmallPtrSet<const clang::Expr *, 8> Covered;
  /// While a default argument is checked whose function was declared where
  /// only cpu code may be called (namespace scope, a cpu function): that
  /// parameter. Visual C++ binds the argument's calls there (spec 2.3.2).
  const clang::ParmVarDecl *CpuBoundDefaultArg = nullptr;
  /// DeclRefExprs that are the callee of a call (not a function's address).
  llvm::SmallPtrSet<const clang::Expr *, 32> Callees;
  /// Set once every kernel's call graph has been checked: the functions
  /// checked after it are not reached from any kernel.
  bool OutsideKernels = false;
  /// Is \p FD a restrict(cpu, amp) template specialization whose amp half
  /// no amp code uses (only cpu code, or others like it, instantiated it)?
  /// Visual C++ checks a specialization's amp half where amp code uses it.
  bool isAmpHalfUnused(const clang::FunctionDecl *FD) const;

  // --- Classification helpers --------------------------------------------------
  static Side sideOf(const clang::FunctionDecl *FD);
  /// Where \p P's default argument was written, and so bound (spec 2.3.2):
  /// the side of the function it is written in (a local class's member
  /// takes its enclosing function's), Side::Cpu at namespace or class scope;
  /// none for implicit functions and the AMP library's own.
  static std::optional<Side> defaultArgSide(const clang::ParmVarDecl *P);
  static bool isAmpCallable(const clang::FunctionDecl *FD);
  /// ampcc's own headers (namespace Concurrency) and system headers: trusted,
  /// not checked.
  bool isLibrary(const clang::Decl *D) const;

private:
  void emitChain();

  clang::ASTContext &Ctx;
  TranslationUnitRoots Roots;
  const clang::FunctionDecl *Current = nullptr;
  llvm::DenseMap<const clang::FunctionDecl *, Reach> Reaches;
  llvm::SmallPtrSet<const clang::CXXRecordDecl *, 16> CheckedClasses;
  llvm::DenseSet<unsigned> ErrorLocs;
  std::vector<clang::SourceRange> ErrorRanges;
  bool LastDropped = false;
  llvm::SmallVector<clang::SourceLocation, 4> NoteLocs; ///< Of the last error.
  bool ChainPending = false;
  unsigned Errors = 0;
};

} // namespace ampcc

#endif // AMPCC_SEMA_CHECKCONTEXT_H
