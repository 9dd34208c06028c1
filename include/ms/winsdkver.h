// <winsdkver.h>: <WinSDKVer.h> as Windows' case-insensitive file systems find it.
#include "WinSDKVer.h"
