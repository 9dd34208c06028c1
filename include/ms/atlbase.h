// <atlbase.h>: ATL's base header. What C++ AMP programs use of ATL is its
// string conversions (<atlconv.h>, which ATL's atlbase.h includes too);
// any other ATL name (CComPtr, ...) stays an "undeclared identifier"
// error.
#ifndef AMPCC_MS_ATLBASE_H
#define AMPCC_MS_ATLBASE_H

#include <windows.h>
#include <atlconv.h>

#endif // AMPCC_MS_ATLBASE_H
