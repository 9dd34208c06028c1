// AMPCC_REPLACE_CL builds a file's OpenCL C instead of the program's own,
// so that a reducer's candidate is judged by the program's own checks
// (docs/reliability.md, "Reducing a device compiler's bug"). The kernel
// adds 12345; the replacement is ampcc's text for it with 12345 made
// 54321, and the program prints what the device computed. A file that
// cannot be read is a runtime_exception that names it, not a quiet fall
// back to the program's own text. The host backend builds no OpenCL C: no
// host kernels.
// REQUIRES: opencl
// RUN: %ampcc -fno-host-kernels %s -o %t
// RUN: %ampcc -emit-opencl %s -o %t.cl
// RUN: sed 's/12345/54321/' %t.cl > %t.replaced.cl
// RUN: env AMPCC_CACHE_DIR=%t.cache %t | %FileCheck --check-prefix=OWN %s
// RUN: env AMPCC_CACHE_DIR=%t.cache AMPCC_REPLACE_CL=%t.replaced.cl %t | %FileCheck --check-prefix=REPLACED %s
// RUN: env AMPCC_CACHE_DIR=%t.cache %t | %FileCheck --check-prefix=OWN %s
// RUN: env AMPCC_REPLACE_CL=%t.missing.cl %t | %FileCheck --check-prefix=MISSING %s
// OWN: a[3] = 12348
// REPLACED: a[3] = 54324
// MISSING: runtime_exception: cannot read AMPCC_REPLACE_CL's file '{{.*}}missing.cl'
#include <amp.h>
#include <cstdio>
#include <vector>

using namespace concurrency;

int main() {
  std::vector<int> A(8);
  for (int I = 0; I < 8; ++I)
    A[I] = I;
  try {
    array_view<int, 1> V(8, A);
    parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] += 12345; });
    V.synchronize();
  } catch (const runtime_exception &E) {
    std::printf("runtime_exception: %s\n", E.what());
    return 0;
  }
  std::printf("a[3] = %d\n", A[3]);
  return 0;
}
