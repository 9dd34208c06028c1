// ampcc/markers.h - Concurrency::diagnostic, the Concurrency Visualizer
// markers (see <cvmarkersobj.h>). Narrow and wide format strings are both
// accepted, as Visual C++'s _T() strings may be either. With neither
// AMPCC_TRACE nor AMPCC_TRACE_FILE set a marker costs one call that tests a
// flag; otherwise the runtime prints it (AMPCC_TRACE) and records it in the
// trace file (runtime/observation/Markers.cpp).
#ifndef AMPCC_MARKERS_H
#define AMPCC_MARKERS_H

#include "ampcc/runtime_api.h"

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cwchar>
#include <string>

namespace Concurrency {
namespace diagnostic {

enum marker_importance {
  low_importance,
  normal_importance,
  high_importance,
  critical_importance
};

namespace details {
inline std::string format(const char *Fmt, va_list Args) {
  char Buf[512];
  std::vsnprintf(Buf, sizeof Buf, Fmt, Args);
  return Buf;
}

inline std::string format(const wchar_t *Fmt, va_list Args) {
  wchar_t Wide[512];
  std::vswprintf(Wide, sizeof Wide / sizeof Wide[0], Fmt, Args);
  char Buf[1024];
  std::size_t N = std::wcstombs(Buf, Wide, sizeof Buf - 1);
  Buf[N == std::size_t(-1) ? 0 : N] = 0;
  return Buf;
}

inline void mark(const std::string &Series, ampcc::rt::MarkerKind Kind, int Category,
                 const std::string &Text, uint64_t StartNs = 0) {
  uint64_t Now = ampcc::rt::markerClockNs();
  ampcc::rt::recordMarker(Series.c_str(), Kind, Category, Text.c_str(),
                          StartNs ? StartNs : Now, Now);
}
} // namespace details

/// A channel of markers: one track of the trace.
class marker_series {
public:
  marker_series() = default;
  explicit marker_series(const char *Name) : Name(Name ? Name : "") {}
  explicit marker_series(const wchar_t *Name) {
    if (Name) {
      char Buf[256];
      std::size_t N = std::wcstombs(Buf, Name, sizeof Buf - 1);
      this->Name = N == std::size_t(-1) ? "" : std::string(Buf, N);
    }
  }

  // Each writer takes (format, ...), (category, format, ...),
  // (importance, format, ...) or (importance, category, format, ...).
#define AMPCC_MARKER_WRITER(Method, Kind, Params, Category)                    \
  template <typename Char> void Method(Params const Char *Fmt, ...) {          \
    if (!ampcc::rt::markersEnabled())                                          \
      return;                                                                  \
    va_list Args;                                                              \
    va_start(Args, Fmt);                                                       \
    details::mark(Name, ampcc::rt::MarkerKind::Kind, Category,                 \
                  details::format(Fmt, Args));                                 \
    va_end(Args);                                                              \
  }
#define AMPCC_MARKER_WRITERS(Method, Kind)                                     \
  AMPCC_MARKER_WRITER(Method, Kind, , 0)                                       \
  AMPCC_MARKER_WRITER(Method, Kind, int Category AMPCC_COMMA, Category)        \
  AMPCC_MARKER_WRITER(Method, Kind, marker_importance AMPCC_COMMA, 0)          \
  AMPCC_MARKER_WRITER(Method, Kind,                                            \
                      marker_importance AMPCC_COMMA int Category AMPCC_COMMA,  \
                      Category)
#define AMPCC_COMMA ,
  AMPCC_MARKER_WRITERS(write_flag, Flag)
  AMPCC_MARKER_WRITERS(write_message, Message)
  AMPCC_MARKER_WRITERS(write_alert, Alert)
#undef AMPCC_COMMA
#undef AMPCC_MARKER_WRITERS
#undef AMPCC_MARKER_WRITER

  const std::string &name() const { return Name; }

private:
  std::string Name;
};

/// A range of time in a series: from construction to destruction.
class span {
public:
  template <typename Char>
  span(marker_series &Series, const Char *Fmt, ...) : Series(Series) {
    va_list Args;
    va_start(Args, Fmt);
    enter(0, Fmt, Args);
    va_end(Args);
  }
  template <typename Char>
  span(marker_series &Series, int Category, const Char *Fmt, ...) : Series(Series) {
    va_list Args;
    va_start(Args, Fmt);
    enter(Category, Fmt, Args);
    va_end(Args);
  }
  template <typename Char>
  span(marker_series &Series, marker_importance, const Char *Fmt, ...)
      : Series(Series) {
    va_list Args;
    va_start(Args, Fmt);
    enter(0, Fmt, Args);
    va_end(Args);
  }
  template <typename Char>
  span(marker_series &Series, marker_importance, int Category, const Char *Fmt, ...)
      : Series(Series) {
    va_list Args;
    va_start(Args, Fmt);
    enter(Category, Fmt, Args);
    va_end(Args);
  }
  ~span() {
    if (StartNs)
      details::mark(Series.name(), ampcc::rt::MarkerKind::SpanEnd, Category, Text,
                    StartNs);
  }
  span(const span &) = delete;
  span &operator=(const span &) = delete;

private:
  template <typename Char> void enter(int Cat, const Char *Fmt, va_list Args) {
    if (!ampcc::rt::markersEnabled())
      return;
    Category = Cat;
    Text = details::format(Fmt, Args);
    StartNs = ampcc::rt::markerClockNs();
    details::mark(Series.name(), ampcc::rt::MarkerKind::SpanBegin, Category, Text);
  }

  marker_series &Series;
  int Category = 0;
  std::string Text;
  uint64_t StartNs = 0; ///< 0: markers are off.
};

} // namespace diagnostic
} // namespace Concurrency

#endif // AMPCC_MARKERS_H
