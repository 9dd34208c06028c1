// discard_data() on a view before a kernel that overwrites every element: the
// discarded view is never copied to the device (0 bytes in), the kernel's
// results still come back on synchronize(), and a second, non-discarded input
// view is copied in exactly once. Transfer counts are asserted exactly.
// REQUIRES: opencl
// The counts are those of a device with memory of its own: built without
// host kernels (the host backend reads const views in place,
// host-backend/in-place-views).
// RUN: %ampcc -fno-host-kernels %s -o %t && %t | %FileCheck %s
// CHECK: after kernel: h2d 1 copies 2048 bytes, d2h 0 copies 0 bytes, 1 launches
// CHECK: after synchronize: h2d 1 copies 2048 bytes, d2h 1 copies 4096 bytes
// CHECK: discard: 0 mismatches of 512
// CHECK-NOT: mismatch at
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  const int N = 512;
  std::vector<float> In(N);
  std::vector<double> Out(N, -1.0);
  for (int I = 0; I < N; ++I)
    In[I] = I * 0.25f;
  ampcc::rt::resetTransferStats();
  {
    array_view<const float, 1> InV(N, In);   // 512 * 4 = 2048 bytes
    array_view<double, 1> OutV(N, Out);      // 512 * 8 = 4096 bytes
    OutV.discard_data();
    parallel_for_each(OutV.extent, [=](index<1> I) restrict(amp) {
      OutV[I] = InV[I] * 2.0 + 1.0;
    });
    ampcc::rt::TransferStats S = ampcc::rt::getTransferStats();
    std::printf("after kernel: h2d %llu copies %llu bytes, d2h %llu copies %llu bytes, %llu launches\n",
                (unsigned long long)S.HostToDeviceCopies,
                (unsigned long long)S.HostToDeviceBytes,
                (unsigned long long)S.DeviceToHostCopies,
                (unsigned long long)S.DeviceToHostBytes,
                (unsigned long long)S.KernelLaunches);
    OutV.synchronize();
    S = ampcc::rt::getTransferStats();
    std::printf("after synchronize: h2d %llu copies %llu bytes, d2h %llu copies %llu bytes\n",
                (unsigned long long)S.HostToDeviceCopies,
                (unsigned long long)S.HostToDeviceBytes,
                (unsigned long long)S.DeviceToHostCopies,
                (unsigned long long)S.DeviceToHostBytes);
  }
  int Bad = 0;
  for (int I = 0; I < N; ++I) {
    double Ref = In[I] * 2.0 + 1.0;
    if (Out[I] != Ref && Bad++ < 5)
      std::printf("mismatch at %d: %f vs %f\n", I, Out[I], Ref);
  }
  std::printf("discard: %d mismatches of %d\n", Bad, N);
  return Bad != 0;
}
