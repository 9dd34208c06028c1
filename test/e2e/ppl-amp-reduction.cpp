// In the style of Visual C++'s reduction case study: a tiled C++ AMP sum
// checked against a CPU reference computed with PPL's parallel_reduce, the
// CPU side of the data preparation done with parallel_for, the results
// printed under a critical_section from parallel tasks, and PPL's iterator
// parallel_for_each next to C++ AMP's kernel launch in the same file (only
// the latter is a kernel).
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// RUN: %ampcc -emit-opencl %s | %FileCheck --check-prefix=CL %s
// CL-COUNT-1: __kernel {{.*}} void sumOnAccelerator_kernel(
// CL-NOT: __kernel
// CHECK-NOT: FAIL
// CHECK-DAG: size 4096: gpu == cpu
// CHECK-DAG: size 65536: gpu == cpu
// CHECK-DAG: size 1000000: gpu == cpu
#include <amp.h>
#include <ppl.h>

#include <cstdio>
#include <vector>

using namespace concurrency;

static const int TileSize = 256;

// One pass of a tiled tree reduction: each tile writes its partial sum.
static int sumOnAccelerator(const std::vector<int> &Data) {
  int N = int(Data.size());
  int Tiles = (N + TileSize - 1) / TileSize;
  array_view<const int, 1> In(N, Data);
  std::vector<int> Partial(Tiles);
  array_view<int, 1> Out(Tiles, Partial);
  Out.discard_data();
  parallel_for_each(extent<1>(Tiles * TileSize).tile<TileSize>(),
                    [=](tiled_index<TileSize> T) restrict(amp) {
    tile_static int Sums[TileSize];
    int G = T.global[0];
    Sums[T.local[0]] = G < N ? In[G] : 0;
    T.barrier.wait();
    for (int Stride = TileSize / 2; Stride > 0; Stride /= 2) {
      if (T.local[0] < Stride)
        Sums[T.local[0]] += Sums[T.local[0] + Stride];
      T.barrier.wait();
    }
    if (T.local[0] == 0)
      Out[T.tile[0]] = Sums[0];
  });
  Out.synchronize();
  // The tiles' sums, added on the CPU with PPL.
  return parallel_reduce(Partial.begin(), Partial.end(), 0);
}

int main() {
  critical_section Print;
  bool AllOk = true;
  std::vector<int> Sizes = {4096, 65536, 1000000};
  // The three sizes run as PPL tasks; each launches its own kernel.
  parallel_for_each(Sizes.begin(), Sizes.end(), [&](int N) {
    std::vector<int> Data(N);
    parallel_for(0, N, [&](int I) { Data[I] = int((I * 7919LL) % 1000) - 500; });
    int Cpu = parallel_reduce(Data.begin(), Data.end(), 0);
    int Gpu = sumOnAccelerator(Data);
    critical_section::scoped_lock L(Print);
    if (Cpu == Gpu) {
      std::printf("size %d: gpu == cpu (%d)\n", N, Gpu);
    } else {
      std::printf("FAIL size %d: gpu %d, cpu %d\n", N, Gpu, Cpu);
      AllOk = false;
    }
  });
  return AllOk ? 0 : 1;
}
