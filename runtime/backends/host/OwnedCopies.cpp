//===- OwnedCopies.cpp - each thread's copy of a view it updates only -----===//
//
// A kernel that names a view only in atomics of one kind whose results it
// drops (compiler/lib/CodeGen/AtomicOnlyViews.h; its table's `owned`)
// gives the same result whether each update reaches the buffer at once or
// later: additions, maxima, minima, ands, ors and xors regroup. Each
// thread of such a launch then updates a copy of the buffer of its own,
// which starts as the kind's identity, with plain instructions, and merges
// the copy into the buffer with atomics of the kind when its share of the
// launch is done: one atomic per element it touched, where every
// work-item's atomic was a locked instruction (a compare-exchange loop for
// a maximum) on a cache line the cores handed back and forth.
//
// Worth it when the copies are small beside the launch: each costs a
// thread a pass to fill it and one to merge it, so the copies of all
// threads together must not hold more elements than the launch has
// work-items. Not done where another argument's memory overlaps the
// buffer: a second view of the same data would read it, and see the buffer
// without the updates (the kernel may read, after a barrier, what its own
// tile added).
//
//===----------------------------------------------------------------------===//

#include "backends/host/HostBackend.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace ampcc {
namespace rt {

namespace {

/// The largest buffer a thread copies: its copy should stay in its cache.
constexpr size_t MaxCopyBytes = size_t(4) << 20;

bool overlap(const BufferArg &A, const BufferArg &B) {
  return A.Data < B.Data + B.Bytes && B.Data < A.Data + A.Bytes;
}

/// What a copy starts as: the element no update of the kind changes.
uint32_t identity(unsigned Kind) {
  switch (Kind) {
  case AMPCC_OWN_MAX_INT:
    return uint32_t(INT32_MIN);
  case AMPCC_OWN_MIN_INT:
    return uint32_t(INT32_MAX);
  case AMPCC_OWN_MIN_UINT:
  case AMPCC_OWN_AND:
    return UINT32_MAX;
  default: // Additions, unsigned maxima, ors, xors.
    return 0;
  }
}

/// Merges \p V into \p To atomically, by kind.
void merge(unsigned Kind, uint32_t *To, uint32_t V) {
  auto *S = reinterpret_cast<int32_t *>(To);
  switch (Kind) {
  case AMPCC_OWN_ADD:
    __atomic_fetch_add(To, V, __ATOMIC_RELAXED);
    break;
  case AMPCC_OWN_MAX_INT:
    __atomic_fetch_max(S, int32_t(V), __ATOMIC_RELAXED);
    break;
  case AMPCC_OWN_MAX_UINT:
    __atomic_fetch_max(To, V, __ATOMIC_RELAXED);
    break;
  case AMPCC_OWN_MIN_INT:
    __atomic_fetch_min(S, int32_t(V), __ATOMIC_RELAXED);
    break;
  case AMPCC_OWN_MIN_UINT:
    __atomic_fetch_min(To, V, __ATOMIC_RELAXED);
    break;
  case AMPCC_OWN_AND:
    __atomic_fetch_and(To, V, __ATOMIC_RELAXED);
    break;
  case AMPCC_OWN_OR:
    __atomic_fetch_or(To, V, __ATOMIC_RELAXED);
    break;
  case AMPCC_OWN_XOR:
    __atomic_fetch_xor(To, V, __ATOMIC_RELAXED);
    break;
  }
}

} // namespace

std::vector<BufferArg> ownedBuffers(const ampcc_host_kernel &K,
                                    const std::vector<BufferArg> &Buffers,
                                    size_t WorkItems, unsigned Threads) {
  std::vector<BufferArg> Owned;
  if (!K.owned)
    return Owned;
  size_t Words = 0;
  for (unsigned I = 0; I < K.num_args; ++I) {
    if (K.owned[I] == AMPCC_OWN_NONE)
      continue;
    auto It = std::find_if(Buffers.begin(), Buffers.end(),
                           [&](const BufferArg &B) { return B.Index == I; });
    // A view's data is always a buffer; its 32-bit elements are aligned.
    if (It == Buffers.end() || !It->Data || It->Bytes > MaxCopyBytes ||
        reinterpret_cast<uintptr_t>(It->Data) % 4 != 0)
      return {};
    Owned.push_back(*It);
    Owned.back().Kind = K.owned[I];
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
      C.assign((Owned[J].Bytes + 3) / 4, identity(Owned[J].Kind));
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
    unsigned Kind = Owned[J].Kind;
    uint32_t Unchanged = identity(Kind);
    for (size_t W = 0, N = Owned[J].Bytes / 4; W < N; ++W)
      if (From[W] != Unchanged)
        merge(Kind, &To[W], From[W]);
  }
  S.Started = false;
}

} // namespace rt
} // namespace ampcc
