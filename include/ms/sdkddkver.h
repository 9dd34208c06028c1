// <sdkddkver.h>: <SDKDDKVer.h> as Windows' case-insensitive file systems find it.
#include "SDKDDKVer.h"
