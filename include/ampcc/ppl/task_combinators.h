// ampcc/ppl/task_combinators.h - when_all, when_any and the && / || of
// tasks (part of <ppltasks.h>).
//
// Each combinator is a task_completion_event completed from the inputs'
// completion callbacks, so waiting for it never occupies a worker.
#ifndef AMPCC_PPL_TASK_COMBINATORS_H
#define AMPCC_PPL_TASK_COMBINATORS_H

#include "tasks.h"

#include <atomic>
#include <cstddef>
#include <iterator>
#include <memory>
#include <utility>
#include <vector>

namespace Concurrency {

namespace details {
template <typename T> struct AllResult { using type = std::vector<T>; };
template <> struct AllResult<void> { using type = void; };
template <typename T> struct AllResult<std::vector<T>> { using type = std::vector<T>; };

/// when_all's common part: the result completes when every task has, with
/// the first error (or cancellation) in task order, else the values.
template <typename T, typename Iterator>
auto whenAll(Iterator First, Iterator Last) {
  using R = typename AllResult<T>::type;
  std::vector<task<T>> Tasks(First, Last);
  task_completion_event<R> Event;
  task<R> Result(Event);
  if (Tasks.empty()) {
    if constexpr (std::is_void<R>::value)
      Event.set();
    else
      Event.set(R());
    return Result;
  }
  auto Left = std::make_shared<std::atomic<std::size_t>>(Tasks.size());
  auto Shared = std::make_shared<std::vector<task<T>>>(Tasks);
  for (const task<T> &Tk : Tasks) {
    stateOf(Tk)->onComplete([Left, Shared, Event] {
      if (--*Left != 0)
        return;
      for (const task<T> &U : *Shared) {
        auto S = stateOf(U);
        if (S->St == TaskState<T>::Failed) {
          Event.set_exception(S->Error);
          return;
        }
        if (S->St == TaskState<T>::Canceled) {
          Event.set_exception(std::make_exception_ptr(task_canceled()));
          return;
        }
      }
      if constexpr (std::is_void<R>::value) {
        Event.set();
      } else {
        R Values;
        for (const task<T> &U : *Shared) {
          auto S = stateOf(U);
          if constexpr (std::is_same<R, T>::value) // task<vector<U>> inputs
            Values.insert(Values.end(), S->Value->begin(), S->Value->end());
          else
            Values.push_back(*S->Value);
        }
        Event.set(Values);
      }
    });
  }
  return Result;
}
} // namespace details

/// A task that completes when all of [First, Last) have: task<vector<T>>
/// (task<void> for void tasks). An exception of any input reaches it.
template <typename Iterator>
auto when_all(Iterator First, Iterator Last) {
  using T = typename std::iterator_traits<Iterator>::value_type::result_type;
  return details::whenAll<T>(First, Last);
}

/// A task that completes when the first of [First, Last) completes
/// successfully: task<pair<T, index>> (task<size_t> for void tasks). If all
/// fail, the last failure reaches it.
template <typename Iterator>
auto when_any(Iterator First, Iterator Last) {
  using T = typename std::iterator_traits<Iterator>::value_type::result_type;
  using R = std::conditional_t<std::is_void<T>::value, std::size_t,
                               std::pair<T, std::size_t>>;
  std::vector<task<T>> Tasks(First, Last);
  task_completion_event<R> Event;
  if (Tasks.empty())
    throw invalid_operation("when_any of no tasks");
  auto Left = std::make_shared<std::atomic<std::size_t>>(Tasks.size());
  for (std::size_t I = 0; I < Tasks.size(); ++I) {
    auto S = details::stateOf(Tasks[I]);
    S->onComplete([S, I, Left, Event] {
      bool Last = --*Left == 0;
      if (S->St == details::TaskState<T>::Done) {
        if constexpr (std::is_void<T>::value)
          Event.set(I);
        else
          Event.set(R(*S->Value, I));
      } else if (Last) {
        Event.set_exception(S->Error ? S->Error
                                     : std::make_exception_ptr(task_canceled()));
      }
    });
  }
  return task<R>(Event);
}

template <typename T>
auto operator&&(const task<T> &A, const task<T> &B) {
  task<T> Both[] = {A, B};
  return when_all(std::begin(Both), std::end(Both));
}

template <typename T>
auto operator||(const task<T> &A, const task<T> &B) {
  task<T> Either[] = {A, B};
  if constexpr (std::is_void<T>::value) {
    return when_any(std::begin(Either), std::end(Either)).then([](std::size_t) {});
  } else {
    return when_any(std::begin(Either), std::end(Either))
        .then([](std::pair<T, std::size_t> P) { return P.first; });
  }
}

} // namespace Concurrency

#endif // AMPCC_PPL_TASK_COMBINATORS_H
