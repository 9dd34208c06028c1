// Transfers staged through page-locked blocks (runtime/transfers/StagedTransfers.h), forced
// on PoCL by AMPCC_STAGED_COPIES=1 (by default only discrete GPUs stage):
// copy() both ways between std::vector / pointers and arrays, sizes that are
// not a multiple of the piece (4,000,012 bytes: four pieces of 1,000,003,
// through three blocks), a partial iterator range, lazy uploads and
// synchronize() of array_views over std::vector, sections of a 2-D view,
// copy_async with its completion_future, and two threads copying at once.
// The transfer counts are those of direct transfers; the same program runs
// with AMPCC_STAGED_COPIES=0 as the reference.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t
// RUN: env AMPCC_STAGED_COPIES=1 %t | %FileCheck %s
// RUN: env AMPCC_STAGED_COPIES=0 %t | %FileCheck %s
// CHECK: copy in: h2d 1 copies 4000012 bytes
// CHECK: copy out: d2h 1 copies 4000012 bytes
// CHECK: partial range: ok
// CHECK: view: h2d 1 copies 4000012 bytes, d2h 1 copies 4000012 bytes
// CHECK: section: h2d 1 copies 480000 bytes, d2h 1 copies 480000 bytes
// CHECK: copy_async: ready
// CHECK: staged: 0 mismatches
#include <amp.h>
#include <atomic>
#include <cstdio>
#include <numeric>
#include <thread>
#include <vector>
using namespace concurrency;

static int Bad = 0;
static void check(bool OK, const char *What, long long At = -1) {
  if (!OK && Bad++ < 10)
    std::printf("mismatch: %s at %lld\n", What, At);
}

static void print(const char *What) {
  ampcc::rt::TransferStats S = ampcc::rt::getTransferStats();
  std::printf("%s: h2d %llu copies %llu bytes, d2h %llu copies %llu bytes\n",
              What, (unsigned long long)S.HostToDeviceCopies,
              (unsigned long long)S.HostToDeviceBytes,
              (unsigned long long)S.DeviceToHostCopies,
              (unsigned long long)S.DeviceToHostBytes);
}

const int N = 1000003;

struct CopyLoop {
  int Seed;
  std::atomic<int> *Failures;
  void operator()() const {
    std::vector<int> In(N + Seed), Out(N + Seed, -1);
    std::iota(In.begin(), In.end(), Seed * 7);
    array<int, 1> A(N + Seed);
    for (int Round = 0; Round < 4; ++Round) {
      In[Round * 1000] = -Round;
      copy(In.begin(), In.end(), A);
      copy(A, Out.begin());
      if (Out != In)
        ++*Failures;
    }
  }
};

int main() {
  std::vector<int> In(N), Out(N, -1);
  std::iota(In.begin(), In.end(), 3);

  // copy() into an array and out of it: one transfer each way.
  {
    array<int, 1> A(N);
    ampcc::rt::resetTransferStats();
    copy(In.begin(), In.end(), A);
    ampcc::rt::TransferStats S = ampcc::rt::getTransferStats();
    std::printf("copy in: h2d %llu copies %llu bytes\n",
                (unsigned long long)S.HostToDeviceCopies,
                (unsigned long long)S.HostToDeviceBytes);
    parallel_for_each(A.extent, [&A](index<1> I) restrict(amp) { A[I] += 1; });
    ampcc::rt::resetTransferStats();
    copy(A, Out.data());
    S = ampcc::rt::getTransferStats();
    std::printf("copy out: d2h %llu copies %llu bytes\n",
                (unsigned long long)S.DeviceToHostCopies,
                (unsigned long long)S.DeviceToHostBytes);
    for (int I = 0; I < N; ++I)
      check(Out[I] == In[I] + 1, "copy", I);

    // From a pointer (the form without an end), and a range that covers
    // only part of the array, which keeps the rest.
    copy(In.data(), A);
    copy(In.begin(), In.begin() + 10, A);
    std::vector<int> Back(N);
    copy(A, Back.begin());
    check(Back == In, "pointer copy");
    std::vector<int> Ten(10, 42);
    copy(Ten.begin(), Ten.end(), A);
    copy(A, Back.begin());
    bool Partial = Back[9] == 42 && Back[10] == In[10] && Back[N - 1] == In[N - 1];
    std::printf("partial range: %s\n", Partial ? "ok" : "wrong");
  }

  // An array_view over a std::vector: uploaded at the launch, back at
  // synchronize().
  {
    std::vector<int> Data(In);
    ampcc::rt::resetTransferStats();
    array_view<int, 1> V(N, Data);
    parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] *= 2; });
    V.synchronize();
    print("view");
    for (int I = 0; I < N; ++I)
      check(Data[I] == In[I] * 2, "view", I);
  }

  // A 300x400 section of a 1000x1000 view: 300 rows of 1600 bytes.
  {
    const int R = 1000, C = 1000;
    std::vector<int> M(R * C);
    std::iota(M.begin(), M.end(), 0);
    ampcc::rt::resetTransferStats();
    {
      array_view<int, 2> All(R, C, M);
      array_view<int, 2> Sec = All.section(index<2>(600, 550), extent<2>(300, 400));
      parallel_for_each(Sec.extent, [=](index<2> I) restrict(amp) { Sec[I] = -Sec[I]; });
      Sec.synchronize();
      print("section");
    }
    for (int Y = 0; Y < R; ++Y)
      for (int X = 0; X < C; ++X) {
        bool InSec = Y >= 600 && Y < 900 && X >= 550 && X < 950;
        int L = Y * C + X;
        check(M[L] == (InSec ? -L : L), "section", L);
      }
  }

  // copy_async both ways.
  {
    array<int, 1> A(N);
    completion_future Up = copy_async(In.begin(), In.end(), A);
    Up.wait();
    std::vector<int> Back(N, 0);
    completion_future Down = copy_async(A, Back.begin());
    Down.get();
    std::printf("copy_async: %s\n", Down.valid() ? "ready" : "invalid");
    check(Back == In, "copy_async");
  }

  // Two threads, each copying its own array up and down.
  {
    std::atomic<int> Failures{0};
    std::thread T1(CopyLoop{1, &Failures}), T2(CopyLoop{2, &Failures});
    T1.join();
    T2.join();
    check(Failures.load() == 0, "two threads");
  }

  std::printf("staged: %d mismatches\n", Bad);
  return Bad != 0;
}
