// ampcc/ppl/amp_tasks.h - where C++ AMP meets PPL tasks:
// completion_future::to_task (declared in ampcc/completion_future.h, usable
// once <ppltasks.h> is included).
#ifndef AMPCC_PPL_AMP_TASKS_H
#define AMPCC_PPL_AMP_TASKS_H

#include "../completion_future.h"
#include "tasks.h"

#include <future>

namespace Concurrency {
namespace details {

template <> struct FutureToTask<task<void>> {
  /// A task whose work waits for the operation: get() rethrows what the
  /// operation threw, and continuations run after it.
  static task<void> make(std::shared_future<void> Future) {
    return create_task([Future] { Future.get(); });
  }
};

} // namespace details
} // namespace Concurrency

#endif // AMPCC_PPL_AMP_TASKS_H
