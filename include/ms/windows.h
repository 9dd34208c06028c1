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
#include <stdio.h>
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
typedef DWORD *PDWORD;
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

// --- Processors -----------------------------------------------------------------

// GetLogicalProcessorInformation, which programs size their thread pools
// with (MSDN's example counts the logical processors of each core), from
// Linux's CPU topology.
typedef enum _LOGICAL_PROCESSOR_RELATIONSHIP {
  RelationProcessorCore,
  RelationNumaNode,
  RelationCache,
  RelationProcessorPackage,
  RelationGroup,
  RelationAll = 0xffff
} LOGICAL_PROCESSOR_RELATIONSHIP;

typedef enum _PROCESSOR_CACHE_TYPE {
  CacheUnified,
  CacheInstruction,
  CacheData,
  CacheTrace
} PROCESSOR_CACHE_TYPE;

typedef struct _CACHE_DESCRIPTOR {
  BYTE Level;
  BYTE Associativity;
  WORD LineSize;
  DWORD Size;
  PROCESSOR_CACHE_TYPE Type;
} CACHE_DESCRIPTOR, *PCACHE_DESCRIPTOR;

typedef struct _SYSTEM_LOGICAL_PROCESSOR_INFORMATION {
  ULONG_PTR ProcessorMask;
  LOGICAL_PROCESSOR_RELATIONSHIP Relationship;
  union {
    struct {
      BYTE Flags;
    } ProcessorCore;
    struct {
      DWORD NodeNumber;
    } NumaNode;
    CACHE_DESCRIPTOR Cache;
    ULONGLONG Reserved[2];
  };
} SYSTEM_LOGICAL_PROCESSOR_INFORMATION, *PSYSTEM_LOGICAL_PROCESSOR_INFORMATION;

#define ERROR_INSUFFICIENT_BUFFER 122L

namespace ampcc_ms {
/// The calling thread's last error (GetLastError).
inline DWORD &lastError() {
  static thread_local DWORD Error = 0;
  return Error;
}
/// The number in /sys/devices/system/cpu/cpu<Cpu>/topology/<Name>, or -1.
inline long cpuTopology(long Cpu, const char *Name) {
  char Path[128];
  snprintf(Path, sizeof Path, "/sys/devices/system/cpu/cpu%ld/topology/%s", Cpu, Name);
  long Value = -1;
  if (FILE *F = fopen(Path, "r")) {
    if (fscanf(F, "%ld", &Value) != 1)
      Value = -1;
    fclose(F);
  }
  return Value;
}
} // namespace ampcc_ms

inline DWORD GetLastError() { return ampcc_ms::lastError(); }
inline void SetLastError(DWORD Error) { ampcc_ms::lastError() = Error; }

/// One RelationProcessorCore entry per core, whose mask holds the core's
/// logical processors (the first 64, as one Windows processor group), and
/// one RelationProcessorPackage entry per package. Where sysfs says
/// nothing, each logical processor is a core of one package.
inline BOOL GetLogicalProcessorInformation(PSYSTEM_LOGICAL_PROCESSOR_INFORMATION Buffer,
                                           PDWORD ReturnedLength) {
  long Cpus = sysconf(_SC_NPROCESSORS_ONLN);
  if (Cpus < 1)
    Cpus = 1;
  if (Cpus > 64)
    Cpus = 64;
  SYSTEM_LOGICAL_PROCESSOR_INFORMATION Entries[128] = {};
  long Keys[128];
  DWORD Count = 0;
  auto Add = [&](LOGICAL_PROCESSOR_RELATIONSHIP Kind, long Key, long Cpu) {
    for (DWORD I = 0; I < Count; ++I)
      if (Entries[I].Relationship == Kind && Keys[I] == Key) {
        Entries[I].ProcessorMask |= ULONG_PTR(1) << Cpu;
        return;
      }
    Entries[Count].Relationship = Kind;
    Entries[Count].ProcessorMask = ULONG_PTR(1) << Cpu;
    Keys[Count++] = Key;
  };
  for (long Cpu = 0; Cpu < Cpus; ++Cpu) {
    long Package = ampcc_ms::cpuTopology(Cpu, "physical_package_id");
    long Core = ampcc_ms::cpuTopology(Cpu, "core_id");
    if (Package < 0)
      Package = 0;
    Add(RelationProcessorCore, Core < 0 ? Cpu : Package * 65536 + Core, Cpu);
    Add(RelationProcessorPackage, Package, Cpu);
  }
  DWORD Needed = DWORD(Count * sizeof(SYSTEM_LOGICAL_PROCESSOR_INFORMATION));
  if (!Buffer || *ReturnedLength < Needed) {
    *ReturnedLength = Needed;
    SetLastError(ERROR_INSUFFICIENT_BUFFER);
    return FALSE;
  }
  for (DWORD I = 0; I < Count; ++I)
    Buffer[I] = Entries[I];
  *ReturnedLength = Needed;
  return TRUE;
}

// --- Modules ----------------------------------------------------------------------

// GetProcAddress(GetModuleHandle(TEXT("kernel32")), "...") is how programs
// of Windows XP's time reached newer functions: kernel32's functions that
// this header has are found by name; any other name gives a null pointer, as
// for a function Windows lacks.
typedef struct ampcc_HINSTANCE__ *HMODULE, *HINSTANCE;
typedef intptr_t (*FARPROC)();

namespace ampcc_ms {
inline HMODULE kernel32() { return reinterpret_cast<HMODULE>(uintptr_t(0x4b32)); }
inline bool isKernel32(const char *Name) {
  const char *K = "kernel32";
  for (; *K; ++K, ++Name)
    if (*Name != *K && *Name != *K - ('a' - 'A') * (*K >= 'a' && *K <= 'z'))
      return false;
  return *Name == 0 || (Name[0] == '.' && (Name[1] | 32) == 'd' && (Name[2] | 32) == 'l' &&
                        (Name[3] | 32) == 'l' && Name[4] == 0);
}
} // namespace ampcc_ms

inline HMODULE GetModuleHandleA(LPCSTR Name) {
  return Name && ampcc_ms::isKernel32(Name) ? ampcc_ms::kernel32() : nullptr;
}
inline HMODULE GetModuleHandleW(LPCWSTR Name) {
  char Narrow[16] = {};
  for (int I = 0; Name && Name[I] && I < 15; ++I)
    Narrow[I] = Name[I] < 128 ? char(Name[I]) : '?';
  return Name ? GetModuleHandleA(Narrow) : nullptr;
}
inline FARPROC GetProcAddress(HMODULE Module, LPCSTR Name) {
  if (Module != ampcc_ms::kernel32() || !Name)
    return nullptr;
  if (__builtin_strcmp(Name, "GetLogicalProcessorInformation") == 0)
    return reinterpret_cast<FARPROC>(&GetLogicalProcessorInformation);
  if (__builtin_strcmp(Name, "GetTickCount64") == 0)
    return reinterpret_cast<FARPROC>(&GetTickCount64);
  return nullptr;
}
#ifdef _UNICODE
#define GetModuleHandle GetModuleHandleW
#else
#define GetModuleHandle GetModuleHandleA
#endif

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
