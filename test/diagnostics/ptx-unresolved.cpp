// A kernel whose PTX would call a function nothing defines is an error when
// it is compiled, at the kernel, naming the function: never a failure when
// the CUDA driver loads the program. Here libclc is an empty bitcode file,
// so even get_global_id is missing; a libclc that cannot be read says what
// to install. -fno-cuda compiles without PTX and without libclc.
// RUN: echo "" | %llvm-as -o %t.empty.bc
// RUN: env AMPCC_LIBCLC_PATH=%t.empty.bc %not %ampcc -c %s -o %t.o 2>&1 | %FileCheck %s
// RUN: env AMPCC_LIBCLC_PATH=%t.missing.bc %not %ampcc -c %s -o %t.o 2>&1 | %FileCheck --check-prefix=MISSING %s
// RUN: env AMPCC_LIBCLC_PATH=%t.missing.bc %ampcc -c -fno-cuda %s -o %t.o
#include <amp.h>
using namespace concurrency;

void scale(array_view<float, 1> V, float F) {
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] *= F; });
  // CHECK: ptx-unresolved.cpp:[[@LINE-1]]:3: error: kernel cannot be compiled to PTX for sm_70: it needs 'get_global_id(unsigned int)', which libclc does not provide for NVIDIA GPUs (compile with -fno-cuda to run it through OpenCL only)
}

// MISSING: error: cannot compile kernels to PTX for the CUDA driver: libclc's NVPTX bitcode '{{.*}}missing.bc' cannot be read (install libclc-19, or compile with -fno-cuda)
