//===- HostCopy.cpp - The host side of staged transfers -------------------===//

#include "transfers/HostCopy.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

namespace ampcc {
namespace rt {
namespace {

/// Helper threads that take the parts of one job at a time. Never
/// destroyed: its threads wait on it until the process exits. A helper
/// that finished a part spins for a while before it sleeps: a transfer's
/// pieces follow one another every 20 us at the link's speed, and a
/// sleeping helper wakes tens of microseconds late (more from a deep idle
/// state), so that without the spin the caller copied most pieces alone
/// and a staged 16 MiB download ran at 0.56x of page-locked memory.
class Pool {
public:
  void run(unsigned Parts, const std::function<void(unsigned)> &Fn) {
    // A second transfer at the same time does its own work rather than
    // wait for the pool.
    std::unique_lock<std::mutex> Owner(Busy, std::try_to_lock);
    if (!Owner || Parts == 1) {
      for (unsigned I = 0; I < Parts; ++I)
        Fn(I);
      return;
    }
    std::unique_lock<std::mutex> L(M);
    while (Helpers.size() + 1 < Parts)
      Helpers.emplace_back([this] { work(); });
    Job = &Fn;
    JobParts = Parts;
    Next = 0;
    Finished = 0;
    Generation.fetch_add(1, std::memory_order_release);
    Wake.notify_all();
    takeParts(L);
    Done.wait(L, [&] { return Finished == JobParts; });
    Job = nullptr;
  }

private:
  /// How long a helper spins for the next job before it sleeps.
  static constexpr std::chrono::microseconds Spin{1000};

  void work() {
    uint64_t Seen = 0;
    for (;;) {
      auto Until = std::chrono::steady_clock::now() + Spin;
      while (Generation.load(std::memory_order_acquire) == Seen &&
             std::chrono::steady_clock::now() < Until)
        pause();
      std::unique_lock<std::mutex> L(M);
      Wake.wait(L, [&] { return Generation.load(std::memory_order_relaxed) != Seen; });
      Seen = Generation.load(std::memory_order_relaxed);
      takeParts(L);
    }
  }

  static void pause() {
#if defined(__SSE2__)
    _mm_pause();
#else
    std::this_thread::yield();
#endif
  }

  /// Runs parts of the current job until none is left (L held on entry
  /// and exit, released while a part runs).
  void takeParts(std::unique_lock<std::mutex> &L) {
    while (Job && Next < JobParts) {
      const std::function<void(unsigned)> *Fn = Job;
      unsigned I = Next++;
      L.unlock();
      (*Fn)(I);
      L.lock();
      if (++Finished == JobParts)
        Done.notify_all();
    }
  }

  std::mutex Busy; ///< Held by the transfer that uses the helpers.
  std::mutex M;
  std::condition_variable Wake, Done;
  std::vector<std::thread> Helpers;
  const std::function<void(unsigned)> *Job = nullptr;
  unsigned JobParts = 0, Next = 0, Finished = 0;
  std::atomic<uint64_t> Generation{0}; ///< Bumped (under M) for each job.
};

Pool &pool() {
  static Pool *P = new Pool;
  return *P;
}

} // namespace

void runOnThreads(unsigned N, const std::function<void(unsigned)> &Fn) {
  if (N)
    pool().run(N, Fn);
}

namespace {

/// Rows shorter than this are copied by memcpy: the stores of a short row
/// may share cache lines with its neighbours.
constexpr size_t ShortestStreamed = 4096;

void streamCopy(unsigned char *Dst, const unsigned char *Src, size_t N) {
#if defined(__SSE2__)
  // Up to Dst's first 16-byte boundary, then 64 bytes a step, the rest.
  size_t Head = (16 - reinterpret_cast<uintptr_t>(Dst) % 16) % 16;
  std::memcpy(Dst, Src, Head);
  Dst += Head;
  Src += Head;
  N -= Head;
  for (; N >= 64; N -= 64, Dst += 64, Src += 64) {
    __m128i A = _mm_loadu_si128(reinterpret_cast<const __m128i *>(Src));
    __m128i B = _mm_loadu_si128(reinterpret_cast<const __m128i *>(Src + 16));
    __m128i C = _mm_loadu_si128(reinterpret_cast<const __m128i *>(Src + 32));
    __m128i D = _mm_loadu_si128(reinterpret_cast<const __m128i *>(Src + 48));
    _mm_stream_si128(reinterpret_cast<__m128i *>(Dst), A);
    _mm_stream_si128(reinterpret_cast<__m128i *>(Dst + 16), B);
    _mm_stream_si128(reinterpret_cast<__m128i *>(Dst + 32), C);
    _mm_stream_si128(reinterpret_cast<__m128i *>(Dst + 48), D);
  }
#endif
  std::memcpy(Dst, Src, N);
}

} // namespace

void copyRows(unsigned char *Dst, size_t DstPitch, const unsigned char *Src,
              size_t SrcPitch, size_t Width, size_t Rows, bool Streaming) {
  if (!Streaming || Width < ShortestStreamed) {
    for (size_t R = 0; R < Rows; ++R)
      std::memcpy(Dst + R * DstPitch, Src + R * SrcPitch, Width);
    return;
  }
  for (size_t R = 0; R < Rows; ++R)
    streamCopy(Dst + R * DstPitch, Src + R * SrcPitch, Width);
#if defined(__SSE2__)
  // Streaming stores are weakly ordered: make them visible before the
  // device or another thread reads the memory.
  _mm_sfence();
#endif
}

void hostRects(const void *Src, void *Dst, const std::vector<Rect> &Rects) {
  const auto *S = static_cast<const unsigned char *>(Src);
  auto *D = static_cast<unsigned char *>(Dst);
  for (const Rect &R : Rects)
    for (size_t Z = 0; Z < R.Region[2]; ++Z)
      for (size_t Y = 0; Y < R.Region[1]; ++Y)
        std::memmove(D + R.DstOffset + Z * R.DstSlicePitch + Y * R.DstRowPitch,
                     S + R.SrcOffset + Z * R.SrcSlicePitch + Y * R.SrcRowPitch,
                     R.Region[0]);
}

} // namespace rt
} // namespace ampcc
