//===- DeclaratorGroups.cpp - C++11's declarator groups -----------------===//
//
// See DeclaratorGroups.h. Clang has no option for this error (it belongs to
// no warning group), so the device pass and the host plugin map it to
// "ignored" at the start of the translation unit; every state later
// pragmas create copies that mapping.
//
//===----------------------------------------------------------------------===//
#include "ampcc/Sema/DeclaratorGroups.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticSema.h"

namespace ampcc {

void acceptFunctionsInDeclaratorGroups(clang::DiagnosticsEngine &Diags) {
  Diags.setSeverity(clang::diag::err_auto_non_deduced_not_alone,
                    clang::diag::Severity::Ignored, clang::SourceLocation());
}

} // namespace ampcc
