// ampcc/ppl/tasks.h - task<T>, create_task, then, task_completion_event
// (Visual C++'s <ppltasks.h>; when_all and when_any are in
// task_combinators.h).
//
// A task is a shared state (value or exception or canceled) plus the work
// that fills it. Work runs on oneTBB's workers through one process-wide
// task_arena (enqueue: fire and forget, as PPL tasks are). Continuations are
// stored in the antecedent's state and enqueued when it completes. A thread
// that waits for a task that has not started yet runs it itself, as PPL's
// inlining does, so waiting inside a task cannot starve the workers.
#ifndef AMPCC_PPL_TASKS_H
#define AMPCC_PPL_TASKS_H

#include "cancellation.h"
#include "task_group.h"

#include <oneapi/tbb/task_arena.h>

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <type_traits>
#include <utility>
#include <vector>

namespace Concurrency {

/// PPL spells the status of a task and of a task group alike.
typedef task_group_status task_status;

template <typename T> class task;
template <typename T> class task_completion_event;

namespace details {

/// Stands for the value of a task<void>.
struct Unit {};

template <typename T>
using StoredType = typename std::conditional<std::is_void<T>::value, Unit, T>::type;

inline tbb::task_arena &taskArena() {
  static tbb::task_arena Arena;
  return Arena;
}

/// The token of the task running on this thread, for
/// is_task_cancellation_requested().
inline cancellation_token *&currentToken() {
  thread_local cancellation_token *Token = nullptr;
  return Token;
}

template <typename T>
struct TaskState {
  enum Status { Pending, Done, Failed, Canceled };

  std::mutex M;
  std::condition_variable CV;
  Status St = Pending;
  std::unique_ptr<StoredType<T>> Value;
  std::exception_ptr Error;
  std::vector<std::function<void()>> Continuations;

  cancellation_token Token = cancellation_token::none();
  /// The work; it runs once, on whichever thread claims it first (a worker
  /// or a waiter), and only once Ready (a continuation's antecedent is done).
  std::function<void()> Work;
  std::atomic<bool> Ready{false};
  std::atomic<bool> Claimed{false};
  /// Waiting for this task first helps the task it continues.
  std::function<void()> HelpAntecedent;

  bool finish(Status S, std::unique_ptr<StoredType<T>> V, std::exception_ptr E) {
    std::vector<std::function<void()>> Next;
    {
      std::lock_guard<std::mutex> L(M);
      if (St != Pending)
        return false;
      St = S;
      Value = std::move(V);
      Error = E;
      Next.swap(Continuations);
    }
    CV.notify_all();
    for (auto &C : Next)
      C();
    return true;
  }

  /// Runs the work unless someone else already claimed it.
  void tryRun() {
    if (!Ready.load() || Claimed.exchange(true))
      return;
    // Moved out: the work holds the state, and the state must not keep its
    // own work (and so itself) alive once it has run.
    std::function<void()> W = std::move(Work);
    Work = nullptr;
    if (W)
      W();
  }

  void wait() {
    if (HelpAntecedent)
      HelpAntecedent();
    tryRun();
    std::unique_lock<std::mutex> L(M);
    CV.wait(L, [this] { return St != Pending; });
  }

  /// Runs \p C once the task is complete (at once if it is).
  void onComplete(std::function<void()> C) {
    {
      std::lock_guard<std::mutex> L(M);
      if (St == Pending) {
        Continuations.push_back(std::move(C));
        return;
      }
    }
    C();
  }
};

/// Calls F (with Arg unless it is a Unit) and stores the result.
template <typename R, typename F, typename... Args>
std::unique_ptr<StoredType<R>> invokeStoring(F &Fn, Args &&...A) {
  if constexpr (std::is_void<R>::value) {
    Fn(std::forward<Args>(A)...);
    return std::make_unique<Unit>();
  } else {
    return std::make_unique<R>(Fn(std::forward<Args>(A)...));
  }
}

template <typename T> struct IsTask : std::false_type {};
template <typename T> struct IsTask<task<T>> : std::true_type {};

template <typename T> struct UnwrapTask { using type = T; };
template <typename T> struct UnwrapTask<task<T>> { using type = T; };

/// Runs Body on a state: cancellation before the start, task_canceled from
/// cancel_current_task, and exceptions all end in the state.
template <typename T, typename Body>
void runInto(const std::shared_ptr<TaskState<T>> &S, Body &B);

template <typename T>
std::shared_ptr<TaskState<T>> stateOf(const task<T> &Task);

/// Enqueues the state's work on oneTBB's arena.
template <typename T>
void schedule(const std::shared_ptr<TaskState<T>> &S) {
  taskArena().enqueue([S] { S->tryRun(); });
}

} // namespace details

/// True inside a task whose token has been canceled.
inline bool is_task_cancellation_requested() {
  cancellation_token *T = details::currentToken();
  return T && T->is_canceled();
}

/// Cancels the running task: it ends as canceled, and get() on it throws
/// task_canceled.
[[noreturn]] inline void cancel_current_task() { throw task_canceled(); }

template <typename T>
class task_completion_event {
public:
  task_completion_event() : State(std::make_shared<details::TaskState<T>>()) {}

  template <typename U = T, typename = std::enable_if_t<!std::is_void<U>::value>>
  bool set(const U &Value) const {
    return State->finish(details::TaskState<T>::Done,
                         std::make_unique<details::StoredType<T>>(Value), nullptr);
  }
  template <typename U = T, typename = std::enable_if_t<std::is_void<U>::value>>
  bool set() const {
    return State->finish(details::TaskState<T>::Done,
                         std::make_unique<details::Unit>(), nullptr);
  }
  template <typename E>
  bool set_exception(E Error) const {
    return State->finish(details::TaskState<T>::Failed, nullptr,
                         std::make_exception_ptr(Error));
  }
  bool set_exception(std::exception_ptr Error) const {
    return State->finish(details::TaskState<T>::Failed, nullptr, Error);
  }

private:
  friend class task<T>;
  std::shared_ptr<details::TaskState<T>> State;
};

template <typename T>
class task {
public:
  typedef T result_type;

  /// An empty task: get() and wait() throw invalid_operation.
  task() = default;

  /// Starts F on oneTBB's workers.
  template <typename Function,
            typename = std::enable_if_t<!std::is_same<std::decay_t<Function>, task>::value>>
  explicit task(Function F,
                cancellation_token Token = cancellation_token::none()) {
    start(std::move(F), Token);
  }

  /// A task that completes when the event is set.
  explicit task(const task_completion_event<T> &Event) : State(Event.State) {}

  bool is_done() const { return status() != not_complete; }

  /// Waits; rethrows the task's exception; `canceled` if it was canceled.
  task_status wait() const {
    check();
    State->wait();
    if (State->St == details::TaskState<T>::Failed)
      std::rethrow_exception(State->Error);
    return State->St == details::TaskState<T>::Canceled ? canceled : completed;
  }

  /// The task's value; rethrows its exception, or throws task_canceled.
  T get() const {
    if (wait() == canceled)
      throw task_canceled();
    if constexpr (std::is_void<T>::value)
      return;
    else
      return *State->Value;
  }

  /// Runs F after this task. F takes the value (a value-based continuation,
  /// skipped when this task fails or is canceled: the failure passes on) or
  /// the task itself (a task-based continuation, always run). A continuation
  /// that returns a task<U> gives a task<U>.
  template <typename Function>
  auto then(Function F, cancellation_token Token = cancellation_token::none()) const {
    check();
    constexpr bool TaskBased = std::is_invocable<Function, task<T>>::value;
    using Raw = typename std::conditional_t<
        TaskBased, std::invoke_result<Function, task<T>>,
        std::conditional_t<std::is_void<T>::value, std::invoke_result<Function>,
                           std::invoke_result<Function, details::StoredType<T> &>>>::type;
    using R = typename details::UnwrapTask<Raw>::type;

    auto Next = std::make_shared<details::TaskState<R>>();
    Next->Token = Token;
    auto Ante = State;
    Next->HelpAntecedent = [Ante] {
      if (Ante->HelpAntecedent)
        Ante->HelpAntecedent();
      Ante->tryRun();
    };
    task<T> Self = *this;
    Next->Work = [Next, Self, F]() mutable {
      auto Body = [&]() -> std::unique_ptr<details::StoredType<Raw>> {
        if constexpr (TaskBased) {
          return details::invokeStoring<Raw>(F, Self);
        } else {
          auto &A = *Self.State;
          if (A.St == details::TaskState<T>::Failed)
            std::rethrow_exception(A.Error);
          if (A.St == details::TaskState<T>::Canceled)
            throw task_canceled();
          if constexpr (std::is_void<T>::value)
            return details::invokeStoring<Raw>(F);
          else
            return details::invokeStoring<Raw>(F, *A.Value);
        }
      };
      details::runInto<R>(Next, Body);
    };
    std::weak_ptr<details::TaskState<R>> W = Next;
    State->onComplete([W] {
      if (auto N = W.lock()) {
        N->Ready.store(true);
        details::schedule(N);
      }
    });
    return task<R>(Next);
  }

  bool operator==(const task &O) const { return State == O.State; }
  bool operator!=(const task &O) const { return State != O.State; }

private:
  template <typename U> friend class task;
  template <typename U>
  friend std::shared_ptr<details::TaskState<U>> details::stateOf(const task<U> &);
  template <typename U, typename Body>
  friend void details::runInto(const std::shared_ptr<details::TaskState<U>> &, Body &);

  explicit task(std::shared_ptr<details::TaskState<T>> S) : State(std::move(S)) {}

  template <typename Function>
  void start(Function F, cancellation_token Token) {
    using Raw = std::invoke_result_t<Function>;
    static_assert(std::is_same<typename details::UnwrapTask<Raw>::type, T>::value,
                  "task<T>: the function must return T (or task<T>)");
    State = std::make_shared<details::TaskState<T>>();
    State->Token = Token;
    auto S = State;
    State->Work = [S, F]() mutable {
      auto Body = [&] { return details::invokeStoring<Raw>(F); };
      details::runInto<T>(S, Body);
    };
    State->Ready.store(true);
    details::schedule(State);
  }

  task_status status() const {
    check();
    std::lock_guard<std::mutex> L(State->M);
    switch (State->St) {
    case details::TaskState<T>::Pending:
      return not_complete;
    case details::TaskState<T>::Canceled:
      return canceled;
    default:
      return completed;
    }
  }

  void check() const {
    if (!State)
      throw invalid_operation("the task is empty (default-constructed)");
  }

  std::shared_ptr<details::TaskState<T>> State;
};

namespace details {

template <typename T>
std::shared_ptr<TaskState<T>> stateOf(const task<T> &Task) {
  return Task.State;
}

template <typename T, typename Body>
void runInto(const std::shared_ptr<TaskState<T>> &S, Body &B) {
  using State = TaskState<T>;
  if (S->Token.is_canceled()) {
    S->finish(State::Canceled, nullptr, nullptr);
    return;
  }
  cancellation_token *Outer = currentToken();
  currentToken() = &S->Token;
  try {
    auto V = B();
    currentToken() = Outer;
    using Got = typename std::decay_t<decltype(*V)>;
    if constexpr (IsTask<Got>::value) {
      // The continuation returned a task: this one completes with it.
      auto Inner = V->State;
      std::weak_ptr<State> W = S;
      Inner->onComplete([W, Inner] {
        auto Outer = W.lock();
        if (!Outer)
          return;
        std::unique_ptr<StoredType<T>> Copy;
        if (Inner->St == TaskState<T>::Done)
          Copy = std::make_unique<StoredType<T>>(*Inner->Value);
        Outer->finish(static_cast<typename State::Status>(Inner->St),
                      std::move(Copy), Inner->Error);
      });
    } else {
      S->finish(State::Done, std::move(V), nullptr);
    }
  } catch (const task_canceled &) {
    currentToken() = Outer;
    S->finish(State::Canceled, nullptr, nullptr);
  } catch (...) {
    currentToken() = Outer;
    S->finish(State::Failed, nullptr, std::current_exception());
  }
}

} // namespace details

/// Starts F as a task; F returning task<U> gives task<U>.
template <typename Function>
auto create_task(Function F, cancellation_token Token = cancellation_token::none()) {
  using R = typename details::UnwrapTask<std::invoke_result_t<Function>>::type;
  return task<R>(std::move(F), Token);
}

template <typename T>
task<T> create_task(const task_completion_event<T> &Event) {
  return task<T>(Event);
}

template <typename T>
task<T> create_task(task<T> Task) {
  return Task;
}

template <typename T>
task<T> task_from_result(T Value) {
  task_completion_event<T> E;
  E.set(Value);
  return task<T>(E);
}

inline task<void> task_from_result() {
  task_completion_event<void> E;
  E.set();
  return task<void>(E);
}

template <typename T = void, typename E>
task<T> task_from_exception(E Error) {
  task_completion_event<T> Ev;
  Ev.set_exception(Error);
  return task<T>(Ev);
}

} // namespace Concurrency

#endif // AMPCC_PPL_TASKS_H
