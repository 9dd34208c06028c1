// ampcc_ms_crt.h - the Microsoft C runtime names that C++ AMP programs use:
// the "secure" _s functions of <stdio.h>, <string.h>, <stdlib.h> and
// <time.h> (fopen_s, sprintf_s, strcpy_s, localtime_s, ...), their
// array-template overloads, _countof, _stricmp/_strdup-style names, the
// _itoa/_wtoi conversions and the <stdlib.h> intrinsics _byteswap_*.
//
// In Visual C++ these are declared by the C headers that every standard
// header includes, so programs use them after <iostream> or <amp.h> alone.
// ampcc/ms_prelude.h includes this header in every C++ translation unit
// unless the driver is given -fno-ms-headers (docs/migrating-from-visual-cpp.md,
// "Windows and Microsoft CRT names").
//
// Semantics are Microsoft's: file names of the _s functions take `\` as a
// separator, as Windows does; a destination too small, or a null pointer, is
// an "invalid parameter". Visual C++'s default handler ends the program
// there; so does this one (after printing what happened to stderr), unless
// the program installed its own with _set_invalid_parameter_handler, in
// which case the function returns the documented error code (EINVAL,
// ERANGE) with the destination emptied, as the CRT does. Wide-character
// printf formats follow Microsoft: %s and %c take wide strings and
// characters there, %S and %C narrow ones (%ls, %hs and the others as
// written).
//
// This header includes no <string.h>: glibc's declares the BSD index(),
// which <amp.h> must keep out of the way of concurrency::index.
#ifndef AMPCC_MS_CRT_H
#define AMPCC_MS_CRT_H

#ifdef __cplusplus

#include <cctype>
#include <cerrno>
#include <climits>
#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <cwchar>
#include <cwctype>
#include <string>
#include <type_traits>

#ifndef _ERRNO_T_DEFINED
#define _ERRNO_T_DEFINED
typedef int errno_t;
#endif
#ifndef _RSIZE_T_DEFINED
#define _RSIZE_T_DEFINED
typedef size_t rsize_t;
#endif
typedef int64_t __time64_t;

/// Count for the _s functions: copy or print as much as fits.
#ifndef _TRUNCATE
#define _TRUNCATE ((size_t)-1)
#endif
/// Returned by the _s functions when _TRUNCATE cut the result.
#ifndef STRUNCATE
#define STRUNCATE 80
#endif

#ifndef _MAX_PATH
#define _MAX_PATH 260
#define _MAX_DRIVE 3
#define _MAX_DIR 256
#define _MAX_FNAME 256
#define _MAX_EXT 256
#endif

/// The number of elements of an array (not of a pointer: that does not
/// compile, as in Visual C++).
namespace ampcc_ms {
template <typename T, size_t N> char (*countofHelper(T (&)[N]))[N];
} // namespace ampcc_ms
#ifndef _countof
#define _countof(Array) (sizeof(*::ampcc_ms::countofHelper(Array)) + 0)
#endif

typedef void (*_invalid_parameter_handler)(const wchar_t *, const wchar_t *,
                                           const wchar_t *, unsigned int,
                                           uintptr_t);

namespace ampcc_ms {
inline _invalid_parameter_handler &invalidParameterHandler() {
  static _invalid_parameter_handler Handler = nullptr;
  return Handler;
}

/// Microsoft's invalid-parameter path: the program's handler if it set one
/// (then the caller returns Code), else the end of the program.
inline errno_t invalidParameter(const char *Function, const char *What,
                                errno_t Code) {
  if (_invalid_parameter_handler H = invalidParameterHandler()) {
    H(nullptr, nullptr, nullptr, 0, 0);
    errno = Code;
    return Code;
  }
  std::fprintf(stderr,
               "%s: invalid parameter: %s (the Visual C++ runtime ends the "
               "program here)\n",
               Function, What);
  std::fflush(nullptr);
  std::abort();
}

/// Length of S, at most Max.
template <typename C> inline size_t boundedLength(const C *S, size_t Max) {
  size_t N = 0;
  while (N < Max && S[N])
    ++N;
  return N;
}

template <typename C>
inline errno_t copyString(const char *Function, C *Dest, size_t Size,
                          const C *Src, size_t Count) {
  if (!Dest || Size == 0)
    return invalidParameter(Function, "null or empty destination", EINVAL);
  if (!Src) {
    Dest[0] = 0;
    return invalidParameter(Function, "null source", EINVAL);
  }
  size_t N = boundedLength(Src, Count);
  if (N >= Size) {
    if (Count == _TRUNCATE) {
      for (size_t I = 0; I + 1 < Size; ++I)
        Dest[I] = Src[I];
      Dest[Size - 1] = 0;
      return STRUNCATE;
    }
    Dest[0] = 0;
    return invalidParameter(Function, "destination too small", ERANGE);
  }
  for (size_t I = 0; I < N; ++I)
    Dest[I] = Src[I];
  Dest[N] = 0;
  return 0;
}

template <typename C>
inline errno_t appendString(const char *Function, C *Dest, size_t Size,
                            const C *Src, size_t Count) {
  if (!Dest || Size == 0)
    return invalidParameter(Function, "null or empty destination", EINVAL);
  size_t Used = boundedLength(Dest, Size);
  if (Used == Size) {
    Dest[0] = 0;
    return invalidParameter(Function, "destination not terminated", EINVAL);
  }
  if (!Src) {
    Dest[0] = 0;
    return invalidParameter(Function, "null source", EINVAL);
  }
  errno_t E = copyString(Function, Dest + Used, Size - Used, Src, Count);
  if (E == ERANGE || E == EINVAL)
    Dest[0] = 0;
  return E;
}

/// A Microsoft printf format in glibc's spelling. Size prefixes: %I64d
/// becomes %lld, %I32d %d, %Id %zd. In the wide functions (Wide) %s and %c
/// take wide strings and characters, %S and %C narrow ones: they become
/// %ls, %lc, %s and %c; %hs and %hc are narrow in both. (glibc's narrow
/// printf already reads %S and %C as wide.)
template <typename C>
inline std::basic_string<C> msFormat(const C *Format, bool Wide) {
  std::basic_string<C> Out;
  auto In = [](C Ch, const char *Set) {
    for (; *Set; ++Set)
      if (Ch == C(*Set))
        return true;
    return false;
  };
  for (const C *P = Format; *P;) {
    if (*P != C('%')) {
      Out += *P++;
      continue;
    }
    Out += *P++;
    if (*P == C('%')) {
      Out += *P++;
      continue;
    }
    // Flags, width, precision, positional arguments.
    while (*P && In(*P, "-+ #0123456789.*$'"))
      Out += *P++;
    bool Length = false, Short = false;
    while (*P && In(*P, "hlLqjztwI")) {
      if (*P == C('I')) {
        if (P[1] == C('6') && P[2] == C('4')) {
          Out += C('l');
          Out += C('l');
          P += 3;
        } else if (P[1] == C('3') && P[2] == C('2')) {
          P += 3;
        } else {
          Out += C('z');
          ++P;
        }
        Length = true;
        continue;
      }
      if (*P == C('h') && In(P[1], "sScC")) {
        Short = true;
        ++P;
        continue;
      }
      Length = true;
      Out += *P++;
    }
    if (!*P)
      break;
    C Conv = *P++;
    if (Wide && !Length && !Short && (Conv == C('s') || Conv == C('c')))
      Out += C('l');
    if (Wide && (Conv == C('S') || Conv == C('C')))
      Conv = Conv == C('S') ? C('s') : C('c');
    if (Short && (Conv == C('S') || Conv == C('C')))
      Conv = Conv == C('S') ? C('s') : C('c');
    Out += Conv;
  }
  return Out;
}

inline int vswprintfTo(const char *Function, wchar_t *Buffer, size_t Size,
                       const wchar_t *Format, va_list Args) {
  if (!Buffer || Size == 0 || !Format)
    return invalidParameter(Function, "null buffer or format", EINVAL), -1;
  int R = std::vswprintf(Buffer, Size, msFormat(Format, true).c_str(), Args);
  if (R < 0) {
    Buffer[0] = 0;
    return invalidParameter(Function, "buffer too small", ERANGE), -1;
  }
  return R;
}

inline int vsprintfTo(const char *Function, char *Buffer, size_t Size,
                      const char *Format, va_list Args) {
  if (!Buffer || Size == 0 || !Format)
    return invalidParameter(Function, "null buffer or format", EINVAL), -1;
  int R = std::vsnprintf(Buffer, Size, msFormat(Format, false).c_str(), Args);
  if (R < 0 || size_t(R) >= Size) {
    Buffer[0] = 0;
    return invalidParameter(Function, "buffer too small", ERANGE), -1;
  }
  return R;
}

/// _snprintf_s: at most Count characters (or what fits, with _TRUNCATE),
/// always terminated; -1 when the output was cut.
inline int vsnprintfTruncating(const char *Function, char *Buffer, size_t Size,
                               size_t Count, const char *Format, va_list Args) {
  if (!Buffer || Size == 0 || !Format)
    return invalidParameter(Function, "null buffer or format", EINVAL), -1;
  std::string F = msFormat(Format, false);
  Format = F.c_str();
  if (Count != _TRUNCATE && Count >= Size) {
    // Only an error when the output does not fit in the buffer.
    va_list Copy;
    va_copy(Copy, Args);
    int R = std::vsnprintf(Buffer, Size, Format, Copy);
    va_end(Copy);
    if (R >= 0 && size_t(R) < Size && size_t(R) <= Count)
      return R;
    Buffer[0] = 0;
    return invalidParameter(Function, "buffer too small", ERANGE), -1;
  }
  size_t Limit = Count == _TRUNCATE ? Size : Count + 1;
  int R = std::vsnprintf(Buffer, Limit, Format, Args);
  if (R < 0)
    return -1;
  return size_t(R) < Limit ? R : -1;
}

/// _snprintf: at most Count characters; terminated only when there is room
/// for the terminator; -1 when the output was cut.
inline int vsnprintfUnterminated(char *Buffer, size_t Count,
                                 const char *Format, va_list Args) {
  std::string F = msFormat(Format, false);
  Format = F.c_str();
  va_list Copy;
  va_copy(Copy, Args);
  int R = std::vsnprintf(Buffer, Count, Format, Copy);
  va_end(Copy);
  if (R < 0)
    return -1;
  if (size_t(R) < Count)
    return R;
  std::string Whole(size_t(R) + 1, '\0');
  std::vsnprintf(&Whole[0], Whole.size(), Format, Args);
  for (size_t I = 0; I < Count; ++I)
    Buffer[I] = Whole[I];
  return size_t(R) == Count ? R : -1;
}

template <typename C>
inline errno_t integerToString(const char *Function, unsigned long long Value,
                               bool Negative, C *Buffer, size_t Size,
                               int Radix) {
  if (!Buffer || Size == 0)
    return invalidParameter(Function, "null or empty buffer", EINVAL);
  if (Radix < 2 || Radix > 36) {
    Buffer[0] = 0;
    return invalidParameter(Function, "radix out of range", EINVAL);
  }
  char Digits[72];
  size_t N = 0;
  do {
    unsigned D = unsigned(Value % unsigned(Radix));
    Digits[N++] = char(D < 10 ? '0' + D : 'a' + D - 10);
    Value /= unsigned(Radix);
  } while (Value);
  if (Negative)
    Digits[N++] = '-';
  if (N + 1 > Size) {
    Buffer[0] = 0;
    return invalidParameter(Function, "buffer too small", ERANGE);
  }
  for (size_t I = 0; I < N; ++I)
    Buffer[I] = C(Digits[N - 1 - I]);
  Buffer[N] = 0;
  return 0;
}

/// Microsoft's _itoa family: negative numbers in base 10 get a sign; in
/// other bases the value's two's complement bits of the argument's width.
template <typename I, typename C>
inline errno_t signedToString(const char *Function, I Value, C *Buffer,
                              size_t Size, int Radix) {
  typedef typename std::make_unsigned<I>::type U;
  bool Negative = Radix == 10 && Value < 0;
  unsigned long long Magnitude =
      Negative ? (unsigned long long)(U(0) - U(Value)) : (unsigned long long)U(Value);
  return integerToString(Function, Magnitude, Negative, Buffer, Size, Radix);
}

template <typename C> inline int compareIgnoringCase(const C *A, const C *B, size_t Count) {
  for (size_t I = 0; I < Count; ++I) {
    int X = sizeof(C) == 1 ? std::tolower((unsigned char)A[I]) : int(std::towlower(wint_t(A[I])));
    int Y = sizeof(C) == 1 ? std::tolower((unsigned char)B[I]) : int(std::towlower(wint_t(B[I])));
    if (X != Y)
      return X - Y;
    if (!X)
      return 0;
  }
  return 0;
}

/// A Windows file name as Linux reads it: `\` is a separator there (never
/// part of a name), so `.\data\in.dat` is ./data/in.dat.
inline std::string windowsPath(const char *Name) {
  std::string Path(Name);
  for (char &C : Path)
    if (C == '\\')
      C = '/';
  return Path;
}

inline std::string narrowPath(const wchar_t *Wide) {
  std::string Out;
  std::mbstate_t State = std::mbstate_t();
  char Buf[MB_LEN_MAX];
  for (; *Wide; ++Wide) {
    size_t N = std::wcrtomb(Buf, *Wide, &State);
    if (N == size_t(-1))
      Out += '?';
    else
      Out.append(Buf, N);
  }
  return Out;
}

inline wchar_t *duplicate(const wchar_t *S) {
  size_t N = std::wcslen(S) + 1;
  wchar_t *D = static_cast<wchar_t *>(std::malloc(N * sizeof(wchar_t)));
  if (D)
    __builtin_memcpy(D, S, N * sizeof(wchar_t));
  return D;
}
} // namespace ampcc_ms

inline _invalid_parameter_handler
_set_invalid_parameter_handler(_invalid_parameter_handler Handler) {
  _invalid_parameter_handler Old = ampcc_ms::invalidParameterHandler();
  ampcc_ms::invalidParameterHandler() = Handler;
  return Old;
}
inline _invalid_parameter_handler _get_invalid_parameter_handler() {
  return ampcc_ms::invalidParameterHandler();
}

// --- <stdio.h> --------------------------------------------------------------------

inline errno_t fopen_s(FILE **File, const char *Name, const char *Mode) {
  if (!File)
    return ampcc_ms::invalidParameter("fopen_s", "null FILE **", EINVAL);
  *File = nullptr;
  if (!Name || !Mode)
    return ampcc_ms::invalidParameter("fopen_s", "null file name or mode", EINVAL);
  *File = std::fopen(ampcc_ms::windowsPath(Name).c_str(), Mode);
  return *File ? 0 : errno;
}

inline errno_t freopen_s(FILE **File, const char *Name, const char *Mode,
                         FILE *Stream) {
  if (!File || !Mode || !Stream)
    return ampcc_ms::invalidParameter("freopen_s", "null argument", EINVAL);
  *File = Name ? std::freopen(ampcc_ms::windowsPath(Name).c_str(), Mode, Stream)
               : std::freopen(nullptr, Mode, Stream);
  return *File ? 0 : errno;
}

/// File names are converted to the locale's multibyte encoding (UTF-8).
inline FILE *_wfopen(const wchar_t *Name, const wchar_t *Mode) {
  return std::fopen(ampcc_ms::windowsPath(ampcc_ms::narrowPath(Name).c_str()).c_str(),
                    ampcc_ms::narrowPath(Mode).c_str());
}

inline errno_t _wfopen_s(FILE **File, const wchar_t *Name, const wchar_t *Mode) {
  if (!File)
    return ampcc_ms::invalidParameter("_wfopen_s", "null FILE **", EINVAL);
  *File = nullptr;
  if (!Name || !Mode)
    return ampcc_ms::invalidParameter("_wfopen_s", "null file name or mode", EINVAL);
  *File = _wfopen(Name, Mode);
  return *File ? 0 : errno;
}

inline int vfprintf_s(FILE *Stream, const char *Format, va_list Args) {
  if (!Stream || !Format)
    return ampcc_ms::invalidParameter("vfprintf_s", "null stream or format", EINVAL), -1;
  return std::vfprintf(Stream, ampcc_ms::msFormat(Format, false).c_str(), Args);
}

inline int
fprintf_s(FILE *Stream, const char *Format, ...) {
  va_list Args;
  va_start(Args, Format);
  int R = vfprintf_s(Stream, Format, Args);
  va_end(Args);
  return R;
}

inline int vprintf_s(const char *Format, va_list Args) {
  return vfprintf_s(stdout, Format, Args);
}

inline int printf_s(const char *Format, ...) {
  va_list Args;
  va_start(Args, Format);
  int R = vfprintf_s(stdout, Format, Args);
  va_end(Args);
  return R;
}

inline int vsprintf_s(char *Buffer, size_t Size, const char *Format, va_list Args) {
  return ampcc_ms::vsprintfTo("vsprintf_s", Buffer, Size, Format, Args);
}

template <size_t N>
inline int vsprintf_s(char (&Buffer)[N], const char *Format, va_list Args) {
  return ampcc_ms::vsprintfTo("vsprintf_s", Buffer, N, Format, Args);
}

inline int
sprintf_s(char *Buffer, size_t Size, const char *Format, ...) {
  va_list Args;
  va_start(Args, Format);
  int R = ampcc_ms::vsprintfTo("sprintf_s", Buffer, Size, Format, Args);
  va_end(Args);
  return R;
}

template <size_t N>
inline int
sprintf_s(char (&Buffer)[N], const char *Format, ...) {
  va_list Args;
  va_start(Args, Format);
  int R = ampcc_ms::vsprintfTo("sprintf_s", Buffer, N, Format, Args);
  va_end(Args);
  return R;
}

inline int _vsnprintf_s(char *Buffer, size_t Size, size_t Count,
                        const char *Format, va_list Args) {
  return ampcc_ms::vsnprintfTruncating("_vsnprintf_s", Buffer, Size, Count, Format, Args);
}

template <size_t N>
inline int _vsnprintf_s(char (&Buffer)[N], size_t Count, const char *Format,
                        va_list Args) {
  return ampcc_ms::vsnprintfTruncating("_vsnprintf_s", Buffer, N, Count, Format, Args);
}

inline int
_snprintf_s(char *Buffer, size_t Size, size_t Count, const char *Format, ...) {
  va_list Args;
  va_start(Args, Format);
  int R = ampcc_ms::vsnprintfTruncating("_snprintf_s", Buffer, Size, Count, Format, Args);
  va_end(Args);
  return R;
}

template <size_t N>
inline int
_snprintf_s(char (&Buffer)[N], size_t Count, const char *Format, ...) {
  va_list Args;
  va_start(Args, Format);
  int R = ampcc_ms::vsnprintfTruncating("_snprintf_s", Buffer, N, Count, Format, Args);
  va_end(Args);
  return R;
}

inline int _vsnprintf(char *Buffer, size_t Count, const char *Format, va_list Args) {
  return ampcc_ms::vsnprintfUnterminated(Buffer, Count, Format, Args);
}

inline int
_snprintf(char *Buffer, size_t Count, const char *Format, ...) {
  va_list Args;
  va_start(Args, Format);
  int R = ampcc_ms::vsnprintfUnterminated(Buffer, Count, Format, Args);
  va_end(Args);
  return R;
}

/// The length printf would produce, without the terminator.
inline int _vscprintf(const char *Format, va_list Args) {
  return std::vsnprintf(nullptr, 0, ampcc_ms::msFormat(Format, false).c_str(), Args);
}

inline int _scprintf(const char *Format, ...) {
  va_list Args;
  va_start(Args, Format);
  int R = _vscprintf(Format, Args);
  va_end(Args);
  return R;
}

inline int vswprintf_s(wchar_t *Buffer, size_t Size, const wchar_t *Format,
                       va_list Args) {
  return ampcc_ms::vswprintfTo("vswprintf_s", Buffer, Size, Format, Args);
}

template <size_t N>
inline int vswprintf_s(wchar_t (&Buffer)[N], const wchar_t *Format, va_list Args) {
  return ampcc_ms::vswprintfTo("vswprintf_s", Buffer, N, Format, Args);
}

inline int swprintf_s(wchar_t *Buffer, size_t Size, const wchar_t *Format, ...) {
  va_list Args;
  va_start(Args, Format);
  int R = ampcc_ms::vswprintfTo("swprintf_s", Buffer, Size, Format, Args);
  va_end(Args);
  return R;
}

template <size_t N>
inline int swprintf_s(wchar_t (&Buffer)[N], const wchar_t *Format, ...) {
  va_list Args;
  va_start(Args, Format);
  int R = ampcc_ms::vswprintfTo("swprintf_s", Buffer, N, Format, Args);
  va_end(Args);
  return R;
}

// --- <string.h> and <wchar.h> -----------------------------------------------------

inline errno_t strcpy_s(char *Dest, size_t Size, const char *Src) {
  return ampcc_ms::copyString("strcpy_s", Dest, Size, Src, _TRUNCATE - 1);
}
template <size_t N> inline errno_t strcpy_s(char (&Dest)[N], const char *Src) {
  return ampcc_ms::copyString("strcpy_s", Dest, N, Src, _TRUNCATE - 1);
}
inline errno_t strncpy_s(char *Dest, size_t Size, const char *Src, size_t Count) {
  return ampcc_ms::copyString("strncpy_s", Dest, Size, Src, Count);
}
template <size_t N>
inline errno_t strncpy_s(char (&Dest)[N], const char *Src, size_t Count) {
  return ampcc_ms::copyString("strncpy_s", Dest, N, Src, Count);
}
inline errno_t strcat_s(char *Dest, size_t Size, const char *Src) {
  return ampcc_ms::appendString("strcat_s", Dest, Size, Src, _TRUNCATE - 1);
}
template <size_t N> inline errno_t strcat_s(char (&Dest)[N], const char *Src) {
  return ampcc_ms::appendString("strcat_s", Dest, N, Src, _TRUNCATE - 1);
}
inline errno_t strncat_s(char *Dest, size_t Size, const char *Src, size_t Count) {
  return ampcc_ms::appendString("strncat_s", Dest, Size, Src, Count);
}
template <size_t N>
inline errno_t strncat_s(char (&Dest)[N], const char *Src, size_t Count) {
  return ampcc_ms::appendString("strncat_s", Dest, N, Src, Count);
}

inline errno_t wcscpy_s(wchar_t *Dest, size_t Size, const wchar_t *Src) {
  return ampcc_ms::copyString("wcscpy_s", Dest, Size, Src, _TRUNCATE - 1);
}
template <size_t N> inline errno_t wcscpy_s(wchar_t (&Dest)[N], const wchar_t *Src) {
  return ampcc_ms::copyString("wcscpy_s", Dest, N, Src, _TRUNCATE - 1);
}
inline errno_t wcsncpy_s(wchar_t *Dest, size_t Size, const wchar_t *Src, size_t Count) {
  return ampcc_ms::copyString("wcsncpy_s", Dest, Size, Src, Count);
}
template <size_t N>
inline errno_t wcsncpy_s(wchar_t (&Dest)[N], const wchar_t *Src, size_t Count) {
  return ampcc_ms::copyString("wcsncpy_s", Dest, N, Src, Count);
}
inline errno_t wcscat_s(wchar_t *Dest, size_t Size, const wchar_t *Src) {
  return ampcc_ms::appendString("wcscat_s", Dest, Size, Src, _TRUNCATE - 1);
}
template <size_t N> inline errno_t wcscat_s(wchar_t (&Dest)[N], const wchar_t *Src) {
  return ampcc_ms::appendString("wcscat_s", Dest, N, Src, _TRUNCATE - 1);
}
inline errno_t wcsncat_s(wchar_t *Dest, size_t Size, const wchar_t *Src, size_t Count) {
  return ampcc_ms::appendString("wcsncat_s", Dest, Size, Src, Count);
}
template <size_t N>
inline errno_t wcsncat_s(wchar_t (&Dest)[N], const wchar_t *Src, size_t Count) {
  return ampcc_ms::appendString("wcsncat_s", Dest, N, Src, Count);
}

inline size_t strnlen_s(const char *S, size_t Max) {
  return S ? ampcc_ms::boundedLength(S, Max) : 0;
}
inline size_t wcsnlen_s(const wchar_t *S, size_t Max) {
  return S ? ampcc_ms::boundedLength(S, Max) : 0;
}

/// Microsoft's strtok_s: POSIX strtok_r (same argument order).
inline char *strtok_s(char *S, const char *Delimiters, char **Context) {
  if (!Context || !Delimiters || (!S && !*Context))
    return ampcc_ms::invalidParameter("strtok_s", "null argument", EINVAL), nullptr;
  char *P = S ? S : *Context;
  auto IsDelimiter = [Delimiters](char C) {
    for (const char *D = Delimiters; *D; ++D)
      if (*D == C)
        return true;
    return false;
  };
  while (*P && IsDelimiter(*P))
    ++P;
  if (!*P) {
    *Context = P;
    return nullptr;
  }
  char *Token = P;
  while (*P && !IsDelimiter(*P))
    ++P;
  if (*P)
    *P++ = 0;
  *Context = P;
  return Token;
}
inline wchar_t *wcstok_s(wchar_t *S, const wchar_t *Delimiters, wchar_t **Context) {
  return std::wcstok(S, Delimiters, Context);
}

inline errno_t memcpy_s(void *Dest, size_t Size, const void *Src, size_t Count) {
  if (Count == 0)
    return 0;
  if (!Dest)
    return ampcc_ms::invalidParameter("memcpy_s", "null destination", EINVAL);
  if (!Src || Size < Count) {
    __builtin_memset(Dest, 0, Size);
    return ampcc_ms::invalidParameter(
        "memcpy_s", Src ? "destination too small" : "null source", Src ? ERANGE : EINVAL);
  }
  __builtin_memcpy(Dest, Src, Count);
  return 0;
}

inline errno_t memmove_s(void *Dest, size_t Size, const void *Src, size_t Count) {
  if (Count == 0)
    return 0;
  if (!Dest || !Src)
    return ampcc_ms::invalidParameter("memmove_s", "null pointer", EINVAL);
  if (Size < Count)
    return ampcc_ms::invalidParameter("memmove_s", "destination too small", ERANGE);
  __builtin_memmove(Dest, Src, Count);
  return 0;
}

inline char *_strdup(const char *S) {
  if (!S)
    return nullptr;
  size_t N = __builtin_strlen(S) + 1;
  char *D = static_cast<char *>(std::malloc(N));
  if (D)
    __builtin_memcpy(D, S, N);
  return D;
}
inline wchar_t *_wcsdup(const wchar_t *S) { return S ? ampcc_ms::duplicate(S) : nullptr; }

inline int _stricmp(const char *A, const char *B) {
  return ampcc_ms::compareIgnoringCase(A, B, _TRUNCATE);
}
inline int _strnicmp(const char *A, const char *B, size_t Count) {
  return ampcc_ms::compareIgnoringCase(A, B, Count);
}
inline int _wcsicmp(const wchar_t *A, const wchar_t *B) {
  return ampcc_ms::compareIgnoringCase(A, B, _TRUNCATE);
}
inline int _wcsnicmp(const wchar_t *A, const wchar_t *B, size_t Count) {
  return ampcc_ms::compareIgnoringCase(A, B, Count);
}
inline int _stricoll(const char *A, const char *B) { return _stricmp(A, B); }

inline char *_strlwr(char *S) {
  for (char *P = S; *P; ++P)
    *P = char(std::tolower((unsigned char)*P));
  return S;
}
inline char *_strupr(char *S) {
  for (char *P = S; *P; ++P)
    *P = char(std::toupper((unsigned char)*P));
  return S;
}
inline errno_t _strlwr_s(char *S, size_t Size) {
  if (!S || ampcc_ms::boundedLength(S, Size) == Size)
    return ampcc_ms::invalidParameter("_strlwr_s", "null or unterminated string", EINVAL);
  _strlwr(S);
  return 0;
}
inline errno_t _strupr_s(char *S, size_t Size) {
  if (!S || ampcc_ms::boundedLength(S, Size) == Size)
    return ampcc_ms::invalidParameter("_strupr_s", "null or unterminated string", EINVAL);
  _strupr(S);
  return 0;
}

// --- <stdlib.h> -------------------------------------------------------------------

inline errno_t _itoa_s(int Value, char *Buffer, size_t Size, int Radix) {
  return ampcc_ms::signedToString("_itoa_s", Value, Buffer, Size, Radix);
}
template <size_t N> inline errno_t _itoa_s(int Value, char (&Buffer)[N], int Radix) {
  return ampcc_ms::signedToString("_itoa_s", Value, Buffer, N, Radix);
}
inline errno_t _ltoa_s(long Value, char *Buffer, size_t Size, int Radix) {
  return ampcc_ms::signedToString("_ltoa_s", Value, Buffer, Size, Radix);
}
inline errno_t _ultoa_s(unsigned long Value, char *Buffer, size_t Size, int Radix) {
  return ampcc_ms::integerToString("_ultoa_s", Value, false, Buffer, Size, Radix);
}
inline errno_t _i64toa_s(long long Value, char *Buffer, size_t Size, int Radix) {
  return ampcc_ms::signedToString("_i64toa_s", Value, Buffer, Size, Radix);
}
inline errno_t _ui64toa_s(unsigned long long Value, char *Buffer, size_t Size, int Radix) {
  return ampcc_ms::integerToString("_ui64toa_s", Value, false, Buffer, Size, Radix);
}
inline errno_t _itow_s(int Value, wchar_t *Buffer, size_t Size, int Radix) {
  return ampcc_ms::signedToString("_itow_s", Value, Buffer, Size, Radix);
}
template <size_t N> inline errno_t _itow_s(int Value, wchar_t (&Buffer)[N], int Radix) {
  return ampcc_ms::signedToString("_itow_s", Value, Buffer, N, Radix);
}
/// The unchecked forms: the buffer must hold 33 characters (65 for 64 bits).
inline char *_itoa(int Value, char *Buffer, int Radix) {
  ampcc_ms::signedToString("_itoa", Value, Buffer, 33, Radix);
  return Buffer;
}
inline char *_ltoa(long Value, char *Buffer, int Radix) {
  ampcc_ms::signedToString("_ltoa", Value, Buffer, 65, Radix);
  return Buffer;
}
inline char *_ultoa(unsigned long Value, char *Buffer, int Radix) {
  ampcc_ms::integerToString("_ultoa", Value, false, Buffer, 65, Radix);
  return Buffer;
}
inline char *_i64toa(long long Value, char *Buffer, int Radix) {
  ampcc_ms::signedToString("_i64toa", Value, Buffer, 65, Radix);
  return Buffer;
}
inline char *_ui64toa(unsigned long long Value, char *Buffer, int Radix) {
  ampcc_ms::integerToString("_ui64toa", Value, false, Buffer, 65, Radix);
  return Buffer;
}
inline wchar_t *_itow(int Value, wchar_t *Buffer, int Radix) {
  ampcc_ms::signedToString("_itow", Value, Buffer, 33, Radix);
  return Buffer;
}

inline int _wtoi(const wchar_t *S) { return int(std::wcstol(S, nullptr, 10)); }
inline long _wtol(const wchar_t *S) { return std::wcstol(S, nullptr, 10); }
inline long long _wtoi64(const wchar_t *S) { return std::wcstoll(S, nullptr, 10); }
inline double _wtof(const wchar_t *S) { return std::wcstod(S, nullptr); }
inline long long _atoi64(const char *S) { return std::strtoll(S, nullptr, 10); }
inline long long _strtoi64(const char *S, char **End, int Radix) {
  return std::strtoll(S, End, Radix);
}
inline unsigned long long _strtoui64(const char *S, char **End, int Radix) {
  return std::strtoull(S, End, Radix);
}
inline long long _wcstoi64(const wchar_t *S, wchar_t **End, int Radix) {
  return std::wcstoll(S, End, Radix);
}
inline unsigned long long _wcstoui64(const wchar_t *S, wchar_t **End, int Radix) {
  return std::wcstoull(S, End, Radix);
}

inline errno_t getenv_s(size_t *Required, char *Buffer, size_t Size, const char *Name) {
  if (!Required || !Name || (!Buffer && Size))
    return ampcc_ms::invalidParameter("getenv_s", "null argument", EINVAL);
  const char *V = std::getenv(Name);
  if (!V) {
    *Required = 0;
    if (Buffer && Size)
      Buffer[0] = 0;
    return 0;
  }
  *Required = __builtin_strlen(V) + 1;
  if (!Buffer)
    return 0;
  if (*Required > Size)
    return ERANGE;
  __builtin_memcpy(Buffer, V, *Required);
  return 0;
}

/// The value in memory the caller frees with free(); null when unset.
inline errno_t _dupenv_s(char **Buffer, size_t *Count, const char *Name) {
  if (!Buffer || !Name)
    return ampcc_ms::invalidParameter("_dupenv_s", "null argument", EINVAL);
  const char *V = std::getenv(Name);
  *Buffer = V ? _strdup(V) : nullptr;
  if (Count)
    *Count = V ? __builtin_strlen(V) + 1 : 0;
  return V && !*Buffer ? ENOMEM : 0;
}

inline errno_t mbstowcs_s(size_t *Converted, wchar_t *Dest, size_t Size,
                          const char *Src, size_t Count) {
  if (!Src || (!Dest && Size))
    return ampcc_ms::invalidParameter("mbstowcs_s", "null argument", EINVAL);
  size_t Max = Dest ? (Count == _TRUNCATE || Count >= Size ? Size - 1 : Count) : 0;
  size_t N = Dest ? std::mbstowcs(Dest, Src, Max) : std::mbstowcs(nullptr, Src, 0);
  if (N == size_t(-1)) {
    if (Dest)
      Dest[0] = 0;
    return EILSEQ;
  }
  if (Dest)
    Dest[N < Max ? N : Max] = 0;
  if (Converted)
    *Converted = N + 1;
  return 0;
}

inline errno_t wcstombs_s(size_t *Converted, char *Dest, size_t Size,
                          const wchar_t *Src, size_t Count) {
  if (!Src || (!Dest && Size))
    return ampcc_ms::invalidParameter("wcstombs_s", "null argument", EINVAL);
  size_t Max = Dest ? (Count == _TRUNCATE || Count >= Size ? Size - 1 : Count) : 0;
  size_t N = Dest ? std::wcstombs(Dest, Src, Max) : std::wcstombs(nullptr, Src, 0);
  if (N == size_t(-1)) {
    if (Dest)
      Dest[0] = 0;
    return EILSEQ;
  }
  if (Dest)
    Dest[N < Max ? N : Max] = 0;
  if (Converted)
    *Converted = N + 1;
  return 0;
}

// <stdlib.h>'s intrinsics. ULONG is 32 bits in Windows: _byteswap_ulong
// works on 32-bit values, as there.
inline unsigned short _byteswap_ushort(unsigned short Value) {
  return __builtin_bswap16(Value);
}
inline unsigned int _byteswap_ulong(unsigned int Value) { return __builtin_bswap32(Value); }
inline unsigned long long _byteswap_uint64(unsigned long long Value) {
  return __builtin_bswap64(Value);
}
// _rotl, _rotr, _lrotl, _lrotr, _rotl64 and _rotr64 are Clang built-ins
// under -fms-extensions (both passes).

// --- <time.h> -------------------------------------------------------------------

// Microsoft's argument order: the result first (C11's Annex K differs).
inline errno_t localtime_s(struct tm *Result, const time_t *Time) {
  if (!Result || !Time)
    return ampcc_ms::invalidParameter("localtime_s", "null argument", EINVAL);
  return ::localtime_r(Time, Result) ? 0 : EINVAL;
}
inline errno_t gmtime_s(struct tm *Result, const time_t *Time) {
  if (!Result || !Time)
    return ampcc_ms::invalidParameter("gmtime_s", "null argument", EINVAL);
  return ::gmtime_r(Time, Result) ? 0 : EINVAL;
}
inline errno_t _localtime64_s(struct tm *Result, const __time64_t *Time) {
  time_t T = time_t(Time ? *Time : 0);
  return localtime_s(Result, Time ? &T : nullptr);
}
inline errno_t _gmtime64_s(struct tm *Result, const __time64_t *Time) {
  time_t T = time_t(Time ? *Time : 0);
  return gmtime_s(Result, Time ? &T : nullptr);
}
inline __time64_t _time64(__time64_t *Out) {
  __time64_t T = __time64_t(std::time(nullptr));
  if (Out)
    *Out = T;
  return T;
}
inline errno_t asctime_s(char *Buffer, size_t Size, const struct tm *Time) {
  if (!Buffer || Size < 26 || !Time)
    return ampcc_ms::invalidParameter("asctime_s", "null argument or buffer under 26", EINVAL);
  return ::asctime_r(Time, Buffer) ? 0 : EINVAL;
}
template <size_t N>
inline errno_t asctime_s(char (&Buffer)[N], const struct tm *Time) {
  return asctime_s(Buffer, N, Time);
}
inline errno_t ctime_s(char *Buffer, size_t Size, const time_t *Time) {
  if (!Buffer || Size < 26 || !Time)
    return ampcc_ms::invalidParameter("ctime_s", "null argument or buffer under 26", EINVAL);
  return ::ctime_r(Time, Buffer) ? 0 : EINVAL;
}
template <size_t N> inline errno_t ctime_s(char (&Buffer)[N], const time_t *Time) {
  return ctime_s(Buffer, N, Time);
}

#endif // __cplusplus

#endif // AMPCC_MS_CRT_H
