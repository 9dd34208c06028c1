// <amp.h> - C++ AMP (C++ Accelerated Massive Parallelism) for ampcc.
//
// Compile code that includes this header with the ampcc driver. The classes
// live in namespace Concurrency, as in Visual C++, with `concurrency` as an
// alias; both spellings work.
#ifndef AMPCC_AMP_H
#define AMPCC_AMP_H

// glibc's <strings.h> declares the BSD function `char *index(const char *, int)`
// in the global namespace, so under `using namespace concurrency;` every
// `index<1>` would be ambiguous. Visual C++ has no such function. Including
// <strings.h> first with `index` renamed keeps the BSD declaration out of the
// way; its include guard stops later includes from declaring it again.
#define index ampcc_bsd_index_
#include <strings.h>
#undef index

// Visual C++'s <amp.h> reaches these through its runtime headers, and C++ AMP
// programs use them without including them.
#include <cstdarg>
#include <climits>
// HCC's <amp.h>, the other C++ AMP compiler on Linux, gave these too, and
// programs written for it call assert, std::map and std::set after <amp.h>
// alone (its other standard headers are reached through ours already).
#include <cassert>
#include <map>
#include <mutex>
#include <set>
// glibc's <string.h> also declares the BSD function index() at global
// scope; under `using namespace concurrency;` every `index<1>` would then be
// ambiguous. When <amp.h> is the first to include it, glibc's function gets
// another name (nothing else uses the deprecated BSD name). A program that
// includes <cstring> earlier gets the device pass's fix-up instead
// (docs/migrating-from-visual-cpp.md).
#pragma push_macro("index")
#define index __ampcc_glibc_index
#include <cstring>
#pragma pop_macro("index")

// Visual C++'s <amp.h> includes <windows.h>, and programs use its types,
// timers and min/max without including it (off with -fno-ms-headers).
#ifdef _AMPCC_MS_HEADERS
#include <windows.h>
// And <crtdbg.h> (_ASSERT, _ASSERTE).
#include <crtdbg.h>
#endif

#include "ampcc/restrict.h"
#include "ampcc/exceptions.h"
#include "ampcc/index.h"
#include "ampcc/tiled.h"
#include "ampcc/completion_future.h"
#include "ampcc/accelerator.h"
#include "ampcc/array_view.h"
#include "ampcc/atomics.h"
#include "ampcc/array.h"
#include "ampcc/copy.h"
#include "ampcc/parallel_for_each.h"
#include "ampcc/direct3d_intrinsics.h"
#include "ampcc/kernel_diagnostics.h"
#include "ampcc/runtime_control.h"

// What libraries written for Visual C++ 2012 called of its runtime's
// internals (details::_Parallel_for_each); off with -fno-ms-headers.
#ifdef _AMPCC_MS_HEADERS
#include "ampcc/ms_amp_internals.h"
#endif

// Visual C++'s <amp.h> includes <ppltasks.h> (completion_future::to_task),
// which includes <ppl.h>: programs use parallel_for, PPL's
// parallel_for_each(first, last, f), critical_section and tasks after
// <amp.h> alone. It costs compile time (docs/migrating-from-visual-cpp.md,
// "Windows and Microsoft CRT names"); off with -fno-ms-headers, or alone
// with -DAMPCC_NO_PPL_IN_AMP_H. ampcc's PPL tasks need C++17: under
// -std=c++14 only <ppl.h>.
#if defined(_AMPCC_MS_HEADERS) && !defined(AMPCC_NO_PPL_IN_AMP_H)
#if __cplusplus >= 201703L
#include <ppltasks.h>
#else
#include <ppl.h>
#endif
#endif

#endif // AMPCC_AMP_H
