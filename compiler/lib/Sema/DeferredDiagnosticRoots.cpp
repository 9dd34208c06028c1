//===- DeferredDiagnosticRoots.cpp - a header's roots that cannot emit --===//
#include "ampcc/Sema/DeferredDiagnosticRoots.h"

#include "clang/AST/Decl.h"
#include "clang/Basic/Cuda.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaCUDA.h"

using namespace clang;

namespace ampcc {

namespace {

using RootList = llvm::SmallSetVector<Decl *, 4>;

/// Sema's list is private in Clang 19 (its readers and writers are
/// friends), and no API edits it. An explicit instantiation may name a
/// private member ([temp.explicit]: access is not checked there), which
/// gives this file a pointer to it and nothing else.
RootList &rootsOf(Sema &S);
template <RootList Sema::*List> struct RootAccess {
  friend RootList &rootsOf(Sema &S) { return S.*List; }
};
template struct RootAccess<&Sema::DeclsToCheckForDeferredDiags>;

} // namespace

unsigned dropInertDeferredDiagnosticRoots(Sema &S) {
  RootList &Roots = rootsOf(S);
  // OpenMP visits roots that are not emitted too.
  if (S.getLangOpts().OpenMP || !S.getLangOpts().CUDA)
    return 0;
  // The check walks the list in order; a function root sets whether the
  // variable roots after it are walked as emitted (ShouldEmitRootNode), so
  // a variable after a dropped function was inert too. One before the
  // header's first function stays: the file's last function decides.
  bool AfterInert = false;
  RootList Kept;
  for (Decl *D : Roots) {
    auto *FD = dyn_cast<FunctionDecl>(D);
    if (!FD) {
      if (!AfterInert)
        Kept.insert(D);
      continue;
    }
    // A host function is never emitted for the device (getEmissionStatus
    // says so before anything else): most of the list, the standard
    // library's instantiations. Neither is one that is not emitted when the
    // header is built. An explicit instantiation definition in the file
    // could make an implicit instantiation's linkage non-discardable, and
    // so emitted, but its body was instantiated in the header, whose
    // deferred diagnostics the header does not keep: there is nothing to
    // emit from it. (The rest of the list, implicit instantiations of
    // host-device functions such as the standard library's constexpr ones,
    // was still a tenth of a small file's device pass.)
    AfterInert = (S.getLangOpts().CUDAIsDevice &&
                  S.CUDA().IdentifyTarget(FD) == CUDAFunctionTarget::Host) ||
                 S.getEmissionStatus(FD, /*Final=*/true) !=
                     Sema::FunctionEmissionStatus::Emitted;
    if (!AfterInert)
      Kept.insert(D);
  }
  unsigned Dropped = Roots.size() - Kept.size();
  Roots = std::move(Kept);
  return Dropped;
}

} // namespace ampcc
