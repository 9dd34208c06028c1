// concurrency::fast_math and precise_math functions become the OpenCL C
// built-ins of the same family: the C-style float names (sqrtf, sinf,
// powf, fminf, ...) and the overloaded names (sqrt, fmin, fma, ldexp, isnan)
// all map to the overloaded OpenCL name, called with the same arguments;
// with double, precise_math maps the same way and the program enables
// cl_khr_fp64 (a float-only program does not).
// RUN: %ampcc -emit-opencl %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %FileCheck --check-prefix=NOF %s < %t.cl
// RUN: %clcheck %t.cl
// RUN: %ampcc -DWITH_DOUBLE -emit-opencl %s -o %t.double.cl
// RUN: %FileCheck --check-prefix=FP64 %s < %t.double.cl
// RUN: %clcheck %t.double.cl
#include <amp.h>
#include <amp_math.h>
using namespace concurrency;

void run(array_view<float, 1> f) {
  parallel_for_each(f.extent, [=](index<1> idx) restrict(amp) {
    float x = f[idx];
    float a = fast_math::sqrtf(x) + fast_math::sqrt(x) + fast_math::rsqrtf(x);
    float b = fast_math::sinf(x) * fast_math::cosf(x) + fast_math::expf(x) + fast_math::logf(x + 1);
    float c = fast_math::powf(x, 2.0f) + fast_math::fabsf(-x) + fast_math::fminf(x, 1.0f) +
              fast_math::fmaxf(x, 0.5f);
    float e = precise_math::sqrtf(x) + precise_math::atan2f(x, 1.0f) +
              precise_math::fmodf(x, 0.25f) + precise_math::floorf(x) + precise_math::truncf(x);
    float g = precise_math::fmin(x, 2.0f) + precise_math::fma(x, x, 1.0f) + precise_math::ldexp(x, 2);
    int special = precise_math::isnan(x) + fast_math::isinf(x);
    // The float-suffixed forms of the pointer and three-operand functions,
    // and <climits> through <amp.h> as in Visual C++.
    float ip, s, co;
    int ex;
    float h = precise_math::modff(x, &ip) + fast_math::frexpf(x, &ex) + precise_math::fmaf(x, x, ip) +
              precise_math::ldexpf(x, ex) + (ex < INT_MAX ? 1.0f : 0.0f);
    fast_math::sincosf(x, &s, &co);
    f[idx] = a + b + c + e + g + special + h + s + co;
  });
}

#ifdef WITH_DOUBLE
void run_double(array_view<double, 1> d) {
  parallel_for_each(d.extent, [=](index<1> idx) restrict(amp) {
    double y = d[idx];
    d[idx] = precise_math::sqrt(y) + precise_math::cos(y) + precise_math::pow(y, 3.0) +
             precise_math::fabs(y);
  });
}
#endif

// CHECK-NOT: cl_khr_fp64
// CHECK-LABEL: {{^}}__kernel {{.*}}void run_kernel(
// CHECK: float a = sqrt(x) + sqrt(x) + rsqrt(x);
// CHECK: float b = sin(x) * cos(x) + exp(x) + log(x + (float)(1));
// CHECK: float c = pow(x, 2.0f) + fabs(-x) + fmin(x, 1.0f) + fmax(x, 0.5f);
// CHECK: float e = sqrt(x) + atan2(x, 1.0f) + fmod(x, 0.25f) + floor(x) + trunc(x);
// CHECK: float g = fmin(x, 2.0f) + fma(x, x, 1.0f) + ldexp(x, 2);
// CHECK: int special = isnan(x) + isinf(x);
// CHECK: float h = modf(x, &(ip)) + frexp(x, &(ex)) + fma(x, x, ip) + ldexp(x, ex) + (ex < 2147483647 ? 1.0f : 0.0f);
// CHECK: ((void)(*&(s) = sincos(x, &(co))));
// CHECK-NOT: double
// NOF-NOT: {{[^a-z_](sqrtf|sinf|cosf|expf|logf|powf|fabsf|fminf|fmaxf|atan2f|fmodf|floorf|truncf|rsqrtf|modff|frexpf|fmaf|ldexpf|sincosf)\(}}

// FP64: #pragma OPENCL EXTENSION cl_khr_fp64 : enable
// FP64-LABEL: {{^}}__kernel {{.*}}void run_double_kernel(
// FP64: = sqrt(y) + cos(y) + pow(y, 3.0) + fabs(y);
