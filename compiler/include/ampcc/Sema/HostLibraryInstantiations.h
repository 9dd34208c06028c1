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
// Clang's implicit host-device), and all else.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_SEMA_HOSTLIBRARYINSTANTIATIONS_H
#define AMPCC_SEMA_HOSTLIBRARYINSTANTIATIONS_H

#include "llvm/ADT/SmallPtrSet.h"

#include <cstddef>

namespace clang {
class Decl;
class Sema;
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

private:
  size_t PendingSeen = 0, UsesSeen = 0;
  llvm::SmallPtrSet<const clang::Decl *, 32> Dropped;
};

} // namespace ampcc

#endif // AMPCC_SEMA_HOSTLIBRARYINSTANTIATIONS_H
