// A program's global accelerator (the conformance suite's tests declare
// one) lists the devices while the program's statics are being
// constructed, which may come before the runtime's own: the runtime keeps
// no namespace-scope object that listing needs (a std::string assigned
// before its constructor ran crashed every such program, whichever device).
// And the file's kernels are noted before its globals are built (ampcc
// links the kernels' objects first): the default device is chosen knowing
// them, as in main (without, the host backend took the default for kernels
// it had not been given, and the launch failed).
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// RUN: env AMPCC_BACKEND=cuda %t | %FileCheck %s
// CHECK: global accelerator: {{.+}}
// CHECK: doubled: 0 wrong of 64
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

static accelerator Global(accelerator::default_accelerator);

int main() {
  std::printf("global accelerator: %ls\n", Global.device_path.c_str());
  std::vector<int> V(64);
  for (int I = 0; I < 64; ++I)
    V[I] = I;
  array_view<int, 1> A(64, V);
  parallel_for_each(Global.default_view, A.extent, [=](index<1> I) restrict(amp) { A[I] *= 2; });
  A.synchronize();
  int Wrong = 0;
  for (int I = 0; I < 64; ++I)
    Wrong += V[I] != 2 * I;
  std::printf("doubled: %d wrong of 64\n", Wrong);
  return Wrong != 0;
}
