// A value one thread writes to a scalar tile_static between two barriers
// is seen by the whole tile (issue 29 item 6c). PoCL 3.1 made such a
// variable private to each work-item once every read followed a write of
// the same thread (docs/pocl-bugs.md): the tile read the first write, 0.
// ampcc's kernels read each tile_static once through a volatile pointer,
// which keeps LLVM from doing that (not in PTX, where shared memory is
// never made private: a load per thread saved). The same for a small array indexed by
// constants and a scalar written in a called function.
// REQUIRES: opencl
// RUN: %ampcc -O2 %s -o %t && %t | %FileCheck %s
// RUN: %ampcc -emit-opencl %s -o %t.cl && %FileCheck --check-prefix=CL %s < %t.cl && %clcheck %t.cl
// RUN: %ampcc -emit-ptx %s -o %t.ptx && %FileCheck --check-prefix=PTX %s < %t.ptx
// CL: __local int s;
// CL-NEXT: #ifndef __NVPTX__
// CL-NEXT: (void)*(volatile __local uchar *)&s;
// CL-NEXT: #endif
// CL: __local int pair[2];
// CL-NEXT: #ifndef __NVPTX__
// CL-NEXT: (void)*(volatile __local uchar *)&pair;
// PTX: .entry
// PTX-NOT: ld.volatile.shared
// CHECK: scalar: 0 wrong
// CHECK: pair: 0 wrong
// CHECK: callee: 0 wrong
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

static const int N = 1024, T = 64;

static void set(int &Dest, int Value) restrict(amp) { Dest = Value; }

static void report(const char *Case, const std::vector<int> &Out,
                   int (*Want)(int)) {
  int Wrong = 0;
  for (int I = 0; I < N; ++I)
    Wrong += Out[I] != Want(I);
  std::printf("%s: %d wrong (out[1] = %d, want %d)\n", Case, Wrong, Out[1], Want(1));
}

int main() {
  {
    std::vector<int> Out(N, -1);
    array_view<int, 1> V(N, Out);
    parallel_for_each(V.extent.tile<T>(), [=](tiled_index<T> t) restrict(amp) {
      tile_static int s;
      s = 0;
      t.barrier.wait();
      if (t.local[0] == 0)
        s = t.tile[0] + 100;
      t.barrier.wait();
      V[t.global] = s;
    });
    V.synchronize();
    report("scalar", Out, [](int I) { return I / T + 100; });
  }
  {
    std::vector<int> Out(N, -1);
    array_view<int, 1> V(N, Out);
    parallel_for_each(V.extent.tile<T>(), [=](tiled_index<T> t) restrict(amp) {
      tile_static int pair[2];
      pair[0] = 0;
      pair[1] = 0;
      t.barrier.wait();
      if (t.local[0] == T - 1) {
        pair[0] = t.tile[0];
        pair[1] = 7;
      }
      t.barrier.wait();
      V[t.global] = pair[0] * 10 + pair[1];
    });
    V.synchronize();
    report("pair", Out, [](int I) { return I / T * 10 + 7; });
  }
  {
    std::vector<int> Out(N, -1);
    array_view<int, 1> V(N, Out);
    parallel_for_each(V.extent.tile<T>(), [=](tiled_index<T> t) restrict(amp) {
      tile_static int s;
      set(s, 0);
      t.barrier.wait();
      if (t.local[0] == 5)
        set(s, t.tile[0] * 3 + 1);
      t.barrier.wait();
      V[t.global] = s;
    });
    V.synchronize();
    report("callee", Out, [](int I) { return I / T * 3 + 1; });
  }
}
