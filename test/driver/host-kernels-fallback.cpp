// Kernels are compiled for the host CPU by default; when that C compile
// fails the build still succeeds, with a warning quoting the C compiler,
// and the program runs on the other devices (here PoCL), the host
// backend refusing it by name.
// REQUIRES: opencl
// RUN: %ampcc -fhost-kernels -O2 %s -o %t.host
// RUN: %t.host | %FileCheck %s --check-prefix=DEFAULT
// RUN: %ampcc -fhost-kernels -O2 -Xhost-kernels -fno-such-flag %s -o %t 2>&1 \
// RUN:   | %FileCheck %s --check-prefix=WARN
// RUN: %t | %FileCheck %s --check-prefix=OPENCL
// RUN: env AMPCC_BACKEND=host %not %t 2>&1 | %FileCheck %s --check-prefix=REFUSED
// RUN: %ampcc -fno-host-kernels -O2 %s -o %t.none 2>&1 | %FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: %t.none | %FileCheck %s --check-prefix=OPENCL

// DEFAULT: device host:0:0
// DEFAULT: sum 523776

// WARN: ampcc: warning: the kernels of '{{.*}}host-kernels-fallback.cpp' could not be compiled for the host CPU; the host backend will not run this program (OpenCL devices still do)
// WARN: unknown argument: '-fno-such-flag'

// OPENCL: device opencl:
// OPENCL: sum 523776

// REFUSED: runtime_exception: the kernels of {{.*}}host-kernels-fallback.cpp were not compiled for the host backend

// QUIET-NOT: warning

#include <amp.h>
#include <cstdio>
using namespace concurrency;

int main() try {
  std::vector<int> Data(1024);
  array_view<int, 1> View(1024, Data);
  parallel_for_each(View.extent, [=](index<1> I) restrict(amp) { View[I] = I[0]; });
  View.synchronize();
  long Sum = 0;
  for (int V : Data)
    Sum += V;
  std::printf("device %ls\nsum %ld\n", accelerator().device_path.c_str(), Sum);
  return Sum == 523776 ? 0 : 1;
} catch (const runtime_exception &E) {
  std::printf("runtime_exception: %s\n", E.what());
  return 2;
}
