//===- RecordLayoutCheck.h - host and OpenCL C layouts agree ----*- C++ -*-===//
//
// Data the host writes and a kernel reads (array and array_view elements,
// objects captured by value) must have one layout on both sides. The device
// side is a C struct: members in declaration order, each base a leading
// member, an empty class one byte. The Itanium C++ ABI the host follows
// differs from that in two cases, which this check finds so that they become
// an error instead of a silent wrong answer: an empty base takes no room
// (the empty base optimisation), and the members of a derived class may be
// placed in the tail padding of a base that is not POD.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_CODEGEN_RECORDLAYOUTCHECK_H
#define AMPCC_CODEGEN_RECORDLAYOUTCHECK_H

#include "clang/AST/ASTContext.h"

#include <string>

namespace ampcc {

/// Empty when \p T is laid out the same in ampcc's OpenCL C as on the host;
/// otherwise why not ("empty base class 'B' of 'D' takes no room on the host").
std::string deviceLayoutMismatch(clang::ASTContext &Ctx, clang::QualType T);

} // namespace ampcc

#endif // AMPCC_CODEGEN_RECORDLAYOUTCHECK_H
