// Implicit special members take the restrictions every base and member
// allows (spec 2.3.2): a base with restrict(cpu) and restrict(amp)
// overloads of its default and copy constructors and copy assignment gives
// the derived class restrict(cpu, amp) implicit ones, which run the cpu
// overloads on the host and the amp ones in a kernel. Clang's own inference
// made them amp-only, so host code could not construct the class.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: host: default cpu 1 amp 0, copy cpu 1 amp 0, assign cpu 1 amp 0
// CHECK: kernel: 0 mismatches of 32
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

struct Tracked {
  int DefaultCpu = 0, DefaultAmp = 0, CopyCpu = 0, CopyAmp = 0, AssignCpu = 0,
      AssignAmp = 0;
  Tracked() restrict(cpu) { DefaultCpu = 1; }
  Tracked() restrict(amp) { DefaultAmp = 1; }
  Tracked(const Tracked &) restrict(cpu) { CopyCpu = 1; }
  Tracked(const Tracked &) restrict(amp) { CopyAmp = 1; }
  Tracked &operator=(const Tracked &) restrict(cpu) { ++AssignCpu; return *this; }
  Tracked &operator=(const Tracked &) restrict(amp) { ++AssignAmp; return *this; }
};

struct Derived : Tracked {
  int Payload = 7; // a plain member beside the base
};

int main() {
  Derived D;
  Derived C(D);
  Derived A;
  A = D;
  std::printf("host: default cpu %d amp %d, copy cpu %d amp %d, assign cpu %d amp %d\n",
              D.DefaultCpu, D.DefaultAmp, C.CopyCpu, C.CopyAmp, A.AssignCpu, A.AssignAmp);

  std::vector<int> Out(32 * 4, -1);
  array_view<int, 2> V(32, 4, Out);
  parallel_for_each(extent<1>(32), [=](index<1> I) restrict(amp) {
    Derived KD;
    Derived KC(KD);
    Derived KA;
    KA = KD;
    V(I[0], 0) = KD.DefaultAmp * 10 + KD.DefaultCpu;
    V(I[0], 1) = KC.CopyAmp * 10 + KC.CopyCpu;
    V(I[0], 2) = KA.AssignAmp * 10 + KA.AssignCpu;
    V(I[0], 3) = KC.Payload;
  });
  V.synchronize();
  int Bad = 0;
  for (int I = 0; I < 32; ++I)
    Bad += Out[I * 4] != 10 || Out[I * 4 + 1] != 10 || Out[I * 4 + 2] != 10 ||
           Out[I * 4 + 3] != 7;
  std::printf("kernel: %d mismatches of 32\n", Bad);
}
