//===- WideMain.cpp - starting a program at Visual C++'s wmain -----------===//
//
// Visual C++ starts a program at wmain when it defines one (a project with
// the Unicode character set writes `int _tmain(int, _TCHAR *[])`, which
// <tchar.h> maps to wmain under _UNICODE). Linux starts at main: for a file
// that defines wmain and no main, ampcc's host stub defines a main that
// calls this function (compiler/lib/CodeGen/HostStub.cpp).
//
//===----------------------------------------------------------------------===//
#include <clocale>
#include <cstdlib>
#include <cwchar>
#include <string>
#include <vector>

namespace ampcc {
namespace rt {

namespace {
/// \p Arg in the current locale's multibyte encoding, as wide characters;
/// bytes that do not decode become one character each.
std::wstring widen(const char *Arg) {
  std::mbstate_t State{};
  const char *Src = Arg;
  size_t Length = std::mbsrtowcs(nullptr, &Src, 0, &State);
  if (Length == static_cast<size_t>(-1)) {
    std::wstring Bytes;
    for (const char *P = Arg; *P; ++P)
      Bytes.push_back(static_cast<unsigned char>(*P));
    return Bytes;
  }
  std::wstring Wide(Length, L'\0');
  Src = Arg;
  State = std::mbstate_t{};
  std::mbsrtowcs(&Wide[0], &Src, Length, &State);
  return Wide;
}
} // namespace

int callWideMain(int Argc, char **Argv, int (*WideMain)(int, wchar_t **)) {
  // The arguments are decoded in the user's locale (LANG, LC_ALL); the
  // program then starts in the "C" locale, as every C and C++ program does.
  std::setlocale(LC_CTYPE, "");
  std::vector<std::wstring> Args;
  for (int I = 0; I < Argc; ++I)
    Args.push_back(widen(Argv[I]));
  std::setlocale(LC_CTYPE, "C");
  // Visual C++'s argv, like main's, ends with a null pointer.
  std::vector<wchar_t *> Pointers;
  for (std::wstring &A : Args)
    Pointers.push_back(&A[0]);
  Pointers.push_back(nullptr);
  return WideMain(Argc, Pointers.data());
}

} // namespace rt
} // namespace ampcc
