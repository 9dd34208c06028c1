//===- Lowering.h - small rules shared by the code generator ----*- C++ -*-===//
#ifndef AMPCC_CODEGEN_LOWERING_H
#define AMPCC_CODEGEN_LOWERING_H

#include "CloneKey.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Type.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/SmallVector.h"
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

/// The variable a lambda closure's field captures, or null.
const clang::ValueDecl *capturedVar(const clang::FieldDecl *F);

// --- Calls and what they bind, as the planner and the printer both see them --

/// A call's callee, object (or null) and arguments, as the lowering sees
/// them: an operator's object is its first operand.
struct CallParts {
  const clang::FunctionDecl *FD = nullptr;
  const clang::Expr *Object = nullptr;
  bool ObjectIsPointer = false;
  llvm::SmallVector<const clang::Expr *, 4> Args;
};
/// False for calls without a direct callee (through pointers).
bool callParts(const clang::CallExpr *CE, CallParts &Parts);

/// How an argument reaches a parameter of type \p PT in C.
enum class ArgPassing {
  Value,      ///< By value (also `const T&`).
  Address,    ///< A non-const reference: the address of the argument.
  ArrayDecay, ///< A reference to an array: the array, decayed.
  Pointer,    ///< A pointer: as it is.
};
ArgPassing argPassing(clang::QualType PT);
/// How the clone \p Key receives its parameter \p I of type \p PT: as
/// above, but a `T *&&` bound to a temporary is a pointer
/// (CloneKey::TempPointers).
ArgPassing argPassing(const CloneKey &Key, unsigned I, clang::QualType PT);

/// A copy or move assignment that is C struct assignment.
bool isTrivialAssignment(const clang::CXXMethodDecl *MD);
/// Functions amp code may call: restrict(amp), constexpr (Clang makes them
/// host-device) or implicit special members.
bool isDeviceCallable(const clang::FunctionDecl *FD);
/// A prvalue, or a temporary materialised to bind `this`: no C lvalue.
bool isTemporary(const clang::Expr *E);
/// A `T *&&` parameter bound to a temporary pointer (CloneKey::TempPointers).
bool isTempPointer(clang::QualType PT, const clang::Expr *Arg);
/// Members of the C++ AMP library that AmpLibrary.cpp lowers itself (view
/// element access, atomics, math, barriers): calls to them are not clones.
bool isLibraryIntrinsic(const clang::FunctionDecl *FD, unsigned NumArgs);
/// A construction that prints as something other than a constructor call
/// (elided and trivial copies, views, trivial default construction).
bool constructsWithoutCall(const clang::CXXConstructExpr *CE);

/// The memory an array_view constructed in amp code views: the pointer of
/// array_view(extent, T *) and array_view(E0[, E1[, E2]], T *), or the C
/// array of Visual C++ 2013's array_view(T (&)[N]); null for the others.
const clang::Expr *viewedMemory(const clang::CXXConstructExpr *CE);

/// The clone of the destructor that destroys an object (or the elements of
/// an array) of type \p T in \p AS; T's class must have one.
CloneKey destructorKey(clang::ASTContext &Ctx, clang::QualType T, AddrSpace AS,
                       AddrSpace ViewData = AddrSpace::Global, unsigned ImageKernel = 0);

/// An array_view or array, a class holding one, or a reference, pointer or
/// array of those: where the views' elements live is part of the plan.
bool holdsView(clang::ASTContext &Ctx, clang::QualType T);

} // namespace ampcc

#endif // AMPCC_CODEGEN_LOWERING_H
