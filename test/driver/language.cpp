// -x c++ makes the following inputs C++ sources whatever their extension;
// -x none goes back to extensions; other languages are refused with the
// reason.
// REQUIRES: opencl
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cp %s %t.dir/kernel.amp
// RUN: %ampcc -I%S/Inputs -x c++ %t.dir/kernel.amp -o %t.dir/prog
// RUN: %t.dir/prog | %FileCheck %s
// RUN: %not %ampcc -x c %s 2>&1 | %FileCheck --check-prefix=C %s
// RUN: %not %ampcc -xcuda %s 2>&1 | %FileCheck --check-prefix=CUDA %s
// CHECK: a .amp file as C++: 0 wrong
// C: ampcc: error: language 'c' in '-x c' is not supported: ampcc compiles C++ (-x c++) only
// CUDA: ampcc: error: language 'cuda' in '-x cuda' is not supported
#include "fill-kernel.h"
#include <cstdio>

int main() {
  int Bad = fillAndCount(32, 2);
  std::printf("a .amp file as C++: %d wrong\n", Bad);
  return Bad != 0;
}
