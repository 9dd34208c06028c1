// <windows.h> - the part of the Windows API that C++ AMP programs use.
//
// Visual C++'s <amp.h> includes <windows.h>, so programs written for it use
// Windows types, timers and the min/max macros without including anything.
// ampcc gives them this header (and <amp.h> includes it, as Visual C++'s
// does) unless the driver is given -fno-ms-headers. Only what C++ AMP
// programs are seen to use is here: any other Windows name stays an
// ordinary "undeclared identifier" error.
//
// Sizes are Windows' (LLP64), not Linux's: DWORD and LONG are 32 bits.
#ifndef AMPCC_MS_WINDOWS_H
#define AMPCC_MS_WINDOWS_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>

#include <type_traits>

// --- Types --------------------------------------------------------------------

typedef int BOOL;
typedef unsigned char BYTE;
typedef unsigned char UCHAR;
typedef unsigned short WORD;
typedef unsigned short USHORT;
typedef uint32_t DWORD;
typedef int INT;
typedef unsigned int UINT;
typedef int32_t LONG;
typedef uint32_t ULONG;
typedef int64_t LONGLONG;
typedef uint64_t ULONGLONG;
typedef uint64_t DWORD64;
typedef uintptr_t DWORD_PTR;
typedef intptr_t INT_PTR;
typedef uintptr_t UINT_PTR;
typedef intptr_t LONG_PTR;
typedef uintptr_t ULONG_PTR;
typedef size_t SIZE_T;
typedef float FLOAT;
typedef double DOUBLE;
typedef char CHAR;
typedef short SHORT;
typedef wchar_t WCHAR;
#ifdef _UNICODE
// A project with the Unicode character set (-D_UNICODE, see <tchar.h>).
typedef wchar_t TCHAR;
typedef wchar_t *LPTSTR;
typedef const wchar_t *LPCTSTR;
#else
typedef char TCHAR;
typedef char *LPTSTR;
typedef const char *LPCTSTR;
#endif
// A pointer that may be misaligned (`*reinterpret_cast<T UNALIGNED *>(p)`):
// Itanium's qualifier, nothing on x86 and x64, where any load may be.
#define UNALIGNED
#define UNALIGNED64
typedef void VOID;
typedef void *PVOID;
typedef void *LPVOID;
typedef const void *LPCVOID;
typedef void *HANDLE;
typedef char *LPSTR;
typedef const char *LPCSTR;
typedef wchar_t *LPWSTR;
typedef const wchar_t *LPCWSTR;
typedef BOOL *LPBOOL;
typedef DWORD *LPDWORD;
// HRESULT is a LONG in Windows; here a long, so that it compares equal to
// concurrency::runtime_exception::get_error_code() (a long holding the
// code's 32 bits). SUCCEEDED and FAILED look at the low 32 bits' sign.
typedef long HRESULT;

typedef union _LARGE_INTEGER {
  struct {
    DWORD LowPart;
    LONG HighPart;
  };
  struct {
    DWORD LowPart;
    LONG HighPart;
  } u;
  LONGLONG QuadPart;
} LARGE_INTEGER, *PLARGE_INTEGER;

typedef union _ULARGE_INTEGER {
  struct {
    DWORD LowPart;
    DWORD HighPart;
  };
  struct {
    DWORD LowPart;
    DWORD HighPart;
  } u;
  ULONGLONG QuadPart;
} ULARGE_INTEGER, *PULARGE_INTEGER;

#ifndef TRUE
#define TRUE 1
#endif
#ifndef FALSE
#define FALSE 0
#endif
#define CONST const
#define WINAPI
#define APIENTRY
#define CALLBACK
#define TEXT(x) x
#define INFINITE 0xFFFFFFFFu
#define MAX_PATH 260
// winnt.h's element count of an array (a constant expression, as there).
#define RTL_NUMBER_OF(A) (sizeof(A) / sizeof((A)[0]))
#define ARRAYSIZE(A) RTL_NUMBER_OF(A)

#define S_OK ((HRESULT)0L)
#define S_FALSE ((HRESULT)1L)
#define E_FAIL ((HRESULT)0x80004005L)
#define E_INVALIDARG ((HRESULT)0x80070057L)
#define E_OUTOFMEMORY ((HRESULT)0x8007000EL)
#define E_NOTIMPL ((HRESULT)0x80004001L)
#define E_UNEXPECTED ((HRESULT)0x8000FFFFL)
#define SUCCEEDED(hr) (((int32_t)(HRESULT)(hr)) >= 0)
#define FAILED(hr) (((int32_t)(HRESULT)(hr)) < 0)

// --- Memory -------------------------------------------------------------------

// Clang's builtins, not <string.h>: glibc's <string.h> declares the BSD
// index(), which <amp.h> must keep out of the way of concurrency::index when
// it comes first (see <amp.h>), and programs include <windows.h> first.

#define ZeroMemory(Destination, Length) __builtin_memset((Destination), 0, (Length))
#define SecureZeroMemory(Destination, Length) __builtin_memset((Destination), 0, (Length))
#define FillMemory(Destination, Length, Fill) __builtin_memset((Destination), (Fill), (Length))
#define CopyMemory(Destination, Source, Length) __builtin_memcpy((Destination), (Source), (Length))
#define MoveMemory(Destination, Source, Length) __builtin_memmove((Destination), (Source), (Length))

// --- COM task memory -------------------------------------------------------------

// objbase.h's allocator, which <windows.h> brings: programs built as a
// library for .NET return strings in it for the CLR to free. Outside COM it
// is the C heap (Clang's builtins, for the reason above).
inline void *CoTaskMemAlloc(size_t Size) { return __builtin_malloc(Size ? Size : 1); }
inline void *CoTaskMemRealloc(void *Block, size_t Size) {
  return __builtin_realloc(Block, Size ? Size : 1);
}
inline void CoTaskMemFree(void *Block) { __builtin_free(Block); }

// --- Timers and sleeping --------------------------------------------------------

namespace ampcc_ms {
/// CLOCK_MONOTONIC in nanoseconds: what Windows' performance counter is,
/// a steady clock.
inline int64_t monotonicNs() {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return int64_t(T.tv_sec) * 1000000000 + T.tv_nsec;
}
} // namespace ampcc_ms

/// Ticks of a nanosecond clock (QueryPerformanceFrequency says 10^9).
inline BOOL QueryPerformanceCounter(LARGE_INTEGER *Count) {
  Count->QuadPart = ampcc_ms::monotonicNs();
  return TRUE;
}

inline BOOL QueryPerformanceFrequency(LARGE_INTEGER *Frequency) {
  Frequency->QuadPart = 1000000000;
  return TRUE;
}

/// Milliseconds of a steady clock (Windows counts from boot).
inline ULONGLONG GetTickCount64() {
  return ULONGLONG(ampcc_ms::monotonicNs() / 1000000);
}

inline DWORD GetTickCount() { return DWORD(GetTickCount64()); }

inline void Sleep(DWORD Milliseconds) {
  struct timespec T = {time_t(Milliseconds / 1000),
                       long(Milliseconds % 1000) * 1000000};
  while (nanosleep(&T, &T) != 0) {
  }
}

// --- Threads and processes -------------------------------------------------------

/// The kernel's id of the calling thread (unique among running threads, as
/// Windows' is); libraries key per-thread state by it.
inline DWORD GetCurrentThreadId() { return DWORD(::gettid()); }
inline DWORD GetCurrentProcessId() { return DWORD(::getpid()); }

// --- min and max ----------------------------------------------------------------

// Windows' min and max are macros, `(((a) < (b)) ? (a) : (b))`, which break
// std::min, (std::min), std::numeric_limits<T>::max() and <algorithm> in
// Visual C++ unless NOMINMAX is defined. Here they are function templates
// with the macros' meaning (the usual arithmetic conversions of ?:), usable
// in amp and cpu code, so nothing else breaks: where std::min is also
// visible (`using namespace std;`), it is chosen for two arguments of one
// type, with the same result. The names are parenthesised so that a
// program's own min/max macros, defined before, do not break this header.
#ifndef NOMINMAX
template <typename A, typename B>
inline typename std::decay<decltype(true ? std::declval<A>() : std::declval<B>())>::type
(min)(const A &X, const B &Y) restrict(cpu, amp) {
  return (X < Y) ? X : Y;
}

template <typename A, typename B>
inline typename std::decay<decltype(true ? std::declval<A>() : std::declval<B>())>::type
(max)(const A &X, const B &Y) restrict(cpu, amp) {
  return (X > Y) ? X : Y;
}
#endif

#endif // AMPCC_MS_WINDOWS_H
