//===- Diagnostics.cpp - ampcc's diagnostic IDs -------------------------===//
#include "ampcc/Support/Diagnostics.h"

#include "llvm/ADT/DenseMap.h"

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
  // Custom IDs are per engine; cache them per engine so that repeated
  // reports reuse one ID.
  static llvm::DenseMap<std::pair<DiagnosticsEngine *, unsigned>, unsigned> IDs;
  auto Key = std::make_pair(&Engine, static_cast<unsigned>(D));
  auto It = IDs.find(Key);
  if (It == IDs.end()) {
    const DiagInfo &Info = Infos[static_cast<unsigned>(D)];
    unsigned ID = Engine.getDiagnosticIDs()->getCustomDiagID(
        static_cast<DiagnosticIDs::Level>(Info.Level), Info.Text);
    It = IDs.insert({Key, ID}).first;
  }
  return Engine.Report(Loc, It->second);
}

} // namespace ampcc
