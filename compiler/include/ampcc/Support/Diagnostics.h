//===- Diagnostics.h - ampcc's diagnostic IDs --------------------*- C++ -*-===//
//
// Turns Diagnostics.def into custom Clang diagnostic IDs, so that ampcc's
// messages go through Clang's DiagnosticsEngine: file:line:col, caret, ranges
// and notes, exactly like Clang's own.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_SUPPORT_DIAGNOSTICS_H
#define AMPCC_SUPPORT_DIAGNOSTICS_H

#include "clang/Basic/Diagnostic.h"

namespace ampcc {

enum class Diag : unsigned {
#define DIAG(ID, LEVEL, TEXT) ID,
#include "ampcc/Support/Diagnostics.def"
  NumDiags
};

/// The table's text of \p D, for the rare place that builds a diagnostic
/// without an engine (a consumer replacing one of Clang's).
const char *diagText(Diag D);

/// Reports ampcc diagnostic \p D at \p Loc through \p Engine.
clang::DiagnosticBuilder report(clang::DiagnosticsEngine &Engine,
                                clang::SourceLocation Loc, Diag D);

} // namespace ampcc

#endif // AMPCC_SUPPORT_DIAGNOSTICS_H
