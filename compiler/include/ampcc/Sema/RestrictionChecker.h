//===- RestrictionChecker.h - the rules of restrict(amp) ---------*- C++ -*-===//
//
// Checks the translation unit against C++ AMP's restrictions on amp code
// (spec §2.3-2.4) before any code is generated. Like Clang's SemaSYCL, it
// walks the call graph of each kernel once from its call operator, then every
// other restrict(amp) or restrict(cpu, amp) function of the translation unit
// (instantiated templates included, uninstantiated ones not), and hands each
// function to the rule families (Rule.h). Recursion, direct or through any
// cycle of calls, constructors and operators, is found on the same graph.
// Violations are reported at the construct, with notes back along the call
// chain to the kernel; restriction errors Clang found while parsing are
// reported again the same way (ClangFinding.h).
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_SEMA_RESTRICTIONCHECKER_H
#define AMPCC_SEMA_RESTRICTIONCHECKER_H

#include "ampcc/Analysis/KernelFinder.h"
#include "ampcc/Analysis/TranslationUnitRoots.h"
#include "ampcc/Sema/ClangFinding.h"

#include "llvm/ADT/ArrayRef.h"

#include <vector>

namespace ampcc {

/// Returns the number of errors reported (by the checker, or by Clang and
/// reported again). \p Findings are the restriction errors Clang held back
/// while parsing; the checker marks those it reports (or drops) Handled.
/// \p Roots: where walks of the whole file start (whole file if null).
unsigned checkRestrictions(clang::ASTContext &Ctx, const std::vector<KernelSite> &Kernels,
                           llvm::ArrayRef<ClangFinding *> Findings,
                           const TranslationUnitRoots *Roots = nullptr);

} // namespace ampcc

#endif // AMPCC_SEMA_RESTRICTIONCHECKER_H
