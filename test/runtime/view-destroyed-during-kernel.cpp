// The last array_view of a data source destroyed while its kernel still
// runs: as in Visual C++, the destructor of the last view synchronizes, so it
// waits for the kernel and copies its results into the user's memory before
// that memory may be freed; nothing is lost and nothing is written later.
// A read-only view's data is copied in before the launch returns, so its
// host memory may go at once. A view of an array leaves the results in the
// array. Each kernel runs long (a loop per element) so that the views die
// while it runs; results are checked against the same loop on the CPU.
// The same program runs under AddressSanitizer, which would report a write
// into the freed vectors.
// REQUIRES: opencl
// RUN: %ampcc -O1 %s -o %t && %t | %FileCheck %s
// RUN: %ampcc -O1 -g -fsanitize=address %s -o %t.asan
// RUN: env ASAN_OPTIONS=detect_leaks=0 %t.asan | %FileCheck %s
// CHECK: user memory: 0 mismatches of 4096, copied back 1 time
// CHECK-NEXT: read-only input freed early: 0 mismatches of 4096
// CHECK-NEXT: array section: 0 mismatches of 4096
// CHECK-NEXT: view of a view: 0 mismatches of 4096
#include <amp.h>
#include <cstdio>
#include <memory>
#include <vector>
using namespace concurrency;

const int N = 4096;
const int Steps = 20000;

// Enough work per element that the kernel outlives the views.
static unsigned churn(unsigned X) restrict(amp, cpu) {
  for (int S = 0; S < Steps; ++S)
    X = X * 1664525u + 1013904223u;
  return X;
}

static int mismatches(const unsigned *Got, unsigned Seed) {
  int Bad = 0;
  for (int I = 0; I < N; ++I)
    Bad += Got[I] != churn(unsigned(I) + Seed);
  return Bad;
}

int main() {
  {
    // The vector outlives the view; the view dies first, mid-kernel.
    std::vector<unsigned> Out(N, 0);
    ampcc::rt::resetTransferStats();
    {
      array_view<unsigned, 1> V(N, Out);
      parallel_for_each(V.extent, [=](index<1> I) restrict(amp) {
        V[I] = churn(unsigned(I[0]) + 1);
      });
    }
    std::printf("user memory: %d mismatches of %d, copied back %llu time\n",
                mismatches(Out.data(), 1), N,
                (unsigned long long)ampcc::rt::getTransferStats()
                    .DeviceToHostCopies);
  }
  {
    // The input's view and its vector both die while the kernel runs; the
    // output vector is then freed right after its view.
    auto In = std::make_unique<std::vector<unsigned>>(N);
    for (int I = 0; I < N; ++I)
      (*In)[I] = unsigned(I) + 2;
    auto Out = std::make_unique<std::vector<unsigned>>(N, 0);
    std::vector<unsigned> Copy;
    {
      array_view<unsigned, 1> O(N, *Out);
      {
        array_view<const unsigned, 1> In1(N, *In);
        parallel_for_each(O.extent, [=](index<1> I) restrict(amp) {
          O[I] = churn(In1[I]);
        });
      }
      In.reset();
    }
    Copy = *Out;
    Out.reset();
    std::printf("read-only input freed early: %d mismatches of %d\n",
                mismatches(Copy.data(), 2), N);
  }
  {
    // A section view of an array dies mid-kernel; the array keeps the data.
    array<unsigned, 1> A(2 * N);
    {
      array_view<unsigned, 1> S = A.section(N, N);
      parallel_for_each(S.extent, [=](index<1> I) restrict(amp) {
        S[I] = churn(unsigned(I[0]) + 3);
      });
    }
    std::vector<unsigned> Back(N);
    copy(A.section(N, N), Back.begin());
    std::printf("array section: %d mismatches of %d\n",
                mismatches(Back.data(), 3), N);
  }
  {
    // Two views of one vector: the one the kernel captured dies first, the
    // last one (a section of the whole) dies next, still mid-kernel.
    std::vector<unsigned> Out(2 * N, 0);
    {
      array_view<unsigned, 1> Whole(2 * N, Out);
      {
        array_view<unsigned, 1> Half = Whole.section(0, N);
        parallel_for_each(Half.extent, [=](index<1> I) restrict(amp) {
          Half[I] = churn(unsigned(I[0]) + 4);
        });
      }
    }
    int Bad = mismatches(Out.data(), 4);
    for (int I = N; I < 2 * N; ++I)
      Bad += Out[I] != 0;
    std::printf("view of a view: %d mismatches of %d\n", Bad, N);
  }
  return 0;
}
