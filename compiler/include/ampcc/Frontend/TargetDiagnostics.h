//===- TargetDiagnostics.h - Clang's CUDA wording in C++ AMP terms -*- C++ -*-===//
//
// ampcc parses restrict(amp) as CUDA's __device__ attribute, so Clang's own
// checks speak of "__host__ function" and "__shared__ variables". This
// consumer sits between Clang and the text printer of the device pass:
//  - restriction errors Clang reports while parsing (wrong-side calls,
//    try/throw, tile_static misuse) are held back as ClangFindings; the
//    restriction checker reports them again in C++ AMP terms with the call
//    chain, or drops them when it reported the same construct itself;
//  - every other diagnostic is kept, with any CUDA wording replaced;
//  - errors that follow from a malformed restrict(...) already reported
//    (SpecifierRules.cpp) are dropped;
//  - at the end everything is printed in source order, so that the
//    checker's reports (made after parsing) interleave with Clang's.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_FRONTEND_TARGETDIAGNOSTICS_H
#define AMPCC_FRONTEND_TARGETDIAGNOSTICS_H

#include "clang/AST/DeclarationName.h"
#include "clang/AST/Type.h"
#include "clang/Basic/Diagnostic.h"
#include "ampcc/Lex/SpecifierReorder.h"
#include "ampcc/Sema/ClangFinding.h"

#include "clang/Frontend/TextDiagnosticPrinter.h"

#include <deque>
#include <memory>
#include <vector>

namespace ampcc {

class RestrictDiagConsumer : public clang::DiagnosticConsumer {
public:
  explicit RestrictDiagConsumer(clang::DiagnosticOptions *Opts);
  ~RestrictDiagConsumer() override;

  void BeginSourceFile(const clang::LangOptions &LO,
                       const clang::Preprocessor *PP) override;
  void EndSourceFile() override;
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override;

  /// Restriction errors Clang reported; the checker marks them Handled.
  std::vector<ClangFinding *> findings();
  /// Errors that are not restriction errors: the AST may be unreliable.
  unsigned foreignErrors();
  /// Errors printed so far (after EndSourceFile: all of them).
  unsigned printedErrors() const { return Printed; }

  /// Drops Clang's errors inside \p R (in the main file's expansion
  /// locations): they follow from a malformed restrict(...) already reported.
  void suppressClangErrorsIn(clang::SourceRange R) { Suppressed.push_back(R); }

  /// Drops the warnings at \p L (an expansion location): Clang's "does not
  /// apply" for a typedef's restrict(...) that ampcc honours
  /// (TypedefRestrictions.h).
  void dropWarningsAt(clang::SourceLocation L) { HonouredWarnings.push_back(L); }

  /// The main file was parsed as \p Rewritten (SpecifierReorder.h): report
  /// moved text at its place in \p Original, and show \p Original in
  /// snippets when the layouts match.
  void setRewrite(const ReorderResult &Rewritten, llvm::StringRef Original);

  /// The user's text of the main file when it was parsed rewritten with
  /// the same layout (else empty).
  llvm::StringRef originalMainText() const { return Original; }

  /// Forgets the errors held so far (warnings stay): the caller parses the
  /// file again with fix-its applied, and that parse reports what remains.
  void dropErrors();

  /// Replaces CUDA terms in \p Message by C++ AMP ones.
  static std::string reword(llvm::StringRef Message);

private:
  struct Group {
    std::vector<clang::StoredDiagnostic> Diags;
    bool Dropped = false;
  };
  void closeFinding();
  bool suppressed(const clang::Diagnostic &Info) const;
  void flush();
  clang::SourceLocation unmove(clang::SourceLocation L) const;
  clang::StoredDiagnostic unmove(const clang::StoredDiagnostic &SD) const;

  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> Opts;
  clang::TextDiagnosticPrinter Printer;
  const clang::SourceManager *SM = nullptr;
  llvm::IntrusiveRefCntPtr<clang::DiagnosticIDs> IDs;
  std::vector<Group> Groups;
  std::deque<ClangFinding> Findings;
  ClangFinding *Open = nullptr;
  std::vector<clang::SourceRange> Suppressed;
  std::vector<clang::SourceLocation> HonouredWarnings;
  std::vector<ReorderResult::Move> Moves;
  std::string Original;  ///< Shown in snippets when non-empty.
  unsigned Foreign = 0;
  unsigned Printed = 0;
};

} // namespace ampcc

#endif // AMPCC_FRONTEND_TARGETDIAGNOSTICS_H
