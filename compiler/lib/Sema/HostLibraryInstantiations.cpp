//===- HostLibraryInstantiations.cpp - library code only the host runs ----===//
#include "ampcc/Sema/HostLibraryInstantiations.h"

#include "ampcc/Analysis/HostLibraryCode.h"

#include "clang/Sema/Sema.h"

#include "llvm/ADT/SmallPtrSet.h"

#include <algorithm>

using namespace clang;

namespace ampcc {
namespace {

/// A function amp code cannot call: neither restrict(amp) nor made
/// host-device by Clang (constexpr functions, for one).
bool isCpuOnly(const FunctionDecl *FD) {
  return !FD->hasAttr<CUDADeviceAttr>() && !FD->isConstexpr();
}

bool isDroppable(const ValueDecl *D) {
  const auto *FD = dyn_cast<FunctionDecl>(D);
  return FD && isCpuOnly(FD) && isHostLibraryCode(FD);
}

} // namespace

unsigned HostLibraryFilter::drop(Sema &S) {
  if (Stopped)
    return 0;
  // Both lists only grow while the file is parsed; what was looked at
  // before stays where it was.
  auto &Pending = S.PendingInstantiations;
  PendingSeen = std::min(PendingSeen, Pending.size());
  unsigned Count = 0;
  auto Gone = std::remove_if(Pending.begin() + PendingSeen, Pending.end(),
                             [&](const Sema::PendingImplicitInstantiation &P) {
                               if (!isDroppable(P.first))
                                 return false;
                               Dropped.insert(P.first->getCanonicalDecl());
                               DroppedPending.push_back(P);
                               ++Count;
                               return true;
                             });
  Pending.erase(Gone, Pending.end());
  PendingSeen = Pending.size();
  // Without a definition, each would be reported as used but not defined;
  // Clang records that at a function's first use, which need not be the
  // one that queued it.
  if (!Dropped.empty())
    S.UndefinedButUsed.remove_if([&](const auto &U) { return Dropped.contains(U.first); });

  auto &Uses = S.VTableUses;
  UsesSeen = std::min<size_t>(UsesSeen, Uses.size());
  auto UsesGone = std::remove_if(Uses.begin() + UsesSeen, Uses.end(), [&](const Sema::VTableUse &U) {
    if (!isHostLibraryCode(U.first))
      return false;
    DroppedUses.push_back(U);
    return true;
  });
  Count += Uses.end() - UsesGone;
  Uses.erase(UsesGone, Uses.end());
  UsesSeen = Uses.size();
  return Count;
}

void HostLibraryFilter::restore(Sema &S) {
  Stopped = true;
  S.PendingInstantiations.insert(S.PendingInstantiations.end(), DroppedPending.begin(),
                                 DroppedPending.end());
  S.VTableUses.append(DroppedUses.begin(), DroppedUses.end());
  DroppedPending.clear();
  DroppedUses.clear();
}

} // namespace ampcc
