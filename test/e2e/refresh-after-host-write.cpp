// refresh(): after a kernel has used a view (so a device copy exists), the
// host changes the underlying std::vector directly, behind the view's back.
// Without refresh() the device copy would be stale; after refresh() the next
// kernel must see the host's new values (one more host-to-device copy).
// The output view is discarded each time so only the input's copies count.
// REQUIRES: opencl
// The counts are those of a device with memory of its own: built without
// host kernels (the host backend reads const views in place,
// host-backend/in-place-views).
// RUN: %ampcc -fno-host-kernels %s -o %t && %t | %FileCheck %s
// CHECK: before refresh: h2d 1
// CHECK: after second kernel: h2d 2
// CHECK: refresh: 0 mismatches of 200
// CHECK-NOT: mismatch at
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  const int N = 200;
  std::vector<int> In(N), Out(N, 0);
  for (int I = 0; I < N; ++I)
    In[I] = I;
  ampcc::rt::resetTransferStats();
  array_view<const int, 1> InV(N, In);
  array_view<int, 1> OutV(N, Out);
  OutV.discard_data();   // only InV is ever copied in
  parallel_for_each(OutV.extent, [=](index<1> I) restrict(amp) {
    OutV[I] = InV[I] + 1;
  });
  OutV.synchronize();
  int Bad = 0;
  for (int I = 0; I < N; ++I)
    if (Out[I] != I + 1 && Bad++ < 5)
      std::printf("mismatch at first pass %d: %d\n", I, Out[I]);

  // Change the host data directly, then tell the view.
  for (int I = 0; I < N; ++I)
    In[I] = 1000 * I;
  std::printf("before refresh: h2d %llu\n",
              (unsigned long long)ampcc::rt::getTransferStats().HostToDeviceCopies);
  InV.refresh();
  OutV.discard_data();
  parallel_for_each(OutV.extent, [=](index<1> I) restrict(amp) {
    OutV[I] = InV[I] + 1;
  });
  OutV.synchronize();
  std::printf("after second kernel: h2d %llu\n",
              (unsigned long long)ampcc::rt::getTransferStats().HostToDeviceCopies);
  for (int I = 0; I < N; ++I)
    if (Out[I] != 1000 * I + 1 && Bad++ < 5)
      std::printf("mismatch at %d: %d vs %d\n", I, Out[I], 1000 * I + 1);
  std::printf("refresh: %d mismatches of %d\n", Bad, N);
  return Bad != 0;
}
