// A rank-3 unsigned int kernel that addresses elements with operator()(i,j,k)
// on a non-cubic extent (so a swapped dimension mapping shows up), with
// wrap-around unsigned arithmetic, compared with a CPU reference.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: rank3-unsigned: 0 mismatches of 840
// CHECK-NOT: mismatch at
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  const int D0 = 5, D1 = 7, D2 = 24;
  const int N = D0 * D1 * D2;
  std::vector<unsigned> In(N), Out(N, 0u), Ref(N);
  for (int I = 0; I < N; ++I)
    In[I] = 4000000000u + (unsigned)I * 2654435761u;
  for (int I = 0; I < D0; ++I)
    for (int J = 0; J < D1; ++J)
      for (int K = 0; K < D2; ++K) {
        unsigned Mirror = In[((D0 - 1 - I) * D1 + J) * D2 + (D2 - 1 - K)];
        Ref[(I * D1 + J) * D2 + K] =
            Mirror * 3u + (unsigned)(I * 10000 + J * 100 + K) - 7u;
      }
  array_view<const unsigned, 3> InV(D0, D1, D2, In);
  array_view<unsigned, 3> OutV(D0, D1, D2, Out);
  unsigned Seven = 7u;
  parallel_for_each(OutV.extent, [=](index<3> Idx) restrict(amp) {
    int I = Idx[0], J = Idx[1], K = Idx[2];
    unsigned Mirror = InV(D0 - 1 - I, J, D2 - 1 - K);
    OutV(I, J, K) = Mirror * 3u + (unsigned)(I * 10000 + J * 100 + K) - Seven;
  });
  OutV.synchronize();
  int Bad = 0;
  for (int I = 0; I < N; ++I)
    if (Out[I] != Ref[I] && Bad++ < 5)
      std::printf("mismatch at %d: %u vs %u\n", I, Out[I], Ref[I]);
  std::printf("rank3-unsigned: %d mismatches of %d\n", Bad, N);
  return Bad != 0;
}
