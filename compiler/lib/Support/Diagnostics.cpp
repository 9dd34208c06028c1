//===- Diagnostics.cpp - ampcc's diagnostic IDs -------------------------===//
#include "ampcc/Support/Diagnostics.h"


using namespace clang;

namespace ampcc {
namespace {
struct DiagInfo {
  DiagnosticsEngine::Level Level;
  const char *Text;
};
constexpr DiagInfo Infos[] = {
#define DIAG(ID, LEVEL, TEXT) {DiagnosticsEngine::LEVEL, TEXT},
#include "ampcc/Support/Diagnostics.def"
};
} // namespace

const char *diagText(Diag D) { return Infos[static_cast<unsigned>(D)].Text; }

DiagnosticBuilder report(DiagnosticsEngine &Engine, SourceLocation Loc,
                         Diag D) {
  // Custom IDs belong to the engine's DiagnosticIDs, which hands out one ID
  // per (level, text) and returns it again for repeats. No cache here: one
  // keyed by the engine's address handed a later engine, allocated where a
  // destroyed one had been (each round of Visual C++ repairs has its own),
  // an ID its DiagnosticIDs never issued, and reporting it crashed.
  const DiagInfo &Info = Infos[static_cast<unsigned>(D)];
  unsigned ID = Engine.getDiagnosticIDs()->getCustomDiagID(
      static_cast<DiagnosticIDs::Level>(Info.Level), Info.Text);
  return Engine.Report(Loc, ID);
}

} // namespace ampcc
