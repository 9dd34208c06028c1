// ampcc/ppl/exceptions.h - the exceptions of the Parallel Patterns Library.
//
// Visual C++ declares these in <concrt.h>; PPL code catches them by these
// names, so they are ordinary std::exception classes here.
#ifndef AMPCC_PPL_EXCEPTIONS_H
#define AMPCC_PPL_EXCEPTIONS_H

#include <exception>
#include <string>

namespace Concurrency {

namespace details {
/// One std::exception with a message, shared by the PPL exception classes.
class PplException : public std::exception {
public:
  explicit PplException(const char *Default, const char *Message)
      : Msg(Message ? Message : Default) {}
  const char *what() const noexcept override { return Msg.c_str(); }

private:
  std::string Msg;
};
} // namespace details

/// A task was canceled (thrown by task::get and cancel_current_task).
class task_canceled : public details::PplException {
public:
  explicit task_canceled(const char *Message = nullptr)
      : PplException("task canceled", Message) {}
};

/// An operation was called in a state that does not allow it (for example
/// get() on a default-constructed task).
class invalid_operation : public details::PplException {
public:
  explicit invalid_operation(const char *Message = nullptr)
      : PplException("invalid operation", Message) {}
};

/// A lock was taken recursively, or released by a thread that does not hold
/// it.
class improper_lock : public details::PplException {
public:
  explicit improper_lock(const char *Message = nullptr)
      : PplException("improper lock", Message) {}
};

/// A task group was destroyed with work still scheduled and never waited
/// for.
class missing_wait : public details::PplException {
public:
  explicit missing_wait(const char *Message = nullptr)
      : PplException("missing wait", Message) {}
};

} // namespace Concurrency

#endif // AMPCC_PPL_EXCEPTIONS_H
