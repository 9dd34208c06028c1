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
// structure of arrays, contiguous across work-items (for an array local
// too, its work-item subscript last, where every use is one element).
//
// A call statement whose callee waits at a barrier is inlined: the callee's
// body is planned and printed the same way by a WorkItemLoops of its own
// (over the callee's clone plan), its parameters bound to the arguments
// (WorkItemCalls.cpp).
//
// A return in the kernel's body ends its work-item: it sets the work-item's
// flag and leaves the work-item loop, and every later loop skips it.
//
// Kernels this does not take (a barrier in an expression or in a call that
// is not a statement of its own, a return inside a loop or switch that
// runs in a work-item loop or in an inlined callee, a break out of a loop
// holding a barrier, a local of class type across barriers) keep the per-work-item
// entry, which the runtime runs as fibers
// (runtime/backends/host/TileRunner.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_CODEGEN_WORKITEMLOOPS_H
#define AMPCC_CODEGEN_WORKITEMLOOPS_H

#include "FunctionEmitter.h"
#include "StridedLoops.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <map>
#include <memory>
#include <optional>
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
  ~WorkItemLoops();

  /// Whether \p Body can be printed as work-item loops.
  bool plan(const clang::Stmt *Body);
  /// The body as work-item loops: declarations first (work-item 0's ids and
  /// index, the tile_static storage, the replicated locals), then the code.
  std::string print(const clang::Stmt *Body);

  /// True when \p S may change \p VD: assigns, increments, takes its
  /// address, binds a non-const reference to it or calls a non-const member.
  /// Without \p Writes, only the ways that let other code change it later
  /// (its address, a reference, a non-const member).
  static bool mayChange(const clang::Stmt *S, const clang::VarDecl *VD, bool Writes = true);

private:
  /// How an inlined callee's parameter gets its argument.
  struct Param {
    enum KindT {
      Uniform,    ///< Alike for the tile: declared once.
      FromIndex,  ///< From the index alone: declared again in every loop.
      Replicated, ///< An array over the tile, filled at the call.
    } Kind;
    const clang::ParmVarDecl *Decl;
    const clang::Expr *Arg;
    ArgPassing Passing;
    /// How the callee's code names it.
    std::string Name;
  };

  /// The callee \p Def of a call statement of \p Caller's, printed inline.
  WorkItemLoops(WorkItemLoops &Caller, const FunctionPlan &Plan);

  bool hasBarrier(const clang::Stmt *S);
  /// A parameter of the kernel's call operator (the index) or of an
  /// inlined callee: not a capture of the enclosing function's parameter.
  bool ownParameter(const clang::VarDecl *VD) const;
  bool isBarrierStatement(const clang::Stmt *S);
  /// Checks a statement that holds a barrier, and records the locals of
  /// its statement lists.
  bool planLevel(const clang::Stmt *S);
  /// True when \p S, run inside a work-item loop, could leave it (a break or
  /// continue not inside a loop or switch of its own).
  bool leavesLoop(const clang::Stmt *S);
  /// `if (c) continue;` or `break;`, c uniform, in a list that a barrier
  /// splits: it runs once for the tile, at the loop holding the barrier.
  bool uniformJump(const clang::Stmt *S);
  /// \p S as a lone break or continue (alone in a block too), or null.
  static const clang::Stmt *jumpOf(const clang::Stmt *S);
  /// True when \p S holds a return inside a loop or switch of its own (or,
  /// with \p InLoop, anywhere): `continue` there would not reach the
  /// work-item loop.
  static bool returnsInLoop(const clang::Stmt *S, bool InLoop = false);
  void emitLevel(const clang::Stmt *S);
  /// A statement list that holds barriers (or one statement as such a list).
  void emitList(llvm::ArrayRef<const clang::Stmt *> Stmts);
  void emitLoop(std::vector<const clang::Stmt *> &Pending);
  /// The head of a work-item loop nest: the ids, the index and the values
  /// computed from it; closeLoop() ends it.
  /// \p XLo, \p XHi: the range of the fastest dimension's local id, when
  /// not the whole tile's (names declared before the loop).
  /// \p Ordered: the loop carries dependences between work-items in the
  /// order it runs them (fused phases): vectorised only where LLVM proves
  /// it safe, never on the promise of independent lanes.
  void openLoop(bool Vectorize, const std::string &XLo = "0", const std::string &XHi = "",
                bool Ordered = false);
  /// The loops over the tile's slower dimensions (ampcc_lz, then ampcc_ly),
  /// a line each, \p After ending the second.
  void openRowLoops(llvm::StringRef After = "");
  void closeLoop();
  // Guards on the local id (WorkItemGuards.cpp).
  /// Statements between barriers that are declarations and then one `if`,
  /// or one assignment of a choice, comparing the fastest dimension's local
  /// id (plus terms) with a bound alike for the tile: the range [Lo, Hi) of
  /// ampcc_lx it admits (expressions of ampcc_gb, which BoundDecl
  /// declares), what runs there (the if's branch, or the choice's first
  /// value) and what runs for the others (its else branch, or the choice's
  /// second value; nothing for an if without else).
  struct GuardedRegion {
    std::string Lo, Hi;
    std::string BoundDecl;
    const clang::Stmt *Admitted = nullptr, *Others = nullptr;
    /// `x = c ? a : b`: Admitted and Others are a and b.
    const clang::BinaryOperator *Choice = nullptr;
  };
  std::optional<GuardedRegion> guardedRegion(llvm::ArrayRef<const clang::Stmt *> Stmts);
  /// Prints \p Stmts as a loop over the work-items the guard admits; false
  /// (nothing printed) where they are not such a region.
  bool emitGuardedLoop(llvm::ArrayRef<const clang::Stmt *> Stmts, bool Vectorize);
  /// A region's statements and its guard.
  struct GuardedPhase {
    llvm::ArrayRef<const clang::Stmt *> Stmts;
    GuardedRegion G;
  };
  /// \p Phases, one guard alike for all, as loops over the work-items it
  /// admits and over the others where a phase has a side for them; the
  /// phases in order in each loop (fused phases when several: \p Ordered,
  /// see openLoop).
  void emitGuardedLoops(llvm::ArrayRef<GuardedPhase> Phases, bool Vectorize, bool Ordered);
  /// \p Stmts in a work-item loop: with \p G, its declarations and then the
  /// guard's part (the others' when \p Others); in a block with \p Block.
  void emitPhase(llvm::ArrayRef<const clang::Stmt *> Stmts, const GuardedRegion *G, bool Others,
                 bool Block);
  /// The guard's part of the region: Admitted, or Others when \p Others.
  void emitGuardedPart(const GuardedRegion &G, bool Others);
  /// Terms alike for the tile added to (or, when first is true, taken from)
  /// the local id.
  using IdTerms = llvm::SmallVector<std::pair<bool, const clang::Expr *>, 2>;
  /// \p E as the local id of the tile's fastest dimension (ampcc_lx) plus
  /// terms; \p Declared: the region's own locals, followed to their values.
  std::optional<IdTerms> fastLocalIdPlus(const clang::Expr *E,
                                         const llvm::DenseSet<const clang::VarDecl *> &Declared);
  // Two phases fused across the barrier between them (WorkItemFusion.cpp).
  /// `lx * Lx + counter * Counter + Const`: an index of a fused phase.
  struct LinearIndex {
    int64_t Lx = 0, Counter = 0, Const = 0;
  };
  /// \p E as a LinearIndex, \p Counter the phase loop's counter and \p Own
  /// the locals the phase declares (followed to their values).
  std::optional<LinearIndex> linearIndex(const clang::Expr *E, const clang::VarDecl *Counter,
                                         const llvm::DenseSet<const clang::VarDecl *> &Own,
                                         unsigned Depth = 0);
  /// Whether lifted loops \p A and \p B, a barrier between them, may run as
  /// one loop whose work-item loop runs A's body and then B's for each
  /// work-item in turn: see WorkItemFusion.cpp.
  bool fusible(const clang::Stmt *A, const clang::Stmt *B);
  void emitFused(const clang::ForStmt *A, const clang::ForStmt *B);
  /// The name both fused loops' counters print as.
  std::string fusedCounterName(const clang::ForStmt *A, const clang::ForStmt *B);
  /// Whether guard \p G's refused side is a value no one reads: `v[i] = c
  /// ? x : y` where every other mention of v in the body is `v[i]` in
  /// \p Reader, the fused phase that reads it only where c holds.
  bool deadOtherSide(const GuardedRegion &G, const clang::ForStmt *Writer,
                     const clang::ForStmt *Reader, const std::optional<GuardedRegion> &RG);
  // A kernel's own loops without barriers (WorkItemInnerLoops.cpp).
  /// A for loop a work-item runs alone: no barrier, no loop inside, nothing
  /// leaving it, one integer counter declared by it that only its
  /// increment changes.
  struct CountedLoop {
    const clang::ForStmt *For;
    const clang::VarDecl *Counter;
    /// `i += Step` (`i -= Step` when Down); null for ++i and --i; Affine
    /// is false for other compound assignments.
    const clang::Expr *Step = nullptr;
    bool Down = false;
    bool Affine = true;
  };
  std::optional<CountedLoop> countedLoop(const clang::Stmt *S);
  /// Whether \p S has no loops but short ones of constant bounds (at most
  /// 64 iterations in all, \p Trips those of the loops around them), which
  /// LLVM unrolls whole before it vectorises.
  bool unrolledWhole(const clang::Stmt *S, uint64_t Trips);
  /// A loop that runs alike for every work-item (its counter and bounds
  /// uniform): it moves outside the work-item loop, which then runs inside
  /// it and is innermost, so it is the loop the vectoriser sees. Legal
  /// because the work-items are unordered between barriers.
  bool liftable(const clang::Stmt *S);
  /// Prints lifted loop \p FS inside the loops over the tile's slower
  /// dimensions and around the fastest one's alone, where the tile has
  /// more than one row and the loop's head may run once a row: false
  /// (nothing printed) otherwise. A value each work-item updates in every
  /// iteration (an accumulator) then stays in registers for the whole loop,
  /// where with the loop around the whole tile it went to memory and back
  /// each iteration.
  bool emitLiftedInRows(const clang::ForStmt *FS);
  /// A loop whose counter starts from the index (`for (i = t.global[0]; i
  /// < n; i += stride)`) and moves by a uniform step to a uniform bound:
  /// it is interchanged with the work-item loop, which then runs inside it
  /// over the work-items still counting, each recomputing its counter from
  /// the iteration's number, so that accesses through the counter are
  /// contiguous across work-items.
  bool interchangeable(const clang::Stmt *S);
  void emitInterchanged(const clang::ForStmt *FS);
  /// The interchange of a strided loop (StridedLoops.h): counted first.
  void emitInterchangedCounted(const clang::ForStmt *FS, const StridedLoop &SL);
  /// Whether an interchanged loop's body is short and without jumps, to
  /// run several iterations in one work-item loop.
  static bool jammable(const clang::Stmt *Body);
  /// Iterations \p K, K + 1, ... of \p FS, \p Count at a time in one
  /// work-item loop, while \p Trips allows.
  void emitJammed(const clang::ForStmt *FS, const CountedLoop &L, const std::string &K,
                  const std::string &Trips, unsigned Count, bool Vectorize);
  /// In an interchanged loop's work-item loop: the counter of iteration \p K.
  void declareIteration(const CountedLoop &L, const std::string &K);
  /// The loop's body, run where \p Guard (C) holds; always if it is empty.
  void emitIterationBody(const clang::ForStmt *FS, const std::string &Guard);
  bool isUniform(const clang::Expr *E);
  bool isUniformVar(const clang::ValueDecl *D);
  /// \p E depends on the work-item's index and uniform values alone, through
  /// the C++ AMP index classes' members.
  bool fromIndex(const clang::Expr *E);
  /// \p E is alike for the tile when a region (statements between two
  /// split points) starts: a uniform value, or made of such values,
  /// elements of views, arrays, captures and tile_static memory at uniform
  /// places, and fast_math, precise_math and pureArithmetic functions of
  /// them. What a region
  /// reads before it writes anything, every work-item reads alike (another
  /// work-item's write there in the region would be a race), so a local
  /// declared so at a region's start is computed once for the tile before
  /// its work-item loop (TileScalars): binomial's option parameters, which
  /// had been arrays over the tile read in every step.
  bool tileValue(const clang::Expr *E);
  /// \p FD returns an arithmetic value of its arithmetic parameters alone:
  /// a free function that names only its own locals and calls only math
  /// functions and functions like it (randamp's safe arithmetic, a
  /// program's `cnd(d)`).
  bool pureArithmetic(const clang::FunctionDecl *FD);
  /// Whether \p S declares tile scalars (true) or only values from the
  /// index and tile_static storage (false), which print nothing in a
  /// work-item loop; nullopt for any other statement.
  std::optional<bool> tileLevelDecl(const clang::Stmt *S) const;
  /// \p E is an lvalue whose address depends on the index and uniform
  /// values alone: an element of a tile_static array or of a capture at
  /// subscripts from the index, its members, or a choice between two such
  /// places on a condition from the index (no read of memory on the way).
  bool addressFromIndex(const clang::Expr *E);
  /// Whether \p E reads a local of the kernel's body other than the index
  /// and values rematerialised from it (a barrier loop's counter): such a
  /// local is in scope only in its block, where a value made from the index
  /// is declared at the tile function's start and in every work-item loop.
  bool readsBodyLocal(const clang::Expr *E) const;
  /// Whether the init or increment of barrier loop \p FS changes a local
  /// kept per work-item (Replicated): emitBroadcastHeader then runs them
  /// for every work-item.
  bool headerChangesReplicated(const clang::ForStmt *FS) const;
  void emitBroadcastHeader(const clang::ForStmt *FS);
  /// Whether \p S may change a local kept per work-item.
  bool changesReplicated(const clang::Stmt *S) const;
  /// Declares the locals computed from the index alone (Rematerialized).
  void declareFromIndex();
  /// Whether \p S calls an atomic, or a function of the program's (which
  /// may): on the host a tile_static atomic is a plain read-modify-write
  /// (one thread runs the tile), so work-items of one loop must not run it
  /// side by side in vector lanes.
  static bool mayUpdateShared(const clang::Stmt *S);
  /// The variables \p S declares.
  static llvm::DenseSet<const clang::VarDecl *> declaredIn(const clang::Stmt *S);
  /// Whether \p Stmts, a work-item loop's body, may run in vector lanes
  /// side by side (`assume_safety`): they update nothing shared
  /// (mayUpdateShared) and declare no local kept in memory (LaneLocals.h),
  /// which every iteration would share.
  bool lanesIndependent(llvm::ArrayRef<const clang::Stmt *> Stmts) const;
  /// The array over the tile that stands for \p VD.
  std::string replicatedName(const clang::VarDecl *VD) const;

  // Inlined calls (WorkItemCalls.cpp).
  /// Whether the function \p FD waits at a barrier, itself or in a callee.
  bool waits(const clang::FunctionDecl *FD);
  /// \p S as a statement calling a function that waits, or null.
  const clang::CallExpr *waitingCall(const clang::Stmt *S);
  /// Plans the callee of \p Call inline: binds its parameters.
  bool planCall(const clang::CallExpr *Call);
  /// In a callee: how the argument \p Arg (its caller's) reaches \p P of
  /// the body \p Body; false where no way fits.
  bool bindParam(const clang::ParmVarDecl *P, const clang::Expr *Arg, ArgPassing Passing,
                 const clang::Stmt *Body);
  /// \p E is an lvalue that is the same object for every work-item (a
  /// tile_static variable, a capture, their elements and members).
  bool uniformAddress(const clang::Expr *E);
  /// A parameter's argument as the callee's parameter takes it.
  std::string argument(const Param &P);
  void emitCall(const clang::CallExpr *Call);
  /// Declares \p Callee's parameters, for work-item 0 and for its loops,
  /// and fills those that are arrays over the tile.
  void emitParams(WorkItemLoops &Callee);
  /// Declarations of the arrays over the tile of this function's locals.
  std::string replicatedDecls();
  /// FE.Replicated's entries in the order of their declarations.
  std::vector<std::pair<const clang::VarDecl *, std::string>> replicatedInSourceOrder() const;
  WorkItemLoops &root() { return Caller ? Caller->root() : *this; }

  FunctionEmitter FE;
  /// The kernel's call operator (null in an inlined callee).
  const clang::CXXMethodDecl *Op = nullptr;
  WorkItemLoops *Caller = nullptr;
  /// Every variable the body declares.
  llvm::DenseSet<const clang::VarDecl *> Locals;
  /// Counters of the loops that run once for the tile, and uniform
  /// parameters of an inlined callee.
  llvm::DenseSet<const clang::VarDecl *> UniformVars;
  /// The index parameter, and an inlined callee's parameters from it.
  llvm::DenseSet<const clang::VarDecl *> IndexVars;
  llvm::DenseSet<const clang::Stmt *> Lifted;
  llvm::DenseSet<const clang::Stmt *> Interchanged;
  llvm::DenseSet<const clang::Stmt *> TileJumps; ///< uniformJump's.
  llvm::DenseMap<const clang::FunctionDecl *, bool> Pure; ///< pureArithmetic's.
  const clang::Stmt *Body = nullptr;
  std::vector<const clang::VarDecl *> FromIndex; ///< In declaration order.
  unsigned Tile[3];
  unsigned TileSize;
  /// Set while emitLiftedInRows has the loops over ampcc_lz and ampcc_ly
  /// open: openLoop then opens the fastest dimension's alone.
  bool RowsOpen = false;
  /// Every work-item loop's first statements: the index, and in an inlined
  /// callee its callers' values from the index and its parameters.
  std::string IndexPrologue;
  unsigned BarrierStatements = 0;
  std::vector<Param> Params;
  /// The call statements that wait, in order: planned after the body.
  std::vector<const clang::CallExpr *> Calls;
  std::map<const clang::CallExpr *, std::unique_ptr<WorkItemLoops>> Callees;
  /// The root's: declarations needed at the top of the tile function
  /// besides its own locals' (inlined callees' replicated locals and
  /// temporaries, interchanged loops' flags), and how many callees and
  /// interchanged loops it has (for their names).
  std::string ExtraDecls;
  unsigned InlinedCount = 0;
  unsigned InterchangedCount = 0;
  /// The kernel's body returns somewhere (ampcc_done).
  bool HasReturns = false;
};

} // namespace ampcc

#endif // AMPCC_CODEGEN_WORKITEMLOOPS_H
