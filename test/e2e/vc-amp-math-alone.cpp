// Visual C++'s <amp_math.h> includes <amprt.h>, the runtime header of
// <amp.h>: a program (or a library header) including only <amp_math.h>
// has the `concurrency` alias, std::vector and the rest of C++ AMP. The
// alias stays with -fno-ms-headers; the rest does not.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t 2> %t.err && %t | %FileCheck %s
// RUN: %FileCheck --allow-empty --check-prefix=QUIET %s < %t.err
// RUN: %ampcc -fno-ms-headers -DALIAS_ONLY %s -fsyntax-only
// RUN: %not %ampcc -fno-ms-headers %s -fsyntax-only 2>&1 | %FileCheck --check-prefix=OFF %s
// QUIET-NOT: {{warning|error}}
// CHECK: amp_math.h alone: 0 wrong
// OFF: error: no member named 'vector' in namespace 'std'
#include <amp_math.h>

inline float root(float X) restrict(amp) { return concurrency::fast_math::sqrt(X); }

#ifdef ALIAS_ONLY
int main() { return 0; }
#else
int main() {
  std::vector<float> V(16);
  for (int I = 0; I < 16; ++I)
    V[I] = float(I * I);
  concurrency::array_view<float, 1> A(16, V);
  concurrency::parallel_for_each(A.extent, [=](concurrency::index<1> I) restrict(amp) {
    A[I] = root(A[I]);
  });
  A.synchronize();
  int Wrong = 0;
  for (int I = 0; I < 16; ++I)
    Wrong += V[I] != float(I);
  printf("amp_math.h alone: %d wrong\n", Wrong);
  return 0;
}
#endif
