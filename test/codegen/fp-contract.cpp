// Floating-point contraction: by default the OpenCL compiler may fuse a*b+c
// (as Clang does for C++ and HLSL did for Visual C++'s C++ AMP, and as fast
// kernels need); -ffp-contract=off emits the pragma that forbids it, for
// results identical to unfused host code. Bad values are rejected.
// RUN: %ampcc -emit-opencl %s -o %t.on.cl
// RUN: %FileCheck --check-prefix=ON %s < %t.on.cl
// RUN: %ampcc -emit-opencl -ffp-contract=off %s -o %t.off.cl
// RUN: %FileCheck --check-prefix=OFF %s < %t.off.cl
// RUN: %clcheck %t.off.cl
// RUN: %not %ampcc -emit-opencl -ffp-contract=maybe %s 2>&1 | %FileCheck --check-prefix=BAD %s
#include <amp.h>
using namespace concurrency;

void axpy(array_view<float, 1> Y, array_view<const float, 1> X, float A) {
  parallel_for_each(Y.extent, [=](index<1> I) restrict(amp) { Y[I] = A * X[I] + Y[I]; });
}

// ON-NOT: FP_CONTRACT
// ON: __kernel void axpy_kernel(
// OFF: #pragma OPENCL FP_CONTRACT OFF
// OFF: __kernel void axpy_kernel(
// BAD: ampcc: error: invalid value 'maybe' in '-ffp-contract=maybe'
