//===- HostLaunch.cpp - a kernel's work spread over the cores -------------===//
//
// A launch is cut into chunks, a contiguous share of them a thread, which
// takes them one at a time and then helps with the others' shares, so
// uneven chunks balance out. Between launches the workers spin for a
// millisecond before they sleep (spinUntil). One worker thread per core the
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

#include <link.h>
#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
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

/// Bytes of static thread-local storage: the modules the program started
/// with. glibc carves it out of every new thread's stack, and a program's
/// tile_static storage is thread-local (AMPCC_TILE_STATIC), every kernel's:
/// 15 MiB in C++ AMP BLAS, past the 8 MiB a thread's stack has by default,
/// so glibc gave each worker the TLS and 16 KiB of stack, and a tile
/// function's frame (its arrays over the tile) overflowed it.
size_t staticTlsBytes() {
  size_t Bytes = 0;
  dl_iterate_phdr(
      [](dl_phdr_info *Info, size_t, void *Sum) {
        for (unsigned I = 0; I < Info->dlpi_phnum; ++I) {
          const ElfW(Phdr) &Header = Info->dlpi_phdr[I];
          if (Header.p_type == PT_TLS)
            *static_cast<size_t *>(Sum) += Header.p_memsz + Header.p_align;
        }
        return 0;
      },
      &Bytes);
  return Bytes;
}

/// A worker's stack: the static TLS glibc takes from it, and beyond it what
/// a thread has by default (the stack limit), at least 8 MiB for the tile
/// functions' frames.
size_t workerStackBytes() {
  size_t Usual = size_t(8) << 20;
  rlimit Limit;
  if (getrlimit(RLIMIT_STACK, &Limit) == 0 && Limit.rlim_cur != RLIM_INFINITY)
    Usual = std::max<size_t>(Usual, Limit.rlim_cur);
  return Usual + staticTlsBytes();
}

class Workers {
public:
  static Workers &get() {
    static Workers *W = new Workers(usableCores()); // Never destroyed: see ~.
    return *W;
  }

  /// The threads a launch runs on: the workers and the caller.
  unsigned width() const { return Threads + 1; }

  /// Runs Body(0, Slot) ... Body(Count - 1, Slot) on the workers and the
  /// calling thread, each thread with a slot of its own below width(), then
  /// SlotDone(Slot) on each thread that ran a call, after its last; returns
  /// when every call has returned. A launch from a second thread while the
  /// pool is busy runs on its own thread, as slot 0.
  void run(size_t Count, const std::function<void(size_t, unsigned)> &Body,
           const std::function<void(unsigned)> &SlotDone) {
    std::unique_lock<std::mutex> Own(RunLock, std::try_to_lock);
    if (!Own || Threads == 0 || Count == 1) {
      for (size_t I = 0; I < Count; ++I)
        Body(I, 0);
      if (Count)
        SlotDone(0);
      return;
    }
    Job = &Body;
    JobDone = &SlotDone;
    for (unsigned T = 0; T < width(); ++T) {
      Shares[T].Next = Count * T / width();
      Shares[T].End = Count * (T + 1) / width();
    }
    Busy.store(Threads);
    Generation.fetch_add(1); // Publishes the job to spinning workers.
    if (Sleeping.load()) {
      std::lock_guard<std::mutex> G(M);
      Wake.notify_all();
    }
    work(0);
    if (!spinUntil([&] { return Busy.load() == 0; })) {
      std::unique_lock<std::mutex> G(M);
      CallerWaits.store(true);
      Done.wait(G, [&] { return Busy.load() == 0; });
      CallerWaits.store(false);
    }
    Job = nullptr;
  }

private:
  /// The threads wait for work until the process ends; the pool is never
  /// destroyed, so they are detached. pthreads rather than std::thread,
  /// which cannot size a stack (workerStackBytes).
  explicit Workers(unsigned Cores) : Shares(new Share[Cores]) {
    pthread_attr_t Attr;
    pthread_attr_init(&Attr);
    pthread_attr_setdetachstate(&Attr, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&Attr, workerStackBytes());
    for (unsigned I = 1; I < Cores; ++I) {
      pthread_t Thread;
      // The worker's number is its share: Threads + 1 when it starts.
      auto *Start = new std::pair<Workers *, unsigned>(this, Threads + 1);
      if (pthread_create(&Thread, &Attr, loopOf, Start) == 0)
        ++Threads;
      else
        delete Start;
    }
    pthread_attr_destroy(&Attr);
  }

  static void *loopOf(void *Start) {
    auto [Pool, Index] = *static_cast<std::pair<Workers *, unsigned> *>(Start);
    delete static_cast<std::pair<Workers *, unsigned> *>(Start);
    Pool->loop(Index);
    return nullptr;
  }

  /// Thread \p Self's own share first, then what is left of the others'.
  void work(unsigned Self) {
    bool Ran = false;
    for (unsigned K = 0; K < width(); ++K) {
      Share &S = Shares[(Self + K) % width()];
      for (size_t I; (I = S.Next.fetch_add(1)) < S.End; Ran = true)
        (*Job)(I, Self);
    }
    if (Ran)
      (*JobDone)(Self);
  }

  /// Spins until \p Ready holds or a millisecond has passed (false then).
  /// Launches come back to back: a worker that slept would need the
  /// kernel to wake it, which on a virtual machine's idle core took up to
  /// a whole launch's time (matmul-tiled on 2 of 16 cores: 1.0x one core in
  /// half the rounds). OpenMP's runtimes spin for 200 ms.
  template <class Pred> static bool spinUntil(Pred Ready) {
    auto Until = std::chrono::steady_clock::now() + std::chrono::milliseconds(1);
    for (unsigned I = 1;; ++I) {
      if (Ready())
        return true;
#if defined(__x86_64__) || defined(__i386__)
      __builtin_ia32_pause();
#endif
      if (I % 256 == 0 && std::chrono::steady_clock::now() > Until)
        return false;
    }
  }

  // The handshakes below pair a store with a load of the other side's
  // flag, both sequentially consistent: a worker that goes to sleep either
  // sees the new generation or is seen sleeping and woken (under M, which
  // it holds until it waits); the same for the caller waiting on Busy.
  void loop(unsigned Self) {
    uint64_t Seen = 0;
    for (;;) {
      if (!spinUntil([&] { return Generation.load() != Seen; })) {
        std::unique_lock<std::mutex> G(M);
        Sleeping.fetch_add(1);
        Wake.wait(G, [&] { return Generation.load() != Seen; });
        Sleeping.fetch_sub(1);
      }
      Seen = Generation.load();
      work(Self);
      if (Busy.fetch_sub(1) == 1 && CallerWaits.load()) {
        std::lock_guard<std::mutex> G(M);
        Done.notify_one();
      }
    }
  }

  unsigned Threads = 0; ///< Workers started.
  std::mutex RunLock; ///< One launch at a time uses the workers.
  std::mutex M;
  std::condition_variable Wake, Done;
  const std::function<void(size_t, unsigned)> *Job = nullptr;
  const std::function<void(unsigned)> *JobDone = nullptr;
  /// A launch's chunks in one contiguous share a thread: as with OpenMP's
  /// static schedule, a thread meets the same data in the next launch of
  /// the same shape, still in its own cache (the bench's reduction on 16
  /// cores ran 4.5x OpenMP's time with one shared counter). A thread whose
  /// share is done takes chunks from the others', so uneven chunks balance.
  struct alignas(64) Share {
    std::atomic<size_t> Next{0};
    size_t End = 0;
  };
  std::unique_ptr<Share[]> Shares;
  std::atomic<unsigned> Busy{0};      ///< Workers still in the launch.
  std::atomic<uint64_t> Generation{0}; ///< Launches so far.
  std::atomic<unsigned> Sleeping{0};  ///< Workers blocked on Wake.
  std::atomic<bool> CallerWaits{false}; ///< The caller blocked on Done.
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

void runRanges(ampcc_host_range_fn Fn, LaunchArgs &Args, const ampcc_host_launch &L) {
  size_t Rows = L.global[1] * L.global[2], Width = L.global[0];
  size_t PiecesPerRow = (Width + Piece - 1) / Piece;
  size_t RowsPerChunk = PiecesPerRow == 1 ? std::max<size_t>(1, Piece / Width) : 1;
  size_t Chunks = PiecesPerRow == 1 ? (Rows + RowsPerChunk - 1) / RowsPerChunk
                                    : Rows * PiecesPerRow;
  Workers::get().run(Chunks, [&](size_t C, unsigned Slot) {
    setCurrentLaunch(&L);
    void *const *A = Args.forSlot(Slot);
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
      Fn(A, &Part);
    }
    setCurrentLaunch(nullptr);
  }, [&](unsigned Slot) { Args.finish(Slot); });
}

/// Tiles whole, each on one thread: the kernel's loops over the tile's
/// work-items where the compiler printed them, else the work-items as
/// fibers (TileRunner.cpp).
void runTiles(const ampcc_host_kernel &K, LaunchArgs &Args, const ampcc_host_launch &L) {
  size_t Groups[3];
  for (unsigned D = 0; D < 3; ++D)
    Groups[D] = L.global[D] / L.local[D];
  // Consecutive tiles a chunk: a grid-stride loop's tile reads a piece of
  // each stride, its neighbour the next piece, so one thread running both
  // walks each stride forward, which the prefetchers follow; tiles taken
  // one at a time by alternate threads left every piece a cold start.
  // Sixteen chunks a thread still balance uneven tiles.
  size_t Total = Groups[0] * Groups[1] * Groups[2];
  size_t PerChunk = std::max<size_t>(1, Total / (size_t(Workers::get().width()) * 16));
  Workers::get().run((Total + PerChunk - 1) / PerChunk, [&](size_t C, unsigned Slot) {
    setCurrentLaunch(&L);
    void *const *A = Args.forSlot(Slot);
    for (size_t G = C * PerChunk; G < std::min(Total, (C + 1) * PerChunk); ++G) {
      size_t Group[3] = {G % Groups[0], G / Groups[0] % Groups[1], G / (Groups[0] * Groups[1])};
      if (K.tile) {
        ampcc_item Tile = {};
        for (unsigned D = 0; D < 3; ++D) {
          Tile.grp[D] = Group[D];
          Tile.gid[D] = L.offset[D] + Group[D] * L.local[D];
        }
        Tile.owned = L.owned;
        K.tile(A, &Tile);
      } else {
        runTile(K.item, A, L, Group);
      }
    }
    setCurrentLaunch(nullptr);
  }, [&](unsigned Slot) { Args.finish(Slot); });
}

} // namespace

void runHostKernel(const ampcc_host_kernel &K, void *const *Args,
                   const std::vector<BufferArg> &Buffers, const LaunchPart &Part) {
  ampcc_host_launch L = describe(Part);
  size_t WorkItems = L.global[0] * L.global[1] * L.global[2];
  if (WorkItems == 0)
    return;
  unsigned Threads = Workers::get().width();
  LaunchArgs A(Args, K.num_args, ownedBuffers(K, Buffers, WorkItems, Threads), Threads);
  L.owned = A.owned();
  if (K.range)
    runRanges(K.range, A, L);
  else
    runTiles(K, A, L);
}

} // namespace rt
} // namespace ampcc
