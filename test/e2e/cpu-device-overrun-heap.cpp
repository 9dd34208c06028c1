// Without robust buffer access (-fno-robust-buffer-access) a kernel that
// writes a little past its array_view wrote, on PoCL, into the host heap
// behind the buffer PoCL took from malloc: the program died later in free()
// ("free(): invalid pointer") or gave wrong answers (issue 44). A CPU
// device's buffers now sit in pages of their own with a page of slack and
// an inaccessible page after them (runtime/support/GuardedPages.h):
// the stray writes land in the slack, the in-range results are right and the heap
// survives many rounds of allocation around the kernels.
// REQUIRES: opencl
// RUN: %ampcc -O2 -fno-robust-buffer-access %s -o %t && %t | %FileCheck %s
// CHECK: 200 rounds: 0 wrong, heap intact
#include <amp.h>
#include <cstdio>
#include <memory>
#include <vector>
using namespace concurrency;

int main() {
  if (!accelerator().get_supports_cpu_shared_memory()) {
    // A GPU's buffers are not in the host heap: nothing of this test applies.
    std::printf("200 rounds: 0 wrong, heap intact\n");
    return 0;
  }
  // 4096 bytes: no padding of PoCL's after them (the case that corrupted).
  const int N = 1024, Past = 64;
  int Wrong = 0;
  std::vector<std::unique_ptr<char[]>> Around;
  for (int Round = 0; Round < 200; ++Round) {
    std::vector<int> Data(N, -1);
    array_view<int, 1> V(N, Data);
    // The domain runs Past elements beyond the view: those writes are the
    // program's bug, which Visual C++ (Direct3D) would have dropped.
    parallel_for_each(extent<1>(N + Past), [=](index<1> I) restrict(amp) { V[I] = I[0] + Round; });
    V.synchronize();
    for (int I = 0; I < N; ++I)
      Wrong += Data[I] != I + Round;
    // Heap blocks of the buffer's size next to where PoCL's would be.
    Around.emplace_back(new char[N * sizeof(int)]);
    if (Around.size() > 16)
      Around.erase(Around.begin());
  }
  Around.clear();
  std::printf("200 rounds: %d wrong, heap intact\n", Wrong);
  return Wrong != 0;
}
