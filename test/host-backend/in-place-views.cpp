// On the host backend a kernel reads an array_view<const T> of the
// program's memory in place: the std::vector is the kernel's buffer and
// nothing is copied in (a view of non-const elements is taken as written:
// the compiler does not yet tell which views a kernel only reads).
// What a kernel writes goes to a buffer of its own and reaches the vector
// at synchronize (or when the last view goes), as Visual C++ shows it: a
// view that was read in place and is then written switches to its own
// buffer, copied from the vector. Host writes through a view, and refresh()
// after writes behind its back, are seen by the next kernel. A program
// built without robust buffer access gets buffers of its own throughout
// (guard pages catch its stray accesses), so its inputs are copied as on
// PoCL.
// RUN: %ampcc -fhost-kernels -O2 %s -o %t
// RUN: env AMPCC_BACKEND=host %t | %FileCheck %s --check-prefixes=CHECK,INPLACE
// RUN: %ampcc -fhost-kernels -O2 -fno-robust-buffer-access %s -o %t.plain
// RUN: env AMPCC_BACKEND=host %t.plain | %FileCheck %s --check-prefixes=CHECK,COPIED
// INPLACE: first kernel: h2d 0 (0 bytes), d2h 0
// COPIED: first kernel: h2d 2 (32768 bytes), d2h 0
// CHECK: output before synchronize unchanged: yes
// INPLACE: after synchronize: h2d 0 (0 bytes), d2h 1
// INPLACE: B written: h2d 1 (16384 bytes), d2h 1
// CHECK: B before synchronize unchanged: yes
// INPLACE: end: h2d 1 (16384 bytes), d2h 3
// CHECK: A: 0 mismatches of 4096
// CHECK: B: 0 mismatches of 4096
// CHECK: C: 0 mismatches of 4096
#include <amp.h>
#include "Inputs/report.h"
#include <cstdio>
#include <vector>
using namespace concurrency;

static void print(const char *What) {
  ampcc::rt::TransferStats S = ampcc::rt::getTransferStats();
  std::printf("%s: h2d %llu (%llu bytes), d2h %llu\n", What,
              (unsigned long long)S.HostToDeviceCopies,
              (unsigned long long)S.HostToDeviceBytes,
              (unsigned long long)S.DeviceToHostCopies);
}

int main() {
  const int N = 4096;
  std::vector<int> A(N), B(N), C(N, -1);
  for (int I = 0; I < N; ++I) {
    A[I] = I;
    B[I] = 3 * I;
  }
  std::vector<int> RefA = A, RefB = B, RefC(N);
  ampcc::rt::resetTransferStats();
  {
    array_view<const int, 1> VA(N, A);
    array_view<int, 1> VB(N, B);
    array_view<const int, 1> VBc(VB); // the same data, read-only
    array_view<int, 1> VC(N, C);
    VC.discard_data();
    parallel_for_each(VC.extent, [=](index<1> I) restrict(amp) { VC[I] = VA[I] + VBc[I]; });
    for (int I = 0; I < N; ++I)
      RefC[I] = RefA[I] + RefB[I];
    print("first kernel");
    std::printf("output before synchronize unchanged: %s\n", C[5] == -1 ? "yes" : "no");
    VC.synchronize();
    print("after synchronize");
    // The vector under a read-only view written behind its back: refresh().
    A[9] = 700;
    RefA[9] = 700;
    VA.refresh();
    // A host write through a view that kernels read in place.
    VB[7] = 1000;
    RefB[7] = 1000;
    parallel_for_each(VC.extent, [=](index<1> I) restrict(amp) { VC[I] = VA[I] * 2 + VBc[I]; });
    for (int I = 0; I < N; ++I)
      RefC[I] = RefA[I] * 2 + RefB[I];
    // Now B is written: its own buffer, copied from the vector once.
    parallel_for_each(VB.extent, [=](index<1> I) restrict(amp) { VB[I] = VB[I] - VA[I]; });
    for (int I = 0; I < N; ++I)
      RefB[I] -= RefA[I];
    print("B written");
    std::printf("B before synchronize unchanged: %s\n", B[5] == 15 ? "yes" : "no");
    // Reads of B's own buffer by the next kernel, then both synchronized.
    parallel_for_each(VC.extent, [=](index<1> I) restrict(amp) { VC[I] += VB[I]; });
    for (int I = 0; I < N; ++I)
      RefC[I] += RefB[I];
    VB.synchronize();
    VC.synchronize();
    print("end");
  }
  int Bad = report("A", A, RefA) + report("B", B, RefB) + report("C", C, RefC);
  return Bad != 0;
}
