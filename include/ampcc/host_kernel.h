/*===- host_kernel.h - OpenCL C 1.2 as C for the host CPU ---------*- C -*-===*\
 *
 * ampcc compiles the OpenCL C it generates for a translation unit a second
 * time, as C for the host (clang -x c, -O3, the build machine's -march), with
 * this header in front: the host backend then runs kernels without any
 * compiler at run time (docs/architecture.md, "The host backend"). It gives
 * the C compiler what OpenCL C has and C lacks, and nothing more:
 *
 *  - address spaces vanish: host memory is one space; tile_static storage,
 *    which the code generator declares with AMPCC_TILE_STATIC when host
 *    kernels are on, becomes a thread-local static: one thread runs a whole
 *    tile, so per thread is per tile;
 *  - a kernel becomes an always-inline function with a leading ampcc_item
 *    parameter (AMPCC_KERNEL_PARAMS), from which get_global_id & co. read,
 *    so that the loop over work-items the host entry wraps around it sees
 *    the ids as its own induction variables and vectorises across them;
 *  - built-ins as C functions overloaded by type (clang's overloadable):
 *    math through clang's builtins (no errno: OpenCL has none), the 32-bit
 *    atomics as real atomics, barriers as a switch to the tile's next
 *    work-item (ampcc_host_barrier).
 *
 * No C library header is included: the program's own function names (a
 * user's `remove` or `index`) must not meet libc's.
 *
\*===----------------------------------------------------------------------===*/
#ifndef AMPCC_HOST_KERNEL_H
#define AMPCC_HOST_KERNEL_H

#include "ampcc/host_kernel_abi.h"

#define AMPCC_HOST 1

typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
#define bool _Bool
#define true 1
#define false 0

#define __global
#define __local
#define __private
#define __constant const
#define __kernel static inline __attribute__((always_inline))
#define AMPCC_TILE_STATIC static _Thread_local
/* The tile is the launch's business here (HostLaunch.cpp). */
#define reqd_work_group_size(x, y, z) unused
#define AMPCC_KERNEL_PARAMS(...) (ampcc_item ampcc_it, ##__VA_ARGS__)

/* Work-item functions: the ids only in a kernel's own body (the code
 * generator computes the index there and passes it on); sizes anywhere. */
#define get_global_id(d) (ampcc_it.gid[(d)])
#define get_local_id(d) (ampcc_it.lid[(d)])
#define get_group_id(d) (ampcc_it.grp[(d)])
#define get_work_dim() 3u
#define get_global_size(d) (ampcc_host_current_launch()->global[(d)])
#define get_local_size(d) (ampcc_host_current_launch()->local[(d)])
#define get_num_groups(d)                                                      \
  (ampcc_host_current_launch()->global[(d)] / ampcc_host_current_launch()->local[(d)])

#define CLK_LOCAL_MEM_FENCE 1
#define CLK_GLOBAL_MEM_FENCE 2
#define barrier(flags) ampcc_host_barrier()
/* At the start and each iteration's end of a loop that waits at a barrier
 * (StmtEmitter.cpp's iterationBarrier says why); nothing in OpenCL C. */
#define AMPCC_ITERATION_BARRIER() ampcc_host_barrier()
/* Other threads may read global memory at once; the tile's own work-items
 * run on this thread, for which a compiler fence orders tile_static. */
#define mem_fence(flags) __atomic_thread_fence(__ATOMIC_SEQ_CST)
#define read_mem_fence(flags) __atomic_thread_fence(__ATOMIC_SEQ_CST)
#define write_mem_fence(flags) __atomic_thread_fence(__ATOMIC_SEQ_CST)

int printf(const char *, ...);

#define AMPCC_OVL static inline __attribute__((overloadable, always_inline))

/* --- Math (AmpLibrary.cpp's mathCall names) ---------------------------- */
#define AMPCC_MATH1(name)                                                      \
  AMPCC_OVL float name(float x) { return __builtin_##name##f(x); }             \
  AMPCC_OVL double name(double x) { return __builtin_##name(x); }
#define AMPCC_MATH2(name)                                                      \
  AMPCC_OVL float name(float x, float y) { return __builtin_##name##f(x, y); } \
  AMPCC_OVL double name(double x, double y) { return __builtin_##name(x, y); }
AMPCC_MATH1(acos) AMPCC_MATH1(acosh) AMPCC_MATH1(asin) AMPCC_MATH1(asinh)
AMPCC_MATH1(atan) AMPCC_MATH1(atanh) AMPCC_MATH1(cbrt) AMPCC_MATH1(ceil)
AMPCC_MATH1(cos) AMPCC_MATH1(cosh) AMPCC_MATH1(erf) AMPCC_MATH1(erfc)
AMPCC_MATH1(exp) AMPCC_MATH1(exp2) AMPCC_MATH1(expm1) AMPCC_MATH1(fabs)
AMPCC_MATH1(floor) AMPCC_MATH1(lgamma) AMPCC_MATH1(log) AMPCC_MATH1(log10)
AMPCC_MATH1(log1p) AMPCC_MATH1(log2) AMPCC_MATH1(logb) AMPCC_MATH1(rint)
AMPCC_MATH1(round) AMPCC_MATH1(sin) AMPCC_MATH1(sinh) AMPCC_MATH1(sqrt)
AMPCC_MATH1(tan) AMPCC_MATH1(tanh) AMPCC_MATH1(tgamma) AMPCC_MATH1(trunc)
AMPCC_MATH2(atan2) AMPCC_MATH2(copysign) AMPCC_MATH2(fdim) AMPCC_MATH2(fmax)
AMPCC_MATH2(fmin) AMPCC_MATH2(fmod) AMPCC_MATH2(hypot) AMPCC_MATH2(nextafter)
AMPCC_MATH2(pow) AMPCC_MATH2(remainder)
AMPCC_OVL float fma(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
AMPCC_OVL double fma(double a, double b, double c) { return __builtin_fma(a, b, c); }
/* mad may fuse or not (OpenCL): a*b+c lets the compiler choose. */
AMPCC_OVL float mad(float a, float b, float c) { return a * b + c; }
AMPCC_OVL double mad(double a, double b, double c) { return a * b + c; }
AMPCC_OVL float rsqrt(float x) { return 1.0f / __builtin_sqrtf(x); }
AMPCC_OVL double rsqrt(double x) { return 1.0 / __builtin_sqrt(x); }
AMPCC_OVL float exp10(float x) { return __builtin_exp2f(x * 3.32192809488736234787f); }
AMPCC_OVL double exp10(double x) { return __builtin_pow(10.0, x); }
#define AMPCC_PI 3.14159265358979323846
AMPCC_OVL float cospi(float x) { return __builtin_cosf((float)AMPCC_PI * x); }
AMPCC_OVL double cospi(double x) { return __builtin_cos(AMPCC_PI * x); }
AMPCC_OVL float sinpi(float x) { return __builtin_sinf((float)AMPCC_PI * x); }
AMPCC_OVL double sinpi(double x) { return __builtin_sin(AMPCC_PI * x); }
AMPCC_OVL float tanpi(float x) { return __builtin_tanf((float)AMPCC_PI * x); }
AMPCC_OVL double tanpi(double x) { return __builtin_tan(AMPCC_PI * x); }
AMPCC_OVL int ilogb(float x) { return __builtin_ilogbf(x); }
AMPCC_OVL int ilogb(double x) { return __builtin_ilogb(x); }
AMPCC_OVL float ldexp(float x, int e) { return __builtin_ldexpf(x, e); }
AMPCC_OVL double ldexp(double x, int e) { return __builtin_ldexp(x, e); }
AMPCC_OVL float frexp(float x, int *e) { return __builtin_frexpf(x, e); }
AMPCC_OVL double frexp(double x, int *e) { return __builtin_frexp(x, e); }
AMPCC_OVL float modf(float x, float *i) { return __builtin_modff(x, i); }
AMPCC_OVL double modf(double x, double *i) { return __builtin_modf(x, i); }
AMPCC_OVL float remquo(float x, float y, int *q) { return __builtin_remquof(x, y, q); }
AMPCC_OVL double remquo(double x, double y, int *q) { return __builtin_remquo(x, y, q); }
/* OpenCL's sincos returns the sine and stores the cosine. */
AMPCC_OVL float sincos(float x, float *c) { *c = __builtin_cosf(x); return __builtin_sinf(x); }
AMPCC_OVL double sincos(double x, double *c) { *c = __builtin_cos(x); return __builtin_sin(x); }
/* OpenCL's relational functions return int for scalars, as C's macros do. */
#define isfinite(x) __builtin_isfinite(x)
#define isinf(x) __builtin_isinf(x)
#define isnan(x) __builtin_isnan(x)
#define isnormal(x) __builtin_isnormal(x)
#define signbit(x) __builtin_signbit(x)

/* --- Integer and common functions -------------------------------------- */
#define AMPCC_MINMAX(T)                                                        \
  AMPCC_OVL T min(T a, T b) { return b < a ? b : a; }                          \
  AMPCC_OVL T max(T a, T b) { return a < b ? b : a; }                          \
  AMPCC_OVL T clamp(T x, T lo, T hi) { return min(max(x, lo), hi); }
AMPCC_MINMAX(int) AMPCC_MINMAX(uint) AMPCC_MINMAX(long) AMPCC_MINMAX(ulong)
AMPCC_MINMAX(short) AMPCC_MINMAX(ushort) AMPCC_MINMAX(char) AMPCC_MINMAX(uchar)
AMPCC_OVL float min(float a, float b) { return __builtin_fminf(a, b); }
AMPCC_OVL float max(float a, float b) { return __builtin_fmaxf(a, b); }
AMPCC_OVL float clamp(float x, float lo, float hi) { return __builtin_fminf(__builtin_fmaxf(x, lo), hi); }
AMPCC_OVL double min(double a, double b) { return __builtin_fmin(a, b); }
AMPCC_OVL double max(double a, double b) { return __builtin_fmax(a, b); }
AMPCC_OVL double clamp(double x, double lo, double hi) { return __builtin_fmin(__builtin_fmax(x, lo), hi); }
AMPCC_OVL int popcount(int x) { return __builtin_popcount((uint)x); }
AMPCC_OVL uint popcount(uint x) { return (uint)__builtin_popcount(x); }
AMPCC_OVL int clz(int x) { return x ? __builtin_clz((uint)x) : 32; }
AMPCC_OVL uint clz(uint x) { return x ? (uint)__builtin_clz(x) : 32u; }
AMPCC_OVL int mad24(int a, int b, int c) { return a * b + c; }
AMPCC_OVL uint mad24(uint a, uint b, uint c) { return a * b + c; }
AMPCC_OVL int mul24(int a, int b) { return a * b; }
AMPCC_OVL uint mul24(uint a, uint b) { return a * b; }
AMPCC_OVL int mul_hi(int a, int b) { return (int)(((long)a * b) >> 32); }
AMPCC_OVL uint mul_hi(uint a, uint b) { return (uint)(((ulong)a * b) >> 32); }
AMPCC_OVL int mad_hi(int a, int b, int c) { return mul_hi(a, b) + c; }
AMPCC_OVL uint mad_hi(uint a, uint b, uint c) { return mul_hi(a, b) + c; }
AMPCC_OVL uint rotate(uint v, uint n) { return (v << (n & 31)) | (v >> ((32 - n) & 31)); }
AMPCC_OVL int rotate(int v, int n) { return (int)rotate((uint)v, (uint)n); }
AMPCC_OVL int abs(int x) { return x < 0 ? -x : x; }
AMPCC_OVL float sign(float x) { return x > 0.0f ? 1.0f : x < 0.0f ? -1.0f : x; }
AMPCC_OVL double sign(double x) { return x > 0.0 ? 1.0 : x < 0.0 ? -1.0 : x; }
AMPCC_OVL float mix(float a, float b, float t) { return a + (b - a) * t; }
AMPCC_OVL float step(float e, float x) { return x < e ? 0.0f : 1.0f; }
AMPCC_OVL float smoothstep(float e0, float e1, float x) {
  float t = clamp((x - e0) / (e1 - e0), 0.0f, 1.0f);
  return t * t * (3.0f - 2.0f * t);
}
AMPCC_OVL float degrees(float r) { return r * (float)(180.0 / AMPCC_PI); }
AMPCC_OVL float radians(float d) { return d * (float)(AMPCC_PI / 180.0); }

/* Reinterpretations (OpenCL's as_type). */
#define AMPCC_AS(To, From)                                                     \
  AMPCC_OVL To as_##To(From v) { To r; __builtin_memcpy(&r, &v, sizeof r); return r; }
AMPCC_AS(uint, float) AMPCC_AS(uint, int) AMPCC_AS(uint, uint)
AMPCC_AS(int, float) AMPCC_AS(int, uint) AMPCC_AS(int, int)
AMPCC_AS(float, uint) AMPCC_AS(float, int) AMPCC_AS(float, float)
AMPCC_AS(long, double) AMPCC_AS(long, ulong) AMPCC_AS(long, long)
AMPCC_AS(ulong, double) AMPCC_AS(ulong, long) AMPCC_AS(ulong, ulong)
AMPCC_AS(double, long) AMPCC_AS(double, ulong) AMPCC_AS(double, double)

/* --- Atomics: 32-bit, relaxed, as OpenCL 1.2's -------------------------- */
#define AMPCC_ATOMIC2(name, T, op)                                             \
  AMPCC_OVL T name(volatile T *p, T v) { return op((T *)p, v, __ATOMIC_RELAXED); }
#define AMPCC_ATOMICS(T)                                                       \
  AMPCC_ATOMIC2(atomic_add, T, __atomic_fetch_add)                             \
  AMPCC_ATOMIC2(atomic_sub, T, __atomic_fetch_sub)                             \
  AMPCC_ATOMIC2(atomic_xchg, T, __atomic_exchange_n)                           \
  AMPCC_ATOMIC2(atomic_min, T, __atomic_fetch_min)                             \
  AMPCC_ATOMIC2(atomic_max, T, __atomic_fetch_max)                             \
  AMPCC_ATOMIC2(atomic_and, T, __atomic_fetch_and)                             \
  AMPCC_ATOMIC2(atomic_or, T, __atomic_fetch_or)                               \
  AMPCC_ATOMIC2(atomic_xor, T, __atomic_fetch_xor)                             \
  AMPCC_OVL T atomic_inc(volatile T *p) { return __atomic_fetch_add((T *)p, 1, __ATOMIC_RELAXED); } \
  AMPCC_OVL T atomic_dec(volatile T *p) { return __atomic_fetch_sub((T *)p, 1, __ATOMIC_RELAXED); } \
  AMPCC_OVL T atomic_cmpxchg(volatile T *p, T cmp, T v) {                      \
    __atomic_compare_exchange_n((T *)p, &cmp, v, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED); \
    return cmp;                                                                \
  }
AMPCC_ATOMICS(int) AMPCC_ATOMICS(uint)
AMPCC_OVL float atomic_xchg(volatile float *p, float v) {
  float old;
  __atomic_exchange((float *)p, &v, &old, __ATOMIC_RELAXED);
  return old;
}

/* The instruction set extensions the kernels may use (-march): data, not
 * code, so that the runtime can read it on any CPU and refuse kernels this
 * one cannot run (HostIsa.cpp). Names as __builtin_cpu_supports spells
 * them. */
#ifdef AMPCC_HOST_ISA
const char AMPCC_HOST_ISA[] = ""
#ifdef __POPCNT__
    " popcnt"
#endif
#ifdef __SSE4_2__
    " sse4.2"
#endif
#ifdef __AVX__
    " avx"
#endif
#ifdef __AVX2__
    " avx2"
#endif
#ifdef __FMA__
    " fma"
#endif
#ifdef __F16C__
    " f16c"
#endif
#ifdef __BMI__
    " bmi"
#endif
#ifdef __BMI2__
    " bmi2"
#endif
#ifdef __AVX512F__
    " avx512f"
#endif
#ifdef __AVX512VL__
    " avx512vl"
#endif
#ifdef __AVX512BW__
    " avx512bw"
#endif
#ifdef __AVX512DQ__
    " avx512dq"
#endif
#ifdef __AVX512CD__
    " avx512cd"
#endif
#ifdef __AVX512VNNI__
    " avx512vnni"
#endif
#ifdef __AVX512VBMI__
    " avx512vbmi"
#endif
#ifdef __AVX512VBMI2__
    " avx512vbmi2"
#endif
#ifdef __AVX512BITALG__
    " avx512bitalg"
#endif
#ifdef __AVX512VPOPCNTDQ__
    " avx512vpopcntdq"
#endif
#ifdef __AVX512BF16__
    " avx512bf16"
#endif
#ifdef __AVX512FP16__
    " avx512fp16"
#endif
    ;
#endif

/* Everything the OpenCL C text defines is private to its object (two
 * translation units may both have a `square`); the driver's footer ends
 * this before the host entries and their table. */
#pragma clang attribute push(__attribute__((internal_linkage)), apply_to = function)

#endif /* AMPCC_HOST_KERNEL_H */
