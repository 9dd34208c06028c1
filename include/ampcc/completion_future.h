// ampcc/completion_future.h - concurrency::completion_future (spec §8).
//
// Plain C++ (no restrict): the runtime library creates these too. A
// completion_future is a std::shared_future<void> with the spec's interface;
// copy_async, synchronize_async and accelerator_view::create_marker return
// one.
#ifndef AMPCC_COMPLETION_FUTURE_H
#define AMPCC_COMPLETION_FUTURE_H

#include "exceptions.h"

#include <chrono>
#include <future>
#include <thread>
#include <type_traits>
#include <utility>

namespace Concurrency {

template <typename T> class task;

namespace details {
/// Builds completion_future::to_task's task; defined by <ppltasks.h>.
template <typename Task> struct FutureToTask;

template <typename T, typename = void> struct IsComplete : std::false_type {};
template <typename T>
struct IsComplete<T, decltype(void(sizeof(T)))> : std::true_type {};

/// The thread body of completion_future::then: a named functor, not a
/// lambda, so that nothing here is implicitly restrict(cpu,amp).
template <typename Functor> struct ThenTask {
  std::shared_future<void> Future;
  Functor Func;
  void operator()() {
    Future.wait();
    Func();
  }
};

/// Runs Task on another thread; the future reports its end (and rethrows
/// what it threw).
template <typename Task> std::shared_future<void> runAsync(Task T) {
  return std::async(std::launch::async, std::move(T)).share();
}
} // namespace details

class completion_future {
public:
  /// An invalid future, associated with no operation.
  completion_future() = default;
  completion_future(const completion_future &Other) = default;
  completion_future(completion_future &&Other) = default;
  completion_future &operator=(const completion_future &Other) = default;
  completion_future &operator=(completion_future &&Other) = default;
  /// ampcc extension: the future of any operation.
  explicit completion_future(std::shared_future<void> F) : Future(std::move(F)) {}

  /// Waits for the operation; rethrows the exception it ended with.
  void get() const { Future.get(); }
  bool valid() const { return Future.valid(); }
  void wait() const { Future.wait(); }
  template <class Rep, class Period>
  std::future_status
  wait_for(const std::chrono::duration<Rep, Period> &Duration) const {
    return Future.wait_for(Duration);
  }
  template <class Clock, class Duration>
  std::future_status
  wait_until(const std::chrono::time_point<Clock, Duration> &Time) const {
    return Future.wait_until(Time);
  }
  operator std::shared_future<void>() const { return Future; }

  /// Calls Func (on another thread) once the operation has completed.
  template <typename Functor> void then(const Functor &Func) const {
    if (!Future.valid())
      throw runtime_exception("completion_future::then called on an invalid "
                              "completion_future",
                              AMPCC_E_FAIL);
    std::thread(details::ThenTask<Functor>{Future, Func}).detach();
  }

  /// A PPL task that completes (or fails) with the operation, for
  /// continuations and task combinators. PPL's tasks come from <ppltasks.h>,
  /// which Visual C++'s <amp.h> includes and ampcc's does not: oneTBB's
  /// headers would double every C++ AMP file's compile time, and the
  /// <functional> they need brings std::array, which clashes with
  /// Concurrency::array under two using-directives.
  template <typename Task = Concurrency::task<void>> Task to_task() const {
    static_assert(details::IsComplete<details::FutureToTask<Task>>::value,
                  "include <ppltasks.h> to use completion_future::to_task");
    if (!Future.valid())
      throw runtime_exception("completion_future::to_task called on an invalid "
                              "completion_future",
                              AMPCC_E_FAIL);
    return details::FutureToTask<Task>::make(Future);
  }

private:
  std::shared_future<void> Future;
};

} // namespace Concurrency

#endif // AMPCC_COMPLETION_FUTURE_H
