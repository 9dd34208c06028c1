// Checked mode (`ampcc -fsanitize=bounds`) counts each tile barrier's
// arrivals (two __local counters used by alternate barriers). Kernels whose
// whole tile meets at every barrier, in loops and in a helper, give the
// right results and no report. The partial-tile case is
// e2e/checked-barrier-partial.cpp (GPUs only: PoCL runs a barrier in a
// branch for the whole work-group, so it cannot tell).
// REQUIRES: opencl
// RUN: %ampcc -fsanitize=bounds %s -o %t && %t 2>&1 | %FileCheck %s
// RUN: %ampcc -fsanitize=bounds -emit-opencl %s -o - | %FileCheck --check-prefix=CL %s
// RUN: %ampcc -emit-opencl %s -o - | %FileCheck --check-prefix=PLAIN %s
// CL: void ampcc_checked_barrier(ampcc_checks *chk, int site) {
// CL-NEXT: __local volatile uint *slot = chk->arrivals + (chk->barriers & 1);
// CL: atomic_inc(slot);
// CL-NEXT: barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
// CL: ampcc_report_fault(chk, site, -1, (int)arrived, 0, 0, (int)tile, 0, 0);
// CL: __local uint ampcc_arrivals[2];
// CL: barrier(CLK_LOCAL_MEM_FENCE);
// CL: ampcc_checked_barrier(ampcc_chk, {{[0-9]+}});
// PLAIN-NOT: ampcc_checked_barrier
// PLAIN-NOT: arrivals
// PLAIN: barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
// CHECK: uniform barriers: PASS
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

static void meet(const tiled_index<64> &T) restrict(amp) { T.barrier.wait(); }

int main() {
  // A tile-wide rotation by three places, one step per pair of barriers
  // (the counters alternate, so odd and even barriers both get checked).
  const int N = 256;
  std::vector<int> In(N), Out(N, 0);
  for (int I = 0; I < N; ++I)
    In[I] = I * 3;
  array_view<const int, 1> A(N, In);
  array_view<int, 1> B(N, Out);
  parallel_for_each(B.extent.tile<64>(), [=](tiled_index<64> T) restrict(amp) {
    tile_static int S[64];
    int Own = A[T.global];
    for (int Step = 0; Step < 3; ++Step) {
      S[T.local[0]] = Own;
      T.barrier.wait();
      Own = S[(T.local[0] + 1) % 64];
      meet(T);
    }
    B[T.global] = Own;
  });
  int Bad = 0;
  try {
    B.synchronize();
    for (int I = 0; I < N; ++I)
      Bad += Out[I] != In[(I / 64) * 64 + (I % 64 + 3) % 64];
    std::printf("uniform barriers: %s\n", Bad ? "FAIL" : "PASS");
  } catch (const runtime_exception &E) {
    std::printf("uniform barriers: unexpected %s\n", E.what());
  }
  return Bad != 0;
}
