// <Windows.h>: <windows.h> as Windows' case-insensitive file systems find it.
#include "windows.h"
