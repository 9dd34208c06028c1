// completion_future (spec §8) and the asynchronous operations: copy_async in
// its forms, synchronize_async, synchronize_to_async and
// accelerator_view::create_marker; get, wait, wait_for, wait_until, valid,
// then, and the conversion to std::shared_future<void>. An exception thrown
// by the operation comes out of get().
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: default future valid: 0
// CHECK: copy_async in: ready 1, h2d 1
// CHECK: synchronize_async: d2h 1 (4000 bytes)
// CHECK: synchronize_to_async: h2d 1 (4000 bytes)
// CHECK: then ran: 1
// CHECK: marker: ready
// CHECK: shared_future: ready
// CHECK: error through get: runtime_exception
// CHECK: async: 0 mismatches
#include <amp.h>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <future>
#include <numeric>
#include <vector>
using namespace concurrency;

static int Bad = 0;
static void check(bool OK, const char *What) {
  if (!OK && Bad++ < 10)
    std::printf("mismatch: %s\n", What);
}

struct SetFlag {
  std::atomic<int> *Flag;
  void operator()() const { Flag->store(1); }
};

int main() {
  completion_future None;
  std::printf("default future valid: %d\n", (int)None.valid());

  const int N = 1000;
  std::vector<int> In(N);
  std::iota(In.begin(), In.end(), 0);
  array<int, 1> A(N);
  ampcc::rt::resetTransferStats();
  completion_future F = copy_async(In.begin(), In.end(), A);
  F.wait();
  parallel_for_each(A.extent, [&A](index<1> I) restrict(amp) { A[I] *= 2; });
  std::printf("copy_async in: ready %d, h2d %llu\n",
              (int)(F.wait_for(std::chrono::seconds(0)) == std::future_status::ready),
              (unsigned long long)ampcc::rt::getTransferStats().HostToDeviceCopies);

  std::vector<int> Out(N, 0);
  copy_async(A, Out.begin()).get();
  check(Out[N - 1] == 2 * (N - 1), "copy_async out");
  std::vector<int> Out2(N, 0);
  array_view<int, 1> OV(N, Out2);
  copy_async(A, OV).wait_until(std::chrono::steady_clock::now() + std::chrono::seconds(60));
  check(Out2[3] == 6, "copy_async array->view");
  array<int, 1> B(N);
  copy_async(A, B).get();
  copy_async(array_view<const int, 1>(OV), B).get();
  copy_async(OV, B).get();
  copy_async(B, A).get();
  copy_async(OV, OV.section(0, N)).get();
  copy_async(In.begin(), B).get();
  copy_async(In.begin(), OV).get();
  copy_async(In.begin(), In.end(), OV).get();
  copy_async(OV, Out.begin()).get();
  check(Out[10] == 10, "copy_async chain");

  // synchronize_async brings a kernel's results back without blocking here.
  std::vector<int> Data(N, 1);
  array_view<int, 1> DV(N, Data);
  parallel_for_each(DV.extent, [=](index<1> I) restrict(amp) { DV[I] += I[0]; });
  ampcc::rt::resetTransferStats();
  completion_future S = DV.synchronize_async();
  S.get();
  ampcc::rt::TransferStats T = ampcc::rt::getTransferStats();
  std::printf("synchronize_async: d2h %llu (%llu bytes)\n",
              (unsigned long long)T.DeviceToHostCopies,
              (unsigned long long)T.DeviceToHostBytes);
  check(Data[999] == 1000, "synchronize_async data");

  // synchronize_to_async pushes host changes to the accelerator ahead of use.
  DV[0] = 42;
  ampcc::rt::resetTransferStats();
  DV.synchronize_to_async(accelerator().default_view).get();
  parallel_for_each(DV.extent, [=](index<1> I) restrict(amp) { DV[I] += 1; });
  T = ampcc::rt::getTransferStats();
  std::printf("synchronize_to_async: h2d %llu (%llu bytes)\n",
              (unsigned long long)T.HostToDeviceCopies,
              (unsigned long long)T.HostToDeviceBytes);
  check(DV[0] == 43, "synchronize_to_async data");

  // then() runs its functor once the operation is done.
  std::atomic<int> Flag{0};
  completion_future C = copy_async(A, B);
  C.then(SetFlag{&Flag});
  C.wait();
  for (int I = 0; I < 2000 && !Flag.load(); ++I)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  std::printf("then ran: %d\n", Flag.load());

  // A marker completes once everything before it has.
  accelerator_view AV = accelerator().default_view;
  parallel_for_each(AV, A.extent, [&A](index<1> I) restrict(amp) { A[I] += 1; });
  completion_future M = AV.create_marker();
  M.wait();
  std::printf("marker: %s\n",
              M.wait_for(std::chrono::milliseconds(0)) == std::future_status::ready
                  ? "ready" : "not ready");
  std::shared_future<void> SF = AV.create_marker();
  SF.wait();
  std::printf("shared_future: %s\n", SF.valid() ? "ready" : "invalid");

  // A failing asynchronous copy reports through get().
  try {
    array<int, 1> Wrong(N + 5);
    copy_async(A, array_view<int, 1>(Wrong)).get();
    std::printf("error through get: none\n");
  } catch (const runtime_exception &) {
    std::printf("error through get: runtime_exception\n");
  }
  std::printf("async: %d mismatches\n", Bad);
  return Bad != 0;
}
