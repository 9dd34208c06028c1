//===- NamedIdentifiers.h - names a preprocessor has met ---------*- C++ -*-===//
//
// A precompiled <amp.h> stands for the header under the macros it was built
// with; a command-line macro whose name the header never contains cannot
// change what it means, so a compile that adds one may use the header built
// without it (PrecompiledAmpCache::get). Whether the header contains a name
// is answered from the identifier table of the preprocessor that built it:
// every identifier lexed outside skipped blocks is entered there, including
// those in `#if`/`#ifdef` conditions, `defined`, the predefines, macro
// bodies as they expand and `#pragma push_macro` strings. Identifiers only
// in skipped blocks are absent, and rightly: defining them changes nothing
// while the block stays skipped, and what decides that is itself entered.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_LEX_NAMEDIDENTIFIERS_H
#define AMPCC_LEX_NAMEDIDENTIFIERS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace clang {
class Preprocessor;
}

namespace ampcc {

/// Writes every identifier \p PP has met to \p Path, one a line; false when
/// the file cannot be written.
bool writeNamedIdentifiers(const clang::Preprocessor &PP, llvm::StringRef Path);

/// Those of \p Names that the list at \p Path (writeNamedIdentifiers)
/// holds; std::nullopt when it cannot be read.
std::optional<std::vector<std::string>> namedAmong(llvm::StringRef Path,
                                                   llvm::ArrayRef<std::string> Names);

} // namespace ampcc

#endif // AMPCC_LEX_NAMEDIDENTIFIERS_H
