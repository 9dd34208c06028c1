// ampcc/ppl/task_group.h - task_group, structured_task_group, task_handle.
//
// Both groups are oneTBB task groups. PPL's semantics match oneTBB's: a task
// that throws cancels the group, and wait() rethrows that exception (oneTBB
// keeps the original exception object); cancel() stops tasks that have not
// started, and wait() then reports `canceled`. A group built with a
// cancellation_token is canceled with it.
#ifndef AMPCC_PPL_TASK_GROUP_H
#define AMPCC_PPL_TASK_GROUP_H

#include "cancellation.h"

#include <oneapi/tbb/task_group.h>

#include <memory>
#include <utility>

namespace Concurrency {

enum task_group_status { not_complete, completed, canceled };

/// A function to run in a structured_task_group; it must outlive the run.
template <typename Function>
class task_handle {
public:
  explicit task_handle(const Function &F) : F(F) {}
  void operator()() const { F(); }

private:
  Function F;
};

template <typename Function>
task_handle<Function> make_task(const Function &F) {
  return task_handle<Function>(F);
}

/// True inside a task of a group that is being canceled.
inline bool is_current_task_group_canceling() {
  return tbb::is_current_task_group_canceling();
}

namespace details {
/// The part the two groups share.
class TaskGroupBase {
public:
  TaskGroupBase() = default;
  explicit TaskGroupBase(cancellation_token Token) : Token(Token) {
    if (Token.is_cancelable())
      Registration = Token.register_callback([this] { Group.cancel(); });
  }
  ~TaskGroupBase() {
    if (Token.is_cancelable())
      Token.deregister_callback(Registration);
  }
  TaskGroupBase(const TaskGroupBase &) = delete;
  TaskGroupBase &operator=(const TaskGroupBase &) = delete;

  task_group_status wait() {
    return Group.wait() == tbb::canceled ? canceled : completed;
  }

  void cancel() { Group.cancel(); }
  bool is_canceling() { return Context.is_group_execution_cancelled(); }

protected:
  // An explicit context, because oneTBB's task_group only shows its own
  // context's cancellation state to its tasks.
  tbb::task_group_context Context;
  tbb::task_group Group{Context};
  cancellation_token Token = cancellation_token::none();
  cancellation_token_registration Registration;
};
} // namespace details

class task_group : public details::TaskGroupBase {
public:
  task_group() = default;
  explicit task_group(cancellation_token Token) : TaskGroupBase(Token) {}

  template <typename Function>
  void run(const Function &F) {
    Group.run(F);
  }
  /// PPL: the handle is not copied; it must live until the group is waited.
  template <typename Function>
  void run(task_handle<Function> &H) {
    Group.run([&H] { H(); });
  }

  template <typename Function>
  task_group_status run_and_wait(const Function &F) {
    return Group.run_and_wait(F) == tbb::canceled ? canceled : completed;
  }
  template <typename Function>
  task_group_status run_and_wait(task_handle<Function> &H) {
    return run_and_wait([&H] { H(); });
  }
};

/// PPL's lighter group for fork-join work from one thread; it only takes
/// task_handles.
class structured_task_group : public details::TaskGroupBase {
public:
  structured_task_group() = default;
  explicit structured_task_group(cancellation_token Token) : TaskGroupBase(Token) {}

  template <typename Function>
  void run(task_handle<Function> &H) {
    Group.run([&H] { H(); });
  }
  template <typename Function>
  void run(task_handle<Function> &H, cancellation_token) {
    run(H);
  }
  template <typename Function>
  task_group_status run_and_wait(task_handle<Function> &H) {
    return run_and_wait([&H] { H(); });
  }
  template <typename Function>
  task_group_status run_and_wait(const Function &F) {
    return Group.run_and_wait(F) == tbb::canceled ? canceled : completed;
  }
};

} // namespace Concurrency

#endif // AMPCC_PPL_TASK_GROUP_H
