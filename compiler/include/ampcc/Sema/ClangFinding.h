//===- ClangFinding.h - restriction errors Clang found while parsing -*- C++ -*-===//
//
// ampcc parses restrict(amp) as CUDA's __device__, so some of C++ AMP's
// rules are enforced by Clang's own CUDA checks while it parses (wrong-side
// calls, try/throw, tile_static misuse). The device pass's diagnostic
// consumer (Frontend/TargetDiagnostics.h) holds those errors back as
// findings; the restriction checker reports them again in C++ AMP terms,
// with the call chain to the kernel, and marks them handled.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_SEMA_CLANGFINDING_H
#define AMPCC_SEMA_CLANGFINDING_H

#include "ampcc/Analysis/AmpModel.h"

#include "clang/AST/DeclarationName.h"
#include "clang/AST/Type.h"
#include "clang/Basic/Diagnostic.h"

#include <string>
#include <vector>

namespace ampcc {

/// A restriction error Clang reported while parsing.
struct ClangFinding {
  enum KindTy {
    CallTarget,  ///< A reference to a function of the wrong side.
    VarTarget,   ///< A host variable used in amp code.
    NoViable,    ///< Overload resolution failed: every candidate is wrong-side.
    Other,       ///< try/throw, VLAs, varargs, tile_static misuse.
  } Kind = Other;
  clang::SourceLocation Loc;
  std::vector<clang::CharSourceRange> Ranges;
  /// The callee: a declaration (CallTarget), else a name or a type.
  const clang::NamedDecl *Decl = nullptr;
  clang::DeclarationName Name;
  clang::QualType Type;
  int What = 0; ///< 0 a function, 1 a constructor, 2 a call operator.
  Side CalleeSide = Side::Cpu, CallerSide = Side::Amp;
  unsigned ClangID = 0;
  std::string Construct; ///< Other: 'try' or 'throw' (err_cuda_device_exceptions).
  std::vector<clang::SourceLocation> Candidates;
  std::vector<clang::StoredDiagnostic> ContextNotes; ///< "in instantiation of"...
  std::vector<clang::StoredDiagnostic> Original;     ///< Printed if not handled.
  bool Handled = false;         ///< Reported again (or dropped) by the checker.
};

} // namespace ampcc

#endif // AMPCC_SEMA_CLANGFINDING_H
