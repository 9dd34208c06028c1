// Eight host threads launch kernels at once on the default accelerator,
// each over its own data, many times, with views created, synchronized and
// destroyed in every round; every result is checked against the host.
// The runtime's queue, kernel registry and data sources are shared by all
// threads, so this is where a race would show.
// REQUIRES: opencl
// RUN: %ampcc -O2 %s -o %t && %t | %FileCheck %s
// CHECK: 8 threads x 40 launches: 0 wrong elements
#include <amp.h>
#include <atomic>
#include <cstdio>
#include <thread>
#include <vector>
using namespace concurrency;

int main() {
  const int Threads = 8, Rounds = 40, Size = 1000;
  std::atomic<int> Wrong{0};
  std::vector<std::thread> Pool;
  for (int T = 0; T < Threads; ++T)
    Pool.emplace_back([&, T] {
      std::vector<int> Data(Size);
      for (int R = 0; R < Rounds; ++R) {
        for (int I = 0; I < Size; ++I)
          Data[I] = I + T;
        int Factor = T * 100 + R;
        {
          array_view<int, 1> V(Size, Data);
          if (R % 2) {
            parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] *= Factor; });
          } else {
            array<int, 1> Tmp(Size);
            parallel_for_each(V.extent, [=, &Tmp](index<1> I) restrict(amp) {
              Tmp[I] = V[I] * Factor;
            });
            copy(Tmp, V);
          }
          V.synchronize();
        }
        for (int I = 0; I < Size; ++I)
          if (Data[I] != (I + T) * Factor)
            ++Wrong;
      }
    });
  for (std::thread &Th : Pool)
    Th.join();
  std::printf("%d threads x %d launches: %d wrong elements\n", Threads, Rounds, Wrong.load());
  return Wrong != 0;
}
