// The driver links oneTBB (for <ppl.h>) on every link, with --as-needed so
// that programs without PPL do not depend on libtbb.
// RUN: %ampcc -v %s -o %t 2>&1 | %FileCheck %s
// RUN: ldd %t | %FileCheck --check-prefix=LDD %s
// CHECK: -Wl,--push-state,--as-needed -ltbb -Wl,--pop-state
// LDD-NOT: libtbb
int main() { return 0; }
