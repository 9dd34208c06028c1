// <crtdbg.h> - the debug-report macros of Microsoft's C runtime.
//
// Visual C++'s <amp.h> includes <crtdbg.h>, so C++ AMP programs use _ASSERT
// and _ASSERTE without including it. As in Visual C++, they check only in
// debug builds (_DEBUG defined): a false condition prints the expression,
// file and line to stderr and ends the program. Otherwise they expand to
// nothing, usable in restrict(amp) code too; the _RPT report macros and
// the debug-heap calls are no-ops, as in release builds.
#ifndef AMPCC_MS_CRTDBG_H
#define AMPCC_MS_CRTDBG_H

#define _CRT_WARN 0
#define _CRT_ERROR 1
#define _CRT_ASSERT 2
#define _CRT_ERRCNT 3

#define _CRTDBG_MODE_FILE 0x1
#define _CRTDBG_MODE_DEBUG 0x2
#define _CRTDBG_MODE_WNDW 0x4
#define _CRTDBG_REPORT_MODE -1
#define _CRTDBG_ALLOC_MEM_DF 0x01
#define _CRTDBG_DELAY_FREE_MEM_DF 0x02
#define _CRTDBG_CHECK_ALWAYS_DF 0x04
#define _CRTDBG_CHECK_CRT_DF 0x10
#define _CRTDBG_LEAK_CHECK_DF 0x20
#define _CRTDBG_REPORT_FLAG -1

#ifdef _DEBUG
#include <stdio.h>
#include <stdlib.h>
#ifdef __cplusplus
namespace ampcc_ms {
[[noreturn]] inline void crtAssertFailed(const char *Expression, const char *File,
                                         int Line) {
  fprintf(stderr, "%s(%d) : Assertion failed: %s\n", File, Line, Expression);
  fflush(NULL);
  abort();
}
} // namespace ampcc_ms
#define AMPCC_MS_ASSERT_(expr, text)                                           \
  ((void)((expr) || (::ampcc_ms::crtAssertFailed(text, __FILE__, __LINE__), 0)))
#else
#define AMPCC_MS_ASSERT_(expr, text)                                           \
  ((void)((expr) || (fprintf(stderr, "%s(%d) : Assertion failed: %s\n",        \
                             __FILE__, __LINE__, text),                        \
                     abort(), 0)))
#endif
#define _ASSERT_EXPR(expr, msg) AMPCC_MS_ASSERT_(expr, #expr)
#define _ASSERT(expr) AMPCC_MS_ASSERT_(expr, #expr)
#define _ASSERTE(expr) AMPCC_MS_ASSERT_(expr, #expr)
#else
#define _ASSERT_EXPR(expr, msg) ((void)0)
#define _ASSERT(expr) ((void)0)
#define _ASSERTE(expr) ((void)0)
#endif

#define _ASSERT_BASE _ASSERT_EXPR

#define _RPT0(rptno, msg) ((void)0)
#define _RPT1(rptno, msg, a1) ((void)0)
#define _RPT2(rptno, msg, a1, a2) ((void)0)
#define _RPT3(rptno, msg, a1, a2, a3) ((void)0)
#define _RPT4(rptno, msg, a1, a2, a3, a4) ((void)0)
#define _RPT5(rptno, msg, a1, a2, a3, a4, a5) ((void)0)
#define _RPTF0(rptno, msg) ((void)0)
#define _RPTF1(rptno, msg, a1) ((void)0)
#define _RPTF2(rptno, msg, a1, a2) ((void)0)
#define _RPTF3(rptno, msg, a1, a2, a3) ((void)0)
#define _RPTF4(rptno, msg, a1, a2, a3, a4) ((void)0)
#define _RPTF5(rptno, msg, a1, a2, a3, a4, a5) ((void)0)
#define _RPTW0(rptno, msg) ((void)0)
#define _RPTW1(rptno, msg, a1) ((void)0)
#define _RPTW2(rptno, msg, a1, a2) ((void)0)

#define _CrtSetDbgFlag(flag) ((int)0)
#define _CrtDumpMemoryLeaks() ((int)0)
#define _CrtCheckMemory() ((int)1)
#define _CrtSetReportMode(type, mode) ((int)0)
#define _CrtSetReportFile(type, file) ((void *)0)
#define _CrtSetBreakAlloc(n) ((long)0)
#define _CrtDbgBreak() ((void)0)
#define _CrtIsValidPointer(p, n, rw) ((int)1)
#define _CrtIsValidHeapPointer(p) ((int)1)

#endif // AMPCC_MS_CRTDBG_H
