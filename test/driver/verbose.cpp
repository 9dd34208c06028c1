// -v prints the commands ampcc runs: the host compilation (clang++ in HIP
// mode with --offload-host-only, the user's -D/-I forwarded), the compilation
// of the generated kernel stub, and the link with the runtime library and
// OpenCL; the program still builds and runs.
// REQUIRES: opencl
// RUN: %ampcc -v -DVERBOSE_MACRO=1 -I%S/Inputs %s -o %t 2>&1 | %FileCheck %s
// RUN: %t | %FileCheck --check-prefix=OUT %s
// RUN: %ampcc -v -c -DVERBOSE_MACRO=2 %s -o %t.o 2>&1 | %FileCheck --check-prefix=COMPILE %s
// CHECK: clang++{{[^ ]*}} {{.*}}-x hip{{.*}} -D{{ ?}}VERBOSE_MACRO=1 -I{{ ?}}{{.*}}Inputs {{.*}}--offload-host-only{{.*}} -c {{.*}}verbose.cpp
// CHECK: clang++{{[^ ]*}} {{.*}}-c {{.*}}kernels
// CHECK: clang++{{[^ ]*}} {{.*}}libampcc_rt{{.*}} -lOpenCL {{.*}}-o {{.*}}verbose.cpp.tmp
// COMPILE: --offload-host-only
// COMPILE-NOT: -lOpenCL
// OUT: the kernel wrote 12
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  std::vector<int> A(1, 5);
  array_view<int, 1> AV(1, A);
  parallel_for_each(AV.extent, [=](index<1> I) restrict(amp) {
    AV[I] = AV[I] + 6 + VERBOSE_MACRO;
  });
  AV.synchronize();
  std::printf("the kernel wrote %d\n", A[0]);
  return A[0] != 12;
}
