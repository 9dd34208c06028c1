// Direct3D's robust buffer access (issue 29 item 4, -frobust-buffer-access,
// on by default since issue 44): a kernel's read outside its array's or
// array_view's buffer gives 0 and its write there is dropped, so guard
// memory around the data stays as it was. The buffer counts, not the
// view's extent: a section reads the rest of its buffer, as on Visual C++.
// Atomics outside do nothing and return 0. Checked mode still reports the
// same accesses (the last RUN line).
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// RUN: %ampcc -O2 %s -o %t.o2 && %t.o2 | %FileCheck %s
// RUN: %ampcc -DCHECKED -fsanitize=bounds -frobust-buffer-access %s -o %t.chk && %t.chk | %FileCheck --check-prefix=CHK %s
// CHECK: reads outside: 0 nonzero
// CHECK-NEXT: guards: intact
// CHECK-NEXT: in range: 0 wrong
// CHECK-NEXT: section past its extent: 0 wrong
// CHECK-NEXT: struct member outside: 0 nonzero
// CHECK-NEXT: rank 2 outside: 0 nonzero, guards intact
// CHECK-NEXT: atomics outside: 0 nonzero, counters 0
// CHECK-NEXT: PASS
// CHK: checked mode: kernel at {{.*}}robust-buffer-access.cpp:{{[0-9]+}}:{{[0-9]+}}: index ({{-?[0-9]+}}) is outside the extent
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

struct Particle {
  float x, y;
};

enum : int { N = 256 };
static const int Guard = 0x5a5a5a5a;

static bool guardsIntact(const std::vector<int> &Mem, int Begin, int End) {
  for (int I = 0; I < int(Mem.size()); ++I)
    if ((I < Begin || I >= End) && Mem[I] != Guard)
      return false;
  return true;
}

int main() {
  bool Ok = true;
#ifdef CHECKED
  {
    std::vector<int> Data(N, 1);
    array_view<int, 1> V(N, Data);
    parallel_for_each(V.extent, [=](index<1> i) restrict(amp) { V[i + N] = 2; });
    try {
      V.synchronize();
      std::printf("checked mode: no exception\n");
    } catch (const runtime_exception &E) {
      std::printf("checked mode: %s\n", E.what());
    }
    return 0;
  }
#endif
  {
    // Data in the middle of a larger allocation: guards before and after.
    std::vector<int> Mem(3 * N, Guard), In(N), Out(N, -1), Past(N, -1), Before(N, -1);
    for (int I = 0; I < N; ++I)
      In[I] = I + 1;
    array_view<int, 1> V(N, Mem.data() + N);
    array_view<const int, 1> InV(N, In);
    array_view<int, 1> PastV(N, Past), BeforeV(N, Before);
    parallel_for_each(V.extent, [=](index<1> i) restrict(amp) {
      PastV[i] = InV[i + N];             // past the end
      BeforeV[i] = InV(i[0] - N - 1);    // before the start
      V[i + N] = 99;                     // dropped
      V(i[0] - 2 * N) = 98;              // dropped
      V[i] = InV[i] * 2;
    });
    V.synchronize();
    PastV.synchronize();
    BeforeV.synchronize();
    int Nonzero = 0, Wrong = 0;
    for (int I = 0; I < N; ++I) {
      Nonzero += (Past[I] != 0) + (Before[I] != 0);
      Wrong += Mem[N + I] != 2 * (I + 1);
    }
    bool Guards = guardsIntact(Mem, N, 2 * N);
    std::printf("reads outside: %d nonzero\nguards: %s\nin range: %d wrong\n", Nonzero,
                Guards ? "intact" : "CHANGED", Wrong);
    Ok = Ok && !Nonzero && Guards && !Wrong;
  }
  {
    // A section past its extent reads the rest of the buffer (here made
    // current on the device by capturing the whole view too: ampcc copies
    // only what the captured views show).
    std::vector<int> Data(N), Out(N / 4, -1);
    for (int I = 0; I < N; ++I)
      Data[I] = 3 * I;
    array_view<const int, 1> All(N, Data);
    array_view<const int, 1> Quarter = All.section(N / 2, N / 4);
    array_view<int, 1> OutV(N / 4, Out);
    parallel_for_each(OutV.extent, [=](index<1> i) restrict(amp) {
      OutV[i] = Quarter[i + N / 4] + All[0];
    });
    OutV.synchronize();
    int Wrong = 0;
    for (int I = 0; I < N / 4; ++I)
      Wrong += Out[I] != 3 * (N / 2 + N / 4 + I);
    std::printf("section past its extent: %d wrong\n", Wrong);
    Ok = Ok && !Wrong;
  }
  {
    // A member of an element outside the buffer reads 0.
    std::vector<Particle> Ps(16, Particle{1.5f, 2.5f});
    std::vector<float> Out(16, -1);
    array_view<const Particle, 1> PV(16, Ps);
    array_view<float, 1> OutV(16, Out);
    parallel_for_each(OutV.extent, [=](index<1> i) restrict(amp) {
      OutV[i] = PV[i + 1000].x + PV(i[0] - 17).y;
    });
    OutV.synchronize();
    int Nonzero = 0;
    for (float F : Out)
      Nonzero += F != 0.0f;
    std::printf("struct member outside: %d nonzero\n", Nonzero);
    Ok = Ok && !Nonzero;
  }
  {
    // A rank-2 array captured by reference, with guards around its data in
    // the host copy it is filled from and copied back to.
    std::vector<int> Mem(3 * 64, Guard), Out(64, -1);
    for (int I = 0; I < 64; ++I)
      Mem[64 + I] = I;
    array<int, 2> A(8, 8, Mem.begin() + 64);
    array_view<int, 1> OutV(64, Out);
    parallel_for_each(A.extent, [=, &A](index<2> i) restrict(amp) {
      OutV[i[0] * 8 + i[1]] = A(i[0] + 8, i[1]);  // past the last row
      A(i[0] - 9, i[1]) = 77;                     // before the first
    });
    OutV.synchronize();
    copy(A, Mem.begin() + 64);
    int Nonzero = 0;
    for (int V : Out)
      Nonzero += V != 0;
    bool Same = true;
    for (int I = 0; I < 64; ++I)
      Same = Same && Mem[64 + I] == I;
    bool Guards = guardsIntact(Mem, 64, 128) && Same;
    std::printf("rank 2 outside: %d nonzero, guards %s\n", Nonzero,
                Guards ? "intact" : "CHANGED");
    Ok = Ok && !Nonzero && Guards;
  }
  {
    // Atomics on an element outside the buffer: no effect, 0 returned.
    std::vector<int> Counters(4, 0), Old(N, -1);
    array_view<int, 1> C(4, Counters), OldV(N, Old);
    parallel_for_each(OldV.extent, [=](index<1> i) restrict(amp) {
      OldV[i] = atomic_fetch_add(&C[i + 4], 1) + atomic_exchange(&C(i[0] - N), 5);
      int Expected = 3;
      atomic_compare_exchange(&C[i + 4], &Expected, 9);
      OldV[i] += Expected; // the value observed outside: 0
    });
    OldV.synchronize();
    C.synchronize();
    int Nonzero = 0;
    for (int V : Old)
      Nonzero += V != 0;
    bool Zero = Counters[0] == 0 && Counters[1] == 0 && Counters[2] == 0 && Counters[3] == 0;
    std::printf("atomics outside: %d nonzero, counters %s\n", Nonzero, Zero ? "0" : "CHANGED");
    Ok = Ok && !Nonzero && Zero;
  }
  std::printf("%s\n", Ok ? "PASS" : "FAIL");
  return Ok ? 0 : 1;
}
