//===- AddOnlyViews.h - views a kernel only adds to -------------*- C++ -*-===//
//
// A histogram's bins, a counter of matches: captured views that a kernel
// names only as `atomic_fetch_add(&v[i], x)` (or sub, inc, dec) whose
// result it drops. No work-item can observe such a view's elements during
// the launch, and integer addition is commutative and associative modulo
// 2^32, so the launch's result does not depend on when each addition
// reaches memory. The host backend exploits that: each thread of a launch
// adds into a zeroed copy of the view's buffer with plain instructions and
// adds its copy into the buffer once at its end (runtime/backends/host,
// HostLaunch.cpp), where every work-item's atomic was a locked instruction
// on cache lines the cores passed back and forth (the bench's histogram:
// 262,144 a launch, a third of its time on two cores).
//
// The test is local and conservative: the view must be a capture of its
// own (a view or an array by reference), named in the kernel's own body
// only as the object of element accesses (`v[i]`, `v(i, j)`, `v[i][j]`)
// whose address is the first argument of such an atomic, outside nested
// lambdas; any other mention (a read, a copy, a call, a section) leaves it
// out. Whether another argument of a launch shares the buffer is the
// runtime's to check.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_CODEGEN_ADDONLYVIEWS_H
#define AMPCC_CODEGEN_ADDONLYVIEWS_H

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace ampcc {

class AddOnlyViews {
public:
  /// \p Op: the kernel's call operator; \p FieldOfVar: each captured
  /// variable's closure field (lambdas; a functor's body names its fields).
  AddOnlyViews(const clang::CXXMethodDecl *Op,
               const llvm::DenseMap<const clang::ValueDecl *, const clang::FieldDecl *> &FieldOfVar);

  /// Whether the kernel only adds to capture \p F.
  bool contains(const clang::FieldDecl *F) const { return Fields.contains(F); }
  /// Whether \p Dest, an atomic's first argument, is `&v[...]` of such a
  /// view: the atomic may add into a thread's own copy.
  bool isSite(const clang::Expr *Dest) const {
    auto It = Sites.find(Dest);
    return It != Sites.end() && Fields.contains(It->second);
  }
  /// Treats \p F as any other view (its argument has no bit in the host
  /// table's mask).
  void drop(const clang::FieldDecl *F) { Fields.erase(F); }

private:
  llvm::DenseSet<const clang::FieldDecl *> Fields;
  /// Each site's view.
  llvm::DenseMap<const clang::Expr *, const clang::FieldDecl *> Sites;
};

} // namespace ampcc

#endif // AMPCC_CODEGEN_ADDONLYVIEWS_H
