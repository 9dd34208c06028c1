// Matrix multiply and transpose split over several accelerators.
//
// Every non-emulated accelerator of accelerator::get_all() takes a band of
// rows (on a machine without one, such as a CPU-only machine with PoCL,
// every OpenCL accelerator does). Each band is driven by a host thread of
// its own: its uploads, its kernel and its download then overlap with the
// other bands' (a C++ AMP copy blocks the thread that makes it, as the spec
// says, so one thread per accelerator is how a program keeps all of them
// busy).
//
// The matrices live in staging arrays (arrays on the CPU accelerator
// associated with an accelerator's view): host memory that the
// accelerators' copy engines reach directly, which is what staging arrays
// are for. Each band of the multiply works in tiles of C, copying the next
// tile's rows of A and columns of B in and the last tile's C out while the
// current tile computes (multiply below); each band of the transpose works
// in chunks of rows, copying the next chunk in while the current one is
// transposed and earlier ones are copied out (transpose below).
//
// The same code runs on the first accelerator alone and on all of them, in
// one process, and prints the times and the speed-up.
//
// Build: ampcc -O2 multi-gpu.cpp -o multi-gpu
// Run:   ./multi-gpu [--size N] [--repeat R] [--devices K] [--tile ROWS COLS]
//                    [--taper K] [--chunk ROWS] [--uploads after|before|first]
//        (N, the tile sides and the chunk multiples of 64; N by default 16384
//        with a GPU, 512 without; tiles by default 2048 x 4096, all alike
//        (--taper K: the last row of them K times shorter);
//        the transpose in chunks of ROWS rows, by default 0: a band in one
//        piece; the multiply's uploads enqueued after each tile's kernel
//        (after, the default), before it (before), or A's all before the
//        first tile (first))
#include <amp.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <thread>
#include <vector>

using namespace concurrency;

namespace {

const int TS = 16, RB = 4, BS = TS * RB; // 16x16 threads, 64x64 outputs a tile

double now() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

/// C = A * B for a band of rows: A is Rows x N, B is N x N, C is Rows x N
/// (Rows and N multiples of 64). Register-blocked: each thread computes four by
/// four outputs at stride 16, from 64x16 blocks of A and 16x64 of B staged
/// in tile_static memory.
void matmulBand(const accelerator_view &V, const array_view<const float, 2> &A,
                const array_view<const float, 2> &B,
                const array_view<float, 2> &C) {
  int N = A.extent[1];
  extent<2> Domain(C.extent[0] / RB, C.extent[1] / RB);
  parallel_for_each(V, Domain.tile<TS, TS>(),
                    [=](tiled_index<TS, TS> T) restrict(amp) {
    tile_static float As[BS][TS], Bs[TS][BS];
    int Ty = T.local[0], Tx = T.local[1];
    int Row0 = T.tile[0] * BS, Col0 = T.tile[1] * BS;
    float Acc[RB][RB];
    for (int I = 0; I < RB; ++I)
      for (int J = 0; J < RB; ++J)
        Acc[I][J] = 0.0f;
    for (int K = 0; K < N; K += TS) {
      for (int I = 0; I < RB; ++I) {
        As[Ty + TS * I][Tx] = A(Row0 + Ty + TS * I, K + Tx);
        Bs[Ty][Tx + TS * I] = B(K + Ty, Col0 + Tx + TS * I);
      }
      T.barrier.wait();
      for (int KK = 0; KK < TS; ++KK) {
        float Av[RB], Bv[RB];
        for (int I = 0; I < RB; ++I) {
          Av[I] = As[Ty + TS * I][KK];
          Bv[I] = Bs[KK][Tx + TS * I];
        }
        for (int I = 0; I < RB; ++I)
          for (int J = 0; J < RB; ++J)
            Acc[I][J] += Av[I] * Bv[J];
      }
      T.barrier.wait();
    }
    for (int I = 0; I < RB; ++I)
      for (int J = 0; J < RB; ++J)
        C(Row0 + Ty + TS * I, Col0 + Tx + TS * J) = Acc[I][J];
  });
}

/// Out = transpose(In) for a band: In is Rows x N, Out is N x Rows (a
/// section of columns of the whole transposed matrix). The seeds' tiled
/// transpose: a 16x16 block through tile_static memory, so that reads and
/// writes are both coalesced; pad() covers sides that are not multiples of
/// the tile.
void transposeBand(const accelerator_view &V,
                   const array_view<const float, 2> &In,
                   const array_view<float, 2> &Out) {
  parallel_for_each(V, In.extent.tile<TS, TS>().pad(),
                    [=](tiled_index<TS, TS> T) restrict(amp) {
    tile_static float Block[TS][TS];
    int Row = T.global[0], Col = T.global[1];
    bool Inside = Row < In.extent[0] && Col < In.extent[1];
    Block[T.local[0]][T.local[1]] = Inside ? In(Row, Col) : 0.0f;
    T.barrier.wait();
    int OutRow = T.tile_origin[1] + T.local[0];
    int OutCol = T.tile_origin[0] + T.local[1];
    if (OutRow < Out.extent[0] && OutCol < Out.extent[1])
      Out(OutRow, OutCol) = Block[T.local[1]][T.local[0]];
  });
}

/// Where one accelerator's band starts and how many rows it has: equal
/// bands of whole 64-row blocks, the first ones one block larger.
struct Band {
  int First, Rows;
};
std::vector<Band> bands(int N, int Count) {
  int Blocks = N / BS;
  std::vector<Band> B;
  int First = 0;
  for (int D = 0; D < Count; ++D) {
    int Mine = Blocks / Count + (D < Blocks % Count ? 1 : 0);
    B.push_back({First, Mine * BS});
    First += Mine * BS;
  }
  return B;
}

/// The seconds each phase took, the slowest band's.
struct Times {
  double Upload = 0, Kernel = 0, Download = 0, Total = 0;
};

/// Runs Work(d) for every band, each on a thread of its own; rethrows the
/// first band's exception, if any, once all are done.
template <typename F> void forEachBand(int Count, F Work) {
  std::vector<std::exception_ptr> Errors(Count);
  std::vector<std::thread> Threads;
  for (int D = 0; D < Count; ++D)
    Threads.emplace_back([&, D] {
      try {
        Work(D);
      } catch (...) {
        Errors[D] = std::current_exception();
      }
    });
  for (std::thread &T : Threads)
    T.join();
  for (std::exception_ptr &E : Errors)
    if (E)
      std::rethrow_exception(E);
}

/// The slowest band's phases, and the whole.
Times slowest(const std::vector<Times> &Each, double Start) {
  Times T;
  T.Total = now() - Start;
  for (const Times &E : Each) {
    T.Upload = std::max(T.Upload, E.Upload);
    T.Kernel = std::max(T.Kernel, E.Kernel);
    T.Download = std::max(T.Download, E.Download);
  }
  return T;
}

/// The views one accelerator works through: kernels on one queue, copies
/// on others, so that the copies run while the kernels do (an array's
/// copies go through the queue of the view it was created on). Uploads and
/// downloads have a queue each: they cross the bus in opposite directions,
/// and the transpose overlaps them.
struct Lanes {
  accelerator_view Compute, Copy, Download;
};

/// Chunks covering Count (a multiple of 64) from First: {first, size}
/// pairs, the first at most Head, the last at most Tail and the others at
/// most Max (all multiples of 64; 0 for Head or Tail means Max). When
/// Count fits in Max it is one chunk.
std::vector<Band> chunks(int First, int Count, int Max, int Head = 0,
                         int Tail = 0) {
  std::vector<Band> C;
  if (Count <= Max)
    return {{First, Count}};
  int Front = std::min(Head ? Head : Max, Count);
  C.push_back({First, Front});
  int Back = std::min(Tail ? Tail : Max, Count - Front);
  int End = First + Count - Back;
  for (int Off = First + Front; Off < End; Off += Max)
    C.push_back({Off, std::min(Max, End - Off)});
  if (Back > 0)
    C.push_back({End, Back});
  return C;
}

/// Max / Taper rounded down to whole 64-row blocks, at least one block.
int tapered(int Max, int Taper) { return std::max(BS, Max / Taper / BS * BS); }

/// Each band multiplies its rows of A by B in tiles of C (by default at
/// most 2048 rows by 4096 columns), columns of tiles one after the other.
/// With --taper K the last row of tiles is K times shorter: the last
/// tile's kernel and download, which overlap nothing, then take 2.9 ms
/// instead of 10.2 on an H200, but the tiles take as much longer, on one
/// GPU and on two, so tiles are all alike by default (docs/performance.md,
/// "Several GPUs"). The arrays live
/// on the band's copy view (C's tiles on its download view) and the
/// kernels run on its compute view, so
/// while tile t computes, the thread uploads what tile t+1 needs that is
/// not there yet (a chunk of A's rows during the first column of tiles, a
/// chunk of B's columns at the start of each column) and downloads tile
/// t-1's C: after the first chunk of A and of B, the copies hide behind
/// the kernels. Without this the band waited for all of B before its first
/// kernel, and the two GPUs' copies, which share the host's bandwidth,
/// took 62 of 242 ms (docs/multi-device.md).
///
/// Two things that would seem faster are slower with NVIDIA's OpenCL
/// driver (measured on two H200s, docs/multi-device.md): sending B to one
/// GPU and on to the other by a device-to-device copy (about 1 GB/s, it does
/// not use NVLink), and keeping all of B on every GPU before starting.
/// Where the multiply enqueues its uploads (--uploads): after each tile's
/// kernel, before it (copy_async, then the launch), or all of A's before
/// the first tile. docs/performance.md, "Several GPUs", measures the three.
enum class Uploads { After, Before, First };

Times multiply(const std::vector<Lanes> &Views, int N, int TileRows,
               int TileCols, int Taper, Uploads When, const array<float, 2> &A,
               const array<float, 2> &B, array<float, 2> &C) {
  std::vector<Band> Bands = bands(N, int(Views.size()));
  std::vector<Times> Each(Views.size());
  double Start = now();
  forEachBand(int(Views.size()), [&](int D) {
    const Band &Bd = Bands[D];
    if (Bd.Rows == 0)
      return;
    const accelerator_view &Vk = Views[D].Compute, &Vc = Views[D].Copy,
                           &Vd = Views[D].Download;
    int Edge = tapered(TileRows, Taper);
    std::vector<Band> Rows = chunks(Bd.First, Bd.Rows, TileRows, 0, Edge);
    std::vector<Band> Cols = chunks(0, N, TileCols);
    int MaxRows = 0, MaxCols = 0;
    for (const Band &R : Rows)
      MaxRows = std::max(MaxRows, R.Rows);
    for (const Band &Col : Cols)
      MaxCols = std::max(MaxCols, Col.Rows);
    double T0 = now();
    std::vector<array<float, 2>> As;
    for (const Band &R : Rows)
      As.emplace_back(R.Rows, N, Vc);
    // Two of each, in turn: tile t+1's B and tile t-1's C while tile t
    // computes.
    array<float, 2> Bs0(N, MaxCols, Vc), Bs1(N, MaxCols, Vc);
    array<float, 2> Cs0(MaxRows, MaxCols, Vd), Cs1(MaxRows, MaxCols, Vd);
    array<float, 2> *Bs[2] = {&Bs0, &Bs1}, *Cs[2] = {&Cs0, &Cs1};
    auto uploadA = [&](size_t I) {
      copy(A.section(Rows[I].First, 0, Rows[I].Rows, N), As[I]);
    };
    auto bChunk = [&](size_t J) {
      return Bs[J % 2]->section(0, 0, N, Cols[J].Rows);
    };
    auto uploadB = [&](size_t J) {
      copy(B.section(0, Cols[J].First, N, Cols[J].Rows), bChunk(J));
    };
    size_t Tiles = Rows.size() * Cols.size();
    auto cTile = [&](size_t T) {
      const Band &R = Rows[T % Rows.size()], &Col = Cols[T / Rows.size()];
      return Cs[T % 2]->section(0, 0, R.Rows, Col.Rows);
    };
    auto download = [&](size_t T) {
      const Band &R = Rows[T % Rows.size()], &Col = Cols[T / Rows.size()];
      copy(cTile(T), C.section(R.First, Col.First, R.Rows, Col.Rows));
    };
    for (size_t I = 0; I < (When == Uploads::First ? Rows.size() : 1); ++I)
      uploadA(I);
    uploadB(0);
    double T1 = now();
    for (size_t T = 0; T < Tiles; ++T) {
      size_t I = T % Rows.size(), J = T / Rows.size();
      bool NextA = When != Uploads::First && J == 0 && I + 1 < Rows.size();
      bool NextB = I == 0 && J + 1 < Cols.size();
      if (When == Uploads::Before) {
        std::vector<completion_future> Pending;
        if (NextA)
          Pending.push_back(copy_async(
              A.section(Rows[I + 1].First, 0, Rows[I + 1].Rows, N), As[I + 1]));
        if (NextB)
          Pending.push_back(copy_async(
              B.section(0, Cols[J + 1].First, N, Cols[J + 1].Rows), bChunk(J + 1)));
        matmulBand(Vk, As[I], bChunk(J), cTile(T));
        for (completion_future &F : Pending)
          F.get();
      } else {
        matmulBand(Vk, As[I], bChunk(J), cTile(T));
        if (NextA)
          uploadA(I + 1);
        if (NextB)
          uploadB(J + 1);
      }
      if (T > 0)
        download(T - 1);
    }
    double T2 = now();
    download(Tiles - 1);
    double T3 = now();
    Each[D] = {T1 - T0, T2 - T1, T3 - T2, 0};
  });
  return slowest(Each, Start);
}

/// Each band transposes its rows in chunks of at most ChunkRows (0, the
/// default: the band in one piece). A chunk's rows go up on the copy view,
/// its kernel runs on the compute view and its columns of Out come down on
/// the download view, from a copy_async thread that waits for the kernel,
/// so chunk k+1 goes up while chunk k is transposed and earlier chunks
/// come down. On one H200, chunks of 2048 rows took 37.6-40.0 ms against
/// 44.0 in one piece; on two the gain is smaller (the halves share the
/// host's bandwidth) and the speed-up drops from 1.65x to 1.45-1.62x, and
/// smaller chunks are slower (a column chunk comes down in rows of
/// 2-4 KiB, at about 21 GB/s); docs/performance.md, "Several GPUs".
Times transpose(const std::vector<Lanes> &Views, int N, int ChunkRows,
                const array<float, 2> &In, array<float, 2> &Out) {
  std::vector<Band> Bands = bands(N, int(Views.size()));
  std::vector<Times> Each(Views.size());
  double Start = now();
  forEachBand(int(Views.size()), [&](int D) {
    const Band &Bd = Bands[D];
    if (Bd.Rows == 0)
      return;
    const Lanes &L = Views[D];
    std::vector<Band> Parts =
        chunks(Bd.First, Bd.Rows, ChunkRows > 0 ? ChunkRows : Bd.Rows);
    double T0 = now();
    std::vector<array<float, 2>> Ins, Outs;
    for (const Band &P : Parts) {
      Ins.emplace_back(P.Rows, N, L.Copy);
      Outs.emplace_back(N, P.Rows, L.Download);
    }
    std::vector<completion_future> Downloads;
    for (size_t K = 0; K < Parts.size(); ++K) {
      const Band &P = Parts[K];
      copy(In.section(P.First, 0, P.Rows, N), Ins[K]);
      transposeBand(L.Compute, Ins[K], Outs[K]);
      // This chunk's columns of the whole transposed matrix.
      Downloads.push_back(copy_async(Outs[K], Out.section(0, P.First, N, P.Rows)));
    }
    double T1 = now();
    accelerator_view Vk = L.Compute; // wait() is not const.
    Vk.wait();
    double T2 = now();
    for (completion_future &F : Downloads)
      F.get();
    double T3 = now();
    Each[D] = {T1 - T0, T2 - T1, T3 - T2, 0};
  });
  return slowest(Each, Start);
}

/// Wrong elements of C = A * B: all of them for small sizes, else 4096
/// sampled ones (a full CPU reference of 16384^3 would take hours), each
/// against a double-precision dot product.
long checkMultiply(int N, const float *A, const float *B, const float *C) {
  long Bad = 0;
  auto One = [&](int R, int Col) {
    double Ref = 0, Mag = 0;
    for (int K = 0; K < N; ++K) {
      double P = double(A[size_t(R) * N + K]) * B[size_t(K) * N + Col];
      Ref += P;
      Mag += std::fabs(P);
    }
    // Float sums of N terms: error grows with N and the terms' magnitude.
    if (std::fabs(C[size_t(R) * N + Col] - Ref) > 1e-5 * Mag + 1e-3)
      ++Bad;
  };
  if (N <= 1024) {
    for (int R = 0; R < N; ++R)
      for (int Col = 0; Col < N; ++Col)
        One(R, Col);
  } else {
    unsigned X = 12345;
    for (int S = 0; S < 4096; ++S) {
      X = X * 1664525u + 1013904223u;
      int R = int((X >> 8) % unsigned(N));
      X = X * 1664525u + 1013904223u;
      One(R, int((X >> 8) % unsigned(N)));
    }
  }
  return Bad;
}

long checkTranspose(int N, const float *In, const float *Out) {
  long Bad = 0;
  for (int R = 0; R < N; ++R)
    for (int Col = 0; Col < N; ++Col)
      Bad += Out[size_t(Col) * N + R] != In[size_t(R) * N + Col];
  return Bad;
}

/// Phases names the three phases of T, for the reader.
void print(const char *What, int Devices, const Times &T, long Bad,
           const char *const Phases[3]) {
  std::printf("%-9s on %d accelerator%s: %8.1f ms (%s %.1f, %s %.1f, %s %.1f) "
              "%s\n",
              What, Devices, Devices == 1 ? " " : "s", T.Total * 1e3,
              Phases[0], T.Upload * 1e3, Phases[1], T.Kernel * 1e3, Phases[2],
              T.Download * 1e3, Bad ? "WRONG" : "correct");
  if (Bad)
    std::printf("  %ld wrong elements\n", Bad);
}

} // namespace

int main(int argc, char **argv) {
  int N = 0, Repeat = 1, MaxDevices = 0, TileRows = 2048, TileCols = 4096;
  int Taper = 1, ChunkRows = 0;
  Uploads When = Uploads::After;
  for (int I = 1; I < argc; ++I) {
    if (!std::strcmp(argv[I], "--size") && I + 1 < argc)
      N = std::atoi(argv[++I]);
    else if (!std::strcmp(argv[I], "--repeat") && I + 1 < argc)
      Repeat = std::atoi(argv[++I]);
    else if (!std::strcmp(argv[I], "--devices") && I + 1 < argc)
      MaxDevices = std::atoi(argv[++I]);
    else if (!std::strcmp(argv[I], "--tile") && I + 2 < argc) {
      TileRows = std::atoi(argv[++I]);
      TileCols = std::atoi(argv[++I]);
    } else if (!std::strcmp(argv[I], "--taper") && I + 1 < argc)
      Taper = std::atoi(argv[++I]);
    else if (!std::strcmp(argv[I], "--chunk") && I + 1 < argc)
      ChunkRows = std::atoi(argv[++I]);
    else if (!std::strcmp(argv[I], "--uploads") && I + 1 < argc &&
             (!std::strcmp(argv[I + 1], "after") || !std::strcmp(argv[I + 1], "before") ||
              !std::strcmp(argv[I + 1], "first"))) {
      ++I;
      When = argv[I][0] == 'a' ? Uploads::After
             : argv[I][0] == 'b' ? Uploads::Before
                                 : Uploads::First;
    } else {
      std::fprintf(stderr,
                   "usage: %s [--size N] [--repeat R] [--devices K] "
                   "[--tile ROWS COLS] [--taper K] [--chunk ROWS] "
                   "[--uploads after|before|first]\n",
                   argv[0]);
      return 2;
    }
  }

  std::vector<accelerator> Accs;
  for (const accelerator &A : accelerator::get_all())
    if (!A.is_emulated)
      Accs.push_back(A);
  bool Emulated = Accs.empty();
  if (Emulated) // No GPU: every OpenCL device (not the CPU accelerator,
                // nor REF and WARP, which run on one of them).
    for (const accelerator &A : accelerator::get_all())
      if (A.device_path != accelerator::cpu_accelerator &&
          A.device_path != accelerator::direct3d_ref &&
          A.device_path != accelerator::direct3d_warp)
        Accs.push_back(A);
  if (Accs.empty()) {
    std::fprintf(stderr, "no OpenCL accelerator\n");
    return 1;
  }
  if (MaxDevices > 0 && size_t(MaxDevices) < Accs.size())
    Accs.resize(size_t(MaxDevices));
  if (N == 0)
    N = Emulated ? 512 : 16384;
  if (N <= 0 || N % BS) {
    std::fprintf(stderr, "--size must be a positive multiple of %d\n", BS);
    return 2;
  }
  if (TileRows <= 0 || TileRows % BS || TileCols <= 0 || TileCols % BS) {
    std::fprintf(stderr, "--tile sizes must be positive multiples of %d\n", BS);
    return 2;
  }
  if (Taper <= 0) {
    std::fprintf(stderr, "--taper must be positive\n");
    return 2;
  }
  if (ChunkRows < 0 || ChunkRows % BS) {
    std::fprintf(stderr, "--chunk must be 0 or a positive multiple of %d\n", BS);
    return 2;
  }
  for (const accelerator &A : Accs) {
    // Narrow output only: a stream is either wide or narrow.
    std::wstring P = A.device_path, Desc = A.description;
    std::printf("accelerator %s: %s\n", std::string(P.begin(), P.end()).c_str(),
                std::string(Desc.begin(), Desc.end()).c_str());
  }

  // Three views per accelerator (kernels, uploads, downloads), kept across runs; the
  // first run of each configuration also builds the kernels, so it is not
  // timed.
  std::vector<Lanes> AllLanes;
  std::vector<accelerator_view> All;
  for (const accelerator &Acc : Accs) {
    AllLanes.push_back({Acc.create_view(), Acc.create_view(), Acc.create_view()});
    All.push_back(AllLanes.back().Compute);
  }
  std::vector<Lanes> OneLane(AllLanes.begin(), AllLanes.begin() + 1);

  // The matrices, in staging arrays for the first accelerator (the others
  // share its memory where they share its OpenCL platform).
  accelerator_view Cpu = accelerator(accelerator::cpu_accelerator).default_view;
  array<float, 2> AS(N, N, Cpu, All[0]), BS(N, N, Cpu, All[0]),
      CS(N, N, Cpu, All[0]);
  float *A = AS.data(), *B = BS.data();
  for (size_t I = 0; I < size_t(N) * N; ++I) {
    A[I] = float(int(I % 17) - 8) * 0.125f;
    B[I] = float(int(I % 13) - 6) * 0.25f;
  }

  long Bad = 0;
  double Best[2][2] = {{1e30, 1e30}, {1e30, 1e30}};
  for (int Config = 0; Config < (All.size() > 1 ? 2 : 1); ++Config) {
    const std::vector<Lanes> &Views = Config ? AllLanes : OneLane;
    int Count = int(Views.size());
    for (int R = 0; R <= Repeat; ++R) {
      std::fill(CS.data(), CS.data() + size_t(N) * N, -1.0f);
      Times M = multiply(Views, N, TileRows, TileCols, Taper, When, AS, BS, CS);
      long MB = checkMultiply(N, AS.data(), BS.data(), CS.data());
      Bad += MB;
      std::fill(CS.data(), CS.data() + size_t(N) * N, -1.0f);
      Times T = transpose(Views, N, ChunkRows, AS, CS);
      long TB = checkTranspose(N, AS.data(), CS.data());
      Bad += TB;
      if (R == 0)
        continue; // Warm-up: kernel builds, first allocations.
      static const char *const Pipelined[3] = {"first uploads", "tiles",
                                               "last download"};
      static const char *const Chunked[3] = {"uploads", "last kernel",
                                             "downloads left"};
      print("matmul", Count, M, MB, Pipelined);
      print("transpose", Count, T, TB, Chunked);
      Best[Config][0] = std::min(Best[Config][0], M.Total);
      Best[Config][1] = std::min(Best[Config][1], T.Total);
    }
  }
  std::printf("matmul %d x %d, transpose %d x %d: %s\n", N, N, N, N,
              Bad ? "FAILED" : "correct");
  if (All.size() > 1)
    std::printf("speed-up on %zu accelerators (best of %d): matmul %.2fx, "
                "transpose %.2fx\n",
                All.size(), Repeat, Best[0][0] / Best[1][0],
                Best[0][1] / Best[1][1]);
  return Bad ? 1 : 0;
}
