//===- Lowering.h - small rules shared by the code generator ----*- C++ -*-===//
#ifndef AMPCC_CODEGEN_LOWERING_H
#define AMPCC_CODEGEN_LOWERING_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Type.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace ampcc {

/// Turns "Concurrency::index<2>" into "Concurrency_index_2".
std::string sanitizeIdentifier(llvm::StringRef S);
/// OpenCL C keywords, reserved words and built-in function names, which user
/// identifiers must not shadow.
bool isReservedInOpenCL(llvm::StringRef Name);
/// A C integer literal's digits for \p V (signed or not as \p V is).
std::string intText(const llvm::APSInt &V);
/// Escapes a string for a C string literal.
std::string escapeCString(llvm::StringRef S);
/// A readable C name for a function: "square", "operator_plus", ...
std::string functionBaseName(const clang::FunctionDecl *FD);

/// \p E without parentheses, full-expressions and implicit casts, but not
/// through a materialized temporary (IgnoreParenImpCasts goes through it):
/// what a reference is bound to.
const clang::Expr *ignoreFullExprAndImplicitCasts(const clang::Expr *E);

/// Coordinate \p Dim of the index or extent \p Object (a C expression):
/// its IndexStorageField element (AmpModel.h).
std::string coordinate(llvm::StringRef Object, unsigned Dim);

/// C++ references that become C pointers: non-const references (and
/// references to arrays). A `const T&` becomes a value of type T.
inline bool isPointerLoweredRef(clang::QualType T) {
  if (!T->isReferenceType())
    return false;
  clang::QualType Pointee = T->getPointeeType();
  return !Pointee.isConstQualified() || Pointee->isArrayType();
}

} // namespace ampcc

#endif // AMPCC_CODEGEN_LOWERING_H
