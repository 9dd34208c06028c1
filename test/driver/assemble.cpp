// -S writes the host code's assembly (kernels are OpenCL C: -emit-opencl),
// to <file>.s by default, to -o, or to stdout with -o -.
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
// RUN: %ampcc -S -O1 %s
// RUN: %FileCheck %s < assemble.s
// RUN: %ampcc -S %s -o - | %FileCheck %s
// CHECK: host_function_for_assembly
// CHECK-NOT: __kernel
#include <amp.h>
int host_function_for_assembly(int X) { return X * 3 + 1; }
int main() { return host_function_for_assembly(0) != 1; }
