// -o - writes the output to stdout: an object with -c (kernels included),
// the program when linking, the OpenCL C with -emit-opencl.
// REQUIRES: opencl
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
// RUN: %ampcc -c -I%S/Inputs %s -o - > piped.o
// RUN: test ! -e ./-
// RUN: %ampcc piped.o -o prog && ./prog | %FileCheck %s
// RUN: %ampcc -I%S/Inputs %s -o - > piped-prog && chmod +x piped-prog && ./piped-prog | %FileCheck %s
// RUN: %ampcc -emit-opencl -I%S/Inputs %s -o - | %FileCheck --check-prefix=CL %s
// CHECK: through stdout: 0 wrong
// CL: __kernel void
#include "fill-kernel.h"
#include <cstdio>

int main() {
  int Bad = fillAndCount(100, 7);
  std::printf("through stdout: %d wrong\n", Bad);
  return Bad != 0;
}
