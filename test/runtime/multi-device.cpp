// Two accelerators in one program (PoCL exposes two devices with
// POCL_DEVICES="pthread pthread"): arrays placed on each, kernels on each
// view, copies between them, a view of one device's array used by a kernel
// on the other, and copy_async between devices. One platform's devices share
// a context, so the copies never cross the bus (device-to-device bytes, no
// host transfer) and the host does not wait for one device to hand data to
// the other; with AMPCC_CONTEXT_PER_DEVICE the same program moves the data
// through the host (read back into the destination's host copy, written to
// its device by the next kernel) and gives the same results. With
// AMPCC_PEER_COPIES=host (the default on NVIDIA's platform, whose direct
// copies between GPUs are slow) a copy between devices of one context goes
// through page-locked host memory in 64 MiB pieces: large copies (a 1-D
// array of three pieces, a 2-D section of two) check the pieces' seams.
// Built without host kernels: the two devices are OpenCL's.
// REQUIRES: opencl
// RUN: %ampcc -fno-host-kernels %s -o %t
// RUN: env POCL_DEVICES="pthread pthread" CPPAMP_DEFAULT_ACCELERATOR= %t | %FileCheck %s --check-prefixes=CHECK,SHARED
// RUN: env POCL_DEVICES="pthread pthread" CPPAMP_DEFAULT_ACCELERATOR= AMPCC_CONTEXT_PER_DEVICE=1 %t | %FileCheck %s --check-prefixes=CHECK,APART
// RUN: env POCL_DEVICES="pthread pthread" CPPAMP_DEFAULT_ACCELERATOR= AMPCC_PEER_COPIES=host %t | %FileCheck %s --check-prefixes=CHECK,BOUNCE
// CHECK: opencl accelerators: 2
// SHARED: copy between devices: h2d 0, d2h 0, d2d 1 (4096 bytes)
// APART: copy between devices: h2d 0, d2h 1 (4096 bytes), d2d 0
// BOUNCE: copy between devices: h2d 1 (4096 bytes), d2h 1 (4096 bytes), d2d 0
// SHARED: host went on while device 0 ran: yes
// SHARED: array of device 0 to device 1 for a kernel: h2d 0, d2h 0, d2d 0
// BOUNCE: array of device 0 to device 1 for a kernel: h2d 1 (8192 bytes), d2h 1 (8192 bytes), d2d 0
// CHECK: view of device 0's array on device 1: ok
// CHECK: copy_async between devices: ok
// CHECK: ping-pong over 6 rounds: ok
// SHARED: large copies: 2 device-to-device, 0 through the host: ok
// BOUNCE: large copies: 0 device-to-device, 5 through the host: ok
// CHECK: multi-device: 0 mismatches
#include <amp.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>
using namespace concurrency;

static int Bad = 0;
static void check(bool OK, const char *What) {
  if (!OK && Bad++ < 10)
    std::printf("mismatch: %s\n", What);
}

static void printStats(const char *What) {
  ampcc::rt::TransferStats S = ampcc::rt::getTransferStats();
  std::printf("%s: ", What);
  if (S.HostToDeviceCopies)
    std::printf("h2d %llu (%llu bytes), ", (unsigned long long)S.HostToDeviceCopies,
                (unsigned long long)S.HostToDeviceBytes);
  else
    std::printf("h2d 0, ");
  if (S.DeviceToHostCopies)
    std::printf("d2h %llu (%llu bytes), ", (unsigned long long)S.DeviceToHostCopies,
                (unsigned long long)S.DeviceToHostBytes);
  else
    std::printf("d2h 0, ");
  if (S.DeviceToDeviceCopies)
    std::printf("d2d %llu (%llu bytes)\n",
                (unsigned long long)S.DeviceToDeviceCopies,
                (unsigned long long)S.DeviceToDeviceBytes);
  else
    std::printf("d2d 0\n");
}

// A kernel that takes a while on a CPU device: a long dependent chain per
// element, whose result is kept.
static void slowFill(array<int, 1> &A, accelerator_view V, int Steps) {
  parallel_for_each(V, A.extent, [=, &A](index<1> I) restrict(amp) {
    unsigned X = unsigned(I[0]) + 1u;
    for (int S = 0; S < Steps; ++S)
      X = X * 1664525u + 1013904223u;
    A[I] = int(X & 0xffff) + I[0];
  });
}

static int slowFillRef(int I, int Steps) {
  unsigned X = unsigned(I) + 1u;
  for (int S = 0; S < Steps; ++S)
    X = X * 1664525u + 1013904223u;
  return int(X & 0xffff) + I;
}

int main() {
  std::vector<accelerator> Devs;
  // The OpenCL devices: not the CPU accelerator, nor REF and WARP (which
  // run on one of them).
  for (const accelerator &A : accelerator::get_all())
    if (A.device_path != accelerator::cpu_accelerator &&
        A.device_path != accelerator::direct3d_ref && A.device_path != accelerator::direct3d_warp)
      Devs.push_back(A);
  std::printf("opencl accelerators: %zu\n", Devs.size());
  if (Devs.size() < 2)
    return 1;
  accelerator_view V0 = Devs[0].create_view(), V1 = Devs[1].create_view();
  const int N = 1024;

  // Kernels on each device fill their own array; then a copy from device 0
  // to device 1.
  array<int, 1> A0(N, V0), A1(N, V1);
  parallel_for_each(V0, A0.extent, [&A0](index<1> I) restrict(amp) {
    A0[I] = 3 * I[0];
  });
  parallel_for_each(V1, A1.extent, [&A1](index<1> I) restrict(amp) {
    A1[I] = -1;
  });
  ampcc::rt::resetTransferStats();
  copy(A0, A1);
  printStats("copy between devices");
  // A kernel on device 1 uses what came from device 0.
  parallel_for_each(V1, A1.extent, [&A1](index<1> I) restrict(amp) {
    A1[I] += 1;
  });
  std::vector<int> Out(N);
  copy(A1, Out.begin());
  for (int I = 0; I < N; ++I)
    check(Out[I] == 3 * I + 1, "device 1 after the copy from device 0");

  // A long kernel on device 0, then a copy of its result to device 1: the
  // copy waits on the devices, not on the host. The marker taken after the
  // copy is enqueued must still be pending when the copy returns.
  const int Steps = 30000000, M = 32;
  array<int, 1> S0(M, V0), S1(M, V1);
  slowFill(S0, V0, Steps);
  copy(S0, S1);
  completion_future Done = V1.create_marker();
  bool Pending =
      Done.wait_for(std::chrono::milliseconds(0)) != std::future_status::ready;
  Done.wait();
  // Through the host (AMPCC_CONTEXT_PER_DEVICE), the copy must wait.
  if (!std::getenv("AMPCC_CONTEXT_PER_DEVICE") && !std::getenv("AMPCC_PEER_COPIES"))
    std::printf("host went on while device 0 ran: %s\n", Pending ? "yes" : "no");
  std::vector<int> SOut(M);
  copy(S1, SOut.begin());
  for (int I = 0; I < M; ++I)
    check(SOut[I] == slowFillRef(I, Steps), "slow kernel result via device 1");

  // A view of an array on device 0, written by a kernel on device 1.
  array<float, 2> G0(64, 32, V0);
  parallel_for_each(V0, G0.extent, [&G0](index<2> I) restrict(amp) {
    G0[I] = float(I[0] * 100 + I[1]);
  });
  array_view<float, 2> GV(G0);
  ampcc::rt::resetTransferStats();
  parallel_for_each(V1, GV.extent, [=](index<2> I) restrict(amp) {
    GV[I] = GV[I] * 2.0f;
  });
  printStats("array of device 0 to device 1 for a kernel");
  GV.synchronize();
  bool ViewOK = true;
  for (int Y = 0; Y < 64; ++Y)
    for (int X = 0; X < 32; ++X)
      ViewOK &= GV(Y, X) == float((Y * 100 + X) * 2);
  check(ViewOK, "view of device 0's array written on device 1");
  std::printf("view of device 0's array on device 1: %s\n", ViewOK ? "ok" : "bad");

  // copy_async between the devices, in both directions at once.
  array<int, 1> B0(N, V0), B1(N, V1), C0(N, V0), C1(N, V1);
  parallel_for_each(V0, B0.extent, [&B0](index<1> I) restrict(amp) {
    B0[I] = I[0] * 7;
  });
  parallel_for_each(V1, B1.extent, [&B1](index<1> I) restrict(amp) {
    B1[I] = I[0] * 11;
  });
  completion_future F1 = copy_async(B0, C1), F2 = copy_async(B1, C0);
  F1.get();
  F2.get();
  std::vector<int> O0(N), O1(N);
  copy(C0, O0.begin());
  copy(C1, O1.begin());
  bool AsyncOK = true;
  for (int I = 0; I < N; ++I)
    AsyncOK &= O0[I] == I * 11 && O1[I] == I * 7;
  check(AsyncOK, "copy_async between devices");
  std::printf("copy_async between devices: %s\n", AsyncOK ? "ok" : "bad");

  // Data handed back and forth: each round, a kernel on one device adds its
  // round number, then the array is copied to the other device.
  array<int, 1> P0(N, V0), P1(N, V1);
  const int Rounds = 6;
  for (int R = 0; R < Rounds; ++R) {
    array<int, 1> &Here = R % 2 ? P1 : P0, &There = R % 2 ? P0 : P1;
    accelerator_view V = R % 2 ? V1 : V0;
    parallel_for_each(V, Here.extent, [&Here, R](index<1> I) restrict(amp) {
      Here[I] = Here[I] * 2 + R + I[0] % 3;
    });
    copy(Here, There);
  }
  std::vector<int> PO(N);
  copy(Rounds % 2 ? P1 : P0, PO.begin());
  bool PingOK = true;
  for (int I = 0; I < N; ++I) {
    int X = 0;
    for (int R = 0; R < Rounds; ++R)
      X = X * 2 + R + I % 3;
    PingOK &= PO[I] == X;
  }
  check(PingOK, "ping-pong");
  std::printf("ping-pong over %d rounds: %s\n", Rounds, PingOK ? "ok" : "bad");

  // Large copies: a 1-D array of 137 MiB, and a 2-D section of 66 MiB
  // whose rows are not contiguous on either side.
  if (!std::getenv("AMPCC_CONTEXT_PER_DEVICE")) {
    const int L = 36000000;
    array<int, 1> L0(L, V0), L1(L, V1);
    parallel_for_each(V0, L0.extent, [&L0](index<1> I) restrict(amp) {
      L0[I] = I[0] ^ 0x5a5a5;
    });
    const int H = 4400, W = 4096, SH = 4300, SW = 4000;
    array<int, 2> Q0(H, W, V0), Q1(H, W, V1);
    parallel_for_each(V0, Q0.extent, [&Q0](index<2> I) restrict(amp) {
      Q0[I] = I[0] * 4096 + I[1];
    });
    parallel_for_each(V1, Q1.extent, [&Q1](index<2> I) restrict(amp) {
      Q1[I] = -7;
    });
    ampcc::rt::resetTransferStats();
    copy(L0, L1);
    copy(Q0.section(50, 60, SH, SW), Q1.section(90, 33, SH, SW));
    ampcc::rt::TransferStats St = ampcc::rt::getTransferStats();
    std::vector<int> LO(L);
    copy(L1, LO.begin());
    bool LargeOK = true;
    for (int I = 0; I < L; ++I)
      LargeOK &= LO[I] == (I ^ 0x5a5a5);
    std::vector<int> QO(size_t(H) * W);
    copy(Q1, QO.begin());
    for (int Y = 0; Y < H; ++Y)
      for (int X = 0; X < W; ++X) {
        bool In = Y >= 90 && Y < 90 + SH && X >= 33 && X < 33 + SW;
        int Want = In ? (Y - 90 + 50) * 4096 + (X - 33 + 60) : -7;
        LargeOK &= QO[size_t(Y) * W + X] == Want;
      }
    check(LargeOK, "large copies between devices");
    std::printf("large copies: %llu device-to-device, %llu through the host: %s\n",
                (unsigned long long)St.DeviceToDeviceCopies,
                (unsigned long long)St.HostToDeviceCopies,
                LargeOK ? "ok" : "bad");
  }

  std::printf("multi-device: %d mismatches\n", Bad);
  return Bad != 0;
}
