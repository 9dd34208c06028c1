// <atlconv.h>: ATL's string conversion classes, which C++ AMP programs use
// to print accelerator::description (a std::wstring) through narrow
// streams: `std::string(CW2A(acc.description.c_str()))`.
//
// Windows converts through the ANSI code page; here the conversion is the C
// library's, in the program's locale (the "C" locale unless it set one),
// and a character it cannot convert becomes '?', as Windows' default
// character does.
#ifndef AMPCC_MS_ATLCONV_H
#define AMPCC_MS_ATLCONV_H

#include <climits>
#include <cwchar>
#include <string>

namespace ATL {

/// A wide string converted to a narrow one, alive as long as the object.
class CW2A {
public:
  explicit CW2A(const wchar_t *Wide, unsigned /*CodePage*/ = 0) {
    std::mbstate_t State{};
    for (; Wide && *Wide; ++Wide) {
      char Bytes[MB_LEN_MAX];
      size_t N = std::wcrtomb(Bytes, *Wide, &State);
      if (N == size_t(-1)) {
        Text += '?';
        State = std::mbstate_t{};
      } else {
        Text.append(Bytes, N);
      }
    }
  }
  operator const char *() const { return Text.c_str(); }
  operator char *() { return &Text[0]; }

private:
  std::string Text;
};

/// A narrow string converted to a wide one, alive as long as the object.
class CA2W {
public:
  explicit CA2W(const char *Narrow, unsigned /*CodePage*/ = 0) {
    std::mbstate_t State{};
    const char *End = Narrow ? Narrow + std::char_traits<char>::length(Narrow) : Narrow;
    while (Narrow && Narrow < End) {
      wchar_t Wide;
      size_t N = std::mbrtowc(&Wide, Narrow, size_t(End - Narrow), &State);
      if (N == size_t(-1) || N == size_t(-2)) {
        Text += L'?';
        State = std::mbstate_t{};
        N = 1;
      } else {
        Text += Wide;
      }
      Narrow += N ? N : 1;
    }
  }
  operator const wchar_t *() const { return Text.c_str(); }
  operator wchar_t *() { return &Text[0]; }

private:
  std::wstring Text;
};

/// The same between the same kind of strings: a copy.
template <typename Char> class CopyString {
public:
  explicit CopyString(const Char *S, unsigned /*CodePage*/ = 0) : Text(S ? S : Base()) {}
  operator const Char *() const { return Text.c_str(); }
  operator Char *() { return &Text[0]; }

private:
  static const Char *Base() {
    static const Char Empty[1] = {};
    return Empty;
  }
  std::basic_string<Char> Text;
};

#ifdef _UNICODE
typedef CW2A CT2A;
typedef CA2W CA2T;
typedef CopyString<wchar_t> CW2T;
typedef CopyString<wchar_t> CT2W;
#else
typedef CopyString<char> CT2A;
typedef CopyString<char> CA2T;
typedef CW2A CW2T;
typedef CA2W CT2W;
#endif
typedef CT2A CT2CA;
typedef CW2T CW2CT;

} // namespace ATL

// Visual C++ projects that use ATL name these without the namespace.
using namespace ATL;

#endif // AMPCC_MS_ATLCONV_H
