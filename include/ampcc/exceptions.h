// ampcc/exceptions.h - the exception classes of spec §3.9 / §4.2.
//
// Plain C++ (no restrict): the runtime library throws these.
#ifndef AMPCC_EXCEPTIONS_H
#define AMPCC_EXCEPTIONS_H

#include <exception>
#include <string>

namespace Concurrency {

/// Base of all C++ AMP runtime errors. error() returns the HRESULT-style code
/// of the spec where one exists, else the OpenCL error code.
class runtime_exception : public std::exception {
public:
  runtime_exception(const char *Message, long Error) noexcept
      : Message(Message), Error(Error) {}
  explicit runtime_exception(long Error) noexcept
      : Message("runtime_exception"), Error(Error) {}
  runtime_exception(const std::string &Message, long Error)
      : Message(Message), Error(Error) {}
  const char *what() const noexcept override { return Message.c_str(); }
  long get_error_code() const noexcept { return Error; }

private:
  std::string Message;
  long Error;
};

/// E_OUTOFMEMORY in Visual C++.
constexpr long AMPCC_E_OUTOFMEMORY = 0x8007000EL;
/// E_INVALIDARG in Visual C++.
constexpr long AMPCC_E_INVALIDARG = 0x80070057L;
/// E_FAIL in Visual C++.
constexpr long AMPCC_E_FAIL = 0x80004005L;

class out_of_memory : public runtime_exception {
public:
  explicit out_of_memory(const char *Message) noexcept
      : runtime_exception(Message, AMPCC_E_OUTOFMEMORY) {}
  out_of_memory() noexcept : runtime_exception("out of memory", AMPCC_E_OUTOFMEMORY) {}
};

class invalid_compute_domain : public runtime_exception {
public:
  explicit invalid_compute_domain(const char *Message) noexcept
      : runtime_exception(Message, AMPCC_E_INVALIDARG) {}
  explicit invalid_compute_domain(const std::string &Message)
      : runtime_exception(Message, AMPCC_E_INVALIDARG) {}
  invalid_compute_domain() noexcept
      : runtime_exception("invalid compute domain", AMPCC_E_INVALIDARG) {}
};

class unsupported_feature : public runtime_exception {
public:
  explicit unsupported_feature(const char *Message) noexcept
      : runtime_exception(Message, AMPCC_E_INVALIDARG) {}
  explicit unsupported_feature(const std::string &Message)
      : runtime_exception(Message, AMPCC_E_INVALIDARG) {}
  unsupported_feature() noexcept
      : runtime_exception("unsupported feature", AMPCC_E_INVALIDARG) {}
};

class accelerator_view_removed : public runtime_exception {
public:
  accelerator_view_removed(const char *Message, long Reason) noexcept
      : runtime_exception(Message, AMPCC_E_FAIL), Reason(Reason) {}
  long get_view_removed_reason() const noexcept { return Reason; }

private:
  long Reason;
};

} // namespace Concurrency

#endif // AMPCC_EXCEPTIONS_H
