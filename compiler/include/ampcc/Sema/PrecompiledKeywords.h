//===- PrecompiledKeywords.h - keywords a PCH made identifiers -*- C++ -*-===//
//
// libstdc++ names templates after some of Clang's type-trait keywords
// (`struct __is_pointer`); Clang then treats the name as an identifier for
// the rest of the file ("revertible type traits"), and a precompiled
// header records that. Clang restores it when it next lexes the name from
// source, but not inside the token streams of templates whose parsing was
// delayed (-fdelayed-template-parsing), which the header carries already
// lexed: parsed in the file that loads the header,
// `__is_pointer<_ValueType1>::__value` in std::__equal_aux read as the type
// trait and `vector == vector` failed to compile. Bringing the keywords up to
// date from the header before the file is parsed restores them.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_SEMA_PRECOMPILEDKEYWORDS_H
#define AMPCC_SEMA_PRECOMPILEDKEYWORDS_H

namespace clang {
class Preprocessor;
} // namespace clang

namespace ampcc {

/// With a precompiled header loaded into \p PP, gives every keyword the
/// meaning the header left it with; nothing without one.
void restoreKeywordsFromPrecompiledHeader(clang::Preprocessor &PP);

} // namespace ampcc

#endif // AMPCC_SEMA_PRECOMPILEDKEYWORDS_H
