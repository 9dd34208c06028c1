// The Windows SDK version headers that Visual Studio's targetver.h includes
// (<SDKDDKVer.h>, <WinSDKVer.h>, either spelling): the version constants,
// and a target of Windows 7 unless the program chose one. They define
// neither _WIN32 nor _MSC_VER, which would switch libraries to their
// Windows code paths. <Windows.h> is <windows.h>. -fno-ms-headers: none
// of these headers exists.
// RUN: %ampcc -fsyntax-only %s 2>&1 | %FileCheck --allow-empty --check-prefix=QUIET %s
// RUN: %ampcc -fsyntax-only -DCHOSEN %s 2>&1 | %FileCheck --allow-empty --check-prefix=QUIET %s
// RUN: %not %ampcc -fno-ms-headers -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=OFF %s
// QUIET-NOT: {{warning|error}}
// OFF: fatal error: 'WinSDKVer.h' file not found
#include <WinSDKVer.h>
#ifdef CHOSEN
#define _WIN32_WINNT _WIN32_WINNT_MAXVER
#endif
#include <SDKDDKVer.h>
#include <sdkddkver.h>
#include <Windows.h>
#include <amp.h>

#if defined(_WIN32) || defined(_WIN64) || defined(_MSC_VER) || defined(WIN32)
#error "the SDK headers must not say this is Windows or Visual C++"
#endif
#ifdef CHOSEN
static_assert(_WIN32_WINNT == 0x0A00, "the program's choice stays");
#else
static_assert(_WIN32_WINNT == _WIN32_WINNT_WIN7 && WINVER == 0x0601, "Windows 7 by default");
static_assert(NTDDI_VERSION == NTDDI_WIN7, "NTDDI_VERSION follows _WIN32_WINNT");
#endif
static_assert(_WIN32_WINNT_WIN8 == 0x0602 && _WIN32_WINNT_VISTA == 0x0600, "constants");

int main() {
  LARGE_INTEGER Counter;
  return QueryPerformanceCounter(&Counter) ? 0 : 1;
}
