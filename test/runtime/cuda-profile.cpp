// AMPCC_PROFILE and AMPCC_TRACE_FILE through the CUDA backend: device times
// from CUDA events, each command between two of them. The tests' fake driver
// (test/unit-runtime/FakeCuda.cpp) runs a launch in exactly 1 ms of its
// event clock and a copy at exactly 1 GB/s, so the times are checked
// exactly: a backend that left its commands untimed prints zeros, and one
// that timed the wrong interval prints other numbers.
// REQUIRES: opencl
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %ampcc %s -o %t.dir/prog
// RUN: env AMPCC_CUDA_LIBRARY=%fake_cuda AMPCC_BACKEND=cuda AMPCC_PROFILE=1 %t.dir/prog 2> %t.dir/profile | %FileCheck --check-prefix=OUT %s
// RUN: %FileCheck %s < %t.dir/profile
// RUN: env AMPCC_CUDA_LIBRARY=%fake_cuda AMPCC_BACKEND=cuda AMPCC_TRACE_FILE=%t.dir/trace.json %t.dir/prog
// RUN: python3 %S/Inputs/check-trace.py %t.dir/trace.json | %FileCheck --check-prefix=JSON %s
// OUT: on cuda:0:0
// CHECK: ampcc profile
// CHECK: kernel (source location) launches total ms mean us
// CHECK-DAG: cuda-profile.cpp:[[#@LINE+24]]:7 3 3.000 1000.0
// CHECK-DAG: cuda-profile.cpp:[[#@LINE+26]]:5 1 1.000 1000.0
// CHECK: transfer count bytes total ms GB/s
// CHECK-DAG: host to device [[#]] 8192 0.008 1.00
// CHECK-DAG: device to host [[#]] 8192 0.008 1.00
// JSON: valid JSON
// JSON-NEXT: kernel 4
// JSON-NEXT: kernel names cuda-profile.cpp:{{[0-9]+}}:7 x3, cuda-profile.cpp:{{[0-9]+}}:5 x1
// JSON-NEXT: host to device bytes 8192
// JSON-NEXT: device to host bytes 8192
#include <amp.h>
#include <cstdio>
#include <string>
#include <vector>
using namespace concurrency;

int main() {
  const int N = 1024;
  std::vector<int> A(N, 1), B(N, 2);
  std::wstring Path = accelerator().device_path;
  std::printf("on %s\n", std::string(Path.begin(), Path.end()).c_str());
  {
    array_view<int, 1> AV(N, A), BV(N, B);
    for (int R = 0; R < 3; ++R)
      parallel_for_each(AV.extent, [=](concurrency::index<1> I) restrict(amp) {
        AV[I] *= 2;
      });
    parallel_for_each(AV.extent, [=](concurrency::index<1> I) restrict(amp) {
      BV[I] += AV[I];
    });
    AV.synchronize();
    BV.synchronize();
  }
  return 0;
}
