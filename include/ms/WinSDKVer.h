// <WinSDKVer.h> - the newest Windows versions the SDK knows, which a
// wizard's targetver.h may include before choosing _WIN32_WINNT. See
// <SDKDDKVer.h>.
#ifndef AMPCC_MS_WINSDKVER_H
#define AMPCC_MS_WINSDKVER_H

#define _WIN32_MAXVER 0x0A00
#define _WIN32_WINDOWS_MAXVER 0x0A00
#define NTDDI_MAXVER 0x0A00
#define _WIN32_IE_MAXVER 0x0A00
#define _WIN32_WINNT_MAXVER 0x0A00
#define WINVER_MAXVER 0x0A00

#endif // AMPCC_MS_WINSDKVER_H
