// A restrict(cpu, amp) function calling fast_math or precise_math functions
// by their qualified names (fast_math::exp, fast_math::fabsf,
// precise_math::cbrt) compiles, as with Visual C++, whose <amp_math.h>
// imports the C library's functions of the same names into both namespaces:
// on the CPU the call runs the library's function, in amp code the
// namespace's own. The kernel's results match the host's within float
// tolerance, and cpu-only code may call the qualified names too.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// RUN: %ampcc -emit-opencl %s | %FileCheck --check-prefix=CL %s
// CHECK: math-per-side: 0 mismatches of 64
// CL: float blend(float x)
// CL: exp(
// CL: fabs(
#include <amp.h>
#include <amp_math.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

float blend(float x) restrict(cpu, amp) {
  return fast_math::exp(x * 0.1f) + fast_math::fabsf(x - 3.0f) +
         fast_math::sqrt(x + 1.0f) + precise_math::expf(-x * 0.01f);
}

double cube(double x) restrict(cpu, amp) { return precise_math::cbrt(x); }

float hostOnly(float x) { return fast_math::sqrtf(x) + precise_math::fabs(x); }

int main() {
  const int N = 64;
  std::vector<float> Out(N, 0.0f);
  array_view<float, 1> OV(N, Out);
  parallel_for_each(OV.extent, [=](index<1> I) restrict(amp) {
    float X = static_cast<float>(I[0]);
    OV[I] = blend(X) + static_cast<float>(cube(8.0));
  });
  OV.synchronize();
  int Bad = 0;
  for (int I = 0; I < N; ++I) {
    float Want = blend(static_cast<float>(I)) + static_cast<float>(cube(8.0));
    float Tol = 1e-3f * (Want < 0 ? -Want : Want) + 1e-3f;
    float Diff = Out[I] - Want;
    if ((Diff > Tol || -Diff > Tol) && Bad++ < 5)
      std::printf("mismatch at %d: %f vs %f\n", I, Out[I], Want);
  }
  std::printf("math-per-side: %d mismatches of %d\n", Bad, N);
  return Bad != 0 || hostOnly(4.0f) != 6.0f;
}
