// Visual C++'s standard headers include the C library's <cmath>, <cstdio>
// and <cstdlib>: after <amp.h> and <iostream> alone programs call fabs,
// std::fabs, log, sqrt, printf and atoi. That must not change which
// function amp code calls: fast_math and precise_math named unqualified
// under `using namespace` still win in kernels over the C library's
// double functions. -fno-ms-headers: the C library is not there (the
// HOST_ONLY variant: <amp_math.h> includes <cmath>, in Visual C++ too).
// REQUIRES: opencl
// RUN: %ampcc %s -o %t 2> %t.err && %t | %FileCheck %s
// RUN: %FileCheck --allow-empty --check-prefix=QUIET %s < %t.err
// RUN: %not %ampcc -fno-ms-headers -DHOST_ONLY %s -fsyntax-only 2>&1 | %FileCheck --check-prefix=OFF %s
// QUIET-NOT: {{warning|error}}
// CHECK: host: 1.5 2 0 4 12
// CHECK: fast_math: 0 wrong
// CHECK: precise_math: 0 wrong
// OFF: error: use of undeclared identifier 'fabs'
#include <amp.h>
#include <iostream>
#ifndef HOST_ONLY
#include <amp_math.h>
#endif
#include <vector>
using namespace concurrency;

int main() {
  std::cout << "host: " << fabs(-1.5) << " " << std::fabs(-2.0f) << " " << log(1.0) << " "
            << sqrt(16.0) << " " << atoi("12") << std::endl;
#ifndef HOST_ONLY

  const int N = 64;
  std::vector<float> F(N);
  std::vector<double> D(N);
  for (int I = 0; I < N; ++I) {
    F[I] = float(I + 1);
    D[I] = double(I + 1);
  }
  array_view<float, 1> Fv(N, F);
  array_view<double, 1> Dv(N, D);
  {
    using namespace concurrency::fast_math;
    parallel_for_each(Fv.extent, [=](index<1> I) restrict(amp) {
      float X = Fv[I];
      Fv[I] = sqrt(X * X) + fabs(-1.0f) + log(1.0f) + pow(X, 0.0f);
    });
  }
  bool Doubles = accelerator().supports_limited_double_precision;
  if (Doubles) {
    using namespace concurrency::precise_math;
    parallel_for_each(Dv.extent, [=](index<1> I) restrict(amp) {
      double X = Dv[I];
      Dv[I] = sqrt(X * X) * fabs(-2.0) + floor(0.5);
    });
  }
  Fv.synchronize();
  Dv.synchronize();
  int FWrong = 0, DWrong = 0;
  for (int I = 0; I < N; ++I) {
    FWrong += std::fabs(F[I] - float(I + 3)) > 1e-4f;
    DWrong += Doubles && std::fabs(D[I] - 2.0 * (I + 1)) > 1e-9;
  }
  printf("fast_math: %d wrong\n", FWrong);
  printf("precise_math: %d wrong\n", DWrong);
#endif
  return 0;
}
