// -W flags reach the diagnostics of host and amp code (both are printed by
// the device pass, which parses the whole file), warnings name their flag
// as clang's do, -Werror turns them into errors, -Wno-... and
// -fno-diagnostics-show-option are honoured.
// RUN: %ampcc -fsyntax-only -Wunused-variable %s 2>&1 | %FileCheck %s
// RUN: %not %ampcc -fsyntax-only -Wunused-variable -Werror %s 2>&1 | %FileCheck --check-prefix=ERR %s
// RUN: %ampcc -fsyntax-only -Wunused-variable -Wno-unused-variable %s 2>&1 | %FileCheck --allow-empty --check-prefix=NONE %s
// RUN: %ampcc -fsyntax-only -Wunused-variable -fno-diagnostics-show-option %s 2>&1 | %FileCheck --check-prefix=NOFLAG %s
// RUN: %ampcc -c -Wunused-variable %s -o %t.o 2>&1 | %FileCheck %s
// CHECK-DAG: warnings.cpp:24:7: warning: unused variable 'HostUnused' [-Wunused-variable]
// CHECK-DAG: warnings.cpp:19:7: warning: unused variable 'AmpUnused' [-Wunused-variable]
// ERR-DAG: warnings.cpp:24:7: error: unused variable 'HostUnused' [-Werror,-Wunused-variable]
// ERR-DAG: warnings.cpp:19:7: error: unused variable 'AmpUnused' [-Werror,-Wunused-variable]
// NONE-NOT: warning
// NOFLAG: warning: unused variable '{{.*}}'{{$}}
#include <amp.h>

int twice(int X) restrict(amp) {
  int AmpUnused = 1;
  return 2 * X;
}

int main() {
  int HostUnused = 0;
  return 0;
}
