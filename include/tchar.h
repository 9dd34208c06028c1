// <tchar.h> - Visual C++'s generic-text mappings, for console programs that
// write `int _tmain(int argc, _TCHAR *argv[])`. Linux programs are narrow
// (UTF-8): every mapping is the char one, as Visual C++'s without _UNICODE.
#ifndef AMPCC_TCHAR_H
#define AMPCC_TCHAR_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

#endif // AMPCC_TCHAR_H
