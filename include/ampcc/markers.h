// ampcc/markers.h - Concurrency::diagnostic, the Concurrency Visualizer
// markers (see <cvmarkersobj.h>). Narrow and wide format strings are both
// accepted, as Visual C++'s _T() strings may be either.
#ifndef AMPCC_MARKERS_H
#define AMPCC_MARKERS_H

#include <chrono>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
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
/// Markers are printed only when the runtime's trace is on.
inline bool tracing() {
  static const bool On = [] {
    const char *V = std::getenv("AMPCC_TRACE");
    return V && *V && std::strcmp(V, "0") != 0;
  }();
  return On;
}

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

inline void print(const std::string &Series, const char *Kind, int Category,
                  const std::string &Text) {
  std::fprintf(stderr, "ampcc: marker [%s] %s (category %d): %s\n",
               Series.empty() ? "default" : Series.c_str(), Kind, Category,
               Text.c_str());
}
} // namespace details

/// A channel of markers, named in the trace.
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

#define AMPCC_MARKER_WRITERS(Method, Kind)                                     \
  template <typename Char> void Method(const Char *Fmt, ...) {                 \
    if (!details::tracing())                                                   \
      return;                                                                  \
    va_list Args;                                                              \
    va_start(Args, Fmt);                                                       \
    details::print(Name, Kind, 0, details::format(Fmt, Args));                 \
    va_end(Args);                                                              \
  }                                                                            \
  template <typename Char> void Method(int Category, const Char *Fmt, ...) {   \
    if (!details::tracing())                                                   \
      return;                                                                  \
    va_list Args;                                                              \
    va_start(Args, Fmt);                                                       \
    details::print(Name, Kind, Category, details::format(Fmt, Args));          \
    va_end(Args);                                                              \
  }                                                                            \
  template <typename Char>                                                     \
  void Method(marker_importance, const Char *Fmt, ...) {                       \
    if (!details::tracing())                                                   \
      return;                                                                  \
    va_list Args;                                                              \
    va_start(Args, Fmt);                                                       \
    details::print(Name, Kind, 0, details::format(Fmt, Args));                 \
    va_end(Args);                                                              \
  }                                                                            \
  template <typename Char>                                                     \
  void Method(marker_importance, int Category, const Char *Fmt, ...) {         \
    if (!details::tracing())                                                   \
      return;                                                                  \
    va_list Args;                                                              \
    va_start(Args, Fmt);                                                       \
    details::print(Name, Kind, Category, details::format(Fmt, Args));          \
    va_end(Args);                                                              \
  }

  AMPCC_MARKER_WRITERS(write_flag, "flag")
  AMPCC_MARKER_WRITERS(write_message, "message")
  AMPCC_MARKER_WRITERS(write_alert, "alert")
#undef AMPCC_MARKER_WRITERS

  const std::string &name() const { return Name; }

private:
  std::string Name;
};

/// A range of time in a series: from construction to destruction.
class span {
public:
  template <typename Char>
  span(marker_series &Series, const Char *Fmt, ...) : Series(Series) {
    if (!details::tracing())
      return;
    va_list Args;
    va_start(Args, Fmt);
    enter(0, details::format(Fmt, Args));
    va_end(Args);
  }
  template <typename Char>
  span(marker_series &Series, int Category, const Char *Fmt, ...) : Series(Series) {
    if (!details::tracing())
      return;
    va_list Args;
    va_start(Args, Fmt);
    enter(Category, details::format(Fmt, Args));
    va_end(Args);
  }
  template <typename Char>
  span(marker_series &Series, marker_importance, const Char *Fmt, ...)
      : Series(Series) {
    if (!details::tracing())
      return;
    va_list Args;
    va_start(Args, Fmt);
    enter(0, details::format(Fmt, Args));
    va_end(Args);
  }
  template <typename Char>
  span(marker_series &Series, marker_importance, int Category, const Char *Fmt, ...)
      : Series(Series) {
    if (!details::tracing())
      return;
    va_list Args;
    va_start(Args, Fmt);
    enter(Category, details::format(Fmt, Args));
    va_end(Args);
  }
  ~span() {
    if (!Entered)
      return;
    double Ms = std::chrono::duration<double, std::milli>(
                    std::chrono::steady_clock::now() - Start)
                    .count();
    details::print(Series.name(), "span end", Category,
                   Text + " (" + std::to_string(Ms) + " ms)");
  }
  span(const span &) = delete;
  span &operator=(const span &) = delete;

private:
  void enter(int Cat, std::string What) {
    Entered = true;
    Category = Cat;
    Text = std::move(What);
    Start = std::chrono::steady_clock::now();
    details::print(Series.name(), "span begin", Category, Text);
  }

  marker_series &Series;
  bool Entered = false;
  int Category = 0;
  std::string Text;
  std::chrono::steady_clock::time_point Start;
};

} // namespace diagnostic
} // namespace Concurrency

#endif // AMPCC_MARKERS_H
