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
#include <cstring>

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

#endif // AMPCC_AMP_H
