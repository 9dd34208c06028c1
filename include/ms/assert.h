// <assert.h> - the C library's assert as Visual C++'s preprocessor reads it.
//
// Visual C++ ignores the extra arguments of a function-like macro (warning
// C4002), and Microsoft's samples write `assert(cond, "why")`; glibc's
// one-parameter assert rejects that. Here assert takes the first argument
// as the condition and ignores the rest, as Visual C++ does; everything
// else is glibc's <assert.h> (NDEBUG, the message, abort). This header has
// no include guard: like glibc's, it defines assert again each time, after
// NDEBUG. On the include path unless the driver is given -fno-ms-headers.
#include_next <assert.h>

#if defined(__cplusplus) && defined(assert)
#undef assert
#ifdef NDEBUG
#define assert(...) (static_cast<void>(0))
#else
#define assert(...) AMPCC_MS_ASSERT_(__VA_ARGS__, )
#ifndef AMPCC_MS_ASSERT_
#define AMPCC_MS_ASSERT_(expr, ...)                                            \
  (static_cast<bool>(expr)                                                     \
       ? void(0)                                                               \
       : __assert_fail(#expr, __FILE__, __LINE__, __ASSERT_FUNCTION))
#endif
#endif
#endif
