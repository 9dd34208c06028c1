// Which backend runs NVIDIA GPUs, tried on a machine without one through the
// tests' fake CUDA driver (test/unit-runtime/FakeCuda.cpp, one "Fake CUDA
// GPU" of compute capability 8.0): a program whose kernels carry PTX lists
// it as cuda:0:0, and AMPCC_VERBOSE says so; one compiled with -fno-cuda
// leaves the GPUs to OpenCL and says why; AMPCC_BACKEND=opencl lists no
// CUDA device at all. The OpenCL devices (PoCL) are listed in every case.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t
// RUN: env AMPCC_CUDA_LIBRARY=%fake_cuda AMPCC_VERBOSE=1 %t 2>&1 | %FileCheck --check-prefix=CUDA %s
// RUN: %ampcc -fno-cuda %s -o %t.nocuda
// RUN: env AMPCC_CUDA_LIBRARY=%fake_cuda AMPCC_VERBOSE=1 %t.nocuda 2>&1 | %FileCheck --check-prefix=NOPTX %s
// RUN: env AMPCC_CUDA_LIBRARY=%fake_cuda AMPCC_BACKEND=opencl %t 2>&1 | %FileCheck --check-prefix=OPENCL %s
#include <amp.h>
#include <iostream>
using namespace concurrency;

int main(int Argc, char **) {
  for (const accelerator &A : accelerator::get_all())
    std::wcout << A.device_path << L" " << A.description << std::endl;
  // A kernel, never launched: its PTX (or its lack of one) decides.
  if (Argc > 5) {
    array_view<int, 1> V(1);
    parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] = 1; });
  }
  return 0;
}

// CUDA: ampcc: NVIDIA GPUs run through CUDA
// CUDA: cuda:0:0 Fake CUDA GPU
// CUDA: opencl:

// NOPTX: ampcc: no CUDA devices: the kernels of {{.*}}cuda-backend-choice.cpp have no PTX for sm_80 (compiled with -fno-cuda, or for a newer GPU); GPUs run through OpenCL
// NOPTX-NOT: cuda:0:0
// NOPTX: opencl:

// OPENCL-NOT: cuda:0:0
// OPENCL: opencl:
// OPENCL-NOT: cuda:0:0
