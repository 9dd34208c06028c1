// A name where a specifier stands that only a macro of <amp.h>'s own
// headers explains: `CONST`, which <windows.h> defines as `const`. With
// <amp.h> precompiled (the default here) the token pass learns it from the
// header's macro table (Lex/SpecifierMacros.cpp), with -fno-pch-amp by
// preprocessing the header's text; both give the spec's order error at the
// qualifier, which an unknown name there would not (Clang: "expected ';'").
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s
// RUN: %not %ampcc -fno-pch-amp -fsyntax-only %s 2>&1 | %FileCheck %s
#include <amp.h>
struct Cell {
  int V;
  int get() restrict(amp) CONST { return V; }
  // CHECK: restrict-header-macro-pch.cpp:[[@LINE-1]]:13: error: restriction specifier must follow the cv and ref qualifiers
  int get() restrict(cpu) CONST { return V; }
  // CHECK: restrict-header-macro-pch.cpp:[[@LINE-1]]:13: error: restriction specifier must follow the cv and ref qualifiers
  // CHECK-NOT: error:
};
int main() {
  Cell C{1};
  return C.get() - 1;
}
