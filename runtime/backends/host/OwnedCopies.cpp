//===- OwnedCopies.cpp - each thread's copy of a view it only adds to -----===//
//
// A kernel that only adds to a view with atomics whose results it drops
// (compiler/lib/CodeGen/AddOnlyViews.h; its table's owned_args) gives the
// same result whether each addition reaches the buffer at once or later.
// Each thread of such a launch then adds into a zeroed copy of the buffer
// of its own, with plain instructions, and adds the copy into the buffer
// with atomics when its share of the launch is done: one atomic per
// element it touched, where every work-item's atomic was a locked
// instruction on a cache line the cores handed back and forth.
//
// Worth it when the copies are small beside the launch: each costs a
// thread a pass to zero it and one to add it, so the copies of all threads
// together must not hold more elements than the launch has work-items.
// Not done where another argument's memory overlaps the buffer: a second
// view of the same data would read it, and see the buffer without the
// additions (the kernel may read, after a barrier, what its own tile
// added).
//
//===----------------------------------------------------------------------===//

#include "backends/host/HostBackend.h"

#include <algorithm>
#include <cstring>

namespace ampcc {
namespace rt {

namespace {

/// The largest buffer a thread copies: its copy should stay in its cache.
constexpr size_t MaxCopyBytes = size_t(4) << 20;

bool overlap(const BufferArg &A, const BufferArg &B) {
  return A.Data < B.Data + B.Bytes && B.Data < A.Data + A.Bytes;
}

} // namespace

std::vector<BufferArg> ownedBuffers(const ampcc_host_kernel &K,
                                    const std::vector<BufferArg> &Buffers,
                                    size_t WorkItems, unsigned Threads) {
  std::vector<BufferArg> Owned;
  if (!K.owned_args)
    return Owned;
  size_t Words = 0;
  for (unsigned I = 0; I < 64 && I < K.num_args; ++I) {
    if (!(K.owned_args >> I & 1))
      continue;
    auto It = std::find_if(Buffers.begin(), Buffers.end(),
                           [&](const BufferArg &B) { return B.Index == I; });
    // A view's data is always a buffer; its 32-bit elements are aligned.
    if (It == Buffers.end() || !It->Data || It->Bytes > MaxCopyBytes ||
        reinterpret_cast<uintptr_t>(It->Data) % 4 != 0)
      return {};
    Owned.push_back(*It);
    Words += (It->Bytes + 3) / 4;
  }
  if (Words * Threads > WorkItems)
    return {};
  for (const BufferArg &O : Owned)
    for (const BufferArg &B : Buffers)
      if (B.Index != O.Index && B.Data && overlap(O, B))
        return {};
  return Owned;
}

LaunchArgs::LaunchArgs(void *const *Args, size_t NumArgs, std::vector<BufferArg> Owned,
                       unsigned Threads)
    : Args(Args), NumArgs(NumArgs), Owned(std::move(Owned)),
      Slots(this->Owned.empty() ? 0 : Threads) {}

void *const *LaunchArgs::forSlot(unsigned Slot) {
  if (Owned.empty())
    return Args;
  SlotArgs &S = Slots[Slot];
  if (!S.Started) {
    // The calling thread's copies: a thread runs one slot of one launch at
    // a time, and adds its copies into the buffers before it leaves it.
    static thread_local std::vector<std::vector<uint32_t>> Copies;
    if (Copies.size() < Owned.size())
      Copies.resize(Owned.size());
    S.Values.resize(Owned.size());
    S.Args.assign(Args, Args + NumArgs);
    for (size_t J = 0; J < Owned.size(); ++J) {
      std::vector<uint32_t> &C = Copies[J];
      C.assign((Owned[J].Bytes + 3) / 4, 0);
      S.Values[J] = C.data();
      S.Args[Owned[J].Index] = &S.Values[J];
    }
    S.Started = true;
  }
  return S.Args.data();
}

void LaunchArgs::finish(unsigned Slot) {
  if (Owned.empty() || !Slots[Slot].Started)
    return;
  SlotArgs &S = Slots[Slot];
  for (size_t J = 0; J < Owned.size(); ++J) {
    auto *To = reinterpret_cast<uint32_t *>(Owned[J].Data);
    const auto *From = static_cast<const uint32_t *>(S.Values[J]);
    for (size_t W = 0, N = Owned[J].Bytes / 4; W < N; ++W)
      if (From[W])
        __atomic_fetch_add(&To[W], From[W], __ATOMIC_RELAXED);
  }
  S.Started = false;
}

} // namespace rt
} // namespace ampcc
