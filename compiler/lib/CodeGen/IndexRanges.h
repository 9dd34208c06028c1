//===- IndexRanges.h - indices in range under launch-time facts -*- C++ -*-===//
//
// Robust buffer access guards every element access of a global view that
// DomainIndexing cannot prove in range by the thread's own index. Many of
// the rest are in range too, for reasons only the launch can confirm: a
// clamped neighbour `v[imin(i + k, n - 1)]` when `n` is at most the view's
// extent, a strided loop `for (j = idx; j < n; j += s) v[j]`, a row read
// under `if (r < v.extent[0])`, a tile's slot `v[t.tile[0]]`. IndexRanges
// bounds an index expression below and above by linear forms over values
// the runtime knows at launch (captured int scalars, view extents, the
// compute domain, its tile count), following the kernel body's own
// structure: constants, the thread's coordinates, unchanged variables and
// their initialisers, counters of enclosing `for` loops (counting up, their
// condition bounds them above and their initialiser below; counting down,
// the other way round), the conditions that guard
// the access (if, ?:, &&, early return/continue/break), + - * / % & >> <<
// and the min/max/clamp intrinsics. Each node of the expression also
// proves it does not overflow its type.
//
// The access then holds `0 <= index` and `index <= extent - 1` when some
// alternative of each holds; bounds whose difference is not constant give
// several alternatives (a minimum of `i + k` and `n - 1` is below either).
// The alternatives' facts become the kernel's launch-time proof
// (kernel_abi.h, KernelDesc::RangeProof): the runtime launches the program
// whose proved accesses go unguarded (AMPCC_DOMAIN_COVERED) only when every
// clause of it holds and each view it names lies in its buffer.
//
// Everything here is conservative: an expression it does not understand
// has no bound, and the access keeps its guard.
//
//===----------------------------------------------------------------------===//

#ifndef AMPCC_CODEGEN_INDEXRANGES_H
#define AMPCC_CODEGEN_INDEXRANGES_H

#include "DomainIndexing.h"

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace clang {
class ParentMap;
class ForStmt;
} // namespace clang

namespace ampcc {

/// (C + sum(Coef * symbol)) / Den over RangeSymbol words (kernel_abi.h),
/// Den > 0. As a fact: the form is >= 0, or, with a Modulus, a multiple of
/// it (Den 1).
struct LinearForm {
  int64_t C = 0;
  int64_t Den = 1;
  int64_t Modulus = 0;
  llvm::SmallVector<std::pair<uint32_t, int64_t>, 2> Terms; // By symbol.
  bool isConstant() const { return Terms.empty(); }
};

class IndexRanges {
public:
  /// \p CaptureOf: each closure field captured as one View, ArrayRef or
  /// 4-byte integer Value, and its index among the kernel's captures.
  IndexRanges(clang::ASTContext &Ctx, DomainIndexing &Domain, const clang::Stmt *Body,
              llvm::DenseMap<const clang::FieldDecl *, unsigned> CaptureOf);
  ~IndexRanges();

  /// The element access \p Access (a call in the body) of \p Object, the
  /// closure field \p View, at \p Args, one int coordinate per dimension:
  /// when each lies in the view under launch-time facts, adds those facts
  /// to the proof and returns true.
  bool noteAccess(const clang::Expr *Access, const clang::FieldDecl *View,
                  llvm::ArrayRef<const clang::Expr *> Args);

  /// The subscript \p Index, at \p Access in the body, of a C array of
  /// \p Size elements (a tile_static array): Always when it lies in the
  /// array on every launch, AtLaunch when it does under launch-time facts
  /// (added to the proof), None when nothing here shows it.
  SubscriptProof noteSubscript(const clang::Expr *Access, const clang::Expr *Index, uint64_t Size);

  /// The proof in KernelDesc::RangeProof's words; empty when no access
  /// needed one.
  std::vector<int64_t> words() const;

  struct Candidate {
    LinearForm Bound;
    llvm::SmallVector<LinearForm, 2> Pre; ///< Facts (each >= 0) it needs.
  };
  struct Range {
    llvm::SmallVector<Candidate, 4> Lo, Hi;
    bool known() const { return !Lo.empty() && !Hi.empty(); }
  };
  /// A condition known on the path to the access: Subject <= Other + Delta
  /// (Upper) or Subject >= Other + Delta.
  struct Assumption {
    const clang::Expr *Subject;
    const clang::Expr *Other;
    int64_t Delta;
    bool Upper;
  };
  using Alternative = llvm::SmallVector<LinearForm, 4>;
  using Clause = llvm::SmallVector<Alternative, 4>;

private:
  /// Appends to \p New the facts that place \p Index in [0, Last]; false
  /// when some bound is unknown or can never hold.
  bool boundClauses(const clang::Expr *Index, const LinearForm &Last, std::vector<Clause> &New);
  void addClauses(std::vector<Clause> New);
  Range range(const clang::Expr *E, unsigned Depth);
  Range structuralRange(const clang::Expr *E, unsigned Depth);
  Range binaryRange(const clang::BinaryOperator *BO, unsigned Depth);
  Range callRange(const clang::CallExpr *CE, unsigned Depth);
  Range varRange(const clang::VarDecl *VD, unsigned Depth);
  Range counterRange(const clang::ForStmt *For, const clang::VarDecl *VD, unsigned Depth);
  std::optional<uint32_t> symbolOf(const clang::Expr *E);
  std::optional<unsigned> extentOf(const clang::Expr *E, const clang::FieldDecl *&View);
  Range leafRange(const clang::Expr *E);
  void addAssumed(const clang::Expr *E, Range &R, unsigned Depth);

  void collectPath(const clang::Expr *Access);
  void assume(const clang::Expr *Cond, bool Truth, unsigned Depth = 0);
  void assumeCompare(const clang::Expr *L, const clang::Expr *R, int64_t LeDelta, bool Both);
  bool stable(const clang::Expr *E);
  bool inLoop(const clang::VarDecl *VD) const;
  /// \p For's counter, declared in its initialiser, changes only in its
  /// increment.
  bool countsUp(const clang::ForStmt *For);
  bool sameExpr(const clang::Expr *A, const clang::Expr *B) const;
  const clang::ParentMap &parents();

  clang::ASTContext &Ctx;
  DomainIndexing &Domain;
  const clang::Stmt *Body;
  llvm::DenseMap<const clang::FieldDecl *, unsigned> CaptureOf;
  std::unique_ptr<clang::ParentMap> Parents;
  llvm::DenseMap<const clang::ForStmt *, bool> CountsUp;

  /// The access being proved: the loops around it and what holds there.
  llvm::SmallVector<const clang::ForStmt *, 4> Loops;
  std::vector<Assumption> Assumed;
  llvm::SmallVector<bool, 8> InUse;

  std::vector<Clause> Clauses;
};

} // namespace ampcc

#endif // AMPCC_CODEGEN_INDEXRANGES_H
