// Coherence of arrays and of views of them: an array's data stays on the
// accelerator between kernels; host reads through a const reference read
// back once and leave the device copy valid, while non-const element access
// makes it stale (the next kernel copies it in again); a section of an
// array moves only its rectangle back; discard_data on a view of an array
// leaves the array's data alone (it belongs to the array, not the view, as
// in Visual C++), so host writes through the view still go in.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: two kernels: h2d 1 (4000 bytes), d2h 0
// CHECK: const host reads: d2h 1 (4000 bytes)
// CHECK: kernel after const reads: h2d 0
// CHECK: kernel after non-const access: h2d 1 (4000 bytes)
// CHECK: section of an array: h2d 0, d2h 1 (40 bytes)
// CHECK: discarded view of an array: h2d 1
// CHECK: array coherence: 0 mismatches
#include <amp.h>
#include <cstdio>
#include <numeric>
#include <vector>
using namespace concurrency;

static int Bad = 0;
static void check(bool OK, const char *What) {
  if (!OK && Bad++ < 10)
    std::printf("mismatch: %s\n", What);
}
static void print(const char *What) {
  ampcc::rt::TransferStats S = ampcc::rt::getTransferStats();
  std::printf("%s: h2d %llu (%llu bytes), d2h %llu (%llu bytes)\n", What,
              (unsigned long long)S.HostToDeviceCopies,
              (unsigned long long)S.HostToDeviceBytes,
              (unsigned long long)S.DeviceToHostCopies,
              (unsigned long long)S.DeviceToHostBytes);
  ampcc::rt::resetTransferStats();
}

int main() {
  std::vector<int> Init(1000);
  std::iota(Init.begin(), Init.end(), 0);
  ampcc::rt::resetTransferStats();
  // Indexed on the host: CPU-accessible also on a discrete GPU (where the
  // default would be access_type_none, as in Visual C++).
  array<int, 1> A(1000, Init.begin(), Init.end(), accelerator().default_view,
                  access_type_read_write);
  parallel_for_each(A.extent, [&A](concurrency::index<1> I) restrict(amp) { A[I] += 1; });
  parallel_for_each(A.extent, [&A](concurrency::index<1> I) restrict(amp) { A[I] *= 2; });
  std::printf("two kernels: h2d %llu (%llu bytes), d2h %llu\n",
              (unsigned long long)ampcc::rt::getTransferStats().HostToDeviceCopies,
              (unsigned long long)ampcc::rt::getTransferStats().HostToDeviceBytes,
              (unsigned long long)ampcc::rt::getTransferStats().DeviceToHostCopies);
  ampcc::rt::resetTransferStats();

  const array<int, 1> &CA = A;
  int Sum = 0;
  for (int I = 0; I < 1000; ++I)
    Sum += CA[I];
  check(Sum == 2 * (999 * 1000 / 2 + 1000), "const reads");
  ampcc::rt::TransferStats S = ampcc::rt::getTransferStats();
  std::printf("const host reads: d2h %llu (%llu bytes)\n",
              (unsigned long long)S.DeviceToHostCopies,
              (unsigned long long)S.DeviceToHostBytes);
  ampcc::rt::resetTransferStats();
  parallel_for_each(A.extent, [&A](concurrency::index<1> I) restrict(amp) { A[I] -= 2; });
  std::printf("kernel after const reads: h2d %llu\n",
              (unsigned long long)ampcc::rt::getTransferStats().HostToDeviceCopies);

  int First = A[0]; // non-const access: the host may have written
  check(First == 0, "non-const read");
  ampcc::rt::resetTransferStats();
  parallel_for_each(A.extent, [&A](concurrency::index<1> I) restrict(amp) { A[I] += 1; });
  std::printf("kernel after non-const access: h2d %llu (%llu bytes)\n",
              (unsigned long long)ampcc::rt::getTransferStats().HostToDeviceCopies,
              (unsigned long long)ampcc::rt::getTransferStats().HostToDeviceBytes);

  // A section of an array: only its 10 elements come back.
  parallel_for_each(A.extent, [&A](concurrency::index<1> I) restrict(amp) { A[I] = 7; });
  ampcc::rt::resetTransferStats();
  array_view<int, 1> Sec = A.section(500, 10);
  Sec.synchronize();
  S = ampcc::rt::getTransferStats();
  std::printf("section of an array: h2d %llu, d2h %llu (%llu bytes)\n",
              (unsigned long long)S.HostToDeviceCopies,
              (unsigned long long)S.DeviceToHostCopies,
              (unsigned long long)S.DeviceToHostBytes);
  check(Sec[9] == 7, "section value");

  // Host writes through a view of the array, then discard_data: the array
  // keeps its data, so the write goes in before the kernel.
  array_view<int, 1> AV(A);
  AV[3] = 100;
  AV.discard_data();
  ampcc::rt::resetTransferStats();
  parallel_for_each(AV.extent, [=](concurrency::index<1> I) restrict(amp) { AV[I] = 1; });
  std::printf("discarded view of an array: h2d %llu\n",
              (unsigned long long)ampcc::rt::getTransferStats().HostToDeviceCopies);
  check(CA[3] == 1, "after discard");
  std::printf("array coherence: %d mismatches\n", Bad);
  return Bad != 0;
}
