// Microsoft's std::exception takes a message, and Visual C++ programs throw
// `std::exception("message")`, declare `std::exception e("message")` and
// derive error classes that pass a message to it. ampcc rewrites each to
// ::ampcc_ms::exception (a std::exception whose what() is the message),
// with a warning at each place; -fno-ms-headers leaves them errors.
// RUN: %ampcc %s -o %t 2> %t.err && %t | %FileCheck %s
// RUN: %FileCheck --check-prefix=WARN %s < %t.err
// RUN: %not %ampcc -fno-ms-headers %s -fsyntax-only 2>&1 | %FileCheck --check-prefix=OFF %s
// CHECK: thrown: bad size
// CHECK: variable: stored
// CHECK: derived: from my_error
// CHECK: unqualified base: other
// CHECK: caught as std::exception by value of the derived: 1
// Only ampcc's warnings, not the notes of the errors they replace.
// WARN-NOT: note:
#include <cstdio>
#include <exception>
#include <string>

// A class in Visual C++'s style: the message goes to std::exception's
// constructor, what() is inherited.
// WARN: vc-exception-message.cpp:[[@LINE+1]]:25: warning: std::exception constructed with a message, as Microsoft's STL allows; the class derives from '::ampcc_ms::exception' instead
class my_error : public std::exception {
public:
  // WARN: vc-exception-message.cpp:[[@LINE+2]]:38: warning: std::exception constructed with a message, as Microsoft's STL allows; it is '::ampcc_ms::exception' instead
  // OFF: vc-exception-message.cpp:[[@LINE+1]]:38: error: no matching constructor for initialization of 'std::exception'
  explicit my_error(const char *M) : std::exception(M) {}
};

struct other : std::exception {
  other() : exception("other") {}
};

int main() {
  try {
    // WARN: vc-exception-message.cpp:[[@LINE+2]]:11: warning: std::exception constructed with a message
    // OFF: vc-exception-message.cpp:[[@LINE+1]]:11: error: no matching conversion for functional-style cast from 'const char[9]' to 'std::exception'
    throw std::exception("bad size");
  } catch (const std::exception &E) {
    std::printf("thrown: %s\n", E.what());
  }
  // WARN: vc-exception-message.cpp:[[@LINE+1]]:18: warning: std::exception constructed with a message
  std::exception Stored("stored");
  std::printf("variable: %s\n", Stored.what());
  try {
    throw my_error("from my_error");
  } catch (const std::exception &E) {
    std::printf("derived: %s\n", E.what());
  }
  try {
    throw other();
  } catch (const std::exception &E) {
    std::printf("unqualified base: %s\n", E.what());
  }
  my_error Copy = my_error("copied");
  std::printf("caught as std::exception by value of the derived: %d\n",
              std::string(Copy.what()) == "copied");
  return 0;
}
