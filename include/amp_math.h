// <amp_math.h> - Concurrency::fast_math and Concurrency::precise_math (spec §9).
//
// Declarations only: ampcc maps each function to the OpenCL C built-in of the
// same name (sqrtf -> sqrt, ...), see compiler/lib/CodeGen/AmpLibrary.cpp.
// fast_math has float overloads; precise_math has float and double ones (a
// kernel using double needs a device with cl_khr_fp64).
#ifndef AMPCC_AMP_MATH_H
#define AMPCC_AMP_MATH_H

#include "ampcc/restrict.h"

// Visual C++'s <amp_math.h> brings in the C and C++ math library for host
// code; programs (and the conformance suite) rely on that.
#include <cmath>

// It also includes <amprt.h>, the C++ AMP runtime header that <amp.h> is
// built on: a program including only <amp_math.h> has the `concurrency`
// alias, and (with Visual C++'s headers, off with -fno-ms-headers) what
// amprt.h brings: <vector>, <string>, <exception>, <windows.h>, PPL tasks.
// ampcc's <amp.h> is the nearest to that.
#ifdef _AMPCC_MS_HEADERS
#include <amp.h>
#endif

#define AMPCC_MATH_FN1_(T, NAME) T NAME(T X) restrict(amp);
#define AMPCC_MATH_FN2_(T, NAME) T NAME(T X, T Y) restrict(amp);
#define AMPCC_MATH_FN3_(T, NAME) T NAME(T X, T Y, T Z) restrict(amp);

// One-argument functions, as NAME(float) and NAMEf(float).
#define AMPCC_MATH_UNARY_(T, F)                                                \
  F(T, acos) F(T, acosh) F(T, asin) F(T, asinh) F(T, atan) F(T, atanh)         \
  F(T, cbrt) F(T, ceil) F(T, cos) F(T, cosh) F(T, cospi) F(T, erf)             \
  F(T, erfc) F(T, exp) F(T, exp2) F(T, exp10) F(T, expm1) F(T, fabs)           \
  F(T, floor) F(T, lgamma) F(T, log) F(T, log10) F(T, log1p) F(T, log2)        \
  F(T, logb) F(T, nearbyint) F(T, rcbrt) F(T, rint) F(T, round) F(T, rsqrt)    \
  F(T, sin) F(T, sinh) F(T, sinpi) F(T, sqrt) F(T, tan) F(T, tanh)             \
  F(T, tanpi) F(T, tgamma) F(T, trunc)
#define AMPCC_MATH_UNARY_F_(T, F)                                              \
  F(T, acosf) F(T, acoshf) F(T, asinf) F(T, asinhf) F(T, atanf) F(T, atanhf)   \
  F(T, cbrtf) F(T, ceilf) F(T, cosf) F(T, coshf) F(T, cospif) F(T, erff)       \
  F(T, erfcf) F(T, expf) F(T, exp2f) F(T, exp10f) F(T, expm1f) F(T, fabsf)     \
  F(T, floorf) F(T, lgammaf) F(T, logf) F(T, log10f) F(T, log1pf) F(T, log2f)  \
  F(T, logbf) F(T, nearbyintf) F(T, rcbrtf) F(T, rintf) F(T, roundf)           \
  F(T, rsqrtf) F(T, sinf) F(T, sinhf) F(T, sinpif) F(T, sqrtf) F(T, tanf)      \
  F(T, tanhf) F(T, tanpif) F(T, tgammaf) F(T, truncf)
#define AMPCC_MATH_BINARY_(T, F)                                               \
  F(T, atan2) F(T, copysign) F(T, fdim) F(T, fmax) F(T, fmin) F(T, fmod)       \
  F(T, hypot) F(T, nextafter) F(T, pow) F(T, remainder)
#define AMPCC_MATH_BINARY_F_(T, F)                                             \
  F(T, atan2f) F(T, copysignf) F(T, fdimf) F(T, fmaxf) F(T, fminf) F(T, fmodf) \
  F(T, hypotf) F(T, nextafterf) F(T, powf) F(T, remainderf)

#define AMPCC_MATH_ALL_(T)                                                     \
  AMPCC_MATH_UNARY_(T, AMPCC_MATH_FN1_)                                        \
  AMPCC_MATH_BINARY_(T, AMPCC_MATH_FN2_)                                       \
  AMPCC_MATH_FN3_(T, fma) AMPCC_MATH_FN3_(T, mad)                              \
  int isfinite(T X) restrict(amp);                                             \
  int isinf(T X) restrict(amp);                                                \
  int isnan(T X) restrict(amp);                                                \
  int isnormal(T X) restrict(amp);                                             \
  int signbit(T X) restrict(amp);                                              \
  AMPCC_MATH_OTHER_(T, )

// The functions that are neither unary nor binary, with a name suffix: none
// for the overloaded names, f for Visual C++'s float ones (modff, frexpf, ...,
// in both namespaces).
#define AMPCC_MATH_OTHER_(T, SUFFIX)                                           \
  int ilogb##SUFFIX(T X) restrict(amp);                                        \
  T ldexp##SUFFIX(T X, int Exp) restrict(amp);                                 \
  T frexp##SUFFIX(T X, int *Exp) restrict(amp);                                \
  T modf##SUFFIX(T X, T *IntPart) restrict(amp);                               \
  T remquo##SUFFIX(T X, T Y, int *Quo) restrict(amp);                          \
  void sincos##SUFFIX(T X, T *Sin, T *Cos) restrict(amp);
#define AMPCC_MATH_OTHER_F_                                                    \
  AMPCC_MATH_FN3_(float, fmaf) AMPCC_MATH_OTHER_(float, f)                     \
  int signbitf(float X) restrict(amp);

// Visual C++'s fast_math and precise_math import the C and C++ library's
// functions of the same names with using-declarations, so that a call such as
// fast_math::exp(x) in a restrict(cpu, amp) function resolves per side: the
// library's on the CPU, the namespace's own in amp code (Clang's CUDA rules
// drop the wrong side's candidates and prefer the amp one to a constexpr
// host-device one). The C89 float names (expf, ...) are in the global
// namespace only in libstdc++, the others in std. precise_math imports
// fast_math's names and more, as Visual C++'s does.
#define AMPCC_MATH_FAST_HOST_                                                  \
  using ::acosf; using ::asinf; using ::atanf; using ::atan2f; using ::ceilf;  \
  using ::cosf; using ::coshf; using ::expf; using ::fabsf; using ::floorf;    \
  using ::fmodf; using ::frexpf; using ::ldexpf; using ::logf;                 \
  using ::log10f; using ::modff; using ::powf; using ::sinf; using ::sinhf;    \
  using ::sqrtf; using ::tanf; using ::tanhf; using ::exp2f; using ::fmaxf;    \
  using ::fminf; using ::log2f; using ::roundf; using ::truncf;                \
  using std::acos; using std::asin; using std::atan; using std::atan2;         \
  using std::ceil; using std::cos; using std::cosh; using std::exp;            \
  using std::fabs; using std::floor; using std::fmod; using std::frexp;        \
  using std::ldexp; using std::log; using std::log10; using std::modf;         \
  using std::pow; using std::sin; using std::sinh; using std::sqrt;            \
  using std::tan; using std::tanh; using std::exp2; using std::fmax;           \
  using std::fmin; using std::log2; using std::round; using std::trunc;
#define AMPCC_MATH_PRECISE_HOST_                                               \
  AMPCC_MATH_FAST_HOST_ using ::hypotf; using ::acoshf; using ::asinhf;        \
  using ::atanhf; using ::cbrtf; using ::copysignf; using ::erfcf;             \
  using ::erff; using ::expm1f; using ::fdimf; using ::fmaf; using ::ilogbf;   \
  using ::log1pf; using ::logbf; using ::nearbyintf; using ::nextafterf;       \
  using ::remainderf; using ::remquof; using ::scalbnf; using ::tgammaf;       \
  using std::hypot; using std::acosh; using std::asinh; using std::atanh;      \
  using std::cbrt; using std::copysign; using std::erf; using std::erfc;       \
  using std::expm1; using std::fdim; using std::fma; using std::ilogb;         \
  using std::log1p; using std::logb; using std::nearbyint;                     \
  using std::nextafter; using std::remainder; using std::remquo;               \
  using std::scalbn; using std::tgamma;

namespace Concurrency {
namespace fast_math {
AMPCC_MATH_ALL_(float)
AMPCC_MATH_UNARY_F_(float, AMPCC_MATH_FN1_)
AMPCC_MATH_BINARY_F_(float, AMPCC_MATH_FN2_)
AMPCC_MATH_OTHER_F_
AMPCC_MATH_FAST_HOST_
} // namespace fast_math

namespace precise_math {
AMPCC_MATH_ALL_(float)
AMPCC_MATH_ALL_(double)
AMPCC_MATH_UNARY_F_(float, AMPCC_MATH_FN1_)
AMPCC_MATH_BINARY_F_(float, AMPCC_MATH_FN2_)
AMPCC_MATH_OTHER_F_
AMPCC_MATH_PRECISE_HOST_
} // namespace precise_math
} // namespace Concurrency
namespace concurrency = Concurrency;

#undef AMPCC_MATH_PRECISE_HOST_
#undef AMPCC_MATH_FAST_HOST_
#undef AMPCC_MATH_ALL_
#undef AMPCC_MATH_OTHER_F_
#undef AMPCC_MATH_OTHER_
#undef AMPCC_MATH_BINARY_F_
#undef AMPCC_MATH_BINARY_
#undef AMPCC_MATH_UNARY_F_
#undef AMPCC_MATH_UNARY_
#undef AMPCC_MATH_FN3_
#undef AMPCC_MATH_FN2_
#undef AMPCC_MATH_FN1_

#endif // AMPCC_AMP_MATH_H
