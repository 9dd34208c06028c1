// cl_khr_fp64 is enabled exactly when the kernels use double: a double view,
// a double local in a float kernel, a double scalar capture, a helper
// returning double, and float arithmetic with a double literal (C++ promotes
// it) each turn the pragma on; float-only code (float literals, float
// helpers, int math) leaves it out and contains no `double` at all.
// RUN: %ampcc -emit-opencl %s -o %t.float.cl
// RUN: %FileCheck --check-prefix=FLOAT %s < %t.float.cl
// RUN: %clcheck %t.float.cl
// RUN: %ampcc -DVIEW -emit-opencl %s -o %t.view.cl
// RUN: %FileCheck --check-prefix=FP64 %s < %t.view.cl
// RUN: %clcheck %t.view.cl
// RUN: %ampcc -DLOCAL -emit-opencl %s -o %t.local.cl
// RUN: %FileCheck --check-prefix=FP64 %s < %t.local.cl
// RUN: %clcheck %t.local.cl
// RUN: %ampcc -DCAPTURE -emit-opencl %s -o %t.capture.cl
// RUN: %FileCheck --check-prefix=FP64 %s < %t.capture.cl
// RUN: %clcheck %t.capture.cl
// RUN: %ampcc -DHELPER -emit-opencl %s -o %t.helper.cl
// RUN: %FileCheck --check-prefix=FP64 %s < %t.helper.cl
// RUN: %clcheck %t.helper.cl
// RUN: %ampcc -DLITERAL -emit-opencl %s -o %t.literal.cl
// RUN: %FileCheck --check-prefix=FP64 %s < %t.literal.cl
// RUN: %clcheck %t.literal.cl
#include <amp.h>
using namespace concurrency;

float halfOf(float X) restrict(amp) { return X * 0.5f; }
double widen(float X) restrict(amp) { return X; }

void run(float *P, double *Q, int N, double D) {
  array_view<float, 1> V(N, P);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) {
    V[I] = halfOf(V[I]) + 1.5f * (float)(I[0] % 3);
#if defined(LOCAL)
    double T = V[I];
    V[I] = (float)(T / 3);
#elif defined(CAPTURE)
    V[I] = (float)(V[I] * D);
#elif defined(HELPER)
    V[I] = (float)widen(V[I]);
#elif defined(LITERAL)
    V[I] = V[I] * 2.0;
#endif
  });
#if defined(VIEW)
  array_view<double, 1> W(N, Q);
  parallel_for_each(W.extent, [=](index<1> I) restrict(amp) {
    W[I] = W[I] + 1.0;
  });
#endif
}

// FLOAT-NOT: cl_khr_fp64
// FLOAT-NOT: double
// FLOAT: __kernel void

// FP64: {{^}}#pragma OPENCL EXTENSION cl_khr_fp64 : enable
// FP64: double
