// <intrin.h>: Visual C++'s compiler intrinsics.
//
// On Linux the x86 intrinsics (SSE to AVX-512, __rdtsc, _mm_popcnt_u32,
// ...) are GCC's and Clang's <x86intrin.h>, under the same names. Visual
// C++'s own names that programs use with them, _byteswap_* and the
// rotates, come with the prelude (ampcc_ms_crt.h; the rotates are Clang
// built-ins). Clang's <intrin.h> includes this file on Linux.
#ifndef AMPCC_MS_INTRIN_H
#define AMPCC_MS_INTRIN_H

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

#endif
