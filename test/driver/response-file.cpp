// @file arguments are response files, as clang reads them (CMake and Ninja
// use them for long command lines): GNU quoting, nested files, and a missing
// file is an error.
// REQUIRES: opencl
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: echo '-DRSP_FACTOR=3 "-DRSP_NAME=\"from a response file\""' > %t.dir/inner.rsp
// RUN: echo '@%t.dir/inner.rsp -I%S/Inputs -o %t.dir/prog' > %t.dir/outer.rsp
// RUN: %ampcc @%t.dir/outer.rsp %s
// RUN: %t.dir/prog | %FileCheck %s
// RUN: %not %ampcc @%t.dir/missing.rsp %s 2>&1 | %FileCheck --check-prefix=MISSING %s
// CHECK: from a response file: 0 wrong
// MISSING: ampcc: error: {{.*}}missing.rsp{{.*}}
#include "fill-kernel.h"
#include <cstdio>

int main() {
  int Bad = fillAndCount(64, RSP_FACTOR);
  std::printf("%s: %d wrong\n", RSP_NAME, Bad);
  return Bad != 0;
}
