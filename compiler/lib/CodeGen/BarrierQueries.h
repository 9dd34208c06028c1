//===- BarrierQueries.h - where a tile waits, asked once ------*- C++ -*-===//
//
// Which statements and functions wait at a tile barrier, themselves or in a
// function they call. The host backend's work-item loops split a tiled body
// at its barriers (WorkItemLoops.h), and its fiber path puts a barrier at
// each iteration of a loop that waits (StmtEmitter.cpp): both ask here, and
// a kernel's body is printed twice (OpenCL C, then work-item loops), so the
// answers are kept for the module.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_CODEGEN_BARRIERQUERIES_H
#define AMPCC_CODEGEN_BARRIERQUERIES_H

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"

namespace ampcc {

class BarrierQueries {
public:
  /// A call of tile_barrier's members (wait and its fenced forms).
  static bool isBarrierCall(const clang::Stmt *S);
  /// Whether \p FD waits at a barrier, itself or in a callee. A function
  /// without a body waits if it takes a tile_barrier or a tiled_index.
  bool waits(const clang::FunctionDecl *FD);
  /// Whether running \p S may wait at a barrier.
  bool hasBarrier(const clang::Stmt *S);

private:
  llvm::DenseMap<const clang::Stmt *, bool> Barriers;
  llvm::DenseMap<const clang::FunctionDecl *, bool> Waits;
};

} // namespace ampcc

#endif // AMPCC_CODEGEN_BARRIERQUERIES_H
