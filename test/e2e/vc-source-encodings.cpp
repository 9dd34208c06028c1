// Source files in the encodings Visual C++ projects are saved in, with and
// without a Visual C++ repair of the main file: UTF-16 LE and BE with a byte
// order mark (read as UTF-8 by both passes, headers too), and UTF-8 with a
// byte order mark (which Clang skips only at the start of a file: the host
// pass's repaired copy starts with a #line). Diagnostics keep the file's
// name and lines, and non-ASCII string literals are UTF-8.
// REQUIRES: opencl
// UNSUPPORTED: opencl-rerun
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: printf '\377\376' > %t.dir/vc-encoded-helper.h
// RUN: iconv -f UTF-8 -t UTF-16LE %S/Inputs/vc-encoded-helper.h >> %t.dir/vc-encoded-helper.h
// RUN: printf '\377\376' > %t.dir/le.cpp
// RUN: iconv -f UTF-8 -t UTF-16LE %s >> %t.dir/le.cpp
// RUN: printf '\376\377' > %t.dir/be.cpp
// RUN: iconv -f UTF-8 -t UTF-16BE %s >> %t.dir/be.cpp
// RUN: printf '\357\273\277' > %t.dir/bom.cpp
// RUN: cat %s >> %t.dir/bom.cpp
//
// RUN: %ampcc %t.dir/le.cpp -o %t.le 2> %t.le.err
// RUN: %t.le | %FileCheck --check-prefixes=CHECK,LE %s
// RUN: %FileCheck --check-prefix=WARN -DFILE=le.cpp %s < %t.le.err
// RUN: %ampcc -DREPAIR %t.dir/le.cpp -o %t.le2 2> %t.le2.err
// RUN: %t.le2 | %FileCheck --check-prefixes=CHECK,LE,REPAIRED %s
// RUN: %FileCheck --check-prefixes=WARN,WARN-REPAIR -DFILE=le.cpp %s < %t.le2.err
// RUN: %ampcc -DREPAIR %t.dir/be.cpp -o %t.be 2> %t.be.err
// RUN: %t.be | %FileCheck --check-prefixes=CHECK,BE,REPAIRED %s
// RUN: %FileCheck --check-prefixes=WARN,WARN-REPAIR -DFILE=be.cpp %s < %t.be.err
// RUN: %ampcc %t.dir/bom.cpp -o %t.bom
// RUN: %t.bom | %FileCheck --check-prefixes=CHECK,BOM %s
// RUN: %ampcc -DREPAIR %t.dir/bom.cpp -o %t.bom2
// RUN: %t.bom2 | %FileCheck --check-prefixes=CHECK,BOM,REPAIRED %s
// RUN: %not %ampcc -fsyntax-only -DBROKEN %t.dir/le.cpp 2>&1 | %FileCheck --check-prefix=BROKEN %s
//
// WARN-NOT: error
// WARN: vc-encoded-helper.h:9:3: warning: missing 'typename' prior to dependent type name 'View::value_type'
// WARN-REPAIR: [[FILE]]:[[@LINE+16]]:3: warning: missing 'typename' prior to dependent type name 'T::value_type'
// LE: main: {{.*}}le.cpp:[[@LINE+28]]
// BE: main: {{.*}}be.cpp:[[@LINE+27]]
// BOM: main: {{.*}}bom.cpp:[[@LINE+26]]
// CHECK: helper: {{.*}}vc-encoded-helper.h
// CHECK-NEXT: text: 7 bytes
// CHECK-NEXT: kernel: PASS
// REPAIRED-NEXT: repaired: 5
#include "vc-encoded-helper.h"
#include <cstdio>
#include <cstring>
#include <vector>
using namespace concurrency;

#ifdef REPAIR
template <typename T> int first_of(const T &Values) {
  T::value_type First = Values[0];
  return First;
}
#endif

int main() {
  // BROKEN: le.cpp:[[@LINE+2]]:3: error: use of undeclared identifier 'not_declared'
#ifdef BROKEN
  not_declared = 1;
#endif
  // Five characters, two of them two bytes long in UTF-8.
  const char *Text = "\u00e4b\u00e7de";
  const char *Literal = "äbçde";
  std::printf("main: %s:%d\n", __FILE__, __LINE__);
  std::printf("helper: %s\n", helper_name());
  std::printf("text: %zu bytes\n", std::strcmp(Text, Literal) == 0 ? std::strlen(Literal) : 0);
  std::vector<int> Data(16);
  array_view<int, 1> View(16, Data);
  parallel_for_each(View.extent, [=](index<1> I) restrict(amp) { View[I] = triple(I[0]); });
  View.synchronize();
  std::printf("kernel: %s\n", sum_of(View) == 3 * 120 ? "PASS" : "FAIL");
#ifdef REPAIR
  std::vector<int> Five(1, 5);
  std::printf("repaired: %d\n", first_of(Five));
#endif
  return 0;
}
