// Backends are listed only as far as a program needs: when the default
// accelerator is a GPU of the first backend (CUDA, here the tests' fake
// driver), OpenCL's platforms are never listed (about 100 ms of a first run
// with NVIDIA's OpenCL); asking for every accelerator lists them all.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t
// RUN: env AMPCC_CUDA_LIBRARY=%fake_cuda AMPCC_TRACE_FILE=%t.default.json %t | %FileCheck --check-prefix=OUT %s
// RUN: python3 %S/Inputs/discovery-steps.py %t.default.json | %FileCheck --check-prefix=DEFAULT %s
// RUN: env AMPCC_CUDA_LIBRARY=%fake_cuda AMPCC_TRACE_FILE=%t.all.json %t all | %FileCheck --check-prefix=OUT %s
// RUN: python3 %S/Inputs/discovery-steps.py %t.all.json | %FileCheck --check-prefix=ALL %s
#include <amp.h>
#include <cstdio>
#include <cstring>
using namespace concurrency;

int main(int Argc, char **Argv) {
  std::printf("default %ls\n", accelerator().device_path.c_str());
  array_view<int, 1> V(16);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] = I[0]; });
  if (Argc > 1 && !std::strcmp(Argv[1], "all"))
    std::printf("accelerators: %zu\n", accelerator::get_all().size());
  return 0;
}

// OUT: default cuda:0:0
// DEFAULT: listed: CUDA{{$}}
// ALL: listed: CUDA {{.*}}OpenCL{{$}}
