//===- DomainIndexing.h - accesses in range by construction -----*- C++ -*-===//
//
// Robust buffer access (RobustAccess.cpp) guards every element access of a
// global view. Most accesses of most kernels need no guard: a kernel's own
// body indexing a captured view with the thread's global index, whole
// (`v[idx]`, `v[t.global]`) or coordinate by coordinate in any order
// (`v(c, r)` with `int r = t.global[0], c = t.global[1];`), stays inside
// the view whenever the view's extent covers the compute domain along
// those coordinates, and a view lies inside its buffer. Only the runtime
// knows both extents, at launch. So such an access is printed with a guard
// that the preprocessor removes in the program built with
// AMPCC_DOMAIN_COVERED, and its capture carries the permutations it is
// indexed by (kernel_abi.h, CF_DomainPermShift); the runtime launches from
// that program when every such capture covers the domain along each of
// its permutations.
//
// Proofs are local and conservative: the index parameter, the captured
// view and any int variable standing for a coordinate must not be changed
// anywhere in the body (clang's ExprMutationAnalyzer), and calls into other
// functions keep their guards.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_CODEGEN_DOMAININDEXING_H
#define AMPCC_CODEGEN_DOMAININDEXING_H

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

#include "llvm/ADT/DenseSet.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace ampcc {

class MutationQueries;

class IndexRanges;

/// How a subscript of a C array of known size is known to be inside it.
enum class SubscriptProof { None, Always, AtLaunch };

class DomainIndexing {
public:
  /// \p Op: the kernel's call operator (its first parameter is the index);
  /// \p FieldOfVar: each captured variable's closure field (lambdas).
  /// \p CaptureOf: closure fields captured as one view, array or 4-byte
  /// integer, and their capture indices (for IndexRanges' facts).
  /// \p Mutations answers what the body changes.
  DomainIndexing(clang::ASTContext &Ctx, MutationQueries &Mutations,
                 const clang::CXXMethodDecl *Op,
                 llvm::DenseMap<const clang::ValueDecl *, const clang::FieldDecl *> FieldOfVar,
                 llvm::DenseMap<const clang::FieldDecl *, unsigned> CaptureOf);
  ~DomainIndexing();

  /// The access \p Access, `Object[Args]` / `Object(Args)` of a view of
  /// rank \p ViewRank, when it is in range by construction once its
  /// capture covers the domain (the permutation is recorded on the
  /// capture's field) or under launch-time facts (IndexRanges.h): returns
  /// true.
  bool noteAccess(const clang::Expr *Access, const clang::Expr *Object,
                  llvm::ArrayRef<const clang::Expr *> Args, unsigned ViewRank);

  /// The subscript \p Index at \p Access of a tile_static array of \p Size
  /// elements, in range always, under launch-time facts, or not shown.
  SubscriptProof noteSubscript(const clang::Expr *Access, const clang::Expr *Index,
                               uint64_t Size);

  /// The permutations recorded for \p F and whether IndexRanges proved an
  /// access of it, as CaptureDesc flag bits.
  uint32_t flagsFor(const clang::FieldDecl *F) const;
  /// KernelDesc::RangeProof's words for the accesses IndexRanges proved.
  std::vector<int64_t> rangeProof() const;

  // Queries for IndexRanges.
  /// \p E is the thread's whole global index (the unchanged index<N>
  /// parameter, or the tiled_index parameter's `global`).
  bool isGlobalIndex(const clang::Expr *E);
  /// The closure field \p Object names, if the body never changes it.
  const clang::FieldDecl *capturedView(const clang::Expr *Object);
  /// The global-index coordinate \p E stands for: `idx[d]`, `t.global[d]`,
  /// `t.tile_origin[d] + t.local[e]` where tile extent e is at most tile
  /// extent d (a transposed tile's coordinate, inside the domain along d),
  /// or an unchanged int variable initialised with one.
  std::optional<unsigned> coordinate(const clang::Expr *E);
  /// `t.<Member>[d]` of the tiled_index parameter: d.
  std::optional<unsigned> tiledCoordinate(const clang::Expr *E, llvm::StringRef Member);
  bool unchanged(const clang::ValueDecl *D);
  MutationQueries &mutations() { return Mutations; }
  const clang::CXXMethodDecl *op() const { return Op; }
  /// The tile's extent along domain dimension \p D (tiled kernels).
  unsigned tileExtent(unsigned D) const { return D < 3 ? Tile[D] : 0; }

private:
  bool notePermutation(const clang::Expr *Object, llvm::ArrayRef<const clang::Expr *> Args,
                       unsigned ViewRank);

  clang::ASTContext &Ctx;
  MutationQueries &Mutations;
  const clang::CXXMethodDecl *Op;
  const clang::ParmVarDecl *Index = nullptr;
  bool Tiled = false;
  unsigned Rank = 0;
  /// The tile's extents (tiled kernels).
  unsigned Tile[3] = {0, 0, 0};
  llvm::DenseMap<const clang::ValueDecl *, const clang::FieldDecl *> FieldOfVar;
  llvm::DenseMap<const clang::ValueDecl *, bool> Unchanged;
  /// Per field, a bit per permutation of the rank's coordinates.
  llvm::DenseMap<const clang::FieldDecl *, uint32_t> Perms;
  std::unique_ptr<IndexRanges> Ranges;
  /// Fields IndexRanges proved an access of.
  llvm::DenseSet<const clang::FieldDecl *> RangeViews;
};

} // namespace ampcc

#endif // AMPCC_CODEGEN_DOMAININDEXING_H
