// <SDKDDKVer.h> - the Windows SDK's version macros.
//
// Visual Studio's project wizard writes a targetver.h that includes this
// header (through stdafx.h), so most Visual C++ projects include it. It
// defines the Windows version constants and, unless the program chose
// them, the target version: here Windows 7, the oldest Windows that ran
// C++ AMP, so that a program choosing between Windows code paths takes the
// oldest. It does not define _WIN32 or _MSC_VER: libraries would take
// their Windows code paths (docs/migrating-from-visual-cpp.md).
#ifndef AMPCC_MS_SDKDDKVER_H
#define AMPCC_MS_SDKDDKVER_H

#define _WIN32_WINNT_NT4 0x0400
#define _WIN32_WINNT_WIN2K 0x0500
#define _WIN32_WINNT_WINXP 0x0501
#define _WIN32_WINNT_WS03 0x0502
#define _WIN32_WINNT_WIN6 0x0600
#define _WIN32_WINNT_VISTA 0x0600
#define _WIN32_WINNT_WS08 0x0600
#define _WIN32_WINNT_LONGHORN 0x0600
#define _WIN32_WINNT_WIN7 0x0601
#define _WIN32_WINNT_WIN8 0x0602
#define _WIN32_WINNT_WINBLUE 0x0603
#define _WIN32_WINNT_WIN10 0x0A00

#define _WIN32_IE_IE60 0x0600
#define _WIN32_IE_IE70 0x0700
#define _WIN32_IE_IE80 0x0800
#define _WIN32_IE_IE90 0x0900
#define _WIN32_IE_IE100 0x0A00
#define _WIN32_IE_IE110 0x0A00

#define NTDDI_WINXP 0x05010000
#define NTDDI_VISTA 0x06000000
#define NTDDI_WIN7 0x06010000
#define NTDDI_WIN8 0x06020000
#define NTDDI_WINBLUE 0x06030000
#define NTDDI_WIN10 0x0A000000

#define OSVERSION_MASK 0xFFFF0000
#define SPVERSION_MASK 0x0000FF00
#define SUBVERSION_MASK 0x000000FF
#define OSVER(Version) ((Version)&OSVERSION_MASK)
#define SPVER(Version) (((Version)&SPVERSION_MASK) >> 8)
#define SUBVER(Version) ((Version)&SUBVERSION_MASK)
#define NTDDI_VERSION_FROM_WIN32_WINNT2(Version) Version##0000
#define NTDDI_VERSION_FROM_WIN32_WINNT(Version) NTDDI_VERSION_FROM_WIN32_WINNT2(Version)

#ifndef _WIN32_WINNT
#define _WIN32_WINNT _WIN32_WINNT_WIN7
#endif
#ifndef NTDDI_VERSION
#define NTDDI_VERSION NTDDI_VERSION_FROM_WIN32_WINNT(_WIN32_WINNT)
#endif
#ifndef WINVER
#define WINVER _WIN32_WINNT
#endif
#ifndef _WIN32_IE
#define _WIN32_IE _WIN32_IE_IE80
#endif

#endif // AMPCC_MS_SDKDDKVER_H
