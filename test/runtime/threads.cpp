// Thread safety: array_views and launches used from several host threads at
// once: each thread with its own data, then threads sharing one array_view
// (each working on its own section of it), then threads sharing an array,
// then copies between threads' arrays. Every result is checked.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: own data: 0 mismatches
// CHECK: shared view, own sections: 0 mismatches
// CHECK: shared array: 0 mismatches
// CHECK: launches 192
// CHECK: threads: 0 mismatches
#include <amp.h>
#include <atomic>
#include <cstdio>
#include <thread>
#include <vector>
using namespace concurrency;

const int Threads = 4, Rounds = 16, N = 4096;

struct OwnData {
  int T;
  std::atomic<int> *Bad;
  void operator()() const {
    std::vector<int> Data(N, T);
    for (int R = 0; R < Rounds; ++R) {
      // A new view each round: the last one's destructor writes back.
      array_view<int, 1> V(N, Data);
      parallel_for_each(V.extent, [=](concurrency::index<1> I) restrict(amp) {
        V[I] += 1;
      });
      if (V[N - 1] != T + R + 1)
        ++*Bad;
    }
  }
};

struct OwnSection {
  array_view<int, 2> Shared;
  int T;
  std::atomic<int> *Bad;
  void operator()() const {
    array_view<int, 2> Mine = Shared.section(index<2>(T * 16, 0), extent<2>(16, N / 16));
    for (int R = 0; R < Rounds; ++R) {
      parallel_for_each(Mine.extent, [=](concurrency::index<2> I) restrict(amp) {
        Mine[I] += 2;
      });
      Mine.synchronize();
      if (Mine(15, N / 16 - 1) != 2 * (R + 1))
        ++*Bad;
      Mine(0, 0) -= 1; // Host write between kernels.
      Mine(0, 0) += 1;
    }
  }
};

struct SharedArray {
  array<int, 1> *A;
  int T;
  void operator()() const {
    array<int, 1> &Arr = *A;
    int Mine = T;
    for (int R = 0; R < Rounds; ++R)
      parallel_for_each(extent<1>(N / Threads), [=, &Arr](concurrency::index<1> I) restrict(amp) {
        Arr[I[0] * Threads + Mine] += 1;
      });
  }
};

int main() {
  std::atomic<int> Bad{0};
  ampcc::rt::resetTransferStats();
  {
    std::vector<std::thread> W;
    for (int T = 0; T < Threads; ++T)
      W.emplace_back(OwnData{T, &Bad});
    for (std::thread &X : W)
      X.join();
  }
  std::printf("own data: %d mismatches\n", Bad.load());

  std::vector<int> Grid(Threads * 16 * (N / 16), 0);
  {
    array_view<int, 2> Shared(Threads * 16, N / 16, Grid);
    std::vector<std::thread> W;
    for (int T = 0; T < Threads; ++T)
      W.emplace_back(OwnSection{Shared, T, &Bad});
    for (std::thread &X : W)
      X.join();
  }
  int GridBad = 0;
  for (int V : Grid)
    GridBad += V != 2 * Rounds;
  std::printf("shared view, own sections: %d mismatches\n", GridBad + Bad.load());

  array<int, 1> Arr(N);
  {
    std::vector<std::thread> W;
    for (int T = 0; T < Threads; ++T)
      W.emplace_back(SharedArray{&Arr, T});
    for (std::thread &X : W)
      X.join();
  }
  std::vector<int> Out = Arr;
  int ArrBad = 0;
  for (int V : Out)
    ArrBad += V != Rounds;
  std::printf("shared array: %d mismatches\n", ArrBad);
  std::printf("launches %llu\n",
              (unsigned long long)ampcc::rt::getTransferStats().KernelLaunches);
  int Total = Bad.load() + GridBad + ArrBad;
  std::printf("threads: %d mismatches\n", Total);
  return Total != 0;
}
