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
// malformed list are dropped (the caller is told the list's range; the device
// pass hands it to RestrictDiagConsumer::suppressClangErrorsIn).
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_LEX_SPECIFIERRULES_H
#define AMPCC_LEX_SPECIFIERRULES_H

#include "clang/Lex/Preprocessor.h"

#include <functional>
#include <memory>

namespace ampcc {

/// Called with the expansion range of each malformed restrict(...) list.
using MalformedSpecifierHandler = std::function<void(clang::SourceRange)>;

/// Callbacks to add to the device pass's preprocessor. \p OriginalMainText
/// is the user's text of the main file when it is parsed rewritten with the
/// same layout (SpecifierReorder.h), else empty; \p OnMalformed may be
/// empty.
std::unique_ptr<clang::PPCallbacks>
createSpecifierChecker(clang::Preprocessor &PP, llvm::StringRef OriginalMainText,
                       MalformedSpecifierHandler OnMalformed);

} // namespace ampcc

#endif // AMPCC_LEX_SPECIFIERRULES_H
