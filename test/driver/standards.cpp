// -std= and --std= (joined or separate) accept C++14 to C++2c, as clang 19
// implements them; older standards and C are refused with the range.
// REQUIRES: opencl
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %ampcc -std=c++14 -I%S/Inputs %s -o %t.dir/p14 && %t.dir/p14 | %FileCheck --check-prefix=CXX14 %s
// RUN: %ampcc --std=c++20 -I%S/Inputs %s -o %t.dir/p20 && %t.dir/p20 | %FileCheck --check-prefix=CXX20 %s
// RUN: %ampcc --std c++23 -I%S/Inputs %s -o %t.dir/p23 && %t.dir/p23 | %FileCheck --check-prefix=CXX23 %s
// RUN: %ampcc -std=gnu++2c -fsyntax-only -I%S/Inputs %s
// RUN: %not %ampcc -std=c++11 %s 2>&1 | %FileCheck --check-prefix=OLD %s
// RUN: %not %ampcc --std=c99 %s 2>&1 | %FileCheck --check-prefix=C99 %s
// CXX14: standard 201402: 0 wrong
// CXX20: standard 202002: 0 wrong
// CXX23: standard 202302: 0 wrong
// OLD: ampcc: error: invalid value 'c++11' in '-std=c++11': ampcc supports C++14 to C++26
// C99: ampcc: error: invalid value 'c99' in '--std=c99': ampcc compiles C++ only
#include "fill-kernel.h"
#include <cstdio>

int main() {
  int Bad = fillAndCount(50, 5);
  std::printf("standard %ld: %d wrong\n", long(__cplusplus), Bad);
  return Bad != 0;
}
