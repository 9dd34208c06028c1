//===- KernelFinder.h - find the kernels of a translation unit ---*- C++ -*-===//
//
// A kernel is the function object passed to Concurrency::parallel_for_each: a
// lambda or a class whose operator() is restrict(amp). The finder walks the
// whole AST, template instantiations included, so a parallel_for_each inside a
// function template yields one kernel per instantiation. Calls inside
// uninstantiated templates are skipped: they have no concrete kernel type.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_ANALYSIS_KERNELFINDER_H
#define AMPCC_ANALYSIS_KERNELFINDER_H

#include "ampcc/Analysis/AmpModel.h"
#include "ampcc/Analysis/TranslationUnitRoots.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"

#include <string>
#include <vector>

namespace ampcc {

struct KernelSite {
  const clang::CallExpr *Call = nullptr;          ///< The parallel_for_each call.
  const clang::CXXRecordDecl *KernelType = nullptr; ///< Closure or functor class.
  const clang::CXXMethodDecl *CallOperator = nullptr; ///< restrict(amp) operator().
  unsigned Rank = 0;
  bool Tiled = false;
  unsigned Tile[3] = {0, 0, 0};
};

/// Finds every kernel in \p Ctx's translation unit, one per distinct kernel
/// type, in source order. Reports kernels without a usable call operator.
std::vector<KernelSite> findKernels(clang::ASTContext &Ctx);
/// The same, walking from \p Roots.
std::vector<KernelSite> findKernels(const TranslationUnitRoots &Roots);

/// typeid(T).name() of a kernel type \p RD, as the host's Itanium C++ ABI
/// spells it: the key the runtime finds a kernel by (see
/// docs/architecture.md, "How kernels are found and named").
std::string typeInfoName(clang::ASTContext &Ctx, const clang::CXXRecordDecl *RD);

} // namespace ampcc

#endif // AMPCC_ANALYSIS_KERNELFINDER_H
