//===- StridedLoops.h - Loops whose stride is a run-time value --*- C++ -*-===//
//
// `for (int i = a; i < n; i += s)` with a stride s known only at run time
// (a grid-stride loop over a captured stride): LLVM cannot count its
// iterations, since s might be zero or negative, so it neither unrolls the
// loop nor lets the loads of successive iterations be in flight together.
// In the bench's reduction on an H200 each thread then waited for one load
// at a time: DRAM at 50% of its bandwidth, 0.59x nvcc's kernel, whose loop
// nvcc counts and unrolls 4x. Such a loop is printed with its trip count
// computed first (ampcc_trips: zero when i >= n, unbounded when s <= 0, as
// the loop itself would run), which LLVM unrolls with a remainder loop.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_CODEGEN_STRIDEDLOOPS_H
#define AMPCC_CODEGEN_STRIDEDLOOPS_H

#include "clang/AST/Stmt.h"

#include <optional>

namespace ampcc {

struct StridedLoop {
  const clang::VarDecl *Counter; ///< `int i`, declared by the init-statement.
  const clang::Expr *CounterRef; ///< The condition's read of it.
  const clang::Expr *Bound;      ///< n in `i < n` (or `n > i`).
  const clang::Expr *Stride;     ///< s in `i += s`.
};

/// \p FS as a strided loop, when it is one: an int counter declared by the
/// init-statement, compared below a bound and stepped by a stride, both
/// int expressions that nothing in the loop changes (reads of variables
/// the loop does not change, and the by-value const members of the C++ AMP
/// classes), and a body that changes neither the counter nor them. A
/// constant stride matches only with \p AnyStride (LLVM counts such loops
/// itself; a host tile's interchanged loops want the count regardless).
std::optional<StridedLoop> matchStridedLoop(const clang::ForStmt *FS, bool AnyStride = false);

/// The helper's name and its OpenCL C (also valid C for the host backend).
extern const char StridedTripsHelper[];
extern const char StridedTripsHelperCode[];

} // namespace ampcc

#endif // AMPCC_CODEGEN_STRIDEDLOOPS_H
