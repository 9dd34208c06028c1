// AMPCC_PROFILE=1 prints at exit a table per kernel, named by its source
// location (launch counts exact), and per transfer direction; the trace
// (AMPCC_TRACE=1) names kernels by location too; AMPCC_TRACE_FILE writes
// Chrome trace-event JSON, checked here by parsing it (counts of launches,
// transfers and builds), never by timing.
// REQUIRES: opencl
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %ampcc %s -o %t.dir/prog
// RUN: env AMPCC_PROFILE=1 %t.dir/prog 2> %t.dir/profile | %FileCheck --check-prefix=OUT %s
// RUN: %FileCheck %s < %t.dir/profile
// RUN: env AMPCC_TRACE=1 %t.dir/prog 2>&1 | %FileCheck --check-prefix=TRACE %s
// RUN: env AMPCC_TRACE_FILE=%t.dir/trace.json %t.dir/prog
// RUN: python3 %S/Inputs/check-trace.py %t.dir/trace.json | %FileCheck --check-prefix=JSON %s
// RUN: %t.dir/prog 2>&1 | %FileCheck --check-prefix=QUIET %s
// OUT: profile: 0 wrong
// CHECK: ampcc profile
// CHECK: kernel (source location) launches total ms mean us
// CHECK-DAG: profile.cpp:[[#@LINE+25]]:7 3 {{[0-9]+\.[0-9]+ [0-9]+\.[0-9]+$}}
// CHECK-DAG: profile.cpp:[[#@LINE+27]]:5 1 {{[0-9]+\.[0-9]+ [0-9]+\.[0-9]+$}}
// CHECK: transfer count bytes total ms GB/s
// CHECK-DAG: host to device [[#]] 8192 {{[0-9]+\.[0-9]+ [0-9]+\.[0-9]+$}}
// CHECK-DAG: device to host [[#]] 8192 {{[0-9]+\.[0-9]+ [0-9]+\.[0-9]+$}}
// CHECK: program builds (host) 1 {{[0-9]+\.[0-9]+$}}
// TRACE: ampcc: launch kernel at {{.*}}profile.cpp:[[#]]:7 ({{.*}}) over
// JSON: valid JSON
// JSON-NEXT: kernel 4
// JSON-NEXT: kernel names profile.cpp:{{[0-9]+}}:7 x3, profile.cpp:{{[0-9]+}}:5 x1
// JSON-NEXT: host to device bytes 8192
// JSON-NEXT: device to host bytes 8192
// JSON-NEXT: program build 1
// QUIET-NOT: ampcc profile
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  const int N = 1024;
  std::vector<int> A(N, 1), B(N, 2);
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
  int Bad = 0;
  for (int I = 0; I < N; ++I)
    Bad += A[I] != 8 || B[I] != 10;
  std::printf("profile: %d wrong\n", Bad);
  return Bad != 0;
}
