// staging-probe: what a staged transfer between ordinary memory and a GPU
// can reach, measured with CUDA's driver API alone (no ampcc), against the
// same copy into or out of page-locked memory (issue 46: ordinary memory at
// 0.95x pinned at 16 and 256 MiB, both ways). Two ways to stage:
//
//  - pipelines: as runtime/transfers/StagedTransfers.cpp does today, each
//    host thread its own stream and two blocks, a piece's host copy by the
//    thread that moved it;
//  - ring: one stream moving pieces back to back through a ring of
//    page-locked memory, every host thread copying chunks of each piece in
//    order as soon as its move is done (downloads) or before it is
//    submitted (uploads), so the last piece's host copy is shared by all.
//
// Built on the GPU machine (CUDA's headers and libcuda):
//   g++ -O2 -std=c++17 -I/usr/local/cuda/include staging-probe.cpp -lcuda -lpthread
// Prints one line per setting: size, direction, way, piece, threads, ms,
// GB/s and the ratio to the page-locked copy of the same size.
#include <cuda.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <thread>
#include <vector>

namespace {

void check(CUresult R, const char *What) {
  if (R == CUDA_SUCCESS)
    return;
  const char *Name = nullptr;
  cuGetErrorName(R, &Name);
  std::fprintf(stderr, "%s: %s\n", What, Name ? Name : "?");
  std::exit(1);
}

double nowMs() {
  using namespace std::chrono;
  return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  return V[V.size() / 2];
}

CUcontext Ctx;
constexpr size_t RingBytes = size_t(32) << 20;
/// With blocks: the ring's slots are separate page-locked allocations of
/// 4 MiB (as the runtime's PinnedPool makes them), one piece each, rather
/// than one allocation of RingBytes.
std::vector<unsigned char *> Blocks;
bool UseBlocks = false;
constexpr int Reps = 15;

/// Threads that spin between jobs, so no wake-up is measured (the
/// runtime's pool would spin briefly too).
class Spinners {
public:
  explicit Spinners(unsigned N) : N(N) {
    for (unsigned I = 1; I < N; ++I)
      Threads.emplace_back([this, I] {
        check(cuCtxSetCurrent(Ctx), "ctx");
        uint64_t Seen = 0;
        for (;;) {
          uint64_t G;
          while ((G = Gen.load(std::memory_order_acquire)) == Seen)
            ;
          Seen = G;
          if (Stop)
            return;
          (*Job)(I);
          Left.fetch_sub(1, std::memory_order_acq_rel);
        }
      });
  }
  ~Spinners() {
    Stop = true;
    Gen.fetch_add(1);
    for (auto &T : Threads)
      T.join();
  }
  void run(const std::function<void(unsigned)> &Fn) {
    Job = &Fn;
    Left.store(N - 1);
    Gen.fetch_add(1, std::memory_order_acq_rel);
    Fn(0);
    while (Left.load(std::memory_order_acquire))
      ;
  }

private:
  unsigned N;
  std::vector<std::thread> Threads;
  std::atomic<uint64_t> Gen{0};
  std::atomic<unsigned> Left{0};
  const std::function<void(unsigned)> *Job = nullptr;
  std::atomic<bool> Stop{false};
};

struct Setup {
  size_t Bytes;
  CUdeviceptr Dev;
  unsigned char *Pinned;          // RingBytes, or Bytes for the baseline
  std::vector<unsigned char> Src, Dst;
  std::vector<CUstream> Streams;
  std::vector<CUevent> Events;    // one a piece (ring), two a thread (pipelines)
};

void waitEvent(CUevent E) {
  CUresult R;
  while ((R = cuEventQuery(E)) == CUDA_ERROR_NOT_READY)
    ;
  check(R, "event");
}

/// Ring, download: the issuer (thread 0 first) submits every piece, then
/// all threads copy chunks in order.
unsigned char *slot(Setup &S, size_t K, size_t Slots, size_t Piece) {
  return UseBlocks ? Blocks[K % Slots] : S.Pinned + (K % Slots) * Piece;
}

double ringDown(Setup &S, Spinners &Sp, size_t Piece, unsigned Chunks) {
  size_t N = (S.Bytes + Piece - 1) / Piece;
  size_t Slots = UseBlocks ? Blocks.size() : RingBytes / Piece;
  size_t ChunkBytes = Piece / Chunks;
  std::vector<std::atomic<unsigned>> Done(N);
  std::atomic<size_t> NextChunk{0}, Submitted{0};
  for (auto &D : Done)
    D = 0;
  std::function<void(unsigned)> Body = [&](unsigned T) {
    if (T == 0) {
      for (size_t K = 0; K < N; ++K) {
        if (K >= Slots) // the slot's last piece must be copied out first
          while (Done[K - Slots].load(std::memory_order_acquire) != Chunks)
            ;
        size_t Len = std::min(Piece, S.Bytes - K * Piece);
        check(cuMemcpyDtoHAsync(slot(S, K, Slots, Piece), S.Dev + K * Piece, Len,
                                S.Streams[0]),
              "d2h");
        check(cuEventRecord(S.Events[K], S.Streams[0]), "record");
        Submitted.store(K + 1, std::memory_order_release);
      }
    }
    for (;;) {
      size_t J = NextChunk.fetch_add(1);
      size_t K = J / Chunks;
      if (K >= N)
        return;
      while (Submitted.load(std::memory_order_acquire) <= K)
        ;
      waitEvent(S.Events[K]);
      size_t Off = K * Piece + (J % Chunks) * ChunkBytes;
      if (Off < S.Bytes) {
        size_t Len = std::min(ChunkBytes, S.Bytes - Off);
        std::memcpy(S.Dst.data() + Off, slot(S, K, Slots, Piece) + (J % Chunks) * ChunkBytes,
                    Len);
      }
      Done[K].fetch_add(1, std::memory_order_acq_rel);
    }
  };
  double T0 = nowMs();
  Sp.run(Body);
  return nowMs() - T0;
}

/// Ring, upload: threads copy chunks in order; the issuer thread submits
/// each piece once all its chunks are in.
double ringUp(Setup &S, Spinners &Sp, size_t Piece, unsigned Chunks) {
  size_t N = (S.Bytes + Piece - 1) / Piece;
  size_t Slots = UseBlocks ? Blocks.size() : RingBytes / Piece;
  size_t ChunkBytes = Piece / Chunks;
  std::vector<std::atomic<unsigned>> Done(N);
  std::atomic<size_t> NextChunk{0}, Submitted{0};
  for (auto &D : Done)
    D = 0;
  std::function<void(unsigned)> Body = [&](unsigned T) {
    if (T == 0) {
      for (size_t K = 0; K < N; ++K) {
        while (Done[K].load(std::memory_order_acquire) != Chunks)
          ;
        size_t Len = std::min(Piece, S.Bytes - K * Piece);
        check(cuMemcpyHtoDAsync(S.Dev + K * Piece, slot(S, K, Slots, Piece), Len,
                                S.Streams[0]),
              "h2d");
        check(cuEventRecord(S.Events[K], S.Streams[0]), "record");
        Submitted.store(K + 1, std::memory_order_release);
      }
      check(cuStreamSynchronize(S.Streams[0]), "sync");
      return;
    }
    for (;;) {
      size_t J = NextChunk.fetch_add(1);
      size_t K = J / Chunks;
      if (K >= N)
        return;
      if (K >= Slots) { // the slot's last move must have left it
        while (Submitted.load(std::memory_order_acquire) <= K - Slots)
          ;
        waitEvent(S.Events[K - Slots]);
      }
      size_t Off = K * Piece + (J % Chunks) * ChunkBytes;
      if (Off < S.Bytes) {
        size_t Len = std::min(ChunkBytes, S.Bytes - Off);
        std::memcpy(slot(S, K, Slots, Piece) + (J % Chunks) * ChunkBytes, S.Src.data() + Off,
                    Len);
      }
      Done[K].fetch_add(1, std::memory_order_acq_rel);
    }
  };
  double T0 = nowMs();
  Sp.run(Body);
  return nowMs() - T0;
}

/// Pipelines as the runtime has them: thread T moves pieces T, T + Threads,
/// ... through its two blocks on its own stream.
double pipelines(Setup &S, Spinners &Sp, unsigned Threads, size_t Piece, bool Up) {
  size_t N = (S.Bytes + Piece - 1) / Piece;
  std::atomic<size_t> Next{0};
  std::function<void(unsigned)> Body = [&](unsigned T) {
    if (T >= Threads)
      return;
    unsigned char *Blk[2] = {S.Pinned + (2 * T) * Piece, S.Pinned + (2 * T + 1) * Piece};
    CUevent Ev[2] = {S.Events[2 * T], S.Events[2 * T + 1]};
    bool Busy[2] = {false, false};
    CUstream St = S.Streams[T];
    if (Up) {
      for (unsigned Turn = 0;; Turn ^= 1) {
        size_t K = Next.fetch_add(1);
        if (K >= N)
          break;
        if (Busy[Turn])
          waitEvent(Ev[Turn]);
        size_t Len = std::min(Piece, S.Bytes - K * Piece);
        std::memcpy(Blk[Turn], S.Src.data() + K * Piece, Len);
        check(cuMemcpyHtoDAsync(S.Dev + K * Piece, Blk[Turn], Len, St), "h2d");
        check(cuEventRecord(Ev[Turn], St), "record");
        Busy[Turn] = true;
      }
      check(cuStreamSynchronize(St), "sync");
      return;
    }
    auto Issue = [&](size_t K, unsigned B) {
      size_t Len = std::min(Piece, S.Bytes - K * Piece);
      check(cuMemcpyDtoHAsync(Blk[B], S.Dev + K * Piece, Len, St), "d2h");
      check(cuEventRecord(Ev[B], St), "record");
    };
    size_t Cur = Next.fetch_add(1);
    if (Cur >= N)
      return;
    Issue(Cur, 0);
    for (unsigned Turn = 0; Cur < N; Turn ^= 1) {
      size_t Following = Next.fetch_add(1);
      if (Following < N)
        Issue(Following, Turn ^ 1);
      waitEvent(Ev[Turn]);
      size_t Len = std::min(Piece, S.Bytes - Cur * Piece);
      std::memcpy(S.Dst.data() + Cur * Piece, Blk[Turn], Len);
      Cur = Following;
    }
  };
  double T0 = nowMs();
  Sp.run(Body);
  return nowMs() - T0;
}

double timeIt(const std::function<double()> &F) {
  F(); // warm
  std::vector<double> V;
  for (int I = 0; I < Reps; ++I)
    V.push_back(F());
  return median(V);
}

void line(size_t Bytes, const char *Dir, const char *Way, size_t Piece, unsigned Threads,
          double Ms, double Base) {
  std::printf("%4zu MiB %-4s %-10s piece %5zu KiB threads %2u  %8.4f ms %6.1f GB/s  %.2fx\n",
              Bytes >> 20, Dir, Way, Piece >> 10, Threads, Ms, Bytes / (Ms * 1e6), Base / Ms);
  std::fflush(stdout);
}

} // namespace

int main(int Argc, char **Argv) {
  unsigned MaxThreads = Argc > 1 ? unsigned(std::atoi(Argv[1])) : 12;
  check(cuInit(0), "init");
  CUdevice D;
  check(cuDeviceGet(&D, 0), "device");
  check(cuDevicePrimaryCtxRetain(&Ctx, D), "ctx");
  check(cuCtxSetCurrent(Ctx), "ctx");
  Spinners Sp(MaxThreads);
  for (int I = 0; I < 16; ++I) {
    void *B;
    check(cuMemAllocHost(&B, size_t(4) << 20), "block");
    Blocks.push_back(static_cast<unsigned char *>(B));
  }
  for (size_t Bytes : {size_t(16) << 20, size_t(256) << 20}) {
    Setup S;
    S.Bytes = Bytes;
    check(cuMemAlloc(&S.Dev, Bytes), "alloc");
    void *P;
    check(cuMemAllocHost(&P, std::max({Bytes, RingBytes, 4 * size_t(MaxThreads) << 20})), "pinned");
    S.Pinned = static_cast<unsigned char *>(P);
    S.Src.assign(Bytes, 1);
    S.Dst.assign(Bytes, 2);
    for (size_t I = 0; I < Bytes; I += 4096)
      S.Src[I] = (unsigned char)(I >> 12);
    S.Streams.resize(MaxThreads);
    for (auto &St : S.Streams)
      check(cuStreamCreate(&St, CU_STREAM_NON_BLOCKING), "stream");
    S.Events.resize(std::max<size_t>(2 * MaxThreads, Bytes / (64 << 10) + 1));
    for (auto &E : S.Events)
      check(cuEventCreate(&E, CU_EVENT_DISABLE_TIMING), "event");
    double BaseUp = timeIt([&] {
      double T0 = nowMs();
      check(cuMemcpyHtoD(S.Dev, S.Pinned, Bytes), "pinned up");
      return nowMs() - T0;
    });
    double BaseDown = timeIt([&] {
      double T0 = nowMs();
      check(cuMemcpyDtoH(S.Pinned, S.Dev, Bytes), "pinned down");
      return nowMs() - T0;
    });
    line(Bytes, "up", "pinned", 0, 0, BaseUp, BaseUp);
    line(Bytes, "down", "pinned", 0, 0, BaseDown, BaseDown);
    line(Bytes, "up", "pageable", 0, 0, timeIt([&] {
           double T0 = nowMs();
           check(cuMemcpyHtoD(S.Dev, S.Src.data(), Bytes), "pageable up");
           return nowMs() - T0;
         }), BaseUp);
    line(Bytes, "down", "pageable", 0, 0, timeIt([&] {
           double T0 = nowMs();
           check(cuMemcpyDtoH(S.Dst.data(), S.Dev, Bytes), "pageable down");
           return nowMs() - T0;
         }), BaseDown);
    // The host copies alone, pinned to ordinary memory, on 1..Max threads.
    for (unsigned T : {1u, 4u, MaxThreads}) {
      std::function<void(unsigned)> Copy = [&](unsigned I) {
        if (I >= T)
          return;
        size_t Per = Bytes / T;
        std::memcpy(S.Dst.data() + I * Per, S.Pinned + I * Per, Per);
      };
      line(Bytes, "host", "memcpy", 0, T, timeIt([&] {
             double T0 = nowMs();
             Sp.run(Copy);
             return nowMs() - T0;
           }), BaseDown);
    }
    for (size_t Piece : {size_t(1) << 20}) {
      line(Bytes, "up", "pipelines", Piece, MaxThreads,
           timeIt([&] { return pipelines(S, Sp, MaxThreads, Piece, true); }), BaseUp);
      line(Bytes, "down", "pipelines", Piece, MaxThreads,
           timeIt([&] { return pipelines(S, Sp, MaxThreads, Piece, false); }), BaseDown);
    }
    for (bool Separate : {false, true})
    for (size_t Piece : {size_t(1) << 20, size_t(2) << 20, size_t(4) << 20})
      for (unsigned Chunks : {4u, 8u}) {
        UseBlocks = Separate;
        char Way[16];
        std::snprintf(Way, sizeof Way, "%s/%u", Separate ? "blocks" : "ring", Chunks);
        line(Bytes, "up", Way, Piece, MaxThreads,
             timeIt([&] { return ringUp(S, Sp, Piece, Chunks); }), BaseUp);
        line(Bytes, "down", Way, Piece, MaxThreads,
             timeIt([&] { return ringDown(S, Sp, Piece, Chunks); }), BaseDown);
      }
    bool Ok = std::memcmp(S.Src.data(), S.Dst.data(), Bytes) == 0;
    std::printf("%zu MiB: last download %s\n", Bytes >> 20, Ok ? "matches" : "DIFFERS");
    for (auto &E : S.Events)
      cuEventDestroy(E);
    for (auto &St : S.Streams)
      cuStreamDestroy(St);
    cuMemFreeHost(S.Pinned);
    cuMemFree(S.Dev);
  }
  return 0;
}
