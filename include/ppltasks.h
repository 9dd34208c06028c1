// <ppltasks.h> - PPL's task<T>, continuations, when_all/when_any, on oneTBB.
// Includes <ppl.h>, as Visual C++'s does.
#ifndef AMPCC_PPLTASKS_H
#define AMPCC_PPLTASKS_H

#include "ppl.h"
#include "ampcc/ppl/tasks.h"
#include "ampcc/ppl/task_combinators.h"
#include "ampcc/ppl/amp_tasks.h"

#endif // AMPCC_PPLTASKS_H
