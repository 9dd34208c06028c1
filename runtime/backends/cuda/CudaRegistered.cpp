//===- CudaRegistered.cpp - The program's memory registered for DMA ------===//

#include "backends/cuda/CudaRegistered.h"

#include "backends/cuda/CudaBackend.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>

namespace ampcc {
namespace rt {
namespace cuda {
namespace {

constexpr uintptr_t PageBytes = 4096;

/// A registration: its page-rounded range and the address the driver was
/// given (cuMemHostUnregister takes that).
struct Registration {
  uintptr_t First, End;
  void *Base;
};

/// Registered ranges by first page; never destroyed (registrations may be
/// dropped by views destroyed at exit).
struct Registry {
  std::mutex Lock;
  std::map<uintptr_t, Registration *> ByFirst;
  std::atomic<size_t> Count{0};

  /// Whether [First, End) meets a registered range (Lock held).
  bool overlaps(uintptr_t First, uintptr_t End) const {
    auto It = ByFirst.lower_bound(End);
    if (It == ByFirst.begin())
      return false;
    --It; // The last range starting before End.
    return It->second->End > First;
  }
};

Registry &registry() {
  static Registry &R = *new Registry;
  return R;
}

uintptr_t pageDown(const void *P) { return reinterpret_cast<uintptr_t>(P) & ~(PageBytes - 1); }
uintptr_t pageUp(const void *P) {
  return (reinterpret_cast<uintptr_t>(P) + PageBytes - 1) & ~(PageBytes - 1);
}

} // namespace

bool touchesRegistered(const void *Lo, const void *Hi) {
  Registry &R = registry();
  if (!R.Count.load(std::memory_order_acquire) || Lo >= Hi)
    return false;
  std::lock_guard<std::mutex> Guard(R.Lock);
  return R.overlaps(pageDown(Lo), pageUp(Hi));
}

void hostSpan(const std::vector<Rect> &Rects, const void *Host, bool ToDevice,
              const void *&Lo, const void *&Hi) {
  size_t First = SIZE_MAX, End = 0;
  for (const Rect &R : Rects) {
    if (!R.bytes())
      continue;
    size_t Off = ToDevice ? R.SrcOffset : R.DstOffset;
    size_t Row = ToDevice ? R.SrcRowPitch : R.DstRowPitch;
    size_t Slice = ToDevice ? R.SrcSlicePitch : R.DstSlicePitch;
    First = std::min(First, Off);
    End = std::max(End, Off + (R.Region[2] - 1) * Slice + (R.Region[1] - 1) * Row + R.Region[0]);
  }
  const auto *Base = static_cast<const unsigned char *>(Host);
  Lo = First == SIZE_MAX ? Host : Base + First;
  Hi = First == SIZE_MAX ? Host : Base + End;
}

} // namespace cuda

using namespace cuda;

void *CudaBackend::registerHost(void *Host, size_t Bytes) {
  if (!Api || !Bytes)
    return nullptr;
  Registry &R = registry();
  auto *Reg = new Registration{pageDown(Host), pageUp(static_cast<char *>(Host) + Bytes), Host};
  std::lock_guard<std::mutex> Guard(R.Lock);
  // The driver refuses pages registered already; so does the registry, and
  // the memory stays ordinary (staged).
  if (R.overlaps(Reg->First, Reg->End) ||
      Api->cuMemHostRegister(Host, Bytes, CU_MEMHOSTREGISTER_PORTABLE) != CUDA_SUCCESS) {
    delete Reg;
    return nullptr;
  }
  R.ByFirst[Reg->First] = Reg;
  R.Count.fetch_add(1, std::memory_order_release);
  return Reg;
}

void CudaBackend::unregisterHost(void *Token) {
  auto *Reg = static_cast<Registration *>(Token);
  if (!Reg)
    return;
  Registry &R = registry();
  {
    std::lock_guard<std::mutex> Guard(R.Lock);
    // Nothing to tell on failure: the memory may already be gone.
    Api->cuMemHostUnregister(Reg->Base);
    R.ByFirst.erase(Reg->First);
    R.Count.fetch_sub(1, std::memory_order_release);
  }
  delete Reg;
}

} // namespace rt
} // namespace ampcc
