//===- ElementParts.h - writes to parts of elements in memory ---*- C++ -*-===//
//
// Host kernels mark their work-item loops `vectorize(assume_safety)`
// (LaneLocals.h). LLVM 19's loop vectoriser, given that promise, also
// takes the order of one iteration's own accesses as free when it groups
// accesses to the fields of a struct element (interleaved accesses): a
// work-item's `out[i].f1 = a * b; ...; out[i].f1 += c;` read the old f1 in
// the second statement, the load moved into the group of the first
// statement's loads, above its store (docs/reliability.md, bug 7; found by
// random programs with views of structs). Only iterations are independent,
// not the statements of one, so a kernel that writes a part of an element
// of a view or array (a field, a short vector's component, a whole class
// element through its assignment operator) and names that view or array
// again after the write, or calls a member function that changes such an
// element, leaves the loop for the vectoriser to prove safe itself. A view
// read before it is written (`V v = vel[i]; ...; vel[i] = v;`) or only
// written (n-body's `acc[i] = float_4(...)`) keeps the promise.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_CODEGEN_ELEMENTPARTS_H
#define AMPCC_CODEGEN_ELEMENTPARTS_H

#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/ArrayRef.h"

namespace ampcc {

/// Whether \p Stmts write a part of an element of a view, array or other
/// memory that is not a local of theirs and name its root again after
/// the write (anywhere, where a loop of theirs repeats the write), or call
/// a member function that changes such an element, or write through a
/// pointer whose root is not known.
bool writesElementParts(const clang::SourceManager &SM,
                        llvm::ArrayRef<const clang::Stmt *> Stmts);

/// The same for the body of \p FD.
bool writesElementParts(const clang::FunctionDecl *FD);

} // namespace ampcc

#endif // AMPCC_CODEGEN_ELEMENTPARTS_H
