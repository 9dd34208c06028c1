// Allocations beyond the device throw the spec's out_of_memory with a
// message that names the sizes, and the program goes on: an array larger
// than the largest buffer the device allocates (CL_DEVICE_MAX_MEM_ALLOC_SIZE)
// throws when constructed, as in Visual C++; arrays that each fit but
// together pass the device's global memory throw at the allocation that
// would pass it (PoCL itself hands out more than it has). Afterwards the
// memory of the arrays that went away is usable again and a kernel runs
// with checked results.
// POCL_MEMORY_LIMIT=1 makes PoCL a 1 GiB device whose largest buffer is a
// quarter of that; sizes below are fractions of dedicated_memory, so the
// test means the same on devices whose largest buffer is a quarter of their
// memory (NVIDIA's). No host kernels: the host device's memory is the
// machine's, which the test would fill.
// REQUIRES: opencl
// RUN: %ampcc -fno-host-kernels %s -o %t && env POCL_MEMORY_LIMIT=1 %t | %FileCheck %s
// CHECK: too large: out_of_memory 0x8007000e: an array or array_view of [[#]] bytes is larger than the largest buffer that {{.*}} can allocate ([[#]] bytes)
// CHECK-NEXT: too large: construction threw
// CHECK-NEXT: too much in all: 4 arrays fit, then out_of_memory 0x8007000e: cannot allocate [[#]] bytes on {{.*}}: the arrays and array_views already there hold [[#]] of its [[#]] bytes of global memory
// CHECK-NEXT: after release: 1 array of the same size runs
// CHECK-NEXT: after: 0 mismatches of 1048576
#include <amp.h>
#include <cstdio>
#include <memory>
#include <vector>
using namespace concurrency;

static void report(const char *What, const out_of_memory &E) {
  std::printf("%s: out_of_memory 0x%lx: %s\n", What,
              (unsigned long)E.get_error_code() & 0xffffffffUL, E.what());
}

int main() {
  accelerator Acc;
  const double Memory = double(Acc.get_dedicated_memory()) * 1024;

  // Rows of 4 MiB: a GPU's fractions of memory are more elements than an
  // int extent holds (30% of an H200 is 10^10 floats).
  const int Cols = 1 << 20;
  auto rows = [&](double Fraction) { return int(Memory * Fraction / sizeof(float) / Cols); };

  // 30% of the device: more than a quarter, less than all of it.
  bool Constructed = false;
  try {
    array<float, 2> A(rows(0.30), Cols);
    Constructed = true;
    parallel_for_each(A.extent, [&A](index<2> I) restrict(amp) { A[I] = 1; });
    std::printf("too large: no exception\n");
  } catch (const out_of_memory &E) {
    report("too large", E);
  }
  std::printf("too large: %s\n",
              Constructed ? "construction succeeded" : "construction threw");

  // 24% each: every one fits in a buffer, the fifth not in the memory.
  const int Part = rows(0.24);
  {
    std::vector<std::unique_ptr<array<float, 2>>> Arrays;
    try {
      for (int N = 0; N < 8; ++N) {
        Arrays.push_back(std::make_unique<array<float, 2>>(Part, Cols));
        array<float, 2> &A = *Arrays.back();
        parallel_for_each(extent<2>(1, 1), [&A](index<2> I) restrict(amp) {
          A[I] = 2;
        });
      }
      std::printf("too much in all: no exception\n");
    } catch (const out_of_memory &E) {
      std::printf("too much in all: %d arrays fit, then out_of_memory "
                  "0x%lx: %s\n",
                  int(Arrays.size()) - 1,
                  (unsigned long)E.get_error_code() & 0xffffffffUL, E.what());
    }
  }
  try {
    array<float, 2> A(Part, Cols);
    parallel_for_each(extent<2>(1, 1), [&A](index<2> I) restrict(amp) { A[I] = 3; });
    std::vector<float> First(1);
    copy(A.section(0, 0, 1, 1), First.begin());
    std::printf("after release: 1 array of the same size %s\n",
                First[0] == 3 ? "runs" : "gives wrong data");
  } catch (const out_of_memory &E) {
    report("after release", E);
  }

  // An ordinary launch, checked against the CPU.
  const int N = 1 << 20;
  std::vector<float> X(N), Y(N);
  for (int I = 0; I < N; ++I)
    X[I] = float(I % 1000);
  array<float, 1> XA(N, X.begin());
  array_view<float, 1> YV(N, Y);
  parallel_for_each(YV.extent, [=, &XA](index<1> I) restrict(amp) {
    YV[I] = 2 * XA[I] + 1;
  });
  YV.synchronize();
  int Bad = 0;
  for (int I = 0; I < N; ++I)
    Bad += Y[I] != 2 * float(I % 1000) + 1;
  std::printf("after: %d mismatches of %d\n", Bad, N);
  return Bad != 0;
}
