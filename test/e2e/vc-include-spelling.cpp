// #include names spelt as on Windows: `\` separators and another letter
// case than the files on disk, in the directory and the file names, from
// the main file and from a header. Both passes find the files (the device
// pass ignores case outside system header directories; the host pass gets a
// VFS overlay from the names asked for to the files), with Clang's
// -Wnonportable-include-path warning and fix-it. Diagnostics, __FILE__ and
// the dependency file name the files as they are on disk. With and without
// a Visual C++ repair of the main file (whose host copy is a temporary
// file) and of the header. System headers keep Linux's case.
// REQUIRES: opencl
// UNSUPPORTED: opencl-rerun
// RUN: %ampcc %s -o %t 2> %t.err
// RUN: %t | %FileCheck %s
// RUN: %FileCheck --check-prefix=WARN %s < %t.err
// RUN: %ampcc -DREPAIR %s -o %t.repaired 2> %t.repaired.err
// RUN: %t.repaired | %FileCheck --check-prefixes=CHECK,REPAIRED %s
// RUN: %FileCheck --check-prefix=WARN %s < %t.repaired.err
// RUN: %ampcc -DREPAIR -c -MD -MF %t.d %s -o %t.o
// RUN: %FileCheck --check-prefix=DEPS %s < %t.d
// RUN: %not %ampcc -fsyntax-only -DBROKEN %s 2>&1 | %FileCheck --check-prefix=BROKEN %s
// RUN: %not %ampcc -fsyntax-only -DSYSTEM_CASE %s 2>&1 | %FileCheck --check-prefix=SYSTEM %s
//
// WARN-NOT: error
// WARN: vc-include-spelling.cpp:[[@LINE+10]]:10: warning: non-portable path to file '"Inputs\vc-spelling\Spelling-Helper.h"'; specified path differs in case from file name on disk
// WARN: Inputs/vc-spelling/Spelling-Helper.h:7:10: warning: non-portable path to file '"spelling-inner.h"'; specified path differs in case
// WARN: Inputs/vc-spelling/Spelling-Helper.h:10:3: warning: missing 'typename' prior to dependent type name 'View::value_type'
// CHECK: helper: {{.*}}/test/e2e/Inputs/vc-spelling/Spelling-Helper.h
// CHECK-NEXT: sum: PASS
// REPAIRED-NEXT: repaired: 5
// DEPS: Inputs/vc-spelling/Spelling-Helper.h
// DEPS: Inputs/vc-spelling/spelling-inner.h
// BROKEN: fatal error: 'inputs\vc-spelling\no-such-header.h' file not found
// SYSTEM: fatal error: 'Vector' file not found
#include "inputs\VC-SPELLING\spelling-helper.h"
#include <cstdio>
#include <vector>
#ifdef BROKEN
#include "inputs\vc-spelling\no-such-header.h"
#endif
#ifdef SYSTEM_CASE
#include <Vector>
#endif
using namespace concurrency;

#ifdef REPAIR
template <typename T> int first_of(const T &Values) {
  T::value_type First = Values[0];
  return First;
}
#endif

int main() {
  std::vector<int> Data(16);
  array_view<int, 1> View(16, Data);
  parallel_for_each(View.extent, [=](index<1> I) restrict(amp) {
    View[I] = I[0] * inner_offset();
  });
  View.synchronize();
  std::printf("helper: %s\n", spelling_helper_file());
  std::printf("sum: %s\n", spelled_sum(View) == 120 + 16 ? "PASS" : "FAIL");
#ifdef REPAIR
  std::vector<int> Five(1, 5);
  std::printf("repaired: %d\n", first_of(Five));
#endif
  return 0;
}
