//===- SpecifierRules.h - checks on restrict(...) itself ---------*- C++ -*-===//
//
// <amp.h> defines restrict(...) as a macro (include/ampcc/restrict.h) that
// turns each specifier into a CUDA attribute by token pasting, so a wrong
// specifier would give an obscure parse error. These preprocessor callbacks
// look at the arguments of every expansion of `restrict` first and report
// unknown (restrict(gpu)), empty or malformed lists, and duplicates (a
// warning). To keep parsing usefully after an error, an unknown specifier is
// defined on the fly to mean its likely intent (gpu: amp, host: cpu,
// otherwise cpu and amp), and Clang's errors that still follow from the
// malformed list are dropped (RestrictDiagConsumer::suppressClangErrorsIn).
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_SEMA_SPECIFIERRULES_H
#define AMPCC_SEMA_SPECIFIERRULES_H

#include "clang/Lex/Preprocessor.h"

#include <memory>

namespace ampcc {

class RestrictDiagConsumer;

/// Callbacks to add to the device pass's preprocessor; \p Diags may be null.
std::unique_ptr<clang::PPCallbacks>
createSpecifierChecker(clang::Preprocessor &PP, RestrictDiagConsumer *Diags);

} // namespace ampcc

#endif // AMPCC_SEMA_SPECIFIERRULES_H
