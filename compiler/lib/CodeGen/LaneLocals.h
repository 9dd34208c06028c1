//===- LaneLocals.h - locals that vector lanes would share -----*- C++ -*-===//
//
// Host kernels run their work-items as loops the vectoriser takes, marked
// `vectorize(assume_safety)`: between barriers, and in an untiled launch,
// work-items are unordered, so the loop carries no dependence through the
// program's memory. A local of the kernel (or of a function inlined into
// it) that stays in memory is another matter: Clang allocates it once for
// the whole function, so every iteration of the loop uses the same bytes,
// and the promise would let the vectoriser interleave the lanes' stores
// and loads there. Found by random programs (docs/reliability.md, bug 6):
// `int a[4]; a[k] += i;` in an untiled kernel gave every work-item the last
// lane's values. Such a loop is left for the vectoriser to prove safe
// itself. An array whose every use is an element at subscripts fixed once
// loops counting between constants are unrolled (`acc[i][j]` in
// `for (int i = 0; i < 4; ++i)`) does not count: LLVM unrolls those loops
// whole and keeps the elements in registers before it vectorises, and
// where it does not unroll one, the work-item loop around it is not
// innermost and is not vectorised. Records holding arrays always count.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_CODEGEN_LANELOCALS_H
#define AMPCC_CODEGEN_LANELOCALS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace ampcc {

/// Whether \p Stmts (a loop's body, together) declare a local kept in
/// memory (an array used otherwise than at fixed subscripts, a record
/// holding one; not tile_static, nor one \p Elsewhere says lives outside
/// the loop).
bool declaresLaneLocals(clang::ASTContext &Ctx, llvm::ArrayRef<const clang::Stmt *> Stmts,
                        llvm::function_ref<bool(const clang::VarDecl *)> Elsewhere);

/// The functions \p S calls, constructors included, with bodies, the
/// C++ AMP library's aside.
void programCallees(const clang::Stmt *S, llvm::SmallVectorImpl<const clang::FunctionDecl *> &Out);

/// Whether \p Pred holds for \p FD (defined) or a function of the program
/// it calls, directly or not (programCallees).
bool anyReachedFunction(const clang::FunctionDecl *FD,
                        llvm::function_ref<bool(const clang::FunctionDecl *)> Pred);

/// Whether \p FD's body, or that of a function it calls (C++ AMP's library
/// aside), declares a local kept in memory.
bool reachesLaneLocals(clang::ASTContext &Ctx, const clang::FunctionDecl *FD);

} // namespace ampcc

#endif // AMPCC_CODEGEN_LANELOCALS_H
