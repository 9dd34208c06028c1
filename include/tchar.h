// <tchar.h> - Visual C++'s generic-text mappings, for console programs that
// write `int _tmain(int argc, _TCHAR *argv[])`. Linux programs are narrow
// (UTF-8): every mapping is the char one, as Visual C++'s without _UNICODE.
// A program whose Visual Studio project has the Unicode character set (the
// default of new projects) is built with -D_UNICODE: the mappings are then
// the wchar_t ones, _tmain is wmain, and the runtime's main calls wmain
// with the arguments converted from the locale's encoding
// (docs/migrating-from-visual-cpp.md).
#ifndef AMPCC_TCHAR_H
#define AMPCC_TCHAR_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef _UNICODE
#include <stdarg.h>
#include <wchar.h>

/// wprintf and fwprintf for a program that also writes narrow text: glibc
/// gives a stream one orientation, and ampcc's std::wcout writes UTF-8
/// bytes (runtime/support/WideStreams.cpp), after which glibc's wprintf
/// fails. Windows streams have no orientation: the text is formatted wide,
/// then written as UTF-8 bytes.
static inline int ampcc_ftprintf_(FILE *Stream, const wchar_t *Format, ...) {
  wchar_t Small[512];
  wchar_t *Text = Small;
  size_t Capacity = sizeof(Small) / sizeof(Small[0]);
  int Length;
  for (;;) {
    va_list Args;
    va_start(Args, Format);
    Length = vswprintf(Text, Capacity, Format, Args);
    va_end(Args);
    if (Length >= 0 || Capacity >= ((size_t)1 << 24))
      break;
    // vswprintf says only that the buffer was short.
    if (Text != Small)
      free(Text);
    Capacity *= 4;
    Text = (wchar_t *)malloc(Capacity * sizeof(wchar_t));
    if (!Text)
      return -1;
  }
  for (int I = 0; I < Length; ++I) {
    unsigned long C = (unsigned long)Text[I];
    char Out[4];
    int N;
    if (C < 0x80) {
      Out[0] = (char)C;
      N = 1;
    } else if (C < 0x800) {
      Out[0] = (char)(0xC0 | (C >> 6));
      Out[1] = (char)(0x80 | (C & 0x3F));
      N = 2;
    } else if (C < 0x10000) {
      Out[0] = (char)(0xE0 | (C >> 12));
      Out[1] = (char)(0x80 | ((C >> 6) & 0x3F));
      Out[2] = (char)(0x80 | (C & 0x3F));
      N = 3;
    } else {
      Out[0] = (char)(0xF0 | (C >> 18));
      Out[1] = (char)(0x80 | ((C >> 12) & 0x3F));
      Out[2] = (char)(0x80 | ((C >> 6) & 0x3F));
      Out[3] = (char)(0x80 | (C & 0x3F));
      N = 4;
    }
    fwrite(Out, 1, (size_t)N, Stream);
  }
  if (Text != Small)
    free(Text);
  return Length < 0 ? -1 : Length;
}

typedef wchar_t _TCHAR;
typedef wchar_t TCHAR;
typedef wchar_t _TSCHAR;
typedef wchar_t _TUCHAR;
typedef wint_t _TINT;

#define __T(x) L##x
#define _T(x) __T(x)
#define _TEXT(x) __T(x)

#define _tmain wmain
#define _tprintf(...) ampcc_ftprintf_(stdout, __VA_ARGS__)
#define _ftprintf ampcc_ftprintf_
#define _stprintf swprintf
#define _sntprintf swprintf
#define _tscanf wscanf
#define _tcslen wcslen
#define _tcscpy wcscpy
#define _tcsncpy wcsncpy
#define _tcscat wcscat
#define _tcscmp wcscmp
#define _tcsncmp wcsncmp
#define _tcschr wcschr
#define _tcsstr wcsstr
#define _tstoi(s) ((int)wcstol((s), NULL, 10))
#define _ttoi(s) ((int)wcstol((s), NULL, 10))
#define _tstof(s) wcstod((s), NULL)
#define _tcstol wcstol
#define _tcstoul wcstoul
#define _tcstod wcstod
#define _fgetts fgetws
#define _fputts fputws
#define _puttchar putwchar
#define _gettchar getwchar

#else // !_UNICODE

typedef char _TCHAR;
typedef char TCHAR;
typedef char _TSCHAR;
typedef unsigned char _TUCHAR;
typedef int _TINT;

#define _T(x) x
#define _TEXT(x) x
#define __T(x) x

#define _tmain main
#define _tprintf printf
#define _ftprintf fprintf
#define _stprintf sprintf
#define _sntprintf snprintf
#define _tscanf scanf
#define _tcslen strlen
#define _tcscpy strcpy
#define _tcsncpy strncpy
#define _tcscat strcat
#define _tcscmp strcmp
#define _tcsncmp strncmp
#define _tcschr strchr
#define _tcsstr strstr
#define _tstoi atoi
#define _ttoi atoi
#define _tstof atof
#define _tcstol strtol
#define _tcstoul strtoul
#define _tcstod strtod
#define _tgetenv getenv
#define _fgetts fgets
#define _fputts fputs
#define _puttchar putchar
#define _gettchar getchar

#endif // _UNICODE

#endif // AMPCC_TCHAR_H
