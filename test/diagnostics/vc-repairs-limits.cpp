// What ampcc's Visual C++ repairs leave alone: an `unsigned` template
// parameter deduced from a class template that is not C++ AMP's (here
// std::array, whose size is a size_t) stays Clang's error, reported once.
// A temporary of any class bound to a non-const reference is repaired, as
// Visual C++'s C4239 extension allows (it once stayed an error for classes
// other than accelerator and accelerator_view).
// RUN: %not %ampcc -fsyntax-only -fno-caret-diagnostics %s 2>&1 | %FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
#include <amp.h>
#include <array>
using namespace concurrency;

struct Settings { int Tile; };
Settings defaults();
int tileOf(Settings &S) { return S.Tile; }
int tileOf(Settings &S, int Scale) { return S.Tile * Scale; }
struct Holder { int get(Settings &S) { return S.Tile; } };

template <unsigned N> int count(const std::array<int, N> &A) { return int(A.size()); }
// CHECK: vc-repairs-limits.cpp:[[@LINE+1]]:20: warning: template parameter 'N' of type 'unsigned int' is deduced from a C++ AMP rank or tile size
template <unsigned N> int rank(const extent<N> &E) { return N; }

int main() {
  // CHECK: vc-repairs-limits.cpp:[[@LINE+1]]:18: warning: non-const reference to 'Settings' bound to a temporary, as Visual C++ allows; the function refers to the temporary
  int T = tileOf(defaults());
  Holder H;
  // CHECK: vc-repairs-limits.cpp:[[@LINE+1]]:14: warning: non-const reference to 'Settings' bound to a temporary
  T += H.get(defaults());
  std::array<int, 4> A{};
  // CHECK: vc-repairs-limits.cpp:[[@LINE+1]]:8: error: no matching function for call to 'count'
  T += count(A);
  // A rank parameter of C++ AMP's extent: repaired (its warning comes from
  // the first parse, before the errors that remain).
  T += rank(extent<2>(4, 4));
  return T;
}
// CHECK: 1 error generated.
