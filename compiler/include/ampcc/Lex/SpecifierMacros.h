//===- SpecifierMacros.h - macros that stand for specifiers ------*- C++ -*-===//
//
// C++ AMP code hides restriction specifiers and exception specifications
// behind macros defined in headers or on the command line (`#define __GPU
// restrict(cpu, amp)`, `-DEXCEPTION_SPECIFICATION=throw(int)`). The token
// pass that puts specifiers where Clang parses them (Lex/SpecifierReorder.h)
// sees only the main file; when it meets such a name it asks for this: one
// preprocessor-only run over the file (no parsing, diagnostics discarded)
// recording every object-like macro whose body is a restriction specifier,
// an exception specification, `mutable`, cv/ref qualifiers, or nothing.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_LEX_SPECIFIERMACROS_H
#define AMPCC_LEX_SPECIFIERMACROS_H

#include "ampcc/Lex/SpecifierReorder.h"

#include <string>
#include <vector>

namespace ampcc {

/// The macros visible in \p File preprocessed with the device pass's
/// \p Args (the clang++ command line, without the file); with \p PCH, a
/// precompiled <amp.h> the file starts with (PrecompiledAmp.h), built
/// under the same arguments.
SpecifierMacroMap collectSpecifierMacros(const std::string &File,
                                         const std::vector<std::string> &Args,
                                         const std::string &PCH = "");

} // namespace ampcc

#endif // AMPCC_LEX_SPECIFIERMACROS_H
