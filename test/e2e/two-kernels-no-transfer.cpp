// Two kernels in a row on the same writable view: the data goes to the device
// once, stays there between the kernels (no copy in either direction between
// them), and comes back only when the host reads an element.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: after kernel 1: h2d 1 (4000 bytes), d2h 0, launches 1
// CHECK: after kernel 2: h2d 1 (4000 bytes), d2h 0, launches 2
// CHECK: after host read: h2d 1, d2h 1 (4000 bytes)
// CHECK: first element 7
// CHECK: two-kernels: 0 mismatches of 1000
// CHECK-NOT: mismatch at
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

static void print(const char *What) {
  ampcc::rt::TransferStats S = ampcc::rt::getTransferStats();
  std::printf("%s: h2d %llu (%llu bytes), d2h %llu, launches %llu\n", What,
              (unsigned long long)S.HostToDeviceCopies,
              (unsigned long long)S.HostToDeviceBytes,
              (unsigned long long)S.DeviceToHostCopies,
              (unsigned long long)S.KernelLaunches);
}

int main() {
  const int N = 1000;
  std::vector<int> Data(N);
  for (int I = 0; I < N; ++I)
    Data[I] = I;
  ampcc::rt::resetTransferStats();
  array_view<int, 1> V(N, Data);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) {
    V[I] = V[I] * 3 + 1;
  });
  print("after kernel 1");
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) {
    V[I] = V[I] * 2 + 5;
  });
  print("after kernel 2");
  int First = V[0];   // host access: copies back
  ampcc::rt::TransferStats S = ampcc::rt::getTransferStats();
  std::printf("after host read: h2d %llu, d2h %llu (%llu bytes)\n",
              (unsigned long long)S.HostToDeviceCopies,
              (unsigned long long)S.DeviceToHostCopies,
              (unsigned long long)S.DeviceToHostBytes);
  std::printf("first element %d\n", First);
  int Bad = 0;
  for (int I = 0; I < N; ++I) {
    int Ref = (I * 3 + 1) * 2 + 5;
    if (Data[I] != Ref && Bad++ < 5)
      std::printf("mismatch at %d: %d vs %d\n", I, Data[I], Ref);
  }
  std::printf("two-kernels: %d mismatches of %d\n", Bad, N);
  return Bad != 0;
}
