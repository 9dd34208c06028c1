// A view of const elements is only read by the kernel, so it is never copied
// back: not on synchronize(), not on host element access, not when the last
// view is destroyed. Only the written view contributes device-to-host bytes.
// REQUIRES: opencl
// The counts are those of a device with memory of its own: built without
// host kernels (the host backend reads const views in place,
// host-backend/in-place-views).
// RUN: %ampcc -fno-host-kernels %s -o %t && %t | %FileCheck %s
// CHECK: after kernel: h2d 2 (3200 bytes), d2h 0 (0 bytes)
// CHECK: after const synchronize: d2h 0 (0 bytes)
// CHECK: after const host read: d2h 0 (0 bytes), value 1.5
// CHECK: after out synchronize: d2h 1 (1600 bytes)
// CHECK: after scope: d2h 1 (1600 bytes)
// CHECK: const-view: 0 mismatches of 400
// CHECK-NOT: mismatch at
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

static void print(const char *What) {
  ampcc::rt::TransferStats S = ampcc::rt::getTransferStats();
  std::printf("%s: d2h %llu (%llu bytes)\n", What,
              (unsigned long long)S.DeviceToHostCopies,
              (unsigned long long)S.DeviceToHostBytes);
}

int main() {
  const int N = 400;
  std::vector<float> In(N), Out(N, 0.0f);
  for (int I = 0; I < N; ++I)
    In[I] = 1.5f + I;
  ampcc::rt::resetTransferStats();
  {
    array_view<const float, 1> InV(N, In);
    array_view<float, 1> OutV(N, Out);
    parallel_for_each(OutV.extent, [=](index<1> I) restrict(amp) {
      OutV[I] = InV[I] * 4.0f;
    });
    ampcc::rt::TransferStats S = ampcc::rt::getTransferStats();
    std::printf("after kernel: h2d %llu (%llu bytes), d2h %llu (%llu bytes)\n",
                (unsigned long long)S.HostToDeviceCopies,
                (unsigned long long)S.HostToDeviceBytes,
                (unsigned long long)S.DeviceToHostCopies,
                (unsigned long long)S.DeviceToHostBytes);
    InV.synchronize();
    print("after const synchronize");
    float First = InV[0];
    ampcc::rt::TransferStats S2 = ampcc::rt::getTransferStats();
    std::printf("after const host read: d2h %llu (%llu bytes), value %.1f\n",
                (unsigned long long)S2.DeviceToHostCopies,
                (unsigned long long)S2.DeviceToHostBytes, First);
    OutV.synchronize();
    print("after out synchronize");
  }
  print("after scope");
  int Bad = 0;
  for (int I = 0; I < N; ++I) {
    float Ref = (1.5f + I) * 4.0f;
    if (Out[I] != Ref && Bad++ < 5)
      std::printf("mismatch at %d: %f vs %f\n", I, Out[I], Ref);
    if (In[I] != 1.5f + I && Bad++ < 5)
      std::printf("mismatch at input %d: %f\n", I, In[I]);
  }
  std::printf("const-view: %d mismatches of %d\n", Bad, N);
  return Bad != 0;
}
