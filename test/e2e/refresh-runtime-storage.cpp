// refresh() says that user memory changed behind the runtime's back. Views
// made from an extent alone and views of arrays have no such memory, so
// refresh must keep what kernels wrote there (it once dropped it, and the
// next kernel read zeros). Checked against the values the kernels write.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: extent-only view after refresh: 0 mismatches of 256
// CHECK: view of an array after refresh: 17
#include <amp.h>
#include <cstdio>
using namespace concurrency;

int main() {
  const int M = 256;
  accelerator_view Second = accelerator().create_view();
  array_view<int, 1> Scratch(M);
  Scratch.refresh();
  parallel_for_each(Scratch.get_extent(), [=](index<1> I) restrict(amp) { Scratch[I] = I[0]; });
  parallel_for_each(Second, Scratch.get_extent(),
                    [=](index<1> I) restrict(amp) { Scratch[I] += 10; });
  Scratch.refresh();
  int Bad = 0;
  array_view<int, 1> Count(1, &Bad);
  parallel_for_each(Scratch.get_extent(), [=](index<1> I) restrict(amp) {
    if (Scratch[I] != I[0] + 10)
      atomic_fetch_inc(&Count[0]);
  });
  Count.synchronize();
  std::printf("extent-only view after refresh: %d mismatches of %d\n", Bad, M);

  array<int, 1> A(10);
  array_view<int, 1> AV(A);
  parallel_for_each(extent<1>(1), [=](index<1>) restrict(amp) { AV.data()[0] = 17; });
  AV.refresh();
  std::printf("view of an array after refresh: %d\n", AV[0]);
  return 0;
}
