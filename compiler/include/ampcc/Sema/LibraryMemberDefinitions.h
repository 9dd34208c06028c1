//===- LibraryMemberDefinitions.h - amp members the code generator defines -*- C++ -*-===//
//
// ampcc's headers declare many amp-only members of the C++ AMP classes
// without a body (array_view's amp constructors, operator[] in amp code,
// ...): the code generator prints their OpenCL C. Clang accepts a call to a
// function defined elsewhere, except where the function's type has no
// linkage: array_view<LocalClass> for a class local to a function, which
// Visual C++ accepts and the conformance suite uses ("is used but not
// defined in this translation unit, and cannot be defined in any other").
// Both passes therefore mark such members of a specialization without
// linkage as imported (an implicit dllimport attribute), which Clang's check
// of used-but-undefined functions skips; neither pass emits amp code through
// Clang, so nothing else reads the mark.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_SEMA_LIBRARYMEMBERDEFINITIONS_H
#define AMPCC_SEMA_LIBRARYMEMBERDEFINITIONS_H

namespace clang {
class TagDecl;
} // namespace clang

namespace ampcc {

/// Marks the body-less amp-only members of \p D, a specialization of a
/// C++ AMP class template over a type without linkage, as defined elsewhere.
void markLibraryMembersDefinedElsewhere(clang::TagDecl *D);

} // namespace ampcc

#endif // AMPCC_SEMA_LIBRARYMEMBERDEFINITIONS_H
