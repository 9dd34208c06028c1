// <ppl.h> - the Parallel Patterns Library subset that C++ AMP programs use,
// on oneTBB (see docs/migrating-from-visual-cpp.md for what is supported).
// As in Visual C++ the names live in namespace Concurrency, shared with
// C++ AMP, with `concurrency` as an alias. Programs that include it are
// linked with -ltbb by ampcc.
#ifndef AMPCC_PPL_H
#define AMPCC_PPL_H

#include "ampcc/ppl/exceptions.h"
#include "ampcc/ppl/cancellation.h"
#include "ampcc/ppl/partitioners.h"
#include "ampcc/ppl/algorithms.h"
#include "ampcc/ppl/task_group.h"
#include "ampcc/ppl/combinable.h"
#include "ampcc/ppl/locks.h"

namespace concurrency = Concurrency;

#endif // AMPCC_PPL_H
