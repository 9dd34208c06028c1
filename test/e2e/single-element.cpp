// Kernels over a one-element compute domain in ranks 1, 2 and 3: exactly one
// work item runs, with index (0), (0,0), (0,0,0), and its write comes back;
// neighbouring host memory outside the view is not touched.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: rank-1: 42 (guard 7)
// CHECK: rank-2: 1234 (guard 7)
// CHECK: rank-3: 5.5 (guard 7)
// CHECK: launches 3
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  ampcc::rt::resetTransferStats();
  std::vector<int> A(2, 7);         // the view covers only A[0]
  array_view<int, 1> AV(1, A);
  parallel_for_each(AV.extent, [=](index<1> I) restrict(amp) {
    AV[I] = AV[I] * 6 + I[0];
  });
  AV.synchronize();
  std::printf("rank-1: %d (guard %d)\n", A[0], A[1]);

  std::vector<int> B(2, 7);
  array_view<int, 2> BV(1, 1, B);
  parallel_for_each(BV.extent, [=](index<2> I) restrict(amp) {
    BV[I] = 1234 + I[0] * 10 + I[1] * 100 + (int)BV.extent.size() - 1;
  });
  BV.synchronize();
  std::printf("rank-2: %d (guard %d)\n", B[0], B[1]);

  std::vector<float> C(2, 7.0f);
  array_view<float, 3> CV(1, 1, 1, C);
  parallel_for_each(extent<3>(1, 1, 1), [=](index<3> I) restrict(amp) {
    CV(I[0], I[1], I[2]) = 5.5f + I[0] + I[1] + I[2];
  });
  CV.synchronize();
  std::printf("rank-3: %.1f (guard %.0f)\n", C[0], C[1]);
  std::printf("launches %llu\n",
              (unsigned long long)ampcc::rt::getTransferStats().KernelLaunches);
  return !(A[0] == 42 && A[1] == 7 && B[0] == 1234 && B[1] == 7 &&
           C[0] == 5.5f && C[1] == 7.0f);
}
