// Two loops of a tiled kernel each declare a local `index` that the host
// backend keeps per work-item (both loops hold a barrier), as the
// Multicoreware prefix sum of the corpus does: the two arrays over the
// tile are told apart (`ampcc_wi_index` and `ampcc_wi_index_1`), where they
// were once declared twice under one name and the kernels' C did not
// compile. The scan is checked against the CPU.
// RUN: %ampcc -fhost-kernels %s -o %t && env AMPCC_BACKEND=host %t | %FileCheck %s
// RUN: %ampcc -emit-host-kernels %s -o %t.c && %FileCheck --check-prefix=NAMES %s < %t.c
// CHECK: scan: 0 mismatches of 64
// NAMES-DAG: uint ampcc_wi_index[64];
// NAMES-DAG: uint ampcc_wi_index_1[64];
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

static const int N = 64;

int main() {
  std::vector<int> In(N), Out(N, 0);
  for (int I = 0; I < N; ++I)
    In[I] = I % 7 + 1;
  array_view<const int, 1> Input(N, In);
  array_view<int, 1> Output(N, Out);
  parallel_for_each(extent<1>(N).tile<N>(), [=](tiled_index<N> T) restrict(amp) {
    tile_static int Temp[N];
    int L = T.local[0];
    Temp[L] = Input[T.global];
    T.barrier.wait();
    // Up-sweep, then down-sweep: an exclusive scan (Blelloch).
    for (unsigned Stride = 1; Stride < N; Stride *= 2) {
      unsigned index = (L + 1) * Stride * 2 - 1;
      if (index < N)
        Temp[index] += Temp[index - Stride];
      T.barrier.wait();
    }
    if (L == 0)
      Temp[N - 1] = 0;
    T.barrier.wait();
    for (unsigned Stride = N / 2; Stride > 0; Stride /= 2) {
      unsigned index = (L + 1) * Stride * 2 - 1;
      if (index < N) {
        int Left = Temp[index - Stride];
        Temp[index - Stride] = Temp[index];
        Temp[index] += Left;
      }
      T.barrier.wait();
    }
    Output[T.global] = Temp[L];
  });
  Output.synchronize();
  int Bad = 0, Sum = 0;
  for (int I = 0; I < N; ++I) {
    if (Out[I] != Sum)
      ++Bad;
    Sum += In[I];
  }
  std::printf("scan: %d mismatches of %d\n", Bad, N);
  return Bad != 0;
}
