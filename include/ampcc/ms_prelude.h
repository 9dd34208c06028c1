// ampcc/ms_prelude.h - what every Visual C++ translation unit has.
//
// The driver force-includes this header, and puts include/ms (<windows.h>,
// the Microsoft STL's internal header names) on the include path, unless it
// is given -fno-ms-headers (docs/migrating-from-visual-cpp.md).
#ifndef AMPCC_MS_PRELUDE_H
#define AMPCC_MS_PRELUDE_H

/// <amp.h> includes <windows.h> when this is defined, as Visual C++'s does;
/// the compiler repairs `std::exception("message")` only then.
#define _AMPCC_MS_HEADERS 1

// Visual C++'s predefined macros for the target architecture, which
// programs test to pick a pointer-sized type (`#elif defined(_M_AMD64)`).
// _MSC_VER and _WIN32 stay undefined: they would select Windows-only code.
#if defined(__x86_64__) && !defined(_M_X64)
#define _M_X64 100
#define _M_AMD64 100
#elif defined(__i386__) && !defined(_M_IX86)
#define _M_IX86 600
#elif defined(__aarch64__) && !defined(_M_ARM64)
#define _M_ARM64 1
#endif

// Visual C++'s <stdlib.h> macros.
#ifndef __min
#define __min(a, b) (((a) < (b)) ? (a) : (b))
#endif
#ifndef __max
#define __max(a, b) (((a) > (b)) ? (a) : (b))
#endif

#ifdef __cplusplus
#include <exception>
#include <memory>
#include <string>

// Visual C++'s standard headers include the C library's: after <iostream>
// or <vector> alone, programs call fabs, sqrt, printf and atoi, and use
// FLT_MAX and INT_MAX (Microsoft's <limits> includes <cfloat> and
// <climits>), and memcpy and strlen (its <iosfwd> includes <cstring>).
// glibc's <string.h> also declares the BSD index(), which Windows lacks;
// it is renamed here as <amp.h> renames it (see there), so that `index<1>`
// under `using namespace concurrency;` stays unambiguous.
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#pragma push_macro("index")
#define index __ampcc_glibc_index
#include <cstring>
#pragma pop_macro("index")

// The Microsoft CRT's secure (_s) functions, _countof, _stricmp, _itoa,
// _byteswap_*, ... and stdext::checked_array_iterator, which Visual C++'s
// C and standard headers declare (include/ms).
#include <ampcc_ms_crt.h>

// Visual C++'s rand() returns 15 bits; programs size their data and their
// checks by it. Every file compiled with this header refers to the
// runtime's Microsoft generator (runtime/support/MsRand.cpp), which the
// link then takes as the program's rand() and srand() instead of glibc's;
// files compiled with -fno-ms-headers do not.
#undef RAND_MAX
#define RAND_MAX 0x7fff
extern "C" const int ampcc_ms_rand_;
namespace {
__attribute__((used)) const int *const AmpccMsRandAnchor = &ampcc_ms_rand_;
} // namespace
#include <ampcc_ms_stdext.h>
#include <ampcc_ms_vector.h>

namespace std {
/// pi, a constant of Visual C++'s <random> and <complex> that programs use.
const double _Pi = 3.14159265358979323846264338327950288;
} // namespace std

namespace ampcc_ms {
/// Microsoft's std::exception takes a message (`throw std::exception("bad
/// size")`); libstdc++'s does not. ampcc rewrites such a construction, and
/// the base of a class that passes a message to std::exception, to this
/// class, which is a std::exception whose what() is the message.
class exception : public std::exception {
public:
  exception() noexcept : Message(std::make_shared<std::string>("Unknown exception")) {}
  explicit exception(const char *Message)
      : Message(std::make_shared<std::string>(Message ? Message : "Unknown exception")) {}
  /// Microsoft's form that keeps the pointer instead of a copy.
  exception(const char *Message, int)
      : exception(Message) {}
  const char *what() const noexcept override { return Message->c_str(); }

private:
  // Shared, so that copying the exception (as throwing does) cannot throw.
  std::shared_ptr<const std::string> Message;
};

/// A range-for whose begin and end only namespace std declares (a
/// program's own std::begin for concurrency::array): C++11 as published
/// found them there, DR 1442 does not. ampcc rewrites such a range `r` to
/// `std_range(::std::begin(r), ::std::end(r))`
/// (compiler/lib/Frontend/VisualCppLookupRepairs.cpp).
template <class Iterator> struct range {
  Iterator First, Last;
  Iterator begin() const { return First; }
  Iterator end() const { return Last; }
};
template <class Iterator> range<Iterator> std_range(Iterator First, Iterator Last) {
  return {First, Last};
}
} // namespace ampcc_ms
#endif

#endif // AMPCC_MS_PRELUDE_H
