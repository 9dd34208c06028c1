// The host kernels' C compile (compiler/driver/HostKernels.cpp): always -O3
// for the vectoriser, this machine's instruction set unless -march says
// otherwise, and 512-bit vectors preferred where the CPU has them (LLVM's
// default for AVX-512 CPUs is 256: a 16-wide tile row would take two).
// RUN: %ampcc -### -fhost-kernels -c %s -o %t.o 2>&1 | %FileCheck %s
// RUN: %ampcc -### -fhost-kernels -march=x86-64-v3 -c %s -o %t.o 2>&1 | %FileCheck --check-prefix=MARCH %s
// CHECK: "-x" "c" "-std=gnu11" "-O3" "-fno-math-errno" {{.*}}"-march=native" "-mprefer-vector-width=512"
// MARCH: "-x" "c" "-std=gnu11" "-O3" {{.*}}"-march=x86-64-v3" "-mprefer-vector-width=512"
// MARCH-NOT: "-march=native"
#include <amp.h>
using namespace concurrency;

void twice(array_view<float, 1> A) {
  parallel_for_each(A.extent, [=](index<1> I) restrict(amp) { A[I] *= 2.0f; });
}
