//===- AtomicOnlyViews.h - views a kernel only updates atomically -*- C++ -*-===//
//
// A histogram's bins, a match counter, a running maximum: captured views
// that a kernel names only as one kind of atomic on 32-bit integers whose
// result it drops (`atomic_fetch_add(&v[i], x)`, sub, inc and dec being
// additions; or max, min, and, or, xor, one of them for the view). No
// work-item can observe such a view's elements during the launch, and each
// kind is commutative and associative (addition modulo 2^32), so the
// launch's result does not depend on when each update reaches memory. The
// host backend exploits that: each thread of a launch updates a copy of
// the view's buffer holding the kind's identity with plain instructions,
// and merges its copy into the buffer once at its end (runtime/backends/
// host/OwnedCopies.cpp), where every work-item's atomic was a locked
// instruction on cache lines the cores passed back and forth (the bench's
// histogram: 262,144 a launch, a third of its time on two cores).
//
// The test is local and conservative: the view must be a capture of its
// own (a view or an array by reference), named in the kernel's own body
// only as the object of element accesses (`v[i]`, `v(i, j)`, `v[i][j]`)
// whose address is the first argument of such an atomic, outside nested
// lambdas; any other mention (a read, a copy, a call, a section), or
// atomics of two kinds, leave it out. Whether another argument of a launch
// shares the buffer is the runtime's to check.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_CODEGEN_ATOMICONLYVIEWS_H
#define AMPCC_CODEGEN_ATOMICONLYVIEWS_H

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace ampcc {

class AtomicOnlyViews {
public:
  /// \p Op: the kernel's call operator; \p FieldOfVar: each captured
  /// variable's closure field (lambdas; a functor's body names its fields).
  AtomicOnlyViews(const clang::CXXMethodDecl *Op,
               const llvm::DenseMap<const clang::ValueDecl *, const clang::FieldDecl *> &FieldOfVar);

  /// How the kernel updates capture \p F: an AMPCC_OWN_* of
  /// include/ampcc/host_kernel_abi.h, AMPCC_OWN_NONE when it does
  /// otherwise.
  unsigned kindOf(const clang::FieldDecl *F) const { return Fields.lookup(F); }
  /// Whether \p Dest, an atomic's first argument, is `&v[...]` of such a
  /// view: the atomic may update a thread's own copy.
  bool isSite(const clang::Expr *Dest) const {
    auto It = Sites.find(Dest);
    return It != Sites.end() && Fields.count(It->second);
  }
  /// Treats \p F as any other view.
  void drop(const clang::FieldDecl *F) { Fields.erase(F); }

private:
  llvm::DenseMap<const clang::FieldDecl *, unsigned> Fields;
  /// Each site's view.
  llvm::DenseMap<const clang::Expr *, const clang::FieldDecl *> Sites;
};

} // namespace ampcc

#endif // AMPCC_CODEGEN_ATOMICONLYVIEWS_H
