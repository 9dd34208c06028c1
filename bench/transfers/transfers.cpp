// Transfers between ordinary host memory and the default device (issue 31
// item 1), in one process: ampcc's copy() into and out of an array, an
// array_view over a std::vector uploaded (refresh + synchronize_to) and
// read back (a kernel writes it, synchronize), ampcc with staging off, and
// raw OpenCL from the same ordinary memory and from pinned memory (a mapped
// CL_MEM_ALLOC_HOST_PTR buffer). Then, at the largest size, ampcc's staging
// knobs (pipelines, piece size) one at a time; the staged and direct rows
// at each size give the crossover.
//
// Time: the median of Reps calls after one warm-up, each call blocking
// (copy() returns with the data moved; raw OpenCL blocking calls).
// Rows: bench/harness/csv.h, group "transfer", case "h2d-16MiB" etc.
//
// Build: ampcc -O2 bench/transfers/transfers.cpp -o transfers
// Run:   ./transfers [--csv FILE] [--sizes 1,16,256] [--reps N]
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <amp.h>

#include "backends/opencl/Staging.h" // ampcc -I runtime (build-bundle.sh)
#include "../harness/csv.h"
#include "../harness/opencl.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

using namespace concurrency;

namespace {

std::FILE *Csv = nullptr;
std::string DeviceName;
/// The default accelerator runs through CUDA (its path starts "cuda"):
/// ampcc's rows are named ampcc-cuda..., and raw OpenCL is left to the
/// run through OpenCL (AMPCC_BACKEND=opencl).
bool OnCuda = false;
int Reps = 15;
bool AllOk = true;

double nowMs() {
  using namespace std::chrono;
  return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

/// Median of N calls after one warm-up; more calls for small transfers,
/// whose times move more.
double timeCalls(const std::function<void()> &Call, size_t Bytes) {
  Call();
  int N = std::clamp(int((size_t(512) << 20) / Bytes), Reps, 200);
  std::vector<double> S;
  for (int I = 0; I < N; ++I) {
    double T = nowMs();
    Call();
    S.push_back(nowMs() - T);
  }
  std::sort(S.begin(), S.end());
  return S[S.size() / 2];
}

void emit(const char *Impl, const std::string &Case, double Ms, size_t Bytes,
          bool Ok = true) {
  csv::Row R;
  R.Device = DeviceName;
  R.Impl = Impl;
  if (OnCuda && R.Impl.rfind("ampcc", 0) == 0)
    R.Impl = "ampcc-cuda" + R.Impl.substr(5);
  R.Case = Case;
  R.Group = "transfer";
  R.Scale = "sizes";
  R.Ms = Ms;
  R.Work = double(Bytes);
  R.Unit = "GB/s";
  R.BytesMin = (long long)Bytes;
  R.Ok = Ok;
  AllOk &= Ok;
  std::printf("%-22s %-16s %9.4f ms %7.1f GB/s%s\n", Case.c_str(), R.Impl.c_str(), Ms,
              Bytes / (Ms * 1e6), Ok ? "" : "  RESULTS DIFFER");
  if (Csv)
    csv::write(Csv, R);
}

using clbench::check;

/// Raw OpenCL on the device ampcc uses (found by name), its own context.
struct Raw {
  cl_context Ctx = nullptr;
  cl_command_queue Q = nullptr;
  Raw() {
    clbench::Session S(clbench::findDevice(DeviceName, /*Loose=*/true));
    Ctx = S.Ctx;
    Q = S.Queue;
  }
};

std::string caseName(bool ToDevice, size_t Bytes) {
  return std::string(ToDevice ? "h2d-" : "d2h-") + std::to_string(Bytes >> 20) + "MiB";
}

/// ampcc's copy() both ways; Impl names the staging setting.
void ampccCopies(size_t Bytes, const char *Impl) {
  size_t N = Bytes / 4;
  std::vector<float> Host(N), Back(N);
  for (size_t I = 0; I < N; ++I)
    Host[I] = float(I % 100003);
  array<float, 1> Dev{extent<1>(int(N))};
  double Up = timeCalls([&] { copy(Host.begin(), Host.end(), Dev); }, Bytes);
  double Down = timeCalls([&] { copy(Dev, Back.begin()); }, Bytes);
  bool Ok = Back == Host;
  emit(Impl, caseName(true, Bytes), Up, Bytes, Ok);
  emit(Impl, caseName(false, Bytes), Down, Bytes, Ok);
}

/// An array made from a std::vector's iterators, against an array made
/// empty and filled by copy() (the same bytes, both with the allocation):
/// the constructor takes copy()'s route (one transfer from contiguous
/// memory), not a fill of the host copy element by element.
void ampccConstructors(size_t Bytes) {
  size_t N = Bytes / 4;
  std::vector<float> Host(N), Back(N);
  for (size_t I = 0; I < N; ++I)
    Host[I] = float(I % 100003);
  extent<1> E{int(N)};
  bool Ok = true;
  double Ctor = timeCalls(
      [&] {
        array<float, 1> A(E, Host.begin(), Host.end());
        accelerator().default_view.wait();
      },
      Bytes);
  {
    array<float, 1> A(E, Host.begin(), Host.end());
    copy(A, Back.begin());
    Ok = Back == Host;
  }
  double AllocCopy = timeCalls(
      [&] {
        array<float, 1> A(E);
        copy(Host.begin(), Host.end(), A);
        accelerator().default_view.wait();
      },
      Bytes);
  emit("ampcc-ctor", caseName(true, Bytes), Ctor, Bytes, Ok);
  emit("ampcc-alloc-copy", caseName(true, Bytes), AllocCopy, Bytes);
}

/// An array_view over a std::vector: the lazy upload (refresh, then
/// synchronize_to the device) and synchronize() after a kernel wrote it
/// (the kernel, a fill, is inside that time).
void ampccViews(size_t Bytes) {
  size_t N = Bytes / 4;
  std::vector<float> Host(N, 1.0f);
  array_view<float, 1> V(int(N), Host);
  accelerator_view AV = accelerator().default_view;
  double Up = timeCalls(
      [&] {
        V.refresh();
        V.synchronize_to(AV);
      },
      Bytes);
  double Down = timeCalls(
      [&] {
        parallel_for_each(AV, V.extent, [=](index<1> I) restrict(amp) { V[I] = 2.0f; });
        V.synchronize();
      },
      Bytes);
  emit("ampcc-view", caseName(true, Bytes), Up, Bytes);
  emit("ampcc-view", caseName(false, Bytes), Down, Bytes, Host[N - 1] == 2.0f);
}

void rawCopies(Raw &R, size_t Bytes) {
  std::vector<char> Host(Bytes, 1);
  cl_int Err;
  cl_mem Buf = clCreateBuffer(R.Ctx, CL_MEM_READ_WRITE, Bytes, nullptr, &Err);
  check(Err, "clCreateBuffer");
  auto Run = [&](void *P, bool ToDevice) {
    if (ToDevice)
      check(clEnqueueWriteBuffer(R.Q, Buf, CL_TRUE, 0, Bytes, P, 0, nullptr, nullptr), "write");
    else
      check(clEnqueueReadBuffer(R.Q, Buf, CL_TRUE, 0, Bytes, P, 0, nullptr, nullptr), "read");
  };
  emit("opencl", caseName(true, Bytes), timeCalls([&] { Run(Host.data(), true); }, Bytes), Bytes);
  emit("opencl", caseName(false, Bytes), timeCalls([&] { Run(Host.data(), false); }, Bytes), Bytes);
  cl_mem Pin = clCreateBuffer(R.Ctx, CL_MEM_ALLOC_HOST_PTR, Bytes, nullptr, &Err);
  check(Err, "clCreateBuffer(CL_MEM_ALLOC_HOST_PTR)");
  void *P = clEnqueueMapBuffer(R.Q, Pin, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, Bytes, 0,
                               nullptr, nullptr, &Err);
  check(Err, "clEnqueueMapBuffer");
  std::memset(P, 1, Bytes);
  emit("opencl-pinned", caseName(true, Bytes), timeCalls([&] { Run(P, true); }, Bytes), Bytes);
  emit("opencl-pinned", caseName(false, Bytes), timeCalls([&] { Run(P, false); }, Bytes), Bytes);
  clEnqueueUnmapMemObject(R.Q, Pin, P, 0, nullptr, nullptr);
  clFinish(R.Q);
  clReleaseMemObject(Pin);
  clReleaseMemObject(Buf);
}

/// One knob at a time around the defaults, at Bytes.
void sweep(size_t Bytes) {
  ampcc::rt::StagingTuning &T = ampcc::rt::stagingTuning();
  const ampcc::rt::StagingTuning Default = T;
  char Impl[64];
  for (unsigned Threads : {1u, 4u, 8u, 16u}) {
    T = Default;
    T.Mode = 1;
    T.Threads = Threads;
    std::snprintf(Impl, sizeof(Impl), "ampcc-threads%u", Threads);
    ampccCopies(Bytes, Impl);
  }
  for (int Streaming : {0, 1}) {
    T = Default;
    T.Mode = 1;
    T.Streaming = Streaming;
    ampccCopies(Bytes, Streaming ? "ampcc-streaming" : "ampcc-memcpy");
  }
  T = Default;
  T.Mode = 1;
  T.RingUploads = true;
  ampccCopies(Bytes, "ampcc-ring-up");
  for (size_t PieceKiB : {1024u, 2048u}) {
    T = Default;
    T.Mode = 1;
    T.PieceBytes = PieceKiB << 10;
    std::snprintf(Impl, sizeof(Impl), "ampcc-piece%zuKiB", PieceKiB);
    ampccCopies(Bytes, Impl);
  }
  T = Default;
}

/// Every combination of the knobs that matter below the largest sizes:
/// host threads, the largest piece, the chunk, streaming stores.
void grid(size_t Bytes) {
  ampcc::rt::StagingTuning &T = ampcc::rt::stagingTuning();
  const ampcc::rt::StagingTuning Default = T;
  char Impl[64];
  for (unsigned Threads : {8u, 12u, 16u})
    for (size_t PieceKiB : {1024u, 2048u, 4096u})
      for (size_t ChunkKiB : {256u, 512u})
        for (int Streaming : {1, 0}) {
          T = Default;
          T.Mode = 1;
          T.Threads = Threads;
          T.PieceBytes = PieceKiB << 10;
          T.ChunkBytes = ChunkKiB << 10;
          T.Streaming = Streaming;
          std::snprintf(Impl, sizeof(Impl), "g-t%u-p%zuK-c%zuK-s%d", Threads, PieceKiB,
                        ChunkKiB, Streaming);
          ampccCopies(Bytes, Impl);
        }
  T = Default;
}

/// The knobs that decide small transfers (1 to 16 MiB: a few pieces):
/// host threads, the count of pieces, the smallest piece, streaming stores.
void smallGrid(size_t Bytes) {
  ampcc::rt::StagingTuning &T = ampcc::rt::stagingTuning();
  const ampcc::rt::StagingTuning Default = T;
  char Impl[64];
  for (unsigned Threads : {4u, 12u})
    for (unsigned Pieces : {8u, 16u, 32u})
      for (size_t MinKiB : {256u, 1024u})
        for (int Streaming : {1, 0}) {
          T = Default;
          T.Mode = 1;
          T.Threads = Threads;
          T.Pieces = Pieces;
          T.MinPieceBytes = MinKiB << 10;
          T.Streaming = Streaming;
          std::snprintf(Impl, sizeof(Impl), "sg-t%u-n%u-m%zuK-s%d", Threads, Pieces, MinKiB,
                        Streaming);
          ampccCopies(Bytes, Impl);
        }
  T = Default;
}

} // namespace

int main(int Argc, char **Argv) {
  std::vector<size_t> Sizes = {1, 4, 16, 64, 256};
  bool Sweep = true, Grid = false, SmallGrid = false;
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    const char *V = I + 1 < Argc ? Argv[I + 1] : nullptr;
    if (A == "--csv" && V) {
      Csv = std::fopen(V, "w");
      if (Csv)
        std::fputs(csv::header(), Csv);
      ++I;
    } else if (A == "--reps" && V) {
      Reps = std::max(1, std::atoi(V));
      ++I;
    } else if (A == "--sizes" && V) {
      Sizes.clear();
      for (const char *P = V; *P;) {
        Sizes.push_back(std::strtoul(P, const_cast<char **>(&P), 10));
        if (*P == ',')
          ++P;
      }
      ++I;
    } else if (A == "--no-sweep") {
      Sweep = false;
    } else if (A == "--grid") {
      Grid = true;
    } else if (A == "--small-grid") {
      SmallGrid = true;
    } else {
      std::fprintf(stderr, "usage: %s [--csv FILE] [--sizes 1,16,256] [--reps N] [--no-sweep] [--grid] [--small-grid]\n",
                   Argv[0]);
      return 2;
    }
  }
  std::wstring W = accelerator().description;
  DeviceName.assign(W.begin(), W.end());
  OnCuda = accelerator().device_path.rfind(L"cuda", 0) == 0;
  std::printf("device: %s%s\n", DeviceName.c_str(), OnCuda ? " (through CUDA)" : "");
  std::unique_ptr<Raw> R;
  if (!OnCuda)
    R = std::make_unique<Raw>();
  ampcc::rt::StagingTuning &T = ampcc::rt::stagingTuning();
  for (size_t MiB : Sizes) {
    size_t Bytes = MiB << 20;
    if (R)
      rawCopies(*R, Bytes);
    T.Mode = -1;
    ampccCopies(Bytes, "ampcc");
    ampccViews(Bytes);
    ampccConstructors(Bytes);
    T.Mode = 0;
    ampccCopies(Bytes, "ampcc-direct");
    T.Mode = 1;
    ampccCopies(Bytes, "ampcc-staged");
    T.Mode = -1;
  }
  if (Sweep)
    sweep(Sizes.back() << 20);
  if (Grid)
    for (size_t MiB : Sizes)
      grid(MiB << 20);
  if (SmallGrid)
    for (size_t MiB : Sizes)
      smallGrid(MiB << 20);
  if (Csv)
    std::fclose(Csv);
  return AllOk ? 0 : 1;
}
