//===- HostLibraryInstantiations.h - library code only the host runs -*- C++ -*-===//
//
// At a translation unit's end Clang instantiates every function template
// specialization the file used and defines every vtable it used, with the
// virtual members of class template specializations. In the device pass
// most of them are host library code (ampcc/Analysis/HostLibraryCode.h),
// which the host's code used: std::vector<int>::push_back, a
// std::ostringstream's virtual members. The device pass emits none of
// them, and amp code cannot call them (the restriction checker needs their
// declarations only); the host pass instantiates and checks them as
// before. Left out here: cpu-only functions and vtables of host library
// code. Kept: everything amp code can call (restrict(amp), constexpr,
// Clang's implicit host-device), and all else. A file with an error gets
// them back before its end, so that what they get wrong (a static_assert
// that names the header to include) is reported with the file's errors:
// the host pass, which would report it, does not run then. (An error that
// only the file's end brings, in an instantiation that was kept, does not:
// what the library code left out gets wrong is then reported by the host
// pass once that error is fixed.)
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_SEMA_HOSTLIBRARYINSTANTIATIONS_H
#define AMPCC_SEMA_HOSTLIBRARYINSTANTIATIONS_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <cstddef>
#include <deque>
#include <utility>
#include <vector>

namespace clang {
class CXXRecordDecl;
class Decl;
class Sema;
class ValueDecl;
} // namespace clang

namespace ampcc {

/// Removes the host library's pending instantiations and vtable uses from
/// a Sema's lists (those Clang works through at the translation unit's end,
/// or that a precompiled header leaves to each file), as they grow.
class HostLibraryFilter {
public:
  /// Looks at what \p S added since the last call; returns how many
  /// entries it dropped.
  unsigned drop(clang::Sema &S);

  /// Gives \p S back what drop() left out, before the translation unit's
  /// end, and drops nothing more: the file has an error, and what those
  /// instantiations get wrong is then reported with it, as without the
  /// filter.
  void restore(clang::Sema &S);

private:
  size_t PendingSeen = 0, UsesSeen = 0;
  bool Stopped = false;
  std::deque<std::pair<clang::ValueDecl *, clang::SourceLocation>> DroppedPending;
  std::vector<std::pair<clang::CXXRecordDecl *, clang::SourceLocation>> DroppedUses;
  llvm::SmallPtrSet<const clang::Decl *, 32> Dropped;
};

} // namespace ampcc

#endif // AMPCC_SEMA_HOSTLIBRARYINSTANTIATIONS_H
