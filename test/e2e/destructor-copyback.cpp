// The last view's destruction copies the kernel's results back into the
// std::vector: the vector is untouched while the view lives (no implicit copy
// back), and holds the new values once the scope ends, with no synchronize()
// call anywhere. A copy of the view keeps the data alive until it too dies.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: inside scope: d2h 0
// CHECK: after inner scope: d2h 0
// CHECK: after outer scope: d2h 1 (2048 bytes)
// CHECK: destructor-copyback: 0 mismatches of 256
// CHECK-NOT: mismatch at
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

static unsigned long long d2h() {
  return (unsigned long long)ampcc::rt::getTransferStats().DeviceToHostCopies;
}

int main() {
  const int R = 16, C = 16;
  std::vector<double> Data(R * C, 1.0);
  ampcc::rt::resetTransferStats();
  {
    array_view<double, 2> Outer(R, C, Data);
    {
      array_view<double, 2> Inner = Outer;   // shares the data source
      parallel_for_each(Inner.extent, [=](index<2> I) restrict(amp) {
        Inner[I] = Inner[I] + I[0] * 16 + I[1];
      });
      std::printf("inside scope: d2h %llu\n", d2h());
    }
    // Inner is gone but Outer still refers to the data: nothing copied yet.
    std::printf("after inner scope: d2h %llu\n", d2h());
  }
  ampcc::rt::TransferStats S = ampcc::rt::getTransferStats();
  std::printf("after outer scope: d2h %llu (%llu bytes)\n",
              (unsigned long long)S.DeviceToHostCopies,
              (unsigned long long)S.DeviceToHostBytes);
  int Bad = 0;
  for (int I = 0; I < R * C; ++I)
    if (Data[I] != 1.0 + I && Bad++ < 5)
      std::printf("mismatch at %d: %f vs %f\n", I, Data[I], 1.0 + I);
  std::printf("destructor-copyback: %d mismatches of %d\n", Bad, R * C);
  return Bad != 0;
}
