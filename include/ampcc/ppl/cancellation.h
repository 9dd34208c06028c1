// ampcc/ppl/cancellation.h - cancellation_token and cancellation_token_source.
//
// A source owns a shared cancellation state; tokens are cheap copies of a
// pointer to it. Canceling runs the registered callbacks once, on the
// canceling thread, as PPL does. task_group and task<T> register callbacks
// to forward the request to oneTBB's own cancellation.
#ifndef AMPCC_PPL_CANCELLATION_H
#define AMPCC_PPL_CANCELLATION_H

#include "exceptions.h"

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

namespace Concurrency {

namespace details {
struct CancellationState {
  std::atomic<bool> Canceled{false};
  std::mutex M;
  long NextId = 0;
  std::vector<std::pair<long, std::function<void()>>> Callbacks;

  void cancel() {
    if (Canceled.exchange(true))
      return;
    std::vector<std::pair<long, std::function<void()>>> ToRun;
    {
      std::lock_guard<std::mutex> L(M);
      ToRun.swap(Callbacks);
    }
    for (auto &C : ToRun)
      C.second();
  }
};
} // namespace details

class cancellation_token;

/// What register_callback returns, to deregister the callback again.
class cancellation_token_registration {
public:
  cancellation_token_registration() = default;
  bool operator==(const cancellation_token_registration &O) const {
    return State == O.State && Id == O.Id;
  }
  bool operator!=(const cancellation_token_registration &O) const {
    return !(*this == O);
  }

private:
  friend class cancellation_token;
  std::shared_ptr<details::CancellationState> State;
  long Id = -1;
};

class cancellation_token {
public:
  /// A token that is never canceled.
  static cancellation_token none() { return cancellation_token(); }

  bool is_canceled() const { return State && State->Canceled.load(); }
  bool is_cancelable() const { return State != nullptr; }

  /// Runs \p F when the token is canceled, at once if it already is.
  template <typename Function>
  cancellation_token_registration register_callback(const Function &F) const {
    if (!State)
      throw invalid_operation("register_callback on a token that cannot be canceled");
    cancellation_token_registration R;
    R.State = State;
    {
      std::lock_guard<std::mutex> L(State->M);
      if (!State->Canceled.load()) {
        R.Id = State->NextId++;
        State->Callbacks.emplace_back(R.Id, std::function<void()>(F));
        return R;
      }
    }
    F();
    return R;
  }

  void deregister_callback(const cancellation_token_registration &R) const {
    if (!State || R.State != State)
      return;
    std::lock_guard<std::mutex> L(State->M);
    for (auto I = State->Callbacks.begin(); I != State->Callbacks.end(); ++I)
      if (I->first == R.Id) {
        State->Callbacks.erase(I);
        return;
      }
  }

  bool operator==(const cancellation_token &O) const { return State == O.State; }
  bool operator!=(const cancellation_token &O) const { return State != O.State; }

private:
  friend class cancellation_token_source;
  cancellation_token() = default;
  explicit cancellation_token(std::shared_ptr<details::CancellationState> S)
      : State(std::move(S)) {}

  std::shared_ptr<details::CancellationState> State;
};

class cancellation_token_source {
public:
  cancellation_token_source()
      : State(std::make_shared<details::CancellationState>()) {}

  cancellation_token get_token() const { return cancellation_token(State); }
  void cancel() const { State->cancel(); }

  /// A source that is canceled when \p Token is (and may also be canceled
  /// on its own).
  static cancellation_token_source create_linked_source(cancellation_token &Token) {
    cancellation_token_source S;
    if (Token.is_cancelable()) {
      std::weak_ptr<details::CancellationState> W = S.State;
      Token.register_callback([W] {
        if (auto P = W.lock())
          P->cancel();
      });
    }
    return S;
  }

  bool operator==(const cancellation_token_source &O) const { return State == O.State; }
  bool operator!=(const cancellation_token_source &O) const { return State != O.State; }

private:
  std::shared_ptr<details::CancellationState> State;
};

} // namespace Concurrency

#endif // AMPCC_PPL_CANCELLATION_H
