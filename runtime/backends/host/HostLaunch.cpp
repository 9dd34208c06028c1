//===- HostLaunch.cpp - a kernel's work spread over the cores -------------===//
//
// A launch is cut into chunks that workers take one at a time from a shared
// counter, so uneven chunks balance out: one worker thread per core the
// process may use (its affinity mask, so `taskset` measures scaling), the
// launching thread among them. Untiled kernels split into whole rows of the
// fastest dimension (several short rows a chunk), or rows cut into pieces
// of 4096 work-items where rows are long: the host entry's innermost loop,
// which the compiler vectorised, runs over each. Tiled kernels split by
// tiles, each tile on one thread (TileRunner.cpp).
//
// The pool is the backend's own rather than oneTBB's: a program that never
// uses the host backend then links no thread library it does not ask for
// (e2e/vc-amp-h-ppl checks that <amp.h> alone does not bring libtbb).
//
//===----------------------------------------------------------------------===//

#include "backends/host/HostBackend.h"

#include <sched.h>

#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace ampcc {
namespace rt {

namespace {

/// The cores this process may run on.
unsigned usableCores() {
  cpu_set_t Set;
  if (sched_getaffinity(0, sizeof Set, &Set) == 0)
    return std::max(1, CPU_COUNT(&Set));
  return std::max(1u, std::thread::hardware_concurrency());
}

class Workers {
public:
  static Workers &get() {
    static Workers *W = new Workers(usableCores()); // Never destroyed: see ~.
    return *W;
  }

  /// Runs Body(0) ... Body(Count - 1) on the workers and the calling thread;
  /// returns when every call has returned. A launch from a second thread
  /// while the pool is busy runs on its own thread.
  void run(size_t Count, const std::function<void(size_t)> &Body) {
    std::unique_lock<std::mutex> Own(RunLock, std::try_to_lock);
    if (!Own || Threads.empty() || Count == 1) {
      for (size_t I = 0; I < Count; ++I)
        Body(I);
      return;
    }
    {
      std::lock_guard<std::mutex> G(M);
      Job = &Body;
      Total = Count;
      Next = 0;
      Busy = Threads.size();
      ++Generation;
    }
    Wake.notify_all();
    work();
    std::unique_lock<std::mutex> G(M);
    Done.wait(G, [&] { return Busy == 0; });
    Job = nullptr;
  }

private:
  explicit Workers(unsigned Cores) {
    for (unsigned I = 1; I < Cores; ++I)
      Threads.emplace_back([this] { loop(); });
    // The threads wait for work until the process ends; the pool is never
    // destroyed, so nothing joins them.
    for (std::thread &T : Threads)
      T.detach();
  }

  void work() {
    for (size_t I; (I = Next.fetch_add(1)) < Total;)
      (*Job)(I);
  }

  void loop() {
    uint64_t Seen = 0;
    for (;;) {
      {
        std::unique_lock<std::mutex> G(M);
        Wake.wait(G, [&] { return Generation != Seen; });
        Seen = Generation;
      }
      work();
      std::lock_guard<std::mutex> G(M);
      if (--Busy == 0)
        Done.notify_one();
    }
  }

  std::vector<std::thread> Threads;
  std::mutex RunLock; ///< One launch at a time uses the workers.
  std::mutex M;
  std::condition_variable Wake, Done;
  const std::function<void(size_t)> *Job = nullptr;
  std::atomic<size_t> Next{0};
  size_t Total = 0;
  size_t Busy = 0;
  uint64_t Generation = 0;
};

ampcc_host_launch describe(const LaunchPart &Part) {
  ampcc_host_launch L = {};
  for (unsigned D = 0; D < 3; ++D) {
    bool In = D < Part.Dims;
    L.global[D] = In ? Part.Size[D] : 1;
    L.offset[D] = In && Part.Offset ? Part.Offset[D] : 0;
    L.local[D] = In && Part.Local ? Part.Local[D] : 1;
  }
  return L;
}

/// Work-items a chunk of an untiled launch holds at least where rows allow:
/// enough to amortise taking it, and a multiple of every vector width.
constexpr size_t Piece = 4096;

void runRanges(ampcc_host_range_fn Fn, void *const *Args, const ampcc_host_launch &L) {
  size_t Rows = L.global[1] * L.global[2], Width = L.global[0];
  size_t PiecesPerRow = (Width + Piece - 1) / Piece;
  size_t RowsPerChunk = PiecesPerRow == 1 ? std::max<size_t>(1, Piece / Width) : 1;
  size_t Chunks = PiecesPerRow == 1 ? (Rows + RowsPerChunk - 1) / RowsPerChunk
                                    : Rows * PiecesPerRow;
  Workers::get().run(Chunks, [&](size_t C) {
    setCurrentLaunch(&L);
    size_t Row0 = PiecesPerRow == 1 ? C * RowsPerChunk : C / PiecesPerRow;
    size_t RowEnd = PiecesPerRow == 1 ? std::min(Rows, Row0 + RowsPerChunk) : Row0 + 1;
    size_t X0 = PiecesPerRow == 1 ? 0 : C % PiecesPerRow * Piece;
    size_t X1 = PiecesPerRow == 1 ? Width : std::min(Width, X0 + Piece);
    ampcc_host_launch Part = L;
    Part.lo[0] = L.offset[0] + X0;
    Part.hi[0] = L.offset[0] + X1;
    // One call per row: a chunk's rows may span two slices.
    for (size_t Row = Row0; Row < RowEnd; ++Row) {
      Part.lo[1] = L.offset[1] + Row % L.global[1];
      Part.lo[2] = L.offset[2] + Row / L.global[1];
      Part.hi[1] = Part.lo[1] + 1;
      Part.hi[2] = Part.lo[2] + 1;
      Fn(Args, &Part);
    }
    setCurrentLaunch(nullptr);
  });
}

void runTiles(ampcc_host_item_fn Fn, void *const *Args, const ampcc_host_launch &L) {
  size_t Groups[3];
  for (unsigned D = 0; D < 3; ++D)
    Groups[D] = L.global[D] / L.local[D];
  Workers::get().run(Groups[0] * Groups[1] * Groups[2], [&](size_t G) {
    setCurrentLaunch(&L);
    size_t Group[3] = {G % Groups[0], G / Groups[0] % Groups[1], G / (Groups[0] * Groups[1])};
    runTile(Fn, Args, L, Group);
    setCurrentLaunch(nullptr);
  });
}

} // namespace

void runHostKernel(const ampcc_host_kernel &K, void *const *Args, const LaunchPart &Part) {
  ampcc_host_launch L = describe(Part);
  if (L.global[0] * L.global[1] * L.global[2] == 0)
    return;
  if (K.range)
    runRanges(K.range, Args, L);
  else
    runTiles(K.item, Args, L);
}

} // namespace rt
} // namespace ampcc
