// A view's shape used inside the kernel for bounds: `av.extent` and
// `av.get_extent()` (copied to a local extent<N>), extent::size() and
// extent::contains(). The compute domain is larger than the views, so the
// kernel must rely on these bounds to stay inside them; views of different
// shapes make a mixed-up extent visible.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: extent-in-kernel: 0 mismatches of 378
// CHECK-NOT: mismatch at
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  const int R = 14, C = 27;     // Out and In shape
  const int SR = 5, SC = 9;     // Small view shape
  std::vector<int> In(R * C), Out(R * C, -1), Small(SR * SC), Ref(R * C);
  for (int I = 0; I < R * C; ++I)
    In[I] = I % 50;
  for (int I = 0; I < SR * SC; ++I)
    Small[I] = 1000 + I;
  for (int I = 0; I < R; ++I)
    for (int J = 0; J < C; ++J) {
      int V = In[I * C + J];
      if (I < SR && J < SC)
        V += Small[I * SC + J];
      V += (R * C) * 100000 + (SR * SC) * 10000000;
      Ref[I * C + J] = V + R * 1000 + SC;
    }
  array_view<const int, 2> InV(R, C, In);
  array_view<const int, 2> SmallV(SR, SC, Small);
  array_view<int, 2> OutV(R, C, Out);
  // Domain with room to spare: every work item outside OutV must do nothing.
  extent<2> Dom(R + 3, C + 5);
  parallel_for_each(Dom, [=](index<2> Idx) restrict(amp) {
    extent<2> OE = OutV.extent;
    if (Idx[0] >= OE[0] || Idx[1] >= OE[1])
      return;
    int V = InV[Idx];
    extent<2> SE = SmallV.get_extent();
    if (SE.contains(Idx))
      V += SmallV[Idx];
    V += (int)InV.extent.size() * 100000 + (int)SmallV.get_extent().size() * 10000000;
    V += OE[0] * 1000 + SE[1];
    OutV[Idx] = V;
  });
  OutV.synchronize();
  int Bad = 0;
  for (int I = 0; I < R * C; ++I)
    if (Out[I] != Ref[I] && Bad++ < 5)
      std::printf("mismatch at %d: %d vs %d\n", I, Out[I], Ref[I]);
  std::printf("extent-in-kernel: %d mismatches of %d\n", Bad, R * C);
  return Bad != 0;
}
