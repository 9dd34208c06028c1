//===- WorkItemLoops.h - a tile's work-items as loops on the host -*- C++ -*-===//
//
// Host kernels (DeviceOptions::HostKernels): a tiled kernel whose barriers
// sit at statement level in its own body is printed a second time, for the
// host only, as one function that runs a whole tile: MCUDA's deep fission.
// C++ AMP requires barriers in uniform control flow (BarrierRules.cpp), so
// each barrier splits the statement list it is in; the statements between
// two barriers become one loop over the tile's work-items (vectorised like
// an untiled kernel), control flow that contains a barrier stays outside
// the loops and runs once, evaluated for work-item 0 (every work-item gets
// the same answer), and a local declared in a statement list that holds a
// barrier becomes an array over the tile, indexed by the loop variable:
// structure of arrays for scalars, contiguous across work-items.
//
// Kernels this does not take (a barrier in a called function or in an
// expression, a return, a break out of a loop holding a barrier, a local
// of class type across barriers) keep the per-work-item entry, which the
// runtime runs as fibers (runtime/backends/host/TileRunner.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_CODEGEN_WORKITEMLOOPS_H
#define AMPCC_CODEGEN_WORKITEMLOOPS_H

#include "FunctionEmitter.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <string>
#include <vector>

namespace ampcc {

class WorkItemLoops {
public:
  /// \p FE: a copy of the kernel's emitter with the captures and the index
  /// bound; \p Tile: the tile in OpenCL order (dimension 0 fastest);
  /// \p IndexPrologue: the statements that compute the index parameter
  /// from get_global_id & co.
  WorkItemLoops(FunctionEmitter FE, const clang::CXXMethodDecl *Op, const unsigned Tile[3],
                std::string IndexPrologue);

  /// Whether \p Body can be printed as work-item loops.
  bool plan(const clang::Stmt *Body);
  /// The body as work-item loops: declarations first (work-item 0's ids and
  /// index, the tile_static storage, the replicated locals), then the code.
  std::string print(const clang::Stmt *Body);

private:
  bool hasBarrier(const clang::Stmt *S);
  bool isBarrierStatement(const clang::Stmt *S);
  /// Checks a statement that holds a barrier, and records the locals of
  /// its statement lists.
  bool planLevel(const clang::Stmt *S);
  /// True when \p S, run inside a work-item loop, could leave it (a break or
  /// continue not inside a loop or switch of its own).
  bool leavesLoop(const clang::Stmt *S);
  void emitLevel(const clang::Stmt *S);
  /// A statement list that holds barriers (or one statement as such a list).
  void emitList(llvm::ArrayRef<const clang::Stmt *> Stmts);
  void emitLoop(std::vector<const clang::Stmt *> &Pending);
  /// A loop without barriers that runs alike for every work-item (its
  /// counter and bounds uniform, the counter changed only by the loop):
  /// it moves outside the work-item loop, which then runs inside it and is
  /// innermost, so it is the loop the vectoriser sees. Legal because the
  /// work-items are unordered between barriers.
  bool liftable(const clang::Stmt *S);
  bool isUniform(const clang::Expr *E);
  bool isUniformVar(const clang::ValueDecl *D);
  /// \p E depends on the work-item's index and uniform values alone, through
  /// the C++ AMP index classes' members.
  bool fromIndex(const clang::Expr *E);
  /// Declares the locals computed from the index alone (Rematerialized).
  void declareFromIndex();
  /// True when \p S may change \p VD: names it other than to read its value
  /// (assigns, increments, takes its address, binds a reference to it).
  static bool mayChange(const clang::Stmt *S, const clang::VarDecl *VD);

  FunctionEmitter FE;
  const clang::CXXMethodDecl *Op;
  /// Every variable the kernel's body declares.
  llvm::DenseSet<const clang::VarDecl *> Locals;
  /// Counters of the loops that run once for the tile.
  llvm::DenseSet<const clang::VarDecl *> UniformVars;
  llvm::DenseSet<const clang::Stmt *> Lifted;
  const clang::Stmt *Body = nullptr;
  std::vector<const clang::VarDecl *> FromIndex; ///< In declaration order.
  unsigned Tile[3];
  unsigned TileSize;
  std::string IndexPrologue;
  llvm::DenseMap<const clang::Stmt *, bool> Barriers;
  unsigned BarrierStatements = 0;
};

} // namespace ampcc

#endif // AMPCC_CODEGEN_WORKITEMLOOPS_H
