//===- ForwardingDiagConsumer.h - the device pass's diagnostics -*- C++ -*-===//
//
// Every diagnostic of a device-pass parse goes through this consumer: the
// Visual C++ repairs look at each error first (VisualCppRepairs.h), the
// user's -ferror-limit counts what remains, and RestrictDiagConsumer prints
// the rest in C++ AMP terms (TargetDiagnostics.h).
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_LIB_FRONTEND_FORWARDINGDIAGCONSUMER_H
#define AMPCC_LIB_FRONTEND_FORWARDINGDIAGCONSUMER_H

#include "ampcc/Frontend/TargetDiagnostics.h"
#include "ampcc/Frontend/VisualCppRepairs.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/LangOptions.h"

#include <vector>

namespace clang {
class Preprocessor;
} // namespace clang

namespace ampcc {

/// Prints diagnostics like Clang but keeps them out of the consumer's own
/// counts, so that Clang's summary line ("N errors generated when compiling
/// for gfx906") does not appear: the device pass is an implementation detail
/// users must not see. ampcc prints its own summary. The printing goes
/// through the restriction checker's consumer, which rewords Clang's CUDA
/// terms and prints everything in source order at the end of the file.
class ForwardingDiagConsumer : public clang::DiagnosticConsumer {
public:
  ForwardingDiagConsumer(clang::DiagnosticOptions *Opts, bool ErrorsOnly)
      : Printer(Opts), ErrorsOnly(ErrorsOnly) {}
  void BeginSourceFile(const clang::LangOptions &LO, const clang::Preprocessor *P) override {
    PP = P;
    LangOpts = LO;
    Printer.BeginSourceFile(LO, P);
  }
  void EndSourceFile() override;
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override;
  RestrictDiagConsumer &restrictions() { return Printer; }

  /// Does the specifier Clang ignored follow a parameter list? Then it is on
  /// a function pointer or function type (`int (*p)(int) restrict(cpu)`),
  /// which C++ AMP allows and Clang cannot represent: a warning. Anywhere
  /// else (`T *p restrict(cpu);`, `class C restrict(amp)`) it is an error.
  /// Qualifiers and macros between the `)` and the specifier are skipped
  /// (`(int) const REF_QUALIFIER __GPU`).
  bool afterParameterList(const clang::Diagnostic &Info) const;
  unsigned printedErrors() const { return Printer.printedErrors(); }
  unsigned Errors = 0;
  VisualCppRepairs Repairs;
  /// restrict(...) written out where a local class inherited it
  /// (LocalClassInference.h); applied only if the parse failed.
  std::vector<SourceEdit> InferenceEdits;
  clang::LangOptions LangOpts;
  /// Whether errors may be dropped for a parse with the fix-its (first
  /// parse only), and whether they were.
  bool RetryWithFixIts = false;
  bool Retry = false;

private:
  const clang::Preprocessor *PP = nullptr;
  RestrictDiagConsumer Printer;
  bool ErrorsOnly;
  bool SuppressedNotes = true;
  /// The last error was repaired silently: its notes are dropped too.
  bool DroppingNotes = false;

public:
  /// Errors printed at most (0: all), from -ferror-limit=.
  unsigned ErrorLimit = 20;
  bool LimitReached = false;
  unsigned ClangErrors = 0;
  /// Off: every error is printed as Clang reports it (the fallback when a
  /// parse failed and printed nothing).
  void disableRepairs() { Repairs.disable(); }
};

} // namespace ampcc

#endif // AMPCC_LIB_FRONTEND_FORWARDINGDIAGCONSUMER_H
