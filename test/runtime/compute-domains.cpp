// Compute domains (spec §4, §7): tiled_extent pad()/truncate(), a domain not
// divisible by its tile (invalid_compute_domain, with a message naming both),
// empty domains (invalid_compute_domain as in Visual C++; nothing runs, nothing
// moves), and launches larger than one
// enqueue may be, which the runtime splits with global offsets (forced here
// with AMPCC_MAX_LAUNCH_ITEMS; a tiled one is refused instead).
// REQUIRES: opencl
// RUN: %ampcc %s -o %t
// RUN: %t | %FileCheck %s
// RUN: env AMPCC_MAX_LAUNCH_ITEMS=1000 %t split | %FileCheck %s --check-prefix=SPLIT
// RUN: env AMPCC_MAX_LAUNCH_ITEMS=1000 AMPCC_TRACE=1 %t split 2>&1 | %FileCheck %s --check-prefix=TRACE
// CHECK: pad 1008x672 truncate 992x656
// CHECK: indivisible: invalid_compute_domain: compute domain 999x666 is not divisible by tile 16x16; use tiled_extent::pad() or truncate()
// CHECK: padded launch: 0 mismatches
// CHECK: empty 1: invalid_compute_domain: compute domain 0 has an extent of zero
// CHECK: empty 2: invalid_compute_domain: compute domain 0x5 has an extent of zero
// CHECK: empty: 0 launches, 0 bytes
// CHECK: negative: invalid_compute_domain
// SPLIT: rank 1: 0 mismatches
// SPLIT: rank 2: 0 mismatches
// SPLIT: rank 3: 0 mismatches
// SPLIT: launches 3
// SPLIT: tiled above the limit: invalid_compute_domain
// TRACE-COUNT-30: launch part at offset
#include <amp.h>
#include <cstdio>
#include <cstring>
#include <vector>
using namespace concurrency;

static void split() {
  ampcc::rt::resetTransferStats();
  std::vector<int> A(10000, 0);
  array_view<int, 1> V1(10000, A);
  parallel_for_each(V1.extent, [=](concurrency::index<1> I) restrict(amp) { V1[I] = I[0]; });
  V1.synchronize();
  int Bad = 0;
  for (int I = 0; I < 10000; ++I)
    Bad += A[I] != I;
  std::printf("rank 1: %d mismatches\n", Bad);

  array_view<int, 2> V2(100, 100, A);
  parallel_for_each(V2.extent, [=](concurrency::index<2> I) restrict(amp) {
    V2[I] = I[0] * 1000 + I[1];
  });
  V2.synchronize();
  Bad = 0;
  for (int I = 0; I < 10000; ++I)
    Bad += A[I] != (I / 100) * 1000 + I % 100;
  std::printf("rank 2: %d mismatches\n", Bad);

  array_view<int, 3> V3(10, 20, 50, A);
  parallel_for_each(V3.extent, [=](concurrency::index<3> I) restrict(amp) {
    V3[I] = I[0] * 10000 + I[1] * 100 + I[2];
  });
  V3.synchronize();
  Bad = 0;
  for (int I = 0; I < 10000; ++I)
    Bad += A[I] != (I / 1000) * 10000 + (I / 50 % 20) * 100 + I % 50;
  std::printf("rank 3: %d mismatches\n", Bad);
  std::printf("launches %llu\n",
              (unsigned long long)ampcc::rt::getTransferStats().KernelLaunches);

  try {
    parallel_for_each(V1.extent.tile<100>(),
                      [=](tiled_index<100> T) restrict(amp) { V1[T.global] = 0; });
    std::printf("tiled above the limit: ran\n");
  } catch (const invalid_compute_domain &E) {
    std::printf("tiled above the limit: invalid_compute_domain\n");
  }
}

int main(int argc, char **argv) {
  if (argc > 1 && std::strcmp(argv[1], "split") == 0) {
    split();
    return 0;
  }
  extent<2> E(999, 666);
  tiled_extent<16, 16> P = E.tile<16, 16>().pad();
  tiled_extent<16, 16> T = E.tile<16, 16>().truncate();
  std::printf("pad %dx%d truncate %dx%d\n", P[0], P[1], T[0], T[1]);

  std::vector<int> Data(999 * 666, 0);
  array_view<int, 2> V(999, 666, Data);
  try {
    parallel_for_each(E.tile<16, 16>(), [=](tiled_index<16, 16> I) restrict(amp) {
      V[I.global] = 1;
    });
    std::printf("indivisible: no exception\n");
  } catch (const invalid_compute_domain &X) {
    std::printf("indivisible: invalid_compute_domain: %s\n", X.what());
  }
  parallel_for_each(P, [=](tiled_index<16, 16> I) restrict(amp) {
    if (V.extent.contains(I.global))
      V[I.global] = I.global[0] + I.global[1];
  });
  V.synchronize();
  int Bad = 0;
  for (int R = 0; R < 999; ++R)
    for (int C = 0; C < 666; ++C)
      Bad += Data[R * 666 + C] != R + C;
  std::printf("padded launch: %d mismatches\n", Bad);

  ampcc::rt::resetTransferStats();
  std::vector<int> Empty;
  array_view<int, 1> EV(0, Empty);
  try {
    parallel_for_each(EV.extent, [=](concurrency::index<1> I) restrict(amp) { EV[I] = 1; });
    std::printf("empty 1: no exception\n");
  } catch (const invalid_compute_domain &E) {
    std::printf("empty 1: invalid_compute_domain: %s\n", E.what());
  }
  try {
    parallel_for_each(extent<2>(0, 5), [=](concurrency::index<2> I) restrict(amp) { V[I] = 1; });
    std::printf("empty 2: no exception\n");
  } catch (const invalid_compute_domain &E) {
    std::printf("empty 2: invalid_compute_domain: %s\n", E.what());
  }
  EV.synchronize();
  ampcc::rt::TransferStats S = ampcc::rt::getTransferStats();
  std::printf("empty: %llu launches, %llu bytes\n",
              (unsigned long long)S.KernelLaunches,
              (unsigned long long)(S.HostToDeviceBytes + S.DeviceToHostBytes));
  try {
    parallel_for_each(extent<1>(-1), [=](concurrency::index<1> I) restrict(amp) { EV[I] = 1; });
    std::printf("negative: no exception\n");
  } catch (const invalid_compute_domain &) {
    std::printf("negative: invalid_compute_domain\n");
  }
  return Bad != 0;
}
