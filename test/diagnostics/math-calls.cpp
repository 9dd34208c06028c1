// <cmath> functions in amp code (the usual first mistake) are reported at
// the user's call, not inside libstdc++ ("__builtin_sqrtf ... has no
// definition"), with a note naming the C++ AMP function of the same name
// (spec 9, <amp_math.h>) and a fix-it; fast_math is offered only for float
// functions. C's own functions (sqrtf, fabsf) get the same error and note,
// also where <amp_math.h>'s overloads of the name make Clang report "no
// viable function" rather than a wrong-side call. The same names from
// <amp_math.h>, a user's own sqrt and math in cpu code stay valid.
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=c++/12/cmath
// RUN: %not %ampcc -fsyntax-only -fdiagnostics-parseable-fixits %s 2>&1 | %FileCheck --check-prefix=FIXIT %s
#include <amp.h>
#include <amp_math.h>
#include <cmath>
#include <math.h>
using namespace concurrency;

namespace mine {
float sqrt(float X) restrict(amp) { return X; }
} // namespace mine

void kernels(array_view<float, 1> F, array_view<double, 1> D) {
  parallel_for_each(F.extent, [=](index<1> I) restrict(amp) {
    F[I] = std::sqrt(F[I]);
    // CHECK: math-calls.cpp:[[@LINE-1]]:17: error: <cmath> function 'std::sqrt' cannot be called from restrict(amp) code
    // CHECK: note: use concurrency::precise_math::sqrt (or the faster, less precise concurrency::fast_math::sqrt) from <amp_math.h>
    // FIXIT: fix-it:"{{.*}}math-calls.cpp":{[[@LINE-3]]:12-[[@LINE-3]]:21}:"concurrency::precise_math::sqrt"
    F[I] = precise_math::sqrt(F[I]) + fast_math::sqrtf(F[I]) + mine::sqrt(F[I]);
    F[I] = fabsf(F[I]);
    // CHECK: math-calls.cpp:[[@LINE-1]]:12: error: C library function 'fabsf' cannot be called from restrict(amp) code
    // CHECK: note: use concurrency::precise_math::fabsf (or the faster, less precise concurrency::fast_math::fabsf) from <amp_math.h>
    // FIXIT: fix-it:"{{.*}}math-calls.cpp":{[[@LINE-3]]:12-[[@LINE-3]]:17}:"concurrency::precise_math::fabsf"
  });
  parallel_for_each(D.extent, [=](index<1> I) restrict(amp) {
    D[I] = std::pow(D[I], 2.0);
    // CHECK: math-calls.cpp:[[@LINE-1]]:17: error: <cmath> function 'std::pow' cannot be called from restrict(amp) code
    // CHECK: note: use concurrency::precise_math::pow from <amp_math.h>
  });
}

int main() {
  // cpu code: the C library is fine.
  return int(std::sqrt(4.0) + sqrtf(9.0f)) != 5;
}
