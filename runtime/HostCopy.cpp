//===- HostCopy.cpp - Host memory copies spread over a few threads --------===//

#include "HostCopy.h"

#include <algorithm>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

namespace ampcc {
namespace rt {
namespace {

/// One copy: parts of a dense byte sequence of Rows rows of Width bytes.
struct Job {
  unsigned char *Dst;
  size_t DstPitch;
  const unsigned char *Src;
  size_t SrcPitch, Width, Rows;
  unsigned Parts;

  /// Copies bytes [Begin, End) of the dense sequence.
  void run(unsigned Part) const {
    size_t Total = Width * Rows;
    size_t Begin = Total * Part / Parts, End = Total * (Part + 1) / Parts;
    while (Begin < End) {
      size_t Row = Begin / Width, Col = Begin % Width;
      size_t N = std::min(Width - Col, End - Begin);
      std::memcpy(Dst + Row * DstPitch + Col, Src + Row * SrcPitch + Col, N);
      Begin += N;
    }
  }
};

/// Helper threads that take parts of one job at a time. Never destroyed:
/// its threads wait on it until the process exits.
class Pool {
public:
  void run(const Job &J, unsigned Threads) {
    // A second copy at the same time (another thread's transfer) does its
    // own work rather than wait for the pool.
    std::unique_lock<std::mutex> Owner(Busy, std::try_to_lock);
    if (!Owner || J.Parts == 1) {
      for (unsigned I = 0; I < J.Parts; ++I)
        J.run(I);
      return;
    }
    std::unique_lock<std::mutex> L(M);
    while (Helpers.size() + 1 < Threads)
      Helpers.emplace_back([this] { work(); });
    Current = &J;
    Next = 0;
    Finished = 0;
    ++Generation;
    Wake.notify_all();
    takeParts(L);
    Done.wait(L, [&] { return Finished == J.Parts; });
    Current = nullptr;
  }

private:
  void work() {
    std::unique_lock<std::mutex> L(M);
    uint64_t Seen = 0;
    for (;;) {
      Wake.wait(L, [&] { return Generation != Seen; });
      Seen = Generation;
      takeParts(L);
    }
  }

  /// Runs parts of the current job until none is left (L held on entry
  /// and exit, released while copying).
  void takeParts(std::unique_lock<std::mutex> &L) {
    while (Current && Next < Current->Parts) {
      const Job *J = Current;
      unsigned I = Next++;
      L.unlock();
      J->run(I);
      L.lock();
      if (++Finished == J->Parts)
        Done.notify_all();
    }
  }

  std::mutex Busy; ///< Held by the copy that uses the helpers.
  std::mutex M;
  std::condition_variable Wake, Done;
  std::vector<std::thread> Helpers;
  const Job *Current = nullptr;
  unsigned Next = 0, Finished = 0;
  uint64_t Generation = 0;
};

Pool &pool() {
  static Pool *P = new Pool;
  return *P;
}

} // namespace

void copyRows(unsigned char *Dst, size_t DstPitch, const unsigned char *Src,
              size_t SrcPitch, size_t Width, size_t Rows, unsigned Threads,
              size_t MinPart) {
  size_t Total = Width * Rows;
  if (!Total)
    return;
  size_t ByBytes = std::max<size_t>(1, Total / std::max<size_t>(1, MinPart));
  unsigned Parts = unsigned(std::min<size_t>(std::max(1u, Threads), ByBytes));
  Job J{Dst, DstPitch, Src, SrcPitch, Width, Rows, Parts};
  if (Parts == 1) {
    J.run(0);
    return;
  }
  pool().run(J, Parts);
}

} // namespace rt
} // namespace ampcc
