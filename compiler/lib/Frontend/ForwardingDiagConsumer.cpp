//===- ForwardingDiagConsumer.cpp - the device pass's diagnostics --------===//
#include "ForwardingDiagConsumer.h"

#include "clang/Basic/CharInfo.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace ampcc {

void ForwardingDiagConsumer::EndSourceFile() {
  // Clang's recovery from an error it turned into a Visual C++ fix-it may
  // cause more errors (an ambiguous `array` taken as std::array): those
  // are dropped, and the parse with the fix-its applied reports what is
  // really wrong.
  // A local class's member body calling another local class's member
  // fails when only the completed class was given its restriction: parse
  // again with the inferred restrictions written out.
  if (RetryWithFixIts && Errors && (!Repairs.empty() || !InferenceEdits.empty())) {
    Printer.dropErrors();
    Retry = true;
  }
  Printer.EndSourceFile();
  if (LimitReached && !Retry)
    llvm::errs() << "fatal error: too many errors emitted, stopping now "
                    "[-ferror-limit=]\n";
}

void ForwardingDiagConsumer::HandleDiagnostic(DiagnosticsEngine::Level Level,
                                              const Diagnostic &Info) {
  bool RepairWarning = false;
  // restrict(...) or tile_static on something other than a function or a
  // variable (a class, a variable declared restrict(cpu), a function
  // declared tile_static) is an error in C++ AMP; Clang only warns that
  // the attribute does not apply.
  if (Level == DiagnosticsEngine::Warning &&
      (Info.getID() == diag::warn_attribute_wrong_decl_type ||
       Info.getID() == diag::warn_attribute_wrong_decl_type_str)) {
    llvm::SmallString<128> Msg;
    Info.FormatDiagnostic(Msg);
    StringRef M = Msg;
    if ((M.contains("'host' attribute") || M.contains("'device' attribute") ||
         M.contains("'shared' attribute")) &&
        !afterParameterList(Info))
      Level = DiagnosticsEngine::Error;
  }
  // Visual C++ code that Clang rejects and ampcc repairs: the error is a
  // warning (or ampcc's own warning later), and the caller parses again
  // with the repairs applied (VisualCppRepairs.h).
  if (Level >= DiagnosticsEngine::Error) {
    if (Info.getID() == diag::fatal_too_many_errors)
      return; // Clang's own limit is off: ampcc counts below.
    // ampcc/ms_prelude.h, force-included unless -fno-ms-headers.
    Repairs.setMsHeaders(
        PP && const_cast<Preprocessor *>(PP)->isMacroDefined("_AMPCC_MS_HEADERS"));
    VisualCppRepairs::Verdict V = Repairs.onError(Info, LangOpts);
    if (V == VisualCppRepairs::Verdict::Silent) {
      SuppressedNotes = true;
      DroppingNotes = true; // Its notes (candidates) go with it.
      return;
    }
    DroppingNotes = false;
    if (V == VisualCppRepairs::Verdict::Warning) {
      Level = DiagnosticsEngine::Warning;
      SuppressedNotes = false;
      RepairWarning = true;
    } else {
      ++Errors;
      // The user's -ferror-limit (Clang's default 20) counts Clang's
      // errors that remain: repaired ones must not exhaust it, so Clang's
      // own limit is off in the device pass (runDevicePass). ampcc's own
      // (the restriction checker's) were never limited.
      if (Info.getID() < diag::DIAG_UPPER_LIMIT)
        ++ClangErrors;
      if (ErrorLimit && ClangErrors > ErrorLimit) {
        LimitReached = true;
        DroppingNotes = true;
        return;
      }
    }
  } else if (Level == DiagnosticsEngine::Note) {
    Repairs.onNote(Info);
    if (DroppingNotes)
      return;
  } else {
    DroppingNotes = false;
  }
  // A later parse prints its errors only (the first printed the
  // warnings), except the warnings of repairs it found itself: Clang's
  // error turned into a warning, or the repairs' own at the end of the
  // translation unit.
  RepairWarning |= Level == DiagnosticsEngine::Warning && Repairs.reporting();
  if (ErrorsOnly && Level < DiagnosticsEngine::Error && !RepairWarning) {
    // Notes belong to the diagnostic before them.
    if (Level != DiagnosticsEngine::Note || SuppressedNotes)
      return;
  }
  if (ErrorsOnly)
    SuppressedNotes = Level < DiagnosticsEngine::Error && !RepairWarning;
  Printer.HandleDiagnostic(Level, Info);
}

bool ForwardingDiagConsumer::afterParameterList(const Diagnostic &Info) const {
  if (!Info.hasSourceManager())
    return false;
  const SourceManager &SM = Info.getSourceManager();
  SourceLocation L = SM.getExpansionLoc(Info.getLocation());
  bool Invalid = false;
  StringRef Buf = SM.getBufferData(SM.getFileID(L), &Invalid);
  unsigned Off = SM.getFileOffset(L);
  if (Invalid || Off > Buf.size())
    return false;
  // The token pass's stand-ins for `auto restrict(...)` (_Ra_, _Rb_, _Rc_)
  // put the specifier before the name on purpose.
  StringRef At = Buf.substr(Off, 4);
  if (At == "_Ra_" || At == "_Rb_" || At == "_Rc_")
    return true;
  StringRef Before = Buf.substr(0, Off);
  for (int Steps = 0; Steps < 16; ++Steps) {
    Before = Before.rtrim();
    if (Before.ends_with(")"))
      return true;
    if (Before.ends_with("&")) {
      Before = Before.drop_back();
      continue;
    }
    size_t Start = Before.size();
    while (Start > 0 && isAsciiIdentifierContinue(Before[Start - 1]))
      --Start;
    StringRef Word = Before.substr(Start);
    if (Word.empty() || !(Word == "const" || Word == "volatile" ||
                          (PP && const_cast<Preprocessor *>(PP)->isMacroDefined(Word))))
      return false;
    Before = Before.substr(0, Start);
  }
  return false;
}

} // namespace ampcc
